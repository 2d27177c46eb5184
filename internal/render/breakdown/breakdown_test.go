package breakdown_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/uritool/uritool/internal/password"
	"github.com/uritool/uritool/internal/pct"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/render/breakdown"
	"github.com/uritool/uritool/internal/schema"
	"github.com/uritool/uritool/internal/sink"
	"github.com/uritool/uritool/pkg/uri"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// passwords is what cmd gives every palette.
var passwords = render.Passwords{Find: password.Find, Mask: password.Mask}

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
	p := breakdown.NewRenderer(breakdown.Options{Out: render.NewPalette(color, passwords), Err: render.NewPalette(color, passwords)})
	for i, in := range inputs {
		s := sink.NewSink()
		r := parsed(i+1, in)
		p.Render(s, &r)
		if err := s.WriteTo(&out, &errOut); err != nil {
			t.Fatal(err)
		}
	}
	return out.String() + errOut.String()
}

// parsed is what parse's operation gives the renderer for in.
func parsed(line int, in string) breakdown.Parsed {
	u, err := uri.Parse(in)
	r := breakdown.Parsed{Line: line, Input: in, URI: u}
	if err != nil {
		r.Err = err.(*uri.ParseError)
	}
	r.Forms.Set(&u, err == nil)
	if q, ok := u.Query(); ok && err == nil {
		r.Params = pct.AppendFormPairs(nil, new([]byte), q)
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
		t.Fatalf("%v (run go test ./internal/render/breakdown -update to create it)", err)
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

// TestBreakdownColumns: the brackets are placed by the terminal columns
// of the line, which are its bytes only where it is ASCII: with --iri, or
// with a mask of other characters, two for each wide character and one
// for others.
func TestBreakdownColumns(t *testing.T) {
	for _, tt := range []struct {
		in, mask string
		iri      bool
		want     string
	}{
		{"http://日本.example/パス?q=é", password.Mask, true, `  http://日本.example/パス?q=é
  └┬─┘   └────┬─────┘└─┬─┘ └┬┘
   scheme     host     path query
`},
		{"http://u:pw@h/p", "••••", false, `  http://u:••••@h/p
  └┬─┘   └─┬──┘ ┬┬┘
   scheme  │    │path
           │    host
           userinfo
`},
	} {
		u, err := uri.ParseRule(tt.in, uri.RuleIRIReference)
		if err != nil {
			t.Fatal(err)
		}
		r := breakdown.Parsed{Line: 1, Input: tt.in, URI: u}
		r.Forms.Set(&u, true)
		pal := render.NewPalette(false, render.Passwords{Find: password.Find, Mask: tt.mask})
		s := sink.NewSink()
		breakdown.NewRenderer(breakdown.Options{IRI: tt.iri, Out: pal, Err: pal}).Render(s, &r)
		var out, errOut bytes.Buffer
		if err := s.WriteTo(&out, &errOut); err != nil {
			t.Fatal(err)
		}
		if got := out.String(); !strings.HasPrefix(got, tt.want) {
			t.Errorf("%q:\ngot:\n%s\nwant it to start:\n%s", tt.in, got, tt.want)
		}
	}
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

// FuzzBreakdown: the breakdown of any valid reference renders without
// panicking, in color and without, the same but for the colors, and
// never shows a password.
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
		if plain := renderParse(t, false, []string{in}); plain != stripANSI(out) {
			t.Errorf("%q: without color:\n%s\nin color, its escapes removed:\n%s", in, plain, stripANSI(out))
		}
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
		p := breakdown.NewRenderer(breakdown.Options{Out: render.NewPalette(false, passwords), Err: render.NewPalette(false, passwords), Width: width})
		s := sink.NewSink()
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

// TestJSONFieldsDocumented: parse's JSON writer is written by hand, for
// speed; the fields its --help lists (schema.ParseFields) must be exactly
// the keys it writes.
func TestJSONFieldsDocumented(t *testing.T) {
	s := sink.NewSink()
	r := parsed(1, "http://a/b?c=d")
	breakdown.NewRenderer(breakdown.Options{Format: render.FormatJSON}).Render(s, &r)
	var out bytes.Buffer
	if err := s.WriteTo(&out, &out); err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(out.Bytes(), &m); err != nil {
		t.Fatalf("not JSON: %q", out.String())
	}
	got := slices.Sorted(maps.Keys(m))
	want := slices.Sorted(slices.Values(schema.ParseFields.Names()))
	if !slices.Equal(got, want) {
		t.Errorf("parse writes %v, its help lists %v", got, want)
	}
}
