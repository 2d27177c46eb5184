package report

import (
	"github.com/uritool/uritool/internal/check"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/sink"
)

// A whole report is a format written whole after the last input (SARIF,
// JUnit, Markdown, Code Climate, Checkstyle). Its renderer runs on every
// worker and adds what each result gives to the part P of the block at
// hand, touching nothing shared; merge takes the parts in input order, in
// one goroutine, and leaves each empty for reuse; finish writes the
// report. So a whole report costs the workers what any format does, and
// reads as one worker's would.
type whole[P any] interface {
	add(p *P, r *check.Result)
	unreadable(p *P, file string, err error)
	merge(p *P)
	finish(s *sink.Sink)
}

// wholeCarry is a block's part of a whole report, handed on with its
// output.
type wholeCarry[P any] struct {
	part P
	rep  whole[P]
}

func (c *wholeCarry[P]) Gather(*sink.Sink) { c.rep.merge(&c.part) }

// wholeRenderer adds each result to the part its block carries.
type wholeRenderer[P any] struct {
	rep      whole[P]
	newCarry func() *wholeCarry[P]
}

func (rr *wholeRenderer[P]) Render(s *sink.Sink, r *check.Result) {
	rr.rep.add(&sink.CarryOf(&s.Carry, rr.newCarry).part, r)
}

func (rr *wholeRenderer[P]) Unreadable(s *sink.Sink, file string, err error) {
	rr.rep.unreadable(&sink.CarryOf(&s.Carry, rr.newCarry).part, file, err)
}

// printWhole is the Printer of a whole report.
func printWhole[P any](rep whole[P]) render.Printer[check.Result] {
	newCarry := func() *wholeCarry[P] { return &wholeCarry[P]{rep: rep} }
	return render.Printer[check.Result]{
		NewRenderer: func() render.Renderer[check.Result] { return &wholeRenderer[P]{rep: rep, newCarry: newCarry} },
		Finish:      rep.finish,
	}
}

// each is the Printer of a format that writes each result as it comes.
func each(newRenderer func() render.Renderer[check.Result]) render.Printer[check.Result] {
	return render.Printer[check.Result]{NewRenderer: newRenderer}
}

// chunks holds a report's encoded entries, to be written at the end, in
// chunks of chunkSize: one buffer would be copied whole each time it
// doubled, and the garbage of it would cost the collector's time.
type chunks struct {
	bufs [][]byte
	n    int
}

const chunkSize = 256 << 10

// append appends the pieces, together, to the last chunk, or a new one.
func (c *chunks) append(pieces ...[]byte) {
	n := 0
	for _, p := range pieces {
		n += len(p)
	}
	if len(c.bufs) == 0 || len(c.bufs[len(c.bufs)-1])+n > cap(c.bufs[len(c.bufs)-1]) {
		c.bufs = append(c.bufs, make([]byte, 0, max(chunkSize, n)))
	}
	last := &c.bufs[len(c.bufs)-1]
	for _, p := range pieces {
		*last = append(*last, p...)
	}
	c.n += n
}

// len is how many bytes the chunks hold.
func (c *chunks) len() int { return c.n }

// writeTo writes the chunks to s, spilling as it goes.
func (c *chunks) writeTo(s *sink.Sink) {
	for _, b := range c.bufs {
		s.Out.Write(b)
		s.Spill()
	}
}

// firstSeen holds a report's items (its files, suites or rules) in the
// order their names first came, each found again by its name.
type firstSeen[T any] struct {
	items []T
	index map[string]int
}

// at is the index of the item of name, made by fresh the first time.
func (f *firstSeen[T]) at(name string, fresh func(name string) T) int {
	if i, ok := f.index[name]; ok {
		return i
	}
	if f.index == nil {
		f.index = map[string]int{}
	}
	f.index[name] = len(f.items)
	f.items = append(f.items, fresh(name))
	return len(f.items) - 1
}
