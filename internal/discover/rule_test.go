package discover

import (
	"strings"
	"testing"
)

func TestRule(t *testing.T) {
	for _, tc := range []struct {
		pattern string
		base    string
		path    string
		dir     bool
		want    bool
	}{
		{"*.md", "", "a.md", false, true},
		{"*.md", "", "x/y/a.md", false, true},
		{"*.md", "", "a.md/b", false, false}, // a name pattern looks at the last name only
		{"build/", "", "build", true, true},
		{"build/", "", "build", false, false},
		{"build/", "", "x/build", true, true},
		{"/build", "", "x/build", true, false},
		{"docs/page.html", "", "docs/page.html", false, true},
		{"docs/page.html", "", "x/docs/page.html", false, false},
		{"docs/*", "", "docs/a/b", false, false}, // "*" does not cross "/"
		{"a/**", "", "a", true, false},
		{"a/**", "", "a/b/c", false, true},
		{"**/c", "", "c", false, true},
		{"a/**/b", "", "a/b", false, true},
		{"a/**/b", "", "a/x/y/b", false, true},
		{"only.md", "sub", "sub/x/only.md", false, true},
		{"only.md", "sub", "only.md", false, false},
		{"/only.md", "sub", "sub/only.md", false, true},
		{"/only.md", "sub", "sub/x/only.md", false, false},
		{`\!bang`, "", "!bang", false, true},
		{`\#hash`, "", "#hash", false, true},
		{`sp\ `, "", "sp ", false, true},
		{"trail  ", "", "trail", false, true},
	} {
		var base []string
		if tc.base != "" {
			base = strings.Split(tc.base, "/")
		}
		r, err := parseRule(tc.pattern, base)
		if err != nil {
			t.Errorf("parseRule(%q): %v", tc.pattern, err)
			continue
		}
		if got := r.match(strings.Split(tc.path, "/"), tc.dir); got != tc.want {
			t.Errorf("%q (in %q) matches %q (dir %v) = %v", tc.pattern, tc.base, tc.path, tc.dir, got)
		}
	}
	for _, bad := range []string{"", " ", "!", "/", "[", "a/[b/c"} {
		if _, err := parseRule(bad, nil); err == nil {
			t.Errorf("parseRule(%q) takes it", bad)
		}
	}
}

func TestRulesUnder(t *testing.T) {
	var rs rules
	for _, p := range []string{"gen/", "!gen/keep.md", "*.log", "!important.log"} {
		r, err := parseRule(p, nil)
		if err != nil {
			t.Fatal(err)
		}
		rs = append(rs, r)
	}
	for path, want := range map[string]bool{
		"gen/keep.md":        true, // its directory is excluded
		"x/gen/a/b.md":       true,
		"a.log":              true,
		"important.log":      false,
		"logs/important.log": false,
		"src/a.md":           false,
	} {
		if got := rs.under(strings.Split(path, "/"), false); got != want {
			t.Errorf("under(%q) = %v", path, got)
		}
	}
}
