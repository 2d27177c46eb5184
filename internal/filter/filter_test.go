package filter

import (
	"testing"

	"github.com/uritool/uritool/pkg/uri"
)

func TestKeep(t *testing.T) {
	for _, c := range []struct {
		name string
		f    Filter
		keep []string
		drop []string
	}{
		{"zero passes all", Filter{}, []string{"http://a/", "a b", ""}, nil},
		{"has query", Filter{Has: []uri.Component{uri.ComponentQuery}},
			[]string{"http://a/?x", "http://a/?", "a b"}, []string{"http://a/", "http://a/#?"}},
		{"lacks query", Filter{Lacks: []uri.Component{uri.ComponentQuery}}, []string{"http://a/"}, []string{"http://a/?"}},
		{"has port", Filter{Has: []uri.Component{uri.ComponentPort}}, []string{"http://a:8080/"}, []string{"http://a/"}},
		{"drop static", Filter{DropExt: []string{"png", "css", "js"}},
			[]string{"http://a/x.php?a=b.png", "http://a/", "http://a/.png", "http://a/x.png/"}, []string{"http://a/x.PNG", "http://a/s.css?v=1", "/x.js"}},
		{"only ext", Filter{Ext: []string{"pdf"}}, []string{"https://a/doc.pdf#p=2"}, []string{"https://a/doc", "https://a/doc.pdfx"}},
		{"host glob", Filter{Host: []string{"*.example.com", "example.com"}},
			[]string{"https://WWW.Example.com/", "http://example.com", "%zz"}, []string{"https://example.org/", "/relative", "https://a.b.example.net/"}},
		{"path glob", Filter{Path: []string{"/api/*"}}, []string{"https://a/api/v1"}, []string{"https://a/api/v1/users", "https://a/"}},
		{"IRI host", Filter{Host: []string{"bücher.de"}}, []string{"http://bücher.de/"}, []string{"http://xn--bcher-kva.de/"}},
	} {
		for _, in := range c.keep {
			if !c.f.Keep(in) {
				t.Errorf("%s: %q dropped, want kept", c.name, in)
			}
		}
		for _, in := range c.drop {
			if c.f.Keep(in) {
				t.Errorf("%s: %q kept, want dropped", c.name, in)
			}
		}
	}
}

func TestExtension(t *testing.T) {
	for p, want := range map[string]string{"/a/b.png": "png", "/a/b": "", "/a/.hidden": "", "/a/b/": "", "b.tar.gz": "gz", "": "", "/a.b/c": ""} {
		if got := Extension(p); got != want {
			t.Errorf("Extension(%q) = %q, want %q", p, got, want)
		}
	}
}

func TestEmpty(t *testing.T) {
	if !(&Filter{}).Empty() || (&Filter{Path: []string{"/"}}).Empty() {
		t.Error("Empty is wrong")
	}
}
