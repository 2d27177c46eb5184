package cmd_test

import (
	"testing"
)

func TestCLIEqual(t *testing.T) {
	t.Parallel()
	runCases(t, []cliCase{
		{name: "equivalent", args: []string{"equal", "HTTP://Example.com:80/%7Euser", "http://example.com/~user"}, want: want{out: exact("equivalent\n")}},
		{name: "different", args: []string{"equal", "http://a/b", "http://a/b/"}, want: want{code: 1, out: exact("different\thttp://a/b\thttp://a/b/\n")}},
		{name: "stdin is compared with A", stdin: "http://A\nhttp://b/\n", args: []string{"equal", "http://a"}, want: want{code: 1,
			out: exact("equivalent\ndifferent\thttp://a/\thttp://b/\n")}},
		{name: "case of path matters", args: []string{"equal", "http://a/B", "http://a/b"}, want: want{code: 1}},
		{name: "invalid A", args: []string{"equal", "a b", "x:"}, want: want{code: 2, out: exact(""), errHas: []string{"a b", "not a URI reference"}}},
		{name: "invalid B is a finding", args: []string{"equal", "x:", "http://[::1"}, want: want{code: 1, out: exact("\n"), errHas: []string{"1:12: ", "http://[::1"}}},
		{name: "json invalid B", args: []string{"equal", "--json", "x:", "a b"}, want: want{code: 1,
			records: []map[string]any{{"a": "x:", "b": "a b", "normalized_b": nil, "equal": nil, "error": nonNull}}}},
		{name: "json", args: []string{"equal", "--json", "HTTP://a", "http://a/"}, want: want{
			records: []map[string]any{{"a": "HTTP://a", "b": "http://a/", "normalized_a": "http://a/", "normalized_b": "http://a/", "equal": true}}}},
		{name: "json different", args: []string{"equal", "--json", "http://a/b", "http://a/b/"}, want: want{code: 1,
			records: []map[string]any{{"normalized_a": "http://a/b", "normalized_b": "http://a/b/", "equal": false}}}},
		{name: "default-port", args: []string{"equal", "--default-port", "redis=6379", "redis://h:6379/", "redis://h/"}, want: want{}},
		{name: "no default-port", args: []string{"equal", "redis://h:6379/", "redis://h/"}, want: want{code: 1}},
		{name: "ipv6 texts differ by default", args: []string{"equal", "http://[2001:db8::0:1]/", "http://[2001:DB8::1]/"}, want: want{code: 1,
			out: exact("different\thttp://[2001:db8::0:1]/\thttp://[2001:db8::1]/\n")}},
		{name: "canonical-ipv6", args: []string{"equal", "--canonical-ipv6", "http://[2001:db8::0:1]/", "http://[2001:DB8::1]:80/", "http://[::ffff:c000:201]/", "http://[::c000:201]/"},
			want: want{code: 1, out: exact("equivalent\ndifferent\thttp://[2001:db8::1]/\thttp://[::ffff:192.0.2.1]/\ndifferent\thttp://[2001:db8::1]/\thttp://[::c000:201]/\n")}},
		{name: "canonical-ipv6 mapped", args: []string{"equal", "--canonical-ipv6", "http://[::ffff:192.0.2.1]/", "HTTP://[0:0:0:0:0:FFFF:C000:0201]:80"}, want: want{out: exact("equivalent\n")}},
		{name: "no argument", args: []string{"equal"}, want: want{code: 2, errHas: []string{"missing A", "Run 'uritool equal --help'"}}},
		{name: "bad --color", args: []string{"equal", "--color", "bogus", "x:", "x:"}, want: want{code: 2, errHas: []string{"--color", `"bogus"`}}},
	})
}
