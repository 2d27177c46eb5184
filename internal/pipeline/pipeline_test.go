package pipeline_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/uritool/uritool/internal/filter"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/pipeline"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/stream"
	"github.com/uritool/uritool/pkg/uri"
)

// upper is an operation that fails on "bad" and skips "skip".
func upper() pipeline.Op[render.Converted] {
	return pipeline.Func[render.Converted](func(in *stream.Input, r *render.Converted) pipeline.Outcome {
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

func run(t *testing.T, input string, c pipeline.Command[render.Converted]) (string, stream.Stats) {
	t.Helper()
	var out, errOut bytes.Buffer
	c.NewOp = upper
	c.NewRenderer = func() render.Renderer[render.Converted] {
		return render.NewTableRenderer(render.EncodeTable, render.FormatText, render.TextOptions{Err: render.NewPalette(false)})
	}
	stats, err := pipeline.Run(pipeline.Env{Stdin: strings.NewReader(input), Stdout: &out, Stderr: &errOut}, nil, c)
	if err != nil {
		t.Fatal(err)
	}
	return out.String(), stats
}

func TestOutcomes(t *testing.T) {
	out, stats := run(t, "a\nskip\nbad\nb\n", pipeline.Command[render.Converted]{})
	if out != "A\n\nB\n" || stats.Checked != 3 || stats.Findings != 1 {
		t.Errorf("out %q, stats %+v", out, stats)
	}
}

func TestUnique(t *testing.T) {
	out, _ := run(t, "a\nbad\nb\na\nB\nb\n", pipeline.Command[render.Converted]{Unique: true})
	if out != "A\nB\n" {
		t.Errorf("unique: %q, want %q", out, "A\nB\n")
	}
}

func TestFilter(t *testing.T) {
	f := &filter.Filter{Has: []uri.Component{uri.ComponentQuery}}
	out, _ := run(t, "http://a/?x\nhttp://b/\n%zz\n", pipeline.Command[render.Converted]{Filter: f})
	if out != "HTTP://A/?X\n%ZZ\n" {
		t.Errorf("filter: %q", out)
	}
}

// held passes no input but emits them all at the end, as shape does with
// its counts.
type held struct{ texts []string }

func (h *held) Do(in *stream.Input, _ *render.Converted) pipeline.Outcome {
	h.texts = append(h.texts, in.Text)
	return pipeline.Skip
}

func (h *held) Flush(emit func(*render.Converted)) {
	var r render.Converted
	for i, text := range h.texts {
		r.Start(i+1, text)
		r.Output = text
		emit(&r)
	}
}

type writes struct {
	bytes.Buffer
	n int
}

func (w *writes) Write(p []byte) (int, error) {
	w.n++
	return w.Buffer.Write(p)
}

// TestFlushWrittenAsItComes: results due at the end are written out as
// they are rendered, not held whole until the last.
func TestFlushWrittenAsItComes(t *testing.T) {
	line := strings.Repeat("x", 199) + "\n"
	input := strings.Repeat(line, 2000)
	var out writes
	_, err := pipeline.Run(pipeline.Env{Stdin: strings.NewReader(input), Stdout: &out, Stderr: &bytes.Buffer{}}, nil, pipeline.Command[render.Converted]{
		NewOp: func() pipeline.Op[render.Converted] { return &held{} },
		NewRenderer: func() render.Renderer[render.Converted] {
			return render.NewTableRenderer(render.EncodeTable, render.FormatText, render.TextOptions{})
		},
		InOrder: true,
	})
	if err != nil || out.String() != input {
		t.Fatalf("err %v, %d bytes out, want the %d of the input", err, out.Len(), len(input))
	}
	if out.n < 2 {
		t.Errorf("%d bytes written at once, want them written as they came", len(input))
	}
}
