package cmd_test

import (
	"strings"
	"testing"
)

func TestCLINormalize(t *testing.T) {
	t.Parallel()
	const in = "HTTP://Example.COM:80/a/./b/../%7euser"
	runCases(t, []cliCase{
		{name: "default scheme level", args: []string{"normalize", in, "http://h:/", "https://h:443", "urn:X:%7e?"}, want: want{
			out: exact("http://example.com/a/~user\nhttp://h/\nhttps://h/\nurn:X:~?\n")}},
		{name: "syntax level", args: []string{"normalize", "--level", "syntax", in, "http://h:/"}, want: want{
			out: exact("http://example.com:80/a/~user\nhttp://h:/\n")}},
		{name: "stdin", stdin: "HTTP://A\n\n", args: []string{"normalize"}, want: want{out: exact("http://a/\n\n")}},
		{name: "check lists the unnormalized", stdin: "http://a/\nHTTP://a/\nhttp://b/\nhttp://c:80/\n", args: []string{"normalize", "--check"}, want: want{code: 1,
			out: exact("HTTP://a/\nhttp://c:80/\n")}},
		{name: "check all normal", stdin: "http://a/\nmailto:x@y\n", args: []string{"normalize", "--check"}, want: want{out: exact("")}},
		{name: "check syntax level", args: []string{"normalize", "--check", "--level", "syntax", "http://a:80/"}, want: want{out: exact("")}},
		{name: "json changed", args: []string{"normalize", "--json", "http://a/", "HTTP://a"}, want: want{
			records: []map[string]any{
				{"input": "http://a/", "normalized": "http://a/", "changed": false, "error": nil},
				{"input": "HTTP://a", "normalized": "http://a/", "changed": true, "error": nil},
			}}},
		{name: "json invalid", args: []string{"normalize", "--json", "a b"}, want: want{code: 1,
			records: []map[string]any{{"input": "a b", "normalized": nil, "changed": nil, "error": nonNull}}}},
		{name: "invalid text", args: []string{"normalize", "http://a/", "a b"}, want: want{code: 1,
			out: exact("http://a/\n\n"), errHas: []string{"2:2: invalid character ' ' in path [path]"}}},
		{name: "check leaves no line for an invalid input", args: []string{"normalize", "--check", "HTTP://a/", "a b"}, want: want{code: 1,
			out: exact("HTTP://a/\n"), errHas: []string{"2:2: invalid character ' ' in path [path]"}}},
		{name: "default-port", args: []string{"normalize", "--default-port", "redis=6379", "redis://h:6379/", "REDIS://h:6380"}, want: want{
			out: exact("redis://h/\nredis://h:6380/\n")}},
		{name: "default-port scheme any case", args: []string{"normalize", "--default-port", "Redis=6379", "redis://h:6379/"}, want: want{
			out: exact("redis://h/\n")}},
		{name: "no default-port", args: []string{"normalize", "redis://h:6379/"}, want: want{out: exact("redis://h:6379/\n")}},
		{name: "bad level", args: []string{"normalize", "--level", "max", "x:"}, want: want{code: 2, out: exact(""),
			errHas: []string{"--level", `"max"`}}},
		{name: "relative dots kept by default", args: []string{"normalize", "mid/content=5/../6"}, want: want{out: exact("mid/content=5/../6\n")}},
		{name: "relative-dots", args: []string{"normalize", "--relative-dots", "mid/content=5/../6", "/a/b/c/./../../g", "../../a/./b", "a/..", "x/../a:b", "http://h/a/../b"},
			want: want{out: exact("mid/6\n/a/g\n../../a/b\n./\n./a:b\nhttp://h/b\n")}},
		{name: "relative-dots check", args: []string{"normalize", "--relative-dots", "--check", "../a", "./a", "./a:b"}, want: want{code: 1, out: exact("./a\n")}},
		{name: "canonical-ipv6", args: []string{"normalize", "--canonical-ipv6", "http://[2001:DB8:0:0::1]:80/", "//[0:0:0:0:0:ffff:c000:201]", "http://[v1.X]/"},
			want: want{out: exact("http://[2001:db8::1]/\n//[::ffff:192.0.2.1]\nhttp://[v1.x]/\n")}},
		{name: "ipv6 only lowercased by default", args: []string{"normalize", "http://[2001:DB8:0:0::1]/"}, want: want{out: exact("http://[2001:db8:0:0::1]/\n")}},
		{name: "nfc", args: []string{"normalize", "--iri", "--nfc", "http://example.com/C%CC%A7", "http://example.com/%C3%87", "http://example.com/re\u0301sume\u0301"},
			want: want{out: exact("http://example.com/%C3%87\nhttp://example.com/%C3%87\nhttp://example.com/r\u00e9sum\u00e9\n")}},
		{name: "no nfc by default", args: []string{"normalize", "--iri", "http://example.com/C%CC%A7"}, want: want{out: exact("http://example.com/C%CC%A7\n")}},
		{name: "nfc json", args: []string{"normalize", "--iri", "--nfc", "--json", "http://example.com/C%CC%A7"}, want: want{
			records: []map[string]any{{"input": "http://example.com/C%CC%A7", "normalized": "http://example.com/%C3%87", "changed": true}}}},
		{name: "nfc needs iri", args: []string{"normalize", "--nfc", "http://example.com/C%CC%A7"}, want: want{code: 2, out: exact(""),
			errHas: []string{"--nfc needs --iri"}}},
	})
}

type cliNormalizeCase struct {
	Input      string `json:"input"`
	Normalized string `json:"normalized"`
	Level      string `json:"level"`
	Source     string `json:"source"`
}

func TestConformanceCLINormalize(t *testing.T) {
	t.Parallel()
	all := loadCorpus[cliNormalizeCase](t, "normalize.json")
	levels, groups := groupBy(all, func(c cliNormalizeCase) string { return c.Level })
	pass := 0
	for _, level := range levels {
		cases := groups[level]
		inputs := make([]string, len(cases))
		for i, c := range cases {
			inputs[i] = c.Input
		}
		stdin, extra, order := feed(inputs)
		args := append([]string{"normalize", "--json", "--level", level}, extra...)
		res := run(t, stdin, nil, args...)
		if res.code != 0 || res.stderr != "" {
			t.Errorf("normalize --level %s: exit %d, want 0; stderr %q", level, res.code, head(res.stderr, 500))
		}
		recs := jsonLines(t, res.stdout)
		if len(recs) != len(cases) {
			t.Errorf("normalize --level %s gave %d records for %d inputs", level, len(recs), len(cases))
			continue
		}
		for i, idx := range order {
			c, rec := cases[idx], recs[i]
			failed := false
			fail := func(format string, args ...any) {
				failed = true
				t.Errorf("normalize --level %s %q (%s): "+format, append([]any{level, c.Input, c.Source}, args...)...)
			}
			if in, _ := optString(t, rec, "input"); in == nil || *in != c.Input {
				fail("input = %s: records out of order?", showOpt(in))
				continue
			}
			if n, _ := optString(t, rec, "normalized"); n == nil || *n != c.Normalized {
				fail("normalized = %s, want %q (error %s)", showOpt(n), c.Normalized, rec["error"])
			}
			if changed, ok := rawBool(rec, "changed"); !ok || changed != (c.Normalized != c.Input) {
				fail("changed = %s, want %v", rec["changed"], c.Normalized != c.Input)
			}
			if string(rec["error"]) != "null" {
				fail("error = %s", rec["error"])
			}
			if !failed {
				pass++
			}
		}
	}
	t.Logf("normalize.json via normalize --json --level: %d/%d passed", pass, len(all))
}

// TestUniqueEcho: with --unique, normalize and resolve take the shortcut
// for an input that is its own result too (pipeline.Command.NewEcho), and
// give what they give behind a filter that keeps every input, with which
// they do not: each equivalence class or target once, failed inputs kept.
func TestUniqueEcho(t *testing.T) {
	t.Parallel()
	inputs := []string{"http://a/b", "HTTP://A/b", "http://a/b", "%zz", "http://a/./b", "%zz", "http://a/%7e", "http://a/~", "a/../b", "b"}
	for _, c := range loadCorpus[struct{ Input string }](t, "normalize.json") {
		inputs = append(inputs, c.Input, c.Input)
	}
	stdin, extra, _ := feed(inputs)
	for _, args := range [][]string{
		{"normalize", "--unique"},
		{"normalize", "--unique", "--level", "syntax"},
		{"normalize", "--unique", "--format", "json"},
		{"resolve", "--unique", "http://a/b/c"},
		{"resolve", "--unique", "--format", "json", "http://a/b/c"},
	} {
		got := run(t, stdin, nil, append(args, extra...)...)
		want := run(t, stdin, nil, append(append(args, "--drop-ext", "zz9"), extra...)...)
		if got != want {
			t.Errorf("%v: the shortcut gives exit %d and\n%s\nwithout it, exit %d and\n%s", args, got.code, head(got.stdout, 400), want.code, head(want.stdout, 400))
		}
	}
}

// TestTextIsJSON: normalize, resolve and edit take a shortcut for an
// input that is its own result (pipeline.Command.NewEcho), in text and in
// JSON. Under each flag that changes a normal form, a target or an edit's
// output, both formats give what they give without it (behind a filter
// that keeps every input, with which it is not taken), and the text gives
// line for line what the JSON holds.
func TestTextIsJSON(t *testing.T) {
	t.Parallel()
	inputs := []string{"example.com/a/../b", "localhost:8080", "http://a/%C3%87", "http://a/C%CC%A7", "HTTP://A:80/%7e", "http://a/ç", "http://a/\u2028"}
	for _, c := range loadCorpus[struct{ Input string }](t, "validity.json") {
		inputs = append(inputs, c.Input)
	}
	for _, c := range loadCorpus[struct{ Input string }](t, "normalize.json") {
		inputs = append(inputs, c.Input)
	}
	for _, c := range loadCorpus[struct{ Ref string }](t, "resolve.json") {
		inputs = append(inputs, c.Ref)
	}
	stdin, extra, order := feed(inputs)
	for _, c := range []struct {
		args []string
		key  string
	}{
		{[]string{"normalize"}, "normalized"},
		{[]string{"normalize", "--level", "syntax"}, "normalized"},
		{[]string{"normalize", "--relative-dots", "--canonical-ipv6"}, "normalized"},
		{[]string{"normalize", "--default-port", "http=8080", "--default-port", "foo=1"}, "normalized"},
		{[]string{"normalize", "--iri"}, "normalized"},
		{[]string{"normalize", "--iri", "--nfc"}, "normalized"},
		{[]string{"normalize", "--default-scheme", "https"}, "normalized"},
		{[]string{"resolve", "http://a/b/c/d;p?q"}, "target"},
		{[]string{"resolve", "--non-strict", "http://a/b/c/d;p?q"}, "target"},
		{[]string{"resolve", "foo:a/b"}, "target"},
		{[]string{"edit", "--delete-query", "utm_*"}, "output"},
		{[]string{"edit", "--replace-values", "X", "--keys", "q*"}, "output"},
		{[]string{"edit", "--set", "fragment=", "--unset", "query"}, "output"},
		{[]string{"edit", "--iri", "--sort-query", "--set", "host=a"}, "output"},
		{[]string{"edit", "--iri", "--delete-query", "utm_*"}, "output"},
		{[]string{"edit", "--default-scheme", "https", "--delete-query", "x"}, "output"},
	} {
		text := run(t, stdin, nil, append(c.args, extra...)...)
		js := run(t, stdin, nil, append(append(c.args, "--format", "json"), extra...)...)
		for _, f := range []struct {
			format string
			got    result
		}{{"text", text}, {"json", js}} {
			// A filter that keeps every input: no path ends in ".zz9".
			want := run(t, stdin, nil, append(append(c.args, "--format", f.format, "--drop-ext", "zz9"), extra...)...)
			if f.got.code != want.code || f.got.stderr != want.stderr {
				t.Errorf("%v --format %s: exit %d and stderr %q, without the shortcut %d and %q", c.args, f.format, f.got.code, head(f.got.stderr, 200), want.code, head(want.stderr, 200))
			}
			got, wantLines := strings.Split(f.got.stdout, "\n"), strings.Split(want.stdout, "\n")
			for i := range min(len(got), len(wantLines)) {
				if got[i] != wantLines[i] {
					t.Errorf("%v --format %s, line %d: %q, without the shortcut %q", c.args, f.format, i+1, got[i], wantLines[i])
					break
				}
			}
			if len(got) != len(wantLines) {
				t.Errorf("%v --format %s: %d lines, without the shortcut %d", c.args, f.format, len(got), len(wantLines))
			}
		}
		lines := strings.Split(strings.TrimSuffix(text.stdout, "\n"), "\n")
		recs := jsonLines(t, js.stdout)
		if text.code != js.code || len(lines) != len(inputs) || len(recs) != len(inputs) {
			t.Errorf("%v: exit %d and %d, %d lines and %d records for %d inputs", c.args, text.code, js.code, len(lines), len(recs), len(inputs))
			continue
		}
		for i, idx := range order {
			want, _ := optString(t, recs[i], c.key)
			if want == nil {
				want = new(string)
			}
			if lines[i] != *want {
				t.Errorf("%v %q: text %q, JSON %s %q", c.args, inputs[idx], lines[i], c.key, *want)
			}
		}
	}
}
