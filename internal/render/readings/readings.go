// Package readings prints interop's results: how the parsers of
// internal/interop read one input, as a table for people, one column per
// parser and one row per component, or as a JSON record.
package readings

import (
	"slices"
	"strings"

	"github.com/uritool/uritool/internal/ascii"
	"github.com/uritool/uritool/internal/interop"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/sink"
)

// Result is interop's result for one input: how each parser read it.
type Result struct {
	Line     int
	Input    string
	Base     string // the base URL the input was resolved against, "" for none
	Readings [3]interop.Reading
	Disagree []string // components, "accepted" first when acceptance differs
}

// Options configures interop's renderer.
type Options struct {
	Format string // text or json
	Out    *render.Palette
}

// NewRenderer returns interop's renderer for o.Format.
func NewRenderer(o Options) render.Renderer[Result] {
	if o.Format == render.FormatJSON {
		return &interopJSON{}
	}
	return newInteropText(o.Out)
}

type interopJSON struct{}

// Render writes {"input", "base" with one, one object per parser by
// name, "disagree", "agree"}; a component a parser did not find is null.
func (j *interopJSON) Render(s *sink.Sink, r *Result) {
	b := append(s.Out.AvailableBuffer(), '{')
	b = render.AppendInput(b, r.Input)
	if r.Base != "" {
		b = render.AppendString(render.AppendKey(b, "base"), r.Base)
	}
	for _, rd := range r.Readings {
		b = append(render.AppendKey(b, rd.Parser), '{')
		b = render.AppendBool(render.AppendKey(b, "accepted"), rd.OK)
		b = render.AppendOptString(render.AppendKey(b, "error"), rd.Err, !rd.OK)
		for i, c := range interop.Components {
			v, defined := readingValue(&rd, i)
			b = render.AppendOptString(render.AppendKey(b, c), v, rd.OK && defined)
		}
		b = append(b, '}')
	}
	b = append(render.AppendKey(b, "disagree"), '[')
	for i, c := range r.Disagree {
		if i > 0 {
			b = append(b, ',')
		}
		b = render.AppendString(b, c)
	}
	b = append(b, ']')
	b = render.AppendBool(render.AppendKey(b, "agree"), len(r.Disagree) == 0)
	b = append(b, '}', '\n')
	s.Out.Write(b)
}

// readingValue is component i of interop.Components as the parser read
// it, and whether it found one.
func readingValue(r *interop.Reading, i int) (string, bool) {
	switch i {
	case 0:
		return r.Scheme, r.Scheme != ""
	case 1:
		return r.Userinfo, r.HasUserinfo
	case 2:
		return r.Host, r.HasHost
	case 3:
		return r.Port, r.HasPort
	case 4:
		return r.Path, true
	case 5:
		return r.Query, r.HasQuery
	case 6:
		return r.Fragment, r.HasFragment
	}
	return "", false
}

// interopText draws a table per input: one column per parser, one row per
// component, the rows the parsers disagree on in the error color, or
// marked with "≠" without color, then the errors and the verdict. It
// writes into a buffer of its own, with the colors' escape sequences
// taken once: the table is about seventeen times the input's size, and
// this is most of interop's work.
type interopText struct {
	_                   sink.CacheLinePad
	on                  bool
	label, dim, err, ok render.Ink
	passwords           render.Passwords
	rows                [1 + 1 + 7][1 + 3]string // header, accepted, Components
	cols                [1 + 1 + 7][1 + 3]int    // the columns each cell takes
	widths              [1 + 3]int               // the columns each column takes
	head                [1 + 3]int               // the widths before any reading: names and header
	_                   sink.CacheLinePad
}

func newInteropText(pal *render.Palette) *interopText {
	t := &interopText{on: pal.On, label: render.InkOf(pal.Label), dim: render.InkOf(pal.Dim), err: render.InkOf(pal.Error), ok: render.InkOf(pal.OK),
		passwords: pal.Passwords}
	t.rows[0][0] = ""
	copy(t.rows[0][1:], interop.Parsers)
	t.rows[1][0] = "accepted"
	for i, c := range interop.Components {
		t.rows[2+i][0] = c
	}
	for i := range t.rows {
		for k := range t.rows[i] {
			t.cols[i][k] = render.Columns(t.rows[i][k])
		}
		t.head[0] = max(t.head[0], t.cols[i][0])
	}
	copy(t.head[1:], t.cols[0][1:])
	return t
}

// fill sets the cells of the readings and the width of each column. A
// parser that read a component as the one before it did has its cell.
func (t *interopText) fill(r *Result) {
	t.widths = t.head
	for i := 1; i < len(t.rows); i++ {
		row, cols, comp := &t.rows[i], &t.cols[i], i-2
		var last struct {
			ok, defined bool
			v           string
		}
		for p := range r.Readings {
			rd, k := &r.Readings[p], 1+p
			v, defined := "", false
			if comp >= 0 {
				v, defined = readingValue(rd, comp)
			}
			if p > 0 && rd.OK == last.ok && defined == last.defined && v == last.v {
				row[k], cols[k] = row[k-1], cols[k-1]
			} else {
				row[k], cols[k] = t.cell(rd.OK, v, defined, comp)
			}
			last.ok, last.defined, last.v = rd.OK, defined, v
			t.widths[k] = max(t.widths[k], cols[k])
		}
	}
}

func (t *interopText) Render(s *sink.Sink, r *Result) {
	b := t.label.Append(s.Out.AvailableBuffer(), render.Shown(r.Input, t.passwords, false))
	b = append(b, '\n')
	t.fill(r)
	for i := range t.rows {
		row := &t.rows[i]
		differs := i > 0 && slices.Contains(r.Disagree, row[0])
		sp := render.Ink{}
		switch {
		case i == 0:
			sp = t.dim
		case differs:
			sp = t.err
		}
		if differs && !t.on {
			b = append(b, "≠ "...)
		} else {
			b = append(b, "  "...)
		}
		b = append(b, sp.On...)
		text := len(b)
		cols := &t.cols[i]
		b = render.AppendSpaces(append(b, row[0]...), t.widths[0]-cols[0]+2)
		b = render.AppendSpaces(append(b, row[1]...), t.widths[1]-cols[1]+2)
		b = render.AppendSpaces(append(b, row[2]...), t.widths[2]-cols[2]+2)
		b = append(b, row[3]...)
		for len(b) > text && b[len(b)-1] == ' ' {
			b = b[:len(b)-1]
		}
		b = append(b, sp.Off...)
		b = append(b, '\n')
	}
	for i := range r.Readings {
		if rd := &r.Readings[i]; !rd.OK {
			// whatwg's messages can quote the input's bytes.
			b = t.dim.Append(append(b, "  "...), rd.Parser+" rejects it: ")
			b = append(append(b, render.Shown(rd.Err, t.passwords, false)...), '\n')
		}
	}
	b = append(b, "  "...)
	if len(r.Disagree) == 0 {
		b = t.ok.Append(b, "the parsers agree")
	} else {
		b = append(b, t.err.On...)
		b = append(b, "the parsers disagree on "...)
		for i, c := range r.Disagree {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = append(b, c...)
		}
		b = append(b, t.err.Off...)
	}
	b = append(b, "\n\n"...)
	s.Out.Write(b)
}

// cell is one parser's reading v of component i of interop.Components
// for the table, shown as render.Shown shows input: non-printing bytes
// escaped and the password of the userinfo masked. It is quoted when
// empty or when it holds a space or a quote, which would blur where it
// ends; "-" when there is none. cols is the terminal columns it takes.
// i is -1 for the row that says whether the parser accepted the input.
func (t *interopText) cell(ok bool, v string, defined bool, i int) (shown string, cols int) {
	switch {
	case i < 0 && ok:
		return "yes", 3
	case i < 0:
		return "no", 2
	case !ok:
		return "", 0
	case !defined:
		return "-", 1
	}
	c := interop.Components[i]
	if plainCell(v, c == "userinfo") {
		return v, len(v) // most cells: no Builder, no copy
	}
	// The parser gave the userinfo: its password is what follows the
	// first ':' (RFC 3986 section 3.2.1), by each parser's own reading,
	// which a finder of the whole input's password would not know.
	ps := len(v)
	if colon := strings.IndexByte(v, ':'); c == "userinfo" && colon >= 0 {
		ps = colon + 1
	}
	shown = render.ShownMasking(v, ps, len(v), t.passwords.Mask)
	if shown == "" || strings.ContainsAny(shown, ` "`) {
		shown = `"` + strings.ReplaceAll(shown, `"`, `\"`) + `"`
	}
	return shown, render.Columns(shown)
}

// plainCell reports whether cell shows v as it is: printable ASCII with
// no space or quote, and no password.
func plainCell(v string, userinfo bool) bool {
	return v != "" && ascii.AllIn(v, '!', '~') && strings.IndexByte(v, '"') < 0 &&
		(!userinfo || strings.IndexByte(v, ':') < 0)
}

// Fields documents interop --format json, whose record is written by
// hand: TestJSONFieldsDocumented holds it to what the writer writes.
var Fields = render.Fields{
	Per: "input",
	Keys: []render.FieldDoc{
		{Names: []string{"input"}, Doc: "the input"},
		{Names: []string{"base"}, Doc: "with --base only: the base URL, as given"},
		{Names: []string{"rfc3986", "whatwg", "net/url"}, Doc: "one object per parser: \"accepted\" (true or false),\n\"error\" (null, or why it rejected the input) and\n\"scheme\", \"userinfo\", \"host\", \"port\", \"path\", \"query\",\n\"fragment\" as that parser read them, null when absent"},
		{Names: []string{"disagree"}, Doc: "the compared components the parsers disagree on, with\n\"accepted\" first when one accepts what another rejects"},
		{Names: []string{"agree"}, Doc: "whether disagree is empty"},
	},
}
