package report_test

import (
	"bytes"
	"encoding/json"
	"slices"
	"sort"
	"testing"

	"github.com/uritool/uritool/internal/check"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/render/report"
	"github.com/uritool/uritool/internal/sink"
)

// keys renders one record with r and returns its keys, sorted.
func keys[R any](t *testing.T, r render.Renderer[R], result R) []string {
	t.Helper()
	s := sink.NewSink()
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

// TestJSONFieldsDocumented: the JSON writers of validate and lint are
// written by hand, for speed; the fields their --help lists must be
// exactly the keys they write.
func TestJSONFieldsDocumented(t *testing.T) {
	same := func(name string, got []string, doc render.Fields, extra ...string) {
		t.Helper()
		want := append(doc.Names(), extra...)
		sort.Strings(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s writes %v, its help lists %v", name, got, want)
		}
	}
	c, err := check.New(check.Options{As: check.AsURI, Lint: true})
	if err != nil {
		t.Fatal(err)
	}
	var r check.Result
	c.Check(&r, "http://a/")
	same("validate", keys(t, report.NewPrinter(report.Options{Format: render.FormatJSON}).NewRenderer(), r), report.ValidateFields)
	r.File = "f"
	r.Suppressed = []finding.Finding{{Rule: "path", Message: "suppressed by a marker"}}
	same("lint", keys(t, report.NewPrinter(report.Options{Format: render.FormatJSON, WithFile: true}).NewRenderer(), r), report.LintFields)
}
