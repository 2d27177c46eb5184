package cmd_test

import (
	"strings"
	"testing"
)

func TestCLIToIRI(t *testing.T) {
	t.Parallel()
	runCases(t, []cliCase{
		// The examples of uritool to-iri --help.
		{name: "help: URI to IRI", args: []string{"to-iri", "https://xn--bcher-kva.example/stra%C3%9Fe?q=%E6%97%A5%E6%9C%AC"}, want: want{
			out: exact("https://bücher.example/straße?q=日本\n")}},
		{name: "help: stdin", stdin: "http://xn--b-eha.example:8080/\r\nhttp://a/\n", args: []string{"to-iri"}, want: want{
			out: exact("http://bü.example:8080/\nhttp://a/\n")}},

		// A-labels become Unicode only when they map back exactly and the
		// whole name is valid IDNA.
		{name: "punycode host to Unicode", args: []string{"to-iri", "http://xn--fa-hia.de/", "http://u@xn--bcher-kva.example:1/"}, want: want{
			out: exact("http://faß.de/\nhttp://u@bücher.example:1/\n")}},
		{name: "A-labels that stay", args: []string{"to-iri", "http://XN--BCHER-KVA.example/", "http://xn--zz.example/", "http://xn--b-eha.xn--zz/"}, want: want{
			out: exact("http://XN--BCHER-KVA.example/\nhttp://xn--zz.example/\nhttp://xn--b-eha.xn--zz/\n")}},
		{name: "host percent-encoding stays", args: []string{"to-iri", "http://b%C3%BC.example/"}, want: want{out: exact("http://b%C3%BC.example/\n")}},

		// Percent-encodings: only UTF-8 of characters an IRI allows there.
		{name: "UTF-8 decoded everywhere else", args: []string{"to-iri", "http://u%C3%BC@[::1]/%C3%BC?%C3%BC#%c3%bc", "mailto:%F0%9F%98%80@x"}, want: want{
			out: exact("http://uü@[::1]/ü?ü#ü\nmailto:😀@x\n")}},
		{name: "ASCII never decoded", args: []string{"to-iri", "http://a/%41%2F%20%7e%25"}, want: want{out: exact("http://a/%41%2F%20%7e%25\n")}},
		{name: "what would hurt stays encoded", args: []string{"to-iri",
			"http://a/%E2%80%AEtxt",          // bidi override
			"http://a/%E3%80%80",             // ideographic space
			"http://a/%E2%80%8B%EF%BB%BF",    // zero-width space, BOM
			"http://a/%C3%A9%CC%81",          // a combining mark after "é"
			"http://www.example.org/D%FCrst", // Latin-1, not UTF-8
			"http://a/%C3",                   // a truncated sequence
		}, want: want{
			out: exact("http://a/%E2%80%AEtxt\nhttp://a/%E3%80%80\nhttp://a/%E2%80%8B%EF%BB%BF\nhttp://a/é%CC%81\nhttp://www.example.org/D%FCrst\nhttp://a/%C3\n")}},
		{name: "iprivate only in the query", args: []string{"to-iri", "http://a/%EE%80%80?%EE%80%80#%EE%80%80"}, want: want{
			out: exact("http://a/%EE%80%80?\ue000#%EE%80%80\n")}},

		// Input must be a URI reference: an IRI is not one.
		{name: "invalid input keeps its line", args: []string{"to-iri", "a b", "http://bücher.example/", "http://x/"}, want: want{code: 1,
			out: exact("\n\nhttp://x/\n"),
			err: exact("1:2: invalid character ' ' in path [path]\n    a b\n     ^\n" +
				"2:9: invalid character 'ü' (U+00FC) in host [host]\n    http://bücher.example/\n            ^\n")}},
		{name: "json", args: []string{"to-iri", "--json", "http://xn--bcher-kva.example/", "a b"}, want: want{code: 1, records: []map[string]any{
			{"input": "http://xn--bcher-kva.example/", "iri": "http://bücher.example/", "error": nil},
			{"input": "a b", "iri": nil, "error": map[string]any{"offset": 1.0, "rule": "path", "message": "invalid character ' ' in path"}},
		}}},
	})
}

// TestCLIToIRIRoundTrip: to-uri takes back what to-iri shows, when the
// input's percent-encodings are in uppercase hex.
func TestCLIToIRIRoundTrip(t *testing.T) {
	t.Parallel()
	uris := []string{
		"https://xn--bcher-kva.example/stra%C3%9Fe?q=%E6%97%A5%E6%9C%AC",
		"http://a/%E2%80%AE%C3%A9%CC%81?%EE%80%80#%F0%9F%98%80",
		"http://XN--BCHER-KVA.example/%41",
		"mailto:%C3%BC@x",
	}
	iris := run(t, "", nil, append([]string{"to-iri"}, uris...)...)
	back := run(t, iris.stdout, nil, "to-uri")
	if want := strings.Join(uris, "\n") + "\n"; iris.code != 0 || back.code != 0 || back.stdout != want {
		t.Errorf("to-uri after to-iri: exit %d, %d: %q, want %q (stderr %q)", iris.code, back.code, back.stdout, want, back.stderr)
	}
	if iris.stdout == back.stdout {
		t.Errorf("to-iri decoded nothing: %q", iris.stdout)
	}
}
