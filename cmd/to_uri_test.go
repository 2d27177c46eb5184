package cmd_test

import "testing"

func TestCLIToURI(t *testing.T) {
	t.Parallel()
	// decomposed is "ü" as u and U+0308, not in NFC.
	const decomposed = "u\u0308"
	idnaErr := func(offset float64, rule, msg string) map[string]any {
		return map[string]any{"offset": offset, "rule": rule, "message": "host is not a valid IDNA name: " + msg + " (UTS #46)"}
	}
	runCases(t, []cliCase{
		// The examples of uritool to-uri --help.
		{name: "help: IRI to URI", args: []string{"to-uri", "https://bücher.example/straße?q=日本"}, want: want{
			out: exact("https://xn--bcher-kva.example/stra%C3%9Fe?q=%E6%97%A5%E6%9C%AC\n")}},
		{name: "help: host-encoding percent", args: []string{"to-uri", "--host-encoding", "percent", "http://dépôt.internal/"}, want: want{
			out: exact("http://d%C3%A9p%C3%B4t.internal/\n")}},
		{name: "help: --nfc from stdin", stdin: "https://bücher.example/e\u0301\nhttp://a/\n", args: []string{"to-uri", "--nfc"}, want: want{
			out: exact("https://xn--bcher-kva.example/%C3%A9\nhttp://a/\n")}},

		// ASCII is left exactly as written: a URI maps to itself.
		{name: "URI maps to itself", args: []string{"to-uri", "HTTP://Ex.com:80/./a%7e?%7E#", "http://xn--zz.example/", "http://ab--c.com/"}, want: want{
			out: exact("HTTP://Ex.com:80/./a%7e?%7E#\nhttp://xn--zz.example/\nhttp://ab--c.com/\n")}},
		{name: "every component", args: []string{"to-uri", "http://us€r@[::1]:8080/ü?ü#ü", "mailto:ü@x", "/relative/ü"}, want: want{
			out: exact("http://us%E2%82%ACr@[::1]:8080/%C3%BC?%C3%BC#%C3%BC\nmailto:%C3%BC@x\n/relative/%C3%BC\n")}},
		{name: "bidi control is encoded, not refused", args: []string{"to-uri", "http://h/\u202etxt"}, want: want{out: exact("http://h/%E2%80%AEtxt\n")}},

		// The host: IDNA maps only the non-ASCII labels, lowercasing them.
		{name: "IDNA maps and lowercases", args: []string{"to-uri", "http://BÜCHER.example/", "http://EX.bü:80/", "http://faß.de/"}, want: want{
			out: exact("http://xn--bcher-kva.example/\nhttp://EX.xn--b-eha:80/\nhttp://xn--fa-hia.de/\n")}},
		{name: "percent host keeps case", args: []string{"to-uri", "--host-encoding", "percent", "http://BÜ.example/"}, want: want{
			out: exact("http://B%C3%9C.example/\n")}},
		{name: "IDNA refuses a host", args: []string{"to-uri", "http://a.-bü.example/", "http://ok.example/"}, want: want{code: 1, out: exact("\nhttp://ok.example/\n"),
			err: exact("1:10: host is not a valid IDNA name: label \"-bü\": a label cannot begin or end with a hyphen (UTS #46) [idna-hyphen]\n" +
				"    http://a.-bü.example/\n             ^\n")}},
		{name: "percent host skips IDNA", args: []string{"to-uri", "--host-encoding", "percent", "http://a.-bü.example/"}, want: want{
			out: exact("http://a.-b%C3%BC.example/\n")}},
		{name: "json: the IDNA rules", args: []string{"to-uri", "--json", "http://ab--c.ü/", "http://a_ü.com/", "http://aא.com/", "http://xn--zz.ü/", "http://ü..com/"}, want: want{code: 1,
			records: []map[string]any{
				{"uri": nil, "error": idnaErr(7, "idna-hyphen", `label "ab--c": "--" in the third and fourth positions is reserved for A-labels`)},
				{"uri": nil, "error": idnaErr(8, "idna-disallowed", `label "a_ü": U+005F '_' is not allowed in a host name`)},
				{"uri": nil, "error": idnaErr(7, "idna-bidi", `label "aא": the label breaks the bidi rule for right-to-left names (RFC 5893 section 2)`)},
				{"uri": nil, "error": idnaErr(7, "idna-punycode", `label "xn--zz": invalid Punycode (RFC 3492)`)},
				{"uri": nil, "error": idnaErr(10, "idna-length", `empty label (two dots in a row, or a leading dot)`)},
			}}},

		// NFC: refused at the first character out of it, unless --nfc.
		{name: "not NFC", args: []string{"to-uri", "http://" + decomposed + ".example/"}, want: want{code: 1, out: exact("\n"),
			err: exact("1:8: the IRI is not in Unicode Normalization Form C (RFC 3987 section 3.1); pass --nfc to normalize it [nfc]\n" +
				"    http://" + decomposed + ".example/\n           ^\n")}},
		{name: "nfc then percent host", args: []string{"to-uri", "--nfc", "--host-encoding", "percent", "http://" + decomposed + ".example/"}, want: want{
			out: exact("http://%C3%BC.example/\n")}},

		// JSON, and input that is not an IRI.
		{name: "json", args: []string{"to-uri", "--format", "json", "http://bü.example/", "a b"}, want: want{code: 1, records: []map[string]any{
			{"input": "http://bü.example/", "uri": "http://xn--b-eha.example/", "error": nil},
			{"input": "a b", "uri": nil, "error": map[string]any{"offset": 1.0, "rule": "path", "message": "invalid character ' ' in path"}},
		}}},
		{name: "not an IRI keeps its line", stdin: "http://x/ü ü\nhttp://x/ü\n", args: []string{"to-uri"}, want: want{code: 1, out: exact("\nhttp://x/%C3%BC\n"),
			err: exact("1:11: invalid character ' ' in path [path]\n    http://x/ü ü\n              ^\n")}},

		{name: "bad host-encoding", args: []string{"to-uri", "--host-encoding", "nope", "x"}, want: want{code: 2, out: exact(""),
			errHas: []string{`invalid value "nope" (want idna or percent)`, "Run 'uritool to-uri --help' for usage."}}},
	})
}
