package render_test

import (
	"strings"
	"testing"

	"github.com/uritool/uritool/internal/password"
	"github.com/uritool/uritool/internal/render"
)

// passwords is what cmd gives every palette.
var passwords = render.Passwords{Find: password.Find, Mask: password.Mask}

func TestCaretView(t *testing.T) {
	for _, c := range []struct {
		in     string
		offset int
		line   string
		col    int
	}{
		{"http://a b/", 8, "http://a b/", 8},
		{"a\x00b", 1, `a\x00b`, 1},
		{"a\xffb", 2, `a\xffb`, 5},
		{"é x", 3, "é x", 2},
		{"http://u:pw@h/ x", 15, "http://u:****@h/ x", 17},
		{"abc", 3, "abc", 3},
		{"http://[::1]@host/", 12, "http://[::1]@host/", 12},
		// A wide character takes two columns and a combining mark none,
		// so the caret is under the space on the terminal.
		{"https://x/日本 x", 16, "https://x/日本 x", 14},
		{"e\u0301 x", 3, "e\u0301 x", 1},
		{"http://u:pw@h/日 x", 17, "http://u:****@h/日 x", 18},
	} {
		line, col := render.CaretView(c.in, c.offset, passwords, false)
		if line != c.line || col != c.col {
			t.Errorf("CaretView(%q, %d) = %q, %d; want %q, %d", c.in, c.offset, line, col, c.line, c.col)
		}
	}
	long := strings.Repeat("a", 10000) + " " + strings.Repeat("b", 10000)
	line, col := render.CaretView(long, 10000, passwords, false)
	shown := []rune(line)
	if len(shown) > 300 || !strings.HasPrefix(line, "…") || !strings.HasSuffix(line, "…") || col >= len(shown) || shown[col] != ' ' {
		t.Errorf("long line not cut to a window with the caret on the space: %d runes, col %d", len(shown), col)
	}
}

// TestCaretViewMasksCutPassword: a window that starts inside a long
// password still masks what it shows of it.
func TestCaretViewMasksCutPassword(t *testing.T) {
	pw := strings.Repeat("p", 300)
	in := "http://u:" + pw + "@h/ x"
	line, col := render.CaretView(in, strings.IndexByte(in, ' '), passwords, false)
	if strings.Contains(line, "pp") || !strings.Contains(line, password.Mask) || []rune(line)[col] != ' ' {
		t.Errorf("CaretView = %q, %d", line, col)
	}
}

// TestPaletteColorsDistinct: each component keeps a color of its own.
func TestPaletteColorsDistinct(t *testing.T) {
	p := render.NewPalette(true, passwords)
	seen := map[string]string{}
	for name, c := range map[string]interface{ Sprint(...any) string }{
		"scheme": p.Scheme, "authority": p.Authority, "userinfo": p.Userinfo, "host": p.Host,
		"port": p.Port, "path": p.Path, "query": p.Query, "fragment": p.Fragment,
	} {
		code := c.Sprint("x")
		if other, dup := seen[code]; dup {
			t.Errorf("%s and %s share the color %q", name, other, code)
		}
		seen[code] = name
	}
}

// TestPasswordsGiven: render masks what the Passwords it is given find,
// with their mask, and nothing it finds itself.
func TestPasswordsGiven(t *testing.T) {
	pw := render.Passwords{Mask: "#", Find: func(s string) (int, int) {
		i := strings.Index(s, "pw")
		if i < 0 {
			return 0, 0
		}
		return i, i + len("pw")
	}}
	for _, c := range []struct {
		in, masked, shown string
	}{
		{"a pw b", "a # b", "a # b"},
		{"http://u:x@h/\tpw", "http://u:x@h/\t#", `http://u:x@h/\x09#`},
		{"none", "none", "none"},
	} {
		if got := pw.Masked(c.in); got != c.masked {
			t.Errorf("Masked(%q) = %q, want %q", c.in, got, c.masked)
		}
		if got := render.Shown(c.in, pw, false); got != c.shown {
			t.Errorf("Shown(%q) = %q, want %q", c.in, got, c.shown)
		}
		if got, _ := render.CaretView(c.in, 0, pw, false); got != c.shown {
			t.Errorf("CaretView(%q) = %q, want %q", c.in, got, c.shown)
		}
		if got := render.Shown(c.in, pw, true); strings.Contains(got, "#") {
			t.Errorf("Shown(%q) with the password shown = %q", c.in, got)
		}
	}
}
