package sink_test

import (
	"bytes"
	"strings"
	"testing"

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
