// Package breakdown prints parse's results: a reference drawn on one line
// with each component bracketed under it, in the manner of RFC 3986
// section 3's diagram, and listed with its value; parse's JSON record;
// --get's lines, which the operation evaluated; and --each's items, which
// it took apart, a line or a record each.
package breakdown

import (
	"iter"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"github.com/fatih/color"
	"github.com/uritool/uritool/internal/ascii"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/get"
	"github.com/uritool/uritool/internal/idn"
	"github.com/uritool/uritool/internal/pct"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/sink"
	"github.com/uritool/uritool/pkg/uri"
)

// Parsed is parse's result for one input.
type Parsed struct {
	Line  int
	Input string
	// SchemeAdded says --default-scheme made Input from the input line.
	SchemeAdded bool
	URI         uri.URI
	Err         *uri.ParseError
	// Forms are the IDNA forms of the host, and Params the query read
	// as form data, for the outputs that show them (not --get).
	Forms  idn.Forms
	Params []pct.Pair
	// Get is the line the operation evaluated of a valid reference for
	// --get, without its newline; Unmet is the finding of one that has no
	// value for a must: field.
	Get   []byte
	Unmet *finding.Finding
	// Items are what the operation took a valid reference apart into
	// for --each.
	Items []get.Item
}

// Options configures parse's renderer.
type Options struct {
	Format string // text or json
	// Get says the operation evaluated --get: its line replaces the
	// breakdown, one per input.
	Get bool
	// Each is --each: the operation took each reference apart into its
	// Items, which are written instead of the breakdown or the record,
	// a line or a record each.
	Each         get.Each
	ShowPassword bool
	// IRI says the inputs are read as IRI references (--iri), which may
	// hold characters beyond ASCII. A valid URI reference holds only bytes
	// a JSON string holds as they are.
	IRI      bool
	Out, Err *render.Palette
	// Width is the terminal's width in columns, 0 when unknown: a
	// breakdown wider than it gives way to the component list.
	Width int
}

// renderer renders parse's results: results on stdout, diagnostics on
// stderr.
type renderer struct {
	_    sink.CacheLinePad
	out  render.Writer
	opts Options
	// style is the breakdown's, built when the first one is drawn: the
	// other outputs use none of it.
	style *breakdownStyle
	_     sink.CacheLinePad
}

// NewRenderer returns parse's renderer for opts.
func NewRenderer(opts Options) render.Renderer[Parsed] {
	return &renderer{opts: opts}
}

// Render renders one parsed input.
func (p *renderer) Render(s *sink.Sink, r *Parsed) {
	p.out = s.Out
	switch {
	case p.opts.Each != 0:
		p.each(s, r)
	case p.opts.Format == render.FormatJSON:
		p.json(r)
	case p.opts.Get:
		// One line per input, also for a failed one, so that the
		// output stays aligned with the input.
		if r.Err != nil || r.Unmet != nil {
			s.Out.WriteByte('\n')
			p.diagnostic(s.Err, r)
			return
		}
		s.Out.Write(append(append(s.Out.AvailableBuffer(), r.Get...), '\n'))
	case r.Err != nil:
		p.diagnostic(s.Err, r)
	default:
		if r.Line > 1 {
			s.Out.WriteByte('\n')
		}
		p.breakdown(r)
	}
}

// kindOf names the rule of section 4.1 that u matched.
func kindOf(u uri.URI) string {
	if u.IsAbsolute() {
		return "uri"
	}
	return "relative-ref"
}

func (p *renderer) diagnostic(w render.Writer, r *Parsed) {
	f := r.Unmet
	if r.Err != nil {
		f = &finding.Finding{Offset: r.Err.Offset, Rule: r.Err.Rule, Message: r.Err.Msg}
	}
	render.Diagnostic(w, p.opts.Err, strconv.Itoa(r.Line), finding.ColumnOf(r.Input, f.Offset), r.Input, f, finding.Error, p.opts.ShowPassword)
}

// each writes r's items, a line each, or a record each in JSON. An input
// without items writes nothing, so that lines do not follow inputs; an
// invalid one writes its diagnostic on stderr, or in JSON a record of its
// error where its items would be.
func (p *renderer) each(s *sink.Sink, r *Parsed) {
	b := s.Out.AvailableBuffer()
	switch {
	case p.opts.Format == render.FormatJSON:
		plain := r.Err == nil && !p.opts.IRI || render.JSONPlain(r.Input)
		if r.Err != nil {
			b = p.appendItem(b, r, plain, 0)
		}
		for i := range r.Items {
			b = p.appendItem(b, r, plain, i+1)
		}
	case r.Err != nil:
		p.diagnostic(s.Err, r)
		return
	default:
		for i := range r.Items {
			b = append(append(b, r.Items[i].Text...), '\n')
		}
	}
	s.Out.Write(b)
}

// appendItem appends the JSON record of item index of r, from 1, or of
// r's error for index 0.
func (p *renderer) appendItem(b []byte, r *Parsed, plain bool, index int) []byte {
	b = render.AppendInt(append(b, `{"line":`...), r.Line)
	b = render.AppendInputPlainOr(b, r.Input, plain)
	if r.SchemeAdded {
		b = append(b, `,"scheme_added":true`...)
	}
	b = render.AppendPlainOr(render.AppendKey(b, "each"), p.opts.Each.String(), true)
	pairs := p.opts.Each == get.EachPairs
	if index == 0 {
		b = append(b, `,"index":null,"item":null`...)
		if pairs {
			b = append(b, `,"key":null,"value":null`...)
		}
		b = render.AppendKey(b, "error")
		b = render.AppendFinding(b, &finding.Finding{Offset: r.Err.Offset, Rule: r.Err.Rule, Message: r.Err.Msg})
		return append(b, '}', '\n')
	}
	it := &r.Items[index-1]
	b = render.AppendInt(render.AppendKey(b, "index"), index)
	b = render.AppendString(render.AppendKey(b, "item"), it.Text)
	if pairs {
		b = render.AppendString(render.AppendKey(b, "key"), it.Key)
		b = render.AppendString(render.AppendKey(b, "value"), it.Value)
	}
	return append(b, `,"error":null}`+"\n"...)
}

// appendPlainSegments writes the segments of a plain path as a JSON
// array: the path with each "/" between segments written as "\",\"",
// which is what uri.Segments yields, in one pass without a branch per
// byte: each byte is written with the '",' that a "/" becomes after it,
// and the next byte goes after whichever of the two it was.
func appendPlainSegments(b []byte, path string) []byte {
	if path == "" {
		return append(b, '[', ']')
	}
	return appendJoined(b, strings.TrimPrefix(path, "/"), &segmentJoins)
}

// appendJoined writes s, plain, as a JSON array of its pieces between
// each separator of join (see joins), as appendPlainSegments describes.
// Each byte is stored as four bytes, itself or the '","' a separator
// becomes, and the next store goes one or three bytes on, both looked up
// in join: where a piece ends is the input's, and a branch on it is
// mispredicted about once a piece. (Eight bytes at a time, with a branch
// on a separator in each word, took fewer instructions and more time.)
func appendJoined(b []byte, s string, join *[256]uint64) []byte {
	n := len(b)
	// Every sep becomes three bytes, and a store reaches three bytes
	// past what it keeps: 3*len(s)+5 holds both.
	b = slices.Grow(b, 3*len(s)+5)[:n+3*len(s)+5]
	b[n], b[n+1] = '[', '"'
	// Stored through a pointer: b has room for every store, and a bounds
	// check on each would cost more than the store.
	at := unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), n+2)
	_ = join[0] // join is not nil: checked here, not for every byte
	for i := 0; i < len(s); i++ {
		j := join[s[i]]
		// Four bytes, which the compiler stores at once where the
		// machine allows a store of any alignment.
		to := (*[4]byte)(at)
		to[0], to[1], to[2], to[3] = byte(j), byte(j>>8), byte(j>>16), byte(j>>24)
		at = unsafe.Add(at, j>>32)
	}
	n = int(uintptr(at) - uintptr(unsafe.Pointer(unsafe.SliceData(b))))
	b[n], b[n+1] = '"', ']'
	return b[:n+2]
}

// segmentJoins and labelJoins are appendJoined's tables for a path's
// segments and a host's labels: for each byte, what it stores in the low
// half and how far the next store goes on in the high half.
var segmentJoins, labelJoins = joins('/'), joins('.')

func joins(sep byte) (t [256]uint64) {
	for c := range t {
		t[c] = 1<<32 | uint64(c)
	}
	t[sep] = 3<<32 | '"' | ','<<8 | '"'<<16
	return t
}

// appendStrings writes items as a JSON array; plain says none needs
// escaping.
func appendStrings(b []byte, items iter.Seq[string], plain bool) []byte {
	b = append(b, '[')
	first := true
	for s := range items {
		if !first {
			b = append(b, ',')
		}
		first = false
		b = render.AppendPlainOr(b, s, plain)
	}
	return append(b, ']')
}

// appendPlainLabels writes the labels of a plain reg-name, not empty, as
// a JSON array, which is what uri.Labels yields.
func appendPlainLabels(b []byte, host string) []byte { return appendJoined(b, host, &labelJoins) }

func (p *renderer) json(r *Parsed) {
	if !p.jsonCommon(r) {
		p.jsonRecord(r)
	}
}

// jsonRecord writes the record of any result, component by component.
func (p *renderer) jsonRecord(r *Parsed) {
	u := r.URI
	ok := r.Err == nil
	// The components are substrings of the input: when it is plain, so
	// are they, and none needs a look at its bytes. A valid URI is plain.
	plain := ok && !p.opts.IRI || render.JSONPlain(r.Input)
	b := append(p.out.AvailableBuffer(), '{')
	b = render.AppendInputPlainOr(b, r.Input, plain)
	if r.SchemeAdded {
		b = append(b, `,"scheme_added":true`...)
	}
	b = render.AppendBool(append(b, `,"valid":`...), ok)
	b = render.AppendOptPlainOr(append(b, `,"kind":`...), kindOf(u), ok, true)
	// The components by their accessors and the keys as constants: the
	// record is written once per input, and looking components up by
	// name or number cost a fifth of parse --format json's time.
	scheme, hasScheme := u.Scheme()
	b = render.AppendOptPlainOr(append(b, `,"scheme":`...), scheme, ok && hasScheme, plain)
	authority, hasAuthority := u.Authority()
	b = render.AppendOptPlainOr(append(b, `,"authority":`...), authority, ok && hasAuthority, plain)
	userinfo, hasUserinfo := u.Userinfo()
	b = render.AppendOptPlainOr(append(b, `,"userinfo":`...), userinfo, ok && hasUserinfo, plain)
	host, hasHost := u.Host()
	b = render.AppendOptPlainOr(append(b, `,"host":`...), host, ok && hasHost, plain)
	hostType := u.HostType().String()
	b = render.AppendOptPlainOr(append(b, `,"host_type":`...), hostType, ok && hostType != "", true)
	port, hasPort := u.Port()
	b = render.AppendOptPlainOr(append(b, `,"port":`...), port, ok && hasPort, plain)
	b = render.AppendOptPlainOr(append(b, `,"path":`...), u.Path(), ok, plain)
	query, hasQuery := u.Query()
	b = render.AppendOptPlainOr(append(b, `,"query":`...), query, ok && hasQuery, plain)
	fragment, hasFragment := u.Fragment()
	b = render.AppendOptPlainOr(append(b, `,"fragment":`...), fragment, ok && hasFragment, plain)
	// Nearly every host is its own ASCII and Unicode form, as plain as
	// the input it came from.
	forms := &r.Forms
	b = render.AppendOptPlainOr(append(b, `,"host_ascii":`...), forms.ASCII, forms.Defined && forms.Err == nil, plain && forms.ASCII == host)
	b = render.AppendOptPlainOr(append(b, `,"host_unicode":`...), forms.Unicode, forms.Defined && forms.Err == nil, plain && forms.Unicode == host)
	b = append(b, `,"idna_error":`...)
	if forms.Err != nil {
		e := forms.Err
		b = append(b, '{')
		b = render.AppendString(render.AppendKey(b, "label"), e.Label)
		b = strconv.AppendInt(render.AppendKey(b, "offset"), int64(e.Offset), 10)
		b = render.AppendString(render.AppendKey(b, "rule"), e.Rule)
		b = render.AppendString(render.AppendKey(b, "message"), e.Error())
		b = append(b, '}')
	} else {
		b = append(b, "null"...)
	}
	b = append(b, `,"labels":`...)
	switch {
	case !ok || !hasHost:
		b = append(b, "null"...)
	case plain && u.HostType() == uri.HostRegName && host != "":
		b = appendPlainLabels(b, host)
	default:
		b = appendStrings(b, u.Labels(), plain)
	}
	b = append(b, `,"segments":`...)
	switch {
	case ok && plain:
		b = appendPlainSegments(b, u.Path())
	case ok:
		b = appendStrings(b, u.Segments(), false)
	default:
		b = append(b, "null"...)
	}
	b = appendQueryParams(append(b, `,"query_params":`...), r.Params, ok && hasQuery)
	b = append(b, `,"error":`...)
	if r.Err != nil {
		b = render.AppendFinding(b, &finding.Finding{Offset: r.Err.Offset, Rule: r.Err.Rule, Message: r.Err.Msg})
	} else {
		b = append(b, "null"...)
	}
	b = append(b, '}', '\n')
	p.out.Write(b)
}

// appendQueryParams writes the query's form pairs, or null where the
// query is undefined.
func appendQueryParams(b []byte, params []pct.Pair, defined bool) []byte {
	if !defined {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, pair := range params {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '{')
		b = render.AppendString(render.AppendKey(b, "key"), pair.Key)
		b = render.AppendString(render.AppendKey(b, "value"), pair.Value)
		b = append(b, '}')
	}
	return append(b, ']')
}

// breakdownStyle is what the breakdown writes for every input, painted
// once in the output palette's colors: the components' inks, and the
// list's row heads and fixed values.
type breakdownStyle struct {
	component [uri.ComponentFragment + 1]render.Ink
	dim       render.Ink
	warning   render.Ink
	// leftRun is a component's color, a bracket's left corner and a run
	// of its line; rightRun is a run of the line, the right corner and
	// the color's end.
	leftRun, rightRun [uri.ComponentFragment + 1]string
	// name and pole are each component's name and the pole that leads
	// down to it, in its color; nameCols is how wide the name is.
	name, pole [uri.ComponentFragment + 1]string
	nameCols   [uri.ComponentFragment + 1]int
	// head is the list's row of each component up to its value: indent,
	// bold name, padding; absentRow and emptyRow are the whole row of an
	// undefined and of an empty component.
	head, absentRow, emptyRow [uri.ComponentFragment + 1]string
	// valueHead and valueTail go around a component's value in its row.
	valueHead, valueTail [uri.ComponentFragment + 1]string
	// dimToComponent and componentToDim switch from the dim of the
	// line's delimiters to a component's color and back.
	dimToComponent, componentToDim [uri.ComponentFragment + 1]string
	// kindRow is the list's first row, for a relative reference and for
	// a URI, after the blank line that sets the list off.
	kindRow                 [2]string
	segmentsHead, separator string
	// segmentsOpen, segmentsBetween and segmentsClose go before, between
	// and after the segments of a path that needs no escapes.
	segmentsOpen, segmentsBetween, segmentsClose string
	absent, empty                                string
	formData                                     string // the line that introduces the query's form pairs
	// hostType ends the host's row with its type.
	hostType [uri.HostRegName + 1]string
	// bridge is the list's text between two stops (see stop).
	bridge [numStops][numStops]string
	// brackets are the brackets appendBracket has drawn, by component
	// and width: a renderer draws for one worker.
	brackets [uri.ComponentFragment + 1][maxBracket]string
	// paddedNames and paddedPoles are the names and the poles below
	// them as appendPadded has padded them, by component and pad.
	paddedNames, paddedPoles [uri.ComponentFragment + 1][maxPad]string
	// plain says nothing is colored: the breakdown's line is the
	// reference.
	plain bool
}

func newBreakdownStyle(pal *render.Palette) *breakdownStyle {
	st := new(breakdownStyle)
	colors := [...]*color.Color{
		uri.ComponentScheme: pal.Scheme, uri.ComponentAuthority: pal.Authority,
		uri.ComponentUserinfo: pal.Userinfo, uri.ComponentHost: pal.Host, uri.ComponentPort: pal.Port,
		uri.ComponentPath: pal.Path, uri.ComponentQuery: pal.Query, uri.ComponentFragment: pal.Fragment,
	}
	label := render.InkOf(pal.Label)
	head := func(indent, name string) string {
		return "  " + indent + label.Paint(name+strings.Repeat(" ", max(11-len(indent)-len(name), 0))) + " "
	}
	for c, col := range colors {
		st.component[c] = render.InkOf(col)
		st.name[c] = st.component[c].Paint(uri.Component(c).String())
		st.pole[c] = st.component[c].Paint("│")
		st.leftRun[c] = st.component[c].On + "└" + hLines
		st.rightRun[c] = hLines + "┘" + st.component[c].Off
		indent := ""
		if c := uri.Component(c); c == uri.ComponentUserinfo || c == uri.ComponentHost || c == uri.ComponentPort {
			indent = "  "
		}
		st.nameCols[c] = len(uri.Component(c).String())
		st.head[c] = head(indent, uri.Component(c).String())
	}
	st.dim, st.warning = render.InkOf(pal.Dim), render.InkOf(pal.Warning)
	st.absent, st.empty = st.dim.Paint("(absent)"), st.dim.Paint(`"" (empty)`)
	for c, h := range st.head {
		k := st.component[c]
		st.absentRow[c], st.emptyRow[c] = h+st.absent+"\n", h+st.empty+"\n"
		st.valueHead[c], st.valueTail[c] = h+k.On, k.Off+"\n"
		st.dimToComponent[c], st.componentToDim[c] = st.dim.Off+k.On, k.Off+st.dim.On
	}
	st.kindRow = [2]string{"\n" + head("", "kind") + "relative reference\n", "\n" + head("", "kind") + "URI (has a scheme)\n"}
	st.segmentsHead, st.separator = head("  ", "segments"), st.dim.Paint(", ")
	path := st.component[uri.ComponentPath]
	st.segmentsOpen = st.segmentsHead + path.On + `"`
	st.segmentsBetween = `"` + path.Off + st.separator + path.On + `"`
	st.segmentsClose = `"` + path.Off + "\n"
	st.formData = "  " + st.dim.Paint("  as form data (HTML form encoding, not RFC 3986):") + "\n"
	for t := range st.hostType {
		st.hostType[t] = " " + st.dim.Paint("("+hostTypeName(uri.HostType(t))+")") + "\n"
	}
	st.bridge = st.bridges()
	st.plain = st.dim == render.Ink{}
	for _, k := range st.component {
		st.plain = st.plain && k == render.Ink{}
	}
	return st
}

// part is where a component is in the line shown, and whether it is
// defined, as uri.URI.Span gives it.
type part struct {
	start, end int
	ok         bool
}

// partsOf returns where the components of the valid reference u are, as
// u.Span gives them, but from their lengths and the delimiters between
// them (RFC 3986 section 3: scheme ":" "//" authority path "?" query "#"
// fragment; userinfo "@" host ":" port in the authority, section 3.2),
// which the accessors give inlined: eight calls of Span, each with a copy
// of the URI, were 8% of parse's time.
func partsOf(u *uri.URI) (p [uri.ComponentFragment + 1]part) {
	pos := 0
	if scheme, ok := u.Scheme(); ok {
		p[uri.ComponentScheme] = part{0, len(scheme), true}
		pos = len(scheme) + len(":")
	}
	if authority, ok := u.Authority(); ok {
		pos += len("//")
		p[uri.ComponentAuthority] = part{pos, pos + len(authority), true}
		if userinfo, ok := u.Userinfo(); ok {
			p[uri.ComponentUserinfo] = part{pos, pos + len(userinfo), true}
			pos += len(userinfo) + len("@")
		}
		host, _ := u.Host()
		p[uri.ComponentHost] = part{pos, pos + len(host), true}
		pos += len(host)
		if port, ok := u.Port(); ok {
			pos += len(":")
			p[uri.ComponentPort] = part{pos, pos + len(port), true}
			pos += len(port)
		}
	}
	path := u.Path()
	p[uri.ComponentPath] = part{pos, pos + len(path), true}
	pos += len(path)
	if query, ok := u.Query(); ok {
		pos += len("?")
		p[uri.ComponentQuery] = part{pos, pos + len(query), true}
		pos += len(query)
	}
	if fragment, ok := u.Fragment(); ok {
		pos += len("#")
		p[uri.ComponentFragment] = part{pos, pos + len(fragment), true}
	}
	return p
}

// span is one component as the breakdown draws it.
type span struct {
	c          uri.Component
	start, end int // bytes of the displayed line
	col, cols  int // where it starts on the terminal, and how wide it is
}

// breakdown draws r's URI on one line, brackets each component under it
// in the manner of RFC 3986 section 3's diagram, and lists the components.
// It appends to the output's available buffer and writes once: for a
// plain ASCII URI without a password it neither formats nor allocates.
func (p *renderer) breakdown(r *Parsed) {
	if p.style == nil {
		p.style = newBreakdownStyle(p.opts.Out)
	}
	u := r.URI
	st := p.style
	shown := u.String()
	parts := partsOf(&u)
	masked := false
	if ui := parts[uri.ComponentUserinfo]; ui.ok && !p.opts.ShowPassword {
		// The reference is parsed: its password is what follows the
		// userinfo's first ':' (RFC 3986 section 3.2.1), which Find would
		// only parse again to learn.
		pw := &p.opts.Out.Passwords
		if colon := strings.IndexByte(shown[ui.start:ui.end], ':'); colon >= 0 && ui.start+colon+1 < ui.end {
			ps, pe := ui.start+colon+1, ui.end
			shown, masked = shown[:ps]+pw.Mask+shown[pe:], true
			for c := range parts {
				if parts[c].start >= pe {
					parts[c].start += len(pw.Mask) - (pe - ps)
				}
				if parts[c].end >= pe {
					parts[c].end += len(pw.Mask) - (pe - ps)
				}
			}
		}
	}
	// Columns are bytes unless the line has non-ASCII, which a URI has
	// not (RFC 3986 section 2); an IRI and a mask may.
	ascii := !p.opts.IRI && !masked || ascii.IsASCII(shown)
	var all [uri.ComponentFragment]span
	n := 0
	for c, pt := range &parts {
		if !pt.ok || uri.Component(c) == uri.ComponentAuthority {
			continue
		}
		s := &all[n]
		s.c, s.start, s.end, s.col, s.cols = uri.Component(c), pt.start, pt.end, pt.start, pt.end-pt.start
		if !ascii {
			s.col, s.cols = render.Columns(shown[:pt.start]), render.Columns(shown[pt.start:pt.end])
		}
		n++
	}
	spans := all[:n]

	// The line: delimiters dim, each component in its color; without
	// color, the reference as it is.
	b := append(p.out.AvailableBuffer(), "  "...)
	if st.plain {
		b = append(b, shown...)
	} else {
		b = st.dim.Open(b)
		pos := 0
		for _, s := range spans {
			b = appendPiece(b, shown[pos:s.start])
			b = appendPiece(b, st.dimToComponent[s.c])
			b = append(b, shown[s.start:s.end]...)
			b = appendPiece(b, st.componentToDim[s.c])
			pos = s.end
		}
		b = st.dim.Close(appendPiece(b, shown[pos:]))
	}
	b = append(b, '\n')
	// Lines wider than the terminal would wrap and scramble the picture;
	// the list says the same in narrow lines.
	if p.opts.Width <= 0 || st.diagramWidth(shown, ascii, spans) <= p.opts.Width {
		b = st.appendDiagram(b, spans)
	}
	b = st.appendList(b, r, shown, ascii, &parts)
	p.out.Write(b)
}

// diagramWidth is how many columns the breakdown's widest line takes: the
// URI, or a component name that sticks out past its end.
func (st *breakdownStyle) diagramWidth(shown string, ascii bool, spans []span) int {
	w := len(shown)
	if !ascii {
		w = render.Columns(shown)
	}
	for _, s := range spans {
		if s.cols > 0 {
			w = max(w, s.col+(s.cols-1)/2+st.nameCols[s.c])
		}
	}
	return w + 2
}

// appendDiagram draws a bracket under each non-empty component and its
// name under the bracket's pole. Names are placed from the right, each
// on the first row where it ends before the name already there, so the
// poles of names on lower rows never cross a name above them.
func (st *breakdownStyle) appendDiagram(b []byte, spans []span) []byte {
	type label struct {
		pole, row int
		c         uri.Component
	}
	var all [uri.ComponentFragment]label
	labels := all[:0]
	line := len(b)
	b = append(b, "  "...)
	col := 0
	for _, s := range spans {
		if w := s.cols; w > 0 {
			b = st.appendBracket(render.AppendSpaces(b, s.col-col), s.c, w)
			col = s.col + w
			labels = append(labels, label{pole: s.col + (w-1)/2, c: s.c})
		}
	}
	if len(labels) == 0 {
		return b[:line]
	}
	b = append(b, '\n')
	// free[r] is the first column taken on row r by a name or by the pole
	// of a name further down; a name must end before it.
	var free [uri.ComponentFragment]int
	rows := 0
	for i := len(labels) - 1; i >= 0; i-- {
		l := &labels[i]
		end := l.pole + st.nameCols[l.c]
		for l.row < rows && end >= free[l.row] {
			l.row++
		}
		if l.row == rows {
			rows++
		}
		for r := 0; r <= l.row; r++ {
			free[r] = l.pole
		}
	}
	for row := range rows {
		b = append(b, "  "...)
		col := 0
		for _, l := range labels {
			switch {
			case l.pole < col: // cannot happen with the placement above
			case l.row == row:
				b = appendPadded(b, &st.paddedNames[l.c], l.pole-col, st.name[l.c])
				col = l.pole + st.nameCols[l.c]
			case l.row > row:
				b = appendPadded(b, &st.paddedPoles[l.c], l.pole-col, st.pole[l.c])
				col = l.pole + 1
			}
		}
		b = append(b, '\n')
	}
	return b
}

// appendPadded appends pad spaces, then s: a name or a pole, which is kept
// once padded in kept[pad], for pads narrower than maxPad, and copied
// from then on.
func appendPadded(b []byte, kept *[maxPad]string, pad int, s string) []byte {
	if pad >= maxPad {
		return append(render.AppendSpaces(b, pad), s...)
	}
	if kept[pad] == "" {
		kept[pad] = strings.Repeat(" ", pad) + s
	}
	return append(b, kept[pad]...)
}

// maxPad bounds the pads of the names and poles kept.
const maxPad = 96

// A run of the bracket's line, cut from a constant.
const (
	hLines    = "────────────────────────────────────────────────────────────────"
	hLineSize = len("─")
)

// appendPiece appends s, without the call to copy nothing when s is
// empty, as delimiters and color sequences without color often are.
func appendPiece(b []byte, s string) []byte {
	if s == "" {
		return b
	}
	return append(b, s...)
}

// appendHLines appends n "─". Brackets are often adjacent and short: n
// is 0 about as often as not, and skipping the copy then saves a call.
func appendHLines(b []byte, n int) []byte {
	for ; n*hLineSize > len(hLines); n -= len(hLines) / hLineSize {
		b = append(b, hLines...)
	}
	if n > 0 {
		b = append(b, hLines[:n*hLineSize]...)
	}
	return b
}

// appendBracket draws component c's span of width w, in its color, with
// its pole at (w-1)/2: "┬" alone, or "└─┬─┘" with the corners at the
// span's ends. A bracket narrower than maxBracket is drawn once, when
// first needed, and copied from then on.
func (st *breakdownStyle) appendBracket(b []byte, c uri.Component, w int) []byte {
	if w >= maxBracket {
		return st.drawBracket(b, c, w)
	}
	bracket := &st.brackets[c][w]
	if *bracket == "" {
		*bracket = string(st.drawBracket(nil, c, w))
	}
	return append(b, *bracket...)
}

// maxBracket bounds the widths of the brackets kept: most hosts and
// paths are narrower.
const maxBracket = 96

// drawBracket draws the bracket as appendBracket describes. The part left
// of the pole is cut from the component's leftRun and the part right of
// it from its rightRun, two copies for most brackets, with color or
// without.
func (st *breakdownStyle) drawBracket(b []byte, c uri.Component, w int) []byte {
	k := st.component[c]
	if w == 1 {
		return k.Close(append(k.Open(b), "┬"...))
	}
	pole := (w - 1) / 2
	left, right := st.leftRun[c], st.rightRun[c]
	if n := len(k.On) + pole*hLineSize; n <= len(left) {
		b = appendPiece(b, left[:n])
	} else {
		b = appendHLines(append(b, left[:len(k.On)+len("└")]...), pole-1)
	}
	b = append(b, "┬"...)
	if n := (w-pole-2)*hLineSize + len("┘") + len(k.Off); n <= len(right) {
		return append(b, right[len(right)-n:]...)
	}
	return append(appendHLines(b, w-pole-2), right[len(right)-len("┘")-len(k.Off):]...)
}

// appendQuoted appends s as a Go string literal, as strconv.Quote
// writes it; most strings need only the quotes.
func appendQuoted(b []byte, s string) []byte {
	if needsEscapes(s) {
		return strconv.AppendQuote(b, s)
	}
	return append(append(append(b, '"'), s...), '"')
}

// needsEscapes reports whether strconv.Quote writes any byte of s other
// than as it is.
func needsEscapes(s string) bool {
	for i := 0; i < len(s); i++ {
		if quoteEscapes[s[i]] {
			return true
		}
	}
	return false
}

// quoteEscapes marks the bytes strconv.Quote does not write as they are:
// controls, non-ASCII (a rune may need escaping), the quote and the
// backslash.
var quoteEscapes = func() (t [256]bool) {
	for c := range t {
		t[c] = c < ' ' || c > '~' || c == '"' || c == '\\'
	}
	return t
}()

func hostTypeName(t uri.HostType) string {
	switch t {
	case uri.HostIPv4:
		return "IPv4"
	case uri.HostIPv6:
		return "IPv6"
	case uri.HostIPvFuture:
		return "IPvFuture"
	}
	return "reg-name"
}

// fixedText is text that every common record has between two of its
// components, stored whole, with what follows it in the slack after:
// one copy of a fixed size, where an append of a string calls memmove,
// which branches on its length.
type fixedText struct {
	text [48]byte
	n    int
}

func fixedOf(s string) (p fixedText) {
	if p.n = copy(p.text[:], s); p.n < len(s) {
		panic("breakdown: fixed text longer than 48 bytes: " + s)
	}
	return p
}

var (
	fixedInput     = fixedOf(`{"input":"`)
	fixedScheme    = fixedOf(`","valid":true,"kind":"uri","scheme":"`)
	fixedAuthority = fixedOf(`","authority":"`)
	fixedHost      = fixedOf(`","userinfo":null,"host":"`)
	fixedPath      = fixedOf(`","host_type":"reg-name","port":null,"path":"`)
	fixedQuery     = fixedOf(`","query":"`)
	fixedASCII     = fixedOf(`","fragment":null,"host_ascii":"`)
	fixedNoQuery   = fixedOf(`","query":null,"fragment":null,"host_ascii":"`)
	fixedUnicode   = fixedOf(`","host_unicode":"`)
	fixedLabels    = fixedOf(`","idna_error":null,"labels":`)
)

// putFixed stores p at at and returns where its text ends.
func putFixed(at unsafe.Pointer, p *fixedText) unsafe.Pointer {
	*(*[48]byte)(at) = p.text
	return unsafe.Add(at, p.n)
}

// copy32 copies the n bytes at from to at, 32 bytes at once where n is
// at most 32, and returns where they end.
func copy32(at, from unsafe.Pointer, n int) unsafe.Pointer {
	if n <= 32 {
		*(*[32]byte)(at) = *(*[32]byte)(from)
	} else {
		copy(unsafe.Slice((*byte)(at), n), unsafe.Slice((*byte)(from), n))
	}
	return unsafe.Add(at, n)
}

// copy64 is copy32 for 64 bytes.
func copy64(at, from unsafe.Pointer, n int) unsafe.Pointer {
	if n <= 64 {
		*(*[64]byte)(at) = *(*[64]byte)(from)
	} else {
		copy(unsafe.Slice((*byte)(at), n), unsafe.Slice((*byte)(from), n))
	}
	return unsafe.Add(at, n)
}

// jsonCommon writes the record of the commonest valid reference, a URI
// with a reg-name host and nothing international, neither userinfo, port
// nor fragment, and reports whether r was one. Its fixed text is stored
// whole, and its components copied from the record's own copy of the
// input, a fixed size at once, which the slack after them allows.
func (p *renderer) jsonCommon(r *Parsed) bool {
	u := &r.URI
	s := u.String()
	scheme, _ := u.Scheme()
	host, _ := u.Host()
	_, hasUserinfo := u.Userinfo()
	_, hasPort := u.Port()
	_, hasFragment := u.Fragment()
	f := &r.Forms
	if r.Err != nil || p.opts.IRI || r.SchemeAdded || !u.IsAbsolute() || u.HostType() != uri.HostRegName || host == "" ||
		hasUserinfo || hasPort || hasFragment || f.Err != nil || !ascii.Same(f.ASCII, host) || !ascii.Same(f.Unicode, host) ||
		!ascii.Same(r.Input, s) {
		return false
	}
	path := u.Path()
	query, hasQuery := u.Query()
	b := p.out.AvailableBuffer()
	// What is stored through at below: the fixed text (224 bytes), the
	// input, and the scheme, the host four times, the path and the
	// query, each at most the input; and a copy reaches 64 bytes past
	// its end. The labels and what follows them are appended.
	b = slices.Grow(b, 512+8*len(s))
	base := unsafe.Pointer(unsafe.SliceData(b))
	in := unsafe.Add(base, fixedInput.n)
	// from is where the record's copy of the input holds c, a
	// substring of s; an empty c may point anywhere, and is read from
	// the copy's start.
	from := func(c string) unsafe.Pointer {
		off := uintptr(unsafe.Pointer(unsafe.StringData(c))) - uintptr(unsafe.Pointer(unsafe.StringData(s)))
		if off > uintptr(len(s)) {
			off = 0
		}
		return unsafe.Add(in, off)
	}
	at := putFixed(base, &fixedInput)
	copy(unsafe.Slice((*byte)(at), len(s)), s)
	at = unsafe.Add(at, len(s))
	at = putFixed(at, &fixedScheme)
	at = copy32(at, in, len(scheme))
	hostAt := from(host)
	at = putFixed(at, &fixedAuthority)
	at = copy32(at, hostAt, len(host))
	at = putFixed(at, &fixedHost)
	at = copy32(at, hostAt, len(host))
	at = putFixed(at, &fixedPath)
	at = copy64(at, from(path), len(path))
	if hasQuery {
		at = putFixed(at, &fixedQuery)
		at = copy64(at, from(query), len(query))
		at = putFixed(at, &fixedASCII)
	} else {
		at = putFixed(at, &fixedNoQuery)
	}
	at = copy32(at, hostAt, len(host))
	at = putFixed(at, &fixedUnicode)
	at = copy32(at, hostAt, len(host))
	at = putFixed(at, &fixedLabels)
	b = b[:uintptr(at)-uintptr(base)]
	b = appendPlainLabels(b, host)
	b = appendPlainSegments(append(b, `,"segments":`...), path)
	b = appendQueryParams(append(b, `,"query_params":`...), r.Params, hasQuery)
	b = append(b, `,"error":null}`+"\n"...)
	p.out.Write(b)
	return true
}
