package cmd_test

import (
	"strings"
	"testing"

	"github.com/uritool/uritool/pkg/uri"
)

func TestCLIResolve(t *testing.T) {
	t.Parallel()
	const base = "http://a/b/c/d;p?q"
	// RFC 3986 section 5.4.1, normal examples.
	normal := [][2]string{
		{"g:h", "g:h"}, {"g", "http://a/b/c/g"}, {"./g", "http://a/b/c/g"}, {"g/", "http://a/b/c/g/"},
		{"/g", "http://a/g"}, {"//g", "http://g"}, {"?y", "http://a/b/c/d;p?y"}, {"g?y", "http://a/b/c/g?y"},
		{"#s", "http://a/b/c/d;p?q#s"}, {"g#s", "http://a/b/c/g#s"}, {"g?y#s", "http://a/b/c/g?y#s"},
		{";x", "http://a/b/c/;x"}, {"g;x", "http://a/b/c/g;x"}, {"g;x?y#s", "http://a/b/c/g;x?y#s"},
		{"", "http://a/b/c/d;p?q"}, {".", "http://a/b/c/"}, {"./", "http://a/b/c/"}, {"..", "http://a/b/"},
		{"../", "http://a/b/"}, {"../g", "http://a/b/g"}, {"../..", "http://a/"}, {"../../", "http://a/"},
		{"../../g", "http://a/g"},
	}
	// Section 5.4.2, a few abnormal ones.
	abnormal := [][2]string{
		{"../../../g", "http://a/g"}, {"/./g", "http://a/g"}, {"/../g", "http://a/g"}, {"g.", "http://a/b/c/g."},
		{".g", "http://a/b/c/.g"}, {"./../g", "http://a/b/g"}, {"g/./h", "http://a/b/c/g/h"}, {"g;x=1/../y", "http://a/b/c/y"},
		{"g?y/./x", "http://a/b/c/g?y/./x"}, {"g#s/../x", "http://a/b/c/g#s/../x"}, {"http:g", "http:g"},
	}
	args := []string{"resolve", base}
	var out strings.Builder
	for _, c := range append(normal, abnormal...) {
		args = append(args, c[0])
		out.WriteString(c[1] + "\n")
	}
	runCases(t, []cliCase{
		{name: "RFC 5.4 examples as arguments", args: args, want: want{out: exact(out.String())}},
		{name: "stdin, empty line is the empty reference", stdin: "g\n\n../x\r\n#f", args: []string{"resolve", base + "#frag"}, want: want{
			out: exact("http://a/b/c/g\nhttp://a/b/c/d;p?q\nhttp://a/b/x\nhttp://a/b/c/d;p?q#f\n")}},
		{name: "dash reads stdin between arguments", stdin: "g\n", args: []string{"resolve", base, "/x", "-", "?z"}, want: want{
			out: exact("http://a/x\nhttp://a/b/c/g\nhttp://a/b/c/d;p?z\n")}},
		{name: "non-strict", args: []string{"resolve", "--non-strict", base, "http:g", "HTTP:g", "ftp:g"}, want: want{
			out: exact("http://a/b/c/g\nhttp://a/b/c/g\nftp:g\n")}},
		{name: "strict", args: []string{"resolve", base, "http:g"}, want: want{out: exact("http:g\n")}},
		{name: "json", args: []string{"resolve", "--json", base, "../g"}, want: want{
			records: []map[string]any{{"base": base, "ref": "../g", "target": "http://a/b/g", "error": nil}}}},
		{name: "json base not absolute", args: []string{"resolve", "--json", "//h/p", "g"}, want: want{code: 2, out: exact(""),
			err: exact("uritool: error: BASE \"//h/p\" is not a URI: it needs a scheme (RFC 3986 section 5.2.1)\nRun 'uritool resolve --help' for usage.\n")}},
		{name: "text base not absolute, named once", stdin: "a\nb\n", args: []string{"resolve", "//h/p"}, want: want{code: 2, out: exact(""),
			err: exact("uritool: error: BASE \"//h/p\" is not a URI: it needs a scheme (RFC 3986 section 5.2.1)\nRun 'uritool resolve --help' for usage.\n")}},
		{name: "invalid reference keeps its line", args: []string{"resolve", base, "g", "x y", "h"}, want: want{code: 1,
			out: exact("http://a/b/c/g\n\nhttp://a/b/c/h\n"), err: exact("2:2: invalid character ' ' in path [path]\n    x y\n     ^\n")}},
		{name: "invalid reference json", args: []string{"resolve", "--json", base, "x y"}, want: want{code: 1,
			records: []map[string]any{{"ref": "x y", "target": nil, "error": map[string]any{"offset": 1.0, "rule": "path", "message": "invalid character ' ' in path"}}}}},
		{name: "base not a URI reference", args: []string{"resolve", "a b", "g"}, want: want{code: 2, out: exact(""),
			errHas: []string{"BASE:2: invalid character ' ' in path [path]", `BASE "a b" is not a URI reference`}}},
		{name: "no base", args: []string{"resolve"}, want: want{code: 2, err: exact("uritool: error: missing BASE\nRun 'uritool resolve --help' for usage.\n")}},
	})
}

type cliResolveCase struct {
	Base   string  `json:"base"`
	Ref    string  `json:"ref"`
	Target *string `json:"target"`
	Error  string  `json:"error"`
	Source string  `json:"source"`
}

func TestConformanceCLIResolve(t *testing.T) {
	t.Parallel()
	all := loadCorpus[cliResolveCase](t, "resolve.json")
	bases, groups := groupBy(all, func(c cliResolveCase) string { return c.Base })
	pass, usageBases := 0, 0
	for _, base := range bases {
		cases := groups[base]
		refs := make([]string, len(cases))
		wantCode := 0
		for i, c := range cases {
			refs[i] = c.Ref
			if c.Target == nil {
				wantCode = 1
			}
		}
		stdin, extra, order := feed(refs)
		args := append([]string{"resolve", "--json", base}, extra...)
		res := run(t, stdin, nil, args...)
		if u, err := uri.Parse(base); err != nil || !u.IsAbsolute() {
			// Not a URI (section 5.2.1 wants a scheme): a usage error
			// naming BASE, before any reference is read. Every
			// reference of such a base is counted as passing only
			// when the corpus expects no target for it.
			usageBases++
			if res.code != 2 || res.stdout != "" || !strings.Contains(res.stderr, "BASE") || strings.Count(res.stderr, "uritool: error:") != 1 {
				t.Errorf("resolve %q (not a URI): exit %d, stdout %q, stderr %q; want one usage error naming BASE", base, res.code, res.stdout, res.stderr)
				continue
			}
			for _, c := range cases {
				if c.Target != nil {
					t.Errorf("resolve %q %q: the corpus expects %q from a base that is not a URI", c.Base, c.Ref, *c.Target)
					continue
				}
				pass++
			}
			continue
		}
		if res.code != wantCode || res.stderr != "" {
			t.Errorf("resolve --json %q: exit %d, want %d; stderr %q", base, res.code, wantCode, head(res.stderr, 500))
		}
		recs := jsonLines(t, res.stdout)
		if len(recs) != len(cases) {
			t.Errorf("resolve --json %q gave %d records for %d refs", base, len(recs), len(cases))
			continue
		}
		for i, idx := range order {
			c, rec := cases[idx], recs[i]
			failed := false
			fail := func(format string, args ...any) {
				failed = true
				t.Errorf("resolve %q %q (%s): "+format, append([]any{c.Base, c.Ref, c.Source}, args...)...)
			}
			if b, _ := optString(t, rec, "base"); b == nil || *b != c.Base {
				fail("base = %s", showOpt(b))
			}
			if r, _ := optString(t, rec, "ref"); r == nil || *r != c.Ref {
				fail("ref = %s: records out of order?", showOpt(r))
				continue
			}
			target, present := optString(t, rec, "target")
			if !present || showOpt(target) != showOpt(c.Target) {
				fail("target = %s, want %s (error %s)", showOpt(target), showOpt(c.Target), rec["error"])
			}
			if gotErr := string(rec["error"]) != "null"; gotErr != (c.Target == nil) {
				fail("error = %s, want an error: %v (%s)", rec["error"], c.Target == nil, c.Error)
			}
			if !failed {
				pass++
			}
		}
	}
	t.Logf("resolve.json via resolve --json BASE: %d/%d passed (%d bases, %d of them not URIs: usage errors)", pass, len(all), len(bases), usageBases)
}

// TestCLIResolvePairs: --pairs resolves each reference against the base on
// its line (a crawl's page and link), --ref one reference against each
// base read (issue 36); a bad base is that input's finding, with its
// caret in the line.
func TestCLIResolvePairs(t *testing.T) {
	t.Parallel()
	runCases(t, []cliCase{
		{name: "tab pairs", stdin: "https://a.example/x/y\t../img.png\nhttps://b.example/\t?q=1\n", args: []string{"resolve", "--pairs"},
			want: want{out: exact("https://a.example/img.png\nhttps://b.example/?q=1\n")}},
		{name: "JSON pairs", stdin: `{"base":"http://a/b/c","ref":"../d"}` + "\n", args: []string{"resolve", "--pairs", "--format", "json"},
			want: want{out: exact(`{"base":"http://a/b/c","ref":"../d","target":"http://a/d","error":null}` + "\n")}},
		{name: "bad base, bad ref, no tab", stdin: "not a base\tx\nhttp://a/\tb c\nno tab\n", args: []string{"resolve", "--pairs"},
			want: want{code: 1, out: exact("\n\n\n"), err: exact("1:4: base: invalid character ' ' in path [path]\n    not a base\\x09x\n       ^\n" +
				"2:12: invalid character ' ' in path [path]\n    http://a/\\x09b c\n                  ^\n" +
				"3:7: no tab between the base and the reference: a pair is BASE<TAB>REF [pair]\n    no tab\n          ^\n")}},
		{name: "JSON without a ref", stdin: `{"base":"http://a/"}` + "\n", args: []string{"resolve", "--pairs"},
			want: want{code: 1, out: exact("\n"), errHas: []string{`a pair needs "base" and "ref" [pair]`}}},
		{name: "ref against each base", stdin: "https://a.example/x/y\nhttp://b.example\nrel\n", args: []string{"resolve", "--ref", "/robots.txt"},
			want: want{code: 1, out: exact("https://a.example/robots.txt\nhttp://b.example/robots.txt\n\n"),
				errHas: []string{"3:1: base is not a URI: RFC 3986 section 5.2.1 requires a scheme [base]"}}},
		{name: "pairs and a filter", args: []string{"resolve", "--pairs", "--host", "a"}, want: want{code: 2, errHas: []string{"the filters read one reference per input"}}},
		{name: "pairs and ref", args: []string{"resolve", "--pairs", "--ref", "x"}, want: want{code: 2, errHas: []string{"cannot be combined with --ref"}}},
		{name: "bad ref", args: []string{"resolve", "--ref", "a b", "http://x/"}, want: want{code: 2, errHas: []string{`--ref "a b" is not a URI reference`}}},
	})
}

// FuzzResolvePairs: a pair resolves as resolve does with its base as BASE.
func FuzzResolvePairs(f *testing.F) {
	for _, c := range [][2]string{{"http://a/b/c/d;p?q", "../g"}, {"http://a/b", "http:g"}, {"mailto:x", "#f"}, {"http://a/%zz", "x"}} {
		f.Add(c[0], c[1])
	}
	f.Fuzz(func(t *testing.T, base, ref string) {
		if strings.ContainsAny(base+ref, "\t\n\r") || strings.HasPrefix(base, "{") {
			return
		}
		b, err := uri.Parse(base)
		if err != nil || !b.IsAbsolute() {
			return
		}
		pair := run(t, base+"\t"+ref+"\n", nil, "resolve", "--pairs")
		one := run(t, ref+"\n", nil, "resolve", base)
		if pair.code != one.code || pair.stdout != one.stdout {
			t.Fatalf("--pairs %q %q: exit %d, %q; resolve BASE: exit %d, %q", base, ref, pair.code, pair.stdout, one.code, one.stdout)
		}
	})
}
