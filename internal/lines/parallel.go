package lines

import (
	"bytes"
	"errors"
	"io"
	"sync"
)

// Handler turns one line into output. Each worker has its own Handler,
// so a Handler needs no locking.
type Handler interface {
	// Line handles the line numbered no (1-based), without its line
	// ending, appending any output to out. line is only valid during the
	// call.
	Line(no int, line []byte, out *bytes.Buffer) error
}

// blockSize is how much input one block holds; a longer line grows its
// block, which goes back to this size once written.
const blockSize = 64 << 10

type block struct {
	seq       int
	firstLine int
	data      []byte // whole lines, each ending in '\n' except maybe the last of the input
	out       bytes.Buffer
	err       error
	done      chan struct{}
}

// Process reads the lines of r, lets workers handlers work on blocks of
// them in parallel, and writes each block's output to w in input order,
// so the output is the same as a sequential run's. The same rules as
// Reader apply: lines of any length, a trailing CR dropped, a last line
// without newline kept. A read error or a handler error stops the run;
// lines read before it are still handled and written.
//
// Memory stays bounded: at most 2*workers+2 blocks are in flight.
func Process(r io.Reader, w io.Writer, handlers []Handler) error {
	workers := len(handlers)
	free := make(chan *block, 2*workers+2)
	for i := 0; i < cap(free); i++ {
		free <- &block{data: make([]byte, 0, blockSize), done: make(chan struct{}, 1)}
	}
	work := make(chan *block, cap(free))
	ordered := make(chan *block, cap(free))

	var wg sync.WaitGroup
	for _, h := range handlers {
		wg.Add(1)
		go func(h Handler) {
			defer wg.Done()
			for b := range work {
				b.err = handleBlock(h, b)
				b.done <- struct{}{}
			}
		}(h)
	}

	// The writer takes blocks in the order they were read, waits for
	// each to be handled, and writes it.
	writeErr := make(chan error, 1)
	go func() {
		var first error
		for b := range ordered {
			<-b.done
			if first == nil && b.err != nil {
				first = b.err
			}
			if first == nil && b.out.Len() > 0 {
				if _, err := w.Write(b.out.Bytes()); err != nil {
					first = err
				}
			}
			recycle(b)
			free <- b
		}
		writeErr <- first
	}()

	readErr := readBlocks(r, free, work, ordered)
	close(work)
	close(ordered)
	wg.Wait()
	if err := <-writeErr; err != nil {
		return err
	}
	return readErr
}

// readBlocks fills blocks with whole lines and hands each to a worker
// and, in the same order, to the writer. A read that ends mid-line keeps
// the partial line for the next block; a block is sent as soon as it has
// a line, so an interactive user gets each answer at once.
func readBlocks(r io.Reader, free <-chan *block, work, ordered chan<- *block) error {
	var carry []byte
	seq, line := 0, 1
	b := <-free
	for {
		b.data = append(b.data[:0], carry...)
		carry = carry[:0]
		var err error
		for {
			if len(b.data) == cap(b.data) {
				b.data = append(b.data, 0)[:len(b.data)] // grow for a long line
			}
			var n int
			n, err = r.Read(b.data[len(b.data):cap(b.data)])
			b.data = b.data[:len(b.data)+n]
			if err != nil || bytes.IndexByte(b.data[len(b.data)-n:], '\n') >= 0 {
				break
			}
		}
		if err == nil {
			cut := bytes.LastIndexByte(b.data, '\n') + 1
			carry = append(carry, b.data[cut:]...)
			b.data = b.data[:cut]
		}
		if len(b.data) > 0 {
			b.seq, b.firstLine = seq, line
			seq++
			line += bytes.Count(b.data, []byte{'\n'})
			if b.data[len(b.data)-1] != '\n' {
				line++
			}
			work <- b
			ordered <- b
			b = <-free
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				err = nil
			}
			return err
		}
	}
}

func handleBlock(h Handler, b *block) error {
	data, no := b.data, b.firstLine
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		var line []byte
		if i < 0 {
			line, data = data, nil
		} else {
			line, data = data[:i], data[i+1:]
		}
		if err := h.Line(no, trimCR(line), &b.out); err != nil {
			return err
		}
		no++
	}
	return nil
}

// recycle empties a written block, dropping buffers a long line grew.
func recycle(b *block) {
	if cap(b.data) > 4*blockSize {
		b.data = make([]byte, 0, blockSize)
	}
	if b.out.Cap() > 4*blockSize {
		b.out = bytes.Buffer{}
	}
	b.out.Reset()
	b.err = nil
}
