package cmd_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/uritool/uritool/internal/schema"
)

// component returns the value printed for name in the component list of
// a parse breakdown (the part after the first blank line), and whether
// the row is there.
func component(out, name string) (string, bool) {
	_, list, ok := strings.Cut(out, "\n\n")
	if !ok {
		return "", false
	}
	for _, line := range strings.Split(list, "\n") {
		rest, ok := strings.CutPrefix(strings.TrimLeft(line, " "), name+" ")
		if ok {
			return strings.TrimSpace(rest), true
		}
	}
	return "", false
}

func TestCLIParseBreakdown(t *testing.T) {
	t.Parallel()
	const noRow = "\x00no row"
	cases := []struct {
		input string
		comps map[string]string
	}{
		{"https://alice@example.com:8443/a/b?x=1#frag", map[string]string{
			"kind": "URI (has a scheme)", "scheme": "https", "authority": "alice@example.com:8443",
			"userinfo": "alice", "host": "example.com (reg-name)", "port": "8443", "path": "/a/b",
			"segments": `"a", "b"`, "query": "x=1", "fragment": "frag",
		}},
		{"http://h", map[string]string{
			"userinfo": "(absent)", "port": "(absent)", "path": `"" (empty)`, "query": "(absent)", "fragment": "(absent)",
		}},
		{"http://h?", map[string]string{"query": `"" (empty)`, "fragment": "(absent)"}},
		{"http://h#", map[string]string{"query": "(absent)", "fragment": `"" (empty)`}},
		{"http://@h:/", map[string]string{"userinfo": `"" (empty)`, "port": `"" (empty)`, "path": "/"}},
		{"file:///etc/hosts", map[string]string{"authority": `"" (empty)`, "host": `"" (empty) (reg-name)`}},
		{"http://[::1]:80/", map[string]string{"host": "[::1] (IPv6)", "port": "80"}},
		{"http://192.0.2.1/", map[string]string{"host": "192.0.2.1 (IPv4)"}},
		{"a/b?", map[string]string{
			"kind": "relative reference", "scheme": "(absent)", "authority": "(absent)",
			"userinfo": noRow, "host": noRow, "port": noRow, "path": "a/b", "query": `"" (empty)`,
		}},
	}
	for _, c := range cases {
		t.Run(c.input, func(t *testing.T) {
			res := run(t, "", nil, "parse", c.input)
			if res.code != 0 || res.stderr != "" {
				t.Fatalf("exit %d, stderr %q", res.code, res.stderr)
			}
			if first, _, _ := strings.Cut(res.stdout, "\n"); first != "  "+c.input {
				t.Errorf("first line %q, want the input indented", first)
			}
			for name, want := range c.comps {
				got, ok := component(res.stdout, name)
				switch {
				case want == noRow && ok:
					t.Errorf("%s row = %q, want no row", name, got)
				case want != noRow && (!ok || got != want):
					t.Errorf("%s = %q (row %v), want %q\n%s", name, got, ok, want, res.stdout)
				}
			}
		})
	}
}

func TestCLIParse(t *testing.T) {
	t.Parallel()
	const pw = "http://alice:s3cr3t@example.com/p"
	runCases(t, []cliCase{
		{name: "names every component", args: []string{"parse", "s://u@h:1/p?q#f"}, want: want{
			outHas: []string{"scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment", "kind"}}},
		{name: "password masked", args: []string{"parse", pw}, want: want{
			outHas: []string{"alice:****"}, outLacks: []string{"s3cr3t"}, errLacks: []string{"s3cr3t"}}},
		{name: "password masked in a diagnostic", args: []string{"parse", "http://alice:s3cr3t@h/a b"}, want: want{code: 1, out: exact(""),
			errHas: []string{"alice:****", "^"}, errLacks: []string{"s3cr3t"}}},
		{name: "password masked from stdin", stdin: pw + "\n", args: []string{"parse"}, want: want{
			outHas: []string{"alice:****"}, outLacks: []string{"s3cr3t"}}},
		{name: "show-password", args: []string{"parse", "--show-password", pw}, want: want{
			outHas: []string{"alice:s3cr3t"}, outLacks: []string{"****"}}},
		{name: "json keeps the password", args: []string{"parse", "--json", pw}, want: want{
			records: []map[string]any{{"input": pw, "userinfo": "alice:s3cr3t", "authority": "alice:s3cr3t@example.com", "valid": true}}}},
		{name: "get host,port", args: []string{"parse", "--get", "host,port", "http://h/", "http://example.com:8080/x"}, want: want{
			out: exact("h\t\nexample.com\t8080\n")}},
		{name: "get from stdin", stdin: "http://a/\r\nmailto:x@y\n", args: []string{"parse", "--get", "scheme,host,path,kind"}, want: want{
			out: exact("http\ta\t/\turi\nmailto\t\tx@y\turi\n")}},
		{name: "get with an invalid input keeps its line", args: []string{"parse", "--get", "host", "http://a b", "http://c"}, want: want{code: 1,
			out: exact("\nc\n"), errHas: []string{"1:9: invalid character ' ' in host [host]"}}},
		{name: "get unknown field", args: []string{"parse", "--get", "nope", "http://c"}, want: want{code: 2,
			errHas: []string{`--get field "nope"`}}},
		{name: "json and get exclusive", args: []string{"parse", "--json", "--get", "host", "http://c"}, want: want{code: 2,
			errHas: []string{"json", "get"}}},
		{name: "invalid input caret on stderr", args: []string{"parse", "http://a b"}, want: want{code: 1, out: exact(""),
			err: exact("1:9: invalid character ' ' in host [host]\n    http://a b\n            ^\n")}},
		{name: "invalid json record", args: []string{"parse", "--json", "a b"}, want: want{code: 1,
			records: []map[string]any{{"input": "a b", "valid": false, "kind": nil, "path": nil, "segments": nil,
				"error": map[string]any{"offset": 1.0, "rule": "path", "message": "invalid character ' ' in path"}}}}},
		// A valid IRI needs no escape but U+2028 and U+2029, which end a
		// line in JavaScript: the record of an IRI is scanned.
		{name: "json of an IRI escapes U+2028", args: []string{"parse", "--iri", "--json", "http://example.com/a\u2028b"}, want: want{
			outHas: []string{`"path":"/a\u2028b"`, `"segments":["a\u2028b"]`}, outLacks: []string{"\u2028"}}},
		// labels: a reg-name's, as written; none for an IP address or an
		// empty host; null without a host, as host is.
		{name: "json labels", args: []string{"parse", "--json", "http://www.Example.com./a", "http://192.0.2.1/", "http://[::1]/", "file:///x", "mailto:a@b.example", "http://a b/"}, want: want{code: 1,
			records: []map[string]any{
				{"labels": []any{"www", "Example", "com", ""}, "segments": []any{"a"}},
				{"labels": []any{}},
				{"labels": []any{}},
				{"labels": []any{}, "host": ""},
				{"labels": nil, "host": nil},
				{"labels": nil, "valid": false},
			}}},
		{name: "json labels of an IRI are escaped", args: []string{"parse", "--iri", "--json", "http://b\u00fccher.a\u2028b/"}, want: want{
			outHas: []string{`"labels":["bücher","a\u2028b"]`}, outLacks: []string{"\u2028"}}},
		{name: "json empty vs undefined", args: []string{"parse", "--json", "http://h?", "http://h"}, want: want{
			records: []map[string]any{
				{"query": "", "fragment": nil, "port": nil, "path": "", "query_params": []any{}},
				{"query": nil, "fragment": nil, "query_params": nil},
			}}},
	})
}

func TestCLIParseMultipleInputs(t *testing.T) {
	t.Parallel()
	one := run(t, "", nil, "parse", "http://a/x?q")
	two := run(t, "", nil, "parse", "urn:b")
	bad := run(t, "", nil, "parse", "c d")
	both := run(t, "", nil, "parse", "http://a/x?q", "urn:b", "c d")
	if both.code != 1 {
		t.Errorf("exit %d, want 1", both.code)
	}
	// The line number of the diagnostic follows the input's position; the
	// diagnostic goes to stderr, the breakdowns to stdout.
	badAt3 := strings.Replace(bad.stderr, "1:2:", "3:2:", 1)
	if want := one.stdout + "\n" + two.stdout; both.stdout != want {
		t.Errorf("parse A B C:\n%s\nwant the two breakdowns separated by a blank line:\n%s", both.stdout, want)
	}
	if both.stderr != badAt3 || bad.stdout != "" {
		t.Errorf("parse A B C: stderr %q, want %q", both.stderr, badAt3)
	}
	stdin := run(t, "http://a/x?q\nurn:b\n", nil, "parse")
	if want := one.stdout + "\n" + two.stdout; stdin.stdout != want {
		t.Errorf("parse from stdin:\n%s\nwant:\n%s", stdin.stdout, want)
	}
}

type cliParseCase struct {
	Input    string  `json:"input"`
	Valid    bool    `json:"valid"`
	Kind     string  `json:"kind"`
	Scheme   *string `json:"scheme"`
	Userinfo *string `json:"userinfo"`
	Host     *string `json:"host"`
	Port     *string `json:"port"`
	Path     *string `json:"path"`
	Query    *string `json:"query"`
	Fragment *string `json:"fragment"`
	HostType *string `json:"host_type"`
	Source   string  `json:"source"`
}

// parseCorpusInputs returns the parse.json cases that fit on one line.
func parseCorpusInputs(t *testing.T) ([]cliParseCase, int) {
	var cases []cliParseCase
	skipped := 0
	for _, c := range loadCorpus[cliParseCase](t, "parse.json") {
		if strings.ContainsAny(c.Input, "\r\n") {
			skipped++
			continue
		}
		cases = append(cases, c)
	}
	return cases, skipped
}

func TestConformanceCLIParse(t *testing.T) {
	t.Parallel()
	cases, skipped := parseCorpusInputs(t)
	t.Logf("parse.json: %d input(s) skipped for containing CR or LF", skipped)
	var stdin strings.Builder
	for _, c := range cases {
		stdin.WriteString(c.Input + "\n")
	}
	res := run(t, stdin.String(), nil, "parse", "--json")
	wantCode := 0
	for _, c := range cases {
		if !c.Valid {
			wantCode = 1
		}
	}
	if res.code != wantCode || res.stderr != "" {
		t.Errorf("parse --json: exit %d, want %d; stderr %q", res.code, wantCode, head(res.stderr, 500))
	}
	recs := jsonLines(t, res.stdout)
	if len(recs) != len(cases) {
		t.Fatalf("parse --json gave %d records for %d inputs", len(recs), len(cases))
	}
	pass := 0
	for i, c := range cases {
		rec := recs[i]
		failed := false
		fail := func(format string, args ...any) {
			failed = true
			t.Errorf("line %d %q (%s): "+format, append([]any{i + 1, c.Input, c.Source}, args...)...)
		}
		if in, _ := optString(t, rec, "input"); in == nil || *in != c.Input {
			fail("input = %s: records out of order?", showOpt(in))
			continue
		}
		if v, ok := rawBool(rec, "valid"); !ok || v != c.Valid {
			fail("valid = %s, want %v", rec["valid"], c.Valid)
		}
		kind := &c.Kind
		if !c.Valid {
			kind = nil
		}
		for _, f := range []struct {
			key  string
			want *string
		}{
			{"kind", kind},
			{"scheme", c.Scheme},
			{"userinfo", c.Userinfo},
			{"host", c.Host},
			{"host_type", c.HostType},
			{"port", c.Port},
			{"path", c.Path},
			{"query", c.Query},
			{"fragment", c.Fragment},
		} {
			got, present := optString(t, rec, f.key)
			if !present {
				fail("key %q is missing", f.key)
				continue
			}
			if showOpt(got) != showOpt(f.want) {
				fail("%s = %s, want %s", f.key, showOpt(got), showOpt(f.want))
			}
		}
		// authority = [ userinfo "@" ] host [ ":" port ], defined with the host.
		auth, present := optString(t, rec, "authority")
		var wantAuth *string
		if c.Host != nil {
			a := *c.Host
			if c.Userinfo != nil {
				a = *c.Userinfo + "@" + a
			}
			if c.Port != nil {
				a += ":" + *c.Port
			}
			wantAuth = &a
		}
		if !present || showOpt(auth) != showOpt(wantAuth) {
			fail("authority = %s (present %v), want %s from userinfo, host and port", showOpt(auth), present, showOpt(wantAuth))
		}
		if c.Valid && string(rec["error"]) != "null" {
			fail("error = %s, want null", rec["error"])
		}
		if !failed {
			pass++
		}
	}
	t.Logf("parse.json via parse --json: %d/%d passed (%d skipped)", pass, len(cases), skipped)
}

// TestParseRecordIsTheSchema: schema.ParseRecord, through which recompose
// reads parse's records, has a field for every key parse --format json
// writes, and parse writes every key the type names, over inputs that
// give each optional key.
func TestParseRecordIsTheSchema(t *testing.T) {
	t.Parallel()
	inputs := "http://u@a/p?q=1#f\nhttp://a b/\nhttp://xn--zz/\na.example/x\nhttp://\xff/\n"
	r := run(t, inputs, nil, "parse", "--format", "json", "--default-scheme", "https", "-")
	written := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		var rec map[string]json.RawMessage
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		for k := range rec {
			written[k] = true
		}
	}
	named := map[string]bool{}
	typ := reflect.TypeFor[schema.ParseRecord]()
	for i := range typ.NumField() {
		name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
		named[name] = true
	}
	for k := range written {
		if !named[k] {
			t.Errorf("parse writes %q, which schema.ParseRecord has no field for", k)
		}
	}
	for k := range named {
		if !written[k] {
			t.Errorf("schema.ParseRecord names %q, which parse never wrote here", k)
		}
	}
}

func TestCLIParseEach(t *testing.T) {
	t.Parallel()
	runCases(t, []cliCase{
		{name: "each keys, an invalid input in the middle", stdin: "http://a/?x=1&y=2\nhttp://a b/?z\nhttp://c/?w\n", args: []string{"parse", "--each", "keys"}, want: want{code: 1,
			out: exact("x\ny\nw\n"), err: exact("2:9: invalid character ' ' in host [host]\n    http://a b/?z\n            ^\n")}},
		{name: "each with no item prints nothing", args: []string{"parse", "--each", "values", "http://a/", "http://a/?", "/p"}, want: want{
			out: exact("")}},
		{name: "each segments from the default scheme", args: []string{"parse", "--each", "segments", "--default-scheme", "https", "example.com/a/b"}, want: want{
			out: exact("a\nb\n")}},
		{name: "each with a filter", args: []string{"parse", "--each", "labels", "--host", "*.example", "http://a.example/", "http://b.test/"}, want: want{
			out: exact("a\nexample\n")}},
		{name: "each json of a default scheme", args: []string{"parse", "--json", "--each", "labels", "--default-scheme", "https", "a.b"}, want: want{
			records: []map[string]any{
				{"line": 1.0, "input": "https://a.b", "scheme_added": true, "each": "labels", "index": 1.0, "item": "a", "error": nil},
				{"line": 1.0, "index": 2.0, "item": "b"},
			}}},
		{name: "each keeps the password of a json input as parse does", args: []string{"parse", "--json", "--each", "segments", "http://u:pw@h/x"}, want: want{
			records: []map[string]any{{"input": "http://u:pw@h/x", "item": "x"}}}},
		{name: "each and get", args: []string{"parse", "--each", "pairs", "--get", "{host}", "http://h/"}, want: want{code: 2, out: exact(""),
			errHas: []string{"--each pairs prints items, --get fields"}}},
		{name: "each of no kind", args: []string{"parse", "--each", "", "http://h/"}, want: want{code: 2, out: exact(""),
			errHas: []string{`invalid value "" (want keys, values, pairs, segments or labels)`}}},
	})
}

// TestCLIParseEachStreams: over many inputs, spread over blocks and
// workers, --each keeps the input's order, and with --unique each
// distinct item once, at its first occurrence.
func TestCLIParseEachStreams(t *testing.T) {
	t.Parallel()
	var in, all, unique strings.Builder
	seen := map[string]bool{}
	for i := range 60000 {
		keys := []string{fmt.Sprintf("k%d", i%997), fmt.Sprintf("n%d", i), fmt.Sprintf("k%d", i%997)}
		fmt.Fprintf(&in, "https://h%d.example/?%s=1&%s=2&%s\n", i, keys[0], keys[1], keys[2])
		for _, k := range keys {
			all.WriteString(k + "\n")
		}
	}
	r := run(t, in.String(), nil, "parse", "--each", "keys")
	if r.code != 0 || r.stdout != all.String() {
		t.Fatalf("--each keys: exit %d, %d bytes, want %d in input order", r.code, len(r.stdout), all.Len())
	}
	for line := range strings.SplitSeq(strings.TrimSuffix(all.String(), "\n"), "\n") {
		if !seen[line] {
			seen[line] = true
			unique.WriteString(line + "\n")
		}
	}
	r = run(t, in.String(), nil, "parse", "--each", "keys", "--unique")
	if r.code != 0 || r.stdout != unique.String() {
		t.Errorf("--each keys --unique: exit %d, %d bytes, want %d: each key once, first seen first", r.code, len(r.stdout), unique.Len())
	}
}
