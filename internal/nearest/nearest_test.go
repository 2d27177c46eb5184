package nearest

import "testing"

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b  string
		limit int
		want  int
		ok    bool
	}{
		{"kitten", "sitting", 3, 3, true},
		{"kitten", "sitting", 2, 0, false},
		{"", "abc", 3, 3, true},
		{"abc", "", 2, 0, false},
		{"flaw", "lawn", 5, 2, true},
		{"same", "same", 0, 0, true},
		{"ab", "ba", 2, 2, true},
	} {
		var rows [2][]int
		got, ok := distance([]rune(c.a), []rune(c.b), c.limit, &rows)
		if got != c.want || ok != c.ok {
			t.Errorf("distance(%q, %q, %d) = %d, %v, want %d, %v", c.a, c.b, c.limit, got, ok, c.want, c.ok)
		}
	}
}

func TestName(t *testing.T) {
	names := []string{"host", "port", "path", "query", "scheme", "fragment"}
	for _, c := range []struct{ name, want string }{
		{"hots", "host"},
		{"prot", "port"},
		{"qeury", "query"},
		{"fragmnet", "fragment"},
		{"host", "host"},
		{"xyz", ""},
		{"pth", "path"},
		{"que", "query"}, // all three letters are there
		{"sceme", "scheme"},
		{"", ""},
	} {
		got, ok := Name(c.name, names)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("Name(%q) = %q, %v, want %q", c.name, got, ok, c.want)
		}
	}
}

// TestNameKeepsHalf: a name two edits away is no hint when it keeps one
// letter of three (lint suggested "src" for every link into "../std/").
func TestNameKeepsHalf(t *testing.T) {
	for _, c := range []struct {
		name  string
		names []string
		want  string
	}{
		{"std", []string{"src"}, ""},
		{"std", []string{"src", "stdx"}, "stdx"},
		{"img", []string{"src", "images"}, ""},
		{"安装", []string{"安装指南"}, "安装指南"},
		{"ab", []string{"ba"}, ""},
	} {
		got, ok := Name(c.name, c.names)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("Name(%q, %q) = %q, %v, want %q", c.name, c.names, got, ok, c.want)
		}
	}
}

func TestCommon(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{{"std", "src", 1}, {"", "abc", 0}, {"abc", "", 0}, {"hots", "host", 3}, {"安装", "安装指南", 2}, {"abcbdab", "bdcaba", 4}} {
		var rows [2][]int
		if got := common([]rune(c.a), []rune(c.b), &rows); got != c.want {
			t.Errorf("common(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

// TestNameExact: a name among names is its own nearest, even where a
// name before it has the same runes (invalid UTF-8 reads as U+FFFD).
func TestNameExact(t *testing.T) {
	if got, ok := Name("\x98", []string{"\x81", "\x98"}); got != "\x98" || !ok {
		t.Errorf("Name(%q) = %q, %v, want itself", "\x98", got, ok)
	}
}

func TestDistanceUnbounded(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{{"", "", 0}, {"format", "fromat", 2}, {"kitten", "sitting", 3}, {"", "abcdef", 6}, {"é", "e", 1}} {
		if got := Distance(c.a, c.b); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
