// Package stream is the one pipeline every uritool command runs on:
// inputs (arguments, "-", standard input, files) are cut into lines,
// handed in blocks to one worker per core, and the output of each block
// is written in input order, stdout and stderr interleaved as produced.
//
// Its rules hold for every command: one result per input, in order; a
// write error stops the run at once, also on endless input; and each
// result reaches the reader as soon as its line is read when input is
// slow, while large inputs still go through in large writes.
package stream

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/uritool/uritool/internal/ascii"
	"github.com/uritool/uritool/internal/extract"
	"github.com/uritool/uritool/internal/sink"
	"github.com/uritool/uritool/pkg/uri"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// Input is one input handed to a worker.
type Input struct {
	// File names the file the input came from, "-" for standard input
	// when inputs are files, "" otherwise.
	File string
	// Line is the 1-based line within File, or, when inputs are not
	// files, the 1-based number of the input among all inputs.
	Line int
	// Text is the input without its line ending, or the candidate found
	// in the line with Config.Cut.Extract. It is only valid during the
	// call.
	Text string
	// With Config.Cut.Extract, Found is the candidate (its offset and
	// column in the line, its suppressions); nil otherwise.
	Found *extract.Found
	// Carry is the unit's Carry, for an operation that hands something
	// on in input order rather than write it (sink.CarryOf).
	Carry *sink.Carry
	// Parsed is Text, or what --default-scheme made of it, parsed as a
	// URI reference (RFC 3986) when a filter had to parse it, so that the
	// operation need not parse it again; nil otherwise. Valid during the
	// call, as Text is.
	Parsed *uri.URI
}

// Worker turns inputs into output. Each goroutine has its own Worker, so
// a Worker needs no locking; with Config.WholeFiles it sees the lines of
// a file in order.
type Worker interface {
	// Handle gets a pointer: an Input is eight words, and copying it into
	// each call cost more than the call (the workers' wrappers are
	// generic).
	Handle(in *Input, s *sink.Sink)
}

// UnreadableReporter is implemented by workers whose output reports a
// file that cannot be read, in its place among the results (a JSON
// record, an annotation), besides the line on Stderr every file gets.
type UnreadableReporter interface {
	Unreadable(s *sink.Sink, file string, err error)
}

// Cut says how a line of input becomes inputs. The zero Cut makes each
// line one input.
type Cut struct {
	// List reads a list of URIs: blank lines and comments (a first
	// non-blank "#") give no input, and a byte order mark before a file's
	// first line is dropped.
	List bool
	// Extract finds the candidate URIs inside each line instead, keeping
	// state across a file's lines (Markdown code fences, suppression
	// regions): a file's lines go to one worker, in order. A line longer
	// than a block is read twice, first for what extraction must know of
	// it whole (extract.Facts), then in pieces of a block, so that memory
	// does not grow with it; standard input that cannot seek is kept in
	// a temporary file for the second reading.
	Extract bool
	// Documents extracts from the files that are documents by their
	// name (Markdown, HTML) and reads any other file, and standard
	// input, as List says: a Markdown file is never a list of URIs.
	Documents bool
	// Type is how extraction reads every file, or "auto" (and "") for
	// by its name; IncludeCode also takes Markdown code.
	Type        string
	IncludeCode bool
}

// Config says where inputs come from and who handles them.
type Config struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Args are the inputs: each is one input, and "-" stands for the
	// lines of Stdin. No Args means Stdin. With Files, each names a
	// file whose lines are inputs ("-" is Stdin).
	Args  []string
	Files bool
	// Dir is the working directory, which a relative file name is opened
	// from (it is shown as given); "" is the process's.
	Dir string
	// TempDir is where a long line of a pipe is kept between its two
	// readings; "" is the system's default.
	TempDir string
	// Once, for a command whose flags say everything (recompose from
	// flags, expand from --var), reads no input: the worker runs once, on
	// an Input of line 1 with no text.
	Once bool
	// OnEmpty runs the worker once, as Once does, when the inputs turn
	// out to hold no line at all.
	OnEmpty bool
	// Only, when set, reads Args and nothing else: no Args is no input
	// (lint given directories that hold no file it reads).
	Only bool
	// WholeFiles gives all the lines of a file to one worker, in order,
	// for workers that keep state within a file; files still spread over
	// the workers. A file extracted from (Cut) is always read so; the
	// blocks of any other file are spread over the workers.
	WholeFiles bool
	Cut        Cut
	// Workers is the number of goroutines handling input; 0 means
	// GOMAXPROCS.
	Workers   int
	NewWorker func() Worker
	// Hint is written to Stderr when Stdin is read and IsTerminal says
	// it is a terminal, so that a person knows uritool is waiting.
	Hint       string
	IsTerminal func(io.Reader) bool
	// Summary, if set, gives a line written to Stderr after all output.
	Summary func(Stats) string
	// Quiet drops what the workers and Summary write to Stderr (the
	// diagnostics of inputs, a closing summary), for a pipeline that
	// wants stdout and the exit status alone. A file that cannot be read
	// is still reported: it is the run's trouble, not an input's.
	Quiet bool
	// Finish, if set, writes what is due after the last input (a report
	// written whole, counts), once every unit's Carry is gathered.
	Finish func(s *sink.Sink)
}

// Stats sums up a run.
type Stats struct {
	Checked, Findings, Suppressed, Excluded, Code, Notes int
	// Unreadable counts the files that could not be opened or read; each
	// was reported on Stderr in its place.
	Unreadable int
}

// WriteError is a failure to write output; the run stopped at it.
type WriteError struct{ Err error }

func (e *WriteError) Error() string { return "write error: " + e.Err.Error() }
func (e *WriteError) Unwrap() error { return e.Err }

// ReadError is a failure to read standard input; the lines read before it
// were handled and written.
type ReadError struct{ Err error }

func (e *ReadError) Error() string { return "read error: " + e.Err.Error() }
func (e *ReadError) Unwrap() error { return e.Err }

// Block sizes. A block holds at most blockSize of input (a longer line
// grows its block, which shrinks back once written). Less when a command
// writes many times what it reads (parse's breakdown, interop's tables):
// the reader sizes each block so that its output comes to about
// sink.OutputPerBlock, judged by the blocks written so far, so that the output
// of the blocks in flight, and with it the memory, stays small whatever
// the command. The first blocks are small until there is a measure.
const (
	blockSize      = 64 << 10
	minBlockSize   = 4 << 10
	firstBlockSize = 16 << 10
)

// unit is one piece of work: a block of lines or one argument.
type unit struct {
	file      string
	data      []byte // whole lines; the last may lack its newline at the end of input
	firstLine int
	literal   bool // data is one argument, not lines
	first     bool // the cutter starts the file here: its first unit, or any unit of a file spread over workers
	// piece marks data as a piece of one long line, read for extraction
	// with facts; lastPiece ends the line.
	piece, lastPiece bool
	facts            *extract.Facts
	sink             *sink.Sink
	err              error // an open or read error, reported after the unit's output
	fatal            bool  // err ends the run (standard input failed)
	done             chan struct{}
}

// Run reads the inputs, lets the workers handle them, and writes their
// output in input order. It returns at the first write error, without
// reading further input.
func Run(c Config) (Stats, error) {
	workers := c.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	args := c.Args
	if len(args) == 0 && !c.Only && !c.Once {
		args = []string{"-"}
	}
	// The workers share one queue. Where some file may be read whole by
	// one worker (WholeFiles, extraction), each also has a queue of its
	// own, for such a file's blocks; the others still go to the shared
	// one, which whichever worker is free takes from: dealt round, one
	// slow block held up the blocks behind it in its worker's queue
	// while the other workers waited for them to be written (lint
	// --format sarif - on two cores over one, 5M lines: 1.74 -> 1.93).
	queues := c.WholeFiles || c.Cut.Extract || c.Cut.Documents
	ws := make([]Worker, workers)
	for i := range ws {
		ws[i] = c.NewWorker()
	}

	free := make(chan *unit, 2*workers+2)
	for i := 0; i < cap(free); i++ {
		free <- &unit{data: make([]byte, 0, blockSize), sink: sink.NewSink(), done: make(chan struct{}, 1)}
	}
	var limit atomic.Int64 // how much input the reader puts in a block
	limit.Store(firstBlockSize)
	shared := make(chan *unit, cap(free))
	var works []chan *unit
	if queues {
		works = make([]chan *unit, workers)
		for i := range works {
			works[i] = make(chan *unit, cap(free))
		}
	}
	ordered := make(chan *unit, cap(free))
	stop := make(chan struct{})
	var stopped atomic.Bool

	var wg sync.WaitGroup
	for i, w := range ws {
		wg.Add(1)
		var own chan *unit // nil without queues: it never delivers
		if queues {
			own = works[i]
		}
		go func(w Worker, own, shared <-chan *unit) {
			defer wg.Done()
			// A file read whole keeps its cutter's state from block to
			// block; the shared blocks have a cutter of their own, so
			// that one taken between two of its blocks leaves it be.
			whole := &cutter{cut: c.Cut, plain: c.Cut == (Cut{})}
			spread := &cutter{cut: c.Cut, plain: c.Cut == (Cut{})}
			for own != nil || shared != nil {
				var u *unit
				var ok bool
				cut := spread
				select {
				case u, ok = <-own:
					if !ok {
						own = nil
						continue
					}
					cut = whole
				case u, ok = <-shared:
					if !ok {
						shared = nil
						continue
					}
				}
				if !stopped.Load() {
					u.sink.SetInput(u.data)
					cut.handle(w, u)
					u.sink.EndInput()
				}
				u.done <- struct{}{}
				// The send readied the writer to run on this P when the
				// worker next blocks: with every P busy, that could be a
				// preemption 10 ms on, while the free units ran out and
				// the reader and the other workers waited. Yielding lets
				// it write at once (two cores over one, 5M lines:
				// validate about 1.7 -> 1.9, shape 1.7 -> 1.95).
				runtime.Gosched()
			}
		}(w, own, shared)
	}

	r := &reader{c: c, free: free, shared: shared, works: works, ordered: ordered, stop: stop, limit: &limit}
	go func() {
		defer close(ordered)
		defer func() {
			close(shared)
			for _, w := range works {
				close(w)
			}
		}()
		r.run(args)
	}()

	var stats Stats
	interleaved := !separate(c.Stdout, c.Stderr)
	write := func(toErr bool, b []byte) error {
		w := c.Stdout
		if toErr {
			if c.Quiet {
				return nil
			}
			w = c.Stderr
		}
		_, err := w.Write(b)
		return err
	}
	for u := range ordered {
		<-u.done
		if u.sink.Carry != nil {
			u.sink.Carry.Gather(u.sink)
		}
		err := u.sink.Each(interleaved, write)
		switch {
		case err != nil:
			err = &WriteError{err}
		case u.err != nil && u.fatal:
			err = &ReadError{u.err}
		case u.err != nil:
			stats.Unreadable++
			if _, werr := fmt.Fprintf(c.Stderr, "uritool: error: %v\n", u.err); werr != nil {
				err = &WriteError{werr}
			}
		}
		stats.Checked += u.sink.Checked
		stats.Findings += u.sink.Findings
		stats.Suppressed += u.sink.Suppressed
		stats.Excluded += u.sink.Excluded
		stats.Code += u.sink.Code
		stats.Notes += u.sink.Notes
		if !u.literal && len(u.data) > 0 {
			limit.Store(nextLimit(limit.Load(), len(u.data), u.sink.Size()))
		}
		if err != nil {
			// Return at once: the reader may be blocked on a terminal.
			// The workers and the reader end on their own when they see
			// stop; in a process about to exit that costs nothing.
			stopped.Store(true)
			close(stop)
			return stats, err
		}
		recycle(u)
		free <- u
	}
	wg.Wait()
	s := sink.NewSpilling(func(s *sink.Sink) error { return s.Each(interleaved, write) })
	if c.Finish != nil {
		c.Finish(s)
	}
	stats.Findings += s.Findings
	if c.Summary != nil {
		s.Err.WriteString(c.Summary(stats))
		s.Err.WriteByte('\n')
	}
	err := s.SpillErr()
	if err == nil {
		err = s.Each(interleaved, write)
	}
	if err != nil {
		return stats, &WriteError{err}
	}
	return stats, nil
}

// nextLimit is the input for the next block, from the last one's input
// and output: about sink.OutputPerBlock of output, halfway from the current
// limit so that one odd block does not swing it.
func nextLimit(current int64, in, out int) int64 {
	want := int64(blockSize)
	if out > 0 {
		want = min(int64(sink.OutputPerBlock)*int64(in)/int64(out), blockSize)
	}
	return max((current+want)/2, minBlockSize)
}

// separate reports whether stdout and stderr are different files, so
// that no reader can see how their writes interleave: then each unit's
// stdout is written whole, then its stderr. A terminal, "2>&1" and
// anything but an *os.File keep the interleaving.
func separate(stdout, stderr io.Writer) bool {
	out, ok1 := stdout.(*os.File)
	errOut, ok2 := stderr.(*os.File)
	if !ok1 || !ok2 {
		return false
	}
	a, err1 := out.Stat()
	b, err2 := errOut.Stat()
	return err1 == nil && err2 == nil && !os.SameFile(a, b)
}

// cutter cuts the lines of units into inputs for one worker; it keeps
// the extractor of the file being read.
type cutter struct {
	_         sink.CacheLinePad
	cut       Cut
	plain     bool               // each line is one input
	extractor *extract.Extractor // nil when the file is not extracted from
	found     []extract.Found
	ends      [2 * chunk]int32 // newlines' indexes: room for a chunk's, or a part chunk's and its end
	_         sink.CacheLinePad
}

// handle runs one unit through a worker.
func (c *cutter) handle(w Worker, u *unit) {
	in := Input{File: u.file, Line: u.firstLine, Carry: &u.sink.Carry}
	if u.first {
		c.startFile(u.file)
	}
	switch {
	case u.literal:
		in.Text = ascii.View(u.data)
		w.Handle(&in, u.sink)
	case u.piece:
		c.piece(w, &in, u)
	default:
		c.lines(w, &in, u)
	}
	if u.err != nil && !u.fatal {
		if r, ok := w.(UnreadableReporter); ok {
			r.Unreadable(u.sink, u.file, u.err)
		}
	}
}

// lines cuts a block at its newlines into lines, each an input or cut
// into inputs. The newlines come a batch at a time from newlines, and
// those of the part chunk at the end from putNewlines, with the block's
// end as the end of a last line that has no newline. It is kept out of
// line so that line, lint's path, is inlined in its loop: inlined in
// handle, it left line a call per input.
//
//go:noinline
func (c *cutter) lines(w Worker, in *Input, u *unit) {
	data := u.data
	start := 0 // of the next line
	for off := 0; start < len(data); {
		n, scanned := newlines(data[off:], c.ends[:])
		if scanned == 0 {
			rest := data[off:]
			n = putNewlines(rest, 0, c.ends[:], 0)
			if len(rest) == 0 || rest[len(rest)-1] != '\n' {
				c.ends[n] = int32(len(rest))
				n++
			}
			scanned = len(rest)
		}
		for _, e := range c.ends[:n] {
			end := off + int(e)
			in.Text = ascii.View(trimCR(data[start:end]))
			if c.plain {
				w.Handle(in, u.sink)
			} else {
				c.line(w, in, u.sink)
			}
			in.Line++
			start = end + 1
		}
		off += scanned
	}
}

// extracts reports whether the lines of the file name are cut by
// extraction.
func (c Cut) extracts(name string) bool {
	return c.Extract || c.Documents && name != "-" && name != "" && extract.TypeOf(name) != extract.Text
}

// startFile sets up extraction for a file, by its kind.
func (c *cutter) startFile(name string) {
	c.extractor = nil
	if !c.cut.extracts(name) {
		return
	}
	kind, err := extract.ParseType(c.cut.Type)
	if err != nil { // "auto"
		kind = extract.TypeOf(name)
		if name == "-" {
			kind = extract.Text
		}
	}
	c.extractor = extract.New(extract.Options{Type: kind, IncludeCode: c.cut.IncludeCode})
}

// byteOrderMark is U+FEFF in UTF-8, which some editors write first.
const byteOrderMark = "\uFEFF"

// line cuts one line into inputs by c.cut. in is the caller's, by
// pointer: a copy here would escape to the heap on every line.
func (c *cutter) line(w Worker, in *Input, s *sink.Sink) {
	if c.cut.List && in.Line == 1 {
		in.Text = strings.TrimPrefix(in.Text, byteOrderMark)
	}
	if c.extractor == nil && c.cut.Extract { // standard input read as lines
		c.startFile("-")
	}
	if c.extractor == nil {
		if !c.cut.List || !isComment(in.Text) {
			w.Handle(in, s)
		}
		return
	}
	c.found = c.extractor.Line(c.found[:0], in.Text)
	c.handleFound(w, in, s)
}

// piece extracts from a piece of a long line.
func (c *cutter) piece(w Worker, in *Input, u *unit) {
	if c.extractor == nil { // standard input read as lines
		c.startFile("-")
	}
	c.found = c.extractor.Piece(c.found[:0], u.data, u.facts, u.lastPiece)
	c.handleFound(w, in, u.sink)
}

func (c *cutter) handleFound(w Worker, in *Input, s *sink.Sink) {
	for i := range c.found {
		in.Found = &c.found[i]
		in.Text = in.Found.Text
		w.Handle(in, s)
	}
}

// isComment reports a line of a URI list that holds no URI: a blank
// one, or one whose first non-blank character is "#". A URI reference
// may begin with "#" (a fragment alone), but a list of links has no use
// for one, and lists like .gitignore use "#" for comments.
func isComment(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != ' ' && s[i] != '\t' {
			return s[i] == '#'
		}
	}
	return true
}

// recycle empties a written unit, dropping buffers a long line grew.
func recycle(u *unit) {
	if cap(u.data) > 4*blockSize {
		u.data = make([]byte, 0, blockSize)
	}
	u.data, u.file, u.literal, u.first, u.err, u.fatal = u.data[:0], "", false, false, nil, false
	u.piece, u.lastPiece, u.facts = false, false, nil
	u.sink.Reset()
}

// reader turns the inputs into units.
type reader struct {
	c       Config
	free    chan *unit
	shared  chan *unit
	works   []chan *unit // each worker's own queue, where there are queues
	whole   bool         // the current file's blocks go to one worker, in order
	target  int          // the worker that gets them
	ordered chan<- *unit
	stop    <-chan struct{}
	next    int // number of the next input when inputs are not files
	hinted  bool
	anyFile bool          // some file had a line (Files numbers lines per file)
	limit   *atomic.Int64 // how much input a block holds
	scratch []byte        // the first pass over a long line reads here
}

// take waits for a free unit, or reports that the run stopped.
func (r *reader) take() (*unit, bool) {
	select {
	case u := <-r.free:
		return u, true
	case <-r.stop:
		return nil, false
	}
}

func (r *reader) send(u *unit) {
	if r.whole {
		r.works[r.target] <- u
	} else {
		r.shared <- u
	}
	r.ordered <- u
}

func (r *reader) run(args []string) {
	r.next = 1
	if r.c.Once {
		r.literal("")
		return
	}
	defer func() {
		if r.c.OnEmpty && r.next == 1 && !r.anyFile {
			r.literal("")
		}
	}()
	for _, a := range args {
		var ok bool
		switch {
		case r.c.Files && a != "-":
			ok = r.file(a)
		case a == "-":
			r.hint()
			file := ""
			if r.c.Files {
				file = "-"
			}
			ok = r.lines(r.c.Stdin, file, true)
		default:
			ok = r.literal(a)
		}
		if !ok {
			return
		}
	}
}

func (r *reader) hint() {
	if r.hinted || r.c.Hint == "" || r.c.IsTerminal == nil || !r.c.IsTerminal(r.c.Stdin) {
		return
	}
	r.hinted = true
	fmt.Fprintln(r.c.Stderr, r.c.Hint)
}

func (r *reader) literal(a string) bool {
	u, ok := r.take()
	if !ok {
		return false
	}
	u.literal, u.firstLine = true, r.next
	u.data = append(u.data, a...)
	r.next++
	r.send(u)
	return true
}

// file opens name and reads its lines in blocks; a file that cannot be
// opened is reported in its place.
func (r *reader) file(name string) bool {
	path := name
	if r.c.Dir != "" && !filepath.IsAbs(name) {
		path = filepath.Join(r.c.Dir, name)
	}
	f, err := os.Open(path)
	if err != nil {
		u, ok := r.take()
		if !ok {
			return false
		}
		u.file, u.err = name, asGiven(err, name)
		r.send(u)
		return true
	}
	defer f.Close()
	in, err := textOf(f)
	if err != nil {
		u, ok := r.take()
		if !ok {
			return false
		}
		u.file, u.err = name, fmt.Errorf("%s: %w", name, err)
		r.send(u)
		return true
	}
	return r.lines(in, name, false)
}

// asGiven is err naming the file as it was given, not as it was opened
// from Dir.
func asGiven(err error, name string) error {
	var pe *os.PathError
	if errors.As(err, &pe) && pe.Path != name {
		return &os.PathError{Op: pe.Op, Path: name, Err: pe.Err}
	}
	return err
}

// ErrNotText is a file that holds a NUL byte where text would not: an
// image, an archive, a program, UTF-32. Its lines would be noise.
var ErrNotText = errors.New("not text (it holds a NUL byte near its start), not read")

// textOf is f as UTF-8 text: a file that begins with a UTF-16 byte order
// mark (as Windows tools write them) is decoded, where read as bytes it
// held no line a reader would see, and a file with a NUL byte in its
// first 512 bytes is no text (ErrNotText), as git and file(1) judge. The
// look costs one pread, and no other file is touched.
func textOf(f *os.File) (io.Reader, error) {
	var head [512]byte
	n, _ := f.ReadAt(head[:], 0)
	if n >= 2 && (head[0] == 0xFF && head[1] == 0xFE || head[0] == 0xFE && head[1] == 0xFF) {
		return transform.NewReader(f, unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewDecoder()), nil
	}
	if bytes.IndexByte(head[:n], 0) >= 0 {
		return nil, ErrNotText
	}
	return f, nil
}

// lines fills units with whole lines of in and sends each as soon as it
// has one, so a person typing sees each answer at once. A read that ends
// mid-line keeps the partial line for the next unit.
func (r *reader) lines(in io.Reader, file string, isStdin bool) bool {
	// A file that is extracted from is read by one worker, in order, as
	// is every file with WholeFiles; the blocks of a list are spread.
	r.whole = r.c.WholeFiles || r.c.Cut.extracts(file)
	if r.whole {
		r.target = (r.target + 1) % len(r.works)
	}
	first := true
	var carry []byte
	line := 1
	if file == "" {
		line = r.next
	}
	var read int64 // bytes read from in
	pieces := r.c.Cut.extracts(file)
units:
	for {
		u, ok := r.take()
		if !ok {
			return false
		}
		u.file, u.first = file, first || !r.whole
		first = false
		u.data = append(u.data[:0], carry...)
		carry = carry[:0]
		var err error
		// What the first pass over a long line read past it may hold
		// whole lines already.
		for scanned := 0; bytes.IndexByte(u.data[scanned:], '\n') < 0; {
			scanned = len(u.data)
			select {
			case <-r.stop:
				return false
			default:
			}
			end := min(int(r.limit.Load()), cap(u.data))
			if len(u.data) >= end { // a line longer than the limit
				if pieces && len(u.data) >= blockSize {
					l := longLine{in: in, file: file, line: line, isStdin: isStdin, start: read - int64(len(u.data))}
					handled, more, cont := r.longLine(&l, u)
					switch {
					case !handled: // no temporary file: hold the line whole
						pieces = false
					case !more:
						if file == "" {
							r.next = line + 1
						}
						return cont
					default:
						carry, line, read = append(carry, l.rest...), line+1, l.next
						if file == "" {
							r.next = line
						}
						continue units
					}
				}
				if len(u.data) == cap(u.data) {
					u.data = append(u.data, 0)[:len(u.data)]
				}
				end = cap(u.data)
			}
			var n int
			n, err = in.Read(u.data[len(u.data):end])
			read += int64(n)
			u.data = u.data[:len(u.data)+n]
			if err != nil {
				break
			}
		}
		if err == nil {
			cut := bytes.LastIndexByte(u.data, '\n') + 1
			carry = append(carry, u.data[cut:]...)
			u.data = u.data[:cut]
		}
		u.firstLine = line
		line += bytes.Count(u.data, []byte{'\n'})
		if len(u.data) > 0 && u.data[len(u.data)-1] != '\n' {
			line++
		}
		fatal := false
		if err != nil && !errors.Is(err, io.EOF) {
			if isStdin {
				u.err, u.fatal, fatal = err, true, true
			} else {
				u.err = fmt.Errorf("%s: %w", file, asGiven(err, file))
			}
		}
		// The unit belongs to the workers once sent: nothing below reads it.
		if len(u.data) > 0 || u.err != nil {
			r.anyFile = r.anyFile || len(u.data) > 0
			r.send(u)
		} else {
			r.free <- u
		}
		if file == "" {
			r.next = line
		}
		if err != nil {
			return !fatal
		}
	}
}

// longLine is a line too long for a block, which extraction reads in
// pieces.
type longLine struct {
	in      io.Reader
	file    string
	line    int
	isStdin bool
	start   int64  // the line's offset in in
	rest    []byte // what the first pass read past the line
	next    int64  // the offset in in after the line and rest
}

// longLine sends the line that u holds the start of in pieces of a
// block, after a first pass over it that gathers its extract.Facts. The
// second reading comes from in when it can seek, else from a temporary
// file that the first pass fills. handled is false, with nothing read,
// when there is no temporary file to be had; more is false when the
// line ended the input or a read failed, and cont false when the run
// must stop (it stopped, or standard input failed).
func (r *reader) longLine(l *longLine, u *unit) (handled, more, cont bool) {
	seeker, canSeek := l.in.(io.Seeker)
	if canSeek {
		_, err := seeker.Seek(0, io.SeekCurrent)
		canSeek = err == nil
	}
	var spool *os.File
	if !canSeek {
		f, err := os.CreateTemp(r.c.TempDir, "uritool-line-*")
		if err != nil {
			return false, false, false
		}
		// Unlinked at once where the system allows it, the file goes
		// away with the process however the run ends.
		unlinked := os.Remove(f.Name()) == nil
		defer func() {
			f.Close()
			if !unlinked {
				os.Remove(f.Name())
			}
		}()
		spool = f
	}
	// report puts err on u, to be reported after its output; it says
	// whether the run goes on.
	report := func(err error) bool {
		if l.isStdin {
			u.err, u.fatal = err, true
			return false
		}
		u.err = fmt.Errorf("%s: %w", l.file, asGiven(err, l.file))
		return true
	}
	// failed sends u with no data but err, in the line's place.
	failed := func(err error) (bool, bool, bool) {
		cont := report(err)
		u.piece, u.lastPiece, u.firstLine = true, true, l.line
		u.data = u.data[:0]
		r.send(u)
		return true, false, cont
	}

	// The first pass. A CR before the line's end is no part of it.
	facts := new(extract.Facts)
	facts.Reset()
	var size int64 // bytes of the line, with a CR before its end
	cr := false
	scan := func(b []byte) error {
		if len(b) == 0 {
			return nil // a CR before it may yet end the line
		}
		size += int64(len(b))
		if spool != nil {
			if _, err := spool.Write(b); err != nil {
				return err
			}
		}
		if cr {
			facts.Scan([]byte{'\r'})
		}
		line := trimCR(b)
		cr = len(line) < len(b)
		facts.Scan(line)
		return nil
	}
	if err := scan(u.data); err != nil {
		return failed(err)
	}
	if r.scratch == nil {
		r.scratch = make([]byte, blockSize)
	}
	newline := false
	var readErr error
	for !newline && readErr == nil {
		select {
		case <-r.stop:
			return true, false, false
		default:
		}
		n, err := l.in.Read(r.scratch)
		b := r.scratch[:n]
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			b, l.rest, newline = b[:i], b[i+1:], true
		}
		if err := scan(b); err != nil {
			return failed(err)
		}
		if err != nil && !newline {
			readErr = err
		}
	}
	facts.End()
	length := size
	if cr {
		length--
	}

	// The second reading, in pieces.
	src := l.in
	var err error
	if canSeek {
		_, err = seeker.Seek(l.start, io.SeekStart)
	} else {
		_, err = spool.Seek(0, io.SeekStart)
		src = spool
	}
	if err != nil {
		return failed(err)
	}
	for left := length; ; {
		n := int(min(left, blockSize))
		u.data = slices.Grow(u.data[:0], n)[:n]
		if _, err := io.ReadFull(src, u.data); err != nil {
			return failed(err)
		}
		left -= int64(n)
		u.piece, u.lastPiece, u.facts, u.file, u.firstLine = true, left == 0, facts, l.file, l.line
		r.anyFile = true
		if left == 0 {
			if readErr != nil && !errors.Is(readErr, io.EOF) {
				// The line read before the error keeps its last piece.
				cont := report(readErr)
				r.send(u)
				return true, false, cont
			}
			r.send(u)
			break
		}
		r.send(u)
		var ok bool
		if u, ok = r.take(); !ok {
			return true, false, false
		}
	}
	if canSeek {
		end := l.start + size
		if newline {
			end++
		}
		if _, err := seeker.Seek(end, io.SeekStart); err != nil {
			// The line's pieces are out; what follows cannot be read.
			var ok bool
			if u, ok = r.take(); !ok {
				return true, false, false
			}
			l.line++
			return failed(err)
		}
		l.rest, l.next = nil, end
		return true, newline, true
	}
	l.next = l.start + size + int64(len(l.rest))
	if newline {
		l.next++
	}
	return true, newline, true
}

// trimCR drops the CR of a CRLF line ending, so CRLF files read like LF
// ones.
func trimCR(line []byte) []byte {
	if n := len(line); n > 0 && line[n-1] == '\r' {
		return line[:n-1]
	}
	return line
}
