package filter

import (
	"testing"

	"github.com/uritool/uritool/internal/glob"
	"github.com/uritool/uritool/pkg/uri"
)

// globs parses patterns, as --path-glob does.
func globs(t *testing.T, patterns ...string) []glob.Pattern {
	t.Helper()
	var gs []glob.Pattern
	for _, p := range patterns {
		g, err := glob.Parse(p)
		if err != nil {
			t.Fatal(err)
		}
		gs = append(gs, g)
	}
	return gs
}

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
		{"host glob", Filter{Host: []glob.Name{glob.MustParseName("*.example.com"), glob.MustParseName("example.com")}},
			[]string{"https://WWW.Example.com/", "http://example.com", "%zz"}, []string{"https://example.org/", "/relative", "https://a.b.example.net/"}},
		{"path glob", Filter{Path: globs(t, "/api/*")}, []string{"https://a/api/v1"}, []string{"https://a/api/v1/users", "https://a/"}},
		// One glob language with --exclude-path (issue 36: '*.php' matched
		// nothing, paths starting with "/", and ** crossed no segment).
		{"a last segment anywhere", Filter{Path: globs(t, "*.php")}, []string{"https://a/x.php?q", "https://a/b/c/x.php", "x.php"},
			[]string{"https://a/x.phpx", "https://a/", "https://a/x.php/"}},
		{"any segments", Filter{Path: globs(t, "/api/**/users")}, []string{"https://a/api/users", "https://a/api/v1/v2/users"},
			[]string{"https://a/v1/api/users", "https://a/api/users/1"}},
		{"anchored without a leading slash", Filter{Path: globs(t, "static/*.css")}, []string{"https://a/static/x.css"},
			[]string{"https://a/b/static/x.css"}},
		{"IRI host", Filter{Host: []glob.Name{glob.MustParseName("bücher.de")}}, []string{"http://bücher.de/"}, []string{"http://xn--bcher-kva.de/"}},
	} {
		var u uri.URI
		for _, in := range c.keep {
			if keep, _ := c.f.Keep(in, &u); !keep {
				t.Errorf("%s: %q dropped, want kept", c.name, in)
			}
		}
		for _, in := range c.drop {
			if keep, _ := c.f.Keep(in, &u); keep {
				t.Errorf("%s: %q kept, want dropped", c.name, in)
			}
		}
	}
}

// TestKeepParsed: what the filter parsed is handed on only when the
// strict grammar read the text as the operation will see it.
func TestKeepParsed(t *testing.T) {
	f := Filter{Has: []uri.Component{uri.ComponentQuery}}
	for _, c := range []struct {
		in           string
		keep, parsed bool
	}{
		{"http://a/x?q", true, true},
		{"http://bücher.de/?q", true, false}, // an IRI: the operation reads it by its own grammar
		{"http://a b/", true, false},         // invalid: kept for the operation to report
		{"http://a/x", false, true},          // no query
	} {
		var u uri.URI
		keep, parsed := f.Keep(c.in, &u)
		if keep != c.keep || parsed != c.parsed || parsed && u.String() != c.in {
			t.Errorf("Keep(%q) = %v, %v (%q); want %v, %v", c.in, keep, parsed, u.String(), c.keep, c.parsed)
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
	if !(&Filter{}).Empty() || (&Filter{Path: globs(t, "*")}).Empty() {
		t.Error("Empty is wrong")
	}
}
