package stream

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/uritool/uritool/internal/sink"
)

// numbered writes each input with its file and line, and counts it.
type numbered struct{}

func (numbered) Handle(in *Input, s *sink.Sink) {
	fmt.Fprintf(s.Out, "%s:%d:%q\n", in.File, in.Line, in.Text)
	s.Checked++
}

// runSpans runs c with the numbered worker and returns what it wrote.
func runSpans(t *testing.T, c Config) (string, Stats, error) {
	t.Helper()
	var out bytes.Buffer
	c.Stdout, c.Stderr = &out, &out
	c.NewWorker = func() Worker { return numbered{} }
	stats, err := Run(c)
	return out.String(), stats, err
}

// onlyReader hides every method of its reader but Read, so that the
// reader reads it in turn, as a pipe.
type onlyReader struct{ io.Reader }

// spanCases are inputs whose lines cross spans in every way: a line
// ending on a span's last byte, a line longer than several spans, CRLF
// split between spans, no newline at the end, empty lines.
var spanCases = []string{
	"",
	"\n",
	"\n\n\n",
	"a",
	"a\n",
	"ab\ncd\n",
	"ab\ncd",
	"a\r\nb\r\n",
	"\r\n\r\n",
	"line one\nline two\n\nline four\nno end",
	strings.Repeat("x", 100) + "\n" + "y\n" + strings.Repeat("z", 33),
	strings.Repeat("0123456\n", 40),
}

// FuzzSpans: a regular file read in spans by the workers gives what it
// gives read in turn, as a pipe: the same inputs, numbered alike, the
// numbering running on across arguments; and standard input's offset
// ends at the end of the file, where reading began at its offset.
func FuzzSpans(f *testing.F) {
	for _, c := range spanCases {
		for _, block := range []uint8{1, 2, 3, 7, 64} {
			f.Add(c, block, uint8(0))
			f.Add(c, block, uint8(1))
		}
	}
	f.Fuzz(func(t *testing.T, data string, block, skip uint8) {
		if block == 0 {
			block = 1
		}
		start := int64(0)
		if len(data) > 0 {
			start = int64(skip) % int64(len(data)+1)
		}
		path := filepath.Join(t.TempDir(), "in")
		if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
		file, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer file.Close()
		if _, err := file.Seek(start, io.SeekStart); err != nil {
			t.Fatal(err)
		}
		args := []string{"before", "-", "after"}
		got, gotStats, err := runSpans(t, Config{Stdin: file, Args: args, Workers: 3, blockLimit: int64(block)})
		if err != nil {
			t.Fatal(err)
		}
		want, wantStats, err := runSpans(t, Config{Stdin: onlyReader{strings.NewReader(data[start:])}, Args: args, Workers: 3, blockLimit: int64(block)})
		if err != nil {
			t.Fatal(err)
		}
		if got != want || gotStats != wantStats {
			t.Errorf("in spans:\n%s%+v\nin turn:\n%s%+v", got, gotStats, want, wantStats)
		}
		if at, _ := file.Seek(0, io.SeekCurrent); at != int64(len(data)) {
			t.Errorf("standard input left at %d, want %d", at, len(data))
		}
	})
}

// TestSpansOfFiles: files named as arguments are read in spans too, and
// each is numbered from 1.
func TestSpansOfFiles(t *testing.T) {
	dir := t.TempDir()
	var args []string
	var want strings.Builder
	for i, c := range spanCases {
		name := fmt.Sprintf("f%d", i)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(c), 0o600); err != nil {
			t.Fatal(err)
		}
		args = append(args, name)
		got, _, err := runSpans(t, Config{Stdin: onlyReader{strings.NewReader(c)}, Files: true, Args: []string{"-"}, blockLimit: 64})
		if err != nil {
			t.Fatal(err)
		}
		want.WriteString(strings.ReplaceAll(got, "-:", name+":"))
	}
	got, _, err := runSpans(t, Config{Files: true, Args: args, Dir: dir, Workers: 4, blockLimit: 5})
	if err != nil || got != want.String() {
		t.Errorf("err %v; got\n%s\nwant\n%s", err, got, want.String())
	}
}

// sized is a regular file whose Stat says size, whatever its content:
// one that grew or shrank after it was measured. fail, if set, is the
// error of any read at or past failAt.
type sized struct {
	*strings.Reader
	size   int64
	fail   error
	failAt int64
}

func (s *sized) Stat() (os.FileInfo, error) { return sizedInfo{s.size}, nil }

func (s *sized) ReadAt(p []byte, off int64) (int, error) {
	if s.fail != nil && off+int64(len(p)) > s.failAt {
		return 0, s.fail
	}
	return s.Reader.ReadAt(p, off)
}

type sizedInfo struct{ size int64 }

func (i sizedInfo) Name() string       { return "sized" }
func (i sizedInfo) Size() int64        { return i.size }
func (i sizedInfo) Mode() os.FileMode  { return 0o600 }
func (i sizedInfo) ModTime() time.Time { return time.Time{} }
func (i sizedInfo) IsDir() bool        { return false }
func (i sizedInfo) Sys() any           { return nil }

// TestSpansOfAChangingFile: what a file gains after it was measured is
// read on from where the spans ended, the line they ended in whole; what
// it lost is not looked for.
func TestSpansOfAChangingFile(t *testing.T) {
	data := "one\ntwo\nthree\nfour\nfive\n"
	want, _, _ := runSpans(t, Config{Stdin: onlyReader{strings.NewReader(data)}})
	for _, size := range []int64{1, 5, 6, 10, int64(len(data)) + 100} {
		got, _, err := runSpans(t, Config{Stdin: &sized{Reader: strings.NewReader(data), size: size}, Workers: 2, blockLimit: 3})
		if err != nil || got != want {
			t.Errorf("measured at %d bytes: err %v; got\n%s\nwant\n%s", size, err, got, want)
		}
	}
}

// TestSpanReadError: a read that fails ends standard input there as a
// read error; what the spans before it held is written, and nothing
// after.
func TestSpanReadError(t *testing.T) {
	data := strings.Repeat("line\n", 100)
	broken := errors.New("broken disk")
	in := &sized{Reader: strings.NewReader(data), size: int64(len(data)), fail: broken, failAt: 250}
	got, _, err := runSpans(t, Config{Stdin: in, Workers: 3, blockLimit: 10})
	var re *ReadError
	if !errors.As(err, &re) || !errors.Is(err, broken) {
		t.Fatalf("err %v, want a ReadError of %v", err, broken)
	}
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	if len(lines) == 0 || len(lines) > 50 {
		t.Fatalf("%d lines written, want those before byte 250", len(lines))
	}
	for i, l := range lines {
		if want := fmt.Sprintf(":%d:\"line\"", i+1); l != want {
			t.Fatalf("line %d is %q, want %q", i+1, l, want)
		}
	}
}

// TestSpansStopOnWriteError: a write error stops the run while workers
// wait on the span before theirs.
func TestSpansStopOnWriteError(t *testing.T) {
	data := strings.Repeat("line\n", 10_000)
	failing := writerFunc(func([]byte) (int, error) { return 0, errors.New("disk full") })
	in := &sized{Reader: strings.NewReader(data), size: int64(len(data))}
	_, err := Run(Config{Stdin: in, Stdout: failing, Stderr: failing, Workers: 4, blockLimit: 7,
		NewWorker: func() Worker { return numbered{} }})
	var we *WriteError
	if !errors.As(err, &we) {
		t.Fatalf("err %v, want a WriteError", err)
	}
}
