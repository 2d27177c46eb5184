package render

import (
	"reflect"
	"testing"

	"github.com/uritool/uritool/internal/check"
	"github.com/uritool/uritool/internal/stream"
)

// TestResetClearsEverything: Reset lists Transformed's members by hand, so
// a member added later and left out would carry one input's result into
// the next. Every member but the three Reset sets must come out zero.
func TestResetClearsEverything(t *testing.T) {
	var r Transformed
	v := reflect.ValueOf(&r).Elem()
	for i := range v.NumField() {
		f := v.Field(i)
		switch f.Kind() {
		case reflect.Int:
			f.SetInt(7)
		case reflect.String:
			f.SetString("stale")
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Slice:
			f.Set(reflect.MakeSlice(f.Type(), 1, 1))
		case reflect.Func:
			f.Set(reflect.ValueOf(func(Writer, *Explainer) {}))
		case reflect.Pointer:
			f.Set(reflect.ValueOf(&check.Finding{}))
		default:
			t.Fatalf("Transformed.%s: a %s this test cannot fill", v.Type().Field(i).Name, f.Kind())
		}
	}
	fields := []Field{Str("k", "v")}
	r.Reset(3, "in", fields)
	want := Transformed{Line: 3, Input: "in", Fields: fields}
	if r.Explain != nil || !reflect.DeepEqual(r, want) {
		t.Errorf("after Reset: %+v, want %+v", r, want)
	}
}

// TestSetters: a Field set in place over a stale one writes what the
// constructor's Field writes.
func TestSetters(t *testing.T) {
	stale := Field{Key: "old", kind: fieldBool, truth: true}
	stale.Value = "stale"
	for _, c := range []struct {
		set  func(f *Field)
		want Field
	}{
		{func(f *Field) { f.SetStr("k", `"q"`) }, Str("k", `"q"`)},
		{func(f *Field) { f.SetURI("k", "http://a/") }, Str("k", "http://a/")},
		{func(f *Field) { f.SetNull("k") }, Null("k")},
		{func(f *Field) { f.SetBool("k", false) }, Field{Key: "k", kind: fieldBool}},
		{func(f *Field) { f.SetRaw("k", `{"a":1}`) }, Raw("k", `{"a":1}`)},
	} {
		f := stale
		c.set(&f)
		if got, want := record(f), record(c.want); got != want {
			t.Errorf("set in place: %s, want %s", got, want)
		}
	}
}

func record(f Field) string {
	s := stream.NewSink()
	NewTransformRenderer(TransformOptions{Format: FormatJSON}).Render(s, &Transformed{Fields: []Field{f}})
	var b []byte
	_ = s.WriteTo(writerFunc(func(p []byte) (int, error) { b = append(b, p...); return len(p), nil }), nil)
	return string(b)
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
