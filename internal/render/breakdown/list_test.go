package breakdown

import (
	"strconv"
	"strings"
	"testing"

	"github.com/uritool/uritool/internal/ascii"
	"github.com/uritool/uritool/internal/pct"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/pkg/uri"
)

// FuzzList: the list written from stop to stop, its constants joined in
// bridges, is the list as its rows read, one after another: each
// component's head, then its value in its color, "(absent)" or `""
// (empty)`; the host's other form or IDNA's refusal and its type; the
// segments and the form pairs quoted. In color and without, for URIs and
// IRIs.
func FuzzList(f *testing.F) {
	for _, in := range []string{
		"https://alice:pw@example.com:8443/a/b;v=1?x=1&y=two#frag",
		"http://@h:/?#", "http://h", "http://h?", "//h", "///", "urn:a:b", "a:", "?q", "#f", "", "../g;x?y#s",
		"http://[::1]:80", "file:///etc/hosts", "http://u@[v1.x]:/p?#", "http://192.0.2.1/",
		"https://bücher.example:1/straße?q=日本#フラグ", "//ü:ß@例え/", "http://xn--bcher-kva.example/",
		"http://xn--a.example/", "http://h/a%20b/?k+1=v%41&x", "//h/\u00e9\"/", "http://h:8080", "http://h#",
	} {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		u, err := uri.ParseRule(in, uri.RuleIRIReference) // every URI is an IRI
		if err != nil {
			return
		}
		r := Parsed{Input: in, URI: u}
		r.Forms.Set(&u, true)
		if q, ok := u.Query(); ok {
			r.Params = pct.AppendFormPairs(nil, new([]byte), q)
		}
		shown := u.String()
		parts := partsOf(&u)
		for _, color := range []bool{false, true} {
			st := newBreakdownStyle(render.NewPalette(color, render.Passwords{}))
			got := string(st.appendList(nil, &r, shown, ascii.IsASCII(shown), &parts))
			if want := rowByRow(st, &r, shown, &parts); got != want {
				t.Errorf("%q, color %v:\ngot:\n%s\nwant:\n%s", in, color, got, want)
			}
		}
	})
}

// rowByRow writes the list the slow way, row by row, for FuzzList.
func rowByRow(st *breakdownStyle, r *Parsed, shown string, parts *[uri.ComponentFragment + 1]part) string {
	var b strings.Builder
	u := &r.URI
	value := func(c uri.Component) {
		switch pt := parts[c]; {
		case !pt.ok:
			b.WriteString(st.absent)
		case pt.start == pt.end:
			b.WriteString(st.empty)
		default:
			b.WriteString(st.component[c].Paint(shown[pt.start:pt.end]))
		}
	}
	row := func(c uri.Component) {
		b.WriteString(st.head[c])
		value(c)
		b.WriteString("\n")
	}
	kind := 0
	if u.IsAbsolute() {
		kind = 1
	}
	b.WriteString(st.kindRow[kind])
	row(uri.ComponentScheme)
	row(uri.ComponentAuthority)
	if parts[uri.ComponentAuthority].ok {
		row(uri.ComponentUserinfo)
		b.WriteString(st.head[uri.ComponentHost])
		value(uri.ComponentHost)
		host, _ := u.Host()
		switch forms := &r.Forms; {
		case forms.Err != nil:
			b.WriteString(" " + st.warning.Paint("(not a valid IDNA name: "+forms.Err.Error()+" ["+forms.Err.Rule+"])"))
		case forms.ASCII != forms.Unicode && strings.EqualFold(host, forms.ASCII):
			b.WriteString(" (" + st.component[uri.ComponentHost].Paint(forms.Unicode) + ")")
		case forms.ASCII != forms.Unicode:
			b.WriteString(" (" + st.component[uri.ComponentHost].Paint(forms.ASCII) + ")")
		}
		b.WriteString(st.hostType[min(u.HostType(), uri.HostRegName)])
		row(uri.ComponentPort)
	}
	row(uri.ComponentPath)
	if u.Path() != "" {
		b.WriteString(st.segmentsHead)
		first := true
		for seg := range u.Segments() {
			if !first {
				b.WriteString(st.separator)
			}
			first = false
			b.WriteString(st.component[uri.ComponentPath].Paint(strconv.Quote(seg)))
		}
		b.WriteString("\n")
	}
	row(uri.ComponentQuery)
	if q, _ := u.Query(); q != "" && len(r.Params) > 0 {
		b.WriteString(st.formData)
		k := st.component[uri.ComponentQuery]
		for _, pair := range r.Params {
			b.WriteString("      " + k.Paint(strconv.Quote(pair.Key)) + " = " + k.Paint(strconv.Quote(pair.Value)) + "\n")
		}
	}
	row(uri.ComponentFragment)
	return b.String()
}

// TestBracketsKept: a bracket kept once drawn is copied as it was drawn,
// for every component and width, in color and without.
func TestBracketsKept(t *testing.T) {
	for _, color := range []bool{false, true} {
		st := newBreakdownStyle(render.NewPalette(color, render.Passwords{}))
		for c := range uri.ComponentFragment + 1 {
			for w := 1; w <= maxBracket+1; w++ {
				want := string(st.drawBracket([]byte("x"), c, w))
				for range 2 {
					if got := string(st.appendBracket([]byte("x"), c, w)); got != want {
						t.Fatalf("%v of width %d, color %v: %q, want %q", c, w, color, got, want)
					}
				}
			}
		}
	}
}

// TestPaddedKept: a name or pole kept once padded is copied as it was
// padded, for every pad.
func TestPaddedKept(t *testing.T) {
	var kept [maxPad]string
	for pad := 0; pad <= maxPad+1; pad++ {
		want := "x" + strings.Repeat(" ", pad) + "\x1b[1mhost\x1b[0m"
		for range 2 {
			if got := string(appendPadded([]byte("x"), &kept, pad, "\x1b[1mhost\x1b[0m")); got != want {
				t.Fatalf("pad %d: %q, want %q", pad, got, want)
			}
		}
	}
}
