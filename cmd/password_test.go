package cmd_test

import (
	"strings"
	"testing"
)

// TestNoOutputShowsAPassword runs every command that can show its input
// to people on an input that holds a password, and none may show it: not
// in a diagnostic, a breakdown, a table, an explanation or a report (RFC
// 3986 section 7.5). render finds no password itself but is given the
// way to (render.Passwords), so this fails for a renderer built without
// it. Left out are the records that echo their input by design: the JSON
// of the transforms, and validate's reports (report.Options.MaskInput),
// which pipelines join back to their lines; and outputs that are the
// input transformed, such as encode's.
func TestNoOutputShowsAPassword(t *testing.T) {
	const (
		invalid = "http://user:secret@exa mple.com/"
		valid   = "http://user:secret@example.com/a/../b"
	)
	cases := []struct {
		stdin string
		args  []string
		// masked says the input is shown, with "****" for its password;
		// github's and SARIF's annotations do not show it at all.
		masked bool
	}{
		{invalid, []string{"parse"}, true},
		{invalid, []string{"parse", "--iri"}, true},
		{invalid, []string{"parse", "--get", "host"}, true},
		{valid, []string{"parse"}, true},
		{valid, []string{"--color", "always", "parse"}, true},
		{invalid, []string{"validate"}, true},
		{invalid, []string{"validate", "--lint"}, true},
		{invalid, []string{"validate", "--format", "github"}, false},
		{invalid, []string{"validate", "--format", "sarif"}, false},
		{invalid, []string{"lint", "-"}, true},
		{invalid, []string{"lint", "--format", "json", "-"}, true},
		{invalid, []string{"lint", "--format", "github", "-"}, false},
		{invalid, []string{"lint", "--format", "sarif", "-"}, false},
		{invalid, []string{"lint", "--format", "junit", "-"}, true},
		{invalid, []string{"lint", "--format", "markdown", "-"}, true},
		{invalid, []string{"lint", "--format", "codeclimate", "-"}, true},
		{invalid, []string{"lint", "--format", "checkstyle", "-"}, true},
		{invalid, []string{"normalize"}, true},
		{valid, []string{"normalize", "--explain"}, true},
		{invalid, []string{"resolve", "http://a/"}, true},
		{valid, []string{"resolve", "--explain", "http://a/"}, true},
		{"x", []string{"resolve", invalid}, true}, // a bad base, as an argument
		{invalid, []string{"relativize", "http://a/b"}, true},
		{invalid, []string{"equal", "http://a/", "-"}, true},
		{invalid, []string{"edit", "--set", "fragment=x"}, true},
		{invalid, []string{"interop"}, true},
		{valid, []string{"interop"}, true},
		{invalid, []string{"to-iri"}, true},
		{invalid, []string{"to-uri"}, true},
		{invalid, []string{"shape"}, true},
		{invalid, []string{"shape", "--sample", "1"}, true},
		{invalid, []string{"match", "http://{h}/"}, true},
		{invalid + "%zz", []string{"decode"}, true},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			res, ok := safeRun(t, c.stdin+"\n", nil, c.args...)
			if !ok {
				return
			}
			all := res.stdout + res.stderr
			if strings.Contains(all, "secret") {
				t.Errorf("the password is shown:\n%s", all)
			}
			if c.masked && !strings.Contains(all, "user:****@") {
				t.Errorf("the input is not shown with its password masked:\n%s", all)
			}
		})
	}
	// With --show-password it is shown: the checks above can fail.
	for _, args := range [][]string{
		{"parse", "--show-password"},
		{"validate", "--show-password"},
		{"lint", "--show-password", "--format", "junit", "-"},
		{"normalize", "--show-password"},
		{"resolve", "--show-password", "http://a/"},
	} {
		if res := run(t, invalid+"\n", nil, args...); !strings.Contains(res.stdout+res.stderr, "user:secret@") {
			t.Errorf("uritool %s: the password is not shown:\n%s%s", strings.Join(args, " "), res.stdout, res.stderr)
		}
	}
}
