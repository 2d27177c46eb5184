package breakdown

import (
	"bytes"
	"iter"
	"slices"
	"strings"
	"testing"

	"github.com/uritool/uritool/internal/pct"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/sink"
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

// FuzzJSONCommon holds the record of the common URI, its fixed text
// stored whole and its components copied a fixed size at once, to the
// one written component by component, and checks that the common URIs
// among the seeds take that way: components at and past the 32 and 64
// bytes copied at once, an empty path and query, a host that is no
// reg-name or is international.
func FuzzJSONCommon(f *testing.F) {
	host32 := "abcdefghij.abcdefghij.abcdefg.com" // 33 bytes
	path64 := "/" + strings.Repeat("abcdefg/", 8) // 65 bytes
	seeds := []string{
		"https://themuslimvibe.com/", "http://h", "http://h?", "http://h/?a=1&b=%20c+d&e", "HTTP://H.EXAMPLE./a//b/",
		"https://" + host32[1:] + "/", "https://" + host32 + "/", "https://" + host32 + "." + host32 + "/x",
		"http://h" + path64[1:], "http://h" + path64, "http://h" + path64 + path64 + "?" + path64 + path64,
		"http://h/?" + path64[1:], "http://h/?" + path64, "ftp://%41.b/%2F", "s://-/",
		"https://a.b/?q=%00%1f%22%5c%7f", "http://h/" + strings.Repeat("x", 5000),
	}
	for _, in := range seeds {
		f.Add(in)
	}
	for _, in := range []string{"//h/", "http://u@h/", "http://h:80/", "http://h/#f", "http://[::1]/", "http://192.0.2.1/",
		"http://xn--bcher-kva.ch/", "http://%C3%BC.example/", "urn:a:b", "http:///p", "http://a b/"} {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		u, err := uri.Parse(in)
		r := Parsed{Line: 1, Input: in, URI: u}
		if err != nil {
			r.Err = err.(*uri.ParseError)
		}
		r.Forms.Set(&u, err == nil)
		if q, ok := u.Query(); ok && err == nil {
			r.Params = pct.AppendFormPairs(nil, new([]byte), q)
		}
		p := &renderer{opts: Options{Format: render.FormatJSON}}
		// Several records in one sink, so that some start where its
		// buffer has little room left.
		common, record := sink.NewSink(), sink.NewSink()
		took := false
		for range 40 {
			p.out = common.Out
			if took = p.jsonCommon(&r); !took {
				break
			}
			p.out = record.Out
			p.jsonRecord(&r)
		}
		if slices.Contains(seeds, in) && !took {
			t.Errorf("%q: not written as a common URI", in)
		}
		if !took {
			return
		}
		var a, b bytes.Buffer
		if err := common.WriteTo(&a, &a); err != nil {
			t.Fatal(err)
		}
		if err := record.WriteTo(&b, &b); err != nil {
			t.Fatal(err)
		}
		if a.String() != b.String() {
			t.Errorf("%q: as a common URI:\n%s\nas any record:\n%s", in, a.String(), b.String())
		}
	})
}
