package cmd_test

import (
	"strings"
	"testing"
)

func TestCLIRecompose(t *testing.T) {
	t.Parallel()
	runCases(t, []cliCase{
		{name: "flags with empty query", args: []string{"recompose", "--scheme", "https", "--host", "example.com", "--path", "/a", "--query", ""}, want: want{
			out: exact("https://example.com/a?\n")}},
		{name: "all flags", args: []string{"recompose", "--scheme", "s", "--userinfo", "u", "--host", "h", "--port", "1", "--path", "/p", "--query", "q", "--fragment", "f"}, want: want{
			out: exact("s://u@h:1/p?q#f\n")}},
		{name: "empty host", args: []string{"recompose", "--scheme", "file", "--host", "", "--path", "/x"}, want: want{out: exact("file:///x\n")}},
		{name: "colon in first segment", args: []string{"recompose", "--path", "a:b"}, want: want{code: 1, out: exact("\n"),
			errHas: []string{"path", "first segment"}}},
		{name: "dot-slash protects the colon", args: []string{"recompose", "--path", "./a:b"}, want: want{out: exact("./a:b\n")}},
		{name: "authority needs an absolute path", args: []string{"recompose", "--host", "h", "--path", "x"}, want: want{code: 1, out: exact("\n"),
			errHas: []string{"path", "'/'"}}},
		{name: "bad port", args: []string{"recompose", "--host", "h", "--port", "8x"}, want: want{code: 1, out: exact("\n"), errHas: []string{"port"}}},
		{name: "json", args: []string{"recompose", "--json", "--host", "h", "--path", "x"}, want: want{code: 1,
			records: []map[string]any{{"uri": nil, "error": nonNull}}}},
		{name: "stdin JSON", stdin: `{"scheme":"http","host":"h","path":"/p","query":null,"fragment":""}` + "\n" + `{"path":""}` + "\n", args: []string{"recompose"}, want: want{
			out: exact("http://h/p#\n\n")}},
		{name: "not JSON", stdin: "nope\n", args: []string{"recompose"}, want: want{code: 1, errHas: []string{"[json]"}}},
		{name: "invalid parse record", stdin: `{"valid":false,"path":null}` + "\n", args: []string{"recompose"}, want: want{code: 1, errHas: []string{"not valid"}}},
		// The path is always defined, so a record without one has the
		// empty path, as the flags do (issue 24: it was refused).
		{name: "path missing", stdin: `{"scheme":"s"}` + "\n", args: []string{"recompose"}, want: want{out: exact("s:\n")}},
		{name: "flags and JSON", args: []string{"recompose", "--scheme", "s", `{"path":""}`}, want: want{code: 2, errHas: []string{"not both"}}},
	})
}

func TestCLIRecomposeAuthority(t *testing.T) {
	t.Parallel()
	runCases(t, []cliCase{
		{name: "authority alone is split", args: []string{"recompose"},
			stdin: `{"scheme":"http","authority":"u@h:1","path":"/x"}` + "\n",
			want:  want{out: exact("http://u@h:1/x\n")}},
		{name: "authority agreeing with its parts", args: []string{"recompose"},
			stdin: `{"scheme":"http","authority":"h:8","host":"h","port":"8","path":"/"}` + "\n",
			want:  want{out: exact("http://h:8/\n")}},
		{name: "authority disagreeing with host", args: []string{"recompose"},
			stdin: `{"scheme":"http","authority":"h","host":"g","path":""}` + "\n",
			want:  want{code: 1, out: exact("\n"), errHas: []string{`disagrees with "host"`}}},
		{name: "not an authority", args: []string{"recompose"},
			stdin: `{"authority":"a b","path":""}` + "\n",
			want:  want{code: 1, out: exact("\n"), errHas: []string{"is not an authority"}}},
	})
}

func TestConformanceCLIParseRecomposeRoundTrip(t *testing.T) {
	t.Parallel()
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
