package uri_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/uritool/uritool/pkg/uri"
)

var relativeDots = uri.NormalizeOptions{Level: uri.SyntaxLevel, RelativeDots: true}

// TestRelativeDots: NormalizeOptions.RelativeDots removes from a relative
// reference the dot-segments that do not depend on a base.
func TestRelativeDots(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		// The examples of section 5.2.4, also in Addressable's and
		// python-hyper/rfc3986's suites.
		{"/a/b/c/./../../g", "/a/g"},
		{"mid/content=5/../6", "mid/6"},
		// An absolute path, also after an authority, as a URI's (5.2.2).
		{"/../a/./b", "/a/b"},
		{"//h/a/../b/.", "//h/b/"},
		{"/a/..//b", "/.//b"}, // "//b" would read as an authority
		// A relative path keeps the ".." that only a base can resolve
		// (5.2.3, 5.2.4); these are uriparser's cases, which agree.
		{"../../abc", "../../abc"},
		{"../../abc/./def", "../../abc/def"},
		{"../../abc/../def", "../../def"},
		{"../../abc/..", "../../"},
		{"a/../../b", "../b"},
		{"a/b/../../../c/./d", "../c/d"},
		// A directory ends with "/"; an empty path would be "same
		// document" (5.2.2), so the directory itself is "./".
		{".", "./"},
		{"./", "./"},
		{"..", "../"},
		{"../..", "../../"},
		{"a/..", "./"},
		{"a/../", "./"},
		{"a/..?q#f", "./?q#f"},
		{"def/.", "def/"},
		{"./def", "def"},
		{"a/./b/../b/%63/%7bfoo%7d", "a/b/c/%7Bfoo%7D"},
		{"a//../b", "a/b"}, // ".." removes the empty segment
		// "./" before a first segment that would read as a scheme or an
		// authority (4.2).
		{"./a:b", "./a:b"},
		{"./a:b/c", "./a:b/c"},
		{"x/../a:b", "./a:b"},
		{"a/..//b", ".//b"},
		{".//b", ".//b"},
		{"../a/..//b", "..//b"},
		// Nothing else changes.
		{"a/b", "a/b"},
		{"", ""},
		{"?q", "?q"},
		{"a/.b/..c/...", "a/.b/..c/..."},
	} {
		u := uri.MustParse(c.in)
		got := relativeDots.Normalize(u)
		if got.String() != c.want {
			t.Errorf("Normalize(%q) with RelativeDots = %q, want %q", c.in, got, c.want)
		}
		if again := relativeDots.Normalize(got); again != got {
			t.Errorf("Normalize(%q) with RelativeDots = %q, and again %q", c.in, got, again)
		}
		if plain := uri.Normalize(u, uri.SyntaxLevel); plain.Path() != u.Path() && !strings.Contains(c.in, "%") {
			t.Errorf("Normalize(%q) without RelativeDots changed the path: %q", c.in, plain)
		}
	}
}

// TestRelativeDotsBaseWithoutDirectory shows the one case the help states:
// a base with neither an authority nor a "/" in its path merges a relative
// path with nothing (5.2.3), and remove_dot_segments then makes
// "a/../b" absolute.
func TestRelativeDotsBaseWithoutDirectory(t *testing.T) {
	base := uri.MustParse("urn:a:b")
	ref := uri.MustParse("a/../b")
	n := relativeDots.Normalize(ref)
	got, _ := uri.Resolve(base, ref)
	gotN, _ := uri.Resolve(base, n)
	if n.String() != "b" || got.String() != "urn:/b" || gotN.String() != "urn:b" {
		t.Errorf("against urn:a:b, a/../b → %q, and its normal form %q → %q", got, n, gotN)
	}
}

// directoryBases have an authority or a "/" in their path, so that a
// relative path is merged with a directory (5.2.3).
var directoryBases = []string{
	"http://a/b/c/d;p?q", "http://a", "http://a/", "file:///", "s://h/x/y/",
	"s:/", "s:/x", "s:/x/y/z", "s:x/", "s:x/y/z", "s:x//y", "s:.//x/",
}

// FuzzRelativeDots holds the invariant of RelativeDots: the result is a
// reference of the same kind, already normal, and resolving it against
// any base with a directory gives the target resolving the input gives.
func FuzzRelativeDots(f *testing.F) {
	for _, s := range []string{
		"mid/content=5/../6", "/a/b/c/./../../g", "a/../../b", "./a:b", "a/..//b", "..", ".",
		"../a/./b/../../..", "a//../b", "%2E%2e/x", "x/%2E/../y?q", "//h/../a", "./a:b/../c:d",
	} {
		f.Add(s, "")
	}
	f.Add("a/b/../../../c", "s:x/y/")
	f.Fuzz(func(t *testing.T, s, extraBase string) {
		u, err := uri.Parse(s)
		if err != nil || u.IsAbsolute() {
			return
		}
		n := relativeDots.Normalize(u)
		ns := n.String()
		if p, err := uri.Parse(ns); err != nil || p != n || !reURIReference.MatchString(ns) {
			t.Fatalf("Normalize(%q) = %q, which Parse reads as %q, %v", s, ns, p, err)
		}
		_, hadAuthority := u.Authority()
		_, hasAuthority := n.Authority()
		if n.IsAbsolute() || hasAuthority != hadAuthority ||
			strings.HasPrefix(u.Path(), "/") != strings.HasPrefix(n.Path(), "/") {
			t.Fatalf("Normalize(%q) = %q changes the kind of reference", s, ns)
		}
		if again := relativeDots.Normalize(n); again != n {
			t.Fatalf("Normalize(%q) = %q, and again %q", s, ns, again)
		}
		// Only dot-segments differ from the normal form without them.
		keep := uri.Normalize(u, uri.SyntaxLevel)
		bases := directoryBases
		if b, err := uri.Parse(extraBase); err == nil && b.IsAbsolute() {
			if _, ok := b.Authority(); ok || strings.Contains(b.Path(), "/") {
				bases = append(bases[:len(bases):len(bases)], extraBase)
			}
		}
		for _, bs := range bases {
			b := uri.MustParse(bs)
			want, err1 := uri.Resolve(b, keep)
			got, err2 := uri.Resolve(b, n)
			if err1 != nil || err2 != nil || got != want {
				t.Fatalf("against %q, %q resolves to %q but its normal form %q to %q (%v, %v)", bs, keep, want, n, got, err1, err2)
			}
		}
	})
}

// TestRelativeDotsAllocations: a normal reference comes back without an
// allocation, any other with one, the byte "." gains included.
func TestRelativeDotsAllocations(t *testing.T) {
	for _, c := range []struct {
		in   string
		want float64
	}{
		{"../../a/b?q#f", 0}, {"./a:b", 0}, {".//b", 0}, {"./", 0}, {"a/b", 0},
		{".", 1}, {"../..", 1}, {"a/./b?q#f", 1}, {"x/../a:b", 1}, {"/a/../b", 1},
	} {
		u := uri.MustParse(c.in)
		if n := testing.AllocsPerRun(100, func() { sink = relativeDots.Normalize(u) }); n != c.want {
			t.Errorf("Normalize(%q) with RelativeDots allocates %v times, want %v", c.in, n, c.want)
		}
	}
}

// TestRelativeDotsDisputed compares RelativeDots with the peers whose
// normal forms of relative references the corpus records as disputed
// (RFC 3986 gives none). Those that remove such dot-segments agree, but
// for an empty result: uriparser writes "abc/.." as "", the empty
// reference, which resolves to the base itself rather than its directory.
func TestRelativeDotsDisputed(t *testing.T) {
	type disputed struct {
		Kind, Input, Source string
		Expects             json.RawMessage `json:"source_expects"` // a string for normalize cases
	}
	keepers := []string{"yescallop/fluent-uri-rs", "lo48576/iri-string"} // they leave relative references as they are
	emptyForDot := map[string]bool{"abc/..": true, "abc/../": true}
	agree := 0
	for _, c := range loadCases[disputed](t, "disputed.json") {
		u, err := uri.Parse(c.Input)
		var want string
		if c.Kind != "normalize" || json.Unmarshal(c.Expects, &want) != nil || err != nil || u.IsAbsolute() || !strings.Contains(u.Path(), ".") {
			continue
		}
		got := relativeDots.Normalize(u).String()
		switch {
		case got == want:
			agree++
		case emptyForDot[c.Input] && want == "" && got == "./":
		case hasAnyPrefix(keepers, c.Source) && want == uri.Normalize(u, uri.SyntaxLevel).String():
		default:
			t.Errorf("%s: %q normalizes to %q with RelativeDots, the source to %q", c.Source, c.Input, got, want)
		}
	}
	if agree < 12 {
		t.Errorf("RelativeDots agrees with %d disputed cases, want at least 12", agree)
	}
}

func hasAnyPrefix(prefixes []string, s string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
