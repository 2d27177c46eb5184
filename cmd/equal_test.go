package cmd_test

import (
	"testing"
)

func TestCLIEqual(t *testing.T) {
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
		{name: "no argument", args: []string{"equal"}, want: want{code: 2, errHas: []string{"missing A", "Run 'uritool equal --help'"}}},
		{name: "bad --color", args: []string{"equal", "--color", "bogus", "x:", "x:"}, want: want{code: 2, errHas: []string{"--color", `"bogus"`}}},
	})
}
