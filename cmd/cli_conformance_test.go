package cmd_test

import (
	"strings"
	"testing"

	"github.com/uritool/uritool/pkg/uri"
)

type cliRelativizeCase struct {
	Base       string `json:"base"`
	Target     string `json:"target"`
	Ref        string `json:"ref"`
	DomainRoot bool   `json:"domain_root"`
	Source     string `json:"source"`
}

func TestConformanceCLIRelativize(t *testing.T) {
	all := loadCorpus[cliRelativizeCase](t, "relativize.json")
	bases, groups := groupBy(all, func(c cliRelativizeCase) string { return c.Base })
	pass, sameAsCorpus := 0, 0
	for _, base := range bases {
		cases := groups[base]
		targets := make([]string, len(cases))
		for i, c := range cases {
			targets[i] = c.Target
		}
		stdin, extra, order := feed(targets)
		args := append([]string{"relativize", "--json", base}, extra...)
		res := run(t, stdin, nil, args...)
		if res.code != 0 || res.stderr != "" {
			t.Errorf("relativize --json %q: exit %d, want 0; stderr %q", base, res.code, head(res.stderr, 500))
		}
		recs := jsonLines(t, res.stdout)
		if len(recs) != len(cases) {
			t.Errorf("relativize --json %q gave %d records for %d targets", base, len(recs), len(cases))
			continue
		}
		// Resolve every answer back through the CLI as well, in one run.
		refs := make([]string, len(cases))
		failed := make([]bool, len(cases))
		for i, idx := range order {
			c, rec := cases[idx], recs[i]
			fail := func(format string, args ...any) {
				failed[idx] = true
				t.Errorf("relativize %q %q (%s): "+format, append([]any{c.Base, c.Target, c.Source}, args...)...)
			}
			if tg, _ := optString(t, rec, "target"); tg == nil || *tg != c.Target {
				fail("target = %s: records out of order?", showOpt(tg))
				continue
			}
			if b, _ := optString(t, rec, "base"); b == nil || *b != c.Base {
				fail("base = %s", showOpt(b))
			}
			ref, _ := optString(t, rec, "ref")
			if ref == nil || string(rec["error"]) != "null" {
				fail("ref = %s, error = %s", showOpt(ref), rec["error"])
				continue
			}
			refs[idx] = *ref
			if *ref == c.Ref {
				sameAsCorpus++
			}
			// The library's answer for the check-back.
			b, err1 := uri.Parse(c.Base)
			r, err2 := uri.Parse(*ref)
			if err1 != nil || err2 != nil {
				fail("ref %q does not parse: %v %v", *ref, err1, err2)
				continue
			}
			if back, err := uri.Resolve(b, r); err != nil || back.String() != c.Target {
				fail("ref %q resolves to %q (%v) with uri.Resolve", *ref, back, err)
			}
		}
		stdin, extra, order = feed(refs)
		back := run(t, stdin, nil, append([]string{"resolve", base}, extra...)...)
		lines := strings.Split(strings.TrimSuffix(back.stdout, "\n"), "\n")
		if back.code != 0 || len(lines) != len(cases) {
			t.Errorf("resolve %q of the refs: exit %d, %d lines for %d refs; stderr %q", base, back.code, len(lines), len(cases), back.stderr)
			continue
		}
		for i, idx := range order {
			if c := cases[idx]; lines[i] != c.Target {
				failed[idx] = true
				t.Errorf("relativize %q %q gave %q, which resolve gives back as %q", c.Base, c.Target, refs[idx], lines[i])
			}
		}
		for _, f := range failed {
			if !f {
				pass++
			}
		}
	}
	t.Logf("relativize.json via relativize --json BASE, checked with resolve BASE: %d/%d passed (%d identical to the corpus ref)", pass, len(all), sameAsCorpus)
}

func TestConformanceCLIParseRecomposeRoundTrip(t *testing.T) {
	cases, skipped := parseCorpusInputs(t)
	var in strings.Builder
	n := 0
	for _, c := range cases {
		if c.Valid {
			in.WriteString(c.Input + "\n")
			n++
		}
	}
	parsed := run(t, in.String(), nil, "parse", "--json")
	if parsed.code != 0 || parsed.stderr != "" {
		t.Fatalf("parse --json: exit %d, stderr %q", parsed.code, parsed.stderr)
	}
	res := run(t, parsed.stdout, nil, "recompose")
	if res.code != 0 || res.stderr != "" {
		t.Errorf("recompose: exit %d, want 0; stderr %q", res.code, head(res.stderr, 500))
	}
	want := strings.Split(in.String(), "\n")
	got := strings.Split(res.stdout, "\n")
	if len(got) != len(want) {
		t.Fatalf("recompose gave %d lines for %d inputs", len(got)-1, len(want)-1)
	}
	pass := 0
	for i := range want[:len(want)-1] {
		if got[i] != want[i] {
			t.Errorf("line %d: parse --json | recompose gave %q, want %q", i+1, got[i], want[i])
			continue
		}
		pass++
	}
	if pass == n && res.stdout != in.String() {
		t.Errorf("output differs from the input outside the lines")
	}
	t.Logf("parse.json via parse --json | recompose: %d/%d round-tripped (%d skipped)", pass, n, skipped)
}
