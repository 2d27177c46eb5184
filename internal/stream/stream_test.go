package stream_test

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uritool/uritool/internal/extract"
	"github.com/uritool/uritool/internal/sink"
	"github.com/uritool/uritool/internal/stream"
)

// echo writes each input back on stdout, and "!" lines on stderr.
type echo struct{}

func (echo) Handle(in *stream.Input, s *sink.Sink) {
	if strings.HasPrefix(in.Text, "!") {
		fmt.Fprintf(s.Err, "%s:%d:%s\n", in.File, in.Line, in.Text)
		s.Findings++
		return
	}
	fmt.Fprintf(s.Out, "%s:%d:%s\n", in.File, in.Line, in.Text)
}

func newEcho() stream.Worker { return echo{} }

func run(t *testing.T, c stream.Config) (string, string, stream.Stats, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	if c.Stdout == nil {
		c.Stdout = &out
	}
	if c.Stderr == nil {
		c.Stderr = &errOut
	}
	if c.NewWorker == nil {
		c.NewWorker = newEcho
	}
	stats, err := stream.Run(c)
	return out.String(), errOut.String(), stats, err
}

func TestOrderAcrossWorkers(t *testing.T) {
	var in, want strings.Builder
	for i := 1; i <= 200_000; i++ {
		fmt.Fprintf(&in, "line %d\r\n", i)
		fmt.Fprintf(&want, ":%d:line %d\n", i, i)
	}
	out, errOut, stats, err := run(t, stream.Config{Stdin: strings.NewReader(in.String()), Workers: 4})
	if err != nil || errOut != "" || out != want.String() {
		t.Fatalf("err %v, stderr %q, stdout equal: %v", err, errOut, out == want.String())
	}
	if stats.Findings != 0 {
		t.Errorf("findings %d", stats.Findings)
	}
}

// TestLineEnds cuts inputs of every length up to five chunks of the
// newline scan, ending or not in a newline, with empty lines, CRLF and
// lines longer and shorter than a chunk, and a stream of lines of random
// lengths over many blocks: each line once, in order, with its number.
func TestLineEnds(t *testing.T) {
	pattern := "a\n\nhttps://example.com/x\r\n" + strings.Repeat("b", 70) + "\n\n\n\n\nc\n" + strings.Repeat("d/", 50) + "\n"
	inputs := []string{}
	for n := 0; n <= len(pattern); n++ {
		inputs = append(inputs, pattern[:n])
	}
	r := rand.New(rand.NewPCG(3, 4))
	var long strings.Builder
	for long.Len() < 1<<20 {
		long.WriteString(strings.Repeat("x", r.IntN(200)))
		long.WriteByte('\n')
	}
	inputs = append(inputs, long.String(), long.String()+"tail")
	for _, in := range inputs {
		var want strings.Builder
		if in != "" {
			pieces := strings.Split(strings.TrimSuffix(in, "\n"), "\n")
			for i, p := range pieces {
				fmt.Fprintf(&want, ":%d:%s\n", i+1, strings.TrimSuffix(p, "\r"))
			}
		}
		out, errOut, _, err := run(t, stream.Config{Stdin: strings.NewReader(in), Workers: 2})
		if err != nil || errOut != "" || out != want.String() {
			t.Fatalf("input %q: err %v, stderr %q, stdout %q, want %q", in[:min(len(in), 300)], err, errOut, out[:min(len(out), 300)], want.String()[:min(want.Len(), 300)])
		}
	}
}

// lines is a Carry of input texts, gathered into one builder.
type lines struct {
	text     []byte
	into     *strings.Builder
	gathered *int
}

func (l *lines) Gather(*sink.Sink) {
	l.into.Write(l.text)
	*l.gathered += bytes.Count(l.text, []byte{'\n'})
	l.text = l.text[:0]
}

// carrier hands each input's text on in its carry, and writes a "!" line
// as a diagnostic, so that gathered and written output interleave.
type carrier struct {
	into     *strings.Builder
	gathered *int
}

func (c carrier) Handle(in *stream.Input, s *sink.Sink) {
	if strings.HasPrefix(in.Text, "!") {
		fmt.Fprintf(s.Err, "%d:%s\n", in.Line, in.Text)
		return
	}
	l := sink.CarryOf(in.Carry, func() *lines { return &lines{into: c.into, gathered: c.gathered} })
	l.text = append(append(l.text, in.Text...), '\n')
}

// TestCarryInInputOrder: what workers carry is gathered in input order,
// unit by unit, over several workers, and before the output of its unit:
// a count gathered this way sees what a single worker would.
func TestCarryInInputOrder(t *testing.T) {
	var in, want strings.Builder
	for i := 1; i <= 200_000; i++ {
		if i%1000 == 0 {
			fmt.Fprintf(&in, "!%d\n", i)
			continue
		}
		fmt.Fprintf(&in, "line %d\n", i)
		fmt.Fprintf(&want, "line %d\n", i)
	}
	var got strings.Builder
	var errOut bytes.Buffer
	collected := 0 // lines gathered when each diagnostic was written
	stderr := writerFunc(func(b []byte) (int, error) {
		for _, line := range strings.SplitAfter(string(b), "\n") {
			if line == "" {
				continue
			}
			var n int
			fmt.Sscanf(line, "%d:", &n)
			// Every line before the diagnostic's was collected first:
			// n-1 lines, less the n/1000-1 diagnostics among them.
			if before := n - n/1000; collected < before {
				t.Errorf("diagnostic of line %d written with %d lines collected, want %d or more", n, collected, before)
			}
		}
		return errOut.Write(b)
	})
	_, err := stream.Run(stream.Config{Stdin: strings.NewReader(in.String()), Stdout: io.Discard, Stderr: stderr, Workers: 4,
		NewWorker: func() stream.Worker { return carrier{into: &got, gathered: &collected} }})
	if err != nil || got.String() != want.String() {
		t.Fatalf("err %v, collected in order: %v", err, got.String() == want.String())
	}
	if n := strings.Count(errOut.String(), "\n"); n != 200 {
		t.Errorf("%d diagnostics, want 200", n)
	}
}

func TestArgumentsAndStdin(t *testing.T) {
	out, _, _, err := run(t, stream.Config{Stdin: strings.NewReader("b\nc"), Args: []string{"a", "-", "d\ne"}})
	if err != nil {
		t.Fatal(err)
	}
	// An argument is one input even with a newline in it; numbering runs
	// on across arguments and stdin; a last line without newline counts.
	if want := ":1:a\n:2:b\n:3:c\n:4:d\ne\n"; out != want {
		t.Errorf("stdout %q, want %q", out, want)
	}
}

// recorder keeps the order of writes to two streams.
type recorder struct {
	mu  sync.Mutex
	log []string
}

func (r *recorder) writer(name string) io.Writer {
	return writerFunc(func(b []byte) (int, error) {
		r.mu.Lock()
		defer r.mu.Unlock()
		for _, line := range strings.SplitAfter(string(b), "\n") {
			if line != "" {
				r.log = append(r.log, name+" "+line)
			}
		}
		return len(b), nil
	})
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(b []byte) (int, error) { return f(b) }

func TestStdoutAndStderrInInputOrder(t *testing.T) {
	var in strings.Builder
	var want []string
	for i := 1; i <= 5000; i++ {
		if i%3 == 0 {
			fmt.Fprintf(&in, "!%d\n", i)
			want = append(want, fmt.Sprintf("err :%d:!%d\n", i, i))
		} else {
			fmt.Fprintf(&in, "%d\n", i)
			want = append(want, fmt.Sprintf("out :%d:%d\n", i, i))
		}
	}
	var rec recorder
	_, _, stats, err := run(t, stream.Config{Stdin: strings.NewReader(in.String()), Workers: 3,
		Stdout: rec.writer("out"), Stderr: rec.writer("err")})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(rec.log, "") != strings.Join(want, "") {
		t.Errorf("interleaving differs from input order")
	}
	if stats.Findings != 5000/3 {
		t.Errorf("findings %d, want %d", stats.Findings, 5000/3)
	}
}

// TestFilesSharedOrSeparate: stdout and stderr on one file (a terminal,
// "2>&1") keep the input's interleaving; on two files each gets its own
// lines in order, and a unit's runs go out as one write per stream.
func TestFilesSharedOrSeparate(t *testing.T) {
	var in, both, outWant, errWant strings.Builder
	for i := 1; i <= 3000; i++ {
		text := strconv.Itoa(i)
		w := &outWant
		if i%3 == 0 {
			text, w = "!"+text, &errWant
		}
		fmt.Fprintf(&in, "%s\n", text)
		fmt.Fprintf(&both, ":%d:%s\n", i, text)
		fmt.Fprintf(w, ":%d:%s\n", i, text)
	}
	dir := t.TempDir()
	open := func(name string) *os.File {
		f, err := os.OpenFile(filepath.Join(dir, name), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}

	shared := open("shared")
	if _, _, _, err := run(t, stream.Config{Stdin: strings.NewReader(in.String()), Workers: 2, Stdout: shared, Stderr: open("shared")}); err != nil {
		t.Fatal(err)
	}
	if got := read("shared"); got != both.String() {
		t.Errorf("one file for both: interleaving differs from the input order")
	}

	if _, _, _, err := run(t, stream.Config{Stdin: strings.NewReader(in.String()), Workers: 2, Stdout: open("out"), Stderr: open("err")}); err != nil {
		t.Fatal(err)
	}
	if read("out") != outWant.String() || read("err") != errWant.String() {
		t.Errorf("two files: stdout or stderr differs from the input's lines")
	}
}

// endless yields the same line forever.
type endless struct{ line []byte }

func (e *endless) Read(p []byte) (int, error) {
	n := 0
	for n+len(e.line) <= len(p) {
		n += copy(p[n:], e.line)
	}
	return n, nil
}

// TestWriteErrorStopsEndlessInput can only pass if Run stops reading when
// a write fails: the input never ends.
func TestWriteErrorStopsEndlessInput(t *testing.T) {
	full := writerFunc(func([]byte) (int, error) { return 0, errors.New("no space left on device") })
	_, _, _, err := run(t, stream.Config{Stdin: &endless{[]byte("http://a/\n")}, Stdout: full})
	var we *stream.WriteError
	if !errors.As(err, &we) || !strings.Contains(err.Error(), "no space left") {
		t.Fatalf("err %v, want a WriteError", err)
	}
}

// TestWriteErrorOnStderrStopsToo: diagnostics that cannot be written stop
// the run as well.
func TestWriteErrorOnStderrStopsToo(t *testing.T) {
	full := writerFunc(func([]byte) (int, error) { return 0, errors.New("EIO") })
	_, _, _, err := run(t, stream.Config{Stdin: &endless{[]byte("!x\n")}, Stderr: full})
	var we *stream.WriteError
	if !errors.As(err, &we) {
		t.Fatalf("err %v, want a WriteError", err)
	}
}

// TestSlowInputAnsweredAtOnce feeds one line at a time and waits for its
// answer before sending the next: a stream that held output until a
// block filled or input ended would never answer. The deadline only
// turns such a hang into a failure.
func TestSlowInputAnsweredAtOnce(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	errR, errW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		_, err := stream.Run(stream.Config{Stdin: inR, Stdout: outW, Stderr: errW, NewWorker: newEcho})
		outW.Close()
		errW.Close()
		done <- err
	}()
	outLines, errLines := lineChan(outR), lineChan(errR)
	for i, c := range []struct {
		in, want string
		toErr    bool
	}{{"g", ":1:g", false}, {"!bad", ":2:!bad", true}, {"h", ":3:h", false}} {
		if _, err := io.WriteString(inW, c.in+"\n"); err != nil {
			t.Fatal(err)
		}
		from := outLines
		if c.toErr {
			from = errLines
		}
		select {
		case got := <-from:
			if got != c.want {
				t.Fatalf("line %d: got %q, want %q", i+1, got, c.want)
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("no answer to line %d while input stays open", i+1)
		}
	}
	inW.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

func lineChan(r io.Reader) <-chan string {
	c := make(chan string)
	go func() {
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			c <- sc.Text()
		}
		close(c)
	}()
	return c
}

// failingReader gives its data, then an error instead of io.EOF.
type failingReader struct{ r io.Reader }

func (f *failingReader) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	if err == io.EOF {
		return n, errors.New("connection reset")
	}
	return n, err
}

func TestReadErrorAfterOutput(t *testing.T) {
	out, _, _, err := run(t, stream.Config{Stdin: &failingReader{strings.NewReader("a\nb\n")}})
	var re *stream.ReadError
	if !errors.As(err, &re) {
		t.Fatalf("err %v, want a ReadError", err)
	}
	if out != ":1:a\n:2:b\n" {
		t.Errorf("lines read before the error: stdout %q", out)
	}
}

func TestLongLine(t *testing.T) {
	long := strings.Repeat("x", 1<<20)
	out, _, _, err := run(t, stream.Config{Stdin: strings.NewReader("a\n" + long + "\nb\n")})
	if err != nil || out != ":1:a\n:2:"+long+"\n:3:b\n" {
		t.Fatalf("err %v, stdout of %d bytes", err, len(out))
	}
}

func TestEmptyInput(t *testing.T) {
	out, errOut, stats, err := run(t, stream.Config{Stdin: strings.NewReader("")})
	if err != nil || out != "" || errOut != "" || stats.Checked != 0 {
		t.Fatalf("err %v, out %q, err %q", err, out, errOut)
	}
}

// fileWorker counts the lines of each file and writes a total at Finish.
type fileWorker struct {
	file  string
	count int
	total *int
}

func (w *fileWorker) Handle(in *stream.Input, s *sink.Sink) {
	if in.File != w.file {
		w.file, w.count = in.File, 0
	}
	w.count++
	*w.total++
	fmt.Fprintf(s.Out, "%s:%d: #%d in file\n", filepath.Base(in.File), in.Line, w.count)
}

func TestFiles(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	os.WriteFile(a, []byte("1\n2\n"), 0o644)
	os.WriteFile(b, []byte("3"), 0o644)
	missing := filepath.Join(dir, "missing")
	total := 0
	out, errOut, stats, err := run(t, stream.Config{Args: []string{a, missing, b}, Files: true, Workers: 1,
		NewWorker: func() stream.Worker { return &fileWorker{total: &total} },
		Finish:    func(s *sink.Sink) { fmt.Fprintf(s.Out, "total %d\n", total) },
		Summary:   func(s stream.Stats) string { return fmt.Sprintf("%d unreadable", s.Unreadable) }})
	if err != nil {
		t.Fatal(err)
	}
	want := "a:1: #1 in file\na:2: #2 in file\nb:1: #1 in file\ntotal 3\n"
	if out != want {
		t.Errorf("stdout %q, want %q", out, want)
	}
	if stats.Unreadable != 1 || !strings.Contains(errOut, "missing") || !strings.HasSuffix(errOut, "1 unreadable\n") {
		t.Errorf("unreadable %d, stderr %q", stats.Unreadable, errOut)
	}
}

// TestWholeFiles: with WholeFiles and several workers, the one worker
// that gets a file sees every line of it in order, even when the file
// spans many blocks; so a per-file count is each line's number.
func TestWholeFiles(t *testing.T) {
	dir := t.TempDir()
	var files []string
	const lines = 40000 // several blocks of input per file
	content := strings.Repeat("12345678\n", lines)
	for _, name := range []string{"a", "b", "c", "d"} {
		f := filepath.Join(dir, name)
		if err := os.WriteFile(f, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	out, _, _, err := run(t, stream.Config{Args: files, Files: true, WholeFiles: true, Workers: 4,
		NewWorker: func() stream.Worker { return &lineCountWorker{} }})
	if err != nil {
		t.Fatal(err)
	}
	if out != "" {
		t.Errorf("a worker saw a file's lines out of order or split: %.300s", out)
	}
}

// lineCountWorker writes a line only when its count within the file
// differs from the line number, that is when it missed lines of a file.
type lineCountWorker struct {
	file  string
	count int
}

func (w *lineCountWorker) Handle(in *stream.Input, s *sink.Sink) {
	if in.File != w.file {
		w.file, w.count = in.File, 0
	}
	w.count++
	if w.count != in.Line {
		fmt.Fprintf(s.Out, "%s:%d seen as #%d\n", filepath.Base(in.File), in.Line, w.count)
	}
}

// TestExtractPerFile: with Cut.Extract each file is read with its own
// state, so a Markdown fence left open in one file does not hide the
// URIs of the next, and candidates come with their line.
func TestExtractPerFile(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.md"), filepath.Join(dir, "b.md")
	os.WriteFile(a, []byte("http://a/1\n```\nhttp://a/in-code\n"), 0o644)
	os.WriteFile(b, []byte("# B\nsee http://b/2 and <http://b/3>\n"), 0o644)
	for _, workers := range []int{1, 2} {
		out, _, _, err := run(t, stream.Config{Args: []string{a, b}, Files: true, Workers: workers, Cut: stream.Cut{Extract: true},
			NewWorker: func() stream.Worker { return candidateWorker{} }})
		want := "a.md:1:0 http://a/1 false\na.md:3:0 http://a/in-code true\nb.md:2:4 http://b/2 false\nb.md:2:20 http://b/3 false\n"
		if err != nil || out != want {
			t.Errorf("%d workers: stdout %q, want %q (err %v)", workers, out, want, err)
		}
	}
}

// TestDocumentsAmongLists: a document read whole by one worker keeps its
// extraction state across its blocks while that worker also takes the
// blocks of lists around it from the shared queue: the URIs inside a
// fence that spans many blocks stay in code.
func TestDocumentsAmongLists(t *testing.T) {
	dir := t.TempDir()
	doc := filepath.Join(dir, "doc.md")
	if err := os.WriteFile(doc, []byte("```\n"+strings.Repeat("http://in/code\n", 40000)+"```\nhttp://after/fence\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var args []string
	for _, name := range []string{"a.txt", "b.txt", "c.txt"} {
		f := filepath.Join(dir, name)
		if err := os.WriteFile(f, []byte(strings.Repeat("http://list/x\n", 40000)), 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, f)
	}
	args = []string{args[0], doc, args[1], args[2]}
	// A list's candidates are its lines; a document's, what its
	// Markdown links to, in code or not.
	cut := stream.Cut{Documents: true}
	var want string
	for _, workers := range []int{1, 4} {
		out, _, _, err := run(t, stream.Config{Args: args, Files: true, Workers: workers, Cut: cut,
			NewWorker: func() stream.Worker { return codeWorker{} }})
		if err != nil {
			t.Fatal(err)
		}
		if workers == 1 {
			want = out
			if !strings.Contains(want, "doc.md:40001 in code\n") || !strings.Contains(want, "doc.md:40003 not in code\n") {
				t.Fatalf("one worker: %.300s", want)
			}
			continue
		}
		if out != want {
			t.Errorf("%d workers: output differs from one worker's", workers)
		}
	}
}

// codeWorker writes whether each candidate of a document is in code.
type codeWorker struct{}

func (codeWorker) Handle(in *stream.Input, s *sink.Sink) {
	if in.Found != nil && filepath.Ext(in.File) == ".md" {
		code := "not in code"
		if in.Found.Suppress.All || in.Found.Code {
			code = "in code"
		}
		fmt.Fprintf(s.Out, "%s:%d %s\n", filepath.Base(in.File), in.Line, code)
	}
}

// candidateWorker writes each candidate with its place; one in Markdown
// code comes wholly suppressed.
type candidateWorker struct{}

func (candidateWorker) Handle(in *stream.Input, s *sink.Sink) {
	fmt.Fprintf(s.Out, "%s:%d:%d %s %v\n", filepath.Base(in.File), in.Line, in.Found.Offset, in.Text, in.Found.Suppress.All)
}

// TestHint: a person at a terminal is told once that input is awaited; a
// pipe is not.
func TestHint(t *testing.T) {
	for _, tty := range []bool{true, false} {
		_, errOut, _, err := run(t, stream.Config{Stdin: strings.NewReader("a\n"), Args: []string{"-", "-"}, Hint: "waiting",
			IsTerminal: func(io.Reader) bool { return tty }})
		want := ""
		if tty {
			want = "waiting\n"
		}
		if err != nil || errOut != want {
			t.Errorf("terminal %v: stderr %q, want %q", tty, errOut, want)
		}
	}
}

// finish writes n lines of 1 KiB when the input ends, spilling as it
// goes.
func finish(n int) func(s *sink.Sink) {
	return func(s *sink.Sink) {
		line := strings.Repeat("x", 1023) + "\n"
		for range n {
			s.Out.WriteString(line)
			s.Spill()
		}
	}
}

// TestSpill: output due after all input is written out as it grows, in
// pieces of about a block's output, not held whole until the end.
func TestSpill(t *testing.T) {
	var writes []int
	var out bytes.Buffer
	record := writerFunc(func(p []byte) (int, error) {
		writes = append(writes, len(p))
		return out.Write(p)
	})
	const lines = 1000
	_, _, _, err := run(t, stream.Config{Stdin: strings.NewReader(""), Stdout: record, Workers: 1,
		Finish: finish(lines)})
	if err != nil || out.Len() != lines<<10 {
		t.Fatalf("err %v, %d bytes written, want %d", err, out.Len(), lines<<10)
	}
	if len(writes) < 4 || slices.Max(writes) > 256<<10 {
		t.Errorf("written in %d pieces of up to %d bytes, want pieces of a block's output", len(writes), slices.Max(writes))
	}
}

// TestSpillWriteError: a write that fails while spilling ends the run with
// a WriteError, and nothing is written after it.
func TestSpillWriteError(t *testing.T) {
	writes := 0
	full := writerFunc(func([]byte) (int, error) {
		writes++
		return 0, errors.New("no space left on device")
	})
	_, _, _, err := run(t, stream.Config{Stdin: strings.NewReader(""), Stdout: full, Workers: 1,
		Finish: finish(1000)})
	var we *stream.WriteError
	if !errors.As(err, &we) || writes != 1 {
		t.Fatalf("err %v after %d writes, want a WriteError after 1", err, writes)
	}
}

// nopWorker handles inputs and writes nothing.
type nopWorker struct{}

func (nopWorker) Handle(*stream.Input, *sink.Sink) {}

// TestCutAllocations: cutting lines into inputs allocates per block, not
// per line, in every mode (a copy of the Input escaping per line once made
// lint --format json 70% slower).
func TestCutAllocations(t *testing.T) {
	input := strings.Repeat("http://example.com/a\n# comment\n", 20000)
	for _, cut := range []stream.Cut{{}, {List: true}, {Extract: true}} {
		allocs := testing.AllocsPerRun(3, func() {
			_, err := stream.Run(stream.Config{Stdin: strings.NewReader(input), Stdout: io.Discard, Stderr: io.Discard,
				Cut: cut, Workers: 1, NewWorker: func() stream.Worker { return nopWorker{} }})
			if err != nil {
				t.Fatal(err)
			}
		})
		if allocs > 2000 { // 40,000 lines
			t.Errorf("cut %+v: %.0f allocations for 40,000 lines", cut, allocs)
		}
	}
}

// columnWorker writes each candidate with its line, offset and column.
type columnWorker struct{}

func (columnWorker) Handle(in *stream.Input, s *sink.Sink) {
	fmt.Fprintf(s.Out, "%d:%d:%d %s %v\n", in.Line, in.Found.Offset, in.Found.Runes+1, in.Text, in.Found.Suppress)
}

// noSeek hides a reader's Seek, as a pipe has none.
type noSeek struct{ io.Reader }

// TestExtractLongLines: a line longer than a block is read in pieces,
// from a reader that can seek, from a pipe (through a temporary file) and
// from a file, and gives what extraction of the whole line gives, with
// the lines around it in order.
func TestExtractLongLines(t *testing.T) {
	var long strings.Builder
	for i := 0; long.Len() < 300<<10; i++ {
		fmt.Fprintf(&long, "see https://example.com/%d é \"http://q.example/a b\" <a href=\"/r/%d?x=1&amp;y\">`code`</a> ", i, i)
	}
	lines := []string{
		"short http://a.example/",
		long.String() + "uritool-disable-line",
		"<!-- uritool-disable-next-line -->",
		long.String() + "\r",
		strings.Repeat("x", 200<<10),
		"last http://z.example/ " + long.String(),
	}
	input := strings.Join(lines, "\n") // the last line has no newline
	var want strings.Builder
	e := extract.New(extract.Options{Type: extract.Markdown})
	for i, line := range lines {
		for _, f := range e.Line(nil, strings.TrimSuffix(line, "\r")) {
			fmt.Fprintf(&want, "%d:%d:%d %s %v\n", i+1, f.Offset, f.Runes+1, f.Text, f.Suppress)
		}
	}
	path := filepath.Join(t.TempDir(), "long.md")
	if err := os.WriteFile(path, []byte(input), 0o644); err != nil {
		t.Fatal(err)
	}
	cut := stream.Cut{Extract: true, Type: "markdown"}
	for _, c := range []struct {
		name string
		c    stream.Config
	}{
		{"seekable stdin", stream.Config{Stdin: strings.NewReader(input)}},
		{"pipe", stream.Config{Stdin: noSeek{strings.NewReader(input)}}},
		{"file", stream.Config{Args: []string{path}, Files: true}},
		{"two files", stream.Config{Args: []string{path, path}, Files: true, Workers: 2}},
	} {
		c.c.Cut, c.c.NewWorker = cut, func() stream.Worker { return columnWorker{} }
		out, errOut, _, err := run(t, c.c)
		w := want.String()
		if c.name == "two files" {
			w += w
		}
		if err != nil || errOut != "" || out != w {
			t.Errorf("%s: err %v, stderr %q, stdout of %d bytes, want %d", c.name, err, errOut, len(out), len(w))
		}
	}
	// Without a temporary file, a pipe's long line is held whole.
	out, _, _, err := run(t, stream.Config{Stdin: noSeek{strings.NewReader(input)}, Cut: cut, TempDir: filepath.Join(t.TempDir(), "none"),
		NewWorker: func() stream.Worker { return columnWorker{} }})
	if err != nil || out != want.String() {
		t.Errorf("no temporary file: err %v, stdout of %d bytes, want %d", err, len(out), want.Len())
	}
}

// TestExtractLongLineReadError: a read that fails within a long line
// ends the run with the error, after what was read.
func TestExtractLongLineReadError(t *testing.T) {
	input := "http://a.example/\n" + strings.Repeat("see http://b.example/ ", 10<<10)
	for _, in := range []io.Reader{&failingReader{strings.NewReader(input)}, noSeek{&failingReader{strings.NewReader(input)}}} {
		out, _, _, err := run(t, stream.Config{Stdin: in, Cut: stream.Cut{Extract: true}, NewWorker: func() stream.Worker { return columnWorker{} }})
		var re *stream.ReadError
		if !errors.As(err, &re) || !strings.HasPrefix(out, "1:0:1 http://a.example/ {false []}\n") {
			t.Errorf("%T: err %v, stdout %.80q", in, err, out)
		}
		// Every byte was read before the error: none of it is lost.
		if n := strings.Count(out, "http://b.example/"); n != 10<<10 {
			t.Errorf("%T: %d candidates of the long line, want %d", in, n, 10<<10)
		}
	}
}

// TestDir: a relative file name is opened from Config.Dir, not the
// process's working directory, and is shown, in output and errors, as it
// was given.
func TestDir(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, stats, err := run(t, stream.Config{Args: []string{"a.txt", "missing.txt"}, Files: true, Dir: dir})
	if err != nil || out != "a.txt:1:x\n" || stats.Unreadable != 1 || !strings.Contains(errOut, "open missing.txt: ") {
		t.Errorf("err %v, stdout %q, stderr %q, unreadable %d", err, out, errOut, stats.Unreadable)
	}
}
