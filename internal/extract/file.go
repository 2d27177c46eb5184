package extract

import (
	"fmt"
	"html"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/uritool/uritool/internal/ascii"
)

// Kind is the kind of a file, which decides where its URIs stand.
type Kind uint8

const (
	Text     Kind = iota // prose: Line's rules
	Markdown             // prose, less code blocks and spans
	HTML                 // URL attributes, entity-decoded; prose between tags
)

var kindNames = [...]string{"text", "markdown", "html"}

// Kinds lists the names ParseKind accepts.
var Kinds = kindNames[:]

// ParseKind reads a kind's name, as --type gives it.
func ParseKind(name string) (Kind, error) {
	for i, n := range kindNames {
		if n == name {
			return Kind(i), nil
		}
	}
	return 0, fmt.Errorf("unknown file type %q (want text, markdown or html)", name)
}

// KindOf tells a file's kind by its extension; anything else is text.
func KindOf(path string) Kind {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".md", ".markdown", ".mdown", ".mkd", ".mkdn":
		return Markdown
	case ".html", ".htm", ".xhtml":
		return HTML
	}
	return Text
}

// Known reports whether a directory walk takes a file of this name: the
// Markdown and HTML kinds, and plain text.
func Known(path string) bool {
	return KindOf(path) != Text || strings.EqualFold(filepath.Ext(path), ".txt")
}

// Options says how to read a file.
type Options struct {
	Kind Kind
	// IncludeCode checks URIs in Markdown code blocks and spans, which
	// are skipped by default: they are examples, often wrong on purpose.
	IncludeCode bool
}

// Suppression says which findings of a candidate to drop: none, all, or
// those of the rules listed.
type Suppression struct {
	All   bool
	Rules []string
}

// Drops reports whether the suppression drops findings of rule.
func (s Suppression) Drops(rule string) bool {
	if s.All {
		return true
	}
	for _, r := range s.Rules {
		if r == rule {
			return true
		}
	}
	return false
}

// Any reports whether the suppression drops anything.
func (s Suppression) Any() bool { return s.All || len(s.Rules) > 0 }

// Found is one candidate of a file, with what applies to it.
type Found struct {
	Candidate
	// Relative marks a relative reference taken from an HTML attribute;
	// it is a URI-reference, to be checked as one.
	Relative bool
	// Suppress is what the inline markers suppress for it.
	Suppress Suppression
	// sourceOf maps a byte offset in Text to one in the line, for text
	// decoded from entities; nil when Text is the line's substring.
	sourceOf []int
}

// SourceOffset maps a byte offset in f.Text to the byte offset in the line
// of the character it came from.
func (f *Found) SourceOffset(off int) int {
	if f.sourceOf == nil {
		return f.Offset + off
	}
	if off >= len(f.sourceOf) {
		return f.sourceOf[len(f.sourceOf)-1]
	}
	return f.sourceOf[off]
}

// Extractor finds the URIs of one file, a line at a time, keeping the state
// that spans lines: Markdown code fences and indented code, and the
// suppression markers.
type Extractor struct {
	opts Options
	// Markdown code: an open fence (its character and length), and
	// whether the last line was blank or indented code.
	fenceChar            byte
	fenceLen             int
	prevBlank, prevCode  bool
	region, nextLine     Suppression
	regionOn, nextLineOn bool
	spans, values        [][2]int
	found                []Candidate
}

// New returns an Extractor for a file read with opts.
func New(opts Options) *Extractor {
	return &Extractor{opts: opts, prevBlank: true}
}

// Line appends the candidates of the next line of the file to dst. Those
// in Markdown code (skipped unless IncludeCode) come wholly suppressed, so
// that they are counted but not checked.
func (e *Extractor) Line(dst []Found, line string) []Found {
	sup := e.suppressionFor(line)
	code, spans := false, e.spans[:0]
	if e.opts.Kind == Markdown {
		// Code is told apart with --include-code too: it is literal,
		// with no raw HTML, character references or escapes.
		if code = e.markdownCode(line); !code {
			spans = codeSpans(spans, line)
		}
	}
	e.spans = spans
	start := len(dst)
	switch {
	case e.opts.Kind == HTML, e.opts.Kind == Markdown && !code:
		dst = e.markupLine(dst, line, spans)
	default:
		dst = e.appendProse(dst, line, 0, nil)
	}
	skipCode := e.opts.Kind == Markdown && !e.opts.IncludeCode
	for i := start; i < len(dst); i++ {
		dst[i].Suppress = sup
		if skipCode && (code || inSpans(spans, dst[i].Offset)) {
			dst[i].Suppress = Suppression{All: true}
		}
	}
	return dst
}

// appendProse appends the candidates Line finds in text, which stands at
// offset base of the line; sourceOf, when text was decoded, maps each of
// its offsets to the line's instead.
func (e *Extractor) appendProse(dst []Found, text string, base int, sourceOf []int) []Found {
	e.found = Line(e.found[:0], text)
	for _, c := range e.found {
		f := Found{Candidate: c}
		if sourceOf == nil {
			f.Offset += base
		} else {
			f.Offset = sourceOf[c.Offset]
			f.sourceOf = sourceOf[c.Offset : c.Offset+len(c.Text)+1]
		}
		dst = append(dst, f)
	}
	return dst
}

// Markers, in any comment syntax (the rest of the line is ignored but for
// rule ids following the marker).
const (
	markerPrefix   = "uritool-"
	markerNextLine = "uritool-disable-next-line"
	markerLine     = "uritool-disable-line"
	markerOff      = "uritool-disable"
	markerOn       = "uritool-enable"
)

// suppressionFor reads the markers of line and returns what applies to
// its own candidates.
func (e *Extractor) suppressionFor(line string) Suppression {
	var sup Suppression
	if e.nextLineOn {
		sup, e.nextLineOn = e.nextLine, false
	}
	if e.regionOn {
		sup = merge(sup, e.region)
	}
	for i := strings.Index(line, markerPrefix); i >= 0; {
		rest := line[i:]
		word := rest[:wordEnd(rest)]
		rules := ruleList(rest[len(word):])
		switch word {
		case markerNextLine:
			e.nextLine, e.nextLineOn = rules, true
		case markerLine:
			sup = merge(sup, rules)
		case markerOff:
			e.region, e.regionOn = rules, true
		case markerOn:
			e.regionOn = false
		}
		j := strings.Index(line[i+len(markerPrefix):], markerPrefix)
		if j < 0 {
			break
		}
		i += len(markerPrefix) + j
	}
	return sup
}

// wordEnd is where the marker word at the start of s ends.
func wordEnd(s string) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= 'a' && c <= 'z' || c == '-') {
			return i
		}
	}
	return len(s)
}

// ruleList reads the rule ids after a marker: words of lowercase letters,
// digits and "-", separated by spaces or commas, up to anything else (the
// end of the comment). None means every rule.
func ruleList(s string) Suppression {
	var rules []string
	for {
		s = strings.TrimLeft(s, " \t,")
		n := 0
		for n < len(s) && (s[n] >= 'a' && s[n] <= 'z' || s[n] >= '0' && s[n] <= '9' || s[n] == '-') {
			n++
		}
		if n == 0 || n < len(s) && s[n] != ' ' && s[n] != '\t' && s[n] != ',' {
			break
		}
		rules = append(rules, s[:n])
		s = s[n:]
	}
	if len(rules) == 0 {
		return Suppression{All: true}
	}
	return Suppression{Rules: rules}
}

func merge(a, b Suppression) Suppression {
	if a.All || b.All {
		return Suppression{All: true}
	}
	return Suppression{Rules: append(append([]string(nil), a.Rules...), b.Rules...)}
}

// markdownCode reports whether line belongs to a fenced or indented code
// block (CommonMark sections 4.4 and 4.5), fence lines included. An
// indented block must follow a blank line; list items, whose continuation
// is indented too, are not told apart.
func (e *Extractor) markdownCode(line string) bool {
	indent, rest := leadingSpaces(line)
	blank := strings.TrimSpace(line) == ""
	defer func() { e.prevBlank = blank }()
	if e.fenceLen > 0 {
		if indent < 4 && fenceRun(rest, e.fenceChar) >= e.fenceLen && strings.TrimSpace(rest[fenceRun(rest, e.fenceChar):]) == "" {
			e.fenceLen = 0
		}
		return true
	}
	if indent < 4 {
		for _, c := range []byte{'`', '~'} {
			if n := fenceRun(rest, c); n >= 3 && !(c == '`' && strings.IndexByte(rest[n:], '`') >= 0) {
				e.fenceChar, e.fenceLen = c, n
				e.prevCode = false
				return true
			}
		}
	}
	code := !blank && indent >= 4 && (e.prevBlank || e.prevCode)
	e.prevCode = code || blank && e.prevCode
	return code
}

// leadingSpaces counts the indentation of line, a tab as up to the next
// multiple of four, and returns the rest.
func leadingSpaces(line string) (int, string) {
	n := 0
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case ' ':
			n++
		case '\t':
			n += 4 - n%4
		default:
			return n, line[i:]
		}
	}
	return n, ""
}

func fenceRun(s string, c byte) int {
	n := 0
	for n < len(s) && s[n] == c {
		n++
	}
	return n
}

// codeSpans appends the byte ranges of the code spans of line (CommonMark
// section 6.1: a run of backticks closed by a run of the same length).
func codeSpans(dst [][2]int, line string) [][2]int {
	for i := 0; i < len(line); {
		if line[i] != '`' {
			i++
			continue
		}
		n := fenceRun(line[i:], '`')
		open := i + n
		closeAt := -1
		for j := open; j < len(line); {
			if line[j] != '`' {
				j++
				continue
			}
			m := fenceRun(line[j:], '`')
			if m == n {
				closeAt = j
				break
			}
			j += m
		}
		if closeAt < 0 {
			i = open
			continue
		}
		dst = append(dst, [2]int{open, closeAt})
		i = closeAt + n
	}
	return dst
}

func inSpans(spans [][2]int, off int) bool {
	for _, s := range spans {
		if off >= s[0] && off < s[1] {
			return true
		}
	}
	return false
}

// urlAttributes are the HTML attributes whose values are URLs (HTML
// Living Standard, "URL" attribute values), srcset's list aside.
var urlAttributes = []string{"href", "src", "action", "formaction", "cite", "poster", "data", "background", "longdesc", "manifest", "icon", "codebase", "usemap", "ping", "xmlns"}

// markupLine appends the candidates of a line of HTML, or of Markdown
// outside code blocks; spans are the byte ranges of its code spans, which
// hold no tags, character references or escapes. Within tags, the value
// of a URL attribute is one candidate, entity-decoded and whole up to its
// closing quote: in HTML a relative reference too, in Markdown only a
// URI. The value of any other attribute (alt, title, data-*, srcset, ...)
// is prose once decoded, and its URIs are found as in text. Outside
// attribute values, the line is prose, entity-decoded, and in Markdown
// its backslash escapes are undone but in autolinks.
func (e *Extractor) markupLine(dst []Found, line string, spans [][2]int) []Found {
	start := len(dst)
	values := e.values[:0] // the attribute values read, in order
	// An attribute needs a '=' and, being inside a tag, a '<' or '>' on
	// its line.
	if strings.IndexByte(line, '=') >= 0 && (strings.IndexByte(line, '<') >= 0 || strings.IndexByte(line, '>') >= 0) {
		tags := tagFinder{line: line, lastAngle: -1, nextAngle: -1}
		for i := 0; i < len(line); i++ {
			a, ok := attributeAt(line, i, &tags)
			if !ok || inSpans(spans, i) {
				continue
			}
			text, sourceOf := decodeEntities(line[a.start:a.end], a.start, nil, false)
			switch {
			case !a.url:
				dst = e.appendProse(dst, text, a.start, sourceOf)
			case strings.TrimSpace(text) != "" && (e.opts.Kind == HTML || hasScheme(text)):
				f := Found{Candidate: Candidate{Offset: a.start, Text: text}, sourceOf: sourceOf}
				f.Relative = !hasScheme(text)
				dst = append(dst, f)
			}
			values = append(values, [2]int{a.start, a.end})
			i = a.end
		}
	}
	e.values = values
	// The prose between attribute values, its character references
	// decoded as HTML does, and CommonMark outside code; what lies inside
	// an attribute value was read above.
	attributes := len(dst)
	markdown := e.opts.Kind == Markdown
	text, sourceOf := decodeEntities(line, 0, spans, markdown)
	dst = e.appendProse(dst, text, 0, sourceOf)
	kept, next := dst[:attributes], 0
	for _, f := range dst[attributes:] {
		for next < len(values) && values[next][1] <= f.Offset {
			next++
		}
		if next < len(values) && f.Offset >= values[next][0] {
			continue
		}
		if markdown && !inSpans(spans, f.Offset) && !autolink(line, f.Offset) {
			f = unescape(f)
		}
		kept = append(kept, f)
	}
	dst = kept
	if attributes > start && len(dst) > attributes {
		// Both kinds on one line: findings come in column order.
		slices.SortStableFunc(dst[start:], func(a, b Found) int { return a.Offset - b.Offset })
	}
	return dst
}

// autolink reports whether the candidate at off of the Markdown line is
// an autolink, "<scheme:...>", in which CommonMark undoes no backslash
// escape (6.5), unlike a destination written "](<...>)" or "]: <...>".
func autolink(line string, off int) bool {
	if off == 0 || line[off-1] != '<' {
		return false
	}
	i := off - 2
	for i >= 0 && (line[i] == ' ' || line[i] == '\t') {
		i--
	}
	destination := i >= 1 && line[i-1] == ']' && (line[i] == '(' || line[i] == ':')
	return !destination
}

// unescape undoes the backslash escapes of f's text (CommonMark 2.4: a
// backslash before ASCII punctuation), keeping each character's offset
// in the line, so that an escaped character reported points at itself.
func unescape(f Found) Found {
	if strings.IndexByte(f.Text, '\\') < 0 {
		return f
	}
	var b strings.Builder
	b.Grow(len(f.Text))
	src := make([]int, 0, len(f.Text)+1)
	for i := 0; i < len(f.Text); i++ {
		if f.Text[i] == '\\' && i+1 < len(f.Text) && isASCIIPunct(f.Text[i+1]) {
			i++
		}
		src = append(src, f.SourceOffset(i))
		b.WriteByte(f.Text[i])
	}
	if b.Len() == len(f.Text) {
		return f
	}
	f.sourceOf = append(src, f.SourceOffset(len(f.Text)))
	f.Text = b.String()
	return f
}

// attribute is an attribute value's bounds in the line, and whether the
// attribute is a URL attribute.
type attribute struct {
	start, end int
	url        bool
}

// attributeAt reads an attribute whose name starts at byte i of line: the
// name, preceded by whitespace or a quote, then "=", then a quoted or
// unquoted value, all inside a tag. A value that spans lines is taken to
// the end of this one.
func attributeAt(line string, i int, tags *tagFinder) (attribute, bool) {
	if i == 0 || strings.IndexByte(" \t\"'", line[i-1]) < 0 {
		return attribute{}, false
	}
	j := i
	for j < len(line) && strings.IndexByte(" \t\"'<>/=", line[j]) < 0 {
		j++
	}
	name := line[i:j]
	for j < len(line) && (line[j] == ' ' || line[j] == '\t') {
		j++
	}
	if name == "" || j >= len(line) || line[j] != '=' {
		return attribute{}, false
	}
	j++
	for j < len(line) && (line[j] == ' ' || line[j] == '\t') {
		j++
	}
	if j >= len(line) || !tags.inside(i) {
		return attribute{}, false
	}
	a := attribute{url: slices.ContainsFunc(urlAttributes, func(u string) bool { return strings.EqualFold(name, u) })}
	if q := line[j]; q == '"' || q == '\'' {
		a.start, a.end = j+1, len(line)
		if n := strings.IndexByte(line[j+1:], q); n >= 0 {
			a.end = j + 1 + n
		}
		return a, true
	}
	a.start, a.end = j, j
	for a.end < len(line) && line[a.end] != ' ' && line[a.end] != '\t' && line[a.end] != '>' {
		a.end++
	}
	return a, true
}

// tagFinder tells whether a byte of its line stands inside a tag: the last
// '<' or '>' before it is a '<', or, for a tag begun on an earlier line,
// there is none before it and the next one after it is a '>'. The bytes
// asked about never go back, so that all questions about one line take
// linear time in total.
type tagFinder struct {
	line      string
	scanned   int // line[:scanned] has been read for lastAngle
	lastAngle int // the last '<' or '>' in line[:scanned], or -1
	nextAngle int // the first '<' or '>' of the line, or -1 before it is looked for
}

func (t *tagFinder) inside(i int) bool {
	for ; t.scanned < i; t.scanned++ {
		if c := t.line[t.scanned]; c == '<' || c == '>' {
			t.lastAngle = t.scanned
		}
	}
	if t.lastAngle >= 0 {
		return t.line[t.lastAngle] == '<'
	}
	if t.nextAngle < 0 {
		if t.nextAngle = strings.IndexAny(t.line, "<>"); t.nextAngle < 0 {
			t.nextAngle = len(t.line)
		}
	}
	return t.nextAngle < len(t.line) && t.line[t.nextAngle] == '>'
}

// hasScheme reports whether s starts with scheme ":" (RFC 3986 section
// 3.1), so that it is a URI rather than a relative reference.
func hasScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case ascii.IsAlpha(c):
		case i > 0 && (ascii.IsDigit(c) || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return true
		default:
			return false
		}
	}
	return false
}

// maxReference is the length of the longest character reference,
// "&CounterClockwiseContourIntegral;".
const maxReference = 33

// decodeEntities decodes the character references of raw, but for those
// in skip (byte ranges of raw, in order) and, with markdown, those whose
// '&' a backslash escapes: &name; for HTML's named references, &#N; and
// &#xH;. It returns the text and, when it changed anything, the offset in
// the line of each byte of it and of its end, base being raw's offset in
// the line.
func decodeEntities(raw string, base int, skip [][2]int, markdown bool) (string, []int) {
	// reference returns the decoded text and length of the reference at
	// i, or a length of 0; i never goes back.
	reference := func(i int) (string, int) {
		for len(skip) > 0 && skip[0][1] <= i {
			skip = skip[1:]
		}
		if len(skip) > 0 && i >= skip[0][0] || markdown && escaped(raw, 0, i) {
			return "", 0
		}
		return characterReference(raw[i:])
	}
	// Most '&' in prose and URLs start no reference: copy nothing then.
	first := strings.IndexByte(raw, '&')
	for first >= 0 {
		if _, n := reference(first); n > 0 {
			break
		}
		next := strings.IndexByte(raw[first+1:], '&')
		if next < 0 {
			return raw, nil
		}
		first += 1 + next
	}
	if first < 0 {
		return raw, nil
	}
	var b strings.Builder
	b.Grow(len(raw))
	b.WriteString(raw[:first])
	src := make([]int, first, len(raw)+1)
	for i := range first {
		src[i] = base + i
	}
	for i := first; i < len(raw); {
		if raw[i] == '&' {
			if text, n := reference(i); n > 0 {
				for range len(text) {
					src = append(src, base+i)
				}
				b.WriteString(text)
				i += n
				continue
			}
		}
		src = append(src, base+i)
		b.WriteByte(raw[i])
		i++
	}
	src = append(src, base+len(raw))
	return b.String(), src
}

// characterReference decodes the reference that s starts with, and
// returns its text and length, or a length of 0 when there is none. A
// name must be whole and end in ';', as CommonMark requires (HTML takes
// some without, but not in attribute values before '=', as in
// "?a=1&copy=2").
func characterReference(s string) (string, int) {
	semi := strings.IndexByte(s[:min(len(s), maxReference)], ';')
	if semi < 2 {
		return "", 0
	}
	ref := s[1:semi]
	if ref[0] != '#' {
		for i := 0; i < len(ref); i++ {
			if !ascii.IsAlpha(ref[i]) && !ascii.IsDigit(ref[i]) {
				return "", 0
			}
		}
		// UnescapeString also reads "&ampx;" as "&" then "x;": a
		// name decodes to at most two code points, and a prefix leaves
		// more.
		text := html.UnescapeString(s[:semi+1])
		if text == s[:semi+1] || utf8.RuneCountInString(text) > 2 {
			return "", 0
		}
		return text, semi + 1
	}
	if len(ref) < 2 {
		return "", 0
	}
	var n uint64
	var err error
	if ref[1] == 'x' || ref[1] == 'X' {
		n, err = strconv.ParseUint(ref[2:], 16, 32)
	} else {
		n, err = strconv.ParseUint(ref[1:], 10, 32)
	}
	if err != nil || n == 0 || n > utf8.MaxRune {
		return "", 0
	}
	return string(rune(n)), semi + 1
}
