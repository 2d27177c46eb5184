package cmd_test

import (
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
