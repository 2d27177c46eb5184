package cmd_test

import "testing"

func TestCLIEdit(t *testing.T) {
	t.Parallel()
	runCases(t, []cliCase{
		// The examples of uritool edit --help.
		{name: "help: set host and port", args: []string{"edit", "--set", "host=example.org", "--set", "port=8443", "https://example.com/a?b#c"}, want: want{
			out: exact("https://example.org:8443/a?b#c\n")}},
		{name: "help: delete and sort the query, stdin", stdin: "https://x/a?z=1&utm_source=news&a=%7e\nhttps://x/b?utm_medium=mail\n",
			args: []string{"edit", "--delete-query", "utm_*", "--sort-query"}, want: want{out: exact("https://x/a?a=%7e&z=1\nhttps://x/b\n")}},
		{name: "help: append a segment", args: []string{"edit", "--append", "path=annual report.pdf", "https://example.com/docs/"}, want: want{
			out: exact("https://example.com/docs/annual%20report.pdf\n")}},
		{name: "help: set-query and unset", args: []string{"edit", "--set-query", "page=2", "--unset", "fragment", "https://example.com/list?page=1#top"}, want: want{
			out: exact("https://example.com/list?page=2\n")}},
		{name: "help: user, password, conditional port", args: []string{"edit", "--set", "user=alice", "--set", "password=s3cret", "--set", "port?=8443", "https://example.com/"}, want: want{
			out: exact("https://alice:s3cret@example.com:8443/\n")}},
		{name: "help: unset the password", args: []string{"edit", "--unset", "password", "https://alice:s3cret@example.com/"}, want: want{out: exact("https://alice@example.com/\n")}},
		{name: "help: IDNA host and a bare key", args: []string{"edit", "--set", "host=bücher.example", "--append", "query=debug", "https://example.com/"}, want: want{
			out: exact("https://xn--bcher-kva.example/?debug\n")}},
		{name: "help: colon separator", args: []string{"edit", "--query-separator", ":", "--sort-query", "https://example.com/?b=2:a=1"}, want: want{out: exact("https://example.com/?a=1:b=2\n")}},
		{name: "help: iterate", args: []string{"edit", "--default-scheme", "https", "--iterate", "scheme=http https", "--iterate", "port=80 8080", "example.com/"}, want: want{
			out: exact("http://example.com:80/\nhttp://example.com:8080/\nhttps://example.com:80/\nhttps://example.com:8080/\n")}},

		// Untouched components stay as written; edits apply in flag order.
		{name: "no re-encoding of the rest", args: []string{"edit", "--set", "host=example.org", "HTTPS://u@example.com/a%7e/./b?%7E#"}, want: want{
			out: exact("HTTPS://u@example.org/a%7e/./b?%7E#\n")}},
		{name: "set then append", args: []string{"edit", "--set", "query=a=1", "--append", "query=b=2", "http://h/"}, want: want{out: exact("http://h/?a=1&b=2\n")}},
		{name: "append then set", args: []string{"edit", "--append", "query=b=2", "--set", "query=a=1", "http://h/"}, want: want{out: exact("http://h/?a=1\n")}},
		{name: "plain values are encoded", args: []string{"edit", "--set", "path=/a?b %1b", "--set", "userinfo=a b:c@d", "--set", "fragment=x#y", "--append", "query=k=v=w", "http://h/"}, want: want{
			out: exact("http://a%20b:c%40d@h/a%3Fb%20%251b?k=v%3Dw#x%23y\n")}},
		{name: "raw values are kept", args: []string{"edit", "--set", "path:=/a%1b", "http://h/"}, want: want{out: exact("http://h/a%1b\n")}},
		{name: "raw value checked strictly", args: []string{"edit", "--set", "path:=/a%zz", "http://h/"}, want: want{code: 1, out: exact("\n"),
			err: exact("1:1: --set path:=/a%zz: path: '%' not followed by two hex digits [pct-encoded]\n    http://h/\n    ^\n")}},
		{name: "append a slash is one segment", args: []string{"edit", "--append", "path=x/y", "http://h", "mailto:a@b.example"}, want: want{
			out: exact("http://h/x%2Fy\nmailto:a@b.example/x%2Fy\n")}},

		// Hosts: an IPv6 address gets its brackets, an IPv4 one does not.
		{name: "IPv6 host gets brackets", args: []string{"edit", "--set", "host=::1", "--set", "port=8080", "http://h/x"}, want: want{out: exact("http://[::1]:8080/x\n")}},
		{name: "IPv4-mapped IPv6", args: []string{"edit", "--set", "host=::ffff:1.2.3.4", "http://h/"}, want: want{out: exact("http://[::ffff:1.2.3.4]/\n")}},
		{name: "IPv4 host", args: []string{"edit", "--set", "host=127.0.0.1", "http://h/"}, want: want{out: exact("http://127.0.0.1/\n")}},
		{name: "raw IP-literal with brackets", args: []string{"edit", "--set", "host:=[::1]", "http://h/x"}, want: want{out: exact("http://[::1]/x\n")}},
		// A bracketed value is an IP-literal (section 3.2.2), checked as
		// written; a zone ID, which RFC 3986 has not, is refused, and so is
		// a ':' or a bracket that would otherwise be encoded into a reg-name.
		{name: "bracketed IPv6 host", args: []string{"edit", "--set", "host=[::1]", "http://example.com/"}, want: want{out: exact("http://[::1]/\n")}},
		{name: "bracketed IPvFuture host", args: []string{"edit", "--set", "host=[v1.fe]", "http://example.com/"}, want: want{out: exact("http://[v1.fe]/\n")}},
		{name: "bracketed zone ID refused", args: []string{"edit", "--set", "host=[fe80::1%25eth0]", "http://example.com/"}, want: want{code: 1, out: exact("\n"),
			err: exact("1:1: --set host=[fe80::1%25eth0]: host: IPv6 zone identifiers are not allowed by RFC 3986 [IP-literal]\n    http://example.com/\n    ^\n")}},
		{name: "zone ID refused", args: []string{"edit", "--set", "host=fe80::1%eth0", "http://example.com/"}, want: want{code: 1, out: exact("\n"),
			err: exact("1:1: --set host=fe80::1%eth0: host: IPv6 zone identifiers (%eth0) are not allowed by RFC 3986 (section 3.2.2) [IP-literal]\n    http://example.com/\n    ^\n")}},
		{name: "unclosed IP-literal", args: []string{"edit", "--set", "host=[::1", "http://h/"}, want: want{code: 1, out: exact("\n"),
			errHas: []string{"1:1: --set host=[::1: host: ", "']' is missing [IP-literal]"}}},
		{name: "bracketed IPv4 refused", args: []string{"edit", "--set", "host=[1.2.3.4]", "http://h/"}, want: want{code: 1, out: exact("\n"), errHas: []string{"[IPv6address]"}}},
		{name: "host with a port refused", args: []string{"edit", "--set", "host=example.com:8080", "http://h/"}, want: want{code: 1, out: exact("\n"),
			errHas: []string{"--set host=example.com:8080: host: ':' cannot be in a host name", "[reg-name]"}}},
		{name: "stray bracket refused", args: []string{"edit", "--set", "host=a]b", "http://h/"}, want: want{code: 1, out: exact("\n"),
			errHas: []string{"--set host=a]b: host: ']' cannot be in a host name", "[reg-name]"}}},
		// A host is never percent-encoded but for UTF-8 (section 3.2.2): a
		// name in Unicode becomes its A-labels (UTS #46), or keeps its
		// U-labels with --iri; what IDNA refuses is a finding naming its rule.
		{name: "IDNA host", args: []string{"edit", "--set", "host=bücher.de", "http://example.com/"}, want: want{out: exact("http://xn--bcher-kva.de/\n")}},
		{name: "IDNA host under --iri", args: []string{"edit", "--iri", "--set", "host=Bücher.de", "http://example.com/"}, want: want{out: exact("http://bücher.de/\n")}},
		{name: "IDNA refusal", args: []string{"edit", "--set", "host=-ü.de", "http://example.com/"}, want: want{code: 1, out: exact("\n"),
			err: exact("1:1: --set host=-ü.de: host: IDNA (UTS #46): label \"-ü\": a label cannot begin or end with a hyphen [idna-hyphen]\n    http://example.com/\n    ^\n")}},
		{name: "bad A-label", args: []string{"edit", "--set", "host=xn--zz.de", "http://example.com/"}, want: want{code: 1, out: exact("\n"), errHas: []string{"[idna-punycode]"}}},
		{name: "no ASCII encoded in a host", args: []string{"edit", "--set", "host=a b", "http://example.com/"}, want: want{code: 1, out: exact("\n"),
			err: exact("1:1: --set host=a b: host: ' ' cannot be in a host name, and section 3.2.2 allows percent-encoding there only for UTF-8 [reg-name]\n    http://example.com/\n    ^\n")}},
		{name: "raw host kept", args: []string{"edit", "--set", "host:=b%C3%BCcher.de", "http://example.com/"}, want: want{out: exact("http://b%C3%BCcher.de/\n")}},
		{name: "raw IPv6 without brackets", args: []string{"edit", "--set", "host:=::1", "http://h/x"}, want: want{code: 1, out: exact("\n"),
			err: exact("1:1: --set host:=::1: host: invalid character ':' in host [host]\n    http://h/x\n    ^\n")}},

		// user and password: the userinfo's parts before and after its first
		// ':' (section 3.2.1), each set, unset or kept apart.
		{name: "set user and password", args: []string{"edit", "--set", "user=alice", "--set", "password=s3cret", "https://example.com/"}, want: want{
			out: exact("https://alice:s3cret@example.com/\n")}},
		{name: "set the user, keep the password", args: []string{"edit", "--set", "user=alice", "https://bob:pw@example.com/", "https://bob@example.com/"}, want: want{
			out: exact("https://alice:pw@example.com/\nhttps://alice@example.com/\n")}},
		{name: "unset the password", args: []string{"edit", "--unset", "password", "https://bob:pw@example.com/", "https://bob@example.com/", "https://example.com/"}, want: want{
			out: exact("https://bob@example.com/\nhttps://bob@example.com/\nhttps://example.com/\n")}},
		{name: "unset the user, keep the password", args: []string{"edit", "--unset", "user", "https://bob:pw@example.com/", "https://bob@example.com/"}, want: want{
			out: exact("https://:pw@example.com/\nhttps://example.com/\n")}},
		{name: "':' is encoded in user and password", args: []string{"edit", "--set", "user=:hej:", "--set", "password=a:b @", "https://example.com/"}, want: want{
			out: exact("https://%3Ahej%3A:a%3Ab%20%40@example.com/\n")}},
		{name: "raw password may hold ':'", args: []string{"edit", "--set", "password:=a:b", "https://u@example.com/"}, want: want{out: exact("https://u:a:b@example.com/\n")}},
		{name: "raw user may not", args: []string{"edit", "--set", "user:=a:b", "https://example.com/"}, want: want{code: 1, out: exact("\n"),
			err: exact("1:1: --set user:=a:b: user: a ':' would begin the password; write it %3A [userinfo]\n    https://example.com/\n    ^\n")}},
		{name: "a user needs a host", args: []string{"edit", "--set", "user=a", "mailto:x@example.com"}, want: want{code: 1, out: exact("\n"),
			errHas: []string{"1:1: --set user=a: userinfo: userinfo needs a host (section 3.2) [userinfo]"}}},
		{name: "userinfo still set whole", args: []string{"edit", "--set", "userinfo=a:b", "https://example.com/"}, want: want{out: exact("https://a:b@example.com/\n")}},

		// COMP?=VALUE sets only a component that is absent: undefined or
		// empty ("http://h:/" has no port to keep).
		{name: "conditional port", args: []string{"edit", "--set", "port?=443", "https://example.com:88/", "https://example.com/", "https://example.com:/"}, want: want{
			out: exact("https://example.com:88/\nhttps://example.com:443/\nhttps://example.com:443/\n")}},
		{name: "conditional scheme", args: []string{"edit", "--set", "scheme?=https", "ftp://example.com/", "//example.com/"}, want: want{
			out: exact("ftp://example.com/\nhttps://example.com/\n")}},
		{name: "conditional user, password and path", args: []string{"edit", "--set", "user?=anon", "--set", "password?=x", "--set", "path?=/", "http://bob@h", "http://h/p"}, want: want{
			out: exact("http://bob:x@h/\nhttp://anon:x@h/p\n")}},
		{name: "conditional raw", args: []string{"edit", "--set", "fragment?:=a%20b", "http://h/#top", "http://h/#"}, want: want{
			out: exact("http://h/#top\nhttp://h/#a%20b\n")}},
		{name: "a conditional set not made draws no blame", args: []string{"edit", "--set", "port=x", "--set", "port?=1", "http://h/"}, want: want{code: 1, out: exact("\n"),
			errHas: []string{"1:1: --set port=x: port: invalid character 'x' in port [port]"}}},
		{name: "conditional order is ?:=", args: []string{"edit", "--set", "port:?=1", "http://h/"}, want: want{code: 2, out: exact(""),
			errHas: []string{`invalid argument "port:?=1" for "--set" flag: write port?:=VALUE, not port:?=VALUE`}}},

		// Unset drops the delimiter; "" keeps it.
		{name: "unset query and fragment", args: []string{"edit", "--unset", "query", "--unset", "fragment", "http://h/p?q#f", "http://h/?"}, want: want{out: exact("http://h/p\nhttp://h/\n")}},
		{name: "set empty query keeps ?", args: []string{"edit", "--set", "query=", "http://h/p"}, want: want{out: exact("http://h/p?\n")}},

		// Query edits on empty queries and empty pairs.
		{name: "empty query has no pairs", args: []string{"edit", "--set-query", "a=1", "http://h/?"}, want: want{out: exact("http://h/?a=1\n")}},
		// An empty pair (nothing between two separators) is no pair: an
		// edit that writes the query writes none, whatever the edit.
		{name: "empty pairs go when the query is written", args: []string{"edit", "--set-query", "a=1", "http://h/?&", "http://h/?b=2&&c=3&"}, want: want{
			out: exact("http://h/?a=1\nhttp://h/?b=2&c=3&a=1\n")}},
		{name: "sort drops empty pairs", args: []string{"edit", "--sort-query", "https://example.com?a=b&c=d&", "https://example.com?&c=d&&a=b"}, want: want{
			out: exact("https://example.com?a=b&c=d\nhttps://example.com?a=b&c=d\n")}},
		{name: "delete drops empty pairs", args: []string{"edit", "--delete-query", "a", "https://example.com?a=b&c=d&"}, want: want{out: exact("https://example.com?c=d\n")}},
		{name: "keep drops empty pairs", args: []string{"edit", "--keep-query", "c", "https://example.com?a=b&&c=d&"}, want: want{out: exact("https://example.com?c=d\n")}},
		{name: "append drops empty pairs", args: []string{"edit", "--append", "query=e=f", "https://example.com?a=b&"}, want: want{out: exact("https://example.com?a=b&e=f\n")}},
		{name: "a filter that removes nothing leaves the query", args: []string{"edit", "--delete-query", "z", "--keep-query", "*", "https://example.com?a=b&&c=d&"}, want: want{
			out: exact("https://example.com?a=b&&c=d&\n")}},
		{name: "sort leaves a query without pairs", args: []string{"edit", "--sort-query", "http://h/?&&", "http://h/?"}, want: want{out: exact("http://h/?&&\nhttp://h/?\n")}},
		{name: "untouched empty query stays", args: []string{"edit", "--delete-query", "zzz", "--keep-query", "*", "http://h/?"}, want: want{out: exact("http://h/?\n")}},
		{name: "query left without pairs goes", args: []string{"edit", "--delete-query", "a", "http://h/?a=1&a=2", "http://h/?b"}, want: want{
			out: exact("http://h/\nhttp://h/?b\n")}},
		{name: "empty glob deletes empty keys", args: []string{"edit", "--delete-query", "", "http://h/?&a=1&=x"}, want: want{out: exact("http://h/?a=1\n")}},
		{name: "empty key sorts first, stably", args: []string{"edit", "--sort-query", "http://h/?b=2&&a=1&=0&b=1"}, want: want{out: exact("http://h/?=0&a=1&b=2&b=1\n")}},
		{name: "set-query replaces the first, drops the rest", args: []string{"edit", "--set-query", "a=x y", "http://h/?a=1&b=2&a=3"}, want: want{out: exact("http://h/?a=x%20y&b=2\n")}},
		// A key alone is a pair ("?moo"): append it, set it, replace by it.
		{name: "append a key without value", args: []string{"edit", "--append", "query=moo", "http://h/", "https://example.com?search=hello"}, want: want{
			out: exact("http://h/?moo\nhttps://example.com?search=hello&moo\n")}},
		{name: "set-query a key without value", args: []string{"edit", "--set-query", "key", "http://h/?that=thing&key=foo", "http://h/?a"}, want: want{
			out: exact("http://h/?that=thing&key\nhttp://h/?a&key\n")}},
		{name: "a bare key is encoded", args: []string{"edit", "--append", "query=a b&c", "http://h/"}, want: want{out: exact("http://h/?a%20b%26c\n")}},
		{name: "set-query of an empty key", args: []string{"edit", "--set-query", "=x", "http://h/?=1&b=2"}, want: want{out: exact("http://h/?=x&b=2\n")}},
		{name: "an empty pair is refused", args: []string{"edit", "--append", "query=", "http://h/"}, want: want{code: 2, out: exact(""),
			errHas: []string{`invalid argument "query=" for "--append" flag: want query=KEY or query=KEY=VALUE: an empty pair is no pair`}}},
		{name: "keep-query globs add up", args: []string{"edit", "--keep-query", "id", "--keep-query", "p*", "https://x/?a=1&id=%7e&page=2&b=3"}, want: want{
			out: exact("https://x/?id=%7e&page=2\n")}},
		{name: "decoded keys match", args: []string{"edit", "--delete-query", "a b", "http://h/?a%20b=1&c=2"}, want: want{out: exact("http://h/?c=2\n")}},
		// Any reserved character a query holds as it is can separate pairs;
		// keys and values set hold it encoded.
		{name: "colon separator", args: []string{"edit", "--query-separator", ":", "--sort-query", "https://example.com?utm=tra%20cker:address%20=home:here=now:thisthen"}, want: want{
			out: exact("https://example.com?address%20=home:here=now:thisthen:utm=tra%20cker\n")}},
		{name: "comma separator encodes commas", args: []string{"edit", "--query-separator", ",", "--append", "query=a,b=c,d", "--delete-query", "x", "http://h/?x=1,y=2"}, want: want{
			out: exact("http://h/?y=2,a%2Cb=c%2Cd\n")}},
		{name: "separator from the environment", env: map[string]string{"URITOOL_QUERY_SEPARATOR": "!"}, args: []string{"edit", "--sort-query", "http://h/?b!a"}, want: want{
			out: exact("http://h/?a!b\n")}},
		{name: "semicolon separator", args: []string{"edit", "--query-separator", ";", "--delete-query", "a", "http://h/?a=1;b=2&c"}, want: want{out: exact("http://h/?b=2&c\n")}},

		// --iterate: one output for each combination, the first flag varying
		// slowest; every input has as many lines (or records) as there are
		// combinations, a failed one keeping its place.
		{name: "iterate", args: []string{"edit", "--default-scheme", "https", "--iterate", "scheme=http https", "--iterate", "port=80 8080", "example.com/"}, want: want{
			out: exact("http://example.com:80/\nhttp://example.com:8080/\nhttps://example.com:80/\nhttps://example.com:8080/\n")}},
		{name: "iterate among edits, in flag order", args: []string{"edit", "--set", "host=localhost", "--iterate", "port=22 23", "--append", "query=moo", "https://curl.se"}, want: want{
			out: exact("https://localhost:22?moo\nhttps://localhost:23?moo\n")}},
		{name: "iterate raw values and hosts", args: []string{"edit", "--iterate", "path:=/a%20b /c", "--iterate", "host=bücher.de [::1]", "http://h/"}, want: want{
			out: exact("http://xn--bcher-kva.de/a%20b\nhttp://[::1]/a%20b\nhttp://xn--bcher-kva.de/c\nhttp://[::1]/c\n")}},
		{name: "iterate keeps the places of failures", args: []string{"edit", "--iterate", "port=80 x", "http://h/", "a b", "http://g/"}, want: want{code: 1,
			out: exact("http://h:80/\n\n\n\nhttp://g:80/\n\n"),
			err: exact("1:1: --iterate port=x: port: invalid character 'x' in port [port]\n    http://h/\n    ^\n" +
				"2:2: invalid character ' ' in path [path]\n    a b\n     ^\n" +
				"3:1: --iterate port=x: port: invalid character 'x' in port [port]\n    http://g/\n    ^\n")}},
		{name: "iterate json: a record per combination, with the line", args: []string{"edit", "--json", "--iterate", "scheme=http ftp", "--iterate", "port=1 x", "//h/", "a b"}, want: want{code: 1,
			records: []map[string]any{
				{"line": 1.0, "input": "//h/", "iterate": map[string]any{"scheme": "http", "port": "1"}, "output": "http://h:1/", "error": nil},
				{"line": 1.0, "input": "//h/", "iterate": map[string]any{"scheme": "http", "port": "x"}, "output": nil,
					"error": map[string]any{"offset": 0.0, "rule": "port", "message": "--iterate port=x: port: invalid character 'x' in port"}},
				{"line": 1.0, "iterate": map[string]any{"scheme": "ftp", "port": "1"}, "output": "ftp://h:1/"},
				{"line": 1.0, "iterate": map[string]any{"scheme": "ftp", "port": "x"}, "output": nil},
				{"line": 2.0, "input": "a b", "iterate": map[string]any{"scheme": "http", "port": "1"}, "output": nil,
					"error": map[string]any{"offset": 1.0, "rule": "path", "message": "invalid character ' ' in path"}},
				{"line": 2.0, "iterate": map[string]any{"scheme": "http", "port": "x"}, "output": nil},
				{"line": 2.0, "iterate": map[string]any{"scheme": "ftp", "port": "1"}, "output": nil},
				{"line": 2.0, "iterate": map[string]any{"scheme": "ftp", "port": "x"}, "output": nil},
			}}},
		// --unique takes each combination apart: a repeat within an input
		// goes too, and a failed input keeps its diagnostic, not its lines.
		{name: "iterate unique", args: []string{"edit", "--unique", "--iterate", "port=80 80", "--iterate", "scheme=http https http", "http://h/", "a b", "http://h:1/", "http://g/"}, want: want{code: 1,
			out: exact("http://h:80/\nhttps://h:80/\nhttp://g:80/\nhttps://g:80/\n"), errHas: []string{"2:2: invalid character ' ' in path [path]"}}},
		{name: "iterate unique json", args: []string{"edit", "--unique", "--json", "--iterate", "port=80 80", "http://h/"}, want: want{
			records: []map[string]any{{"line": 1.0, "input": "http://h/", "iterate": map[string]any{"port": "80"}, "output": "http://h:80/", "error": nil}}}},
		{name: "json without iterate has no line", args: []string{"edit", "--json", "--set", "port=1", "//h/"}, want: want{outLacks: []string{`"line"`, `"iterate"`}}},
		{name: "one iterate per component", args: []string{"edit", "--iterate", "port=81 443", "--iterate", "scheme=sftp moo", "--iterate", "port=2 1", "http://h/"}, want: want{code: 2, out: exact(""),
			errHas: []string{`uritool: error: --iterate "port=81 443" and --iterate "port=2 1": one --iterate for each component`}}},
		{name: "iterate and set of one component", args: []string{"edit", "--set", "host=foo", "--iterate", "host=bar baz", "http://h/"}, want: want{code: 2, out: exact(""),
			errHas: []string{`--set host=foo and --iterate "host=bar baz": both set host, so one undoes the other`}}},
		{name: "iterate is no conditional", args: []string{"edit", "--iterate", "port?=1 2", "http://h/"}, want: want{code: 2, out: exact(""),
			errHas: []string{`invalid argument "port?=1 2" for "--iterate" flag: every combination sets the component: no '?'`}}},

		// The values edit: --replace-values, --keys, --each, --append-values.
		{name: "help: replace values", args: []string{"edit", "--replace-values", "FUZZ", "https://example.com/search?q=shoes&page=2"}, want: want{
			out: exact("https://example.com/search?q=FUZZ&page=FUZZ\n")}},
		{name: "help: each, appended", args: []string{"edit", "--each", "--append-values", "--replace-values", "'", "https://example.com/item?id=7&sort=asc"}, want: want{
			out: exact("https://example.com/item?id=7'&sort=asc\nhttps://example.com/item?id=7&sort=asc'\n")}},
		{name: "values are encoded to stay in their pair", args: []string{"edit", "--replace-values", "a b&c=d+e#f;g%h", "http://h/?q=1#top"}, want: want{
			out: exact("http://h/?q=a%20b%26c%3Dd%2Be%23f%3Bg%25h#top\n")}},
		{name: "keys: decoded, any glob", args: []string{"edit", "--keys", "id", "--keys", "p*", "--replace-values", "X", "http://h/?%69d=1&q=2&page=3&p"}, want: want{
			out: exact("http://h/?%69d=X&q=2&page=X&p=X\n")}},
		{name: "each: the others as written", args: []string{"edit", "--each", "--replace-values", "X", "http://h/?a=%7e&b&a=", "http://h/?&c=1&"}, want: want{
			out: exact("http://h/?a=X&b&a=\nhttp://h/?a=%7e&b=X&a=\nhttp://h/?a=%7e&b&a=X\nhttp://h/?c=X\n")}},
		{name: "an input without a pair to replace is itself", args: []string{"edit", "--each", "--keys", "id", "--replace-values", "X", "http://h/", "http://h/?", "http://h/?q=1#f", "mailto:a@b.example"}, want: want{
			out: exact("http://h/\nhttp://h/?\nhttp://h/?q=1#f\nmailto:a@b.example\n")}},
		{name: "semicolon separator", args: []string{"edit", "--query-separator", ";", "--replace-values", "a;b&c", "http://h/?x=1;y=2"}, want: want{out: exact("http://h/?x=a%3Bb%26c;y=a%3Bb%26c\n")}},
		{name: "form encoding", args: []string{"edit", "--form-encoding", "--keys", "first name", "--replace-values", "Ann Lee", "--append", "query=last name=Doe Ray", "http://h/?first+name=x"}, want: want{
			out: exact("http://h/?first+name=Ann+Lee&last+name=Doe+Ray\n")}},
		{name: "raw values add pairs on purpose", args: []string{"edit", "--raw-values", "--keys", "id", "--replace-values", "1&admin=1", "http://h/?id=7"}, want: want{out: exact("http://h/?id=1&admin=1\n")}},
		{name: "iri values", args: []string{"edit", "--iri", "--replace-values", "straße ü", "http://bücher.example/?q=1"}, want: want{out: exact("http://bücher.example/?q=straße%20ü\n")}},
		{name: "values in flag order", args: []string{"edit", "--delete-query", "utm_*", "--replace-values", "X", "--append", "query=k=v", "http://h/?utm_a=1&id=2"}, want: want{
			out: exact("http://h/?id=X&k=v\n")}},
		{name: "values with iterate", args: []string{"edit", "--json", "--iterate", "port=1 2", "--replace-values", "X", "http://h/?a=1"}, want: want{records: []map[string]any{
			{"line": 1.0, "iterate": map[string]any{"port": "1"}, "replaced": []any{map[string]any{"index": 1.0, "key": "a", "old": "1", "new": "X"}}, "output": "http://h:1/?a=X"},
			{"line": 1.0, "iterate": map[string]any{"port": "2"}, "replaced": []any{map[string]any{"index": 1.0, "key": "a", "old": "1", "new": "X"}}, "output": "http://h:2/?a=X"},
		}}},
		{name: "values json: a record per output, with what it replaced", args: []string{"edit", "--json", "--each", "--replace-values", "X", "http://h/?a=1&b", "http://h/", "a b"}, want: want{code: 1, records: []map[string]any{
			{"line": 1.0, "input": "http://h/?a=1&b", "replaced": []any{map[string]any{"index": 1.0, "key": "a", "old": "1", "new": "X"}}, "output": "http://h/?a=X&b", "error": nil},
			{"line": 1.0, "replaced": []any{map[string]any{"index": 2.0, "key": "b", "old": nil, "new": "X"}}, "output": "http://h/?a=1&b=X"},
			{"line": 2.0, "input": "http://h/", "replaced": []any{}, "output": "http://h/", "error": nil},
			{"line": 3.0, "input": "a b", "replaced": []any{}, "output": nil, "error": map[string]any{"offset": 1.0, "rule": "path", "message": "invalid character ' ' in path"}},
		}}},
		{name: "values json without each", args: []string{"edit", "--json", "--replace-values", "a b", "http://h/?%61=1&a="}, want: want{records: []map[string]any{
			{"line": 1.0, "replaced": []any{map[string]any{"index": 1.0, "key": "a", "old": "1", "new": "a%20b"}, map[string]any{"index": 2.0, "key": "a", "old": "", "new": "a%20b"}}, "output": "http://h/?%61=a%20b&a=a%20b"},
		}}},
		{name: "values unique", args: []string{"edit", "--unique", "--each", "--replace-values", "X", "http://h/?a=1&a=1", "http://h/?a=X&a=1", "a b", "http://h/"}, want: want{code: 1,
			out: exact("http://h/?a=X&a=1\nhttp://h/?a=1&a=X\nhttp://h/?a=X&a=X\nhttp://h/\n"), errHas: []string{"3:2: invalid character ' ' in path [path]"}}},
		{name: "a failed edit fails the input once", args: []string{"edit", "--set", "port=x", "--each", "--replace-values", "X", "http://h/?a=1&b=2"}, want: want{code: 1, out: exact("\n"),
			errHas: []string{"1:1: --set port=x: port: invalid character 'x' in port [port]"}}},
		{name: "values from the environment", env: map[string]string{"URITOOL_EDIT_REPLACE_VALUES": "Y", "URITOOL_EDIT_KEYS": "b"}, args: []string{"edit", "http://h/?a=1&b=2"}, want: want{
			out: exact("http://h/?a=1&b=Y\n")}},
		// What makes no sense is refused before any input.
		{name: "values from a missing file", args: []string{"edit", "--values-from", "missing.txt", "http://h/?a=1"}, want: want{code: 2, out: exact(""),
			err: exact("uritool: error: --values-from \"missing.txt\": open missing.txt: no such file or directory\nRun 'uritool edit --help' for usage.\n")}},
		{name: "values from and replace values", args: []string{"edit", "--values-from", "testdata/values.txt", "--replace-values", "X", "http://h/?a=1"}, want: want{code: 2, out: exact(""),
			errHas: []string{"uritool: error: --values-from and --replace-values: give the values with one of them\n"}}},
		{name: "replace values twice", args: []string{"edit", "--replace-values", "X", "--replace-values", "Y", "http://h/?a=1"}, want: want{code: 2, out: exact(""),
			errHas: []string{"uritool: error: --replace-values or --values-from: once, one value or one list\n"}}},
		{name: "each alone", args: []string{"edit", "--set", "port=1", "--each", "http://h/?a=1"}, want: want{code: 2, out: exact(""),
			errHas: []string{"uritool: error: --each shapes a values edit: add --replace-values VALUE or --values-from FILE\n"}}},
		{name: "keys alone", args: []string{"edit", "--keys", "a", "http://h/?a=1"}, want: want{code: 2, out: exact(""), errHas: []string{"--keys shapes a values edit"}}},
		{name: "bad keys glob", args: []string{"edit", "--keys", "[", "--replace-values", "X", "http://h/?a=1"}, want: want{code: 2, out: exact(""),
			errHas: []string{`uritool: error: --keys "[": bad pattern "[": syntax error in pattern`}}},
		{name: "a raw value a query cannot hold", args: []string{"edit", "--raw-values", "--replace-values", "a#b", "http://h/?a=1"}, want: want{code: 2, out: exact(""),
			errHas: []string{`uritool: error: --replace-values "a#b": a query cannot hold it as it is (--raw-values): invalid character '#' in query`}}},
		{name: "iterate and each", args: []string{"edit", "--iterate", "port=1 2", "--each", "--replace-values", "X", "http://h/?a=1"}, want: want{code: 2, out: exact(""),
			errHas: []string{`--iterate "port=1 2" and --replace-values X with --each: both give several outputs for an input; use one of them`}}},

		// --default-scheme, in text and JSON.
		{name: "default scheme", args: []string{"edit", "--default-scheme", "https", "--set", "port=1", "example.com/x", "localhost:8080", "http://h/"}, want: want{
			out: exact("https://example.com:1/x\nhttps://localhost:1\nhttp://h:1/\n")}},
		{name: "json scheme_added", args: []string{"edit", "--json", "--default-scheme", "https", "--set", "port=8080", "example.com/x"}, want: want{
			records: []map[string]any{{"input": "https://example.com/x", "output": "https://example.com:8080/x", "scheme_added": true, "error": nil}}}},
		{name: "json no scheme_added when not added", args: []string{"edit", "--json", "--default-scheme", "https", "--set", "port=8080", "http://h/"}, want: want{
			outLacks: []string{"scheme_added"}, records: []map[string]any{{"input": "http://h/", "output": "http://h:8080/", "error": nil}}}},

		// Failures: the line stays empty, the edit is named, the caret is
		// under the start for an edit and under the fault for an input.
		{name: "failures keep their lines", args: []string{"edit", "--set", "port=1", "http://h/", "/path", "a b", "http://g/"}, want: want{code: 1,
			out: exact("http://h:1/\n\n\nhttp://g:1/\n"),
			err: exact("2:1: --set port=1: port: a port needs a host (section 3.2) [port]\n    /path\n    ^\n" +
				"3:2: invalid character ' ' in path [path]\n    a b\n     ^\n")}},
		{name: "json failures", args: []string{"edit", "--json", "--set", "path=rel", "https://h/x", "a b"}, want: want{code: 1, records: []map[string]any{
			{"input": "https://h/x", "output": nil, "error": map[string]any{"offset": 0.0, "rule": "path",
				"message": "--set path=rel: path: with an authority the path must be empty or begin with '/' (section 3.3)"}},
			{"input": "a b", "output": nil, "error": map[string]any{"offset": 1.0, "rule": "path", "message": "invalid character ' ' in path"}},
		}}},

		// IRIs: --iri keeps the characters of the values set.
		{name: "iri", args: []string{"edit", "--iri", "--set", "path=/straße", "http://bücher.example/"}, want: want{out: exact("http://bücher.example/straße\n")}},
		{name: "not iri encodes", args: []string{"edit", "--set", "path=/straße", "http://h/"}, want: want{out: exact("http://h/stra%C3%9Fe\n")}},

		// Usage errors come before any input.
		{name: "no edit", args: []string{"edit", "http://h/"}, want: want{code: 2, out: exact(""),
			err: exact("uritool: error: no edit given: use --set, --unset, --append, --iterate, --replace-values or a query edit\nRun 'uritool edit --help' for usage.\n")}},
		{name: "unknown component", args: []string{"edit", "--unset", "nope", "http://h/"}, want: want{code: 2, out: exact(""), errHas: []string{`unknown component "nope"`}}},
		{name: "bad glob", args: []string{"edit", "--delete-query", "[", "http://h/"}, want: want{code: 2, out: exact(""), errHas: []string{`invalid argument "[" for "--delete-query" flag`}}},
		{name: "unreserved separator", args: []string{"edit", "--query-separator", "C", "--sort-query", "http://h/"}, want: want{code: 2, out: exact(""),
			errHas: []string{`invalid argument "C" for "--query-separator" flag: "C" cannot separate pairs: it is unreserved`, "(RFC 3986 section 2.3)"}}},
		{name: "'=' separator", args: []string{"edit", "--query-separator", "=", "--sort-query", "http://h/"}, want: want{code: 2, out: exact(""),
			errHas: []string{`"=" cannot separate pairs: it separates a key from its value; use one of & ; ! $ ' ( ) * + , : @ / ?`}}},
		{name: "'#' separator", args: []string{"edit", "--query-separator", "#", "--sort-query", "http://h/"}, want: want{code: 2, out: exact(""),
			errHas: []string{`"#" cannot separate pairs: a query cannot hold it as it is (RFC 3986 section 3.4)`}}},
		{name: "two-character separator", args: []string{"edit", "--query-separator", "&&", "--sort-query", "http://h/"}, want: want{code: 2, out: exact(""),
			errHas: []string{`"&&": a query separator is one character`}}},
	})
}
