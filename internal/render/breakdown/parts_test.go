package breakdown

import (
	"iter"
	"testing"

	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/pkg/uri"
)

// FuzzPartsOf: partsOf, which the breakdown uses for speed, finds every
// component where uri.URI.Span does, in URIs and in IRIs.
func FuzzPartsOf(f *testing.F) {
	for _, in := range []string{
		"https://alice:pw@example.com:8443/a/b;v=1?x=1&y=two#frag",
		"http://@h:/?#", "http://h", "//h", "///", "urn:a:b", "a:", "?q", "#f", "", "../g;x?y#s",
		"http://[::1]:80", "file:///etc/hosts", "http://u@[v1.x]:/p?#",
		"https://bücher.example:1/straße?q=日本#フラグ", "//ü:ß@例え/",
	} {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		u, err := uri.ParseRule(in, uri.RuleIRIReference) // every URI is an IRI
		if err != nil {
			return
		}
		parts := partsOf(&u)
		for c := range uri.ComponentFragment + 1 {
			start, end, ok := u.Span(c)
			if got := parts[c]; got != (part{start, end, ok}) {
				t.Errorf("%q: %v at %+v, Span says %d, %d, %v", in, c, got, start, end, ok)
			}
		}
	})
}

// FuzzPlainSegments holds the one-pass segments writer to uri.Segments
// and to render.JSONPlain: for a valid reference, both ways give the same JSON.
func FuzzPlainSegments(f *testing.F) {
	for _, s := range []string{"", "/", "//h", "//h/", "a", "/a", "a/", "/a//b/", "http://h/a/b.c?q#f", "mailto:x@y", "/%2F/",
		"/abcdefgh/abcdefg/abcdefghi/", "/a/b/c/d/e/f/g/h/i/j", "/abcdefghijklmnopq", "//////////"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := uri.Parse(s)
		if err != nil {
			return
		}
		if !render.JSONPlain(s) {
			t.Fatalf("%q is a valid URI reference but not plain JSON", s)
		}
		want := jsonArray(u.Segments())
		if got := appendPlainSegments([]byte("x"), u.Path()); string(got) != "x"+string(want) {
			t.Fatalf("path %q: %s, want %s", u.Path(), got[1:], want)
		}
	})
}

// FuzzPlainLabels: the labels of a plain reg-name, written in one pass,
// are the JSON array of what uri.Labels yields.
func FuzzPlainLabels(f *testing.F) {
	for _, s := range []string{"//h", "//a.b.c/", "http://www.example.com./x", "//a..b", "//.a", "//%41.b",
		"//archives.subscribermail.com", "//abcdefgh.abcdefgh", "//a.b.c.d.e.f.g.h.i", "//..........", "//abcdefg."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := uri.Parse(s)
		host, _ := u.Host()
		if err != nil || u.HostType() != uri.HostRegName || host == "" {
			return
		}
		want := jsonArray(u.Labels())
		if got := appendPlainLabels([]byte("x"), host); string(got) != "x"+string(want) {
			t.Fatalf("host %q: %s, want %s", host, got[1:], want)
		}
	})
}

// jsonArray is items as a JSON array of strings, written the slow way.
func jsonArray(items iter.Seq[string]) []byte {
	b := []byte{'['}
	for item := range items {
		if len(b) > 1 {
			b = append(b, ',')
		}
		b = render.AppendString(b, item)
	}
	return append(b, ']')
}
