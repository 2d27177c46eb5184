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
