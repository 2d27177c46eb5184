package cmd_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

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
