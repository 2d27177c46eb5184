// Package pipeline plugs a command into the stream. A command is its
// flags plus one operation, which turns each input into a typed result,
// and one renderer per format for that result type. How they run (in
// input order, over files, cutting lines into candidates, with output due
// after the last input) is declared here and honoured by the stream, so
// no command builds a stream configuration or a worker of its own.
package pipeline

import (
	"bytes"
	"io"
	"slices"
	"strings"

	"github.com/uritool/uritool/internal/ascii"
	"github.com/uritool/uritool/internal/check"
	"github.com/uritool/uritool/internal/filter"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/sink"
	"github.com/uritool/uritool/internal/stream"
	"github.com/uritool/uritool/pkg/uri"
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

// UnreadableRenderer is implemented by renderers that report a file that
// cannot be read among their results.
type UnreadableRenderer interface {
	Unreadable(s *sink.Sink, file string, err error)
}

// Command is one command's operation, its renderer, and how they run.
//
// Nothing of it forces one worker: what spans inputs (a report written
// whole, counts, distinct outputs) is handed on with each block's output
// as a sink.Carry and gathered in input order in one place.
type Command[R any] struct {
	NewOp       func() Op[R]
	NewRenderer func() render.Renderer[R]
	// Lines names what a line of standard input holds, for the hint a
	// person at a terminal sees: "references" when empty.
	Lines string
	// Finish, if set, writes what is due after the last input, once every
	// block is gathered: a report written whole (render.Printer), counts.
	Finish func(s *sink.Sink)
	// WholeFiles gives each file's inputs to one Op, in order, for an
	// Op whose state runs through a file (a baseline's counts, used up in
	// input order); the files still spread over the workers. A file that
	// is extracted from is always read so.
	WholeFiles bool
	// InOrder runs one Op over every input in input order, for an Op
	// whose state runs across files (a baseline in which two files have
	// one name).
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
	// Distinct, if set, writes only the results it admits, in input
	// order: --unique, shape's samples.
	Distinct *Distinct[R]
	// Summary, if set, gives a line for stderr after all output.
	Summary func(stream.Stats) string
	// NewEcho, if set, gives each worker a test of whether an input's
	// result would be its own line, passed, and nothing else: so are
	// most inputs of normalize, resolve and edit. Such an input is
	// written as it is, and no result is built or rendered for it. A
	// command sets it only where that holds for its format and flags.
	// With Filter, or Distinct.Lines, it is not used; with Distinct.Key,
	// such an input's key is its text.
	NewEcho func() func(text string) bool
	// EchoRecord says that the output of an input NewEcho accepts is a
	// record that holds its text (JSON: the input, and the output that
	// is the same), not its line. Run learns the record around the text
	// by rendering sentinel inputs through the Op and the renderer, and
	// writes each accepted input into it; where the sentinels' records
	// differ but for their text, there is no echo. The test must accept
	// only valid URIs, which a record holds as they stand.
	EchoRecord bool
}

// Distinct writes the results it admits, deciding in input order: by
// default, each distinct output once, at its first occurrence. A failed
// input keeps its diagnostic or record, but not the empty line that kept
// text aligned, and is not offered. Results are rendered on every worker;
// the decision is made as blocks are written, so memory grows with the
// number of distinct keys.
type Distinct[R any] struct {
	// Key is what makes two results one, when it is not their output
	// (normalize: the normal form, whatever the record says of its input).
	Key func(r *R) string
	// Lines, when set, decides each line a result writes on its own,
	// instead of its output whole: Lines(r, i) gives the key of line i,
	// from 0, and whether it is offered. A line not offered is a failed
	// output's: kept, but for an empty one, which kept text aligned and
	// has no use in a list of distinct outputs. parse --each writes an
	// item a line, edit an output a line (--iterate, --each,
	// --values-from): --unique keeps each distinct item or output once.
	Lines func(r *R, i int) (key string, offer bool)
	// Admit says, for a block's keys in input order, whether each one's
	// result is written: key i ends at ends[i] in keys, the first starting
	// at 0, and admit[i] is set to the answer. It is called block by block
	// in input order, in one goroutine, so that it can look a block's keys
	// up together; keys is valid only during the call. nil admits the
	// first of each key.
	Admit func(keys []byte, ends []int, admit []bool)
	// Refuse, with Admit, says on a worker which of a batch of keys,
	// laid out as Admit's, Admit would refuse whatever the inputs before
	// them in blocks not yet written: it sets refuse[i] to that for each.
	// Those are dropped there, and Admit is not asked about them, so that
	// deciding is the writer's work only where it must be. It runs in
	// any number of workers at once, while Admit runs; nil refuses none.
	Refuse func(keys []byte, ends []int, refuse []bool)
}

// Unique is the Distinct of --unique, or nil when unique is false.
func Unique[R any](unique bool) *Distinct[R] {
	if !unique {
		return nil
	}
	return &Distinct[R]{}
}

// distinctCarry holds the output spans of a block's results and the keys
// of those asked about: for admit, or summed for seen.
type distinctCarry struct {
	admit  func(keys []byte, ends []int, admit []bool) // nil: the first of each key, by seen
	refuse func(keys []byte, ends []int, refuse []bool)
	seen   *seen
	spans  []sink.Span
	// unasked marks a span dropped without asking: with Lines, a failed
	// output's empty line.
	unasked  []bool
	keys     []byte // with admit: the keys asked about, the i-th ending at ends[i]
	ends     []int
	admitted []bool   // with admit: its answers
	sums     []keySum // with seen: the keys asked about
	drop     []sink.Span
	// With seen, or refuse: how many keys have been judged on the worker
	// (those let through), the span of each key since, and room for a
	// batch's answers and ends.
	keySpans []int
	judged   int
	refused  []bool
	batch    []int
}

// refuseBatch is how many keys a worker holds before it judges them: the
// fewer, the more of a block's last keys the writer decides alone.
const refuseBatch = 64

func (c *distinctCarry) Gather(s *sink.Sink) {
	if c.seen != nil {
		c.seen.touch(c.sums)
	} else {
		c.admitted = slices.Grow(c.admitted[:0], len(c.ends))[:len(c.ends)]
		c.admit(c.keys, c.ends, c.admitted)
	}
	asked := 0
	for i, sp := range c.spans {
		var admitted bool
		switch {
		case c.unasked[i]:
		case c.seen != nil:
			admitted = c.seen.add(c.sums[asked])
			asked++
		default:
			admitted = c.admitted[asked]
			asked++
		}
		if !admitted {
			c.drop = append(c.drop, sp)
		}
	}
	s.Out.Drop(c.drop)
	c.spans, c.unasked, c.keys, c.ends, c.sums, c.drop = c.spans[:0], c.unasked[:0], c.keys[:0], c.ends[:0], c.sums[:0], c.drop[:0]
	c.keySpans, c.judged = c.keySpans[:0], 0
}

// offer adds the span sp, of key, which is dropped unasked when unasked
// is set. key is only valid during the call.
func (c *distinctCarry) offer(sp sink.Span, key string, unasked bool) {
	c.spans = append(c.spans, sp)
	c.unasked = append(c.unasked, unasked)
	switch {
	case unasked:
	case c.seen != nil:
		c.sums = append(c.sums, c.seen.sum(key))
		c.keySpans = append(c.keySpans, len(c.spans)-1)
	default:
		c.keys = append(c.keys, key...)
		c.ends = append(c.ends, len(c.keys))
		if c.refuse != nil {
			c.keySpans = append(c.keySpans, len(c.spans)-1)
		}
	}
}

// judgeDue judges the keys offered since it last did, once there are a
// batch of them, after an input's offers (whose spans are then fixed):
// the outputs of those refused leave out and the carry, so that the
// writer neither asks about them nor drops them.
func (c *distinctCarry) judgeDue(out *sink.Part) {
	start := 0 // with refuse, where the first key to judge starts
	if c.seen == nil && c.judged > 0 {
		start = c.ends[c.judged-1]
	}
	switch {
	case c.seen != nil && len(c.sums)-c.judged >= refuseBatch:
		c.refused = slices.Grow(c.refused[:0], len(c.sums)-c.judged)[:len(c.sums)-c.judged]
		c.seen.holds(c.sums[c.judged:], c.refused)
	case c.refuse != nil && len(c.ends)-c.judged >= refuseBatch:
		c.batch = c.batch[:0]
		for _, end := range c.ends[c.judged:] {
			c.batch = append(c.batch, end-start)
		}
		c.refused = slices.Grow(c.refused[:0], len(c.batch))[:len(c.batch)]
		c.refuse(c.keys[start:], c.batch, c.refused)
	default:
		return
	}
	c.dropRefused(out)
	// The keys let through stay, for the writer to ask about.
	kept := c.judged
	if c.seen != nil {
		for i, k := range c.sums[c.judged:] {
			if !c.refused[i] {
				c.sums[kept] = k
				kept++
			}
		}
		c.sums = c.sums[:kept]
	} else {
		at, from := start, start
		for i, end := range c.ends[c.judged:] {
			if !c.refused[i] {
				at += copy(c.keys[at:], c.keys[from:end])
				c.ends[kept] = at
				kept++
			}
			from = end
		}
		c.keys, c.ends = c.keys[:at], c.ends[:kept]
	}
	c.keySpans, c.judged = c.keySpans[:0], kept
}

// dropRefused drops from out, and from the spans, the outputs of the keys
// judged refused, and moves the spans after each back by what went
// before them: the spans from the first judged key's on, as the keys'
// own are the last offered.
func (c *distinctCarry) dropRefused(out *sink.Part) {
	first := c.keySpans[0]
	w, removed, k := first, 0, 0
	for i := first; i < len(c.spans); i++ {
		sp := c.spans[i]
		if k < len(c.keySpans) && c.keySpans[k] == i {
			k++
			if c.refused[k-1] {
				c.drop = append(c.drop, sp)
				removed += sp.End - sp.Start
				continue
			}
		}
		c.spans[w] = sink.Span{Start: sp.Start - removed, End: sp.End - removed}
		c.unasked[w] = c.unasked[i]
		w++
	}
	c.spans, c.unasked = c.spans[:w], c.unasked[:w]
	out.Drop(c.drop)
	c.drop = c.drop[:0]
}

// Env is where a command reads and writes.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Dir is the working directory that relative file names are opened
	// from, TempDir where a long line of a pipe is kept: see
	// stream.Config.
	Dir, TempDir string
	// Quiet leaves out the diagnostics of inputs and closing summaries:
	// see stream.Config.
	Quiet bool
	// IsTerminal tells whether standard input is a terminal, so that a
	// person is told uritool waits for input.
	IsTerminal func(io.Reader) bool
}

// stdinHint tells a person at a terminal what uritool is waiting for.
func stdinHint(lines string) string {
	if lines == "" {
		lines = "references"
	}
	return "uritool: reading " + lines + " from standard input, one per line; end with Ctrl-D"
}

// Run runs c over the inputs that args name.
func Run[R any](env Env, args []string, c Command[R]) (stream.Stats, error) {
	workers := 0
	if c.InOrder {
		workers = 1
	}
	var newCarry func() *distinctCarry
	if d := c.Distinct; d != nil {
		var set *seen
		if d.Admit == nil {
			set = newSeen()
		}
		newCarry = func() *distinctCarry {
			return &distinctCarry{admit: d.Admit, refuse: d.Refuse, seen: set}
		}
	}
	echo := c.NewEcho != nil && (c.Filter == nil || c.Filter.Empty()) && (c.Distinct == nil || c.Distinct.Lines == nil)
	var frame []string // the echo's record around the text; nil: its line
	if echo && c.EchoRecord {
		frame = echoFrame(c)
		echo = frame != nil
	}
	return stream.Run(stream.Config{
		Stdin: env.Stdin, Stdout: env.Stdout, Stderr: env.Stderr, Dir: env.Dir, TempDir: env.TempDir, Quiet: env.Quiet,
		Args: args, Files: c.Files, Only: c.Files, WholeFiles: c.WholeFiles, Once: c.Once, OnEmpty: c.OnEmpty, Cut: c.Cut, Workers: workers,
		NewWorker: func() stream.Worker {
			w := &worker[R]{op: c.NewOp(), render: c.NewRenderer(), newCarry: newCarry}
			if f, ok := w.op.(Func[R]); ok {
				w.fn = f // one call a line, not two
			}
			if c.Distinct != nil {
				w.key, w.lines = c.Distinct.Key, c.Distinct.Lines
			}
			if c.Filter != nil && !c.Filter.Empty() {
				w.filter = c.Filter
			}
			if echo {
				w.echo, w.frame = c.NewEcho(), frame
			}
			return w
		},
		Hint: stdinHint(c.Lines), IsTerminal: env.IsTerminal,
		Summary: c.Summary, Finish: c.Finish,
	})
}

// worker runs one Op and renders its results; each worker of the stream
// has its own, with its own result and renderer buffers.
type worker[R any] struct {
	_        sink.CacheLinePad
	op       Op[R]
	fn       Func[R] // op, when it is a Func
	render   render.Renderer[R]
	filter   *filter.Filter                   // nil when it keeps everything
	echo     func(text string) bool           // from Command.NewEcho, where it is used
	frame    []string                         // the record an echo writes around its text; nil: its line
	echoes   echoWindow                       // when to try echo
	newCarry func() *distinctCarry            // with Distinct
	key      func(r *R) string                // Distinct.Key
	lines    func(r *R, i int) (string, bool) // Distinct.Lines
	result   R
	parsed   uri.URI // what the filter parsed, handed to the Op
	_        sink.CacheLinePad
}

func (w *worker[R]) Handle(in *stream.Input, s *sink.Sink) {
	if w.echo != nil && w.echoes.try() {
		if w.echo(in.Text) {
			s.Checked++
			if w.newCarry == nil {
				w.writeEcho(s.Out, in.Text)
				return
			}
			// Offered as the result's output is: under Key, keyed by its
			// text, which is the result.
			mark := s.Out.Mark()
			w.writeEcho(s.Out, in.Text)
			w.offer(s, mark, in.Text, w.key != nil)
			return
		}
		w.echoes.missed()
	}
	if w.filter != nil {
		keep, parsed := w.filter.Keep(in.Text, &w.parsed)
		if !keep {
			return
		}
		if parsed {
			in.Parsed = &w.parsed
		} else {
			in.Parsed = nil
		}
	}
	// One call a line either way: a method value of op would be two.
	var o Outcome
	if w.fn != nil {
		o = w.fn(in, &w.result)
	} else {
		o = w.op.Do(in, &w.result)
	}
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
	if w.newCarry == nil {
		w.render.Render(s, &w.result)
		return
	}
	mark := s.Out.Mark()
	w.render.Render(s, &w.result)
	if w.lines != nil {
		w.offerLines(s, mark)
		return
	}
	if o.Findings > 0 {
		// Its record stays; the empty line that kept text output aligned
		// has no use in a list of distinct outputs.
		if string(s.Out.Since(mark)) == "\n" {
			s.Out.Truncate(mark)
		}
		return
	}
	var key string
	if w.key != nil {
		key = w.key(&w.result)
	}
	w.offer(s, mark, key, w.key != nil)
}

// offer offers to Distinct what was written to s.Out from mark on, under
// key, or, where not keyed, under that output itself.
func (w *worker[R]) offer(s *sink.Sink, mark int, key string, keyed bool) {
	if !keyed {
		key = ascii.View(s.Out.Since(mark))
	}
	c := sink.CarryOf(&s.Carry, w.newCarry)
	c.offer(sink.Span{Start: mark, End: s.Out.Mark()}, key, false)
	c.judgeDue(s.Out)
}

// echoSentinels are the inputs Run renders to learn an echo's record:
// valid URIs of several kinds, normal at every level, that together hold
// every character a URI may (RFC 3986 section 2), so that a record that
// escaped one would not be learnt.
var echoSentinels = []string{
	"http://echo.invalid/a",
	"https://u:p@echo.invalid:1/-._~!$&'()*+,;=:@%20/ABCDEFGHIJKLMNOPQRSTUVWXYZ?bcdefghijklmnopqrstuvwxyz#0123456789/?",
	"http://[2001:db8::1]:8/b",
	"urn:echo:c",
	"mailto:echo@echo.invalid",
}

// echoFrame learns the record an echo writes for c: what c's Op and
// renderer write for each sentinel its echo test accepts, cut at the
// sentinel's text. Each is given another line number, so that a record
// that holds it is not learnt. It returns nil unless at least two
// sentinels were accepted and their records are one frame, passed, with
// nothing on stderr and nothing carried.
func echoFrame[R any](c Command[R]) []string {
	test, op, rn := c.NewEcho(), c.NewOp(), c.NewRenderer()
	var frame []string
	seen := 0
	for i, text := range echoSentinels {
		if !test(text) {
			continue
		}
		s := sink.NewSink()
		in := stream.Input{Line: i + 1, Text: text, Carry: &s.Carry}
		var r R
		if op.Do(&in, &r) != Pass {
			return nil
		}
		rn.Render(s, &r)
		if s.Err.Mark() != 0 || s.Carry != nil || s.Findings != 0 {
			return nil
		}
		parts := strings.Split(string(s.Out.Since(0)), text)
		if len(parts) < 2 || frame != nil && !slices.Equal(parts, frame) {
			return nil
		}
		frame = parts
		seen++
	}
	if seen < 2 {
		return nil
	}
	return frame
}

// writeEcho writes the output of an input that is its own result: its
// line, or its record.
func (w *worker[R]) writeEcho(p *sink.Part, text string) {
	if w.frame == nil {
		p.WriteInputLine(text)
		return
	}
	b := append(p.AvailableBuffer(), w.frame[0]...)
	for _, f := range w.frame[1:] {
		b = append(append(b, text...), f...)
	}
	p.Write(b)
}

// echoWindow decides when a worker tries its echo test. An input the test
// refuses is worked out twice, by the test and by the Op: where the edits
// change every input (edit --set host=...), that took twice the time. So
// the test is tried on windows of echoTries inputs, and where more than
// one in echoMisses of a window is refused, left untried for a while,
// twice as long after each such window in a row, up to maxPause inputs:
// so at worst one input in 257 is worked out twice.
type echoWindow struct {
	tries, misses int // in the current window
	pause, off    int // inputs left untried; how many the next pause leaves
}

const (
	echoTries  = 256
	echoMisses = 8
	firstPause = 4 * echoTries
	maxPause   = 256 * echoTries
)

// try says whether to try the test on the next input.
func (e *echoWindow) try() bool {
	if e.pause > 0 {
		e.pause--
		return false
	}
	if e.tries == echoTries {
		if e.misses*echoMisses > echoTries {
			e.off = min(max(2*e.off, firstPause), maxPause)
			e.pause = e.off - 1 // this input is the first left untried
		} else {
			e.off = 0
		}
		e.tries, e.misses = 0, 0
		if e.off > 0 {
			return false
		}
	}
	e.tries++
	return true
}

// missed counts an input the test refused.
func (e *echoWindow) missed() { e.misses++ }

// offerLines offers each line the result wrote from mark on its own, by
// Distinct.Lines.
func (w *worker[R]) offerLines(s *sink.Sink, mark int) {
	c := sink.CarryOf(&s.Carry, w.newCarry)
	out := s.Out.Since(mark)
	for i, start := 0, 0; start < len(out); i++ {
		end := len(out)
		if nl := bytes.IndexByte(out[start:], '\n'); nl >= 0 {
			end = start + nl + 1
		}
		key, offer := w.lines(&w.result, i)
		if offer || string(out[start:end]) == "\n" {
			c.offer(sink.Span{Start: mark + start, End: mark + end}, key, !offer)
		}
		start = end
	}
	c.judgeDue(s.Out)
}

// Unreadable lets a renderer report a file that cannot be read in its own
// output: a JSON record, an annotation, a SARIF notification.
func (w *worker[R]) Unreadable(s *sink.Sink, file string, err error) {
	if u, ok := w.render.(UnreadableRenderer); ok {
		u.Unreadable(s, file, err)
	}
}
