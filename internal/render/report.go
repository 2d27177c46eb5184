package render

import (
	"github.com/uritool/uritool/internal/check"
	"github.com/uritool/uritool/internal/stream"
)

// Printer is how one format prints a command's results: a Renderer for
// each worker and, for a report written whole after the last input,
// Finish, which writes it.
type Printer[R any] struct {
	NewRenderer func() Renderer[R]
	Finish      func(s *stream.Sink) // nil for a stream of records
}

// A report is a format written whole after the last input (SARIF, JUnit,
// Markdown, Code Climate, Checkstyle). Its renderer runs on every worker
// and adds what each result gives to the part P of the block at hand,
// touching nothing shared; merge takes the parts in input order, in one
// goroutine, and leaves each empty for reuse; finish writes the report. So
// a report costs the workers what any format does, and reads as one
// worker's would.
type report[P any] interface {
	add(p *P, r *check.Result)
	unreadable(p *P, file string, err error)
	merge(p *P)
	finish(s *stream.Sink)
}

// reportCarry is a block's part of a report, handed on with its output.
type reportCarry[P any] struct {
	part P
	rep  report[P]
}

func (c *reportCarry[P]) Gather(*stream.Sink) { c.rep.merge(&c.part) }

// reportRenderer adds each result to the part its block carries.
type reportRenderer[P any] struct {
	rep      report[P]
	newCarry func() *reportCarry[P]
}

func (rr *reportRenderer[P]) Render(s *stream.Sink, r *check.Result) {
	rr.rep.add(&stream.CarryOf(&s.Carry, rr.newCarry).part, r)
}

func (rr *reportRenderer[P]) Unreadable(s *stream.Sink, file string, err error) {
	rr.rep.unreadable(&stream.CarryOf(&s.Carry, rr.newCarry).part, file, err)
}

// printReport is the Printer of a report.
func printReport[P any](rep report[P]) Printer[check.Result] {
	newCarry := func() *reportCarry[P] { return &reportCarry[P]{rep: rep} }
	return Printer[check.Result]{
		NewRenderer: func() Renderer[check.Result] { return &reportRenderer[P]{rep: rep, newCarry: newCarry} },
		Finish:      rep.finish,
	}
}
