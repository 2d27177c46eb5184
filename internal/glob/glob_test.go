package glob

import (
	"strings"
	"testing"
)

func TestMatch(t *testing.T) {
	for _, c := range []struct {
		pattern string
		match   []string
		miss    []string
	}{
		{"*.php", []string{"x.php", "a/b/x.php"}, []string{"x.phpx", "x.php/", "a/x.php/b"}},
		{"/static/*", []string{"static/x"}, []string{"a/static/x", "static/x/y", "static"}},
		{"docs/*.md", []string{"docs/a.md"}, []string{"x/docs/a.md"}},
		{"a/**", []string{"a/b", "a/b/c"}, []string{"a"}},
		{"**/b", []string{"b", "a/b", "a/c/b"}, []string{"b/a"}},
		{"a/**/b", []string{"a/b", "a/x/y/b"}, []string{"a/x/c"}},
		{`\*`, []string{"*"}, []string{"a"}},
	} {
		g, err := Parse(c.pattern)
		if err != nil {
			t.Fatalf("%q: %v", c.pattern, err)
		}
		for _, p := range c.match {
			if !g.Match(strings.Split(p, "/")) {
				t.Errorf("%q does not match %q", c.pattern, p)
			}
		}
		for _, p := range c.miss {
			if g.Match(strings.Split(p, "/")) {
				t.Errorf("%q matches %q", c.pattern, p)
			}
		}
	}
	g, _ := Parse("*")
	if g.Match(nil) {
		t.Error("a pattern matches no names")
	}
}

func TestParseErrors(t *testing.T) {
	for _, p := range []string{"", "/", "[a", "a/[b"} {
		if _, err := Parse(p); err == nil {
			t.Errorf("Parse(%q) accepted", p)
		}
	}
}
