package glob

import (
	"path"
	"strings"
	"testing"
)

func TestName(t *testing.T) {
	for _, c := range []struct {
		pattern string
		match   []string
		miss    []string
	}{
		{"utm_*", []string{"utm_", "utm_source"}, []string{"utm", "xutm_a", "utm_a/b", "UTM_a"}},
		{"*.example.com", []string{".example.com", "a.b.example.com"}, []string{"example.com", "a.example.com.x"}},
		{"a*b*c", []string{"abc", "aXbYc", "abbc", "acbc"}, []string{"ab", "ac", "acb", "a/b/c"}},
		{"a*a", []string{"aa", "aba"}, []string{"a"}},
		{"*", []string{"", "x"}, []string{"a/b"}},
		{"**", []string{"", "xy"}, []string{"/"}},
		{"a/*", []string{"a/b", "a/"}, []string{"a/b/c", "ab"}},
		{"*/b", []string{"a/b", "/b"}, []string{"a/c/b", "ab"}},
		{"exact", []string{"exact"}, []string{"exac", "exactly"}},
		{"", []string{""}, []string{"a"}},
		{"k?y", []string{"key"}, []string{"ky", "k/y"}},
		{"[ab]*", []string{"a", "bcd"}, []string{"c"}},
		{`\*x`, []string{"*x"}, []string{"ax"}},
	} {
		n, err := ParseName(c.pattern)
		if err != nil {
			t.Fatalf("%q: %v", c.pattern, err)
		}
		for _, s := range c.match {
			if !n.Match(s) {
				t.Errorf("%q does not match %q", c.pattern, s)
			}
		}
		for _, s := range c.miss {
			if n.Match(s) {
				t.Errorf("%q matches %q", c.pattern, s)
			}
		}
	}
	for _, p := range []string{"[a", `a\`} {
		if _, err := ParseName(p); err == nil {
			t.Errorf("ParseName(%q) accepted", p)
		}
	}
}

// FuzzName holds Match to path.Match, whose language it is.
func FuzzName(f *testing.F) {
	for _, s := range [][2]string{{"utm_*", "utm_x"}, {"a*b*c", "abcbc"}, {"*/b", "a/b"}, {"a*", "a/b"}, {"[a-c]*", "b"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, pattern, s string) {
		n, err := ParseName(pattern)
		if err != nil {
			return
		}
		want, werr := path.Match(pattern, s)
		if werr != nil {
			t.Fatalf("path.Match(%q, %q): %v after ParseName accepted it", pattern, s, werr)
		}
		if got := n.Match(s); got != want {
			t.Errorf("Match(%q, %q) = %v, path.Match says %v", pattern, s, got, want)
		}
		if want && !strings.Contains(s, n.Needs()) {
			t.Errorf("%q matches %q, which lacks the piece %q it needs", pattern, s, n.Needs())
		}
	})
}

// TestNameAgreesWithPathMatch: the pieces of a "*"-only pattern match
// what path.Match matches on the edges: stars at the ends and side by
// side, pieces that overlap, and a "/" that no "*" matches.
func TestNameAgreesWithPathMatch(t *testing.T) {
	patterns := []string{"*", "**", "*.com", "www.*", "a*b*c", "*a*", "ab*ba", "aba", "*.example.*", "a**b", "*aa", "aa*aa", "", "a*/*b", "*/"}
	names := []string{"", "a", "aa", "aaa", "aba", "abba", "ababa", "abc", "axbxc", "acb", "x.com", ".com", "com", "www.", "www.x",
		"x.example.org", "example.org", "aab", "ba", "aaaa", "a/b", "ax/yb", "a/b/b", "x/", "/"}
	for _, p := range patterns {
		n := MustParseName(p)
		for _, s := range names {
			want, _ := path.Match(p, s)
			if got := n.Match(s); got != want {
				t.Errorf("%q on %q: %v, path.Match %v", p, s, got, want)
			}
			if want && !strings.Contains(s, n.Needs()) {
				t.Errorf("%q matches %q, which lacks the piece %q it needs", p, s, n.Needs())
			}
		}
	}
}

func TestNeeds(t *testing.T) {
	for pattern, want := range map[string]string{
		"utm_*": "utm_", "*.example.com": ".example.com", "a*bcd*e": "bcd", "exact": "exact",
		"*": "", "**": "", "": "", "a?c": "", "[ab]*": "", `a\*`: "",
	} {
		n := MustParseName(pattern)
		if got := n.Needs(); got != want {
			t.Errorf("Needs of %q = %q, want %q", pattern, got, want)
		}
	}
}
