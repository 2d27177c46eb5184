package idn

import (
	"errors"
	"reflect"
	"testing"
)

func TestToASCII(t *testing.T) {
	for _, tc := range []struct{ host, want string }{
		{"bücher.example", "xn--bcher-kva.example"},
		{"BÜCHER.example", "xn--bcher-kva.example"}, // mapped to lowercase
		{"xn--Bcher-kva.example", "xn--bcher-kva.example"},
		{"Ｅxample。com", "example.com"},   // fullwidth letter and ideographic full stop
		{"faß.de", "xn--fa-hia.de"},      // non-transitional keeps ß (UTS #46 section 4)
		{"a\u00ad.b", "a.b"},             // soft hyphen is ignored
		{"example.com.", "example.com."}, // the root label
		{"xn--ls8h.la", "xn--ls8h.la"},
	} {
		got, err := ToASCII(tc.host)
		if err != nil || got != tc.want {
			t.Errorf("ToASCII(%q) = %q, %v; want %q", tc.host, got, err, tc.want)
		}
	}
}

// TestLabelErrors checks that each rule is named, with the label and its
// offset in the host.
func TestLabelErrors(t *testing.T) {
	long := "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" // 64
	for _, tc := range []struct {
		host, label string
		index, off  int
		rule        string
	}{
		{"xn--zz.example", "xn--zz", 0, 0, RulePunycode},
		{"a.xn--abc-.example", "xn--abc-", 1, 2, RulePunycode},
		{"xn--abc.example", "xn--abc", 0, 0, RuleDisallowed}, // decodes to U+0082
		{"a.b_c.example", "b_c", 1, 3, RuleDisallowed},
		{"ab--cd.example", "ab--cd", 0, 0, RuleHyphen},
		{"www.-ab.example", "-ab", 1, 4, RuleHyphen},
		{"ab-.example", "ab-", 0, 0, RuleHyphen},
		{"\u0301a.example", "\u0301a", 0, 0, RuleLeadingMark},
		{"a\u200db.example", "a\u200db", 0, 0, RuleJoiner},
		{"1\u05d0.example", "1\u05d0", 0, 0, RuleBidi},
		{"\u05d0.1a", "1a", 1, 3, RuleBidi}, // a bidi name holds every label to the rule
		{"a..b", "", 1, 2, RuleLength},
		{long + ".com", long, 0, 0, RuleLength},
	} {
		_, err := ToASCII(tc.host)
		var le *LabelError
		if !errors.As(err, &le) {
			t.Errorf("ToASCII(%q) error = %v, want a *LabelError", tc.host, err)
			continue
		}
		got := []any{le.Label, le.Index, le.Offset, le.Rule}
		if want := []any{tc.label, tc.index, tc.off, tc.rule}; !reflect.DeepEqual(got, want) {
			t.Errorf("ToASCII(%q): label, index, offset, rule = %v, want %v (%v)", tc.host, got, want, err)
		}
	}
}

func TestDeviations(t *testing.T) {
	got := Deviations("www.faß.de")
	want := []Deviation{{"faß", 4, "faß", "xn--fa-hia", "fass"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Deviations = %+v, want %+v", got, want)
	}
	// Written as its A-label, the name still has a transitional twin.
	if got := Deviations("xn--fa-hia.de"); len(got) != 1 || got[0].Transitional != "fass" {
		t.Errorf("Deviations(xn--fa-hia.de) = %+v", got)
	}
	for _, host := range []string{"fass.de", "example.com", "xn--zz.de", "a\u200db.de"} {
		if got := Deviations(host); got != nil {
			t.Errorf("Deviations(%q) = %+v, want none", host, got)
		}
	}
}

// TestInternational: the hosts that go to IDNA hold a non-ASCII byte, an
// encoded byte beyond ASCII or a label that starts "xn--" in any case; a
// '-' elsewhere or an encoded ASCII byte does not send them. The hosts
// are shorter and longer than eight bytes, with the byte first and last,
// where a scan that reads several bytes at once would miss it.
func TestInternational(t *testing.T) {
	for _, c := range []struct {
		host string
		want bool
	}{
		{"", false},
		{"a.b", false},
		{"example.com", false},
		{"www.example.co.uk", false},
		{"my-site.com", false},         // a '-' that starts no A-label
		{"a-b", false},                 // the same, in a short host
		{"xn--bcher-kva.ch", true},     // an A-label first
		{"www.xn--bcher-kva.ch", true}, // and after a dot
		{"www.XN--bcher-kva.ch", true},
		{"wwwxn--a.example", false}, // "xn--" inside a label
		{"b\u00fccher.ch", true},    // non-ASCII in the first word
		{"abcdefgh.\u00fc", true},   // and in the last bytes
		{"bücher", true},            // in a short host
		{"%C3%BC.example", true},    // an encoded byte beyond ASCII
		{"exampl%41.com", false},    // an encoded ASCII byte
		{"abcdefg%C3%BC", true},     // across the words
		{"abcdefgh%7e", false},
	} {
		if got := International(c.host); got != c.want {
			t.Errorf("International(%q) = %v, want %v", c.host, got, c.want)
		}
	}
}
