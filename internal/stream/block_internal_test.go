package stream

import (
	"strings"
	"testing"

	"github.com/uritool/uritool/internal/sink"
)

// amplifier writes each input line twenty times, as a command whose
// output is far larger than its input (parse's breakdown, interop).
type amplifier struct{}

func (amplifier) Handle(in *Input, s *sink.Sink) {
	for range 20 {
		s.Out.WriteString(in.Text)
		s.Out.WriteByte('\n')
	}
}

// TestOutputPerBlock: once the first blocks are measured, each block's
// output stays near sink.OutputPerBlock however much a command amplifies its
// input, so the output in flight, and the memory, stay small. Before the
// reader sized blocks by their output, each block gave 20 x 64 KiB.
func TestOutputPerBlock(t *testing.T) {
	line := strings.Repeat("x", 63) + "\n"
	in := strings.Repeat(line, 100_000) // 6.4 MB in, 128 MB out
	var writes []int
	out := writerFunc(func(b []byte) (int, error) { writes = append(writes, len(b)); return len(b), nil })
	_, err := Run(Config{Stdin: strings.NewReader(in), Stdout: out, Stderr: out, Workers: 2,
		NewWorker: func() Worker { return amplifier{} }})
	if err != nil {
		t.Fatal(err)
	}
	settled := writes[2*(2*2+2):] // after the blocks read before any was measured
	biggest := 0
	for _, n := range settled {
		biggest = max(biggest, n)
	}
	if biggest > 2*sink.OutputPerBlock {
		t.Errorf("a block wrote %d bytes, want at most %d", biggest, 2*sink.OutputPerBlock)
	}
}

func TestNextLimit(t *testing.T) {
	for _, c := range []struct {
		current int64
		in, out int
		want    int64
	}{
		{blockSize, blockSize, blockSize, blockSize},                                       // output the size of input: full blocks
		{firstBlockSize, firstBlockSize, firstBlockSize, (firstBlockSize + blockSize) / 2}, // growing halfway
		{minBlockSize, 1000, 100_000_000, minBlockSize},                                    // never below the floor
		{blockSize, blockSize, 0, blockSize},                                               // no output at all
		{blockSize, 16 << 10, 512 << 10, (blockSize + sink.OutputPerBlock/32) / 2},         // 32x: 8 KiB wanted
	} {
		if got := nextLimit(c.current, c.in, c.out); got != c.want {
			t.Errorf("nextLimit(%d, %d, %d) = %d, want %d", c.current, c.in, c.out, got, c.want)
		}
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(b []byte) (int, error) { return f(b) }
