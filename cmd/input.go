package cmd

import (
	"bufio"
	"io"
	"unsafe"

	"github.com/uritool/uritool/internal/lines"
)

// IOStreams are a command's standard streams, injected so that tests run
// the real commands against buffers.
type IOStreams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer
	// Getenv reads the environment (os.Getenv in main).
	Getenv func(string) string
}

// output wraps the streams in buffers; flush must run before returning.
type output struct {
	out, err *bufio.Writer
}

func newOutput(s *IOStreams) *output {
	return &output{out: bufio.NewWriterSize(s.Out, 64<<10), err: bufio.NewWriter(s.ErrOut)}
}

func (o *output) flush() error {
	outErr := o.out.Flush()
	if err := o.err.Flush(); err != nil {
		return &IOError{err}
	}
	if outErr != nil {
		return &IOError{outErr}
	}
	return nil
}

// onlyStdin reports whether the inputs are the lines of stdin alone.
func onlyStdin(args []string) bool {
	return len(args) == 0 || len(args) == 1 && args[0] == "-"
}

// eachInput calls fn with each input and its 1-based number: the
// arguments in order, where "-" stands for the lines of stdin, or the
// lines of stdin when there are no arguments. The text passed to fn is
// only valid during the call. Output is flushed whenever stdin has
// nothing more buffered, so an interactive user sees each answer at once
// while a pipe still gets large writes.
func eachInput(s *IOStreams, o *output, args []string, fn func(no int, text string) error) error {
	if len(args) == 0 {
		args = []string{"-"}
	}
	no := 0
	for _, a := range args {
		if a != "-" {
			no++
			if err := fn(no, a); err != nil {
				return err
			}
			continue
		}
		r := lines.NewReader(s.In)
		for {
			if r.Buffered() == 0 {
				if err := o.out.Flush(); err != nil {
					return &IOError{err}
				}
			}
			line, ok := r.Next()
			if !ok {
				break
			}
			no++
			if err := fn(no, bytesView(line)); err != nil {
				return err
			}
		}
		if err := r.Err(); err != nil {
			return &IOError{err}
		}
	}
	return nil
}

// bytesView reads line as a string without copying it. Callers use the
// text only until the next line is read, and keep a copy if they need
// more (see eachInput).
func bytesView(line []byte) string {
	if len(line) == 0 {
		return ""
	}
	return unsafe.String(&line[0], len(line))
}
