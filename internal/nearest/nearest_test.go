package nearest

import "testing"

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b    string
		limit   int
		numeric bool
		want    int
		ok      bool
	}{
		{"kitten", "sitting", 3, false, 3, true},
		{"kitten", "sitting", 2, false, 0, false},
		{"", "abc", 3, false, 3, true},
		{"abc", "", 2, false, 0, false},
		{"flaw", "lawn", 5, false, 2, true},
		{"same", "same", 0, false, 0, true},
		{"ab", "ba", 2, false, 2, true},
		// In a number, a digit for a digit counts two.
		{"12", "13", 2, true, 2, true},
		{"12", "13", 2, false, 1, true},
		{"12", "21", 4, true, 2, true}, // one out, one in: the same as a digit for another
		{"a1", "b1", 2, true, 1, true},
		{"300-2022-07-13", "800-2026-03-12", 4, true, 0, false},
	} {
		var rows [2][]int
		got, ok := distance([]rune(c.a), []rune(c.b), c.limit, c.numeric, &rows)
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

// TestNameNumbers: a number that differs in more than a digit is no hint
// (a changelog's "#300-2022-07-13" was told "did you mean
// 800-2026-03-12?"); one digit off still is, and so is a name with a
// number in it (a proposal renumbered, a numbered image).
func TestNameNumbers(t *testing.T) {
	for _, c := range []struct {
		name  string
		names []string
		want  string
	}{
		{"300-2022-07-13", []string{"800-2026-03-12", "604-2024-12-19"}, ""},
		{"500-2024-11-26", []string{"800-2026-03-12", "600-2024-11-26"}, "600-2024-11-26"},
		{"image11.png", []string{"image12.png"}, "image12.png"},
		{"20190603-immutable-fields", []string{"1101-immutable-fields"}, "1101-immutable-fields"},
		{"1.2.0", []string{"3.4.0"}, ""},
		{"1.2.0", []string{"1.3.0"}, "1.3.0"},
	} {
		got, _ := Name(c.name, c.names)
		if got != c.want {
			t.Errorf("Name(%q, %q) = %q, want %q", c.name, c.names, got, c.want)
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
