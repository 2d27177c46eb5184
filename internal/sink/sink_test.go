package sink_test

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/uritool/uritool/internal/sink"
)

// TestDrop: dropping spans of stdout keeps what is around them, and its
// interleaving with stderr, as if the spans had never been written.
func TestDrop(t *testing.T) {
	type write struct {
		toErr bool
		text  string
		drop  bool
	}
	for _, tc := range []struct {
		name   string
		writes []write
		want   string
	}{
		{"none", []write{{false, "a", false}}, "a"},
		{"all", []write{{false, "a", true}, {false, "b", true}}, ""},
		{"middle", []write{{false, "a", false}, {false, "b", true}, {false, "c", false}}, "ac"},
		{"around stderr", []write{{false, "a", true}, {true, "E", false}, {false, "b", false}, {true, "F", false}, {false, "c", true}}, "EbF"},
		{"run starts dropped", []write{{false, "a", false}, {true, "E", false}, {false, "b", true}, {false, "c", false}, {true, "F", false}, {false, "d", false}}, "aEcFd"},
		{"last", []write{{true, "E", false}, {false, "a", false}, {false, "b", true}}, "Ea"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := sink.NewSink()
			var spans []sink.Span
			for _, w := range tc.writes {
				p := s.Out
				if w.toErr {
					p = s.Err
				}
				start := p.Mark()
				p.WriteString(w.text)
				if w.drop {
					spans = append(spans, sink.Span{Start: start, End: p.Mark()})
				}
			}
			s.Out.Drop(spans)
			var both bytes.Buffer
			if err := s.WriteTo(&both, &both); err != nil || both.String() != tc.want {
				t.Errorf("got %q (%v), want %q", both.String(), err, tc.want)
			}
		})
	}
}

// TestTruncate: what was truncated away is gone from every run, stderr
// written since stays, and what comes next follows it.
func TestTruncate(t *testing.T) {
	s := sink.NewSink()
	s.Out.WriteString("a")
	mark := s.Out.Mark()
	s.Out.WriteString("\n")
	s.Err.WriteString("E")
	s.Out.WriteString("\n\n")
	s.Out.Truncate(mark)
	s.Out.WriteString("b")
	var both bytes.Buffer
	if err := s.WriteTo(&both, &both); err != nil || both.String() != "aEb" {
		t.Errorf("got %q (%v), want %q", both.String(), err, "aEb")
	}
}

// TestAvailableBuffer: a record appended to AvailableBuffer's slice and
// written stays where it is, a slice from elsewhere is copied, and one
// that outgrew the buffer is written whole; runs of stdout and stderr
// keep their order throughout.
func TestAvailableBuffer(t *testing.T) {
	s := sink.NewSink()
	s.Out.WriteString("a")
	s.Out.Write(append(s.Out.AvailableBuffer(), "bc"...))
	s.Err.WriteString("E")
	s.Out.Write(append(s.Out.AvailableBuffer(), "d"...))
	s.Out.Write([]byte("f"))
	big := strings.Repeat("x", 10_000)
	s.Out.Write(append(s.Out.AvailableBuffer(), big...))
	s.Err.Write(append(s.Err.AvailableBuffer(), "F"...))
	var both bytes.Buffer
	if err := s.WriteTo(&both, &both); err != nil || both.String() != "abcEdf"+big+"F" {
		t.Errorf("got %.20q… (%v), want %q", both.String(), err, "abcEdf"+"x…"+"F")
	}
}

// TestReuse: after Reset, and after Spill wrote a sink out, the next
// write starts a run of its own, whichever stream wrote last.
func TestReuse(t *testing.T) {
	s := sink.NewSink()
	s.Out.WriteString("a")
	s.Reset()
	s.Out.WriteString("b")
	s.Err.WriteString("E")
	var both bytes.Buffer
	if err := s.WriteTo(&both, &both); err != nil || both.String() != "bE" {
		t.Errorf("after Reset: got %q (%v), want %q", both.String(), err, "bE")
	}

	var spilled bytes.Buffer
	s = sink.NewSpilling(func(s *sink.Sink) error { return s.WriteTo(&spilled, &spilled) })
	s.Err.WriteString(strings.Repeat("x", sink.OutputPerBlock))
	s.Spill()
	s.Err.WriteString("y")
	if err := s.WriteTo(&spilled, &spilled); err != nil || spilled.String() != strings.Repeat("x", sink.OutputPerBlock)+"y" {
		t.Errorf("after Spill: got %d bytes ending %q (%v)", spilled.Len(), spilled.String()[max(0, spilled.Len()-3):], err)
	}
}

// TestHeldLines: lines of the sink's input that WriteInputLine holds back
// come out as they would have copied one by one, whatever is written
// around them, on either stream, and whatever Mark, Since, Truncate and
// Size see on the way. Each sequence of writes goes to a sink given the
// input and to one not given it, and the two must agree at every step.
func TestHeldLines(t *testing.T) {
	// A line with "\r\n", an empty one and a last without its newline,
	// in a buffer whose bytes just before and after the input are lines
	// too, which are not the input's.
	whole := []byte("pre\na\nbb\r\nccc\n\nd\nlast\npost\n")
	input := whole[len("pre\n") : len(whole)-len("post\n")]
	var views []string // each line of input, a view of it, as the stream cuts them
	for _, l := range strings.SplitAfter(string(input), "\n") {
		l = strings.TrimSuffix(strings.TrimSuffix(l, "\n"), "\r")
		views = append(views, l)
	}
	off := 0
	for i, l := range views {
		views[i] = unsafeView(input[off : off+len(l)])
		off += len(l) + 1
		if i == 2 {
			off++ // the "\r"
		}
	}
	outside := []string{unsafeView(whole[:3]), unsafeView(whole[len(whole)-5 : len(whole)-1])}

	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 2000 {
		held, plain := sink.NewSink(), sink.NewSink()
		held.SetInput(input)
		marks := []int{0, 0}
		var steps []string
		next := 0
		for range rng.IntN(12) {
			op := rng.IntN(11)
			steps = append(steps, strconv.Itoa(op))
			for i, s := range []*sink.Sink{held, plain} {
				switch op {
				case 0, 1, 2, 3: // the next line, as a stream writes most
					s.Out.WriteInputLine(views[next%len(views)])
				case 4: // any line
					s.Out.WriteInputLine(views[(next*7)%len(views)])
				case 5:
					s.Err.WriteInputLine(views[next%len(views)])
				case 6:
					s.Out.WriteInputLine(outside[next%2])
				case 7:
					s.Err.WriteString("E")
				case 8:
					marks[i] = s.Out.Mark()
				case 9:
					if marks[i] <= s.Size() {
						s.Out.Truncate(min(marks[i], s.Out.Mark()))
					}
				case 10: // a line of the input by WriteLine, which copies it
					s.Out.WriteLine(views[next%len(views)])
				}
			}
			if op <= 5 || op == 10 {
				next++
			}
			if held.Size() != plain.Size() || marks[0] != marks[1] {
				t.Fatalf("round %d, steps %v: Size %d and mark %d, want %d and %d", round, steps, held.Size(), marks[0], plain.Size(), marks[1])
			}
		}
		held.EndInput()
		var gotBoth, wantBoth, gotOut, gotErr, wantOut, wantErr bytes.Buffer
		held.WriteTo(&gotBoth, &gotBoth)
		plain.WriteTo(&wantBoth, &wantBoth)
		held.WriteTo(&gotOut, &gotErr)
		plain.WriteTo(&wantOut, &wantErr)
		if gotBoth.String() != wantBoth.String() || gotOut.String() != wantOut.String() || gotErr.String() != wantErr.String() {
			t.Fatalf("round %d, steps %v: got %q, want %q", round, steps, gotBoth.String(), wantBoth.String())
		}
	}
}

// unsafeView is b as a string sharing its bytes, as the stream's lines
// are views of its blocks.
func unsafeView(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }
