package uri_test

import (
	"errors"
	"testing"

	"github.com/uritool/uritool/pkg/uri"
)

// The examples in this file are copied verbatim from RFC 3986; each table
// names the section it comes from.

const rfcBase = "http://a/b/c/d;p?q" // section 5.4

func mustParse(t testing.TB, s string) uri.URI {
	t.Helper()
	u, err := uri.Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return u
}

func mustParseURI(t testing.TB, s string) uri.URI {
	t.Helper()
	u, err := uri.ParseRule(s, uri.RuleURI)
	if err != nil {
		t.Fatalf("ParseRule(%q, RuleURI): %v", s, err)
	}
	return u
}

// Section 5.4.1.
var normalExamples = []struct{ ref, target string }{
	{"g:h", "g:h"},
	{"g", "http://a/b/c/g"},
	{"./g", "http://a/b/c/g"},
	{"g/", "http://a/b/c/g/"},
	{"/g", "http://a/g"},
	{"//g", "http://g"},
	{"?y", "http://a/b/c/d;p?y"},
	{"g?y", "http://a/b/c/g?y"},
	{"#s", "http://a/b/c/d;p?q#s"},
	{"g#s", "http://a/b/c/g#s"},
	{"g?y#s", "http://a/b/c/g?y#s"},
	{";x", "http://a/b/c/;x"},
	{"g;x", "http://a/b/c/g;x"},
	{"g;x?y#s", "http://a/b/c/g;x?y#s"},
	{"", "http://a/b/c/d;p?q"},
	{".", "http://a/b/c/"},
	{"./", "http://a/b/c/"},
	{"..", "http://a/b/"},
	{"../", "http://a/b/"},
	{"../g", "http://a/b/g"},
	{"../..", "http://a/"},
	{"../../", "http://a/"},
	{"../../g", "http://a/g"},
}

// Section 5.4.2, for a strict parser.
var abnormalExamples = []struct{ ref, target string }{
	{"../../../g", "http://a/g"},
	{"../../../../g", "http://a/g"},

	{"/./g", "http://a/g"},
	{"/../g", "http://a/g"},
	{"g.", "http://a/b/c/g."},
	{".g", "http://a/b/c/.g"},
	{"g..", "http://a/b/c/g.."},
	{"..g", "http://a/b/c/..g"},

	{"./../g", "http://a/b/g"},
	{"./g/.", "http://a/b/c/g/"},
	{"g/./h", "http://a/b/c/g/h"},
	{"g/../h", "http://a/b/c/h"},
	{"g;x=1/./y", "http://a/b/c/g;x=1/y"},
	{"g;x=1/../y", "http://a/b/c/y"},

	{"g?y/./x", "http://a/b/c/g?y/./x"},
	{"g?y/../x", "http://a/b/c/g?y/../x"},
	{"g#s/./x", "http://a/b/c/g#s/./x"},
	{"g#s/../x", "http://a/b/c/g#s/../x"},

	{"http:g", "http:g"}, // for strict parsers
}

func TestRFCResolveExamples(t *testing.T) {
	base := mustParseURI(t, rfcBase)
	check := func(section string, opts uri.ResolveOptions, ref, want string) {
		t.Helper()
		got, err := opts.Resolve(base, mustParse(t, ref))
		if err != nil {
			t.Errorf("%s: Resolve(%q, %q): %v", section, rfcBase, ref, err)
			return
		}
		if got.String() != want {
			t.Errorf("%s: Resolve(%q, %q) = %q, want %q", section, rfcBase, ref, got, want)
		}
		if _, err := uri.ParseRule(got.String(), uri.RuleURI); err != nil {
			t.Errorf("%s: target %q of %q is not a URI: %v", section, got, ref, err)
		}
	}
	for _, c := range normalExamples {
		check("5.4.1", uri.ResolveOptions{}, c.ref, c.target)
		// The package-level function is the strict algorithm.
		if got, err := uri.Resolve(base, mustParse(t, c.ref)); err != nil || got.String() != c.target {
			t.Errorf("5.4.1: uri.Resolve(%q, %q) = %q, %v; want %q", rfcBase, c.ref, got, err, c.target)
		}
	}
	for _, c := range abnormalExamples {
		check("5.4.2", uri.ResolveOptions{}, c.ref, c.target)
	}
	// "http:g" = "http://a/b/c/g" ; for backward compatibility
	check("5.4.2 (non-strict)", uri.ResolveOptions{NonStrict: true}, "http:g", "http://a/b/c/g")
	// The non-strict reading only applies when the schemes match
	// (section 5.2.2 compares them case-insensitively, section 3.1).
	check("5.4.2 (non-strict)", uri.ResolveOptions{NonStrict: true}, "HTTP:g", "http://a/b/c/g")
	check("5.4.2 (non-strict)", uri.ResolveOptions{NonStrict: true}, "ftp:g", "ftp:g")
	// Every normal example is unaffected by the non-strict reading.
	for _, c := range normalExamples {
		check("5.4.1 (non-strict)", uri.ResolveOptions{NonStrict: true}, c.ref, c.target)
	}
}

func TestResolveBaseMustBeURI(t *testing.T) {
	// Section 5.2.1: the base URI must be a URI (with a scheme).
	for _, b := range []string{"//a/b", "/b/c", "b/c", ""} {
		_, err := uri.Resolve(mustParse(t, b), mustParse(t, "g"))
		if !errors.Is(err, uri.ErrBaseNotAbsolute) {
			t.Errorf("Resolve(%q, \"g\"): err = %v, want ErrBaseNotAbsolute", b, err)
		}
	}
	// The base's fragment is ignored (section 5.1).
	base := mustParseURI(t, rfcBase+"#frag")
	for _, c := range normalExamples {
		if c.ref == "" {
			continue // the target of "" is the base without its fragment; checked below
		}
		got, err := uri.Resolve(base, mustParse(t, c.ref))
		if err != nil || got.String() != c.target {
			t.Errorf("Resolve(%q, %q) = %q, %v; want %q", base, c.ref, got, err, c.target)
		}
	}
	if got, _ := uri.Resolve(base, mustParse(t, "")); got.String() != rfcBase {
		t.Errorf("Resolve(%q, \"\") = %q, want %q", base, got, rfcBase)
	}
}

// Section 5.2.4, including the two worked examples, plus one case per
// step of the loop.
func TestRFCRemoveDotSegments(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		// worked examples
		{"/a/b/c/./../../g", "/a/g"},
		{"mid/content=5/../6", "mid/6"},
		// nothing to remove
		{"", ""},
		{"/", "/"},
		{"a", "a"},
		{"/a/b/c", "/a/b/c"},
		{"/a/b/", "/a/b/"},
		{"/a//b", "/a//b"},
		{"/g.", "/g."},
		{"/.g", "/.g"},
		{"/g..", "/g.."},
		{"/..g", "/..g"},
		{"/.../", "/.../"},
		// A: a "../" or "./" prefix is removed
		{"../", ""},
		{"./", ""},
		{"../a", "a"},
		{"./a", "a"},
		{"../../a/b", "a/b"},
		{".././a", "a"},
		// B: "/./" or a final "/." becomes "/"
		{"/./", "/"},
		{"/.", "/"},
		{"/a/./b", "/a/b"},
		{"/a/.", "/a/"},
		{"/a/./", "/a/"},
		{"a/./b", "a/b"},
		// C: "/../" or a final "/.." becomes "/" and the last output
		// segment goes, with its preceding "/" if any
		{"/../", "/"},
		{"/..", "/"},
		{"/a/..", "/"},
		{"/a/../", "/"},
		{"/a/b/..", "/a/"},
		{"/a/b/../c", "/a/c"},
		{"/a/b/../../../../c", "/c"},
		{"/a//../b", "/a/b"},
		{"a/..", "/"},
		{"a/../b", "/b"},
		// D: a lone "." or ".." is removed
		{".", ""},
		{"..", ""},
		// E with the others
		{"/a/b/c/./../../g/", "/a/g/"},
		{"/./../a", "/a"},
		{"/.//a", "//a"},
	} {
		if got := uri.RemoveDotSegments(c.in); got != c.want {
			t.Errorf("RemoveDotSegments(%q) = %q, want %q", c.in, got, c.want)
		}
		// The output has no dot-segments left, so a second pass is a no-op.
		if again := uri.RemoveDotSegments(c.want); again != c.want {
			t.Errorf("RemoveDotSegments(%q) = %q, want it unchanged", c.want, again)
		}
	}
}

func TestRFCNormalize(t *testing.T) {
	for _, c := range []struct {
		in, want string
		level    uri.Level
	}{
		// 6.2.2
		{"eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "example://a/b/c/%7Bfoo%7D", uri.SyntaxLevel},
		{"example://a/b/c/%7Bfoo%7D", "example://a/b/c/%7Bfoo%7D", uri.SyntaxLevel},
		// 6.2.2.1: scheme and host are case-insensitive, hex digits uppercase
		{"HTTP://www.EXAMPLE.com/", "http://www.example.com/", uri.SyntaxLevel},
		{"http://a/%3a", "http://a/%3A", uri.SyntaxLevel},
		{"http://a/P%61TH?Q#F", "http://a/PaTH?Q#F", uri.SyntaxLevel},
		{"http://User@a/", "http://User@a/", uri.SyntaxLevel},
		{"http://[::A]/", "http://[::a]/", uri.SyntaxLevel},
		// 6.2.2.2: encoded unreserved characters are decoded everywhere,
		// reserved ones never
		{"http://%41%2d%7e@%41:80/%7e%2F?%5f%3F#%2e%23", "http://A-~@a:80/~%2F?_%3F#.%23", uri.SyntaxLevel},
		{"http://a/%2F%2f", "http://a/%2F%2F", uri.SyntaxLevel},
		// 6.2.2.3: dot-segments, also once encoded
		{"http://a/b/../c/./d", "http://a/c/d", uri.SyntaxLevel},
		{"http://a/b/%2E%2E/c/%2e/d", "http://a/c/d", uri.SyntaxLevel},
		// 6.2.3: the four equivalent URIs and their normal form
		{"http://example.com", "http://example.com/", uri.SchemeLevel},
		{"http://example.com/", "http://example.com/", uri.SchemeLevel},
		{"http://example.com:/", "http://example.com/", uri.SchemeLevel},
		{"http://example.com:80/", "http://example.com/", uri.SchemeLevel},
		// ... which syntax-based normalization alone leaves apart
		{"http://example.com", "http://example.com", uri.SyntaxLevel},
		{"http://example.com:/", "http://example.com:/", uri.SyntaxLevel},
		{"http://example.com:80/", "http://example.com:80/", uri.SyntaxLevel},
		// delimiters of empty components stay (6.2.3)
		{"http://example.com/?", "http://example.com/?", uri.SchemeLevel},
		{"http://example.com/#", "http://example.com/#", uri.SchemeLevel},
		{"http://example.com?", "http://example.com/?", uri.SchemeLevel},
		{"http://example.com:8080", "http://example.com:8080/", uri.SchemeLevel},
		{"https://example.com:443", "https://example.com/", uri.SchemeLevel},
		{"https://example.com:80/", "https://example.com:80/", uri.SchemeLevel},
	} {
		u := mustParse(t, c.in)
		got := uri.Normalize(u, c.level)
		if got.String() != c.want {
			t.Errorf("Normalize(%q, %d) = %q, want %q", c.in, c.level, got, c.want)
		}
		for _, level := range []uri.Level{uri.SyntaxLevel, uri.SchemeLevel} {
			once := uri.Normalize(u, level)
			if twice := uri.Normalize(once, level); twice.String() != once.String() {
				t.Errorf("Normalize(%q, %d) = %q, but normalizing that gives %q", c.in, level, once, twice)
			}
		}
	}
}

func TestRFCEqual(t *testing.T) {
	groups := [][]string{
		// 6.2.2
		{"example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d"},
		// 6.2.2.1
		{"HTTP://www.EXAMPLE.com/", "http://www.example.com/"},
		{"http://a/%3a", "http://a/%3A"},
		// 6.2.3
		{"http://example.com", "http://example.com/", "http://example.com:/", "http://example.com:80/", "HTTP://EXAMPLE.COM:80"},
		// 6.2.3: "http://example.com/?" is none of the above
		{"http://example.com/?", "http://example.com?", "http://example.com:80?"},
		{"http://example.com/#"},
		// only the scheme and host are case-insensitive (6.2.2.1)
		{"http://example.com/A"},
		{"http://example.com/a"},
		{"http://a@example.com/"},
		{"http://A@example.com/"},
		// a port other than the default is significant (6.2.3)
		{"http://example.com:8080/"},
		// reserved characters are not equivalent to their encodings (2.2)
		{"http://example.com/a%2Fb"},
		{"http://example.com/a/b"},
	}
	for i, g := range groups {
		for _, a := range g {
			ua := mustParse(t, a)
			for j, h := range groups {
				for _, b := range h {
					want := i == j
					if got := uri.Equal(ua, mustParse(t, b)); got != want {
						t.Errorf("Equal(%q, %q) = %v, want %v", a, b, got, want)
					}
				}
			}
		}
	}
}

func TestRFCRelativize(t *testing.T) {
	for _, c := range []struct {
		base, target, want string
	}{
		// different scheme: only the target itself will do
		{rfcBase, "https://a/b/c/d;p?q", "https://a/b/c/d;p?q"},
		{rfcBase, "g:h", "g:h"},
		// different authority: a network-path reference
		{rfcBase, "http://g/b/c/d;p?q", "//g/b/c/d;p?q"},
		{rfcBase, "http://g", "//g"},
		{rfcBase, "http://u@a/b/c/g", "//u@a/b/c/g"},
		{rfcBase, "http://a:81/b/c/g", "//a:81/b/c/g"},
		// the base with a different query, or a query where it had none
		{rfcBase, "http://a/b/c/d;p?y", "?y"},
		{rfcBase, "http://a/b/c/d;p?", "?"},
		{"http://a/b/c/d;p", "http://a/b/c/d;p?q", "?q"},
		// the base with a fragment
		{rfcBase, "http://a/b/c/d;p?q#s", "#s"},
		{rfcBase, "http://a/b/c/d;p?q#", "#"},
		{rfcBase + "#t", "http://a/b/c/d;p?q#s", "#s"},
		// the base itself
		{rfcBase, rfcBase, ""},
		{rfcBase + "#t", rfcBase, ""},
		// the base without its query: the path is needed
		{rfcBase, "http://a/b/c/d;p", "d;p"},
		{rfcBase, "http://a/b/c/d;p#s", "d;p#s"},
		// in the base's directory and below
		{rfcBase, "http://a/b/c/g", "g"},
		{rfcBase, "http://a/b/c/g/h?y#s", "g/h?y#s"},
		// a shared prefix: climb with "../"
		{rfcBase, "http://a/b/g", "../g"},
		{rfcBase, "http://a/b/g/h", "../g/h"},
		{"http://a/b/c/d/e", "http://a/b/c/x/y", "../x/y"},
		{"http://a/bbbb/cccc/d/e/f", "http://a/bbbb/cccc/x/y", "../../x/y"},
		// a directory needs no final "/" (5.4.1: "." and "..")
		{rfcBase, "http://a/b/c/", "."},
		{rfcBase, "http://a/b/c/?y#s", ".?y#s"},
		{rfcBase, "http://a/b/", ".."},
		{"http://a/bbbb/cccc/d/e/f", "http://a/bbbb/cccc/", "../.."},
		{"urn:a/b/c", "urn:a/b/", "."},
		{"urn:a/b/c", "urn:a/", ".."},
		// ... unless an absolute path is shorter
		{rfcBase, "http://a/g", "/g"},
		{rfcBase, "http://a/", "/"},
		// a first segment with a colon would read as a scheme (4.2)
		{rfcBase, "http://a/b/c/g:h", "./g:h"},
		{rfcBase, "http://a/b/c/g:h/i", "./g:h/i"},
		// an empty first segment would read as an authority
		{rfcBase, "http://a/b/c//g", ".//g"},
		// without an authority
		{"urn:a/b/c", "urn:a/b/d", "d"},
		{"urn:a/b/c", "urn:a/x", "../x"},
		// a rootless path cannot be reached from another directory: any
		// relative path merges below "a/", and "../" makes it absolute
		{"urn:a/b", "urn:other", "urn:other"},
	} {
		base, target := mustParseURI(t, c.base), mustParseURI(t, c.target)
		got, err := uri.Relativize(base, target)
		if err != nil {
			t.Errorf("Relativize(%q, %q): %v", c.base, c.target, err)
			continue
		}
		if got.String() != c.want {
			t.Errorf("Relativize(%q, %q) = %q, want %q", c.base, c.target, got, c.want)
		}
		back, err := uri.Resolve(base, got)
		if err != nil || back.String() != c.target {
			t.Errorf("Resolve(%q, %q) = %q, %v; want %q", c.base, got, back, err, c.target)
		}
	}
}

func TestRelativizeInvertsRFCExamples(t *testing.T) {
	base := mustParseURI(t, rfcBase)
	for _, c := range append(append([]struct{ ref, target string }{}, normalExamples...), abnormalExamples...) {
		target := mustParseURI(t, c.target)
		ref, err := uri.Relativize(base, target)
		if err != nil {
			t.Errorf("Relativize(%q, %q): %v", rfcBase, c.target, err)
			continue
		}
		if back, err := uri.Resolve(base, ref); err != nil || back.String() != c.target {
			t.Errorf("Relativize(%q, %q) = %q, which resolves to %q (%v)", rfcBase, c.target, ref, back, err)
		}
		if len(ref.String()) > len(c.ref) && c.ref != "http:g" {
			t.Errorf("Relativize(%q, %q) = %q, longer than the RFC's %q", rfcBase, c.target, ref, c.ref)
		}
	}
}

func TestRelativizeNeedsURIs(t *testing.T) {
	abs, rel := mustParseURI(t, rfcBase), mustParse(t, "/b/c")
	if _, err := uri.Relativize(rel, abs); !errors.Is(err, uri.ErrBaseNotAbsolute) {
		t.Errorf("Relativize(relative base): err = %v, want ErrBaseNotAbsolute", err)
	}
	if _, err := uri.Relativize(abs, rel); !errors.Is(err, uri.ErrTargetNotAbsolute) {
		t.Errorf("Relativize(relative target): err = %v, want ErrTargetNotAbsolute", err)
	}
}

func TestPercentDecode(t *testing.T) {
	for in, want := range map[string]string{
		"":          "",
		"abc":       "abc",
		"%41%62c":   "Abc",
		"a%2Fb":     "a/b",
		"%e2%82%ac": "€",
		"100%":      "100%",
		"%zz%4":     "%zz%4",
	} {
		if got := uri.PercentDecode(in); got != want {
			t.Errorf("PercentDecode(%q) = %q, want %q", in, got, want)
		}
	}
}
