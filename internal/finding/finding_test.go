package finding_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/uritool/uritool/internal/check"
	"github.com/uritool/uritool/internal/edit"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/idn"
	"github.com/uritool/uritool/internal/iri"
	"github.com/uritool/uritool/internal/lint"
	"github.com/uritool/uritool/internal/pct"
	"github.com/uritool/uritool/pkg/uri"
	"github.com/uritool/uritool/pkg/uritemplate"
)

func TestOf(t *testing.T) {
	_, parseErr := uri.Parse("http://a b/")
	_, iriErr := iri.ToURI("http://a/\u0041\u030a", iri.Options{})
	_, pctErr := pct.Decode("a%zz")
	_, tmplErr := uritemplate.Parse("{x")
	_, buildErr := uri.Builder{Scheme: ptr("1x")}.Build()
	u, _ := uri.Parse("http://a/")
	op, err := edit.ParseSet("--set", "port=x")
	if err != nil {
		t.Fatal(err)
	}
	_, editErr := edit.Apply(u, []edit.Op{op}, edit.Options{Separator: '&'})
	zone, err := edit.ParseSet("--set", "host=fe80::1%eth0")
	if err != nil {
		t.Fatal(err)
	}
	_, zoneErr := edit.Apply(u, []edit.Op{zone}, edit.Options{})
	for _, c := range []struct {
		name string
		err  error
		want finding.Finding
	}{
		{"parse", parseErr, finding.Finding{Offset: 8, Rule: "host", Message: "invalid character ' ' in host"}},
		{"iri", iriErr, finding.Finding{Offset: 9, Rule: "nfc"}},
		{"pct", pctErr, finding.Finding{Offset: 1, Rule: "pct-encoded"}},
		{"template", tmplErr, finding.Finding{Offset: 0, Rule: "expansion"}},
		{"build", buildErr, finding.Finding{Rule: "scheme"}},
		{"edit", editErr, finding.Finding{Rule: "port"}},
		{"edit's own rule", zoneErr, finding.Finding{Rule: "IP-literal",
			Message: "--set host=fe80::1%eth0: host: IPv6 zone identifiers (%eth0) are not allowed by RFC 3986 (section 3.2.2)"}},
		{"other", errors.New("boom"), finding.Finding{Rule: "expansion", Message: "boom"}},
	} {
		got := finding.Of(c.err, "expansion")
		if got.Offset != c.want.Offset || got.Rule != c.want.Rule || c.want.Message != "" && got.Message != c.want.Message {
			t.Errorf("%s: Of(%v) = %+v, want %+v", c.name, c.err, *got, c.want)
		}
		if got.Message == "" {
			t.Errorf("%s: no message", c.name)
		}
	}
}

func ptr(s string) *string { return &s }

// TestEveryRuleDescribed: each rule a command can report has its own row,
// so SARIF and lint --list-rules never fall back to a generic text.
func TestEveryRuleDescribed(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range finding.Rules {
		if seen[r.ID] {
			t.Errorf("rule %q listed twice", r.ID)
		}
		seen[r.ID] = true
		if r.Section == "" || !strings.HasSuffix(r.Description, ".") {
			t.Errorf("rule %q: section %q, description %q", r.ID, r.Section, r.Description)
		}
	}
	want := func(id string, sev finding.Severity) {
		t.Helper()
		r, ok := finding.Describe(id)
		if !ok || r.Severity != sev {
			t.Errorf("rule %q: in table %v, severity %v, want %v", id, ok, r.Severity, sev)
		}
	}
	for _, id := range lint.IDs {
		want(id, finding.Warning)
	}
	for _, id := range []string{check.RuleScheme, check.RuleUserinfo, check.RuleHost, check.RuleNormalized, iri.RuleNFC, iri.RuleIDNA,
		idn.RulePunycode, idn.RuleDisallowed, idn.RuleHyphen, idn.RuleLeadingMark, idn.RuleJoiner, idn.RuleBidi, idn.RuleNFC, idn.RuleLength} {
		want(id, finding.Error)
	}
	// Every ABNF rule that a parse error names, over hostile input.
	data, err := os.ReadFile("../../bench/golden/hostile.txt")
	if err != nil {
		t.Fatal(err)
	}
	inputs := append(strings.Split(string(data), "\n"), "http://[v1x]/", "http://[::1::]/", "http://[1:2:3:4:5:6:7:8:9]/",
		"http://[12345::]/", "http://[::1]x/", "http://a@b@c/", "1:x", "a:b#c", "http://a:b:c/", "http://[fe80::1%25x]/",
		"http://[v.x]/", "http://[va]/", "http://[v1.]/", "http://[::1.2.3.999]/", "http://a/?\x01", "http://a/#\x01", "ht~tp://a/",
		"http://u\x01@a/", "http://[1:2:3:4:5:6:7:1.2.3.4]/")
	invalid, err := os.ReadFile("../../pkg/uri/testdata/urls-invalid.txt.gz")
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(invalid))
	if err != nil {
		t.Fatal(err)
	}
	more, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	inputs = append(inputs, strings.Split(string(more), "\n")...)
	for _, in := range inputs {
		for _, rule := range []uri.Rule{uri.RuleURIReference, uri.RuleURI, uri.RuleAbsoluteURI, uri.RuleIRIReference, uri.RuleIRI, uri.RuleAbsoluteIRI} {
			if _, err := uri.ParseRule(in, rule); err != nil {
				want(finding.Of(err, "uri").Rule, finding.Error)
			}
		}
	}
}

func TestColumnOf(t *testing.T) {
	for _, c := range []struct {
		input  string
		offset int
		want   int
	}{
		{"http://a b/", 8, 9},
		{"http://é b/", 9, 9}, // é is one column, two bytes
		{"a\xffb", 2, 3},      // an invalid byte counts as one
		{"abc", 10, 4},        // past the end: after the last
		{"abc", -1, 1},        // before the start: the first
	} {
		if got := finding.ColumnOf(c.input, c.offset); got != c.want {
			t.Errorf("ColumnOf(%q, %d) = %d, want %d", c.input, c.offset, got, c.want)
		}
	}
}
