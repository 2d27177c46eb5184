package cmd_test

import (
	"strings"
	"testing"

	"github.com/uritool/uritool/pkg/uri"
)

func TestCLIRelativize(t *testing.T) {
	t.Parallel()
	const base = "http://example.com/a/b/c"
	runCases(t, []cliCase{
		{name: "cases", args: []string{"relativize", base,
			"http://example.com/a/d",       // climbs
			"http://example.com/a/b/d/e",   // sibling directory
			"https://example.com/a/d",      // different scheme
			"http://other.example/a/d",     // different authority
			"http://example.com/a/b/c?x=1", // query only
			"http://example.com/a/b/c#f",   // fragment only
			"http://example.com/a/b/a:b",   // colon in the first segment
			"http://example.com/a/b/",      // the directory itself
			"http://example.com/x?y#z",     // absolute path wins
		}, want: want{out: exact("../d\nd/e\nhttps://example.com/a/d\n//other.example/a/d\n?x=1\n#f\n./a:b\n.\n/x?y#z\n")}},
		{name: "stdin", stdin: "http://example.com/a/b/z\n", args: []string{"relativize", base}, want: want{out: exact("z\n")}},
		{name: "json", args: []string{"relativize", "--json", "http://a/b/c", "http://other/b/c"}, want: want{
			records: []map[string]any{{"base": "http://a/b/c", "target": "http://other/b/c", "ref": "//other/b/c", "error": nil}}}},
		{name: "base not absolute", args: []string{"relativize", "--json", "//h/p", "http://x/"}, want: want{code: 2, out: exact(""),
			errHas: []string{`BASE "//h/p" is not a URI`, "Run 'uritool relativize --help'"}}},
		{name: "base invalid", args: []string{"relativize", "a b", "http://x/"}, want: want{code: 2, out: exact(""), errHas: []string{"BASE"}}},
	})
	// Every answer resolves back to its target.
	targets := []string{"http://example.com/a/d", "https://example.com/a/d", "http://example.com/a/b/a:b", "http://example.com/a/b/c?x=1", "http://example.com/a/b/"}
	refs := run(t, strings.Join(targets, "\n")+"\n", nil, "relativize", base)
	back := run(t, refs.stdout, nil, "resolve", base)
	if back.code != 0 || back.stdout != strings.Join(targets, "\n")+"\n" {
		t.Errorf("relativize | resolve gave %q (exit %d), want the targets back", back.stdout, back.code)
	}
}

type cliRelativizeCase struct {
	Base       string `json:"base"`
	Target     string `json:"target"`
	Ref        string `json:"ref"`
	DomainRoot bool   `json:"domain_root"`
	Source     string `json:"source"`
}

func TestConformanceCLIRelativize(t *testing.T) {
	t.Parallel()
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
