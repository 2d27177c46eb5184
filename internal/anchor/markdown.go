package anchor

import (
	"bufio"
	"bytes"
	"io"
	"slices"
	"strings"
	"sync"

	"github.com/uritool/uritool/internal/ascii"
)

// maxLine bounds the bytes of a Markdown line that are parsed whole, and
// those of a paragraph held in case it turns out a setext heading. A
// longer line still has its block found from its first maxLine bytes and
// its raw HTML searched for ids, a piece at a time (where a backtick with
// no match hides the rest of the line, taken for a code span that goes
// on); but if it is a heading it gives no anchor and takes no number from
// duplicates, and neither does a longer setext heading.
const maxLine = 64 << 10

// readers keeps the line readers of Markdown: a run reads the anchors of
// a thousand documents, and a new 64 KiB buffer for each was most of
// what it allocated.
var readers = sync.Pool{New: func() any { return bufio.NewReaderSize(nil, maxLine) }}

// maxBoxes bounds the nesting of block quotes and list items followed;
// deeper markers are read as text.
const maxBoxes = 32

// Markdown returns the anchors of the Markdown document r as GitHub
// renders it: the slug of each heading by rule (see Slugger and
// HeadingText), the ids of attribute lists (attrIDs), and
// the id of every element and name of every <a> element in its raw HTML,
// as written.
//
// The block structure is CommonMark's, as cmark-gfm parses it, followed
// closely enough to tell headings from what merely looks like them: fenced
// and indented code, HTML blocks, block quotes and list items (nested up
// to maxBoxes), lazy paragraph continuation lines, and front matter (a
// first line "---" up to "---" or "...", or "+++" up to "+++", which when
// never closed hides the rest of the file). Tabs that straddle a list
// item's indentation count whole. Raw HTML is looked for outside code
// spans and code blocks, and a tag must end in the block it starts in.
func Markdown(r io.Reader, rule SlugRule) (*Set, error) {
	p := &mdParser{set: &Set{}, slugger: Slugger{Rule: rule}}
	p.tok.set = p.set
	br := readers.Get().(*bufio.Reader)
	br.Reset(r)
	defer func() { br.Reset(nil); readers.Put(br) }()
	for first := true; ; first = false {
		line, err := br.ReadSlice('\n')
		if first {
			line = bytes.TrimPrefix(line, []byte("\uFEFF"))
		}
		p.line(line, err == bufio.ErrBufferFull)
		for err == bufio.ErrBufferFull {
			line, err = br.ReadSlice('\n')
			p.more(line, err != bufio.ErrBufferFull)
		}
		p.endLine()
		if err == io.EOF {
			return p.set, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// mdParser follows the blocks of a Markdown document, a line at a time.
type mdParser struct {
	set     *Set
	slugger Slugger
	tok     tokenizer // finds raw HTML ids; reset between blocks
	lines   int
	front   byte  // '-' or '+' in front matter, else 0
	boxes   []box // open block quotes and list items, outermost first
	leaf    leafKind
	fence   []byte // the open code fence (leaf == fenced)
	html    int    // the kind of open HTML block, 1 to 7 (leaf == htmlBlock)
	para    []byte // the open paragraph's text, lines joined with '\n'
	long    bool   // para lacks text: a line of it, or all of it, is over maxLine

	// What becomes of the rest of a line longer than maxLine, and, for an
	// HTML block, whether it ended on this line and the line's last bytes
	// read, in which its end marker may have begun.
	rest  restKind
	ended bool
	carry []byte
	tick  int // the backticks of a code span still open at the end of a piece
}

// A box is an open container block: a block quote, or a list item whose
// content starts at column col.
type box struct {
	quote bool
	col   int
}

type leafKind uint8

const (
	noLeaf leafKind = iota
	paragraph
	fenced
	indented
	htmlBlock
)

type restKind uint8

const (
	restSkip  restKind = iota
	restProse          // paragraph or heading text: its raw HTML counts
	restHTML           // an HTML block
)

// line reads a line, or the first maxLine bytes of a longer one.
func (p *mdParser) line(s []byte, long bool) {
	s = trimEOL(s)
	p.lines++
	p.rest, p.ended, p.carry, p.tick = restSkip, false, p.carry[:0], 0
	if p.frontMatter(s) {
		return
	}
	c := cursor{s: s}
	matched := p.match(&c)
	all := matched == len(p.boxes)
	if p.inLeaf(&c, all, long) {
		return
	}
	if p.leaf == paragraph && all && setextUnderline(c.rest()) {
		if !p.long {
			p.heading(p.para)
		}
		p.closeLeaf()
		return
	}
	opened := p.openBoxes(&c, matched)
	rest := c.rest()
	if !opened && !all && p.leaf == paragraph && !isBlank(rest) && !p.interrupts(c) {
		p.paraLine(rest, long) // a lazy continuation line
		return
	}
	if !opened {
		p.closeBoxes(matched)
	}
	p.leafStart(c, long)
}

// inLeaf reads the line into an open code block or HTML block if it
// continues it, reporting whether it did; else the block is closed.
func (p *mdParser) inLeaf(c *cursor, all, long bool) bool {
	switch p.leaf {
	case fenced:
		if !all {
			break
		}
		if ind := c.indent(); ind < 4 {
			t := *c
			t.skip(ind)
			if closesFence(t.rest(), p.fence) {
				p.closeLeaf()
			}
		}
		return true
	case indented:
		if all && (isBlank(c.rest()) || c.indent() >= 4) {
			return true
		}
	case htmlBlock:
		if !all {
			break
		}
		rest := c.rest()
		if p.html >= 6 && isBlank(rest) {
			p.closeLeaf()
			return true
		}
		p.htmlLine(rest, long)
		return true
	}
	if p.leaf != paragraph {
		p.closeLeaf()
	}
	return false
}

// openBoxes opens the block quotes and list items whose markers start the
// rest of the line, reporting whether there were any; they close the boxes
// that the line did not match first.
func (p *mdParser) openBoxes(c *cursor, matched int) bool {
	opened := false
	for len(p.boxes) < maxBoxes {
		ind := c.indent()
		if ind >= 4 {
			break
		}
		t := *c
		t.skip(ind)
		var b box
		if t.peek() == '>' {
			t.i++
			t.col++
			if t.peek() == ' ' || t.peek() == '\t' {
				t.skip(1)
			}
			b.quote = true
		} else if col, ok := listItem(&t, p.leaf == paragraph && !opened); ok {
			b.col = col
		} else {
			break
		}
		if !opened {
			p.closeBoxes(matched)
			p.closeLeaf()
			opened = true
		}
		p.boxes = append(p.boxes, b)
		*c = t
	}
	return opened
}

// leafStart reads a line that starts a block, or continues a paragraph.
func (p *mdParser) leafStart(c cursor, long bool) {
	rest := c.rest()
	if isBlank(rest) {
		p.closeLeaf()
		return
	}
	ind := c.indent()
	if ind >= 4 {
		if p.leaf == paragraph {
			p.paraLine(rest, long)
		} else {
			p.closeLeaf()
			p.leaf = indented
		}
		return
	}
	c.skip(ind)
	rest = c.rest()
	if text, ok := atxHeading(rest); ok {
		p.closeLeaf()
		if !long {
			p.heading(text)
		}
		p.feedProse(rest, !long)
		p.rest = restProse
		return
	}
	if fence, ok := openFence(rest); ok {
		p.closeLeaf()
		p.leaf, p.fence = fenced, append(p.fence[:0], fence...)
		return
	}
	if kind := htmlBlockStart(rest, p.leaf == paragraph); kind > 0 {
		p.closeLeaf()
		p.leaf, p.html = htmlBlock, kind
		p.htmlLine(rest, long)
		return
	}
	if thematicBreak(rest) {
		p.closeLeaf()
		return
	}
	if p.leaf != paragraph {
		p.closeLeaf()
		p.leaf = paragraph
	}
	p.paraLine(rest, long)
}

// interrupts reports whether the rest of the line at c starts a block that
// ends a paragraph, so that it cannot be a lazy continuation line.
func (p *mdParser) interrupts(c cursor) bool {
	ind := c.indent()
	if ind >= 4 {
		return false
	}
	c.skip(ind)
	rest := c.rest()
	_, atx := atxHeading(rest)
	_, fence := openFence(rest)
	return atx || fence || htmlBlockStart(rest, true) > 0 || thematicBreak(rest)
}

// more reads the next piece of a line longer than maxLine; last says
// whether it ends the line.
func (p *mdParser) more(s []byte, last bool) {
	s = trimEOL(s)
	switch p.rest {
	case restProse:
		p.feedProse(s, last)
	case restHTML:
		p.htmlLine(s, true)
	}
}

// endLine ends the line read last.
func (p *mdParser) endLine() {
	switch {
	case p.rest == restProse:
		p.tok.feed([]byte{'\n'})
	case p.rest == restHTML && p.ended:
		p.closeLeaf()
	case p.rest == restHTML:
		p.tok.feed([]byte{'\n'})
	}
}

// frontMatter reports whether the line is front matter, which GitHub shows
// as a table, not as Markdown.
func (p *mdParser) frontMatter(s []byte) bool {
	if p.lines > 1 && p.front == 0 {
		return false
	}
	t := string(trimBlanksRight(s))
	if p.lines == 1 && (t == "---" || t == "+++") {
		p.front = t[0]
		return true
	}
	switch {
	case p.front == 0:
		return false
	case p.front == '-' && (t == "---" || t == "..."), p.front == '+' && t == "+++":
		p.front = 0
	}
	return true
}

// match matches the open boxes against the start of the line, moving c
// past their markers, and returns how many it matched.
func (p *mdParser) match(c *cursor) int {
	for k, b := range p.boxes {
		if !b.quote {
			if isBlank(c.rest()) {
				continue
			}
			if c.col+c.indent() < b.col {
				return k
			}
			c.skip(b.col - c.col)
			continue
		}
		ind := c.indent()
		if ind >= 4 {
			return k
		}
		t := *c
		t.skip(ind)
		if t.peek() != '>' {
			return k
		}
		t.i++
		t.col++
		if t.peek() == ' ' || t.peek() == '\t' {
			t.skip(1)
		}
		*c = t
	}
	return len(p.boxes)
}

// closeBoxes closes the boxes after the first n, and the leaf in them.
func (p *mdParser) closeBoxes(n int) {
	if n < len(p.boxes) {
		p.boxes = p.boxes[:n]
		p.closeLeaf()
	}
}

// closeLeaf closes the open leaf block, if any.
func (p *mdParser) closeLeaf() {
	p.leaf = noLeaf
	p.para, p.long = p.para[:0], false
	p.tok.reset()
}

// paraLine adds a line of text to the open paragraph.
func (p *mdParser) paraLine(s []byte, long bool) {
	s = trimBlanks(s)
	switch {
	case long || len(p.para)+1+len(s) > maxLine:
		p.long = true
	case len(p.para) > 0:
		p.para = append(p.para, '\n')
		fallthrough
	default:
		p.para = append(p.para, s...)
	}
	p.feedProse(s, !long)
	p.rest = restProse
}

// heading adds the anchor of the heading whose inline Markdown is text.
func (p *mdParser) heading(text []byte) {
	p.set.add(p.slugger.Slug(HeadingText(string(text))))
	if id, ok := headingID(text); ok {
		p.set.add(id)
	}
}

// headingID returns the id a heading declares in a trailing attribute
// list, "## Options {#options}" or "{#id .class}": the syntax of the site
// generators that publish most Markdown docs (kramdown for Jekyll,
// Pandoc, Hugo, mdBook, VitePress's markdown-it-attrs). GitHub shows the
// braces as text, and its slug above keeps them; but no one writes them
// for GitHub, so the id they declare is the document's anchor as much as
// an id of its raw HTML is.
func headingID(text []byte) (string, bool) {
	text = trimBlanksRight(text)
	if len(text) < 3 || text[len(text)-1] != '}' {
		return "", false
	}
	open := bytes.LastIndexByte(text, '{')
	if open < 0 {
		return "", false
	}
	for _, attr := range strings.Fields(unquoted(text[open+1 : len(text)-1])) {
		if id, ok := fieldID(attr); ok {
			return id, true
		}
	}
	return "", false
}

// fieldID returns the id a field of an attribute list declares: "#id",
// or "id=value" with the value quoted or not, as Python-Markdown's
// attr_list also reads it ("### 9.7.0 { id="9.7.0" }").
func fieldID(f string) (string, bool) {
	id, ok := strings.CutPrefix(f, "#")
	if !ok {
		if id, ok = strings.CutPrefix(f, "id="); ok && len(id) >= 2 && (id[0] == '"' || id[0] == '\'') && id[len(id)-1] == id[0] {
			id = id[1 : len(id)-1]
		}
	}
	return id, ok && id != ""
}

// feedProse gives the tokenizer text from a paragraph or heading, less its
// code spans and backslash escapes: they are text, never tags. A code span
// of a long line may go on in its next piece; whole says that s ends the
// line, so that a backtick run with no match is literal.
func (p *mdParser) feedProse(s []byte, whole bool) {
	if p.tick == 0 && p.tok.state == data && bytes.IndexByte(s, '<') < 0 && bytes.IndexByte(s, '`') < 0 {
		p.attrIDs(s)
		return // no tag starts here, and no code span hides one further on
	}
	v := ascii.View(s)
	start := 0
	if p.tick > 0 {
		end, ok := closingRun(v, 0, p.tick)
		if !ok {
			return
		}
		p.tick, start = 0, end
	}
	for i := start; i < len(s); {
		switch s[i] {
		case '\\':
			if i+1 < len(s) && ascii.IsPunct(s[i+1]) {
				p.prose(s[start:i])
				i += 2
				start = i
				continue
			}
		case '`':
			n := run(v, i, '`')
			end, ok := closingRun(v, i+n, n)
			switch {
			case ok:
				p.prose(s[start:i])
				start, i = end, end
			case !whole:
				p.prose(s[start:i])
				p.tick = n
				return
			default:
				i += n
			}
			continue
		}
		i++
	}
	p.prose(s[start:])
}

// prose reads text outside code spans for raw HTML's ids and attribute
// lists' ids.
func (p *mdParser) prose(s []byte) {
	p.tok.feed(s)
	p.attrIDs(s)
}

// unquoted is an attribute list with each quoted value's blanks made
// "_", so that a field is a field: `title="a b"` stays one.
func unquoted(list []byte) string {
	out := []byte(string(list))
	var quote byte
	for i, c := range out {
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0 && (c == ' ' || c == '\t'):
			out[i] = '_'
		case quote == 0 && (c == '"' || c == '\''):
			quote = c
		}
	}
	return string(out)
}

// attrIDs adds the ids that attribute lists in s declare: "{ #id }",
// "{: #id .class }", "{ id=x }" or "{#id key=value}" after an inline
// element or on a line of its own, as Python-Markdown's attr_list (MkDocs)
// and kramdown write them ("**`locale`**{ #mkdocs-locale }"). Braces count as a list
// only when every field in them is an id, a class or a key=value, so
// that a template's "{{ x }}" or "{# note #}" declares nothing.
func (p *mdParser) attrIDs(s []byte) {
	for {
		open := bytes.IndexByte(s, '{')
		if open < 0 {
			return
		}
		s = s[open+1:]
		end := bytes.IndexByte(s, '}')
		if end < 0 {
			return
		}
		list := bytes.TrimPrefix(bytes.TrimLeft(s[:end], " "), []byte(":"))
		s = s[end+1:]
		fields := strings.Fields(unquoted(list))
		var ids []string
		declares := len(fields) > 0 // every field an id, a class or a key=value
		for _, f := range fields {
			if id, isID := fieldID(f); isID {
				ids = append(ids, id)
				continue
			}
			switch {
			case len(f) > 1 && f[0] == '.', strings.IndexByte(f, '=') > 0:
			default:
				declares = false
			}
		}
		if declares {
			for _, id := range ids {
				p.set.add(id)
			}
		}
	}
}

// htmlLine reads a line of an HTML block, or a piece of a long one, and
// notes whether it holds the block's end.
func (p *mdParser) htmlLine(s []byte, long bool) {
	p.tok.feed(s)
	p.rest = restHTML
	if p.html > 5 || p.ended {
		return
	}
	if len(p.carry) > 0 { // an end marker may straddle two pieces
		p.carry = append(p.carry, s[:min(len(s), 16)]...)
		p.ended = htmlBlockEnds(p.html, p.carry)
	}
	p.ended = p.ended || htmlBlockEnds(p.html, s)
	if long {
		p.carry = append(p.carry[:0], s[max(0, len(s)-16):]...)
	}
}

// cursor reads a line's leading indentation and markers by column; a tab
// moves to the next multiple of 4, as CommonMark says.
type cursor struct {
	s      []byte
	i, col int
}

func (c *cursor) rest() []byte { return c.s[c.i:] }

func (c *cursor) peek() byte {
	if c.i < len(c.s) {
		return c.s[c.i]
	}
	return 0
}

// indent returns the columns of spaces and tabs at c.
func (c *cursor) indent() int {
	col := c.col
	for _, b := range c.s[c.i:] {
		switch b {
		case ' ':
			col++
		case '\t':
			col += 4 - col%4
		default:
			return col - c.col
		}
	}
	return col - c.col
}

// skip moves c past n columns of spaces and tabs, or past the tab that
// spans the n-th column.
func (c *cursor) skip(n int) {
	for end := c.col + n; c.i < len(c.s) && c.col < end; c.i++ {
		switch c.s[c.i] {
		case ' ':
			c.col++
		case '\t':
			c.col += 4 - c.col%4
		default:
			return
		}
	}
}

func trimEOL(s []byte) []byte {
	s = bytes.TrimSuffix(s, []byte{'\n'})
	return bytes.TrimSuffix(s, []byte{'\r'})
}

func isBlank(s []byte) bool { return len(trimBlanks(s)) == 0 }

// trimBlanks drops the spaces and tabs around s; bytes.Trim with a cutset
// builds its set at every call, which took a fifth of the time here.
func trimBlanks(s []byte) []byte {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return trimBlanksRight(s[i:])
}

func trimBlanksRight(s []byte) []byte {
	j := len(s)
	for j > 0 && (s[j-1] == ' ' || s[j-1] == '\t') {
		j--
	}
	return s[:j]
}

// atxHeading returns the inline content of the ATX heading s (CommonMark
// section 4.2), less the optional closing run of '#'.
func atxHeading(s []byte) ([]byte, bool) {
	n := bytes.IndexFunc(s, func(r rune) bool { return r != '#' })
	if n < 0 {
		n = len(s)
	}
	if n < 1 || n > 6 || n < len(s) && s[n] != ' ' && s[n] != '\t' {
		return nil, false
	}
	text := trimBlanks(s[n:])
	j := len(text)
	for j > 0 && text[j-1] == '#' {
		j--
	}
	switch {
	case j == 0:
		text = nil
	case j < len(text) && (text[j-1] == ' ' || text[j-1] == '\t'):
		text = trimBlanksRight(text[:j])
	}
	return text, true
}

// openFence returns the fence of the code fence s opens (CommonMark
// section 4.5): three or more '`' or '~', and for '`' no '`' after.
func openFence(s []byte) ([]byte, bool) {
	if len(s) == 0 || s[0] != '`' && s[0] != '~' {
		return nil, false
	}
	n := run(ascii.View(s), 0, s[0])
	if n < 3 || s[0] == '`' && bytes.IndexByte(s[n:], '`') >= 0 {
		return nil, false
	}
	return s[:n], true
}

// closesFence reports whether s closes the code block that fence opened:
// a run of the same char at least as long, then only spaces.
func closesFence(s, fence []byte) bool {
	n := run(ascii.View(s), 0, fence[0])
	return n >= len(fence) && isBlank(s[n:])
}

// thematicBreak reports whether s is a thematic break (CommonMark section
// 4.1): three or more '*', '-' or '_', alike, and spaces.
func thematicBreak(s []byte) bool {
	if len(s) == 0 || s[0] != '*' && s[0] != '-' && s[0] != '_' {
		return false
	}
	n := 0
	for _, b := range s {
		switch b {
		case s[0]:
			n++
		case ' ', '\t':
		default:
			return false
		}
	}
	return n >= 3
}

// setextUnderline reports whether s, after up to 3 columns of indentation,
// underlines a setext heading (CommonMark section 4.3).
func setextUnderline(s []byte) bool {
	c := cursor{s: s}
	if ind := c.indent(); ind < 4 {
		c.skip(ind)
		s = c.rest()
		if len(s) > 0 && (s[0] == '=' || s[0] == '-') {
			return isBlank(s[run(ascii.View(s), 0, s[0]):])
		}
	}
	return false
}

// listItem reads a list marker at c (CommonMark section 5.2), moving c to
// the item's content, and returns the column where its content starts. An
// item that interrupts a paragraph must not be empty, and if ordered must
// start at 1.
func listItem(c *cursor, interrupt bool) (int, bool) {
	s := c.rest()
	n := 0 // the marker's length
	switch {
	case len(s) > 0 && (s[0] == '-' || s[0] == '+' || s[0] == '*'):
		n = 1
	default:
		for n < len(s) && n < 9 && ascii.IsDigit(s[n]) {
			n++
		}
		if n == 0 || n == len(s) || s[n] != '.' && s[n] != ')' || interrupt && string(s[:n]) != "1" {
			return 0, false
		}
		n++
	}
	if n < len(s) && s[n] != ' ' && s[n] != '\t' || thematicBreak(s) {
		return 0, false
	}
	blank := isBlank(s[n:])
	if interrupt && blank {
		return 0, false
	}
	c.i += n
	c.col += n
	switch spaces := c.indent(); {
	case blank || spaces > 4: // content is indented code, or starts a line later
		c.skip(1)
		return c.col, true
	default:
		c.skip(spaces)
		return c.col, true
	}
}

// blockTags are the tag names that start an HTML block of kind 6
// (CommonMark 0.29 section 4.6, which cmark-gfm follows).
var blockTags = []string{
	"address", "article", "aside", "base", "basefont", "blockquote", "body",
	"caption", "center", "col", "colgroup", "dd", "details", "dialog", "dir",
	"div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form",
	"frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header",
	"hr", "html", "iframe", "legend", "li", "link", "main", "menu", "menuitem",
	"nav", "noframes", "ol", "optgroup", "option", "p", "param", "section",
	"source", "summary", "table", "tbody", "td", "tfoot", "th", "thead",
	"title", "tr", "track", "ul",
}

// htmlBlockStart returns the kind (1 to 7) of the HTML block that s starts
// (CommonMark section 4.6), or 0. Kind 7 cannot interrupt a paragraph.
func htmlBlockStart(s []byte, inParagraph bool) int {
	if len(s) < 2 || s[0] != '<' {
		return 0
	}
	v := ascii.View(s)
	switch {
	case bytes.HasPrefix(s, []byte("<!--")):
		return 2
	case s[1] == '?':
		return 3
	case bytes.HasPrefix(s, []byte("<![CDATA[")):
		return 5
	case s[1] == '!' && len(s) > 2 && 'A' <= s[2] && s[2] <= 'Z':
		return 4
	}
	name := v[1:]
	if name[0] == '/' {
		name = name[1:]
	}
	end := tagNameEnd(name, 0)
	tag := strings.ToLower(name[:end])
	after := name[end:]
	ends := after == "" || after[0] == ' ' || after[0] == '\t' || after[0] == '>'
	if name == v[1:] && ends && slices.Contains([]string{"script", "pre", "style", "textarea"}, tag) {
		return 1
	}
	if (ends || strings.HasPrefix(after, "/>")) && slices.Contains(blockTags, tag) {
		return 6
	}
	if inParagraph || end == 0 {
		return 0
	}
	n := openTag(v)
	if name != v[1:] {
		n = 0
		if k := skipSpace(name, end); k < len(name) && name[k] == '>' {
			n = len(v) - len(name) + k + 1
		}
	}
	if n > 0 && isBlank(s[n:]) {
		return 7
	}
	return 0
}

// htmlBlockEnds reports whether s holds the end of an HTML block of kind 1
// to 5.
func htmlBlockEnds(kind int, s []byte) bool {
	switch kind {
	case 1:
		return containsFold(s, "</script>") || containsFold(s, "</pre>") ||
			containsFold(s, "</style>") || containsFold(s, "</textarea>")
	case 2:
		return bytes.Contains(s, []byte("-->"))
	case 3:
		return bytes.Contains(s, []byte("?>"))
	case 4:
		return bytes.IndexByte(s, '>') >= 0
	default:
		return bytes.Contains(s, []byte("]]>"))
	}
}

// hasPrefixFold reports whether s starts with prefix, ignoring ASCII case.
func hasPrefixFold(s []byte, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		if lower(s[i]) != lower(prefix[i]) {
			return false
		}
	}
	return true
}

// containsFold reports whether s contains marker, which starts with '<',
// ignoring ASCII case.
func containsFold(s []byte, marker string) bool {
	for {
		k := bytes.IndexByte(s, '<')
		if k < 0 {
			return false
		}
		if hasPrefixFold(s[k:], marker) {
			return true
		}
		s = s[k+1:]
	}
}
