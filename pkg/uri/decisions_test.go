package uri_test

import (
	"strings"
	"testing"

	"github.com/uritool/uritool/pkg/uri"
)

// The decisions listed in the package doc, checked on every reference of
// the conformance corpus.

// corpusRefs returns every string of the corpus that parses, and the
// cases of the decisions themselves.
func corpusRefs(t *testing.T) []uri.URI {
	var refs []uri.URI
	for _, s := range append(corpusStrings(t), "a:b/../c", "a:b/..//c", "A:./x/%41/../y", "foo:.", "http://h:080", "HTTP://h:0443") {
		if u, err := uri.Parse(s); err == nil {
			refs = append(refs, u)
		}
	}
	return refs
}

// TestRootlessDotSegments: Normalize removes dot-segments from the path of
// every URI, rootless or not, exactly as Resolve does (5.2.2, 6.2.2.3),
// so that Equal agrees with both.
func TestRootlessDotSegments(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"a:b/../c", "a:/c"},
		{"a:b/./c", "a:b/c"},
		{"a:./b", "a:b"},
		{"a:.", "a:"},
		{"a:b/..//c", "a:/.//c"},
		{"../a", "../a"}, // a relative reference keeps them
	} {
		u := uri.MustParse(c.in)
		if got := uri.Normalize(u, uri.SyntaxLevel).String(); got != c.want {
			t.Errorf("Normalize(%q) = %q, want %q", c.in, got, c.want)
		}
		if !u.IsAbsolute() {
			continue
		}
		if got, _ := uri.Resolve(uri.MustParse("http://x/"), u); got.String() != c.want {
			t.Errorf("Resolve(http://x/, %q) = %q, want %q", c.in, got, c.want)
		}
	}
	bases := []uri.URI{uri.MustParse("http://a/b/c/d;p?q"), uri.MustParse("a:b"), uri.MustParse("x:")}
	for _, u := range corpusRefs(t) {
		if !u.IsAbsolute() || strings.Contains(strings.ToLower(u.Path()), "%2e") {
			// Normalize decodes "%2E" before removing dot-segments
			// (6.2.2.2 before 6.2.2.3); Resolve does not decode.
			continue
		}
		for _, b := range bases {
			target, err := uri.Resolve(b, u)
			if err != nil {
				t.Fatal(err)
			}
			for _, level := range []uri.Level{uri.SyntaxLevel, uri.SchemeLevel} {
				if n, m := uri.Normalize(u, level), uri.Normalize(target, level); n != m {
					t.Errorf("Normalize(%q, %d) = %q, but the target %q of Resolve(%q, it) normalizes to %q", u, level, n, target, b, m)
				}
			}
			if !uri.Equal(u, target) {
				t.Errorf("Equal(%q, Resolve(%q, it) = %q) is false", u, b, target)
			}
		}
	}
}

// TestEquivalentPorts: a port whose number is the scheme's default is
// dropped at SchemeLevel whatever its leading zeros (6.2.3, 3.2.3), and
// Equal agrees; other ports are kept as written.
func TestEquivalentPorts(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"http://h:080/", "http://h/"},
		{"http://h:0080", "http://h/"},
		{"HTTPS://h:00443/a", "https://h/a"},
		{"http://h:0/", "http://h:0/"},
		{"http://h:8080/", "http://h:8080/"},
		{"http://h:08080/", "http://h:08080/"},
		{"foo://h:080/", "foo://h:080/"},
	} {
		if got := uri.Normalize(uri.MustParse(c.in), uri.SchemeLevel).String(); got != c.want {
			t.Errorf("Normalize(%q, SchemeLevel) = %q, want %q", c.in, got, c.want)
		}
	}
	o := uri.NormalizeOptions{Level: uri.SchemeLevel, DefaultPorts: map[string]string{"foo": "80"}}
	if got := o.Normalize(uri.MustParse("foo://h:080/")).String(); got != "foo://h/" {
		t.Errorf("with foo=80, Normalize(foo://h:080/) = %q, want foo://h/", got)
	}
	// Every reference of the corpus with a known scheme and a host, with
	// its default port written with leading zeros, equals itself without.
	for _, u := range corpusRefs(t) {
		scheme, _ := u.Scheme()
		def, known := uri.DefaultPort(scheme)
		host, hasHost := u.Host()
		if !known || !hasHost {
			continue
		}
		b := builderOf(u)
		b.Port = nil
		plain, err := b.Build()
		if err != nil {
			t.Fatal(err)
		}
		for _, port := range []string{def, "0" + def, "000" + def} {
			b.Port = &port
			withPort, err := b.Build()
			if err != nil {
				t.Fatal(err)
			}
			if !uri.Equal(plain, withPort) {
				t.Errorf("Equal(%q, %q) is false: host %q, default port %s", plain, withPort, host, def)
			}
		}
	}
}

// builderOf returns a Builder holding u's components.
func builderOf(u uri.URI) uri.Builder {
	get := func(c uri.Component) *string {
		start, end, ok := u.Span(c)
		if !ok {
			return nil
		}
		s := u.String()[start:end]
		return &s
	}
	return uri.Builder{
		Scheme: get(uri.ComponentScheme), Userinfo: get(uri.ComponentUserinfo), Host: get(uri.ComponentHost),
		Port: get(uri.ComponentPort), Path: u.Path(), Query: get(uri.ComponentQuery), Fragment: get(uri.ComponentFragment),
	}
}
