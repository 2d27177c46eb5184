package render_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/uritool/uritool/internal/interop"
	"github.com/uritool/uritool/internal/password"
	"github.com/uritool/uritool/internal/pct"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/stream"
	"github.com/uritool/uritool/pkg/uri"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// breakdownInputs cover every component, undefined versus empty ones, each
// host type, a password and crowded short components.
var breakdownInputs = []string{
	"https://alice:s3cr3t@example.com:8443/a/b;v=1?x=1&y=two#frag",
	"http://h",
	"http://h?",
	"http://@h:/?#",
	"urn:example:animal:ferret:nose",
	"ldap://[2001:db8::7]/c=GB?objectClass?one",
	"http://[v1.fe80::a+en1]/",
	"telnet://192.0.2.16:80/",
	"a:b",
	"ab:cd/ef?gh#ij",
	"../g;x?y#s",
	"",
	"http://a b/",
}

func renderParse(t *testing.T, color bool, inputs []string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	p := render.NewParser(render.ParseOptions{Out: render.NewPalette(color), Err: render.NewPalette(color)})
	for i, in := range inputs {
		s := stream.NewSink()
		r := parsed(i+1, in)
		p.Render(s, &r)
		if err := s.WriteTo(&out, &errOut); err != nil {
			t.Fatal(err)
		}
	}
	return out.String() + errOut.String()
}

// parsed is what parse's operation gives the renderer for in.
func parsed(line int, in string) render.Parsed {
	u, err := uri.Parse(in)
	r := render.Parsed{Line: line, Input: in, URI: u}
	if err != nil {
		r.Err = err.(*uri.ParseError)
	}
	r.Forms.Set(&u, err == nil)
	if q, ok := u.Query(); ok && err == nil {
		r.Params = pct.AppendFormPairs(nil, q)
	}
	return r
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./internal/render -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file; got:\n%s", name, got)
	}
}

func TestBreakdownGolden(t *testing.T) {
	plain := renderParse(t, false, breakdownInputs)
	golden(t, "breakdown.txt", plain)
	colored := renderParse(t, true, breakdownInputs)
	golden(t, "breakdown-color.txt", colored)
	if strings.Contains(plain, "\x1b[") {
		t.Error("color off wrote escape sequences")
	}
	if !strings.Contains(colored, "\x1b[") {
		t.Error("color on wrote no escape sequences")
	}
	if stripped := stripANSI(colored); stripped != plain {
		t.Errorf("colored output differs from plain once escapes are removed:\n%s", stripped)
	}
}

func stripANSI(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b {
			for i < len(s) && s[i] != 'm' {
				i++
			}
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func TestBreakdownMasksPassword(t *testing.T) {
	for _, in := range []string{
		"https://alice:s3cr3t@example.com/",
		"https://alice:s3cr3t@example.com:99999x/", // invalid: the caret line masks too
		"//alice:s3cr3t@h",
	} {
		for _, color := range []bool{false, true} {
			if out := renderParse(t, color, []string{in}); strings.Contains(out, "s3cr3t") || !strings.Contains(out, "alice:****") {
				t.Errorf("%q: password shown or user lost:\n%s", in, out)
			}
		}
	}
}

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
		line, col := render.CaretView(c.in, c.offset, false)
		if line != c.line || col != c.col {
			t.Errorf("CaretView(%q, %d) = %q, %d; want %q, %d", c.in, c.offset, line, col, c.line, c.col)
		}
	}
	long := strings.Repeat("a", 10000) + " " + strings.Repeat("b", 10000)
	line, col := render.CaretView(long, 10000, false)
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
	line, col := render.CaretView(in, strings.IndexByte(in, ' '), false)
	if strings.Contains(line, "pp") || !strings.Contains(line, password.Mask) || []rune(line)[col] != ' ' {
		t.Errorf("CaretView = %q, %d", line, col)
	}
}

// FuzzBreakdown: the breakdown of any valid reference renders without
// panicking, in color and without, and never shows a password.
func FuzzBreakdown(f *testing.F) {
	for _, in := range breakdownInputs {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		u, err := uri.Parse(in)
		if err != nil {
			return
		}
		out := renderParse(t, true, []string{in})
		if ui, ok := u.Userinfo(); ok {
			// The password may occur elsewhere by chance ("//0000:0000:@"
			// has the user "0000" and the password "0000:"), so look for it
			// only where it would stand: after the user and its colon, and
			// nowhere else unless the input has it elsewhere too.
			start, end, _ := u.Span(uri.ComponentUserinfo)
			if user, pw, has := strings.Cut(ui, ":"); has && len(pw) > 4 && !strings.Contains(in[:start]+in[end:], pw) {
				shown := stripANSI(out)
				if strings.Contains(shown, user+":"+pw) || strings.Contains(strings.ReplaceAll(shown, user+":"+password.Mask, ""), pw) {
					t.Errorf("password %q shown", pw)
				}
			}
		}
	})
}

// TestBreakdownFitsWidth: on a terminal narrower than the picture, the
// brackets and names give way to the list, so no line of the breakdown
// is wider than the terminal except the URI itself (issue 10: a 98-byte
// URL in an 80-column pane scrambled the picture).
func TestBreakdownFitsWidth(t *testing.T) {
	long := "https://alice@example.com:8443/a/very/long/path/that/goes/on/and/on?query=1&more=2&evenmore=3#frag"
	for _, width := range []int{0, 80, 200} {
		p := render.NewParser(render.ParseOptions{Out: render.NewPalette(false), Err: render.NewPalette(false), Width: width})
		s := stream.NewSink()
		r := parsed(1, long)
		p.Render(s, &r)
		var out, errOut bytes.Buffer
		if err := s.WriteTo(&out, &errOut); err != nil {
			t.Fatal(err)
		}
		hasDiagram := strings.Contains(out.String(), "┬")
		if wantDiagram := width == 0 || width == 200; hasDiagram != wantDiagram {
			t.Errorf("width %d: diagram shown %v, want %v:\n%s", width, hasDiagram, wantDiagram, out.String())
		}
		for _, line := range strings.Split(out.String(), "\n") {
			if width > 0 && line != "  "+long && utf8.RuneCountInString(line) > width {
				t.Errorf("width %d: line of %d columns: %q", width, utf8.RuneCountInString(line), line)
			}
		}
	}
}

// TestPaletteColorsDistinct: each component keeps a color of its own.
func TestPaletteColorsDistinct(t *testing.T) {
	p := render.NewPalette(true)
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

func renderInterop(t *testing.T, format string, r render.Interop) string {
	t.Helper()
	var out, errOut bytes.Buffer
	s := stream.NewSink()
	render.NewInteropRenderer(render.InteropOptions{Format: format, Out: render.NewPalette(false)}).Render(s, &r)
	if err := s.WriteTo(&out, &errOut); err != nil {
		t.Fatal(err)
	}
	return out.String() + errOut.String()
}

// TestInteropWideColumns: the table is aligned in terminal columns, so a
// cell with wide characters is padded for the two columns each takes.
func TestInteropWideColumns(t *testing.T) {
	reading := func(parser, host string) interop.Reading {
		return interop.Reading{Parser: parser, OK: true, Scheme: "http", Host: host, HasHost: true, Path: "/"}
	}
	got := renderInterop(t, render.FormatText, render.Interop{
		Input:    "http://日本/",
		Readings: [3]interop.Reading{reading(interop.RFC3986, "日本"), reading(interop.WHATWG, "xn--wgv71a"), reading(interop.NetURL, "日本")},
		Disagree: []string{"host"},
	})
	want := `http://日本/
            rfc3986  whatwg      net/url
  accepted  yes      yes         yes
  scheme    http     http        http
  userinfo  -        -           -
≠ host      日本     xn--wgv71a  日本
  port      -        -           -
  path      /        /           /
  query     -        -           -
  fragment  -        -           -
  the parsers disagree on host

`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// TestInteropEscapesAndMasks: the interop table shows the input and what
// each parser read as the other text outputs show input: control bytes,
// bidi overrides and tabs escaped, and the password masked (interop has no
// --show-password). JSON keeps both, escaped as JSON requires.
func TestInteropEscapesAndMasks(t *testing.T) {
	in := "http://alice:s3cr3t@h/\x1b[31m\u202e\tx"
	r := render.Interop{
		Input: in,
		Readings: [3]interop.Reading{
			{Parser: interop.RFC3986, Err: "bad \x1b[2J"},
			{Parser: interop.WHATWG, OK: true, Scheme: "http", Userinfo: "alice:s3cr3t", HasUserinfo: true,
				Host: "h\x1b]0;t\x07", HasHost: true, Path: "/\u202ex", Query: "a\tb c", HasQuery: true},
			{Parser: interop.NetURL, OK: true, Scheme: "http", Userinfo: "alice:", HasUserinfo: true, Host: "h\u0085", HasHost: true, Path: "/"},
		},
		Disagree: []string{"accepted"},
	}
	got := renderInterop(t, render.FormatText, r)
	for _, r := range got {
		if r < ' ' && r != '\n' || r == 0x7f || r >= 0x80 && r < 0xa0 || unicode.Is(unicode.Bidi_Control, r) {
			t.Errorf("text output holds %U:\n%q", r, got)
		}
	}
	for _, want := range []string{
		`http://alice:****@h/\x1b[31m\xe2\x80\xae\x09x` + "\n",
		`  userinfo           alice:****      alice:` + "\n",
		` h\x1b]0;t\x07 `, ` /\xe2\x80\xaex `, ` "a\x09b c"`, ` h\xc2\x85` + "\n",
		`rfc3986 rejects it: bad \x1b[2J` + "\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("text output lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "s3cr3t") {
		t.Errorf("text output shows the password:\n%s", got)
	}
	js := renderInterop(t, render.FormatJSON, r)
	for _, want := range []string{`"input":"http://alice:s3cr3t@h/\u001b[31m` + "\u202e" + `\tx"`, `"userinfo":"alice:s3cr3t"`} {
		if !strings.Contains(js, want) {
			t.Errorf("JSON lacks %s:\n%s", want, js)
		}
	}
}
