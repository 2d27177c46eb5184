package render

import (
	"slices"
	"strings"

	"github.com/uritool/uritool/internal/interop"
	"github.com/uritool/uritool/internal/stream"
)

// Interop is how the parsers of internal/interop read one input.
type Interop struct {
	Line     int
	Input    string
	Base     string // the base URL the input was resolved against, "" for none
	Readings [3]interop.Reading
	Disagree []string // components, "accepted" first when acceptance differs
}

// InteropOptions configures an interop renderer.
type InteropOptions struct {
	Format string // text or json
	Out    *Palette
}

// NewInteropRenderer returns the renderer for o.Format.
func NewInteropRenderer(o InteropOptions) Renderer[Interop] {
	if o.Format == FormatJSON {
		return &interopJSON{}
	}
	return &interopText{o: o}
}

type interopJSON struct {
	_   stream.CacheLinePad
	buf []byte
	_   stream.CacheLinePad
}

// Render writes {"input", "base" with one, one object per parser by
// name, "disagree", "agree"}; a component a parser did not find is null.
func (j *interopJSON) Render(s *stream.Sink, r *Interop) {
	b := append(j.buf[:0], '{')
	b = appendInput(b, r.Input)
	if r.Base != "" {
		b = appendString(appendKey(b, "base"), r.Base)
	}
	for _, rd := range r.Readings {
		b = append(appendKey(b, rd.Parser), '{')
		b = appendBool(appendKey(b, "accepted"), rd.OK)
		b = appendOptString(appendKey(b, "error"), rd.Err, !rd.OK)
		for _, c := range interop.Components {
			v, defined := readingValue(rd, c)
			b = appendOptString(appendKey(b, c), v, rd.OK && defined)
		}
		b = append(b, '}')
	}
	b = append(appendKey(b, "disagree"), '[')
	for i, c := range r.Disagree {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, c)
	}
	b = append(b, ']')
	b = appendBool(appendKey(b, "agree"), len(r.Disagree) == 0)
	b = append(b, '}', '\n')
	j.buf = b
	s.Out.Write(b)
}

// readingValue is component c as the parser read it, and whether it
// found one.
func readingValue(r interop.Reading, c string) (string, bool) {
	switch c {
	case "scheme":
		return r.Scheme, r.Scheme != ""
	case "userinfo":
		return r.Userinfo, r.HasUserinfo
	case "host":
		return r.Host, r.HasHost
	case "port":
		return r.Port, r.HasPort
	case "path":
		return r.Path, true
	case "query":
		return r.Query, r.HasQuery
	case "fragment":
		return r.Fragment, r.HasFragment
	}
	return "", false
}

// interopText draws a table per input: one column per parser, one row per
// component, the rows the parsers disagree on in the error color, or
// marked with "≠" without color, then the errors and the verdict.
type interopText struct {
	o InteropOptions
}

func (t *interopText) Render(s *stream.Sink, r *Interop) {
	pal := t.o.Out
	w := s.Out
	w.WriteString(pal.Label.Sprint(maskedText(r.Input)))
	w.WriteByte('\n')
	rows := [][]string{append([]string{""}, interop.Parsers...)}
	names := append([]string{"accepted"}, interop.Components...)
	for _, c := range names {
		row := []string{c}
		for _, rd := range r.Readings {
			row = append(row, cell(rd, c))
		}
		rows = append(rows, row)
	}
	widths := make([]int, len(rows[0]))
	for _, row := range rows {
		for i, v := range row {
			widths[i] = max(widths[i], columns(v))
		}
	}
	for i, row := range rows {
		differs := i > 0 && slices.Contains(r.Disagree, row[0])
		mark := "  "
		if differs && !pal.On {
			mark = "≠ "
		}
		var line strings.Builder
		for k, v := range row {
			line.WriteString(v)
			if k < len(row)-1 {
				line.WriteString(strings.Repeat(" ", widths[k]-columns(v)+2))
			}
		}
		text := strings.TrimRight(line.String(), " ")
		switch {
		case i == 0:
			text = pal.Dim.Sprint(text)
		case differs:
			text = pal.Error.Sprint(text)
		}
		w.WriteString(mark)
		w.WriteString(text)
		w.WriteByte('\n')
	}
	for _, rd := range r.Readings {
		if !rd.OK {
			// whatwg's messages can quote the input's bytes.
			w.WriteString("  " + pal.Dim.Sprint(rd.Parser+" rejects it: ") + maskedText(rd.Err) + "\n")
		}
	}
	if len(r.Disagree) == 0 {
		w.WriteString("  " + pal.OK.Sprint("the parsers agree") + "\n\n")
		return
	}
	w.WriteString("  " + pal.Error.Sprint("the parsers disagree on "+strings.Join(r.Disagree, ", ")) + "\n\n")
}

// cell is one parser's reading of c for the table, shown as CaretView
// shows input: non-printing bytes escaped and the password of the userinfo
// masked. It is quoted when empty or when it holds a space or a quote,
// which would blur where it ends; "-" when there is none.
func cell(r interop.Reading, c string) string {
	if c == "accepted" {
		if r.OK {
			return "yes"
		}
		return "no"
	}
	v, defined := readingValue(r, c)
	switch {
	case !r.OK:
		return ""
	case !defined:
		return "-"
	}
	ps := len(v)
	if colon := strings.IndexByte(v, ':'); c == "userinfo" && colon >= 0 {
		ps = colon + 1 // RFC 3986 section 3.2.1, as passwordSpan
	}
	var b strings.Builder
	writeShown(&b, v, 0, len(v), len(v), ps, len(v), ps < len(v))
	shown := b.String()
	if shown == "" || strings.ContainsAny(shown, ` "`) {
		return `"` + strings.ReplaceAll(shown, `"`, `\"`) + `"`
	}
	return shown
}
