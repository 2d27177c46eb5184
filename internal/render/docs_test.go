package render_test

import (
	"bytes"
	"encoding/json"
	"slices"
	"sort"
	"testing"

	"github.com/uritool/uritool/internal/check"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/interop"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/schema"
	"github.com/uritool/uritool/internal/stream"
)

// keys renders one record with r and returns its keys, sorted.
func keys[R any](t *testing.T, r render.Renderer[R], result R) []string {
	t.Helper()
	s := stream.NewSink()
	r.Render(s, &result)
	var out bytes.Buffer
	if err := s.WriteTo(&out, &out); err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(out.Bytes(), &m); err != nil {
		t.Fatalf("not JSON: %q", out.String())
	}
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// TestHandWrittenFieldsDocumented: the JSON writers of parse, validate,
// lint and interop are written by hand, for speed; the fields their
// --help lists must be exactly the keys they write.
func TestHandWrittenFieldsDocumented(t *testing.T) {
	same := func(name string, got []string, doc schema.Fields, extra ...string) {
		t.Helper()
		want := append(doc.Names(), extra...)
		sort.Strings(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s writes %v, its help lists %v", name, got, want)
		}
	}
	same("parse", keys(t, render.Renderer[render.Parsed](render.NewParser(render.ParseOptions{Format: render.FormatJSON})),
		parsed(1, "http://a/b?c=d")), schema.ParseFields)

	c, err := check.New(check.Options{As: check.AsURI, Lint: true})
	if err != nil {
		t.Fatal(err)
	}
	var r check.Result
	c.Check(&r, "http://a/")
	same("validate", keys(t, render.NewCheckPrinter(render.CheckOptions{Format: render.FormatJSON}).NewRenderer(), r), render.ValidateFields)
	r.File = "f"
	r.Suppressed = []finding.Finding{{Rule: "path", Message: "suppressed by a marker"}}
	same("lint", keys(t, render.NewCheckPrinter(render.CheckOptions{Format: render.FormatJSON, WithFile: true}).NewRenderer(), r), render.LintFields)

	in := render.Interop{Line: 1, Input: "a", Base: "http://b/", Readings: interop.ParseBase("http://b/").Read("a")}
	same("interop", keys(t, render.NewInteropRenderer(render.InteropOptions{Format: render.FormatJSON}), in), render.InteropFields)
}
