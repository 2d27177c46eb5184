package readings_test

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/uritool/uritool/internal/interop"
	"github.com/uritool/uritool/internal/password"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/render/readings"
	"github.com/uritool/uritool/internal/sink"
)

// passwords is what cmd gives every palette.
var passwords = render.Passwords{Find: password.Find, Mask: password.Mask}

func renderInterop(t *testing.T, format string, r readings.Result) string {
	t.Helper()
	var out, errOut bytes.Buffer
	s := sink.NewSink()
	readings.NewRenderer(readings.Options{Format: format, Out: render.NewPalette(false, passwords)}).Render(s, &r)
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
	got := renderInterop(t, render.FormatText, readings.Result{
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

// TestInteropColumns: a reading that gives the cells of the one before
// it shares them, also where that one differs from the first, and a cell
// of a URI's characters is shown as it is, but for a password.
func TestInteropColumns(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{`http://example.com/a\b`, `http://example.com/a\b
            rfc3986  whatwg       net/url
≠ accepted  no       yes          yes
  scheme             http         http
  userinfo           -            -
  host               example.com  example.com
  port               -            -
≠ path               /a/b         /a%5Cb
  query              -            -
  fragment           -            -
  rfc3986 rejects it: invalid character '\' in path at offset 20
  the parsers disagree on accepted, path

`},
		{"http://example.com/a%zz", `http://example.com/a%zz
            rfc3986  whatwg       net/url
≠ accepted  no       yes          no
  scheme             http
  userinfo           -
  host               example.com
  port               -
  path               /a%zz
  query              -
  fragment           -
  rfc3986 rejects it: '%' not followed by two hex digits at offset 21
  net/url rejects it: invalid URL escape "%zz"
  the parsers disagree on accepted

`},
		{"http://u:pw@0x7f.1:80/p?q#f", `http://u:****@0x7f.1:80/p?q#f
            rfc3986  whatwg     net/url
  accepted  yes      yes        yes
  scheme    http     http       http
  userinfo  u:****   u:****     u:****
≠ host      0x7f.1   127.0.0.1  0x7f.1
  port      80       -          80
  path      /p       /p         /p
  query     q        q          q
  fragment  f        f          f
  the parsers disagree on host

`},
	} {
		r := readings.Result{Input: tt.in}
		interop.Read(tt.in, &r.Readings)
		r.Disagree = interop.Compare(&r.Readings, interop.Components)
		if got := renderInterop(t, render.FormatText, r); got != tt.want {
			t.Errorf("%q:\ngot:\n%s\nwant:\n%s", tt.in, got, tt.want)
		}
	}
}

// TestInteropEscapesAndMasks: the interop table shows the input and what
// each parser read as the other text outputs show input: control bytes,
// bidi overrides and tabs escaped, and the password masked (interop has no
// --show-password). JSON keeps both, escaped as JSON requires.
func TestInteropEscapesAndMasks(t *testing.T) {
	in := "http://alice:s3cr3t@h/\x1b[31m\u202e\tx"
	r := readings.Result{
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

// TestJSONFieldsDocumented: interop's JSON writer is written by hand, for
// speed; the fields its --help lists must be exactly the keys it writes.
func TestJSONFieldsDocumented(t *testing.T) {
	in := readings.Result{Line: 1, Input: "a", Base: "http://b/"}
	interop.ParseBase("http://b/").Read("a", &in.Readings)
	var m map[string]any
	if err := json.Unmarshal([]byte(renderInterop(t, render.FormatJSON, in)), &m); err != nil {
		t.Fatal(err)
	}
	got := slices.Sorted(maps.Keys(m))
	want := slices.Sorted(slices.Values(readings.Fields.Names()))
	if !slices.Equal(got, want) {
		t.Errorf("interop writes %v, its help lists %v", got, want)
	}
}
