// Package sink is where a worker writes what one block of input gives:
// its stdout and stderr, in the order written, so that a terminal showing
// both sees results and diagnostics interleaved as the inputs came; the
// counts of a summary; and its Carry, what the block hands on to be
// gathered across inputs in input order. The stream owns the sinks and
// writes them out; renderers write into them and know nothing of the
// stream.
package sink

import (
	"io"
	"unsafe"
)

// Sink collects what one unit of input gives, for stdout and stderr, and
// the order it was written in, so that a terminal showing both streams
// sees results and diagnostics interleaved as the inputs came. A Sink
// belongs to one worker at a time and needs no locking.
type Sink struct {
	_        cacheLinePad
	out, err Part
	runs     []run
	// Carry is what the unit's inputs hand on besides their output: see
	// the Carry type.
	Carry Carry
	// Out and Err write to the unit's stdout and stderr parts.
	Out, Err *Part
	// Findings counts the inputs (or, for lint, the findings) that make
	// the exit status 1.
	Findings int
	// Checked counts the inputs handled, for summaries.
	Checked int
	// Suppressed counts the findings that suppression markers dropped;
	// Excluded the inputs --exclude and .uritoolignore dropped; Code the
	// candidates in code that were not checked; Notes the findings that
	// fail nothing (a template's source).
	Suppressed, Excluded, Code, Notes int
	// spill, set on the sink of output due after all input, writes the
	// sink out; spillErr is its first failure.
	spill    func(*Sink) error
	spillErr error
	// input is the unit's input while a worker handles it, from SetInput
	// to EndInput: lines of it written whole are copied a stretch at a
	// time (Part.WriteInputLine).
	input []byte
	_     cacheLinePad
}

// cacheLinePad keeps the hot fields of objects that different workers
// write on every line off each other's cache lines: without it, sinks
// and renderers allocated side by side made two workers slower than one.
type cacheLinePad [64]byte

// CacheLinePad is the same padding for the workers' own state.
type CacheLinePad = cacheLinePad

// run is a stretch of output bound for one stream, from start in that
// stream's buffer; runs alternate between the streams.
type run struct {
	toErr bool
	start int
}

// Part is one stream of a Sink. It satisfies io.Writer, io.StringWriter
// and io.ByteWriter and never fails: errors surface when the unit is
// written out.
type Part struct {
	s     *Sink
	toErr bool
	// last: the sink's last run is p's and p holds no input held back,
	// so a write goes on in it.
	last bool
	buf  []byte
	// pendStart and pendEnd bound input held back: lines of the sink's
	// input that WriteInputLine was given as they stand there, each with its
	// newline, which follow buf but are not yet copied to it. Empty when
	// equal. Only the last run's part holds any, and its last is false
	// meanwhile, so that any other write copies them first.
	pendStart, pendEnd uint
}

// NewSink returns an empty Sink, for renderers used outside a stream.
func NewSink() *Sink {
	s := &Sink{}
	s.out, s.err = Part{s: s}, Part{s: s, toErr: true}
	s.Out, s.Err = &s.out, &s.err
	return s
}

// switchTo starts a new run when the stream changes. Whether it does is
// p's own flag, one load on every write, not a walk from p to the sink's
// last run (edit: 5% of its one-core time).
func (p *Part) switchTo() {
	if !p.last {
		p.newRun()
	}
}

// newRun starts a run of p's stream, and makes it the last, after
// copying the input held back; where p held some, the last run is p's
// already.
func (p *Part) newRun() {
	p.s.out.flush()
	p.s.err.flush()
	if p.last {
		return
	}
	p.s.runs = append(p.s.runs, run{toErr: p.toErr, start: len(p.buf)})
	p.s.out.last, p.s.err.last = !p.toErr, p.toErr
}

// Write appends b. A b appended to AvailableBuffer's slice, still in
// p's buffer, is taken as it stands, with no copy.
func (p *Part) Write(b []byte) (int, error) {
	p.switchTo()
	if n := len(p.buf); len(b) > 0 && len(b) <= cap(p.buf)-n && &p.buf[:n+1][n] == &b[0] {
		p.buf = p.buf[:n+len(b)]
		return len(b), nil
	}
	p.buf = append(p.buf, b...)
	return len(b), nil
}

// clearRuns forgets the runs, so that the next write starts one.
func (s *Sink) clearRuns() {
	s.out.pendStart, s.out.pendEnd, s.err.pendStart, s.err.pendEnd = 0, 0, 0, 0
	s.runs = s.runs[:0]
	s.out.last, s.err.last = false, false
}

// AvailableBuffer returns an empty slice at the end of p's buffer, as
// bytes.Buffer's does: a renderer that builds a record by appending to it
// and then writes it leaves the record where it is. It is valid until
// the next write.
func (p *Part) AvailableBuffer() []byte {
	p.flush()
	return p.buf[len(p.buf):]
}

func (p *Part) WriteString(str string) (int, error) {
	p.switchTo()
	p.buf = append(p.buf, str...)
	return len(str), nil
}

func (p *Part) WriteByte(c byte) error {
	p.switchTo()
	p.buf = append(p.buf, c)
	return nil
}

// WriteLine writes s and a newline: most results are one line, and one
// call for both halves the work of the text renderers.
func (p *Part) WriteLine(s string) {
	p.switchTo()
	p.buf = append(p.buf, s...)
	p.buf = append(p.buf, '\n')
}

// WriteInputLine is WriteLine for a result that is most often its
// input's line as it came: a valid URI, a normal one, a target that is
// the reference itself. Where s is a line of the sink's input followed
// by its newline there, it is held back, not copied; the lines held back
// grow while each follows the last in the input, and are copied in one
// piece when anything else is written, or the unit ends. WriteLine stays
// small enough to inline for the results that are not input.
func (p *Part) WriteInputLine(s string) {
	in := p.s.input
	// o is s's offset in the input; where s is not in it, o is out of
	// its bounds, or (before it) wraps to a huge value.
	o := uint(uintptr(unsafe.Pointer(unsafe.StringData(s))) - uintptr(unsafe.Pointer(unsafe.SliceData(in))))
	// Lines held back end within the input, so where s begins at
	// their end, e cannot wrap.
	if e := o + uint(len(s)); o == p.pendEnd && o > p.pendStart && e < uint(len(in)) && in[e] == '\n' {
		p.pendEnd = e + 1
		return
	}
	if !p.last { // switchTo, written out: inlined here, it was a call
		p.newRun()
	}
	// e > o: s is not empty, and o did not wrap.
	if e := o + uint(len(s)); e > o && e < uint(len(in)) && in[e] == '\n' {
		p.pendStart, p.pendEnd, p.last = o, e+1, false
		return
	}
	p.buf = append(p.buf, s...)
	p.buf = append(p.buf, '\n')
}

// flush copies the input held back.
func (p *Part) flush() {
	if p.pendEnd != p.pendStart {
		p.buf = append(p.buf, p.s.input[p.pendStart:p.pendEnd]...)
		p.pendStart, p.pendEnd, p.last = 0, 0, true
	}
}

// SetInput gives the sink the input of its unit, whose lines the
// inputs are views of, as a worker starts on the unit; it must stay as it
// is until EndInput, as the worker ends, copies the lines held back.
func (s *Sink) SetInput(in []byte) { s.input = in }

// EndInput copies the input held back and forgets the input.
func (s *Sink) EndInput() { s.endInput() }

// endInput is EndInput out of line, so that Mark, which calls it once a
// unit, stays small enough to inline.
//
//go:noinline
func (s *Sink) endInput() {
	s.out.flush()
	s.err.flush()
	s.input = nil
}

// Mark is where the next write to p will go, for Since, Truncate and
// Drop. What is written after a mark is read back, so the sink holds no
// more lines back in this unit (each would be copied at once anyway):
// those three find nothing held.
func (p *Part) Mark() int {
	if p.s.input != nil {
		p.s.endInput()
	}
	return len(p.buf)
}

// Since is what was written to p after mark. It is valid until the next
// write.
func (p *Part) Since(mark int) []byte { return p.buf[mark:] }

// Truncate drops what was written to p after mark. A run of p that began
// after mark begins at it, so that what p is given next follows the
// other stream's runs written since, as it would have.
func (p *Part) Truncate(mark int) {
	p.buf = p.buf[:mark]
	for i := len(p.s.runs) - 1; i >= 0; i-- {
		r := &p.s.runs[i]
		if r.toErr != p.toErr {
			continue
		}
		if r.start <= mark {
			break
		}
		r.start = mark
	}
}

// Span is a stretch of a Part, from Start to End, as Mark gave them.
type Span struct{ Start, End int }

// Drop removes the spans, in order and apart, from p, in one pass: what
// was written around them keeps its order and its interleaving with the
// other stream.
func (p *Part) Drop(spans []Span) {
	if len(spans) == 0 {
		return
	}
	// The runs of p start in increasing order, as the spans do: one walk
	// over both moves each start back by what was dropped before it.
	j, removed := 0, 0
	for i := range p.s.runs {
		r := &p.s.runs[i]
		if r.toErr != p.toErr {
			continue
		}
		for j < len(spans) && spans[j].End <= r.start {
			removed += spans[j].End - spans[j].Start
			j++
		}
		start := r.start - removed
		if j < len(spans) && spans[j].Start < r.start {
			start -= r.start - spans[j].Start // a run that starts inside a span starts where it did
		}
		r.start = start
	}
	w := spans[0].Start
	for i, sp := range spans {
		end := len(p.buf)
		if i+1 < len(spans) {
			end = spans[i+1].Start
		}
		w += copy(p.buf[w:], p.buf[sp.End:end])
	}
	p.buf = p.buf[:w]
}

// OutputPerBlock is about how much output a block of input gives: the
// stream sizes its blocks to it, and Spill writes out what it holds in
// pieces of it.
const OutputPerBlock = 256 << 10

// maxKeptOutput is the largest output buffer a sink keeps for reuse:
// blocks are sized to give about OutputPerBlock, and regrowing a buffer
// for every block costs more than the parse; a rare huge one is dropped.
const maxKeptOutput = 8 * OutputPerBlock

// Size is how much output the sink holds.
func (s *Sink) Size() int {
	return len(s.out.buf) + len(s.err.buf) + int(s.out.pendEnd-s.out.pendStart+s.err.pendEnd-s.err.pendStart)
}

// Spill writes out what the sink holds once it is more than a block's
// output, on the sink Config.Finish is given; elsewhere it does nothing.
// A Finish with much to write (a count per shape of a crawl) calls it as
// it goes, so that its output is not held whole in memory. A failed write
// is reported when the run ends, and the output after it is dropped.
func (s *Sink) Spill() {
	if s.spill == nil || s.Size() < OutputPerBlock {
		return
	}
	if s.spillErr == nil {
		s.spillErr = s.spill(s)
	}
	s.out.buf, s.err.buf = s.out.buf[:0], s.err.buf[:0]
	s.clearRuns()
}

// NewSpilling returns a sink whose Spill writes what it holds with
// spill, for output due after all input; SpillErr is spill's first
// failure, after which what is written is dropped.
func NewSpilling(spill func(*Sink) error) *Sink {
	s := NewSink()
	s.spill = spill
	return s
}

// SpillErr is the first failure of a spilling sink's writes, or nil.
func (s *Sink) SpillErr() error { return s.spillErr }

// Reset empties the sink for reuse, dropping a buffer a huge unit grew.
func (s *Sink) Reset() {
	for _, p := range []*Part{&s.out, &s.err} {
		if cap(p.buf) > maxKeptOutput {
			p.buf = nil
		}
		p.buf = p.buf[:0]
	}
	s.clearRuns()
	s.Findings, s.Checked, s.Suppressed, s.Excluded, s.Code, s.Notes = 0, 0, 0, 0, 0, 0
}

// Each calls fn with the sink's output. Interleaved, it is every run in
// the order written; otherwise all of stdout, then all of stderr, which
// is two writes where a run of invalid input would take two per input.
func (s *Sink) Each(interleaved bool, fn func(toErr bool, b []byte) error) error {
	if !interleaved {
		for _, p := range []*Part{&s.out, &s.err} {
			if len(p.buf) > 0 {
				if err := fn(p.toErr, p.buf); err != nil {
					return err
				}
			}
		}
		return nil
	}
	for i, r := range s.runs {
		buf := s.out.buf
		if r.toErr {
			buf = s.err.buf
		}
		end := len(buf)
		if i+2 < len(s.runs) {
			end = s.runs[i+2].start
		}
		if end > r.start {
			if err := fn(r.toErr, buf[r.start:end]); err != nil {
				return err
			}
		}
	}
	return nil
}

// WriteTo writes the sink's output to out and errOut, in the order it was
// written.
func (s *Sink) WriteTo(out, errOut io.Writer) error {
	return s.Each(true, func(toErr bool, b []byte) error {
		w := out
		if toErr {
			w = errOut
		}
		_, err := w.Write(b)
		return err
	})
}

// A Carry is what a worker hands on with a unit's output, for whatever
// is gathered across inputs: a report's entries, counts, the keys of
// distinct outputs. The writer calls Gather once per unit, unit by unit in
// input order, in its one goroutine, before it writes the unit's output;
// so an aggregate is worked out on every worker, merged in input order,
// and shared by no two workers. Gather may drop the unit's output
// (Part.Drop), and leaves the carry empty for the sink's next unit: a
// sink, and its carry, are reused.
type Carry interface {
	Gather(s *Sink)
}

// CarryOf is the carry in slot (a Sink's, or an Input's), made by mk when
// the slot has none of type C yet.
func CarryOf[C Carry](slot *Carry, mk func() C) C {
	if c, ok := (*slot).(C); ok {
		return c
	}
	c := mk()
	*slot = c
	return c
}
