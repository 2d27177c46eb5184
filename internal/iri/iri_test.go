package iri

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/uritool/uritool/internal/ascii"
	"github.com/uritool/uritool/internal/idn"
	"github.com/uritool/uritool/pkg/uri"
)

// pairs map an IRI to its URI and back: RFC 3987's own examples
// (sections 3.1, 3.2 and 1.2) and cases of our reading of it.
var pairs = []struct{ iri, uri, note string }{
	{"http://r\u00e9sum\u00e9.example.org", "http://xn--rsum-bpad.example.org", "RFC 3987 section 3.1, IDNA host"},
	{"https://www.example.org/red%09ros\u00e9#red", "https://www.example.org/red%09ros%C3%A9#red", "RFC 3987 section 3.1: %09 stays"},
	{"http://www.example.org/D\u00fcrst", "http://www.example.org/D%C3%BCrst", "RFC 3987 section 3.2"},
	{"http://\u7d0d\u8c46.example.org/%E2%80%AE", "http://xn--99zt52a.example.org/%E2%80%AE", "RFC 3987 section 3.2: U+202E stays encoded"},
	{"http://example.com/\U00010300\U00010301\U00010302", "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82", "RFC 3987 section 3.1, characters beyond the BMP"},
	{"https://b\u00fccher.example/stra\u00dfe?q=\u65e5\u672c", "https://xn--bcher-kva.example/stra%C3%9Fe?q=%E6%97%A5%E6%9C%AC", "the issue's example"},
	{"http://\u00fcser:p\u00e4ss@b\u00fccher.example:8080/\u00e0?\u00e9#\u00ee", "http://%C3%BCser:p%C3%A4ss@xn--bcher-kva.example:8080/%C3%A0?%C3%A9#%C3%AE", "every component"},
	{"http://b\u00fccher.EXAMPLE/", "http://xn--bcher-kva.EXAMPLE/", "ASCII labels are kept as written"},
	{"http://example.com/?\ue000", "http://example.com/?%EE%80%80", "iprivate in the query"},
	{"/caf\u00e9/menu", "/caf%C3%A9/menu", "a relative reference"},
	{"http://example.com/a%20b", "http://example.com/a%20b", "ASCII encodings are never decoded"},
	{"mailto:\u7530\u4e2d@example.jp", "mailto:%E7%94%B0%E4%B8%AD@example.jp", "no authority: a path"},
	{"http://[::1]/\u00e9", "http://[::1]/%C3%A9", "IP literal host"},
	{"http://faß.de/", "http://xn--fa-hia.de/", "non-transitional: ß stays a letter of its own"},
}

func TestToURI(t *testing.T) {
	for _, p := range pairs {
		got, err := ToURI(p.iri, Options{})
		if err != nil || got != p.uri {
			t.Errorf("%s: ToURI(%q) = %q, %v; want %q", p.note, p.iri, got, err, p.uri)
		}
	}
}

func TestToIRI(t *testing.T) {
	for _, p := range pairs {
		got, err := toIRI(p.uri)
		if err != nil || got != p.iri {
			t.Errorf("%s: toIRI(%q) = %q, %v; want %q", p.note, p.uri, got, err, p.iri)
		}
	}
}

func TestToIRIKeeps(t *testing.T) {
	for _, tc := range []struct{ in, want, why string }{
		{"http://www.example.org/D%FCrst", "http://www.example.org/D%FCrst", "not UTF-8 (RFC 3987 section 3.2)"},
		{"http://a/%E2%80%8F", "http://a/%E2%80%8F", "RLM, a bidi formatting character (section 4.1)"},
		{"http://a/%E2%81%A6x", "http://a/%E2%81%A6x", "LRI (section 4.1)"},
		{"http://a/%C2%A0", "http://a/%C2%A0", "no-break space (section 6.1)"},
		{"http://a/%C2%AD", "http://a/%C2%AD", "soft hyphen, invisible"},
		{"http://a/e%CC%81", "http://a/e%CC%81", "a combining mark would compose with the e: not NFC"},
		{"http://a/%E2%84%AB", "http://a/%E2%84%AB", "ANGSTROM SIGN is not NFC"},
		{"http://a/%EE%80%80", "http://a/%EE%80%80", "iprivate outside the query"},
		{"http://a/%2F%41", "http://a/%2F%41", "ASCII, delimiters or not"},
		{"http://a/%c3%bc", "http://a/\u00fc", "lowercase hex decodes (ToURI writes it back in uppercase)"},
		{"http://b%C3%BCcher.example/", "http://b%C3%BCcher.example/", "a host's encodings stay: ToURI would write an A-label"},
		{"http://XN--BCHER-KVA.example/", "http://XN--BCHER-KVA.example/", "uppercase A-label: ToURI would not give it back"},
		{"http://xn--zz.example/", "http://xn--zz.example/", "invalid Punycode"},
		{"http://xn--fa-hia.de/", "http://fa\u00df.de/", "a deviation label, valid"},
		{"http://xn--ls8h.la/", "http://\U0001F4A9.la/", "emoji label"},
	} {
		got, err := toIRI(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("%s: toIRI(%q) = %q, %v; want %q", tc.why, tc.in, got, err, tc.want)
		}
	}
}

func TestToURIErrors(t *testing.T) {
	for _, tc := range []struct {
		in   string
		off  int
		rule string
	}{
		{"http://a b/", 8, "host"},                     // a parse error
		{"http://a/e\u0301", 9, RuleNFC},               // the e starts what is not NFC
		{"http://b\u00fccher..example/", 15, RuleIDNA}, // the empty label
		{"http://a.-b\u00fc.example/", 9, RuleIDNA},
		{"http://\u05d0.1a\u00fc/", 10, RuleIDNA}, // "1aü" in a bidi name
	} {
		_, err := ToURI(tc.in, Options{})
		var pe *uri.ParseError
		var e *Error
		switch {
		case errors.As(err, &pe):
			if pe.Offset != tc.off || pe.Rule != tc.rule {
				t.Errorf("ToURI(%q): parse error at %d in %s, want %d in %s (%v)", tc.in, pe.Offset, pe.Rule, tc.off, tc.rule, err)
			}
		case errors.As(err, &e):
			if e.Offset != tc.off || !strings.HasPrefix(e.Rule, tc.rule) {
				t.Errorf("ToURI(%q): %s at %d, want %s at %d (%v)", tc.in, e.Rule, e.Offset, tc.rule, tc.off, err)
			}
		default:
			t.Errorf("ToURI(%q) = %v, want an error", tc.in, err)
		}
	}
}

func TestToURIOptions(t *testing.T) {
	got, err := ToURI("http://a/e\u0301", Options{NFC: true})
	if want := "http://a/%C3%A9"; err != nil || got != want {
		t.Errorf("NFC: got %q, %v; want %q", got, err, want)
	}
	got, err = ToURI("http://b\u00fccher.example/", Options{Host: HostPercent})
	if want := "http://b%C3%BCcher.example/"; err != nil || got != want {
		t.Errorf("percent host: got %q, %v; want %q", got, err, want)
	}
	// The IDNA rule is named through the label error.
	_, err = ToURI("http://a.-b\u00fc.example/", Options{})
	var e *Error
	if !errors.As(err, &e) || e.Label == nil || e.Label.Rule != idn.RuleHyphen {
		t.Errorf("hyphen: %v", err)
	}
}

// FuzzRoundTrip checks the two directions against each other: ToURI
// always gives a URI reference; ToURI undoes ToIRI on URIs written with
// uppercase hex; and ToIRI undoes ToURI on IRIs already in display form
// (NFC, every non-ASCII character displayable, host labels mapped by
// UTS #46 and no percent-encodings or A-labels of their own).
func FuzzRoundTrip(f *testing.F) {
	for _, p := range pairs {
		f.Add(p.iri)
		f.Add(p.uri)
	}
	f.Add("http://a/%c3%bc")
	f.Add("http://\u05d0\u05d1.example/")
	f.Fuzz(func(t *testing.T, s string) {
		if _, err := uri.ParseRule(s, uri.RuleIRIReference); err != nil {
			return
		}
		u, err := ToURI(s, Options{})
		if err == nil {
			if _, perr := uri.Parse(u); perr != nil {
				t.Fatalf("ToURI(%q) = %q, not a URI: %v", s, u, perr)
			}
		}
		if _, err := uri.Parse(s); err == nil && !hasLowerHex(s) {
			i, err := toIRI(s)
			if err != nil {
				t.Fatalf("ToIRI(%q): %v", s, err)
			}
			back, err := ToURI(i, Options{})
			if err != nil || back != s {
				t.Fatalf("ToURI(toIRI(%q)) = ToURI(%q) = %q, %v", s, i, back, err)
			}
		}
		if err == nil && inDisplayForm(s) {
			if back, err := toIRI(u); err != nil || back != s {
				t.Fatalf("ToIRI(ToURI(%q)) = toIRI(%q) = %q, %v", s, u, back, err)
			}
		}
	})
}

func hasLowerHex(s string) bool {
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '%' && (s[i+1] >= 'a' || s[i+2] >= 'a') {
			return true
		}
	}
	return false
}

func inDisplayForm(s string) bool {
	if strings.Contains(s, "%") {
		return false
	}
	for _, r := range s {
		if r >= utf8.RuneSelf && !displayable(r, true) {
			return false
		}
	}
	u, _ := uri.ParseRule(s, uri.RuleIRIReference)
	if host, _ := u.Host(); u.HostType() == uri.HostRegName {
		if idn.HasALabel(host) {
			return false
		}
		for _, l := range idn.Labels(host) {
			if m, err := idn.ToUnicode(l.Text); !ascii.IsASCII(l.Text) && (err != nil || m != l.Text) {
				return false
			}
		}
		// Separators other than "." become "." in the A-label form.
		if strings.ContainsAny(host, "\u3002\uff0e\uff61") {
			return false
		}
	}
	return true
}

// toIRI is ToIRI without look-alike labels kept.
func toIRI(s string) (string, error) {
	out, _, err := ToIRI(s, nil)
	return out, err
}
