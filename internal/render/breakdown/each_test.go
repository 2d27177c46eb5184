package breakdown_test

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/uritool/uritool/internal/get"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/render/breakdown"
	"github.com/uritool/uritool/internal/schema"
	"github.com/uritool/uritool/internal/sink"
)

// renderEach renders inputs as parse --each e does in format, and
// returns stdout and stderr.
func renderEach(t *testing.T, e get.Each, format string, inputs ...string) (string, string) {
	t.Helper()
	p := breakdown.NewRenderer(breakdown.Options{Format: format, Each: e, Out: render.NewPalette(false, passwords), Err: render.NewPalette(false, passwords)})
	var out, errOut bytes.Buffer
	var buf []byte
	for i, in := range inputs {
		r := parsed(i+1, in)
		if r.Err == nil {
			buf = buf[:0]
			r.Items = e.Append(nil, &buf, &r.URI)
		}
		s := sink.NewSink()
		p.Render(s, &r)
		if err := s.WriteTo(&out, &errOut); err != nil {
			t.Fatal(err)
		}
	}
	return out.String(), errOut.String()
}

// TestEachText: an item a line and nothing else; an input without items
// writes nothing, an invalid one only its diagnostic.
func TestEachText(t *testing.T) {
	out, errOut := renderEach(t, get.EachKeys, render.FormatText, "http://h/?a=1&b=2", "http://h/", "http://a b/", "?c&a%0A")
	if want := "a\nb\nc\na%0A\n"; out != want {
		t.Errorf("stdout %q, want %q", out, want)
	}
	if !strings.HasPrefix(errOut, "3:9: invalid character ' ' in host [host]\n") || strings.Count(errOut, "\n") != 3 {
		t.Errorf("stderr %q, want the diagnostic of line 3 alone", errOut)
	}
}

// TestEachJSON: a record an item, with its line and index, and a record
// for an invalid input where its items would be.
func TestEachJSON(t *testing.T) {
	out, errOut := renderEach(t, get.EachPairs, render.FormatJSON, "http://h/?a=%22x%22&b", "http://h/", "http://a b/?x")
	want := `{"line":1,"input":"http://h/?a=%22x%22&b","each":"pairs","index":1,"item":"a=%22x%22","key":"a","value":"\"x\"","error":null}
{"line":1,"input":"http://h/?a=%22x%22&b","each":"pairs","index":2,"item":"b","key":"b","value":"","error":null}
{"line":3,"input":"http://a b/?x","each":"pairs","index":null,"item":null,"key":null,"value":null,"error":{"offset":8,"rule":"host","message":"invalid character ' ' in host"}}
`
	if out != want || errOut != "" {
		t.Errorf("stdout:\n%s\nwant:\n%s\nstderr %q", out, want, errOut)
	}
	out, _ = renderEach(t, get.EachSegments, render.FormatJSON, "/a/")
	if want := `{"line":1,"input":"/a/","each":"segments","index":1,"item":"a","error":null}` + "\n" +
		`{"line":1,"input":"/a/","each":"segments","index":2,"item":"","error":null}` + "\n"; out != want {
		t.Errorf("segments:\n%s\nwant:\n%s", out, want)
	}
}

// TestEachJSONFieldsDocumented: the keys of --each's records, of every
// kind and of an invalid input, are the ones schema.EachFields lists, key
// and value for pairs only.
func TestEachJSONFieldsDocumented(t *testing.T) {
	documented := slices.Sorted(slices.Values(schema.EachFields.Names()))
	for e := get.EachKeys; e <= get.EachLabels; e++ {
		out, _ := renderEach(t, e, render.FormatJSON, "http://a/c?d=e", "http://a b/")
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != 2 {
			t.Fatalf("--each %s: %d records, want 2:\n%s", e, len(lines), out)
		}
		for _, line := range lines {
			var m map[string]any
			if err := json.Unmarshal([]byte(line), &m); err != nil {
				t.Fatalf("--each %s: not JSON: %q", e, line)
			}
			want := slices.DeleteFunc(slices.Clone(documented), func(k string) bool {
				return e != get.EachPairs && (k == "key" || k == "value")
			})
			if got := slices.Sorted(maps.Keys(m)); !slices.Equal(got, want) {
				t.Errorf("--each %s writes %v, its help lists %v", e, got, want)
			}
		}
	}
}

// TestEachAllocs: a worker's --each output of a plain reference
// allocates nothing, as text or as JSON.
func TestEachAllocs(t *testing.T) {
	for _, format := range []string{render.FormatText, render.FormatJSON} {
		p := breakdown.NewRenderer(breakdown.Options{Format: format, Each: get.EachPairs})
		s := sink.NewSink()
		r := parsed(1, "https://example.com/a/b?q=a%20b&x=1&y")
		var buf []byte
		r.Items = get.EachPairs.Append(nil, &buf, &r.URI)
		if n := testing.AllocsPerRun(100, func() {
			s.Out.Truncate(0)
			p.Render(s, &r)
		}); n != 0 {
			t.Errorf("%s: %v allocations, want 0", format, n)
		}
	}
}
