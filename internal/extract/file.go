package extract

import (
	"fmt"
	"html"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/uritool/uritool/internal/ascii"
)

// Type is a document's type, as --type names it: it decides where its
// URIs stand.
type Type uint8

const (
	Text     Type = iota // prose: Line's rules
	Markdown             // prose, less code blocks and spans
	HTML                 // URL attributes, entity-decoded; prose between tags
	RST                  // reStructuredText: prose, links, targets, directives (rst.go)
	AsciiDoc             // prose, URL macros, cross references (asciidoc.go)
)

var typeNames = [...]string{"text", "markdown", "html", "rst", "asciidoc"}

// Types lists the names ParseType accepts.
var Types = typeNames[:]

// ParseType reads a type's name, as --type gives it.
func ParseType(name string) (Type, error) {
	for i, n := range typeNames {
		if n == name {
			return Type(i), nil
		}
	}
	return 0, fmt.Errorf("unknown file type %q (want text, markdown, html, rst or asciidoc)", name)
}

// TypeOf tells a file's type by its extension; anything else is text.
func TypeOf(path string) Type {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".md", ".markdown", ".mdown", ".mkd", ".mkdn":
		return Markdown
	case ".html", ".htm", ".xhtml":
		return HTML
	case ".rst", ".rest":
		return RST
	case ".adoc", ".asciidoc", ".asc":
		return AsciiDoc
	}
	return Text
}

// Known reports whether a directory walk takes a file of this name: the
// document types, and plain text.
func Known(path string) bool {
	return TypeOf(path) != Text || strings.EqualFold(filepath.Ext(path), ".txt")
}

// Options says how to read a file.
type Options struct {
	Type Type
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

// Family is what kind of resource a reference names, after Antora's
// families: a path (any other reference), a page, an image.
type Family uint8

const (
	PathFamily Family = iota
	PageFamily
	ImageFamily
	// SourceFamily is a Sphinx document named from the source directory,
	// "/usage/install", which lint finds by the project's conf.py.
	SourceFamily
)

// Found is one candidate of a file, with what applies to it.
type Found struct {
	Candidate
	// Relative marks a relative reference taken from a URL attribute of
	// HTML or a Markdown link destination: a URI-reference, which lint
	// resolves against the document (RFC 3986 section 5).
	Relative bool
	// Followed marks a candidate that a reader follows as written: a
	// Markdown link destination or definition, an HTML URL attribute
	// (relative or not). A bare URL of prose is not: lint reads braces
	// there as an RFC 6570 template's.
	Followed bool
	// BrokenAt, when above 0, marks the would-be destination of
	// "[text](dest with a space)", which CommonMark reads as text: the
	// byte of Text where the blank broke the link.
	BrokenAt int
	// Family says where a site generator looks up a reference that
	// names a resource rather than a path: an AsciiDoc xref's page or
	// image's file, which Antora finds in the module's pages or images.
	Family Family
	// Base marks the href of an HTML <base> element, the base the
	// document's other references resolve against (RFC 3986 5.1.1), but
	// not this one: it resolves against the document's own URI.
	Base bool
	// Suppress is what the inline markers suppress for it.
	Suppress Suppression
	// Code marks a candidate in Markdown code, which is skipped unless
	// IncludeCode: it comes wholly suppressed, and counted apart.
	Code bool
	// Runes counts the code points of the line before Offset, for
	// columns; Source is the line from Offset on, as far as the
	// extractor holds it (at least to the end of the candidate's text in
	// the line).
	Runes  int
	Source string
	// sourceOf maps a byte offset in Text to one in the window the
	// candidate was found in, for text decoded from entities; nil when
	// Text is the line's substring. shift is the window's offset in the
	// line.
	sourceOf []int
	shift    int
}

// SourceOffset maps a byte offset in f.Text to the byte offset in the line
// of the character it came from.
func (f *Found) SourceOffset(off int) int {
	if f.sourceOf == nil {
		return f.Offset + off
	}
	if off >= len(f.sourceOf) {
		return f.shift + f.sourceOf[len(f.sourceOf)-1]
	}
	return f.shift + f.sourceOf[off]
}

// Decoded reports whether Text was decoded from the line (character
// references, backslash escapes), so that its offsets are not the line's.
func (f *Found) Decoded() bool {
	return f.SourceOffset(len(f.Text)) != f.Offset+len(f.Text)
}

// Extractor finds the URIs of one file, a line at a time, keeping the state
// that spans lines: Markdown code fences and indented code, and the
// suppression markers. A line comes whole (Line), or, when it is too long
// to hold, in pieces (Piece).
type Extractor struct {
	opts Options
	// blocks is a Markdown document's block structure, which decides
	// what is code.
	blocks               blocks
	region, nextLine     Suppression
	regionOn, nextLineOn bool
	spans, values, skip  [][2]int
	bad, tags            [][2]int // bad and good tags (badTags)
	// openers are the link openers at the end of the link pass over a
	// window; carried, those at the start of the window, handed on from
	// the window before, or from the paragraph's line before
	// (lineOpeners).
	openers, carried, lineOpeners []opener
	links                         []autolinkAt
	// defNext: the last line was "[label]:", whose destination this
	// line holds.
	defNext bool
	// lineSpan is the length of the backtick runs of a code span that
	// the last line left open, which goes on in this one if it goes on
	// the paragraph.
	lineSpan int
	// raw is the HTML raw text element open at the end of the last line,
	// or 0; rawKinds, the element of each of spans in HTML.
	raw      uint8
	rawKinds []uint8
	found    []Candidate
	decoded  arena
	// The line being read: what its markers suppress, and what the
	// block structure makes of it.
	sup  Suppression
	kind lineKind
	// piece is the state of a line read in pieces.
	piece pieces
	// The block state of reStructuredText and AsciiDoc, and whether the
	// line is a comment, which gives no candidates.
	rst     rstState
	adoc    adocState
	comment bool
}

// New returns an Extractor for a file read with opts.
func New(opts Options) *Extractor {
	return &Extractor{opts: opts, rst: newRSTState(), adoc: newAdocState()}
}

// Line appends the candidates of the next line of the file to dst. Those
// in Markdown code (skipped unless IncludeCode) come wholly suppressed, so
// that they are counted but not checked. What the candidates hold is
// valid until the next call.
func (e *Extractor) Line(dst []Found, line string) []Found {
	e.sup = e.markers(e.lineSuppression(), line)
	markdown := e.opts.Type == Markdown
	if markdown {
		e.kind, _ = e.blocks.begin(line, nil)
		e.defNext = e.defNext && e.kind == proseLine
		e.blocks.watch()
		e.blocks.ends.feed(line)
	} else {
		code, _ := e.otherCode(line, nil)
		e.kind = kindOf(code)
	}
	start := len(dst)
	e.carried = append(e.carried[:0], e.paraOpeners()...)
	w := window{text: line, raw: e.raw, span: e.carriedSpan()}
	dst, _ = e.extract(dst, &w)
	e.endOpeners()
	if e.opts.Type == HTML { // Markdown's block structure holds the rest
		e.raw = w.raw
	}
	if e.opts.Type == AsciiDoc {
		e.adoc.runes = runeStarts(line)
	}
	if markdown {
		e.blocks.end()
	}
	var c columns
	for i := start; i < len(dst); i++ {
		c.mark(&dst[i], line)
	}
	return dst
}

// extract appends the candidates of w, before its cut, and returns the
// cut: len(w.text) when w ends the line, otherwise the first byte of what
// is still undecided, where the next window starts (w.from when nothing
// could be decided).
func (e *Extractor) extract(dst []Found, w *window) ([]Found, int) {
	line := w.text
	e.decoded.reset()
	spans, pending := e.spans[:0], len(line)
	if (e.opts.Type == Markdown || e.opts.Type == RST || e.opts.Type == AsciiDoc) && e.kind == proseLine {
		// Code is told apart with --include-code too: it is literal,
		// with no raw HTML, character references or escapes.
		// reST closes an inline literal with the last two backquotes
		// of a longer run: ``:doc:`x``` is the literal :doc:`x`.
		spans, pending = codeSpans(spans, w, e.opts.Type == Markdown, e.opts.Type == RST)
	}
	var open uint8 // the raw text element open at the end of the window
	if e.opts.Type == HTML || e.opts.Type == Markdown && e.kind == htmlLine {
		spans, e.rawKinds, pending, open = rawBodies(spans, e.rawKinds[:0], w)
	}
	e.spans = spans
	// What follows an undecided code span is read as if past the window:
	// whether it is code is not known.
	view := w
	if pending < len(line) {
		v := w.upTo(pending)
		view = &v
	}
	start := len(dst)
	var undecided int
	code := spans
	switch {
	case e.opts.Type == HTML, e.opts.Type == Markdown && (e.kind == proseLine || e.kind == htmlLine):
		dst, undecided = e.markupLine(dst, view, spans)
	case e.opts.Type == RST:
		code = e.literals(spans, w)
		dst, undecided = e.rstLine(dst, view, code)
	case e.opts.Type == AsciiDoc:
		dst, undecided = e.asciidocLine(dst, view, code)
	default:
		dst, undecided = e.appendProse(dst, view.text, w.from, 0, nil, view)
	}
	pending = min(pending, undecided)
	cut := len(line)
	if w.past != nil {
		cut = w.cut(pending)
		if e.opts.Type == Markdown && e.kind == proseLine {
			// The link openers at the cut, for the next window.
			_, next, _ := e.linkPass(nil, w, spans, cut, append(e.openers[:0], e.carried...))
			e.carried = append(e.carried[:0], next...)
		}
		if e.opts.Type == HTML || e.opts.Type == Markdown && e.kind == htmlLine {
			w.raw = rawAt(spans, e.rawKinds, cut)
			if n := len(spans); open != 0 && n > 0 && cut >= spans[n-1][0] {
				w.raw = open // the last body, not closed before the cut
			}
		} else {
			w.span = spanAt(spans, w, cut)
		}
		kept := start
		for kept < len(dst) && dst[kept].Offset < cut {
			kept++
		}
		dst = dst[:kept]
	} else {
		w.raw = open
		e.lineSpan = 0
		if n := len(spans); e.opts.Type == Markdown && e.kind == proseLine && n > 0 && spans[n-1][1] == len(line) {
			// A code span the line does not close may close on the
			// next line of its paragraph.
			e.lineSpan = spanRun(spans, w, n-1)
		}
	}
	skipCode := e.opts.Type != Text && !e.opts.IncludeCode
	for i := start; i < len(dst); i++ {
		dst[i].Suppress = e.sup
		if skipCode && (e.kind == codeLine || e.kind == rawLine || e.inCode(code, line, dst[i].Offset)) {
			dst[i].Suppress, dst[i].Code = Suppression{All: true}, true
		}
	}
	return dst, cut
}

// appendProse appends the candidates Line finds in text[from:], which
// stands at offset base of the window; sourceOf, when text was decoded,
// maps each of its offsets to the window's instead. With w, text is
// w's prose, whose candidates' extents w records, and the first offset of
// the window still undecided is returned; without, text is whole.
func (e *Extractor) appendProse(dst []Found, text string, from, base int, sourceOf []int, w *window) ([]Found, int) {
	var p *past
	if w != nil {
		p = w.past
	}
	found, undecided := scan(e.found[:0], text, from, p)
	e.found = found
	source := func(off int) int {
		if sourceOf == nil {
			return base + off
		}
		return sourceOf[off]
	}
	for _, c := range found {
		f := Found{Candidate: c}
		f.Offset = source(c.Offset)
		if sourceOf != nil {
			f.sourceOf = sourceOf[c.Offset : c.Offset+len(c.Text)+1]
		}
		if w != nil {
			w.cover(f.Offset, source(c.resume))
		}
		dst = append(dst, f)
	}
	return dst, source(undecided)
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

// lineSuppression is what applies to the candidates of a line before
// its own markers: the previous line's disable-next-line, and a region.
func (e *Extractor) lineSuppression() Suppression {
	var sup Suppression
	if e.nextLineOn {
		sup, e.nextLineOn = e.nextLine, false
	}
	if e.regionOn {
		sup = merge(sup, e.region)
	}
	return sup
}

// markers reads the markers of text, the line or the runs of it that
// hold markers (Facts), in order, and returns sup with what they add for
// the line's own candidates.
func (e *Extractor) markers(sup Suppression, text string) Suppression {
	for i := strings.Index(text, markerPrefix); i >= 0; {
		rest := text[i:]
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
		j := strings.Index(text[i+len(markerPrefix):], markerPrefix)
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

func kindOf(code bool) lineKind {
	if code {
		return codeLine
	}
	return proseLine
}

// paraOpeners are the link openers that the line, just begun, takes from
// the line before: only a paragraph's next line does.
func (e *Extractor) paraOpeners() []opener {
	if e.opts.Type != Markdown || e.kind != proseLine || !e.blocks.continues {
		return nil
	}
	return e.lineOpeners
}

// endOpeners keeps the link openers a line leaves open, for its
// paragraph's next line.
func (e *Extractor) endOpeners() {
	e.lineOpeners = e.lineOpeners[:0]
	if e.opts.Type == Markdown && e.kind == proseLine {
		e.lineOpeners = append(e.lineOpeners, e.openers...)
	}
}

// carriedSpan is the code span that the line, just begun, takes from
// the line before: only a paragraph's next line does.
func (e *Extractor) carriedSpan() int {
	if e.opts.Type != Markdown || e.kind != proseLine || !e.blocks.continues {
		return 0
	}
	return e.lineSpan
}

// otherCode reports whether a line of reStructuredText or AsciiDoc is
// code (a literal block, a listing); with p, known is false until the
// window tells.
func (e *Extractor) otherCode(line string, p *past) (code, known bool) {
	switch e.opts.Type {
	case RST:
		return e.rstCode(line, p)
	case AsciiDoc:
		return e.adocCode(line, p)
	}
	return false, true
}

// isBlank reports whether s holds only white space, as strings.TrimSpace
// sees it. With p, s is the start of a line that goes on past it: known
// is false while it holds only white space, or ends in what may be the
// start of a white space character.
func isBlank(s string, p *past) (blank, known bool) {
	i := strings.IndexFunc(s, func(r rune) bool { return !unicode.IsSpace(r) })
	if p == nil {
		return i < 0, true
	}
	if i < 0 {
		return false, false
	}
	if r, size := utf8.DecodeRuneInString(s[i:]); r == utf8.RuneError && size == 1 && len(s)-i < utf8.UTFMax {
		return false, false
	}
	return false, true
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

// codeSpans appends the byte ranges of the code spans of w's text from
// w.from (CommonMark section 6.1: a run of backticks closed by a run of
// the same length), and returns where it stopped undecided: at a run
// that may be closed, or go on, past the window (len(text) when none). A
// span open before the window (w.span) comes first, from w.from; one
// that closes past the window ends at len(text).
func codeSpans(dst [][2]int, w *window, wraps, longer bool) ([][2]int, int) {
	line := w.text
	i := w.from
	if n := w.span; n > 0 {
		closeAt, undecided := spanCloser(line, i, n, w.past, longer)
		switch {
		case undecided >= 0: // code up to there, at least
			return append(dst, [2]int{i, undecided}), undecided
		case closeAt < 0: // the facts said it closes, so past the window
			return append(dst, [2]int{i, len(line)}), len(line)
		}
		dst = append(dst, [2]int{i, closeAt})
		i = closeAt + n
	}
	for i < len(line) {
		k := strings.IndexByte(line[i:], '`')
		if k < 0 {
			break
		}
		i += k
		n := fenceRun(line[i:], '`')
		open := i + n
		if w.past != nil && open == len(line) {
			return dst, i // the run may go on
		}
		closeAt, undecided := spanCloser(line, open, n, w.past, longer)
		switch {
		case undecided >= 0:
			return dst, i
		case closeAt < 0 && (w.past.hasRun(n) || longer && w.past.hasLongerRun(n) || wraps):
			// It closes past the window, or, with wraps, perhaps on a
			// later line of its paragraph (CommonMark 6.1).
			return append(dst, [2]int{open, len(line)}), len(line)
		case closeAt < 0:
			i = open
			continue
		}
		dst = append(dst, [2]int{open, closeAt})
		i = closeAt + n
	}
	return dst, len(line)
}

// spanCloser returns where the first run of exactly n backticks at or
// after from begins, or -1; in a window, undecided is the start of a run
// that reaches its end and may yet be that run, else -1.
func spanCloser(line string, from, n int, p *past, longer bool) (closeAt, undecided int) {
	for j := from; j < len(line); {
		k := strings.IndexByte(line[j:], '`')
		if k < 0 {
			break
		}
		j += k
		m := fenceRun(line[j:], '`')
		if p != nil && j+m == len(line) && (m <= n || longer) {
			return -1, j // the run may go on to n, or past it
		}
		switch {
		case m == n:
			return j, -1
		case longer && m > n:
			return j + m - n, -1 // its last n close the span
		}
		j += m
	}
	return -1, -1
}

// spanAt returns the length of the backtick runs around the code span of
// w that holds offset c, or 0 when none does: the state a window cut at c
// hands on.
func spanAt(spans [][2]int, w *window, c int) int {
	for k, s := range spans {
		if s[0] <= c && c < s[1] {
			return spanRun(spans, w, k)
		}
	}
	return 0
}

// inCode reports whether the candidate at off of line stands in code:
// a code span, a script, a style sheet but for the target of its url().
func (e *Extractor) inCode(code [][2]int, line string, off int) bool {
	if e.opts.Type != HTML && e.kind != htmlLine {
		return inSpans(code, off)
	}
	for k, s := range code {
		if off >= s[0] && off < s[1] {
			return e.rawKinds[k] != 2 || !cssTarget(line, s[0], off)
		}
	}
	return false
}

// cssTarget reports whether off, in a style sheet that starts at from,
// is where the target of a url() starts, after "url(", blanks and a
// quote, or that of an @import, after "@import", blanks and a quote.
func cssTarget(line string, from, off int) bool {
	i := off
	for i > from && strings.IndexByte(" \t\"'", line[i-1]) >= 0 {
		i--
	}
	return i-4 >= from && strings.EqualFold(line[i-4:i], "url(") || i < off && i-7 >= from && strings.EqualFold(line[i-7:i], "@import")
}

// rawAt returns the raw text element that the HTML window cut at c
// hands on: the one whose body c stands inside, or 0.
func rawAt(spans [][2]int, kinds []uint8, c int) uint8 {
	for k, s := range spans {
		if s[0] <= c && c < s[1] {
			return kinds[k]
		}
	}
	return 0
}

// spanRun returns the length of the backtick runs around the code span
// spans[k] of w.
func spanRun(spans [][2]int, w *window, k int) int {
	s := spans[k]
	if k == 0 && w.span > 0 && s[0] == w.from {
		return w.span
	}
	n := 0
	for s[0]-n-1 >= 0 && w.text[s[0]-n-1] == '`' {
		n++
	}
	return n
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
// closing quote, a relative reference too. The value of any other attribute (alt, title, data-*, srcset, ...)
// is prose once decoded, and its URIs are found as in text. Outside
// attribute values, the line is prose, entity-decoded, and in Markdown
// its backslash escapes are undone but in autolinks. In a window, it
// returns the first offset it could not decide.
func (e *Extractor) markupLine(dst []Found, w *window, spans [][2]int) ([]Found, int) {
	line := w.text
	start := len(dst)
	undecided := len(line)
	values := e.values[:0] // the attribute values read, in order
	// An attribute needs a '=' and, being inside a tag, a '<' or '>' on
	// its line; a window does not see all of its line.
	limit := len(line)
	var bad [][2]int
	e.tags = e.tags[:0]
	if e.opts.Type == Markdown && e.kind == proseLine && strings.IndexByte(line, '<') >= 0 {
		bad, limit = e.badTags(w, spans)
		undecided = limit
	}
	if !w.whole() || strings.IndexByte(line, '=') >= 0 && (strings.IndexByte(line, '<') >= 0 || strings.IndexByte(line, '>') >= 0) {
		tags := tagFinder{line: line, scanned: w.from, last: w.angle, past: w.past}
		from := w.from
		if w.past != nil && strings.IndexByte(line[from:], '=') < 0 {
			from = max(from, trailingName(line)) // the one name whose '=' may follow
		}
		for i := from; i < limit; i++ {
			if inSpans(bad, i) {
				continue
			}
			a, found := attributeAt(line, i, &tags, w.past)
			if found == undecidedAttribute {
				undecided = i
				break
			}
			if found == noAttribute || inSpans(spans, i) {
				continue
			}
			text, sourceOf, _ := e.decoded.decode(line, a.start, a.end, nil, false, nil)
			switch {
			case !a.url:
				dst, _ = e.appendProse(dst, text, 0, a.start, sourceOf, nil)
				dst = e.embedded(dst, a.name, text, sourceOf, a.start)
			case strings.TrimSpace(text) != "":
				f := Found{Candidate: Candidate{Offset: a.start, Text: text}, sourceOf: sourceOf, Followed: true}
				f.Relative = !hasScheme(text)
				f.Base = strings.EqualFold(a.name, "href") && tagNameBefore(line, i) == "base"
				dst = append(dst, f)
			}
			values = append(values, [2]int{a.start, a.end})
			w.cover(i, a.end+1)
			i = a.end
		}
	}
	e.values = values
	// The prose between attribute values, its character references
	// decoded as HTML does, and CommonMark outside code; what lies inside
	// an attribute value was read above. A window's prose is decoded
	// from the byte before it, which its cut keeps literal, so that the
	// look-backs see it.
	attributes := len(dst)
	markdown := e.opts.Type == Markdown && e.kind == proseLine
	links, skip := e.links[:0], spans
	if markdown {
		var end int
		links, end = autolinks(links, w, spans)
		e.links = links
		if end < len(line) {
			v := w.upTo(end)
			w = &v
			line = w.text
			undecided = min(undecided, end)
		}
		if len(links) > 0 {
			skip = e.skipLinks(spans, links)
		}
	}
	lo := max(w.from-1, 0)
	text, sourceOf, end := e.decoded.decode(line, lo, len(line), skip, markdown, w.past)
	prose := w // a whole line's, as decoding it leaves nothing undecided
	if w.past != nil {
		v := w.upTo(end)
		v.past.decoded = true
		prose = &v
	}
	dst, end = e.appendProse(dst, text, w.from-lo, lo, sourceOf, prose)
	undecided = min(undecided, end)
	kept, next := dst[:attributes], 0
	for _, f := range dst[attributes:] {
		for next < len(values) && values[next][1] <= f.Offset {
			next++
		}
		if next < len(values) && f.Offset >= values[next][0] || inLinks(links, f.Offset) {
			continue
		}
		if markdown && !inSpans(spans, f.Offset) && !autolink(line, f.Offset) {
			f = unescape(f)
		}
		kept = append(kept, f)
	}
	dst = kept
	for _, l := range links {
		dst = e.appendAutolink(dst, line, l)
	}
	passes := attributes > start && len(dst) > attributes || len(links) > 0
	if markdown {
		n := len(dst)
		dst, end = e.extendedAutolinks(dst, w, spans, dst[start:])
		undecided = min(undecided, end)
		passes = passes || len(dst) > n
	}
	before := len(dst)
	if markdown {
		dst, end = e.destinations(dst, w, spans)
		dst, before = shadowed(dst, start, before)
	} else {
		dst, end = e.styleURLs(dst, w, values)
		dst, before = shadowed(dst, start, before)
	}
	undecided = min(undecided, end)
	passes = passes || len(dst) > before && before > start
	if passes {
		// Both kinds on one line: findings come in column order.
		slices.SortStableFunc(dst[start:], func(a, b Found) int { return a.Offset - b.Offset })
	}
	return dst, undecided
}

// badTags returns the stretches of a Markdown line from a '<' to its '>'
// that are no tag of CommonMark's raw HTML (6.6), which it shows as text:
// '<a href="x"title=y>' or '</a href="x">' holds no attribute. Each tag,
// good or bad, is one item of the window, which is never cut inside it;
// one that may end past the window leaves it undecided from its '<'.
func (e *Extractor) badTags(w *window, spans [][2]int) ([][2]int, int) {
	line := w.text
	bad, good := e.bad[:0], e.tags[:0]
	defer func() { e.bad, e.tags = bad, good }()
	for i := w.from; i < len(line); {
		k := strings.IndexByte(line[i:], '<')
		if k < 0 {
			break
		}
		lt := i + k
		if inSpans(spans, lt) {
			i = lt + 1
			continue
		}
		switch n := tagLength(line[lt:]); {
		case n > 0:
			good = append(good, [2]int{lt, lt + n})
			w.cover(lt, lt+n)
			i = lt + n
		case n < 0 && w.past != nil:
			return bad, lt
		case n < 0:
			i = lt + 1 // a tag may go on to the next line
		default:
			gt := strings.IndexByte(line[lt:], '>')
			if gt < 0 {
				if w.past.mayHold('>') {
					return bad, lt
				}
				gt = len(line) - lt - 1
			}
			bad = append(bad, [2]int{lt, lt + gt + 1})
			w.cover(lt, lt+gt+1)
			i = lt + gt + 1
		}
	}
	return bad, len(line)
}

// tagNameBefore returns the name, lowercased, of the tag whose
// attribute starts at byte i of line, or "" when its '<' is not in line.
func tagNameBefore(line string, i int) string {
	lt := strings.LastIndexByte(line[:i], '<')
	if lt < 0 {
		return ""
	}
	end := lt + 1
	for end < i && strings.IndexByte(attributeNameEnds, line[end]) < 0 {
		end++
	}
	return strings.ToLower(line[lt+1 : end])
}

// shadowed drops from dst[start:before] the candidates that stand inside
// a link destination of dst[before:]: the prose scan read
// "https://a/b?hl=en" of "[x](https://a/b?hl=en…)", or "http://x/a" of
// "[a](http://x/a b)", whose finding is the broken link. It returns dst
// and where dst[before:] now starts.
func shadowed(dst []Found, start, before int) ([]Found, int) {
	if before == len(dst) || before == start {
		return dst, before // the common line: nothing to shadow
	}
	inside := func(f *Found) bool {
		return slices.ContainsFunc(dst[before:], func(d Found) bool {
			return f.Offset >= d.Offset && f.Offset < max(d.SourceOffset(len(d.Text)), d.Offset+1)
		})
	}
	kept := start
	for i := start; i < before; i++ {
		if !inside(&dst[i]) {
			dst[kept] = dst[i]
			kept++
		}
	}
	if kept == before {
		return dst, before
	}
	return append(dst[:kept], dst[before:]...), kept
}

// trailingName returns where the attribute name that ends line, with the
// blanks after it, starts: in a window holding no '=', the only place
// where an attribute may start that the window cannot decide.
func trailingName(line string) int {
	i := len(line)
	for i > 0 && (line[i-1] == ' ' || line[i-1] == '\t') {
		i--
	}
	for i > 0 && strings.IndexByte(attributeNameEnds, line[i-1]) < 0 {
		i--
	}
	return i
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
		if f.Text[i] == '\\' && i+1 < len(f.Text) && ascii.IsPunct(f.Text[i+1]) {
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
	name       string
	start, end int
	url        bool
}

// What attributeAt found.
type attributeFound uint8

const (
	noAttribute attributeFound = iota
	anAttribute
	// undecidedAttribute: the attribute may go on past the window.
	undecidedAttribute
)

// attributeNameEnds holds the bytes that end an attribute's name.
const attributeNameEnds = " \t\"'<>/="

// attributeAt reads an attribute whose name starts at byte i of line: the
// name, preceded by whitespace or a quote, then "=", then a quoted or
// unquoted value, all inside a tag. A value that spans lines is taken to
// the end of this one. With p, line is a window of a longer line, and an
// attribute that reaches its end is undecided.
func attributeAt(line string, i int, tags *tagFinder, p *past) (attribute, attributeFound) {
	if i == 0 || strings.IndexByte(" \t\"'", line[i-1]) < 0 {
		return attribute{}, noAttribute
	}
	j := i
	for j < len(line) && strings.IndexByte(attributeNameEnds, line[j]) < 0 {
		j++
	}
	name := line[i:j]
	if name == "" {
		// Before the blanks after it are skipped: at each byte of a run of
		// blanks, skipping them first made the run quadratic.
		return attribute{}, noAttribute
	}
	for j < len(line) && (line[j] == ' ' || line[j] == '\t') {
		j++
	}
	if j >= len(line) && p != nil {
		return attribute{}, undecidedAttribute
	}
	if j >= len(line) || line[j] != '=' {
		return attribute{}, noAttribute
	}
	j++
	for j < len(line) && (line[j] == ' ' || line[j] == '\t') {
		j++
	}
	if j >= len(line) {
		if p != nil {
			return attribute{}, undecidedAttribute
		}
		return attribute{}, noAttribute
	}
	switch inside, known := tags.inside(i); {
	case !known:
		return attribute{}, undecidedAttribute
	case !inside:
		return attribute{}, noAttribute
	}
	a := attribute{name: name, url: slices.ContainsFunc(urlAttributes, func(u string) bool { return strings.EqualFold(name, u) })}
	if q := line[j]; q == '"' || q == '\'' {
		a.start, a.end = j+1, len(line)
		if n := strings.IndexByte(line[j+1:], q); n >= 0 {
			a.end = j + 1 + n
		} else if p != nil {
			return attribute{}, undecidedAttribute
		}
		return a, anAttribute
	}
	a.start, a.end = j, j
	for a.end < len(line) && line[a.end] != ' ' && line[a.end] != '\t' && line[a.end] != '>' {
		a.end++
	}
	if a.end == len(line) && p != nil {
		return attribute{}, undecidedAttribute
	}
	return a, anAttribute
}

// tagFinder tells whether a byte of its line stands inside a tag: the last
// '<' or '>' before it is a '<', or, for a tag begun on an earlier line,
// there is none before it and the next one after it is a '>'. The bytes
// asked about never go back, so that all questions about one line take
// linear time in total.
type tagFinder struct {
	line    string
	scanned int  // line[:scanned] has been read for last
	last    byte // the last '<' or '>' of the line before scanned, or 0
	next    byte // with no last, the first '<' or '>' of the line, or 0
	looked  bool // next has been looked for
	past    *past
}

// inside reports whether line[i] stands inside a tag; known is false when
// that depends on what lies past a window.
func (t *tagFinder) inside(i int) (inside, known bool) {
	for ; t.scanned < i; t.scanned++ {
		if c := t.line[t.scanned]; c == '<' || c == '>' {
			t.last = c
		}
	}
	if t.last != 0 {
		return t.last == '<', true
	}
	if !t.looked {
		t.looked = true
		if n := strings.IndexAny(t.line[i:], "<>"); n >= 0 {
			t.next = t.line[i+n]
		}
	}
	if t.next == 0 {
		return false, !t.past.mayHold('<') && !t.past.mayHold('>')
	}
	return t.next == '>', true
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

// arena holds the text that decode gives, and its offsets, until the
// extractor's next call: decoding a window afresh each time made garbage
// of eight bytes per byte, and the candidates kept it alive.
type arena struct {
	text []byte
	src  []int
}

func (a *arena) reset() { a.text, a.src = a.text[:0], a.src[:0] }

// prefixed returns prefix and raw[lo:hi] as one text, held in a until its
// reset, and the offset in raw of each of its bytes, the prefix's being
// lo: a URI that a renderer makes of what the line holds.
func (a *arena) prefixed(prefix, raw string, lo, hi int) (string, []int) {
	textStart, srcStart := len(a.text), len(a.src)
	a.text = append(append(a.text, prefix...), raw[lo:hi]...)
	for range prefix {
		a.src = append(a.src, lo)
	}
	for i := lo; i <= hi; i++ {
		a.src = append(a.src, i)
	}
	return ascii.View(a.text[textStart:]), a.src[srcStart:len(a.src):len(a.src)]
}

// decode decodes the character references of raw[lo:hi], but for those
// in skip (byte ranges of raw, in order) and, with markdown, those whose
// '&' a backslash escapes: &name; for HTML's named references, &#N; and
// &#xH;. It returns the text and, when it changed anything, the offset in
// raw of each byte of it and of its end, both held in a until its reset.
// With p, raw is a window of a longer line: decoding stops at a reference
// that may go on past it, and end says where (hi otherwise).
func (a *arena) decode(raw string, lo, hi int, skip [][2]int, markdown bool, p *past) (text string, sourceOf []int, end int) {
	// reference returns the decoded text and length of the reference at
	// i, or a length of 0; i never goes back. undecided is true when the
	// reference may end past the window.
	reference := func(i int) (text string, n int, undecided bool) {
		for len(skip) > 0 && skip[0][1] <= i {
			skip = skip[1:]
		}
		if len(skip) > 0 && i >= skip[0][0] || markdown && escaped(raw, 0, i) {
			return "", 0, false
		}
		text, n = characterReference(raw[i:hi])
		undecided = n == 0 && p != nil && hi-i < maxReference && strings.IndexByte(raw[i:hi], ';') < 0
		return text, n, undecided
	}
	// Most '&' in prose and URLs start no reference: copy nothing then.
	first := -1
	for at := lo; at < hi; {
		n := strings.IndexByte(raw[at:hi], '&')
		if n < 0 {
			break
		}
		at += n
		_, size, undecided := reference(at)
		if undecided {
			hi = at
			break
		}
		if size > 0 {
			first = at
			break
		}
		at++
	}
	if first < 0 {
		return raw[lo:hi], nil, hi
	}
	textStart, srcStart := len(a.text), len(a.src)
	a.text = append(a.text, raw[lo:first]...)
	for i := lo; i < first; i++ {
		a.src = append(a.src, i)
	}
	for i := first; i < hi; {
		if raw[i] == '&' {
			text, n, undecided := reference(i)
			if undecided {
				hi = i
				break
			}
			if n > 0 {
				for range len(text) {
					a.src = append(a.src, i)
				}
				a.text = append(a.text, text...)
				i += n
				continue
			}
		}
		a.src = append(a.src, i)
		a.text = append(a.text, raw[i])
		i++
	}
	a.src = append(a.src, hi)
	return ascii.View(a.text[textStart:]), a.src[srcStart:len(a.src):len(a.src)], hi
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

// skipLinks merges the code spans and the autolinks of a line, in order:
// the ranges that decoding leaves literal.
func (e *Extractor) skipLinks(spans [][2]int, links []autolinkAt) [][2]int {
	skip := append(e.skip[:0], spans...)
	for _, l := range links {
		skip = append(skip, [2]int{l.start, l.end})
	}
	slices.SortFunc(skip, func(a, b [2]int) int { return a[0] - b[0] })
	e.skip = skip
	return skip
}

func inLinks(links []autolinkAt, off int) bool {
	for _, l := range links {
		if off >= l.start && off < l.end {
			return true
		}
	}
	return false
}

// appendAutolink appends an autolink's text as a candidate, literal, an
// email address as the mailto: URI a renderer links it to.
func (e *Extractor) appendAutolink(dst []Found, line string, l autolinkAt) []Found {
	f := Found{Candidate: Candidate{Offset: l.start, Text: line[l.start:l.end]}, Followed: true}
	if l.email {
		f.Text, f.sourceOf = e.decoded.prefixed("mailto:", line, l.start, l.end)
	}
	return append(dst, f)
}
