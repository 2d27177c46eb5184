package uri_test

import (
	"errors"
	"testing"

	"github.com/uritool/uritool/pkg/uri"
)

// IRIs of RFC 3987 (sections 3.1, 3.2 and 6.4) and others at the edges of
// its ABNF (section 2.2): each is an IRI-reference and, having non-ASCII
// characters, no URI-reference.
func TestParseIRIValid(t *testing.T) {
	for _, tt := range []struct {
		in, host, path, query, fragment string
	}{
		{"http://r\u00e9sum\u00e9.example.org", "r\u00e9sum\u00e9.example.org", "", "", ""},              // section 3.1
		{"http://www.example.org/D\u00fcrst", "www.example.org", "/D\u00fcrst", "", ""},                  // section 3.2
		{"http://www.example.org/red%09ros\u00e9#red", "www.example.org", "/red%09ros\u00e9", "", "red"}, // section 3.1
		{"http://\u7d0d\u8c46.example.org/%E2%80%AE", "\u7d0d\u8c46.example.org", "/%E2%80%AE", "", ""},  // section 3.2
		{"https://b\u00fccher.example/stra\u00dfe?q=\u65e5\u672c", "b\u00fccher.example", "/stra\u00dfe", "q=\u65e5\u672c", ""},
		{"//u\u00e9@h\u00e9:8080/p", "h\u00e9", "/p", "", ""}, // iuserinfo and ireg-name
		{"\u00e9t\u00e9/x", "", "\u00e9t\u00e9/x", "", ""},    // ipath-noscheme
		{"?\ue000", "", "", "\ue000", ""},                     // iprivate is allowed in iquery
		{"?\U000f0000\U0010fffd", "", "", "\U000f0000\U0010fffd", ""},
		{"#\u00a0\ud7ff\uf900\ufdcf\ufdf0\uffef", "", "", "", "\u00a0\ud7ff\uf900\ufdcf\ufdf0\uffef"}, // ucschar's BMP bounds
		{"#\U00010000\U0001fffd\U000e1000\U000efffd", "", "", "", "\U00010000\U0001fffd\U000e1000\U000efffd"},
		{"http://[::1]/\u00e9", "[::1]", "/\u00e9", "", ""},
		{"http://example.com/", "example.com", "/", "", ""}, // every URI is an IRI
	} {
		u, err := uri.ParseRule(tt.in, uri.RuleIRIReference)
		if err != nil {
			t.Errorf("ParseRule(%q, RuleIRIReference): %v", tt.in, err)
			continue
		}
		host, _ := u.Host()
		query, _ := u.Query()
		fragment, _ := u.Fragment()
		if host != tt.host || u.Path() != tt.path || query != tt.query || fragment != tt.fragment || u.String() != tt.in {
			t.Errorf("ParseRule(%q, RuleIRIReference) = host %q path %q query %q fragment %q", tt.in, host, u.Path(), query, fragment)
		}
		if _, err := uri.Parse(tt.in); err == nil && tt.in != "http://example.com/" && tt.in != "http://[::1]/\u00e9" {
			t.Errorf("Parse(%q) accepted non-ASCII", tt.in)
		}
	}
}

// Inputs that are no IRI-reference, with the offset and rule, which follow
// the same longest-prefix rule as Parse's.
func TestParseIRIErrors(t *testing.T) {
	for _, tt := range []struct {
		in     string
		offset int
		rule   string
	}{
		{"http://h/\ue000", 9, "path"},         // iprivate only in the query
		{"http://h/#\ue000", 10, "fragment"},   // ... not in the fragment
		{"http://h\ue000/", 8, "host"},         // ... nor the host
		{"http://h/\ufdd0", 9, "path"},         // a noncharacter
		{"http://h/\uffff", 9, "path"},         // the end of a plane
		{"http://h/\U0001fffe", 9, "path"},     // ... of every plane
		{"http://h/\U000e0001", 9, "path"},     // a tag character
		{"http://h/\x80", 9, "path"},           // not UTF-8
		{"http://h/\xed\xa0\x80", 9, "path"},   // an encoded surrogate
		{"http://h/\u0085", 9, "path"},         // C1 controls are below U+00A0
		{"h\u00e9ttp://x", 6, "path-noscheme"}, // a scheme stays ASCII, so this is a relative path with a ':'
		{"http://[::\u00e9]/", 10, "IPv6address"},
		{"http://h:8\u00e9/", 12, "port"},
		{"http://h/a b", 10, "path"},
	} {
		_, err := uri.ParseRule(tt.in, uri.RuleIRIReference)
		var pe *uri.ParseError
		if !errors.As(err, &pe) {
			t.Errorf("ParseRule(%q, RuleIRIReference) = %v, want a *ParseError", tt.in, err)
			continue
		}
		if pe.Offset != tt.offset || pe.Rule != tt.rule {
			t.Errorf("ParseRule(%q, RuleIRIReference): offset %d rule %q (%s), want %d %q", tt.in, pe.Offset, pe.Rule, pe.Msg, tt.offset, tt.rule)
		}
	}
}

func TestParseIRIGrammars(t *testing.T) {
	if _, err := uri.ParseRule("//h\u00e9/", uri.RuleIRI); err == nil {
		t.Error("ParseIRIWithScheme accepted a relative reference")
	}
	if _, err := uri.ParseRule("http://h\u00e9/#f", uri.RuleIRI); err != nil {
		t.Error(err)
	}
	if _, err := uri.ParseRule("http://h\u00e9/#f", uri.RuleAbsoluteIRI); err == nil {
		t.Error("ParseAbsoluteIRI accepted a fragment")
	}
	if _, err := uri.ParseRule("http://h\u00e9/?\ue000", uri.RuleAbsoluteIRI); err != nil {
		t.Error(err)
	}
}

// For ASCII input, ParseIRI and Parse give the same URI or the same error:
// every URI is an IRI (RFC 3987 section 2.2).
func TestParseIRIOnASCII(t *testing.T) {
	for _, s := range []string{"http://a/b?c#d", "a b", "http://[::1", "%zz", "//h:x/", "a:b:c", ""} {
		u1, err1 := uri.Parse(s)
		u2, err2 := uri.ParseRule(s, uri.RuleIRIReference)
		if u1 != u2 || (err1 == nil) != (err2 == nil) || (err1 != nil && err1.Error() != err2.Error()) {
			t.Errorf("%q: Parse %v %v, ParseIRI %v %v", s, u1, err1, u2, err2)
		}
	}
}

func TestParseIRIAllocs(t *testing.T) {
	var sink uri.URI
	for _, s := range []string{"https://b\u00fccher.example/stra\u00dfe?q=\u65e5\u672c#\u00e9", "http://example.com/a?b#c"} {
		if n := testing.AllocsPerRun(100, func() { sink, _ = uri.ParseRule(s, uri.RuleIRIReference) }); n != 0 {
			t.Errorf("ParseRule(%q, RuleIRIReference): %v allocations", s, n)
		}
	}
	_ = sink
}

func FuzzParseIRI(f *testing.F) {
	for _, s := range []string{"http://b\u00fccher.example/", "?\ue000", "http://h/\U0001fffe", "a:b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := uri.ParseRule(s, uri.RuleIRIReference)
		v, uerr := uri.Parse(s)
		switch {
		case uerr == nil && (err != nil || u != v):
			t.Fatalf("%q is a URI but ParseIRI says %v", s, err)
		case err != nil:
			var pe *uri.ParseError
			if !errors.As(err, &pe) || pe.Offset < 0 || pe.Offset > len(s) {
				t.Fatalf("%q: bad error %v", s, err)
			}
			// The prefix before the offset is viable, so parsing only it
			// fails, if at all, at its end.
			if _, err := uri.ParseRule(s[:pe.Offset], uri.RuleIRIReference); err != nil {
				var pe2 *uri.ParseError
				if errors.As(err, &pe2) && pe2.Offset < pe.Offset {
					t.Fatalf("%q: prefix %q fails earlier, at %d", s, s[:pe.Offset], pe2.Offset)
				}
			}
		case u.String() != s:
			t.Fatalf("%q: String %q", s, u.String())
		}
	})
}

func TestBuilderIRI(t *testing.T) {
	host, path := "bücher.example", "/straße"
	b := uri.Builder{Scheme: ptr("https"), Host: &host, Path: path}
	if _, err := b.Build(); err == nil {
		t.Errorf("Build of non-ASCII without IRI succeeded")
	}
	b.IRI = true
	u, err := b.Build()
	if err != nil || u.String() != "https://bücher.example/straße" {
		t.Errorf("Build with IRI = %q, %v", u.String(), err)
	}
	q := "\ue000"
	b.Query, b.Path = &q, "/\ue000"
	if _, err := b.Build(); err == nil {
		t.Errorf("iprivate in the path was accepted")
	}
}

// TestNormalizeIRI checks that normalizing an IRI keeps its characters
// and applies the URI steps to the rest (RFC 3987 section 5.3.2).
func TestNormalizeIRI(t *testing.T) {
	u, err := uri.ParseRule("HTTP://Bücher.Example:80/./a/%7e/日本", uri.RuleIRIReference)
	if err != nil {
		t.Fatal(err)
	}
	got := uri.NormalizeOptions{Level: uri.SchemeLevel}.Normalize(u).String()
	if want := "http://bücher.example/a/~/日本"; got != want {
		t.Errorf("Normalize = %q, want %q", got, want)
	}
}

// TestResolveIRI: IRI references resolve as URI references do (RFC 3987
// section 6.5), against a URI or an IRI base; resolution panicked when
// its target was no URI.
func TestResolveIRI(t *testing.T) {
	for _, tt := range []struct{ base, ref, want string }{
		{"file:///docs/guide.md", "gu\u00efde.md#Wie-man-anf\u00e4ngt", "file:///docs/gu\u00efde.md#Wie-man-anf\u00e4ngt"},
		{"http://a/b/c/d", "../\u00e9t\u00e9?\u00e0", "http://a/b/\u00e9t\u00e9?\u00e0"},
		{"http://r\u00e9sum\u00e9.example/a/b", "c", "http://r\u00e9sum\u00e9.example/a/c"},
		{"http://a/b", "#\u00e9", "http://a/b#\u00e9"},
	} {
		base, err := uri.ParseRule(tt.base, uri.RuleIRIReference)
		if err != nil {
			t.Fatal(err)
		}
		ref, err := uri.ParseRule(tt.ref, uri.RuleIRIReference)
		if err != nil {
			t.Fatal(err)
		}
		got, err := uri.Resolve(base, ref)
		if err != nil || got.String() != tt.want {
			t.Errorf("Resolve(%q, %q) = %q, %v; want %q", tt.base, tt.ref, got, err, tt.want)
		}
	}
}
