package render

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/fatih/color"
	"github.com/uritool/uritool/internal/check"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/idn"
	"github.com/uritool/uritool/internal/pct"
	"github.com/uritool/uritool/internal/stream"
	"github.com/uritool/uritool/pkg/uri"
)

// Parsed is the outcome of parsing one input, for the parse renderers.
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
	// Unmet says which must: field of the --get template the reference
	// has no value for, and UnmetAt where in Input it would be: the
	// operation checks, so that the input counts as a finding.
	Unmet   string
	UnmetAt int
}

// GetFields lists what parse --get can print: the components, the user
// and password of the userinfo (section 3.2.1), the host type and the
// kind of reference.
var GetFields = []string{"scheme", "authority", "userinfo", "user", "password", "host", "host_type", "port", "path", "query", "fragment", "kind"}

// ParseOptions configures a parse renderer.
type ParseOptions struct {
	Format       string       // text or json
	Get          []string     // fields for --get, in order; replaces the breakdown
	Template     *GetTemplate // --get with braces: one rendered line per input
	ShowPassword bool
	// DefaultPorts adds default ports by lowercase scheme (--default-port)
	// to pkg/uri's, for {default:port} and {surt}.
	DefaultPorts map[string]string
	Out, Err     *Palette
	// Width is the terminal's width in columns, 0 when unknown: a
	// breakdown wider than it gives way to the component list.
	Width int
}

// CheckGet refuses unknown --get fields.
func CheckGet(fields []string) error {
	for _, f := range fields {
		if _, inTemplates := plainTemplateFields[f]; inTemplates {
			return fmt.Errorf("invalid --get field %q: it is a template field, as in --get '{%s}'", f, f)
		}
		if !slices.Contains(GetFields, f) {
			return fmt.Errorf("invalid --get field %q (want %s)", f, strings.Join(GetFields, ", "))
		}
	}
	return nil
}

// Parser renders parse results: results on stdout, diagnostics on stderr.
type Parser struct {
	_    stream.CacheLinePad
	out  Writer
	opts ParseOptions
	get  []getField // opts.Get, looked up
	buf  []byte
	_    stream.CacheLinePad
}

// NewParser returns the parse renderer for opts.
func NewParser(opts ParseOptions) *Parser {
	p := &Parser{opts: opts}
	for _, name := range opts.Get {
		p.get = append(p.get, lookupField(name))
	}
	return p
}

// Render renders one parsed input.
func (p *Parser) Render(s *stream.Sink, r *Parsed) {
	p.out = s.Out
	switch {
	case p.opts.Format == FormatJSON:
		p.json(r)
	case p.opts.Template != nil:
		if r.Err != nil || r.Unmet != "" {
			s.Out.WriteByte('\n')
			p.diagnostic(s.Err, r)
			return
		}
		p.buf = append(p.opts.Template.Append(p.buf[:0], r, &p.opts), '\n')
		s.Out.Write(p.buf)
	case len(p.opts.Get) > 0:
		// One line per input, also for a failed one, so that the
		// output stays aligned with the input.
		if r.Err != nil {
			s.Out.WriteByte('\n')
			p.diagnostic(s.Err, r)
			return
		}
		for i := range p.get {
			if i > 0 {
				s.Out.WriteByte('\t')
			}
			v, _ := p.get[i].value(&r.URI, p.opts.ShowPassword)
			s.Out.WriteString(v)
		}
		s.Out.WriteByte('\n')
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

// getField is one of GetFields, looked up once, so that each input costs
// a switch on a number rather than comparisons of names.
type getField struct {
	of fieldOf
	c  uri.Component // for fieldComponent
}

type fieldOf uint8

const (
	fieldComponent fieldOf = iota
	fieldHostType
	fieldKind
	fieldUser
	fieldPassword
)

// lookupField finds name, one of GetFields.
func lookupField(name string) getField {
	switch name {
	case "host_type":
		return getField{of: fieldHostType}
	case "kind":
		return getField{of: fieldKind}
	case "user":
		return getField{of: fieldUser}
	case "password":
		return getField{of: fieldPassword}
	}
	for c := range uri.ComponentFragment + 1 {
		if c.String() == name {
			return getField{c: c}
		}
	}
	panic("render: unknown --get field " + name) // CheckGet and ParseGetTemplate refuse it first
}

// value returns the field of u, a valid reference, and whether it is
// defined. Unless showPassword, a password shows as Mask (section 7.5),
// alone or in the userinfo or the authority; an empty one is no password.
func (f *getField) value(u *uri.URI, showPassword bool) (string, bool) {
	switch f.of {
	case fieldHostType:
		t := u.HostType().String()
		return t, t != ""
	case fieldKind:
		return kindOf(*u), true
	case fieldUser, fieldPassword:
		// userinfo = user [ ":" password ] (section 3.2.1)
		userinfo, ok := u.Userinfo()
		user, password, hasPassword := strings.Cut(userinfo, ":")
		if f.of == fieldUser {
			return user, ok
		}
		if password != "" && !showPassword {
			password = Mask
		}
		return password, hasPassword
	}
	start, end, ok := u.Span(f.c)
	v := u.String()[start:end]
	if !showPassword {
		switch f.c {
		case uri.ComponentUserinfo:
			v = maskPassword(v, len(v))
		case uri.ComponentAuthority:
			// The first "@" ends the userinfo, which cannot hold one.
			if at := strings.IndexByte(v, '@'); at >= 0 {
				v = maskPassword(v, at)
			}
		}
	}
	return v, ok
}

// maskPassword writes as Mask the password of the userinfo v[:end]: end
// is len(v) for a userinfo, the "@" for an authority.
func maskPassword(v string, end int) string {
	colon := strings.IndexByte(v[:end], ':')
	if colon < 0 || colon+1 == end {
		return v
	}
	return v[:colon+1] + Mask + v[end:]
}

func (p *Parser) diagnostic(w Writer, r *Parsed) {
	f := finding.Finding{Offset: r.UnmetAt, Rule: RuleMust, Message: r.Unmet}
	if r.Err != nil {
		f = finding.Finding{Offset: r.Err.Offset, Rule: r.Err.Rule, Message: r.Err.Msg}
	}
	Diagnostic(w, p.opts.Err, strconv.Itoa(r.Line), check.ColumnOf("", r.Input, f.Offset), r.Input, &f, false, p.opts.ShowPassword)
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
	path = strings.TrimPrefix(path, "/")
	n := len(b)
	b = slices.Grow(b, 3*len(path)+4)[:n+3*len(path)+4]
	b[n], b[n+1] = '[', '"'
	n += 2
	for i := 0; i < len(path); i++ {
		c := path[i]
		slash := 0
		if c == '/' {
			slash = 1
		}
		b[n+2], b[n+1] = '"', ','
		b[n] = c ^ (c^'"')&byte(-slash)
		n += 1 + 2*slash
	}
	b[n], b[n+1] = '"', ']'
	return b[:n+2]
}

func (p *Parser) json(r *Parsed) {
	u := r.URI
	ok := r.Err == nil
	// The components are substrings of the input: when it is plain, so
	// are they, and none needs a look at its bytes.
	plain := jsonPlain(r.Input)
	b := append(p.buf[:0], '{')
	b = appendInputPlainOr(b, r.Input, plain)
	if r.SchemeAdded {
		b = append(b, `,"scheme_added":true`...)
	}
	b = appendBool(append(b, `,"valid":`...), ok)
	b = appendOptPlainOr(append(b, `,"kind":`...), kindOf(u), ok, true)
	// The components by their accessors and the keys as constants: the
	// record is written once per input, and looking components up by
	// name or number cost a fifth of parse --format json's time.
	scheme, hasScheme := u.Scheme()
	b = appendOptPlainOr(append(b, `,"scheme":`...), scheme, ok && hasScheme, plain)
	authority, hasAuthority := u.Authority()
	b = appendOptPlainOr(append(b, `,"authority":`...), authority, ok && hasAuthority, plain)
	userinfo, hasUserinfo := u.Userinfo()
	b = appendOptPlainOr(append(b, `,"userinfo":`...), userinfo, ok && hasUserinfo, plain)
	host, hasHost := u.Host()
	b = appendOptPlainOr(append(b, `,"host":`...), host, ok && hasHost, plain)
	hostType := u.HostType().String()
	b = appendOptPlainOr(append(b, `,"host_type":`...), hostType, ok && hostType != "", true)
	port, hasPort := u.Port()
	b = appendOptPlainOr(append(b, `,"port":`...), port, ok && hasPort, plain)
	b = appendOptPlainOr(append(b, `,"path":`...), u.Path(), ok, plain)
	query, hasQuery := u.Query()
	b = appendOptPlainOr(append(b, `,"query":`...), query, ok && hasQuery, plain)
	fragment, hasFragment := u.Fragment()
	b = appendOptPlainOr(append(b, `,"fragment":`...), fragment, ok && hasFragment, plain)
	forms := &r.Forms
	b = appendOptString(appendKey(b, "host_ascii"), forms.ASCII, forms.Defined && forms.Err == nil)
	b = appendOptString(appendKey(b, "host_unicode"), forms.Unicode, forms.Defined && forms.Err == nil)
	b = appendKey(b, "idna_error")
	if forms.Err != nil {
		e := forms.Err
		b = append(b, '{')
		b = appendString(appendKey(b, "label"), e.Label)
		b = strconv.AppendInt(appendKey(b, "offset"), int64(e.Offset), 10)
		b = appendString(appendKey(b, "rule"), e.Rule)
		b = appendString(appendKey(b, "message"), e.Error())
		b = append(b, '}')
	} else {
		b = append(b, "null"...)
	}
	b = appendKey(b, "segments")
	switch {
	case ok && plain:
		b = appendPlainSegments(b, u.Path())
	case ok:
		b = append(b, '[')
		first := true
		for seg := range u.Segments() {
			if !first {
				b = append(b, ',')
			}
			first = false
			b = appendString(b, seg)
		}
		b = append(b, ']')
	default:
		b = append(b, "null"...)
	}
	b = appendKey(b, "query_params")
	if _, defined := u.Query(); ok && defined {
		b = append(b, '[')
		for i, pair := range r.Params {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, '{')
			b = appendString(appendKey(b, "key"), pair.Key)
			b = appendString(appendKey(b, "value"), pair.Value)
			b = append(b, '}')
		}
		b = append(b, ']')
	} else {
		b = append(b, "null"...)
	}
	b = appendKey(b, "error")
	if r.Err != nil {
		b = appendFinding(b, &finding.Finding{Offset: r.Err.Offset, Rule: r.Err.Rule, Message: r.Err.Msg})
	} else {
		b = append(b, "null"...)
	}
	b = append(b, '}', '\n')
	p.buf = b
	p.out.Write(b)
}

// spanned is one component as the breakdown draws it.
type spanned struct {
	c          uri.Component
	start, end int // bytes of the displayed line
	col, cols  int // where it starts on the terminal, and how wide it is
	text       string
	color      *color.Color
}

// breakdown draws r's URI on one line, brackets each component under it
// in the manner of RFC 3986 section 3's diagram, and lists the components.
func (p *Parser) breakdown(r *Parsed) {
	u := r.URI
	pal := p.opts.Out
	shown, shift := u.String(), func(i int) int { return i }
	if start, end, ok := u.Span(uri.ComponentUserinfo); ok && !p.opts.ShowPassword {
		if colon := strings.IndexByte(u.String()[start:end], ':'); colon >= 0 && start+colon+1 < end {
			ps, pe := start+colon+1, end
			shown = u.String()[:ps] + Mask + u.String()[pe:]
			shift = func(i int) int {
				if i >= pe {
					return i - (pe - ps) + len(Mask)
				}
				return i
			}
		}
	}
	colors := map[uri.Component]*color.Color{
		uri.ComponentScheme: pal.Scheme, uri.ComponentAuthority: pal.Authority,
		uri.ComponentUserinfo: pal.Userinfo, uri.ComponentHost: pal.Host, uri.ComponentPort: pal.Port,
		uri.ComponentPath: pal.Path, uri.ComponentQuery: pal.Query, uri.ComponentFragment: pal.Fragment,
	}
	var spans []spanned
	for c := range uri.ComponentFragment + 1 {
		start, end, ok := u.Span(c)
		if !ok || c == uri.ComponentAuthority {
			continue
		}
		s, e := shift(start), shift(end)
		spans = append(spans, spanned{c, s, e, columns(shown[:s]), columns(shown[s:e]), shown[s:e], colors[c]})
	}

	if p.opts.Width > 0 && diagramWidth(shown, spans) > p.opts.Width {
		// Lines wider than the terminal would wrap and scramble the
		// picture; the list says the same in narrow lines.
		fmt.Fprintf(p.out, "  %s\n", line(shown, spans, pal))
		p.list(r, shown, shift, colors)
		return
	}
	fmt.Fprintf(p.out, "  %s\n", line(shown, spans, pal))
	p.diagram(spans)
	p.list(r, shown, shift, colors)
}

// diagramWidth is how many columns the breakdown's widest line takes: the
// URI, or a component name that sticks out past its end.
func diagramWidth(shown string, spans []spanned) int {
	w := columns(shown)
	for _, s := range spans {
		if s.cols > 0 {
			w = max(w, s.col+(s.cols-1)/2+len(s.c.String()))
		}
	}
	return w + 2
}

// line is the URI, each component in its color and delimiters plain.
func line(shown string, spans []spanned, pal *Palette) string {
	var line strings.Builder
	pos := 0
	for _, s := range spans {
		line.WriteString(pal.Dim.Sprint(shown[pos:s.start]))
		line.WriteString(s.color.Sprint(s.text))
		pos = s.end
	}
	line.WriteString(pal.Dim.Sprint(shown[pos:]))
	return line.String()
}

// diagram draws a bracket under each non-empty component and its name
// under the bracket's pole. Names are placed from the right, each on the
// first row where it ends before the name already there, so the poles of
// names on lower rows never cross a name above them.
func (p *Parser) diagram(spans []spanned) {
	type label struct {
		pole, row int
		s         spanned
	}
	var labels []label
	var brackets strings.Builder
	col := 0
	for _, s := range spans {
		if w := s.cols; w > 0 {
			brackets.WriteString(strings.Repeat(" ", s.col-col))
			brackets.WriteString(s.color.Sprint(bracket(w)))
			col = s.col + w
			labels = append(labels, label{pole: s.col + (w-1)/2, s: s})
		}
	}
	if len(labels) == 0 {
		return
	}
	// free[r] is the first column taken on row r by a name or by the pole
	// of a name further down; a name must end before it.
	var free []int
	for i := len(labels) - 1; i >= 0; i-- {
		l := &labels[i]
		end := l.pole + len(l.s.c.String())
		for l.row < len(free) && end >= free[l.row] {
			l.row++
		}
		if l.row == len(free) {
			free = append(free, 0)
		}
		for r := 0; r <= l.row; r++ {
			free[r] = l.pole
		}
	}
	fmt.Fprintf(p.out, "  %s\n", brackets.String())
	for row := range free {
		var b strings.Builder
		col := 0
		for _, l := range labels {
			switch {
			case l.pole < col: // cannot happen with the placement above
			case l.row == row:
				b.WriteString(strings.Repeat(" ", l.pole-col))
				b.WriteString(l.s.color.Sprint(l.s.c.String()))
				col = l.pole + len(l.s.c.String())
			case l.row > row:
				b.WriteString(strings.Repeat(" ", l.pole-col))
				b.WriteString(l.s.color.Sprint("│"))
				col = l.pole + 1
			}
		}
		fmt.Fprintf(p.out, "  %s\n", b.String())
	}
}

// bracket draws a span of width w with its pole at (w-1)/2: "┬" alone,
// or "└─┬─┘" with the corners at the span's ends.
func bracket(w int) string {
	if w == 1 {
		return "┬"
	}
	pole := (w - 1) / 2
	left := "└" + strings.Repeat("─", max(pole-1, 0))
	if pole == 0 {
		left = ""
	}
	return left + "┬" + strings.Repeat("─", w-pole-2) + "┘"
}

// list writes each component with its value, marking undefined ones as
// absent so they differ from empty ones.
func (p *Parser) list(r *Parsed, shown string, shift func(int) int, colors map[uri.Component]*color.Color) {
	u := r.URI
	pal := p.opts.Out
	value := func(c uri.Component) string {
		start, end, ok := u.Span(c)
		switch {
		case !ok:
			return pal.Dim.Sprint("(absent)")
		case start == end:
			return pal.Dim.Sprint(`"" (empty)`)
		}
		return colors[c].Sprint(shown[shift(start):shift(end)])
	}
	row := func(indent, name, v string) {
		fmt.Fprintf(p.out, "  %s%s %s\n", indent, pal.Label.Sprintf("%-*s", 11-len(indent), name), v)
	}
	kind := "URI (has a scheme)"
	if !u.IsAbsolute() {
		kind = "relative reference"
	}
	fmt.Fprintln(p.out)
	row("", "kind", kind)
	row("", "scheme", value(uri.ComponentScheme))
	row("", "authority", value(uri.ComponentAuthority))
	if _, ok := u.Authority(); ok {
		row("  ", "userinfo", value(uri.ComponentUserinfo))
		host := value(uri.ComponentHost)
		switch forms := &r.Forms; {
		case forms.Err != nil:
			host += " " + pal.Warning.Sprintf("(not a valid IDNA name: %v [%s])", forms.Err, forms.Err.Rule)
		case forms.ASCII != forms.Unicode:
			// Both forms: the one as written first, then the other.
			other := forms.ASCII
			if h, _ := u.Host(); strings.EqualFold(h, forms.ASCII) {
				other = forms.Unicode
			}
			host += " (" + pal.Host.Sprint(other) + ")"
		}
		row("  ", "host", host+" "+pal.Dim.Sprintf("(%s)", hostTypeName(u.HostType())))
		row("  ", "port", value(uri.ComponentPort))
	}
	row("", "path", value(uri.ComponentPath))
	var segs []string
	for seg := range u.Segments() {
		segs = append(segs, pal.Path.Sprintf("%q", seg))
	}
	if len(segs) > 0 {
		row("  ", "segments", strings.Join(segs, pal.Dim.Sprint(", ")))
	}
	row("", "query", value(uri.ComponentQuery))
	if q, ok := u.Query(); ok && q != "" {
		if pairs := r.Params; len(pairs) > 0 {
			fmt.Fprintf(p.out, "  %s\n", pal.Dim.Sprint("  as form data (HTML form encoding, not RFC 3986):"))
			for _, pair := range pairs {
				fmt.Fprintf(p.out, "      %s = %s\n", pal.Query.Sprintf("%q", pair.Key), pal.Query.Sprintf("%q", pair.Value))
			}
		}
	}
	row("", "fragment", value(uri.ComponentFragment))
}

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
