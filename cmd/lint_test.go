package cmd_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

var propertyEscape = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")

// brokenMsg is the message of a broken-link finding.
const brokenMsg = "a blank in the link's destination makes it text, not a link (CommonMark 6.3): write it in <...>, or the space as %20"

func TestCLILint(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a := write("a.txt", "http://ok\n\n   \nhttp://a b\nfoo\n")
	b := write("b,c:d%.txt", "http://x/%zz\n")
	ok := write("ok.txt", "http://ok/\n\nmailto:x@y\n")
	missing := filepath.Join(dir, "missing.txt")
	doc := write("doc.md", "# Links\n\nSee [text](http://a b) and <http://x/%zz>.\nnote: this is prose, not a URI.\nAlso [bad](http://h/%zz) here.\n")
	pctMsg := "'%' not followed by two hex digits"

	runCases(t, []cliCase{
		// A linter's findings are its results, on stdout; the summary is a
		// diagnostic (issue 24: "lint links.txt > report.txt" was empty).
		{name: "text", args: []string{"lint", a, b}, want: want{code: 1, err: exact("4 checked, 3 finding(s)\n"),
			out: exact(a + ":4:9: invalid character ' ' in host [host]\n    http://a b\n            ^\n" +
				a + ":5:4: missing scheme: a URI starts with a scheme and ':' [scheme]\n    foo\n       ^\n" +
				b + ":1:11: " + pctMsg + " [pct-encoded]\n    http://x/%zz\n              ^\n")}},
		{name: "clean", args: []string{"lint", ok}, want: want{out: exact(""), err: exact("2 checked, 0 finding(s)\n")}},
		{name: "missing file among others", args: []string{"lint", a, missing, ok}, want: want{code: 3,
			outHas: []string{a + ":4:9:", a + ":5:4:"}, errHas: []string{missing, "5 checked, 2 finding(s)", "1 file(s) could not be read"}}},
		{name: "stdin", stdin: "http://ok\nfoo\n", args: []string{"lint", "-"}, want: want{code: 1,
			outHas: []string{"<stdin>:2:4: "}, errHas: []string{"2 checked, 1 finding(s)"}}},
		{name: "json", args: []string{"lint", "--format", "json", a, b}, want: want{code: 1,
			errLacks: []string{"checked"},
			records: []map[string]any{
				{"file": a, "line": 1, "column": nil, "input": "http://ok", "valid": true, "error": nil},
				{"file": a, "line": 4, "column": 9, "input": "http://a b", "valid": false, "error": nonNull},
				{"file": a, "line": 5, "column": 4, "input": "foo", "valid": false},
				{"file": b, "line": 1, "column": 11, "input": "http://x/%zz", "valid": false},
			}}},
		{name: "github", args: []string{"lint", "--format", "github", a, b}, want: want{code: 1,
			out: exact(
				"::error file=" + propertyEscape.Replace(a) + ",line=4,col=9,title=uritool host::invalid character ' ' in host\n" +
					"::error file=" + propertyEscape.Replace(a) + ",line=5,col=4,title=uritool scheme::missing scheme: a URI starts with a scheme and ':'\n" +
					"::error file=" + propertyEscape.Replace(b) + ",line=1,col=11,title=uritool pct-encoded::'%25' not followed by two hex digits\n")}},
		{name: "github property escaping", args: []string{"lint", "--format", "github", b}, want: want{code: 1,
			outHas: []string{"b%2Cc%3Ad%25.txt,line=1"}, outLacks: []string{"b,c:d%.txt"}}},
		{name: "scheme values are schemes", args: []string{"lint", "--format", "github", "--scheme", "\"x\ny%\"", ok}, want: want{code: 2,
			out: exact(""), errHas: []string{"--scheme", "invalid scheme"}}},
		{name: "extract text", args: []string{"lint", "--extract", doc}, want: want{code: 1, err: exact("3 checked, 3 finding(s)\n"),
			out: exact(doc + ":3:20: " + brokenMsg + " [broken-link]\n    http://a b\n            ^\n" +
				doc + ":3:39: " + pctMsg + " [pct-encoded]\n    http://x/%zz\n              ^\n" +
				doc + ":5:22: " + pctMsg + " [pct-encoded]\n    http://h/%zz\n              ^\n")}},
		// "[text](http://a b)" is no link in CommonMark ("b)" is no
		// title): it is reported whole, at the space (issue 33; it was
		// read as the valid "http://a"); the prose "note: this" is no URI
		// at all.
		{name: "extract json", args: []string{"lint", "--extract", "--format", "json", doc}, want: want{code: 1,
			records: []map[string]any{
				{"file": doc, "line": 3, "column": 20, "input": "http://a b", "valid": false},
				{"file": doc, "line": 3, "column": 39, "input": "http://x/%zz", "valid": false},
				{"file": doc, "line": 5, "column": 22, "input": "http://h/%zz", "valid": false},
			}}},
		{name: "bad format", args: []string{"lint", "--format", "xml", ok}, want: want{code: 2, out: exact(""), errHas: []string{"--format", `"xml"`}}},
	})
}

func TestCLILintSARIF(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a := filepath.Join(dir, "a.txt")
	b := filepath.Join(dir, "b,c:d%.txt")
	for p, content := range map[string]string{a: "http://ok\n\nhttp://a b\nfoo\n", b: "http://x/%zz\n"} {
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res := run(t, "", nil, "lint", "--format", "sarif", a, b)
	if res.code != 1 || res.stderr != "" {
		t.Fatalf("exit %d, want 1; stderr %q", res.code, res.stderr)
	}
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name  string `json:"name"`
					Rules []struct {
						ID               string `json:"id"`
						ShortDescription struct {
							Text string `json:"text"`
						} `json:"shortDescription"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				RuleIndex int    `json:"ruleIndex"`
				Level     string `json:"level"`
				Message   struct {
					Text string `json:"text"`
				} `json:"message"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
						Region struct {
							StartLine   int `json:"startLine"`
							StartColumn int `json:"startColumn"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(res.stdout), &log); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, res.stdout)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("version %q, %d runs; want 2.1.0 and 1 run", log.Version, len(log.Runs))
	}
	r := log.Runs[0]
	if r.Tool.Driver.Name != "uritool" {
		t.Errorf("driver name %q", r.Tool.Driver.Name)
	}
	var ids []string
	for _, rule := range r.Tool.Driver.Rules {
		ids = append(ids, rule.ID)
		if rule.ShortDescription.Text == "" {
			t.Errorf("rule %s has no description", rule.ID)
		}
	}
	if want := []string{"host", "scheme", "pct-encoded"}; !reflect.DeepEqual(ids, want) {
		t.Errorf("rules %v, want %v", ids, want)
	}
	type loc struct {
		rule, uri   string
		line, col   int
		level, text string
	}
	wantLocs := []loc{
		{"host", filepath.ToSlash(a), 3, 9, "error", "invalid character ' ' in host"},
		{"scheme", filepath.ToSlash(a), 4, 4, "error", "missing scheme: a URI starts with a scheme and ':'"},
		{"pct-encoded", filepath.ToSlash(dir) + "/b%2Cc%3Ad%25.txt", 1, 11, "error", "'%' not followed by two hex digits"},
	}
	if len(r.Results) != len(wantLocs) {
		t.Fatalf("%d results, want %d", len(r.Results), len(wantLocs))
	}
	for i, w := range wantLocs {
		g := r.Results[i]
		if len(g.Locations) != 1 {
			t.Errorf("result %d: %d locations", i, len(g.Locations))
			continue
		}
		pl := g.Locations[0].PhysicalLocation
		got := loc{g.RuleID, pl.ArtifactLocation.URI, pl.Region.StartLine, pl.Region.StartColumn, g.Level, g.Message.Text}
		if got != w {
			t.Errorf("result %d = %+v, want %+v", i, got, w)
		}
		if g.RuleIndex < 0 || g.RuleIndex >= len(ids) || ids[g.RuleIndex] != g.RuleID {
			t.Errorf("result %d: ruleIndex %d does not point at %s", i, g.RuleIndex, g.RuleID)
		}
	}

	// A clean run is still one valid log, with empty arrays.
	clean := run(t, "http://ok/\n", nil, "lint", "--format", "sarif", "-")
	var empty map[string]any
	if err := json.Unmarshal([]byte(clean.stdout), &empty); err != nil || clean.code != 0 {
		t.Errorf("clean run: exit %d, %v\n%s", clean.code, err, clean.stdout)
	} else if !strings.Contains(clean.stdout, `"results": []`) || !strings.Contains(clean.stdout, `"rules": []`) {
		t.Errorf("clean run lacks empty results and rules:\n%s", clean.stdout)
	}
}

// SARIF's log declares columnKind "unicodeCodePoints", so a column after
// non-ASCII prose (lint --extract on Markdown) must count code points:
// not bytes, and not UTF-16 code units, the other columnKind of SARIF
// 2.1.0.
func TestCLILintSARIFColumnAfterNonASCII(t *testing.T) {
	t.Parallel()
	doc := filepath.Join(t.TempDir(), "doc.md")
	if err := os.WriteFile(doc, []byte("Voilà: <http://x/%zz>\n\U0001F600 <http://x/%zz>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res := run(t, "", nil, "lint", "--extract", "--format", "sarif", doc)
	var log struct {
		Runs []struct {
			ColumnKind string `json:"columnKind"`
			Results    []struct {
				Locations []struct {
					PhysicalLocation struct {
						Region struct {
							StartLine   int `json:"startLine"`
							StartColumn int `json:"startColumn"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(res.stdout), &log); err != nil || res.code != 1 || len(log.Runs) != 1 || len(log.Runs[0].Results) != 2 {
		t.Fatalf("exit %d, %v\n%s", res.code, err, res.stdout)
	}
	run0 := log.Runs[0]
	if run0.ColumnKind != "unicodeCodePoints" {
		t.Errorf("columnKind %q, want unicodeCodePoints", run0.ColumnKind)
	}
	// The finding is at the first byte after "%" that is not a hex digit
	// (pkg/uri's errPct, as the caret of validate and lint shows it): the
	// first "z", the 11th character of the URI.
	//   - "Voilà: <" is 8 code points, 8 UTF-16 units, 9 bytes: column 19
	//     (20 in bytes).
	//   - "\U0001F600 <" is 3 code points, 4 UTF-16 units (a surrogate
	//     pair), 6 bytes: column 14 (15 in UTF-16 units, 17 in bytes).
	for i, want := range []int{8 + 11, 3 + 11} {
		region := run0.Results[i].Locations[0].PhysicalLocation.Region
		if region.StartLine != i+1 || region.StartColumn != want {
			t.Errorf("result %d at %d:%d, want %d:%d", i, region.StartLine, region.StartColumn, i+1, want)
		}
	}
}

// TestColumnsAgreeAcrossFormats: after non-ASCII text every format gives
// the same column, in code points (issue 12: text, json and github counted
// bytes, SARIF code points).
func TestColumnsAgreeAcrossFormats(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "notes.md")
	// "日本語で " is 5 code points and 13 bytes; the error is at "é".
	if err := os.WriteFile(file, []byte("日本語で http://h/é\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const col = 15
	text := run(t, "", nil, "lint", "--extract", file)
	if !strings.Contains(text.stdout, fmt.Sprintf("%s:1:%d: ", file, col)) {
		t.Errorf("text: %q", text.stdout)
	}
	js := run(t, "", nil, "lint", "--extract", "--format", "json", file)
	if !strings.Contains(js.stdout, fmt.Sprintf(`"column":%d`, col)) {
		t.Errorf("json: %q", js.stdout)
	}
	gh := run(t, "", nil, "lint", "--extract", "--format", "github", file)
	if !strings.Contains(gh.stdout, fmt.Sprintf(",col=%d,", col)) {
		t.Errorf("github: %q", gh.stdout)
	}
	sarif := run(t, "", nil, "lint", "--extract", "--format", "sarif", file)
	if !strings.Contains(sarif.stdout, fmt.Sprintf(`"startColumn": %d`, col)) {
		t.Errorf("sarif: %q", sarif.stdout)
	}
	// A warning carries the file column too, also with --extract: the
	// password of "http://u:pw@h/" starts at byte 9 of the URI.
	if err := os.WriteFile(file, []byte("日本語で http://u:pw@h/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	warn := run(t, "", nil, "lint", "--extract", "--lint", "--format", "json", file)
	if !strings.Contains(warn.stdout, `"offset":9,"rule":"password-in-userinfo"`) || !strings.Contains(warn.stdout, `"column":15}`) {
		t.Errorf("warning column: %q", warn.stdout)
	}
}

// TestLintListSkipsCommentsAndBOM: in a URL list, comment lines and a
// byte order mark are no findings (issue 12).
func TestLintListSkipsCommentsAndBOM(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "urls.txt")
	if err := os.WriteFile(file, []byte("\xef\xbb\xbfhttp://a/\n# a comment\n  # indented\n\nhttp://b c\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res := run(t, "", nil, "lint", file)
	want := file + ":5:9: invalid character ' ' in host [host]\n    http://b c\n            ^\n"
	if res.code != 1 || res.stdout != want || res.stderr != "2 checked, 1 finding(s)\n" {
		t.Errorf("exit %d, stdout %q, want %q; stderr %q", res.code, res.stdout, want, res.stderr)
	}
}

// TestBaselineOverManyBlocks: the baseline keeps each finding's URI as
// its line had it, even after the stream has reused the block the line
// was read into, and a second finding of a URI does not put its own
// strings in the place of the first's (baselines of long lists once held
// other lines' bytes, both written and matched).
func TestBaselineOverManyBlocks(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	list, bl := filepath.Join(dir, "urls.txt"), filepath.Join(dir, "baseline.json")
	var in strings.Builder
	const n = 20000 // many 64 KiB blocks
	for range 2 {
		for i := range n {
			fmt.Fprintf(&in, "http://bad host/%06d\n", i)
		}
	}
	if err := os.WriteFile(list, []byte(in.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if res := run(t, "", nil, "lint", "--write-baseline", bl, list); res.code != 0 {
		t.Fatalf("--write-baseline: exit %d, stderr %q", res.code, res.stderr)
	}
	b, err := os.ReadFile(bl)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Findings []struct {
			URI   string
			Count int
		}
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Findings) != n {
		t.Fatalf("%d findings in the baseline, want %d", len(doc.Findings), n)
	}
	for i, f := range doc.Findings {
		if want := fmt.Sprintf("http://bad host/%06d", i); f.URI != want || f.Count != 2 {
			t.Fatalf("finding %d has URI %q, count %d; want %q, 2", i, f.URI, f.Count, want)
		}
	}
	res := run(t, "", nil, "lint", "--baseline", bl, list)
	if res.code != 0 || res.stdout != "" || strings.Contains(res.stderr, "fixed") {
		t.Errorf("--baseline of the same list: exit %d, stdout %.200q, stderr %q", res.code, res.stdout, res.stderr)
	}
}

// TestLintNoFile: with no FILE, lint checks the current directory, as
// "lint ." does, the help says so (issue 37: "requires at least 1 arg(s)").
func TestLintNoFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "README.md"), []byte("See [the guide](guide.md).\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, dot := runIn(t, dir, "", nil, "lint"), runIn(t, dir, "", nil, "lint", ".")
	if got.code != 1 || !strings.Contains(got.stdout, "README.md:1:17: nothing at guide.md [missing-target]") {
		t.Errorf("lint with no FILE: exit %d, stdout %q", got.code, got.stdout)
	}
	if got != dot {
		t.Errorf("lint gave %+v, lint . %+v", got, dot)
	}
}

// TestBaselineUsedUpInInputOrder: a baseline's count of a finding covers
// its first occurrences in input order and the later ones are new, on any
// number of workers: within a list spread over many blocks, and across a
// file named twice.
func TestBaselineUsedUpInInputOrder(t *testing.T) {
	dir := t.TempDir()
	list, bl := filepath.Join(dir, "urls.txt"), filepath.Join(dir, "baseline.json")
	write := func(copies int) {
		var in strings.Builder
		for c := range copies {
			for i := range 1500 { // a block or so between copies, so that workers race
				fmt.Fprintf(&in, "http://example.com/%d/%06d\n", c, i)
			}
			in.WriteString("http://bad host/\n")
		}
		if err := os.WriteFile(list, []byte(in.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(50)
	if res := run(t, "", nil, "lint", "--write-baseline", bl, list); res.code != 0 {
		t.Fatalf("--write-baseline: exit %d, stderr %q", res.code, res.stderr)
	}
	// marks are the baseline states of the findings, in output order.
	marks := func(stdout string) (m []string) {
		for _, line := range strings.Split(stdout, "\n") {
			if i := strings.Index(line, `"baseline":"`); i >= 0 {
				m = append(m, strings.SplitN(line[i+len(`"baseline":"`):], `"`, 2)[0])
			}
		}
		return m
	}
	want := strings.TrimSpace(strings.Repeat("unchanged ", 50) + strings.Repeat("new ", 50))
	write(100)
	res := run(t, "", nil, "lint", "--format", "json", "--baseline", bl, list)
	if got := strings.Join(marks(res.stdout), " "); res.code != 1 || got != want {
		t.Errorf("100 findings, 50 in the baseline: exit %d, marks %q", res.code, got)
	}
	write(50)
	res = run(t, "", nil, "lint", "--format", "json", "--baseline", bl, list, list)
	if got := strings.Join(marks(res.stdout), " "); res.code != 1 || got != want {
		t.Errorf("a file named twice: exit %d, marks %q", res.code, got)
	}
}
