package cmd_test

import "testing"

func TestCLIInterop(t *testing.T) {
	t.Parallel()
	// parsed is one parser's object in interop's JSON.
	parsed := func(host string, port, path any) map[string]any {
		return map[string]any{"accepted": true, "error": nil, "scheme": "http", "userinfo": nil, "host": host, "port": port, "path": path, "query": nil, "fragment": nil}
	}
	rejected := func(why string) map[string]any {
		return map[string]any{"accepted": false, "error": why, "scheme": nil, "userinfo": nil, "host": nil, "port": nil, "path": nil, "query": nil, "fragment": nil}
	}
	runCases(t, []cliCase{
		// The examples of uritool interop --help.
		{name: "help: numeric IPv4 host", args: []string{"interop", "http://0x7f.1/"}, want: want{code: 1, out: exact("http://0x7f.1/\n" +
			"            rfc3986  whatwg     net/url\n" +
			"  accepted  yes      yes        yes\n" +
			"  scheme    http     http       http\n" +
			"  userinfo  -        -          -\n" +
			"≠ host      0x7f.1   127.0.0.1  0x7f.1\n" +
			"  port      -        -          -\n" +
			"  path      /        /          /\n" +
			"  query     -        -          -\n" +
			"  fragment  -        -          -\n" +
			"  the parsers disagree on host\n\n")}},
		{name: "help: backslash and fragment", args: []string{"interop", `http://a\@b/`, "http://evil.com#@good.com/"}, want: want{code: 1, outHas: []string{
			"≠ accepted  no       yes     no\n", "  host               a\n",
			"  rfc3986 rejects it: invalid character '\\' in host at offset 8\n", "  net/url rejects it: net/url: invalid userinfo\n",
			"  the parsers disagree on accepted\n",
			"  host      evil.com    evil.com    evil.com\n", "  fragment  @good.com/  @good.com/  @good.com/\n", "  the parsers agree\n"}}},
		{name: "help: json components host, stdin", stdin: "http://example.com/\nhttp://0x7f.1/\n", args: []string{"interop", "--format", "json", "--components", "host"}, want: want{code: 1,
			records: []map[string]any{
				{"input": "http://example.com/", "rfc3986": parsed("example.com", nil, "/"), "disagree": []any{}, "agree": true},
				{"input": "http://0x7f.1/", "rfc3986": parsed("0x7f.1", nil, "/"), "whatwg": parsed("127.0.0.1", nil, "/"), "net/url": parsed("0x7f.1", nil, "/"),
					"disagree": []any{"host"}, "agree": false},
			}}},

		// What each read is compared, not how it writes it.
		{name: "case and default port agree", args: []string{"interop", "HTTP://EXAMPLE.com:80/"}, want: want{
			outHas:   []string{"  host      EXAMPLE.com  example.com  EXAMPLE.com\n", "  port      80           -            80\n", "  the parsers agree\n"},
			outLacks: []string{"≠"}}},
		{name: "json agreement", args: []string{"interop", "--json", "http://xn--bcher-kva.example/"}, want: want{records: []map[string]any{
			{"whatwg": parsed("xn--bcher-kva.example", nil, "/"), "disagree": []any{}, "agree": true}}}},

		// One accepting what another rejects is a disagreement, first.
		{name: "json rejection", args: []string{"interop", "--json", "http://ex%41mple.com/"}, want: want{code: 1, records: []map[string]any{
			{"rfc3986": parsed("ex%41mple.com", nil, "/"), "whatwg": parsed("example.com", nil, "/"), "net/url": rejected(`invalid URL escape "%41"`),
				"disagree": []any{"accepted"}, "agree": false}}}},
		{name: "not a URI reference is no diagnostic", args: []string{"interop", "a b"}, want: want{code: 1,
			outHas: []string{"≠ accepted  no       no      yes\n", "  path                       a%20b\n", "  rfc3986 rejects it: invalid character ' ' in path at offset 1\n"}}},

		// --components chooses what must agree.
		{name: "path not compared by default", args: []string{"interop", "http://a/./b"}, want: want{outHas: []string{"  path      /./b     /b      /./b\n", "  the parsers agree\n"}}},
		{name: "components path", args: []string{"interop", "--components", "path,query", "http://a/./b?x", "http://0x7f.1/"}, want: want{code: 1,
			outHas: []string{"≠ path      /./b     /b      /./b\n", "  the parsers disagree on path\n", "  host      0x7f.1   127.0.0.1  0x7f.1\n", "  the parsers agree\n"}}},

		// The password is masked in the table, kept in JSON.
		{name: "password masked", args: []string{"interop", "http://alice:s3cr3t@example.com/"}, want: want{
			outHas: []string{"http://alice:****@example.com/\n", "  userinfo  alice:****   alice:****   alice:****\n"}, outLacks: []string{"s3cr3t"}}},
		{name: "password in json", args: []string{"interop", "--json", "http://alice:s3cr3t@example.com/"}, want: want{records: []map[string]any{
			{"input": "http://alice:s3cr3t@example.com/", "agree": true}}, outHas: []string{`"net/url":{"accepted":true,"error":null,"scheme":"http","userinfo":"alice:s3cr3t"`}}},

		// --base: each parser resolves the input its own way.
		{name: "help: base", args: []string{"interop", "--base", "http://a/b/c/d;p?q", "../g", "http:g"}, want: want{code: 1, outHas: []string{
			"../g\n", "  path      /b/g     /b/g    /b/g\n", "  the parsers agree\n",
			"http:g\n", "≠ host      -        a       -\n", "  path      g        /b/c/g  g\n", "  the parsers disagree on host\n"}}},
		{name: "base in json, stdin", stdin: "#s\n\n", args: []string{"interop", "--json", "--components", "fragment", "--base", "http://a/b#f"}, want: want{code: 1, records: []map[string]any{
			{"input": "#s", "base": "http://a/b#f", "disagree": []any{}, "agree": true},
			// net/url keeps the base's fragment for an empty reference.
			{"input": "", "base": "http://a/b#f", "disagree": []any{"fragment"}, "agree": false},
		}}},
		{name: "no base, no base key", args: []string{"interop", "--json", "http://a/"}, want: want{outLacks: []string{`"base"`}}},
		{name: "base only rfc3986 rejects", args: []string{"interop", "--base", "http://a/b c/", "d"}, want: want{code: 1, outHas: []string{
			"≠ accepted  no       yes       yes\n", "  path               /b%20c/d  /b%20c/d\n",
			"  rfc3986 rejects it: base: invalid character ' ' in path at offset 10\n", "  the parsers disagree on accepted\n"}}},
		// A relative base is no base URL to either standard; net/url alone
		// would resolve against it (issue 36: a table for every input).
		{name: "relative base", args: []string{"interop", "--json", "--base", "a/b", "c"}, want: want{code: 2, out: exact(""),
			errHas: []string{`--base "a/b": it is no base URL (rfc3986: base is not a URI: RFC 3986 section 5.2.1 requires a scheme; whatwg: `}}},
		{name: "reference only rfc3986 rejects", args: []string{"interop", "--base", "http://a/", "b c"}, want: want{code: 1, outHas: []string{
			"  rfc3986 rejects it: invalid character ' ' in path at offset 1\n"}}},
		{name: "base only net/url reads", args: []string{"interop", "--base", "not a url", "x"}, want: want{code: 2, out: exact(""),
			errHas: []string{`uritool: error: --base "not a url": it is no base URL (rfc3986: `, "net/url reads it only as a relative reference"}}},
		{name: "base no parser accepts", args: []string{"interop", "--base", "%zz", "x"}, want: want{code: 2, out: exact(""),
			errHas: []string{`uritool: error: --base "%zz": no parser accepts it (rfc3986: `, "; whatwg: ", `; net/url: invalid URL escape "%zz")`}}},
		{name: "empty base", args: []string{"interop", "--base", "", "x"}, want: want{code: 2, out: exact(""), errHas: []string{`--base "": want a base URL`}}},
		{name: "base password masked in errors", args: []string{"interop", "--base", "%zz://u:s3cr3t@h/", "x"}, want: want{code: 2,
			errHas: []string{`--base "%zz://u:****@h/": no parser accepts it`}, errLacks: []string{"s3cr3t"}}},
		{name: "base from the environment", env: map[string]string{"URITOOL_INTEROP_BASE": "http://a/b/"}, args: []string{"interop", "--json", "c"}, want: want{records: []map[string]any{
			{"base": "http://a/b/", "rfc3986": parsed("a", nil, "/b/c")}}}},

		{name: "bad component", args: []string{"interop", "--components", "host,nope", "x"}, want: want{code: 2, out: exact(""),
			err: exact("uritool: error: invalid argument \"host,nope\" for \"--components\" flag: unknown component \"nope\" (want scheme, userinfo, host, port, path, query or fragment)\n" +
				"Run 'uritool interop --help' for usage.\n")}},
	})
}
