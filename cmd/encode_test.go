package cmd_test

import (
	"strings"
	"testing"
)

func TestCLIEncode(t *testing.T) {
	t.Parallel()
	runCases(t, []cliCase{
		// The examples of uritool encode --help.
		{name: "help: query-value", args: []string{"encode", "--component", "query-value", "a b&c=d"}, want: want{out: exact("a%20b%26c%3Dd\n")}},
		{name: "help: segment", args: []string{"encode", "--component", "segment", "reports/2024"}, want: want{out: exact("reports%2F2024\n")}},

		{name: "default is path", args: []string{"encode", "/a b/ü?#"}, want: want{out: exact("/a%20b/%C3%BC%3F%23\n")}},
		{name: "percent always, hex uppercase", args: []string{"encode", "100%", "%41", "\t\x7f"}, want: want{out: exact("100%25\n%2541\n%09%7F\n")}},
		{name: "bytes that are not UTF-8", args: []string{"encode", "a\xffb"}, want: want{out: exact("a%FFb\n")}},
		{name: "newline in an argument", args: []string{"encode", "a\nb"}, want: want{out: exact("a%0Ab\n")}},
		{name: "empty input, empty line", args: []string{"encode", "", "x"}, want: want{out: exact("\nx\n")}},
		{name: "stdin, CRLF and last line without newline", stdin: "a b\r\n\nc%d", args: []string{"encode"}, want: want{out: exact("a%20b\n\nc%25d\n")}},
		{name: "dash reads stdin among arguments", stdin: "x y\n", args: []string{"encode", "first", "-", "last"}, want: want{out: exact("first\nx%20y\nlast\n")}},
		{name: "arguments, stdin not read", stdin: "unread\n", args: []string{"encode", "a"}, want: want{out: exact("a\n")}},

		{name: "json", args: []string{"encode", "--json", "--component", "query-value", "a=b", ""}, want: want{records: []map[string]any{
			{"input": "a=b", "output": "a%3Db", "error": nil},
			{"input": "", "output": "", "error": nil},
		}}},
		{name: "json, bytes not UTF-8", args: []string{"encode", "--format", "json", "a\xffb"}, want: want{records: []map[string]any{
			{"output": "a%FFb", "error": nil}}}},

		{name: "component scheme is not one", args: []string{"encode", "--component", "scheme", "x"}, want: want{code: 2, out: exact(""),
			err: exact("uritool: error: invalid argument \"scheme\" for \"--component\" flag: invalid value \"scheme\" (want path, segment, query, query-value, fragment, userinfo or host)\n" +
				"Run 'uritool encode --help' for usage.\n")}},
	})
}

// TestCLIEncodeComponents: what each --component keeps and encodes, on
// one string holding every gen-delim and sub-delim, "%", a space and a
// non-ASCII letter.
func TestCLIEncodeComponents(t *testing.T) {
	t.Parallel()
	const in = "a b/?#[]@:&;=+%é~!$'()*,"
	var cases []cliCase
	for _, c := range [][2]string{
		{"path", "a%20b/%3F%23%5B%5D@:&;=+%25%C3%A9~!$'()*,"},
		{"segment", "a%20b%2F%3F%23%5B%5D@:&;=+%25%C3%A9~!$'()*,"},
		{"query", "a%20b/?%23%5B%5D@:&;=+%25%C3%A9~!$'()*,"},
		{"query-value", "a%20b/?%23%5B%5D@:%26%3B%3D%2B%25%C3%A9~!$'()*,"},
		{"fragment", "a%20b/?%23%5B%5D@:&;=+%25%C3%A9~!$'()*,"},
		{"userinfo", "a%20b%2F%3F%23%5B%5D%40:&;=+%25%C3%A9~!$'()*,"},
		{"host", "a%20b%2F%3F%23%5B%5D%40%3A&;=+%25%C3%A9~!$'()*,"},
	} {
		cases = append(cases, cliCase{name: c[0], args: []string{"encode", "--component", c[0], in}, want: want{out: exact(c[1] + "\n")}})
	}
	runCases(t, cases)
}

// TestCLIEncodeDecodeRoundTrip: decode gives back exactly what encode was
// given, for every component.
func TestCLIEncodeDecodeRoundTrip(t *testing.T) {
	t.Parallel()
	inputs := []string{"a b&c=d", "100%", "reports/2024", "日本/?#", "\x00\xff", "%zz"}
	for _, comp := range []string{"path", "segment", "query", "query-value", "fragment", "userinfo", "host"} {
		enc := run(t, "", nil, append([]string{"encode", "--component", comp, "--"}, inputs...)...)
		encoded := strings.Split(strings.TrimSuffix(enc.stdout, "\n"), "\n")
		dec := run(t, "", nil, append([]string{"decode", "--"}, encoded...)...)
		if want := strings.Join(inputs, "\n") + "\n"; enc.code != 0 || dec.code != 0 || dec.stdout != want {
			t.Errorf("%s: encode exit %d, decode exit %d: %q, want %q", comp, enc.code, dec.code, dec.stdout, want)
		}
	}
}
