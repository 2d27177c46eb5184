// Command linecopy copies standard input to standard output one line at a
// time, through the same 64 KiB buffers uritool uses. It is the floor
// bench/run measures uritool's line-oriented commands against: the cost of
// reading and writing the lines with no work on them.
package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
)

func main() {
	if err := copyLines(os.Stdout, os.Stdin); err != nil {
		fmt.Fprintln(os.Stderr, "linecopy:", err)
		os.Exit(3)
	}
}

func copyLines(w io.Writer, r io.Reader) error {
	br := bufio.NewReaderSize(r, 64<<10)
	bw := bufio.NewWriterSize(w, 64<<10)
	for {
		// A line longer than the buffer comes in pieces, each ending
		// in ErrBufferFull; writing the pieces in turn copies it whole.
		line, err := br.ReadSlice('\n')
		if len(line) > 0 {
			if _, werr := bw.Write(line); werr != nil {
				return werr
			}
		}
		switch {
		case err == nil, errors.Is(err, bufio.ErrBufferFull):
		case errors.Is(err, io.EOF):
			return bw.Flush()
		default:
			return err
		}
	}
}
