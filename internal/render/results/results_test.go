package results

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/password"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/sink"
	"github.com/uritool/uritool/pkg/uritemplate"
)

// record renders r with t's JSON renderer and decodes the record.
func record[R any](t *testing.T, table *render.Table[R], r R) map[string]any {
	t.Helper()
	s := sink.NewSink()
	render.NewTableRenderer(table, render.FormatJSON, render.TextOptions{}).Render(s, &r)
	var out bytes.Buffer
	if err := s.WriteTo(&out, &out); err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(out.Bytes(), &m); err != nil {
		t.Fatalf("not JSON: %q: %v", out.String(), err)
	}
	return m
}

// keysOf checks that a record holds exactly the keys its table lists
// (those whose Only accepts r) plus "error", so that --help, which lists
// the same keys, cannot drift from the output.
func keysOf[R any](t *testing.T, name string, table *render.Table[R], r R) {
	t.Helper()
	m := record(t, table, r)
	want := map[string]bool{"error": true}
	for _, k := range table.Keys {
		if k.Only == nil || k.Only(&r) {
			want[k.Name] = true
		}
	}
	for k := range m {
		if !want[k] {
			t.Errorf("%s: record has %q, which the table does not list", name, k)
		}
	}
	for k := range want {
		if _, ok := m[k]; !ok {
			t.Errorf("%s: record lacks %q", name, k)
		}
	}
	doc := table.Fields().String()
	for k := range want {
		if !strings.Contains(doc, "\n  "+k+" ") {
			t.Errorf("%s: the JSON fields doc does not list %q:\n%s", name, k, doc)
		}
	}
}

func TestTablesWriteTheirKeys(t *testing.T) {
	bad := render.Subject{Line: 1, Input: "a b", Err: &finding.Finding{Offset: 1, Rule: "path", Message: "m"}}
	ok := render.Subject{Line: 1, Input: "http://a/"}
	keysOf(t, "normalize", NormalizeTable, Normalized{Subject: ok, Normal: "http://a/", SchemeAdded: true})
	keysOf(t, "normalize error", NormalizeTable, Normalized{Subject: bad})
	keysOf(t, "resolve", ResolveTable, Resolved{Subject: ok, Base: "http://b/", Target: "http://a/"})
	keysOf(t, "resolve error", ResolveTable, Resolved{Subject: bad, Base: "http://b/"})
	keysOf(t, "relativize", RelativizeTable, Relativized{Subject: ok, Base: "http://b/", Ref: "a"})
	keysOf(t, "equal", EqualTable, Compared{Subject: ok, A: "http://a/", NormalA: "http://a/", NormalB: "http://a/", Equal: true})
	keysOf(t, "equal error", EqualTable, Compared{Subject: bad, A: "http://a/", NormalA: "http://a/"})
	keysOf(t, "edit", EditTable, Edited{Subject: ok, Output: "http://a/"})
	keysOf(t, "edit --iterate", EditTable, Edited{Subject: ok, Output: "http://a/", Iterating: true, Values: []Chosen{{"port", "1"}}})
	keysOf(t, "decode binary", DecodeTable, Converted{Subject: ok, Output: "\xff"})
	keysOf(t, "decode", DecodeTable, Converted{Subject: ok, Output: "x"})
	for name, table := range map[string]*render.Table[Converted]{"encode": EncodeTable, "to-uri": ToURITable, "to-iri": ToIRITable} {
		keysOf(t, name, table, Converted{Subject: ok, Output: "x"})
		keysOf(t, name+" error", table, Converted{Subject: bad})
	}
	keysOf(t, "expand", ExpandTable, Expanded{Subject: ok, Template: "{x}", Expansion: "a", Expanded: true})
	keysOf(t, "match", MatchTable, Matched{Subject: ok, Values: uritemplate.Values{"x": uritemplate.String("a")}, Names: []string{"x"}})
	keysOf(t, "match error", MatchTable, Matched{Subject: bad})
	keysOf(t, "recompose", RecomposeTable, Recomposed{Subject: ok, URI: "http://a/"})
	keysOf(t, "shape sample", ShapeSampleTable, Shaped{Subject: ok, Shape: "http://a/"})
	keysOf(t, "shape error", ShapeSampleTable, Shaped{Subject: bad})
	keysOf(t, "shape count error", ShapeCountTable, Shaped{Subject: bad})
	keysOf(t, "shape count", ShapeCountTable, Shaped{Shape: "http://a/", Count: 3})
	keysOf(t, "shape dropped", ShapeCountTable, Shaped{Dropped: true, DroppedInputs: 5, DroppedShapes: 2})
	keysOf(t, "shape sample dropped", ShapeSampleTable, Shaped{Dropped: true, DroppedInputs: 5, DroppedShapes: 2})
	keysOf(t, "settings", SettingsTable, Setting{Key: "k", Value: "v", Source: "default"})
}

// TestTableValues: what a record says, for the cases where a key's value
// depends on the outcome.
func TestTableValues(t *testing.T) {
	m := record(t, NormalizeTable, Normalized{Subject: render.Subject{Input: "a b", Err: &finding.Finding{Rule: "path"}}})
	if m["normalized"] != nil || m["changed"] != nil || m["input"] != "a b" {
		t.Errorf("failed normalize: %v", m)
	}
	m = record(t, NormalizeTable, Normalized{Subject: render.Subject{Input: "http://日本/"}, IRI: true, Normal: "http://日本/"})
	if m["normalized"] != "http://日本/" || m["changed"] != false || m["error"] != nil {
		t.Errorf("IRI normalize: %v", m)
	}
	m = record(t, ExpandTable, Expanded{Subject: render.Subject{Input: "a b", Err: &finding.Finding{Rule: "path"}}, Expansion: "a b", Expanded: true})
	if m["expansion"] != "a b" || m["valid"] != false {
		t.Errorf("expansion that is not a URI: %v", m)
	}
	m = record(t, DecodeTable, Converted{Subject: render.Subject{Input: "%ff"}, Output: "\xff"})
	if m["output"] != "\ufffd" || m["output_base64"] != "/w==" {
		t.Errorf("binary decode: %v", m)
	}
}

// TestEditIterations: with --iterate, one line or record for each
// combination; an input that cannot be read keeps every combination's
// place, with one diagnostic in text.
func TestEditIterations(t *testing.T) {
	values := [][]Chosen{{{"scheme", "http"}, {"port", "1"}}, {{"scheme", "ftp"}, {"port", "x"}}, {{"scheme", "ftp"}, {"port", "2"}}}
	// combination is the record of one combination, as edit's operation
	// makes it.
	combination := func(o render.Subject, k int, output string) Edited {
		return Edited{Subject: o, Iterating: true, Values: values[k], Output: output}
	}
	line1, line2 := render.Subject{Line: 1, Input: "//h"}, render.Subject{Line: 2, Input: "a b", Err: &finding.Finding{Offset: 1, Rule: "path", Message: "space"}}
	badPort := line1
	badPort.Err = &finding.Finding{Rule: "port", Message: "--iterate port=x: bad"}
	results := []Edited{
		{Subject: line1, Iterating: true, Iterations: []Edited{
			combination(line1, 0, "http://h:1"), combination(badPort, 1, ""), combination(line1, 2, "ftp://h:2")}},
		{Subject: line2, Iterating: true, Iterations: []Edited{combination(line2, 0, ""), combination(line2, 1, ""), combination(line2, 2, "")}},
		{Subject: render.Subject{Line: 3, Input: "//g"}, Output: "//g:1"},
	}
	before := fmt.Sprintf("%+v", results)
	defer func() {
		if after := fmt.Sprintf("%+v", results); after != before {
			t.Errorf("rendering changed the results: %s, were %s", after, before)
		}
	}()
	run := func(format string) (string, string) {
		s := sink.NewSink()
		r := NewEditRenderer(format, render.TextOptions{Err: render.NewPalette(false, render.Passwords{Find: password.Find, Mask: password.Mask})})
		for i := range results {
			r.Render(s, &results[i])
		}
		var out, errOut bytes.Buffer
		if err := s.WriteTo(&out, &errOut); err != nil {
			t.Fatal(err)
		}
		return out.String(), errOut.String()
	}
	out, errOut := run(render.FormatText)
	if want := "http://h:1\n\nftp://h:2\n\n\n\n//g:1\n"; out != want {
		t.Errorf("text: %q, want %q", out, want)
	}
	if n := strings.Count(errOut, "^\n"); n != 2 || !strings.Contains(errOut, "1:1: --iterate port=x: bad [port]") || !strings.Contains(errOut, "2:2: space [path]") {
		t.Errorf("text diagnostics: %q", errOut)
	}
	out, _ = run(render.FormatJSON)
	want := []string{
		`{"line":1,"input":"//h","iterate":{"scheme":"http","port":"1"},"output":"http://h:1","error":null}`,
		`{"line":1,"input":"//h","iterate":{"scheme":"ftp","port":"x"},"output":null,"error":{"offset":0,"rule":"port","message":"--iterate port=x: bad"}}`,
		`{"line":1,"input":"//h","iterate":{"scheme":"ftp","port":"2"},"output":"ftp://h:2","error":null}`,
		`{"line":2,"input":"a b","iterate":{"scheme":"http","port":"1"},"output":null,"error":{"offset":1,"rule":"path","message":"space"}}`,
		`{"line":2,"input":"a b","iterate":{"scheme":"ftp","port":"x"},"output":null,"error":{"offset":1,"rule":"path","message":"space"}}`,
		`{"line":2,"input":"a b","iterate":{"scheme":"ftp","port":"2"},"output":null,"error":{"offset":1,"rule":"path","message":"space"}}`,
		`{"input":"//g","output":"//g:1","error":null}`,
	}
	if got := strings.Split(strings.TrimSuffix(out, "\n"), "\n"); !slices.Equal(got, want) {
		t.Errorf("json:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestStartClearsEverything: Start lists each result's members by hand,
// so a member added later and left out would carry one input's result
// into the next. Every member but Line and Input must come out zero.
func TestStartClearsEverything(t *testing.T) {
	for _, r := range []interface{ Start(int, string) }{
		&Normalized{}, &Resolved{}, &Relativized{}, &Compared{}, &Edited{}, &Converted{},
	} {
		v := reflect.ValueOf(r).Elem()
		fill(t, v)
		r.Start(3, "in")
		want := reflect.New(v.Type()).Elem()
		want.FieldByName("Line").SetInt(3)
		want.FieldByName("Input").SetString("in")
		if !reflect.DeepEqual(v.Interface(), want.Interface()) {
			t.Errorf("%T after Start: %+v", r, v.Interface())
		}
	}
}

// fill gives every member of a struct a value that is not zero.
func fill(t *testing.T, v reflect.Value) {
	for i := range v.NumField() {
		f := v.Field(i)
		f = reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem() // unexported members too
		switch f.Kind() {
		case reflect.Int, reflect.Int32, reflect.Int64:
			f.SetInt(7)
		case reflect.Uint8, reflect.Uint16, reflect.Uint32:
			f.SetUint(7)
		case reflect.String:
			f.SetString("stale")
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Slice:
			f.Set(reflect.MakeSlice(f.Type(), 1, 1))
		case reflect.Pointer:
			f.Set(reflect.New(f.Type().Elem()))
		case reflect.Struct:
			fill(t, f)
		default:
			t.Fatalf("%s.%s: a %s this test cannot fill", v.Type(), v.Type().Field(i).Name, f.Kind())
		}
	}
}
