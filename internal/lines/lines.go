// Package lines reads input one line at a time, with no limit on a
// line's length, for commands that give one result per input line.
package lines

import (
	"bufio"
	"errors"
	"io"
)

// Reader yields the lines of an input. A final line without a newline is
// still a line, a trailing CR is dropped so that CRLF files read like LF
// ones, and an empty input has no lines.
type Reader struct {
	r    *bufio.Reader
	long []byte // holds a line longer than the bufio buffer
	no   int
	err  error
}

// NewReader reads from r.
func NewReader(r io.Reader) *Reader {
	return &Reader{r: bufio.NewReaderSize(r, 64<<10)}
}

// Next returns the next line without its line ending. The slice is only
// valid until the next call. At the end of input it returns ok false;
// Err then tells whether reading failed.
func (lr *Reader) Next() (line []byte, ok bool) {
	if lr.err != nil {
		return nil, false
	}
	b, err := lr.r.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		lr.long = append(lr.long[:0], b...)
		for errors.Is(err, bufio.ErrBufferFull) {
			b, err = lr.r.ReadSlice('\n')
			lr.long = append(lr.long, b...)
		}
		b = lr.long
	}
	if err != nil {
		lr.err = err
		if len(b) == 0 {
			return nil, false
		}
	}
	lr.no++
	if n := len(b); n > 0 && b[n-1] == '\n' {
		b = b[:n-1]
	}
	return TrimCR(b), true
}

// TrimCR drops the CR of a CRLF line ending, so CRLF files read like LF ones.
func TrimCR(line []byte) []byte {
	if n := len(line); n > 0 && line[n-1] == '\r' {
		return line[:n-1]
	}
	return line
}

// Number is the 1-based number of the line Next returned last.
func (lr *Reader) Number() int { return lr.no }

// Err returns the first error other than io.EOF met while reading.
func (lr *Reader) Err() error {
	if errors.Is(lr.err, io.EOF) {
		return nil
	}
	return lr.err
}

// Buffered is how many bytes can be read without waiting on the input.
func (lr *Reader) Buffered() int { return lr.r.Buffered() }
