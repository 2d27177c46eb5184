package iri

import (
	"strings"
	"testing"

	"github.com/uritool/uritool/pkg/uri"
)

// normalNFC is what normalize --iri --nfc does: the RFC 3986 normal form,
// then NFC.
func normalNFC(t testing.TB, s string) uri.URI {
	u, err := uri.ParseRule(s, uri.RuleIRIReference)
	if err != nil {
		t.Fatalf("ParseRule(%q, RuleIRIReference): %v", s, err)
	}
	return NFC(uri.Normalize(u, uri.SyntaxLevel))
}

func TestNFC(t *testing.T) {
	for _, c := range []struct{ in, want, note string }{
		{"http://example.com/C%CC%A7", "http://example.com/%C3%87", "Addressable uri_spec.rb: equivalent to /%C3%87"},
		{"http://example.com/%C3%87", "http://example.com/%C3%87", "Addressable uri_spec.rb: already NFC"},
		{"http://example.com/?v=%7E&x=%25&y=%2B&z=C%CC%A7", "http://example.com/?v=~&x=%25&y=%2B&z=%C3%87", "Addressable uri_spec.rb, the query"},
		{"/%E2%84%A6", "/%CE%A9", "Addressable uri_spec.rb: NFC maps OHM SIGN to OMEGA"},
		{"/%C2%AF%C2%A0", "/%C2%AF%C2%A0", "Addressable uri_spec.rb: not NFKC"},
		{"http://www.example.org/re%CC%81sume%CC%81.html", "http://www.example.org/r%C3%A9sum%C3%A9.html", "RFC 3987 5.3.2.2's example, encoded"},
		{"http://www.example.org/re\u0301sume\u0301.html", "http://www.example.org/r\u00e9sum\u00e9.html", "RFC 3987 5.3.2.2's example, as characters"},
		{"http://e/e\u0301%CC%81x", "http://e/%C3%A9%CC%81x", "a run with both is written encoded"},
		{"HTTP://U%CC%88ber@C%CC%A7a.EXAMPLE/%E2%84%AA#%E2%84%AB", "http://%C3%9Cber@%C3%A7a.example/K#%C3%85", "every component, the host after lowercasing"},
		{"http://%E2%84%AA.example/", "http://k.example/", "KELVIN SIGN is K, lowercase in a host"},
		// No delimiter appears or disappears.
		{"http://e/?a=%CC%B8", "http://e/?a=%CC%B8", "= and U+0338 stay apart (NFC of both is U+2260)"},
		{"http://e/a%3D%CC%B8", "http://e/a%3D%CC%B8", "an encoded = too"},
		{"http://e/a%CD%BEb", "http://e/a%3Bb", "GREEK QUESTION MARK is ;, data here"},
		{"http://e/a\u037eb", "http://e/a%3Bb", "the same as a character"},
		{"http://e/%E1%BF%AF", "http://e/%60", "GREEK VARIA is `, never literal"},
		// What is not UTF-8 of a character stays.
		{"http://e/%C3/%FF%CC%A7/%CC%A7", "http://e/%C3/%FF%CC%A7/%CC%A7", "invalid UTF-8, and lone combining marks"},
		{"http://e/%41%CC%8A", "http://e/%C3%85", "%41 is decoded first (RFC 3986 6.2.2.2), then composed"},
		{"http://[::1]/a", "http://[::1]/a", "nothing to do"},
	} {
		if got := normalNFC(t, c.in).String(); got != c.want {
			t.Errorf("%s: NFC(%q) = %q, want %q", c.note, c.in, got, c.want)
		}
	}
}

func TestNFCKeepsWhatIsNormal(t *testing.T) {
	u := uri.MustParse("http://example.com/%C3%87?q#f")
	if n := NFC(u); n != u {
		t.Errorf("NFC(%q) = %q", u, n)
	}
	if n := testing.AllocsPerRun(10, func() { NFC(uri.MustParse("http://example.com/a")) }); n != 0 {
		t.Errorf("NFC of an ASCII URI allocates %v times", n)
	}
}

// delimiters returns the characters of s that delimit components or
// subcomponents, which NFC must keep.
func delimiters(s string) string {
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune(":/?#[]@!$&'()*+,;=", r) {
			return r
		}
		return -1
	}, s)
}

// FuzzNFC: the result is a valid IRI reference in the normal form of
// uri.Normalize, its own NFC, with the delimiters of its input.
func FuzzNFC(f *testing.F) {
	for _, s := range []string{"http://e/C%CC%A7", "/e\u0301?\u0338=%CC%B8#%E2%84%AA", "//%E2%84%AA%CC%81/a%CD%BE", "a%F0%9F%98%80%CC%81"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := uri.ParseRule(s, uri.RuleIRIReference)
		if err != nil {
			return
		}
		in := uri.Normalize(u, uri.SyntaxLevel)
		n := NFC(in)
		if p, err := uri.ParseRule(n.String(), uri.RuleIRIReference); err != nil || p != n {
			t.Fatalf("NFC(%q) = %q, which RuleIRIReference reads as %q, %v", in, n, p, err)
		}
		if again := uri.Normalize(n, uri.SyntaxLevel); again != n {
			t.Fatalf("NFC(%q) = %q, not normal: %q", in, n, again)
		}
		if again := NFC(n); again != n {
			t.Fatalf("NFC(%q) = %q, and again %q", in, n, again)
		}
		if delimiters(n.String()) != delimiters(in.String()) {
			t.Fatalf("NFC(%q) = %q changes the delimiters", in, n)
		}
	})
}
