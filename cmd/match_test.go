package cmd_test

import "testing"

func TestCLIMatch(t *testing.T) {
	t.Parallel()
	const repos = "/users/{id}/repos{?page,sort}"
	noMatch := func(template string) map[string]any {
		return map[string]any{"offset": 0.0, "rule": "match", "message": "does not match " + template}
	}
	refused := func(diag, msg string) want {
		return want{code: 2, out: exact(""), err: exact(diag + "uritool: error: TEMPLATE " + msg + "\nRun 'uritool match --help' for usage.\n")}
	}
	runCases(t, []cliCase{
		// The examples of uritool match --help.
		{name: "help: path and query", args: []string{"match", repos, "/users/42/repos?page=2"}, want: want{out: exact(`{"id":"42","page":"2"}` + "\n")}},
		{name: "help: stdin", stdin: "https://example.com/news/today\nhttps://example.com/x\nhttps://other.com/a/b\n",
			args: []string{"match", "https://example.com{/section,slug}"}, want: want{code: 1,
				out: exact(`{"section":"news","slug":"today"}` + "\n" + `{"section":"x"}` + "\n\n"),
				err: exact("3:1: does not match https://example.com{/section,slug} [match]\n    https://other.com/a/b\n    ^\n")}},

		// No match is exit 1 and an empty line, whatever the input.
		{name: "no match keeps its line", args: []string{"match", repos, "/nope", "/users/a%20b/repos", "a b"}, want: want{code: 1,
			out: exact("\n" + `{"id":"a b"}` + "\n\n"),
			err: exact("1:1: does not match " + repos + " [match]\n    /nope\n    ^\n" +
				"3:1: does not match " + repos + " [match]\n    a b\n    ^\n")}},
		{name: "dash reads stdin among arguments", stdin: "/a\n", args: []string{"match", "{/x}", "/z", "-"}, want: want{out: exact(`{"x":"z"}` + "\n" + `{"x":"a"}` + "\n")}},

		// Values: decoded, except for "+" and "#"; order as in the template.
		{name: "variables in template order", args: []string{"match", "{/b,a}", "/1/2"}, want: want{out: exact(`{"b":"1","a":"2"}` + "\n")}},
		{name: "decoded values", args: []string{"match", "/s/{x}", "/s/%E6%97%A5", "/s/a%2Fb"}, want: want{out: exact(`{"x":"日"}` + "\n" + `{"x":"a/b"}` + "\n")}},
		{name: "+ and # kept as written", args: []string{"match", "{x}/{+rest}", "a%2Fb/c%2Fd/e"}, want: want{out: exact(`{"x":"a/b","rest":"c%2Fd/e"}` + "\n")}},
		{name: "# as written", args: []string{"match", "/p{#frag}", "/p#a/%2F"}, want: want{out: exact(`{"frag":"a/%2F"}` + "\n")}},
		{name: "not UTF-8 is no expansion", args: []string{"match", "/s/{x}", "/s/%ff"}, want: want{code: 1, out: exact("\n"), errHas: []string{"1:1: does not match /s/{x} [match]"}}},

		// Undefined, empty and order, as expand writes them.
		{name: "undefined and empty", args: []string{"match", "/a{?x}", "/a", "/a?x=", "/a?", "/a?x"}, want: want{code: 1,
			out: exact("{}\n" + `{"x":""}` + "\n\n\n"), errHas: []string{"3:1: does not match", "4:1: does not match"}}},
		{name: "semicolon params", args: []string{"match", "/x{;p,q}", "/x;p=1;q", "/x;q=2"}, want: want{out: exact(`{"p":"1","q":""}` + "\n" + `{"q":"2"}` + "\n")}},
		{name: "query pairs in another order", args: []string{"match", "{?a,b}", "?a=2&b=1", "?b=1&a=2"}, want: want{code: 1,
			out: exact(`{"a":"2","b":"1"}` + "\n\n"), errHas: []string{"2:1: does not match {?a,b} [match]"}}},

		// JSON: vars is an object, or null without a match.
		{name: "json", args: []string{"match", "--format", "json", repos, "/users/42/repos?page=2&sort=", "/nope"}, want: want{code: 1, records: []map[string]any{
			{"input": "/users/42/repos?page=2&sort=", "match": true, "vars": map[string]any{"id": "42", "page": "2", "sort": ""}, "error": nil},
			{"input": "/nope", "match": false, "vars": nil, "error": noMatch(repos)},
		}}},
		{name: "json empty vars", args: []string{"match", "--json", "/a{?x}", "/a"}, want: want{records: []map[string]any{
			{"match": true, "vars": map[string]any{}, "error": nil}}}},

		// A template that cannot be matched is refused before any input.
		{name: "ambiguous", stdin: "never read\n", args: []string{"match", "{x}{y}", "ab"}, want: refused(
			"TEMPLATE:1: where this expression ends is ambiguous: it may contain '%', which may also begin what follows [match]\n    {x}{y}\n    ^\n",
			"cannot be matched unambiguously: where this expression ends is ambiguous: it may contain '%', which may also begin what follows (see uritool match --help)")},
		{name: "explode", args: []string{"match", "{/x*}", "/a"}, want: refused("TEMPLATE:3: an exploded variable cannot be matched [match]\n    {/x*}\n      ^\n",
			"cannot be matched unambiguously: an exploded variable cannot be matched (see uritool match --help)")},
		{name: "prefix", args: []string{"match", "{x:3}", "a"}, want: refused("TEMPLATE:2: a variable with a prefix modifier cannot be matched [match]\n    {x:3}\n     ^\n",
			"cannot be matched unambiguously: a variable with a prefix modifier cannot be matched (see uritool match --help)")},
		{name: "variable twice", args: []string{"match", "/{x}/{x}", "/a/a"}, want: refused("TEMPLATE:7: variable x appears more than once [match]\n    /{x}/{x}\n          ^\n",
			"cannot be matched unambiguously: variable x appears more than once (see uritool match --help)")},
		{name: "not a template", args: []string{"match", "{x", "a"}, want: refused("TEMPLATE:1: expression is not closed by } [uri-template]\n    {x\n    ^\n",
			"is not a URI Template (RFC 6570): expression is not closed by }")},
		{name: "no template", args: []string{"match"}, want: want{code: 2, out: exact(""), err: exact("uritool: error: missing TEMPLATE\nRun 'uritool match --help' for usage.\n")}},
	})
}
