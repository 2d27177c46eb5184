package cmd_test

import "testing"

func TestCLIDecode(t *testing.T) {
	t.Parallel()
	runCases(t, []cliCase{
		// The first example of uritool decode --help; the second is
		// TestCLIDecodeAfterParse.
		{name: "help: decode", args: []string{"decode", "caf%C3%A9%20au%20lait"}, want: want{out: exact("café au lait\n")}},

		{name: "plus stays, lowercase hex decodes", args: []string{"decode", "a+b", "caf%c3%a9", "%41%2f%2F"}, want: want{out: exact("a+b\ncafé\nA//\n")}},
		{name: "nothing to decode", args: []string{"decode", "", "plain"}, want: want{out: exact("\nplain\n")}},
		{name: "stdin", stdin: "a%20b\r\n%7e", args: []string{"decode"}, want: want{out: exact("a b\n~\n")}},
		{name: "dash reads stdin among arguments", stdin: "%31\n", args: []string{"decode", "%30", "-", "%32"}, want: want{out: exact("0\n1\n2\n")}},
		// The bytes are written as they are: a %0A is a newline of the
		// output, %FF a byte that is not UTF-8.
		{name: "bytes as they are", args: []string{"decode", "a%0Ab", "%00", "%ff"}, want: want{out: exact("a\nb\n\x00\n\xff\n")}},

		// A malformed sequence fails its input at the "%", and leaves
		// its line empty.
		{name: "malformed keeps its line", args: []string{"decode", "caf%C3%A9", "x%zz", "a+b"}, want: want{code: 1, out: exact("café\n\na+b\n"),
			err: exact("2:3: '%' not followed by two hex digits [pct-encoded]\n    x%zz\n      ^\n")}},
		{name: "malformed at the end", args: []string{"decode", "a%", "a%4", "%%41"}, want: want{code: 1, out: exact("\n\n\n"),
			// The caret is under what breaks the triplet: the end of the
			// input, the byte after a lone digit, a second '%'.
			err: exact("1:3: '%' not followed by two hex digits [pct-encoded]\n    a%\n      ^\n" +
				"2:4: '%' not followed by two hex digits [pct-encoded]\n    a%4\n       ^\n" +
				"3:2: '%' not followed by two hex digits [pct-encoded]\n    %%41\n     ^\n")}},

		// JSON carries the bytes exactly.
		{name: "json", args: []string{"decode", "--json", "caf%C3%A9", "%0a", "%00"}, want: want{outLacks: []string{"output_base64"}, records: []map[string]any{
			{"input": "caf%C3%A9", "output": "café", "error": nil},
			{"input": "%0a", "output": "\n", "error": nil},
			{"input": "%00", "output": "\x00", "error": nil},
		}}},
		{name: "json output_base64 when not UTF-8", args: []string{"decode", "--format", "json", "%ff%41", "%C3"}, want: want{records: []map[string]any{
			{"input": "%ff%41", "output": "\ufffdA", "output_base64": "/0E=", "error": nil},
			{"input": "%C3", "output": "\ufffd", "output_base64": "ww==", "error": nil},
		}}},
		{name: "json failure", args: []string{"decode", "--json", "x%zz"}, want: want{code: 1, outLacks: []string{"output_base64"}, records: []map[string]any{
			{"input": "x%zz", "output": nil, "error": map[string]any{"offset": 2.0, "rule": "pct-encoded", "message": "'%' not followed by two hex digits"}},
		}}},
	})
}

// TestCLIDecodeAfterParse is the help's pipeline, parse --get query into
// decode: an input without a query gives an empty line that stays one.
func TestCLIDecodeAfterParse(t *testing.T) {
	t.Parallel()
	parsed := run(t, "https://a/?q=caf%C3%A9+au%20lait\nhttps://a/\nhttps://a/?x%2Fy\n", nil, "parse", "--get", "query", "--format", "text")
	if parsed.code != 0 || parsed.stdout != "q=caf%C3%A9+au%20lait\n\nx%2Fy\n" {
		t.Fatalf("parse --get query: exit %d, stdout %q, stderr %q", parsed.code, parsed.stdout, parsed.stderr)
	}
	expect(t, run(t, parsed.stdout, nil, "decode"), want{out: exact("q=café+au lait\n\nx/y\n")})
}
