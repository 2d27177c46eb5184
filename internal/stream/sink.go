package stream

import "io"

// Sink collects what one unit of input gives, for stdout and stderr, in
// the order it was written, so that a terminal showing both streams sees
// results and diagnostics interleaved as the inputs came. A Sink belongs
// to one worker at a time and needs no locking.
type Sink struct {
	_    cacheLinePad
	buf  []byte
	segs []segment
	// Out and Err write to the unit's stdout and stderr parts.
	Out, Err *Part
	// Findings counts the inputs (or, for lint, the findings) that make
	// the exit status 1.
	Findings int
	// Checked counts the inputs handled, for summaries.
	Checked int
	// Suppressed counts the findings that suppressions dropped.
	Suppressed int
	_          cacheLinePad
}

// cacheLinePad keeps the hot fields of objects that different workers
// write on every line off each other's cache lines: without it, sinks
// and renderers allocated side by side made two workers slower than one.
type cacheLinePad [64]byte

// CacheLinePad is the same padding for the workers' own state.
type CacheLinePad = cacheLinePad

// segment is a run of buf bound for one stream, starting at start.
type segment struct {
	toErr bool
	start int
}

// Part is one stream of a Sink. It satisfies io.Writer, io.StringWriter
// and io.ByteWriter and never fails: errors surface when the unit is
// written out.
type Part struct {
	s     *Sink
	toErr bool
}

// NewSink returns an empty Sink, for renderers used outside a stream.
func NewSink() *Sink {
	s := &Sink{}
	s.Out = &Part{s: s}
	s.Err = &Part{s: s, toErr: true}
	return s
}

// switchTo starts a new segment when the stream changes.
func (s *Sink) switchTo(toErr bool) {
	if n := len(s.segs); n == 0 || s.segs[n-1].toErr != toErr {
		s.segs = append(s.segs, segment{toErr: toErr, start: len(s.buf)})
	}
}

func (p *Part) Write(b []byte) (int, error) {
	p.s.switchTo(p.toErr)
	p.s.buf = append(p.s.buf, b...)
	return len(b), nil
}

func (p *Part) WriteString(str string) (int, error) {
	p.s.switchTo(p.toErr)
	p.s.buf = append(p.s.buf, str...)
	return len(str), nil
}

func (p *Part) WriteByte(c byte) error {
	p.s.switchTo(p.toErr)
	p.s.buf = append(p.s.buf, c)
	return nil
}

// maxKeptOutput is the largest output buffer a sink keeps for reuse: a
// block of input can give several times its size (parse --format json
// writes about 7 bytes per input byte), and regrowing it for every block
// costs more than the parse.
const maxKeptOutput = 16 * blockSize

// reset empties the sink for reuse, dropping a buffer a huge unit grew.
func (s *Sink) reset() {
	if cap(s.buf) > maxKeptOutput {
		s.buf = nil
	}
	s.buf, s.segs = s.buf[:0], s.segs[:0]
	s.Findings, s.Checked, s.Suppressed = 0, 0, 0
}

// each calls fn with every run of output and its stream, in order.
func (s *Sink) each(fn func(toErr bool, b []byte) error) error {
	for i, seg := range s.segs {
		end := len(s.buf)
		if i+1 < len(s.segs) {
			end = s.segs[i+1].start
		}
		if end > seg.start {
			if err := fn(seg.toErr, s.buf[seg.start:end]); err != nil {
				return err
			}
		}
	}
	return nil
}

// WriteTo writes the sink's output to out and errOut, in order.
func (s *Sink) WriteTo(out, errOut io.Writer) error {
	return s.each(func(toErr bool, b []byte) error {
		w := out
		if toErr {
			w = errOut
		}
		_, err := w.Write(b)
		return err
	})
}
