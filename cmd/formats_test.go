package cmd_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEveryCommandTakesFormat: --format json and its alias --json give the
// same records for every command (issue 10: validate and lint took only
// --format, the others only --json).
func TestEveryCommandTakesFormat(t *testing.T) {
	for _, args := range [][]string{
		{"parse", "http://a/b"},
		{"validate", "http://a/b"},
		{"lint", "-"},
		{"resolve", "http://a/b", "c"},
		{"normalize", "HTTP://a/b"},
		{"relativize", "http://a/b", "http://a/c"},
		{"equal", "http://a/b", "HTTP://a/b"},
		{"recompose", `{"path":"/x"}`},
		{"expand", "{/x}", `{"x":"y"}`},
		{"match", "{/x}", "/y"},
		{"shape", "http://a/1"},
		{"config", "parse"},
	} {
		t.Run(args[0], func(t *testing.T) {
			withFormat := append([]string{args[0], "--format", "json"}, args[1:]...)
			withAlias := append([]string{args[0], "--json"}, args[1:]...)
			a := run(t, "http://a/b\n", nil, withFormat...)
			b := run(t, "http://a/b\n", nil, withAlias...)
			if a.code != 0 || a.stderr != "" || !strings.HasPrefix(a.stdout, "{") {
				t.Fatalf("%q: exit %d, stdout %q, stderr %q", withFormat, a.code, a.stdout, a.stderr)
			}
			if a != b {
				t.Errorf("--json gave %+v, --format json %+v", b, a)
			}
			bad := run(t, "", nil, append([]string{args[0], "--format", "xml"}, args[1:]...)...)
			if bad.code != 2 || !strings.Contains(bad.stderr, `invalid argument "xml" for "--format" flag`) ||
				!strings.Contains(bad.stderr, "Run 'uritool "+args[0]+" --help' for usage.") {
				t.Errorf("--format xml: exit %d, stderr %q", bad.code, bad.stderr)
			}
		})
	}
}

// TestPortAndSchemeValues: flag values are checked by their type, so a
// bad scheme or port is a usage error wherever it is given.
func TestPortAndSchemeValues(t *testing.T) {
	for _, args := range [][]string{
		{"validate", "--default-port", "x=-1", "http://a/"},
		{"normalize", "--default-port", "gopher=99999", "http://a/"},
		{"equal", "--default-port", "1x=80", "http://a/", "http://a/"},
		{"validate", "--scheme", "https:", "http://a/"},
		{"lint", "--scheme", "http://", "-"},
	} {
		res := run(t, "", nil, args...)
		if res.code != 2 || res.stdout != "" || !strings.Contains(res.stderr, "invalid") {
			t.Errorf("%q: exit %d, stderr %q; want a usage error", args, res.code, res.stderr)
		}
	}
	if res := run(t, "", nil, "normalize", "--default-port", "Gopher=070", "gopher://h:70/"); res.stdout != "gopher://h/\n" {
		t.Errorf("--default-port Gopher=070: %q", res.stdout)
	}
}

// TestColumnsAgreeAcrossFormats: after non-ASCII text every format gives
// the same column, in code points (issue 12: text, json and github counted
// bytes, SARIF code points).
func TestColumnsAgreeAcrossFormats(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "notes.md")
	// "日本語で " is 5 code points and 13 bytes; the error is at "é".
	if err := os.WriteFile(file, []byte("日本語で http://h/é\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const col = 15
	text := run(t, "", nil, "lint", "--extract", file)
	if !strings.Contains(text.stderr, fmt.Sprintf("%s:1:%d: ", file, col)) {
		t.Errorf("text: %q", text.stderr)
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
	file := filepath.Join(t.TempDir(), "urls.txt")
	if err := os.WriteFile(file, []byte("\xef\xbb\xbfhttp://a/\n# a comment\n  # indented\n\nhttp://b c\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res := run(t, "", nil, "lint", file)
	want := file + ":5:9: invalid character ' ' in host [host]\n    http://b c\n            ^\n2 checked, 1 finding(s)\n"
	if res.code != 1 || res.stderr != want {
		t.Errorf("exit %d, stderr %q, want %q", res.code, res.stderr, want)
	}
}
