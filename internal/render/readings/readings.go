// Package readings prints interop's results: how the parsers of
// internal/interop read one input, as a table for people, one column per
// parser and one row per component, or as a JSON record.
package readings

import (
	"bytes"
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
// this is most of interop's work. The first column never changes, so
// each row starts with a lead made once: margin, color and name, padded.
type interopText struct {
	_                   sink.CacheLinePad
	on                  bool
	label, dim, err, ok render.Ink
	passwords           render.Passwords
	lead                [rows][2]string // a row's lead; [1] where the parsers disagree
	cells               [3][rows]string // one column per reading: header, accepted, Components
	cols                [3][rows]int    // the terminal columns each cell takes
	most                [3]int          // the widest cell of each column below the header
	widths              [3]int          // the columns each reading's column takes
	_                   sink.CacheLinePad
}

// rows is the table's rows: header, accepted, Components.
const rows = 1 + 1 + 7

func newInteropText(pal *render.Palette) *interopText {
	t := &interopText{on: pal.On, label: render.InkOf(pal.Label), dim: render.InkOf(pal.Dim), err: render.InkOf(pal.Error), ok: render.InkOf(pal.OK),
		passwords: pal.Passwords}
	names := append([]string{"", "accepted"}, interop.Components...)
	name := 0
	for _, n := range names {
		name = max(name, render.Columns(n))
	}
	for i, n := range names {
		for differs, sp := range [2]render.Ink{{}, t.err} {
			margin := "  "
			switch {
			case i == 0:
				sp = t.dim
			case differs == 1 && !t.on:
				margin = "≠ "
			}
			b := append([]byte(margin), sp.On...)
			b = render.AppendSpaces(append(b, n...), name-render.Columns(n)+2)
			t.lead[i][differs] = string(b)
		}
	}
	for p := range t.cells {
		t.cells[p][0] = interop.Parsers[p]
		t.cols[p][0] = render.Columns(interop.Parsers[p])
	}
	return t
}

// fill sets the cells of the readings and the width of each column. A
// parser that read the input as the one before it did has its column,
// and one that read a component so has its cell.
func (t *interopText) fill(r *Result) {
	for p := range r.Readings {
		if p > 0 && sameReading(&r.Readings[p], &r.Readings[p-1]) {
			copy(t.cells[p][1:], t.cells[p-1][1:])
			copy(t.cols[p][1:], t.cols[p-1][1:])
			t.most[p] = t.most[p-1]
		} else {
			t.fillColumn(r, p)
		}
		t.widths[p] = max(t.cols[p][0], t.most[p])
	}
}

// fillColumn sets the cells of reading p below the header.
func (t *interopText) fillColumn(r *Result, p int) {
	rd, cells, cols := &r.Readings[p], &t.cells[p], &t.cols[p]
	if !rd.OK {
		*cells = [rows]string{cells[0], "no"}
		*cols = [rows]int{cols[0], 2}
		t.most[p] = 2
		return
	}
	cells[1], cols[1] = "yes", 3
	most := 3
	for comp := range len(interop.Components) {
		i := 2 + comp
		v, defined := readingValue(rd, comp)
		switch {
		case p > 0 && sameCell(&r.Readings[p-1], comp, v, defined):
			cells[i], cols[i] = t.cells[p-1][i], t.cols[p-1][i]
		case rd.URIChars && defined && v != "" && comp != userinfo:
			cells[i], cols[i] = v, len(v) // most cells: as they are, unlooked at
		default:
			cells[i], cols[i] = t.cell(v, defined, comp)
		}
		most = max(most, cols[i])
	}
	t.most[p] = most
}

// userinfo is the userinfo's index in interop.Components, as
// readingValue reads them.
const userinfo = 1

// sameCell reports whether prev accepted the input and read component
// comp as v, defined or not: as the accepting reading after it did.
func sameCell(prev *interop.Reading, comp int, v string, defined bool) bool {
	pv, pdefined := readingValue(prev, comp)
	return prev.OK && defined == pdefined && v == pv
}

// sameReading reports whether a and b give the same cells: both
// rejected, or both accepted with the same components.
func sameReading(a, b *interop.Reading) bool {
	return a.OK == b.OK && (!a.OK || a.Scheme == b.Scheme && a.Userinfo == b.Userinfo && a.Host == b.Host &&
		a.Port == b.Port && a.Path == b.Path && a.Query == b.Query && a.Fragment == b.Fragment &&
		a.HasUserinfo == b.HasUserinfo && a.HasHost == b.HasHost && a.HasPort == b.HasPort &&
		a.HasQuery == b.HasQuery && a.HasFragment == b.HasFragment)
}

// differing is the rows of the table the parsers disagree on, a bit each.
func differing(disagree []string) (rowBits uint) {
	for _, c := range disagree {
		if c == "accepted" {
			rowBits |= 1 << 1
		} else if i := slices.Index(interop.Components, c); i >= 0 {
			rowBits |= 1 << (2 + i)
		}
	}
	return rowBits
}

func (t *interopText) Render(s *sink.Sink, r *Result) {
	b := t.label.Append(s.Out.AvailableBuffer(), render.Shown(r.Input, t.passwords, false))
	b = append(b, '\n')
	t.fill(r)
	rowBits := differing(r.Disagree)
	for i := range rows {
		differs := rowBits >> i & 1
		b = append(b, t.lead[i][differs]...)
		// The first two cells go over a run of spaces that pads them.
		c0, c1, c2 := t.cells[0][i], t.cells[1][i], t.cells[2][i]
		n0 := len(c0) + t.widths[0] - t.cols[0][i] + 2
		at := len(b)
		b = render.AppendSpaces(b, n0+len(c1)+t.widths[1]-t.cols[1][i]+2)
		copy(b[at:], c0)
		copy(b[at+n0:], c1)
		b = append(b, c2...)
		if c2 == "" {
			// A rejecting parser's cells are empty: no padding to end the
			// line. The row's name stops the trim.
			b = bytes.TrimRight(b, " ")
		}
		if differs == 1 {
			b = append(b, t.err.Off...)
		} else if i == 0 {
			b = append(b, t.dim.Off...)
		}
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

// cell is an accepting parser's reading v of component i of
// interop.Components for the table, shown as render.Shown shows input:
// non-printing bytes escaped and the password of the userinfo masked. It
// is quoted when empty or when it holds a space or a quote, which would
// blur where it ends; "-" when there is none. cols is the terminal
// columns it takes.
func (t *interopText) cell(v string, defined bool, i int) (shown string, cols int) {
	if !defined {
		return "-", 1
	}
	if plainCell(v, i == userinfo) {
		return v, len(v) // most cells: no Builder, no copy
	}
	// The parser gave the userinfo: its password is what follows the
	// first ':' (RFC 3986 section 3.2.1), by each parser's own reading,
	// which a finder of the whole input's password would not know.
	ps := len(v)
	if colon := strings.IndexByte(v, ':'); i == userinfo && colon >= 0 {
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
