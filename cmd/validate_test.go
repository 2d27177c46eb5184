package cmd_test

import (
	"testing"
)

func TestCLIValidate(t *testing.T) {
	t.Parallel()
	const fooDiag = "missing scheme: a URI starts with a scheme and ':' [scheme]\n    foo\n       ^\n"
	runCases(t, []cliCase{
		{name: "valid prints nothing", args: []string{"validate", "http://a", "urn:x"}, want: want{out: exact("")}},
		{name: "invalid line", stdin: "http://ok\nfoo\n", args: []string{"validate"}, want: want{code: 1, out: exact(""),
			err: exact("2:4: " + fooDiag)}},
		{name: "caret under the byte", args: []string{"validate", "http://x/%zz"}, want: want{code: 1, out: exact(""),
			err: exact("1:11: '%' not followed by two hex digits [pct-encoded]\n    http://x/%zz\n              ^\n")}},
		{name: "json fields", stdin: "http://a\nfoo\n", args: []string{"validate", "--format", "json"}, want: want{code: 1,
			records: []map[string]any{
				{"input": "http://a", "line": 1, "column": nil, "valid": true, "error": nil},
				{"input": "foo", "line": 2, "column": 4, "valid": false,
					"error": map[string]any{"offset": 3.0, "rule": "scheme", "message": "missing scheme: a URI starts with a scheme and ':'"}},
			}}},
		{name: "blank line is not a URI", stdin: "http://a\n\n", args: []string{"validate"}, want: want{code: 1,
			errHas: []string{"2:1: ", "[scheme]"}}},
		{name: "blank line is a reference", stdin: "http://a\n\n", args: []string{"validate", "--as", "reference", "--format", "json"}, want: want{
			records: []map[string]any{{"line": 1, "valid": true}, {"line": 2, "input": "", "valid": true}}}},
		{name: "absolute rejects a fragment", args: []string{"validate", "--as", "absolute", "http://a#f"}, want: want{code: 1,
			errHas: []string{"1:9: "}}},
		{name: "CRLF", stdin: "http://a\r\nfoo\r\n", args: []string{"validate", "--format", "json"}, want: want{code: 1,
			records: []map[string]any{{"line": 1, "input": "http://a", "valid": true}, {"line": 2, "input": "foo", "valid": false, "column": 4}}}},
		{name: "last line without newline", stdin: "http://a\nfoo", args: []string{"validate", "--format", "json"}, want: want{code: 1,
			records: []map[string]any{{"line": 1, "input": "http://a"}, {"line": 2, "input": "foo", "valid": false}}}},
		{name: "empty input", stdin: "", args: []string{"validate"}, want: want{out: exact("")}},
		{name: "empty input json", stdin: "", args: []string{"validate", "--format", "json"}, want: want{out: exact("")}},
		{name: "filter valid", stdin: "http://a\nfoo\n\nhttp://b?x\r\n", args: []string{"validate", "--filter", "valid"}, want: want{code: 1,
			out: exact("http://a\nhttp://b?x\n")}},
		{name: "filter invalid", stdin: "http://a\nfoo\n\nhttp://b?x\r\n", args: []string{"validate", "--filter", "invalid"}, want: want{code: 1,
			out: exact("foo\n\n")}},
		{name: "filter all valid", stdin: "http://a\n", args: []string{"validate", "--filter", "valid"}, want: want{out: exact("http://a\n")}},
		{name: "scheme policy any case", args: []string{"validate", "--scheme", "HTTPS,mailto", "https://a", "HTTPS://b", "mailto:x", "http://c"}, want: want{code: 1,
			err: exact("4:1: scheme \"http\" is not allowed (allowed: HTTPS, mailto) [scheme-not-allowed]\n    http://c\n    ^\n")}},
		{name: "scheme policy without scheme", args: []string{"validate", "--as", "reference", "--scheme", "https", "//h/p"}, want: want{code: 1,
			errHas: []string{"1:1: ", "[scheme-not-allowed]"}}},
		{name: "no-userinfo", args: []string{"validate", "--no-userinfo", "http://h/", "http://u@h/"}, want: want{code: 1,
			err: exact("2:8: userinfo is not allowed [userinfo-not-allowed]\n    http://u@h/\n           ^\n")}},
		{name: "no-userinfo empty userinfo", args: []string{"validate", "--no-userinfo", "--format", "json", "http://@h/"}, want: want{code: 1,
			records: []map[string]any{{"valid": false, "column": 8, "error": map[string]any{"offset": 7.0, "rule": "userinfo-not-allowed", "message": "userinfo is not allowed"}}}}},
		{name: "require-host", args: []string{"validate", "--require-host", "http://h/", "mailto:x", "file:///x"}, want: want{code: 1,
			err: exact("2:1: a host is required (the URI has no authority) [host-required]\n    mailto:x\n    ^\n" +
				"3:8: a host is required (the host is empty) [host-required]\n    file:///x\n           ^\n")}},
		{name: "normalized", args: []string{"validate", "--normalized", "http://a/", "HTTP://a/", "http://a:80/"}, want: want{code: 1,
			errHas: []string{"2:1: not in normal form; normalized: http://a/ [not-normalized]", "3:9: ", "[not-normalized]"}, errLacks: []string{"http://a/\n    ^"}}},
		{name: "normalized with default-port", args: []string{"validate", "--normalized", "--default-port", "gopher=70", "gopher://h:70/"}, want: want{code: 1,
			errHas: []string{"[not-normalized]", "gopher://h/"}}},
		{name: "password masked", args: []string{"validate", "http://alice:s3cr3t@h/a b"}, want: want{code: 1,
			errHas: []string{"alice:****"}, errLacks: []string{"s3cr3t"}}},
		{name: "show-password", args: []string{"validate", "--show-password", "http://alice:s3cr3t@h/a b"}, want: want{code: 1,
			errHas: []string{"alice:s3cr3t"}}},
		{name: "lint warning", args: []string{"validate", "--lint", "--format", "json", "http://alice:s3cr3t@h/"}, want: want{code: 1,
			records: []map[string]any{{"valid": true, "warnings": []any{map[string]any{"rule": "password-in-userinfo", "offset": 13.0, "column": 14.0,
				"message": "userinfo carries a password in clear text (RFC 3986 section 7.5)"}}}}}},
		{name: "lint-disable", args: []string{"validate", "--lint", "--lint-disable", "password-in-userinfo", "http://alice:s3cr3t@h/"}, want: want{out: exact("")}},
		{name: "bad --as", args: []string{"validate", "--as", "foo", "x:"}, want: want{code: 2, out: exact(""),
			errHas: []string{"--as", `"foo"`}}},
		{name: "bad --format", args: []string{"validate", "--format", "xml", "x:"}, want: want{code: 2, out: exact(""),
			errHas: []string{"--format", `"xml"`}}},
		{name: "bad --filter", args: []string{"validate", "--filter", "maybe", "x:"}, want: want{code: 2, out: exact(""),
			errHas: []string{"--filter", `"maybe"`}}},
		{name: "bad --lint-disable", args: []string{"validate", "--lint-disable", "nope", "x:"}, want: want{code: 2, out: exact(""),
			errHas: []string{"--lint-disable", `"nope"`}}},
		{name: "bad --default-port", args: []string{"validate", "--default-port", "bad", "x:"}, want: want{code: 2, out: exact(""),
			errHas: []string{"--default-port"}}},
		{name: "bad --color", args: []string{"validate", "--color", "rainbow", "x:"}, want: want{code: 2, out: exact(""),
			errHas: []string{"--color", `"rainbow"`}}},
		{name: "unknown flag", args: []string{"validate", "--bogus", "x:"}, want: want{code: 2, out: exact(""),
			errHas: []string{"unknown flag: --bogus", "Run 'uritool validate --help' for usage."}}},
		{name: "unknown command", args: []string{"frobnicate"}, want: want{code: 2, out: exact(""),
			errHas: []string{"unknown command", "frobnicate"}}},
	})
}

type cliValidityCase struct {
	Input  string `json:"input"`
	Valid  bool   `json:"valid"`
	As     string `json:"as"`
	Note   string `json:"note"`
	Source string `json:"source"`
}

func TestConformanceCLIValidity(t *testing.T) {
	t.Parallel()
	all := loadCorpus[cliValidityCase](t, "validity.json")
	grammars := []struct{ corpus, flag string }{
		{"URI", "uri"}, {"URI-reference", "reference"}, {"absolute-URI", "absolute"},
	}
	total, pass, asArgs := 0, 0, 0
	for _, g := range grammars {
		var cases []cliValidityCase
		var inputs []string
		for _, c := range all {
			if c.As == g.corpus {
				cases = append(cases, c)
				inputs = append(inputs, c.Input)
			}
		}
		if len(cases) == 0 {
			t.Errorf("no validity cases for %s", g.corpus)
			continue
		}
		total += len(cases)
		stdin, extra, order := feed(inputs)
		asArgs += len(extra) - min(len(extra), 2)
		args := append([]string{"validate", "--as", g.flag, "--format", "json"}, extra...)
		res := run(t, stdin, nil, args...)
		wantCode := 0
		for _, c := range cases {
			if !c.Valid {
				wantCode = 1
			}
		}
		if res.code != wantCode || res.stderr != "" {
			t.Errorf("validate --as %s: exit %d, want %d; stderr %q", g.flag, res.code, wantCode, head(res.stderr, 500))
		}
		recs := jsonLines(t, res.stdout)
		if len(recs) != len(cases) {
			t.Errorf("validate --as %s gave %d records for %d inputs", g.flag, len(recs), len(cases))
			continue
		}
		for i, idx := range order {
			c, rec := cases[idx], recs[i]
			failed := false
			fail := func(format string, args ...any) {
				failed = true
				t.Errorf("--as %s record %d %q (%s; %s): "+format, append([]any{g.flag, i + 1, c.Input, c.Source, c.Note}, args...)...)
			}
			if in, _ := optString(t, rec, "input"); in == nil || *in != c.Input {
				fail("input = %s: records out of order?", showOpt(in))
				continue
			}
			if n, ok := rawInt(rec, "line"); !ok || n != i+1 {
				fail("line = %s, want %d", rec["line"], i+1)
			}
			valid, ok := rawBool(rec, "valid")
			if !ok || valid != c.Valid {
				fail("valid = %s, want %v (error %s)", rec["valid"], c.Valid, rec["error"])
			}
			col, hasCol := rawInt(rec, "column")
			switch {
			case c.Valid && (hasCol || string(rec["error"]) != "null"):
				fail("column = %s, error = %s for a valid input", rec["column"], rec["error"])
			case !c.Valid && (!hasCol || col < 1 || col > len(c.Input)+1):
				fail("column = %s, want 1..%d", rec["column"], len(c.Input)+1)
			case !c.Valid && string(rec["error"]) == "null":
				fail("error is null for an invalid input")
			}
			if !failed {
				pass++
			}
		}
	}
	t.Logf("validity.json via validate --format json: %d/%d passed (%d input(s) with CR/LF given as arguments)", pass, total, asArgs)
}
