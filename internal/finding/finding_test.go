package finding_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/uritool/uritool/internal/check"
	"github.com/uritool/uritool/internal/errfinding"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/idn"
	"github.com/uritool/uritool/internal/iri"
	"github.com/uritool/uritool/internal/lint"
	"github.com/uritool/uritool/pkg/uri"
)

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
				want(errfinding.Of(err, "uri").Rule, finding.Error)
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
