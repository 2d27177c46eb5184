package pipeline_test

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/uritool/uritool/internal/filter"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/password"
	"github.com/uritool/uritool/internal/pipeline"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/render/results"
	"github.com/uritool/uritool/internal/sink"
	"github.com/uritool/uritool/internal/stream"
	"github.com/uritool/uritool/pkg/uri"
)

// upper is an operation that fails on "bad" and skips "skip".
func upper() pipeline.Op[results.Converted] {
	return pipeline.Func[results.Converted](func(in *stream.Input, r *results.Converted) pipeline.Outcome {
		r.Start(in.Line, in.Text)
		switch in.Text {
		case "bad":
			r.Err = &finding.Finding{Rule: "test", Message: "bad"}
			return pipeline.Fail
		case "skip":
			return pipeline.Skip
		}
		r.Output = strings.ToUpper(in.Text)
		return pipeline.Pass
	})
}

func run(t *testing.T, input string, c pipeline.Command[results.Converted]) (string, stream.Stats) {
	t.Helper()
	var out, errOut bytes.Buffer
	c.NewOp = upper
	c.NewRenderer = func() render.Renderer[results.Converted] {
		return render.NewTableRenderer(results.EncodeTable, render.FormatText, render.TextOptions{Err: render.NewPalette(false, render.Passwords{Find: password.Find, Mask: password.Mask})})
	}
	stats, err := pipeline.Run(pipeline.Env{Stdin: strings.NewReader(input), Stdout: &out, Stderr: &errOut}, nil, c)
	if err != nil {
		t.Fatal(err)
	}
	return out.String(), stats
}

func TestOutcomes(t *testing.T) {
	out, stats := run(t, "a\nskip\nbad\nb\n", pipeline.Command[results.Converted]{})
	if out != "A\n\nB\n" || stats.Checked != 3 || stats.Findings != 1 {
		t.Errorf("out %q, stats %+v", out, stats)
	}
}

func TestUnique(t *testing.T) {
	out, _ := run(t, "a\nbad\nb\na\nB\nb\n", pipeline.Command[results.Converted]{Distinct: pipeline.Unique[results.Converted](true)})
	if out != "A\nB\n" {
		t.Errorf("unique: %q, want %q", out, "A\nB\n")
	}
}

// TestUniqueEach: a result that stands for several outputs has each
// admitted on its own, by its key if there is one; a failed one is kept
// without its empty line, and not offered.
func TestUniqueEach(t *testing.T) {
	each := func(r *results.Converted, output func(*results.Converted, bool)) bool {
		if !strings.Contains(r.Output, ",") {
			return false
		}
		for part := range strings.SplitSeq(r.Output, ",") {
			p := results.Converted{Output: part}
			if part == "BAD" {
				p.Err = &finding.Finding{Rule: "test", Message: "bad"}
			}
			output(&p, p.Err != nil)
		}
		return true
	}
	for _, c := range []struct {
		key  func(*results.Converted) string
		want string
	}{
		{nil, "A\nB\nC\nC1\nD\n"},
		{func(r *results.Converted) string { return strings.TrimRight(r.Output, "0123456789") }, "A\nB\nC\nD\n"},
	} {
		out, _ := run(t, "a,b,a\nb\nbad,c,c\nc1,d,bad\nd\n", pipeline.Command[results.Converted]{Distinct: &pipeline.Distinct[results.Converted]{Each: each, Key: c.key}})
		if out != c.want {
			t.Errorf("unique outputs: %q, want %q", out, c.want)
		}
	}
}

func TestFilter(t *testing.T) {
	f := &filter.Filter{Has: []uri.Component{uri.ComponentQuery}}
	out, _ := run(t, "http://a/?x\nhttp://b/\n%zz\n", pipeline.Command[results.Converted]{Filter: f})
	if out != "HTTP://A/?X\n%ZZ\n" {
		t.Errorf("filter: %q", out)
	}
}

// held is a block's inputs, passed on to be gathered into texts.
type held struct {
	texts *[]string
	block []string
}

func (h *held) Gather(*sink.Sink) {
	*h.texts = append(*h.texts, h.block...)
	h.block = h.block[:0]
}

type writes struct {
	bytes.Buffer
	n int
}

func (w *writes) Write(p []byte) (int, error) {
	w.n++
	return w.Buffer.Write(p)
}

// TestFinishWrittenAsItComes: what the blocks carried is gathered in
// input order over several workers, and what Finish writes of it is
// written out as it is rendered, not held whole until the last.
func TestFinishWrittenAsItComes(t *testing.T) {
	var input strings.Builder
	for i := range 20000 {
		fmt.Fprintf(&input, "%0199d\n", i)
	}
	var out writes
	var texts []string
	_, err := pipeline.Run(pipeline.Env{Stdin: strings.NewReader(input.String()), Stdout: &out, Stderr: &bytes.Buffer{}}, nil, pipeline.Command[results.Converted]{
		NewOp: func() pipeline.Op[results.Converted] {
			return pipeline.Func[results.Converted](func(in *stream.Input, _ *results.Converted) pipeline.Outcome {
				h := sink.CarryOf(in.Carry, func() *held { return &held{texts: &texts} })
				h.block = append(h.block, strings.Clone(in.Text))
				return pipeline.Skip
			})
		},
		NewRenderer: func() render.Renderer[results.Converted] { return nil },
		Finish: func(s *sink.Sink) {
			rd := render.NewTableRenderer(results.EncodeTable, render.FormatText, render.TextOptions{})
			var r results.Converted
			for i, text := range texts {
				r.Start(i+1, text)
				r.Output = text
				rd.Render(s, &r)
				s.Spill()
			}
		},
	})
	if err != nil || out.String() != input.String() {
		t.Fatalf("err %v, %d bytes out, want the %d of the input in order", err, out.Len(), input.Len())
	}
	if out.n < 2 {
		t.Errorf("%d bytes written at once, want them written as they came", input.Len())
	}
}

// TestDistinctAcrossWorkers: over many blocks and workers, --unique keeps
// the first of each output in input order, and a key and an admit of the
// command's own decide as the default does.
func TestDistinctAcrossWorkers(t *testing.T) {
	var input, want, firstTwo strings.Builder
	count := map[int]int{}
	for i := range 100000 {
		k := (i * 7919) % 1000
		fmt.Fprintf(&input, "x%d\n", k)
		if count[k]++; count[k] == 1 {
			fmt.Fprintf(&want, "X%d\n", k)
		}
		if count[k] <= 2 {
			fmt.Fprintf(&firstTwo, "X%d\n", k)
		}
	}
	out, _ := run(t, input.String(), pipeline.Command[results.Converted]{Distinct: pipeline.Unique[results.Converted](true)})
	if out != want.String() {
		t.Errorf("unique: %d bytes, want %d", len(out), want.Len())
	}
	seen := map[string]int{}
	out, _ = run(t, input.String(), pipeline.Command[results.Converted]{Distinct: &pipeline.Distinct[results.Converted]{
		Key:   func(r *results.Converted) string { return r.Output },
		Admit: func(key []byte) bool { seen[string(key)]++; return seen[string(key)] <= 2 },
	}})
	if out != firstTwo.String() {
		t.Errorf("first two of each key: %d bytes, want %d", len(out), firstTwo.Len())
	}
}

// BenchmarkPlug is the cost of the plug alone: the stream, the generic
// worker, an outcome and a renderer, around an operation that does
// nothing but hand its input on. ns/op is per line; run it with -cpu 1
// to compare with the one-core line copy of bench/run.
func BenchmarkPlug(b *testing.B) {
	var input bytes.Buffer
	for i := range 20000 {
		fmt.Fprintf(&input, "https://example.com/some/path/%d?query=value#fragment\n", i)
	}
	data := input.Bytes()
	lines := 20000
	c := pipeline.Command[results.Converted]{
		NewOp: func() pipeline.Op[results.Converted] {
			return pipeline.Func[results.Converted](func(in *stream.Input, r *results.Converted) pipeline.Outcome {
				r.Start(in.Line, in.Text)
				r.Output = in.Text
				return pipeline.Pass
			})
		},
		NewRenderer: func() render.Renderer[results.Converted] {
			return render.NewTableRenderer(results.EncodeTable, render.FormatText, render.TextOptions{})
		},
	}
	b.SetBytes(int64(len(data)) / int64(lines))
	b.ResetTimer()
	for i := 0; i < b.N; i += lines {
		if _, err := pipeline.Run(pipeline.Env{Stdin: bytes.NewReader(data), Stdout: io.Discard, Stderr: io.Discard}, nil, c); err != nil {
			b.Fatal(err)
		}
	}
}
