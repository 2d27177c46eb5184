package extract

import (
	"slices"
	"strings"

	"github.com/uritool/uritool/internal/ascii"
)

// AsciiDoc (the Asciidoctor User Manual): delimited blocks are told by
// their delimiter lines, "----" (listing), "...." (literal), "////"
// (comment) and "```" (a fenced code block), each closed by the same
// line; a paragraph after a [source], [listing] or [literal] attribute
// line, or whose first line is indented, is code up to a blank line;
// a line starting "//" (not "///") is a comment. Inline, `x` is code.
// A URL ends at the '[' of its macro, https://x[text], as Asciidoctor
// reads no bracket in one; link:, image: and xref: macros and <<id>>
// cross references give relative references, and {name} references in
// them are replaced by the value of an attribute entry ":name: value"
// met before, as Asciidoctor substitutes attributes before macros.

// adocState is what an AsciiDoc line leaves for the lines after it.
type adocState struct {
	fence     byte // the delimiter of the open block, or 0
	fenceLen  int
	fenceCode bool // the open block is code, not a comment
	// styled: the last block attribute line made the next paragraph
	// code; para: a code paragraph is open, up to a blank line;
	// prevBlank: a paragraph starts on the next line; style: the line
	// starts as a [source] attribute line does.
	styled, para, prevBlank, style bool
	attrs                          map[string]string
	// text: the last line was a paragraph's, of runes code points, which
	// a line of '-' as long, give or take one, underlines as a section
	// title ("NAME" then "----"), as Asciidoctor reads it, not a listing.
	text  bool
	runes int
}

func newAdocState() adocState { return adocState{prevBlank: true} }

// adocCode reports whether line is code, and sets e.comment; with p,
// line is the start of a longer line, and known is false when that
// cannot be told yet.
func (e *Extractor) adocCode(line string, p *past) (code, known bool) {
	s := &e.adoc
	indent, _ := leadingSpaces(line)
	blank, known := isBlank(line, p)
	if !known {
		return false, false
	}
	delim, n, known := adocDelimiter(line, p)
	if !known {
		return false, false
	}
	if p != nil && line == "/" {
		return false, false
	}
	style := false
	for _, st := range []string{"[source", "[listing", "[literal"} {
		if p != nil && len(line) <= len(st) && strings.HasPrefix(st, line) {
			return false, false
		}
		style = style || len(line) > len(st) && strings.HasPrefix(line, st) && (line[len(st)] == ',' || line[len(st)] == ']')
	}
	e.comment, s.style = false, false
	if s.fence != 0 {
		if delim == s.fence && n == s.fenceLen {
			s.fence = 0
		}
		e.comment = !s.fenceCode
		return s.fenceCode, true
	}
	if blank {
		s.para, s.prevBlank = false, true
		return false, true
	}
	prevBlank, text := s.prevBlank, s.text
	s.prevBlank, s.text = false, false
	if delim == '-' && text && abs(s.runes-n) < 2 {
		return false, true // a two-line section title's underline
	}
	if delim != 0 {
		s.fence, s.fenceLen, s.fenceCode, s.styled, s.para = delim, n, delim != '/', false, false
		e.comment = delim == '/'
		return delim != '/', true
	}
	if strings.HasPrefix(line, "//") && !strings.HasPrefix(line, "///") {
		e.comment = true
		return false, true
	}
	if s.para {
		return true, true
	}
	if s.styled || prevBlank && indent > 0 {
		s.styled, s.para = false, true
		return true, true
	}
	s.style = style
	s.text = line != "" && line[0] > ' ' && line[0] != '.' && line[0] != '[' && !style
	return false, true
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// runeStarts counts the bytes of b that start a UTF-8 sequence, the
// code points of valid text; a line's pieces add up to its count.
func runeStarts(b string) int {
	n := 0
	for i := 0; i < len(b); i++ {
		if b[i]&0xC0 != 0x80 {
			n++
		}
	}
	return n
}

// adocDelimiter returns the delimiter a line is, '-', '.' or '/' for a
// run of four or more ("```" is '`'), and its length; 0 for none.
func adocDelimiter(line string, p *past) (byte, int, bool) {
	if strings.HasPrefix(line, "```") {
		return '`', 3, true
	}
	if line == "" || strings.IndexByte("-./", line[0]) < 0 {
		if p != nil && strings.HasPrefix("```", line) {
			return 0, 0, false
		}
		return 0, 0, true
	}
	n := fenceRun(line, line[0])
	blank := strings.TrimRight(line[n:], " \t\r") == ""
	if p != nil && blank {
		return 0, 0, false // the run, or the blanks, may go on
	}
	if n < 4 || !blank {
		return 0, 0, true
	}
	return line[0], n, true
}

// end notes, at the end of a line, a block attribute line that makes
// the next paragraph code.
func (s *adocState) end(text string) {
	if s.style && strings.HasSuffix(strings.TrimRight(text, " \t\r"), "]") {
		s.styled = true
	}
}

// maxAttribute bounds an attribute entry line: a longer one is not
// recorded, so that a window never holds more of its line.
const maxAttribute = 4 << 10

// attributeEntry reads the attribute entry that line is, ":name: value"
// (":name!:" unsets it), or says it is none.
func attributeEntry(line string) (name, value string, unset, ok bool) {
	if !strings.HasPrefix(line, ":") {
		return "", "", false, false
	}
	j := 1
	for j < len(line) && (isSchemeChar(line[j]) || line[j] == '_') {
		j++
	}
	name = strings.ToLower(line[1:j])
	if j < len(line) && line[j] == '!' {
		unset = true
		j++
	}
	if name == "" || j == len(line) || line[j] != ':' {
		return "", "", false, false
	}
	return name, strings.TrimSpace(line[j+1:]), unset, true
}

// asciidocLine appends the candidates of an AsciiDoc line: its prose's,
// each cut at a '[' and its attribute references replaced, and the
// references of its macros and cross references. It records an
// attribute entry. In a window, it returns the first offset it could
// not decide.
func (e *Extractor) asciidocLine(dst []Found, w *window, code [][2]int) ([]Found, int) {
	line := w.text
	s := &e.adoc
	if w.past == nil {
		s.end(line)
	}
	if e.comment {
		return dst, len(line)
	}
	undecided := len(line)
	if e.kind != codeLine && w.base+w.from == 0 && strings.HasPrefix(line, ":") {
		// The entry applies from the next line; it needs its line whole.
		switch {
		case w.past == nil && len(line) <= maxAttribute:
			if name, value, unset, ok := attributeEntry(line); ok {
				s.set(name, e.substitute(value), unset)
			}
		case w.past != nil && len(line) <= maxAttribute:
			undecided = 0
		}
	}
	start := len(dst)
	dst, end := e.appendProse(dst, line, w.from, 0, nil, w)
	undecided = min(undecided, end)
	if e.kind == codeLine {
		return dst, undecided
	}
	kept := start
	for _, f := range dst[start:] {
		if f, ok := e.adocURL(f, line); ok {
			// A backslash keeps what follows from a replacement
			// ("v1\...v2" is not an ellipsis) and is gone once
			// rendered.
			dst[kept] = unescape(f)
			kept++
		}
	}
	dst = dst[:kept]
	before := len(dst)
	dst, end = e.adocMacros(dst, w, code)
	undecided = min(undecided, end)
	if len(dst) > before && before > start {
		slices.SortStableFunc(dst[start:], func(a, b Found) int { return a.Offset - b.Offset })
	}
	return dst, undecided
}

func (s *adocState) set(name, value string, unset bool) {
	if unset {
		delete(s.attrs, name)
		return
	}
	if s.attrs == nil {
		s.attrs = map[string]string{}
	}
	// Copies: the line is the caller's, or the window's, and reused.
	s.attrs[strings.Clone(name)] = strings.Clone(value)
}

// attribute returns the value of the attribute name: the document's
// entries, then Asciidoctor's built-in character attributes.
func (s *adocState) attribute(name string) (string, bool) {
	name = strings.ToLower(name)
	if v, ok := s.attrs[name]; ok {
		return v, true
	}
	v, ok := builtinAttributes[name]
	return v, ok
}

// builtinAttributes are the attributes Asciidoctor defines for characters
// that markup would otherwise take ({tilde} in "~user" paths).
var builtinAttributes = map[string]string{
	"amp": "&", "apos": "'", "asterisk": "*", "backslash": "\\", "backtick": "`",
	"blank": "", "caret": "^", "cpp": "C++", "cxx": "C++", "deg": "\u00b0", "empty": "",
	"endsb": "]", "gt": ">", "ldquo": "\u201c", "lsquo": "\u2018", "lt": "<",
	"nbsp": "\u00a0", "plus": "+", "pp": "++", "quot": "\"", "rdquo": "\u201d",
	"rsquo": "\u2019", "sp": " ", "startsb": "[", "tilde": "~", "two-colons": "::",
	"two-semicolons": ";;", "vbar": "|", "wj": "\u2060", "zwsp": "\u200b",
}

// substitute replaces the attribute references of value that are set.
func (e *Extractor) substitute(value string) string {
	if strings.IndexByte(value, '{') < 0 {
		return value
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(value, '{')
		if i < 0 {
			break
		}
		k := strings.IndexByte(value[i:], '}')
		if k < 0 {
			break
		}
		b.WriteString(value[:i])
		if v, ok := e.adoc.attribute(value[i+1 : i+k]); ok {
			b.WriteString(v)
		} else {
			b.WriteString(value[i : i+k+1])
		}
		value = value[i+k+1:]
	}
	b.WriteString(value)
	return b.String()
}

// adocURL cuts a candidate of the prose scan at its first bracket (the
// scan took "https://x[text]" for an IP-literal's), and replaces the
// attribute references in it; false when nothing is left past the
// scheme.
func (e *Extractor) adocURL(f Found, line string) (Found, bool) {
	if n := strings.IndexAny(f.Text, "[]"); n >= 0 {
		f.Text = f.Text[:n]
		body := strings.IndexByte(f.Text, ':') + 1
		if strings.HasPrefix(f.Text[body:], "//") {
			body += 2
		}
		if body >= len(f.Text) {
			return f, false
		}
	}
	if strings.IndexByte(f.Text, '{') >= 0 {
		if g, ok := e.spliceAttributes(line, f.Offset, f.Offset+len(f.Text), ""); ok {
			g.Relative = f.Relative
			return g, true
		}
	}
	return f, true
}

// spliceAttributes builds line[lo:hi] with its attribute references that
// are set replaced, after prefix (inserted at lo); false when it would
// be line[lo:hi] as written.
func (e *Extractor) spliceAttributes(line string, lo, hi int, prefix string) (Found, bool) {
	sp := e.decoded.begin()
	sp.insert(prefix, lo)
	changed := prefix != ""
	from := lo
	for i := lo; i < hi; i++ {
		if line[i] != '{' {
			continue
		}
		k := strings.IndexByte(line[i:hi], '}')
		if k < 0 {
			break
		}
		v, ok := e.adoc.attribute(line[i+1 : i+k])
		if !ok {
			continue
		}
		sp.copy(line, from, i)
		sp.insert(v, i)
		from, i, changed = i+k+1, i+k, true
	}
	sp.copy(line, from, hi)
	f := sp.found(lo, hi)
	return f, changed
}

// maxXref bounds a cross reference, <<id,text>>: a longer one is taken
// for none, so that a window never waits on it without bound.
const maxXref = 1 << 10

// adocMacros appends the references of an AsciiDoc line's link:, image:,
// image:: and xref: macros, its <<id>> cross references, and its URLs
// that start with an attribute reference, "{url-docs}/x[text]"; code are
// its code spans, in which there is none. Absolute ones written with a
// scheme are the prose scan's.
func (e *Extractor) adocMacros(dst []Found, w *window, code [][2]int) ([]Found, int) {
	line := w.text
	colons, angles, braces := byteFinder{c: ':', at: -1}, byteFinder{c: '<', at: -1}, byteFinder{c: '{', at: -1}
	for i := w.from; i < len(line); i++ {
		// Most bytes start nothing: go to the next '<', '{', or ':' after
		// a macro's name, and read the name back from it.
		n := min(colons.from(line, i), angles.from(line, i), braces.from(line, i))
		if n >= len(line) {
			break
		}
		if line[n] == ':' {
			if at := macroName(line, n); at >= i {
				i = at
			} else {
				i = n
				continue
			}
		} else {
			i = n
		}
		c := line[i]
		// A macro's name starts a word.
		if c != '<' && i > 0 && (isSchemeChar(line[i-1]) || line[i-1] == '_' || line[i-1] == '\\') ||
			inSpans(code, i) {
			continue
		}
		if c == '<' {
			if i+1 == len(line) {
				if w.past != nil {
					return dst, i
				}
				continue
			}
			if line[i+1] != '<' {
				continue
			}
			// No cut between the two: a window that starts at the
			// second would not see the first.
			w.cover(i, i+2)
			limit := min(len(line), i+2+maxXref)
			k := strings.Index(line[i+2:limit], ">>")
			if k < 0 {
				if limit == len(line) && w.past != nil {
					return dst, i
				}
				continue
			}
			closing := i + 2 + k
			target := closing
			if comma := strings.IndexByte(line[i+2:closing], ','); comma >= 0 {
				target = i + 2 + comma
			}
			if f, ok := e.xref(line, i+2, target); ok {
				dst = append(dst, f)
			}
			w.cover(i, closing+2)
			i = closing + 1
			continue
		}
		prefix := ""
		switch {
		case c == '{':
			if i > 0 && strings.IndexByte(" \t(", line[i-1]) < 0 {
				continue
			}
		default:
			for _, m := range []string{"link:", "image::", "image:", "xref:"} {
				if strings.HasPrefix(line[i:], m) {
					prefix = m
					break
				}
			}
			if prefix == "" {
				continue
			}
		}
		ts := i + len(prefix)
		j := ts
		for j < len(line) && line[j] != ' ' && line[j] != '\t' && line[j] != '[' {
			j++
		}
		if j == len(line) && w.past != nil {
			return dst, i
		}
		if j == len(line) || line[j] != '[' || j == ts {
			i = j - 1
			continue
		}
		if f, ok := e.macro(line, prefix, ts, j); ok {
			dst = append(dst, f)
		}
		w.cover(i, j+1)
		i = j
	}
	return dst, len(line)
}

// macro returns the reference of a macro whose target is line[lo:hi]:
// relative, or made absolute by an attribute reference; false for one
// written with a scheme, or for one that is a lone "{url}" whose URL its
// attribute entry holds, checked there.
func (e *Extractor) macro(line, prefix string, lo, hi int) (Found, bool) {
	raw := line[lo:hi]
	if hasScheme(raw) {
		return Found{}, false
	}
	if prefix == "xref:" {
		return e.xref(line, lo, hi)
	}
	imagesdir := ""
	if dir, ok := e.adoc.attrs["imagesdir"]; ok && strings.HasPrefix(prefix, "image") && dir != "" {
		imagesdir = strings.TrimSuffix(dir, "/") + "/"
	}
	f, changed := e.spliceAttributes(line, lo, hi, "")
	if changed && imagesdir != "" && !hasScheme(f.Text) && !strings.HasPrefix(f.Text, "/") {
		f, _ = e.spliceAttributes(line, lo, hi, imagesdir)
	}
	if !changed {
		f = Found{Candidate: Candidate{Offset: lo, Text: raw}}
		if imagesdir != "" && !strings.HasPrefix(raw, "/") {
			f, _ = e.spliceAttributes(line, lo, hi, imagesdir)
		}
	}
	whole := raw[0] == '{' && strings.IndexByte(raw, '}') == len(raw)-1
	if prefix == "" && (!changed || !hasScheme(f.Text)) || whole && hasScheme(f.Text) {
		return Found{}, false
	}
	f.Relative = !hasScheme(f.Text)
	if imagesdir == "" && strings.HasPrefix(prefix, "image") {
		f.Family = ImageFamily
	}
	return unescape(f), true
}

// xref returns the reference of a cross reference to line[lo:hi]: an id
// of this document, "#id", unless it names a document, "doc.adoc" or
// "doc.adoc#id" ("doc#id" is "doc.adoc#id"). A target with blanks is a
// section's title, which is not checked.
func (e *Extractor) xref(line string, lo, hi int) (Found, bool) {
	for lo < hi && line[lo] == ' ' {
		lo++
	}
	for hi > lo && line[hi-1] == ' ' {
		hi--
	}
	ref := line[lo:hi]
	// An id or a path starts with a word's character or a dot:
	// "+<<<<<<<+" is a passed-through conflict marker, no reference.
	if ref == "" || strings.ContainsAny(ref, " \t") || hasScheme(ref) || !(ascii.IsAlpha(ref[0]) || ascii.IsDigit(ref[0]) || strings.IndexByte("_.#/", ref[0]) >= 0 || ref[0] >= 0x80) {
		return Found{}, false
	}
	sp := e.decoded.begin()
	path, _, hasFragment := strings.Cut(ref, "#")
	switch {
	case !hasFragment && !strings.HasSuffix(ref, ".adoc"):
		sp.insert("#", lo)
		sp.copy(line, lo, hi)
	case hasFragment && path != "" && !strings.Contains(path[strings.LastIndexByte(path, '/')+1:], "."):
		sp.copy(line, lo, lo+len(path))
		sp.insert(".adoc", lo+len(path))
		sp.copy(line, lo+len(path), hi)
	default:
		sp.copy(line, lo, hi)
	}
	f := sp.found(lo, hi)
	f.Relative = true
	if f.Text[0] != '#' {
		f.Family = PageFamily
	}
	return f, true
}

// macroName returns where the name of the macro whose ':' stands at
// colon begins ("link", "image", "xref"), or -1.
func macroName(line string, colon int) int {
	for _, name := range [...]string{"link", "image", "xref"} {
		if colon >= len(name) && line[colon-len(name):colon] == name {
			return colon - len(name)
		}
	}
	return -1
}
