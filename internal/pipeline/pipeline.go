// Package pipeline plugs a command into the stream. A command is its
// flags plus one operation, which turns each input into a typed result,
// and one renderer per format for that result type. How they run (in
// input order, over files, cutting lines into candidates, with output due
// after the last input) is declared here and honoured by the stream, so
// no command builds a stream configuration or a worker of its own.
package pipeline

import (
	"io"

	"github.com/uritool/uritool/internal/check"
	"github.com/uritool/uritool/internal/filter"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/stream"
)

// Outcome is what became of one input.
type Outcome struct {
	// Skip leaves the input without output: a repeat under --unique, a
	// shape counted for the end, a list's excluded URI.
	Skip bool
	// Findings counts what the input drew that makes the exit status 1.
	Findings int
	// Suppressed counts findings dropped by suppression markers, and
	// Dropped says why a skipped input was not checked (an exclusion,
	// code), or why a shown one was not checked as a URI (a template):
	// each apart, for summaries. Four fields, no more: see
	// check.Tally.
	Suppressed int
	Dropped    check.Dropped
}

// The common outcomes.
var (
	Pass = Outcome{}
	Fail = Outcome{Findings: 1}
	Skip = Outcome{Skip: true}
)

// FailIf is Fail when failed, else Pass.
func FailIf(failed bool) Outcome {
	if failed {
		return Fail
	}
	return Pass
}

// Op turns one input into a result. Each worker has its own, so an Op may
// keep state without locking.
type Op[R any] interface {
	Do(in *stream.Input, r *R) Outcome
}

// Func is an Op that is a function.
type Func[R any] func(in *stream.Input, r *R) Outcome

func (f Func[R]) Do(in *stream.Input, r *R) Outcome { return f(in, r) }

// Flusher is an Op with results due after the last input, such as shape's
// counts; it must run InOrder, so that one Op saw every input.
type Flusher[R any] interface {
	Flush(emit func(r *R))
}

// Serial is implemented by renderers that must see every result in one
// place, such as a SARIF log written whole at the end.
type Serial interface {
	Parallel() bool
}

// Finisher is implemented by renderers with a closing part (SARIF).
type Finisher interface {
	Finish(s *stream.Sink)
}

// UnreadableRenderer is implemented by renderers that report a file that
// cannot be read among their results.
type UnreadableRenderer interface {
	Unreadable(s *stream.Sink, file string, err error)
}

// Command is one command's operation, its renderer, and how they run.
type Command[R any] struct {
	NewOp       func() Op[R]
	NewRenderer func() render.Renderer[R]
	// InOrder runs one Op over every input in input order: first
	// occurrences (--unique) and samples depend on it. An aggregate need
	// not: see Collect.
	InOrder bool
	// Files reads the arguments as names of files whose lines are inputs
	// ("-" is standard input), rather than as inputs.
	Files bool
	// Cut says how lines become inputs: a list, or extraction.
	Cut stream.Cut
	// Once runs the Op once, on no input, for a result the flags alone
	// describe.
	Once bool
	// OnEmpty runs the Op once, as Once does, when the inputs hold no
	// line at all.
	OnEmpty bool
	// Filter, when not empty, drops the inputs it does not keep before the
	// Op sees them; they have no output.
	Filter *filter.Filter
	// Unique writes each distinct output once, at its first occurrence;
	// a failed input keeps its diagnostic or record but not the empty
	// line that kept text aligned. Memory grows with the number of
	// distinct outputs. It runs InOrder.
	Unique bool
	// Summary, if set, gives a line for stderr after all output.
	Summary func(stream.Stats) string
	// Collect, if set, gathers in input order what the Ops append to
	// Input.Carry (stream.Config.Collect): an aggregate worked out on
	// every worker and kept in one place.
	Collect func(carry []byte)
}

// Env is where a command reads and writes.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// IsTerminal tells whether standard input is a terminal, so that a
	// person is told uritool waits for input.
	IsTerminal func(io.Reader) bool
}

// stdinHint tells a person at a terminal what uritool is waiting for.
const stdinHint = "uritool: reading references from standard input, one per line; end with Ctrl-D"

// Run runs c over the inputs that args name.
func Run[R any](env Env, args []string, c Command[R]) (stream.Stats, error) {
	workers := 0
	if s, ok := c.NewRenderer().(Serial); c.InOrder || c.Unique || ok && !s.Parallel() {
		workers = 1
	}
	return stream.Run(stream.Config{
		Stdin: env.Stdin, Stdout: env.Stdout, Stderr: env.Stderr,
		Args: args, Files: c.Files, Only: c.Files, Once: c.Once, OnEmpty: c.OnEmpty, Cut: c.Cut, Workers: workers,
		NewWorker: func() stream.Worker {
			op := c.NewOp()
			do := op.Do
			if f, ok := op.(Func[R]); ok {
				do = f // one call a line, not two
			}
			w := &worker[R]{op: op, do: do, render: c.NewRenderer()}
			if c.Filter != nil && !c.Filter.Empty() {
				w.filter = c.Filter
			}
			if c.Unique {
				w.seen = map[string]struct{}{}
			}
			return w
		},
		Hint: stdinHint, IsTerminal: env.IsTerminal,
		Summary: c.Summary, Collect: c.Collect,
	})
}

// worker runs one Op and renders its results; each worker of the stream
// has its own, with its own result and renderer buffers.
type worker[R any] struct {
	_      stream.CacheLinePad
	op     Op[R]
	do     func(in *stream.Input, r *R) Outcome // op.Do
	render render.Renderer[R]
	filter *filter.Filter      // nil when it keeps everything
	seen   map[string]struct{} // Unique: the outputs written so far
	result R
	_      stream.CacheLinePad
}

func (w *worker[R]) Handle(in *stream.Input, s *stream.Sink) {
	if w.filter != nil && !w.filter.Keep(in.Text) {
		return
	}
	o := w.do(in, &w.result)
	s.Findings += o.Findings
	s.Suppressed += o.Suppressed
	switch o.Dropped {
	case check.Excluded:
		s.Excluded++
	case check.InCode:
		s.Code++
	case check.Template:
		s.Notes++
	}
	if o.Skip {
		return
	}
	s.Checked++
	if w.seen == nil {
		w.render.Render(s, &w.result)
		return
	}
	mark := s.Out.Mark()
	w.render.Render(s, &w.result)
	out := s.Out.Since(mark)
	if o.Findings > 0 {
		// Its record stays; the empty line that kept text output aligned
		// has no use in a list of distinct outputs.
		if string(out) == "\n" {
			s.Out.Truncate(mark)
		}
		return
	}
	if _, dup := w.seen[string(out)]; dup {
		s.Out.Truncate(mark)
		return
	}
	w.seen[string(out)] = struct{}{}
}

// Unreadable lets a renderer report a file that cannot be read in its own
// output: a JSON record, an annotation, a SARIF notification.
func (w *worker[R]) Unreadable(file string, err error, s *stream.Sink) {
	if u, ok := w.render.(UnreadableRenderer); ok {
		u.Unreadable(s, file, err)
	}
}

// Finish flushes the Op's results due at the end, written out as they
// come, then lets the renderer write its closing part.
func (w *worker[R]) Finish(s *stream.Sink) {
	if f, ok := w.op.(Flusher[R]); ok {
		f.Flush(func(r *R) {
			w.render.Render(s, r)
			s.Spill()
		})
	}
	if f, ok := w.render.(Finisher); ok {
		f.Finish(s)
	}
}
