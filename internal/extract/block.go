package extract

import (
	"strings"

	"github.com/uritool/uritool/internal/ascii"
)

// CommonMark parses a document in two phases: first its block structure,
// line by line, then the inline content of each leaf block. What is code
// is a matter of the first phase: container blocks (block quotes and
// list items, sections 5.1 and 5.2) shift the indentation that makes a
// line indented code (4.4), and hold fences (4.5) and HTML blocks (4.6)
// of their own. blocks follows that phase one line at a time, in state
// that grows with the nesting of containers, never with a line.

// lineKind is what the block structure makes of a line.
type lineKind uint8

const (
	proseLine lineKind = iota // a paragraph, heading, table row, ...: inlines
	codeLine                  // indented or fenced code, or a fence line
	htmlLine                  // a line of an HTML block: raw HTML, no inlines
	rawLine                   // the body of <script> or <style>: neither
)

// container is an open block quote or list item.
type container struct {
	quote bool
	// indent is a list item's content column, relative to where the item
	// stands; blankStart marks an item that began with a blank line.
	indent     int
	blankStart bool
	lines      int // lines since the item opened
}

// blockState is the block structure of a Markdown document after a line.
type blockState struct {
	stack []container
	// para: the last line left a paragraph open, which a lazy line
	// continues and which indented code cannot interrupt.
	para bool
	// An open fence: its character, length, and the depth of containers
	// it stands in.
	fenceChar            byte
	fenceLen, fenceDepth int
	// An open HTML block: its kind (1 to 7, CommonMark 4.6), whether its
	// body is raw text, and its depth.
	html, htmlDepth int
	raw             bool
}

// blocks is the block structure of a Markdown document so far.
type blocks struct {
	blockState
	// next is the state that begin worked out for the line, which end
	// commits; scratch is its stack's storage.
	next    blockState
	scratch []container
	// The line's leaf content starts at content, and opens a paragraph,
	// where a link reference definition may stand (4.7).
	content int
	opens   bool
	// continues: the line goes on the paragraph of the line before, in
	// which a code span may go on too (6.1).
	continues bool
	// ends is what end looks for in the line: an HTML block's end
	// condition.
	ends tailMatch
}

// cursor reads a line's indentation, a tab advancing to the next multiple
// of four columns and consumable in part (CommonMark 2.2).
type cursor struct {
	s       string
	pos     int
	col     int
	partial int // columns of the tab at pos not yet consumed
}

// indent counts the columns of white space from the cursor.
func (c *cursor) indent() int {
	n, col := c.partial, c.col+c.partial
	for i := c.pos; i < len(c.s); i++ {
		switch c.s[i] {
		case ' ':
			n++
			col++
		case '\t':
			if i == c.pos && c.partial > 0 {
				continue
			}
			w := 4 - col%4
			n += w
			col += w
		default:
			return n
		}
	}
	return n
}

// advance consumes n columns of white space.
func (c *cursor) advance(n int) {
	for n > 0 && c.pos < len(c.s) {
		if c.partial > 0 {
			k := min(n, c.partial)
			c.partial -= k
			c.col += k
			n -= k
			if c.partial == 0 {
				c.pos++
			}
			continue
		}
		switch c.s[c.pos] {
		case ' ':
			c.pos++
			c.col++
			n--
		case '\t':
			w := 4 - c.col%4
			if n >= w {
				c.pos++
				c.col += w
				n -= w
			} else {
				c.partial = w - n
				c.col += n
				n = 0
			}
		default:
			return
		}
	}
}

// text is the line from the cursor, past its white space.
func (c *cursor) text() string {
	r := c.rest()
	i := 0
	for i < len(r) && (r[i] == ' ' || r[i] == '\t') {
		i++
	}
	return r[i:]
}

// plainStart holds the bytes that start no block but a paragraph's text:
// not white space, nor a container's or a leaf's marker, nor a digit.
var plainStart = func() (t [256]bool) {
	for c := 0; c < 256; c++ {
		t[c] = strings.IndexByte(" \t>-+*0123456789`~#<_=[", byte(c)) < 0
	}
	return t
}()

// skipBlank consumes all leading white space.
func (c *cursor) skipBlank() { c.advance(c.indent()) }

// rest is the line from the cursor, its partly consumed tab dropped.
func (c *cursor) rest() string {
	if c.partial > 0 {
		return c.s[c.pos+1:]
	}
	return c.s[c.pos:]
}

// lookahead is how far past a construct's first byte begin reads in a
// window before it decides: a list marker, a fence, a tag name.
const lookahead = 32

// begin works out what the line is, from its start: the first window of
// a line that goes on past it with p, when known is false until enough
// of it has come. Whatever it asks of the rest of the line (is it blank,
// does it hold a backtick) the Facts answer. It changes no state: end
// commits what begin found.
func (b *blocks) begin(line string, p *past) (kind lineKind, known bool) {
	v := lineView{s: line, p: p}
	b.opens, b.content, b.continues = false, 0, false
	n := &b.next
	*n = b.blockState
	// Most lines are a paragraph's text at the top level: a first byte
	// that starts no block says so at once.
	if len(b.stack) == 0 && b.fenceLen == 0 && b.html == 0 && line != "" && plainStart[line[0]] {
		b.opens, b.continues, n.stack = !n.para, n.para, append(b.scratch[:0], b.stack...)
		n.para = true
		return proseLine, true
	}
	n.stack = append(b.scratch[:0], b.stack...)
	c := cursor{s: line}
	blank := v.blankFrom(0)
	// The open containers this line continues.
	matched := 0
	for _, k := range n.stack {
		if !v.has(c.pos + lookahead) {
			return 0, false
		}
		if k.quote {
			if c.indent() > 3 || !strings.HasPrefix(c.text(), ">") {
				break
			}
			c.quoteMarker()
		} else {
			if blank {
				if k.blankStart && k.lines == 1 {
					break // an item holds at most one blank line at its start
				}
			} else if c.indent() < k.indent {
				break
			} else {
				c.advance(k.indent)
			}
		}
		matched++
	}
	if !v.has(c.pos + lookahead) {
		return 0, false
	}
	// A fence or an HTML block whose containers all go on takes the line.
	if n.fenceLen > 0 && matched >= n.fenceDepth {
		n.stack = n.stack[:n.fenceDepth]
		if c.indent() < 4 {
			at := c.textAt()
			if r := fenceRun(line[at:], n.fenceChar); r >= n.fenceLen && (at+r < len(line) || p == nil) && v.blankFrom(at+r) {
				n.fenceLen = 0
			} else if p != nil && at+r == len(line) {
				return 0, false
			}
		}
		return n.done(codeLine), true
	}
	if n.html > 0 && matched >= n.htmlDepth {
		n.stack = n.stack[:n.htmlDepth]
		if n.html >= 6 && blank {
			n.html = 0
			return n.done(proseLine), true
		}
		if n.html == 1 && n.raw {
			return n.done(rawLine), true
		}
		return n.done(htmlLine), true
	}
	// A line that no container takes may still continue a paragraph
	// lazily (5.1): then it is the paragraph's text, whatever its indent.
	if matched < len(n.stack) {
		if n.para && !blank && !n.startsBlock(&c, v) {
			b.content, b.continues = c.textAt(), true
			return n.done(proseLine), true
		}
		n.stack = n.stack[:matched]
		n.para = false
	}
	n.fenceLen, n.html = 0, 0
	// New containers.
	for c.indent() <= 3 {
		if !v.has(c.pos + lookahead) {
			return 0, false
		}
		at := c.textAt()
		r := line[at:]
		if strings.HasPrefix(r, ">") {
			c.quoteMarker()
			n.stack = append(n.stack, container{quote: true})
			n.para = false
			continue
		}
		markerEnd, ordered, start1, ok := listMarker(r)
		if !ok || v.thematicBreak(at) {
			break
		}
		empty := v.blankFrom(at + markerEnd)
		if n.para && (empty || ordered && !start1) {
			break // such an item cannot interrupt a paragraph (5.2)
		}
		c.skipBlank()
		c.pos += markerEnd
		c.col += markerEnd
		k := container{indent: markerEnd, blankStart: empty}
		if empty {
			k.indent++
		} else {
			w := c.indent()
			if w > 4 {
				w = 1 // the item starts with indented code
			}
			c.advance(w)
			k.indent += w
		}
		n.stack = append(n.stack, k)
		n.para = false
	}
	if !v.has(c.pos + lookahead) {
		return 0, false
	}
	// The leaf block.
	indent := c.indent()
	at := c.textAt()
	rest := line[at:]
	switch {
	case blank || v.blankFrom(at):
		n.para = false
		return n.done(proseLine), true
	case indent >= 4 && !n.para:
		return n.done(codeLine), true
	case indent >= 4:
		return n.done(proseLine), true
	}
	if ch, r := v.fence(at); r > 0 {
		n.fenceChar, n.fenceLen, n.fenceDepth = ch, r, len(n.stack)
		n.para = false
		return n.done(codeLine), true
	}
	if atxHeading(rest) || n.para && v.setextUnderline(at) || v.thematicBreak(at) {
		n.para = false
		return n.done(proseLine), true
	}
	t, raw, known := v.htmlStart(at, n.para)
	if !known {
		return 0, false
	}
	if t > 0 {
		n.html, n.raw, n.htmlDepth = t, raw, len(n.stack)
		n.para = false
		return n.done(htmlLine), true
	}
	b.content, b.opens, b.continues = at, !n.para, n.para
	n.para = true
	return n.done(proseLine), true
}

// quoteMarker consumes a block quote marker, '>' and one optional blank
// column (5.1).
func (c *cursor) quoteMarker() {
	c.skipBlank()
	c.pos++
	c.col++
	if c.indent() > 0 {
		c.advance(1)
	}
}

// textAt is the offset of the first byte past the cursor's white space.
func (c *cursor) textAt() int { return len(c.s) - len(c.text()) }

// lineView answers begin's questions about a line of which it may see
// only the start, s: the Facts answer for the rest.
type lineView struct {
	s string
	p *past
}

// has reports whether the view reaches offset i, or the line's end.
func (v lineView) has(i int) bool { return v.p == nil || i <= len(v.s) }

// blankFrom reports whether the line holds only spaces and tabs from i.
func (v lineView) blankFrom(i int) bool {
	if v.p == nil {
		for j := i; j < len(v.s); j++ {
			if v.s[j] != ' ' && v.s[j] != '\t' {
				return false
			}
		}
		return true
	}
	return v.p.facts.lastNonBlank < i
}

// onlyFrom reports whether the line holds only c and blanks from i.
func (v lineView) onlyFrom(i int, c byte) bool {
	if v.p == nil {
		return onlyOf(v.s[min(i, len(v.s)):], c)
	}
	return v.p.facts.lastOther[runChar(c)] < i
}

// holdsFrom reports whether the line holds c from i.
func (v lineView) holdsFrom(i int, c byte) bool {
	if v.p == nil {
		return strings.IndexByte(v.s[min(i, len(v.s)):], c) >= 0
	}
	return v.p.facts.last[c] >= i
}

// fence returns the character and length of the opening code fence at i
// (4.5), or a length of 0.
func (v lineView) fence(i int) (byte, int) {
	for _, ch := range []byte{'`', '~'} {
		r := fenceRun(v.s[i:], ch)
		if r >= 3 && !(ch == '`' && v.holdsFrom(i+r, '`')) {
			return ch, r
		}
	}
	return 0, 0
}

// thematicBreak reports whether the line is one from i: three or more of
// one of '-', '_', '*', with blanks between (4.1).
func (v lineView) thematicBreak(i int) bool {
	if i >= len(v.s) {
		return false
	}
	c := v.s[i]
	if c != '-' && c != '_' && c != '*' || !v.onlyFrom(i, c) {
		return false
	}
	if v.p == nil {
		return strings.Count(v.s[i:], string(c)) >= 3
	}
	return v.p.facts.runChars[runChar(c)]-strings.Count(v.s[:i], string(c)) >= 3
}

// runChars are the characters of thematic breaks and setext underlines,
// of which Facts keeps counts.
const runChars = "-_*="

func runChar(c byte) int { return strings.IndexByte(runChars, c) }

// setextUnderline reports whether the line is one from i: a run of '='
// or '-' with trailing blanks (4.3).
func (v lineView) setextUnderline(i int) bool {
	if i >= len(v.s) || v.s[i] != '=' && v.s[i] != '-' {
		return false
	}
	r := fenceRun(v.s[i:], v.s[i])
	return (i+r < len(v.s) || v.p == nil) && v.blankFrom(i+r)
}

// atxHeading reports whether s starts an ATX heading (4.2).
func atxHeading(s string) bool {
	h := fenceRun(s, '#')
	return h > 0 && h <= 6 && (h == len(s) || s[h] == ' ' || s[h] == '\t')
}

// done counts the line in each open list item and returns kind.
func (n *blockState) done(kind lineKind) lineKind {
	for i := range n.stack {
		n.stack[i].lines++
	}
	return kind
}

// startsBlock reports whether the rest of a line, not continuing the
// open containers, starts a block that ends a paragraph rather than
// continuing it lazily.
func (n *blockState) startsBlock(c *cursor, v lineView) bool {
	if c.indent() > 3 {
		return false
	}
	at := c.textAt()
	r := v.s[at:]
	if strings.HasPrefix(r, ">") || v.thematicBreak(at) || atxHeading(r) {
		return true
	}
	if end, ordered, start1, ok := listMarker(r); ok {
		return !v.blankFrom(at+end) && (!ordered || start1)
	}
	if _, f := v.fence(at); f > 0 {
		return true
	}
	t, _, _ := v.htmlStart(at, true)
	return t > 0
}

// end commits what begin found of the line, now read to its end: an HTML
// block that the line ends closes.
func (b *blocks) end() {
	n := &b.next
	if n.html > 0 && n.html <= 5 && b.ends.found {
		n.html = 0
	}
	b.ends = tailMatch{}
	b.scratch = b.stack
	b.blockState = *n
}

// watch sets what the line's end condition is, once begin knows the
// line opens or continues an HTML block of a kind that one line ends.
func (b *blocks) watch() {
	if t := b.next.html; t > 0 && t <= 5 {
		b.ends.want = htmlEnds[t]
	}
}

// listMarker reads a list item's marker at the start of s (5.2): a
// bullet, or one to nine digits and '.' or ')', followed by a blank or
// the end of the line. It returns the marker's length.
func listMarker(s string) (end int, ordered, start1, ok bool) {
	if s == "" {
		return 0, false, false, false
	}
	switch s[0] {
	case '-', '+', '*':
		end = 1
	default:
		d := 0
		for d < len(s) && d < 10 && s[d] >= '0' && s[d] <= '9' {
			d++
		}
		if d == 0 || d > 9 || d == len(s) || s[d] != '.' && s[d] != ')' {
			return 0, false, false, false
		}
		end, ordered, start1 = d+1, true, s[:d] == "1" || strings.TrimLeft(s[:d], "0") == "1"
	}
	if end < len(s) && s[end] != ' ' && s[end] != '\t' {
		return 0, false, false, false
	}
	return end, ordered, start1, true
}

// onlyOf reports whether s holds only c and blanks.
func onlyOf(s string, c byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != c && s[i] != ' ' && s[i] != '\t' {
			return false
		}
	}
	return true
}

// rawTags open the HTML blocks of kind 1, whose bodies are not HTML;
// blockTags open those of kind 6 (CommonMark 4.6).
var (
	rawTags   = []string{"pre", "script", "style", "textarea"}
	blockTags = strings.Fields(`address article aside base basefont blockquote body caption center col
colgroup dd details dialog dir div dl dt fieldset figcaption figure footer form frame frameset
h1 h2 h3 h4 h5 h6 head header hr html iframe legend li link main menu menuitem nav noframes ol
optgroup option p param search section summary table tbody td tfoot th thead title tr track ul`)
	htmlEnds = [...][]string{1: {"</pre>", "</script>", "</style>", "</textarea>"}, 2: {"-->"}, 3: {"?>"}, 4: {">"}, 5: {"]]>"}}
)

// htmlStart returns the kind of HTML block that the line starts at i, or
// 0, and whether its body is raw text (script, style); kind 7 cannot
// interrupt a paragraph, para.
func (v lineView) htmlStart(i int, para bool) (kind int, raw, known bool) {
	s := v.s[i:]
	if !strings.HasPrefix(s, "<") {
		return 0, false, true
	}
	switch {
	case htmlStarts(s, "script", "style"):
		return 1, true, true
	case htmlStarts(s, "pre", "textarea"):
		return 1, false, true
	case strings.HasPrefix(s, "<!--"):
		return 2, false, true
	case strings.HasPrefix(s, "<?"):
		return 3, false, true
	case len(s) > 2 && s[1] == '!' && isLetter(s[2]):
		return 4, false, true
	case strings.HasPrefix(s, "<![CDATA["):
		return 5, false, true
	}
	name := strings.TrimPrefix(s[1:], "/")
	for _, t := range blockTags {
		if len(name) >= len(t) && strings.EqualFold(name[:len(t)], t) {
			r := name[len(t):]
			if r == "" || r[0] == ' ' || r[0] == '\t' || r[0] == '>' || strings.HasPrefix(r, "/>") {
				return 6, false, true
			}
		}
	}
	if para {
		return 0, false, true
	}
	n := tagLength(s)
	if n < 0 && v.p != nil {
		return 0, false, false // the tag goes on past the window
	}
	if n > 0 && !htmlStarts(s, rawTags...) && (i+n < len(v.s) || v.p == nil) && v.blankFrom(i+n) {
		return 7, false, true
	}
	if n > 0 && v.p != nil && i+n == len(v.s) {
		return 0, false, false
	}
	return 0, false, true
}

// htmlStarts reports whether s starts with the open tag of one of tags,
// its name followed by a blank, '>' or the end of the line.
func htmlStarts(s string, tags ...string) bool {
	for _, t := range tags {
		if len(s) > len(t) && s[0] == '<' && strings.EqualFold(s[1:1+len(t)], t) {
			r := s[1+len(t):]
			if r == "" || r[0] == ' ' || r[0] == '\t' || r[0] == '>' {
				return true
			}
		}
	}
	return false
}

// tagLength returns the length of the open or closing tag that s starts
// with (CommonMark 6.6), 0 when it starts with none, or -1 when s ends
// before the tag could.
func tagLength(s string) int {
	i := 1
	closing := strings.HasPrefix(s, "</")
	if closing {
		i++
	}
	if i >= len(s) {
		return -1
	}
	if !isLetter(s[i]) {
		return 0
	}
	for i < len(s) && (isLetter(s[i]) || s[i] >= '0' && s[i] <= '9' || s[i] == '-') {
		i++
	}
	for {
		j := i
		for j < len(s) && isSpace(s[j]) {
			j++
		}
		switch {
		case j == len(s) || s[j] == '/' && j+1 == len(s):
			return -1
		case s[j] == '>':
			return j + 1
		case !closing && s[j] == '/' && s[j+1] == '>':
			return j + 2
		case closing || j == i:
			return 0 // an attribute needs white space before it
		case !(isLetter(s[j]) || s[j] == '_' || s[j] == ':'):
			return 0
		}
		// An attribute: its name, then perhaps a value.
		for j < len(s) && (isLetter(s[j]) || s[j] >= '0' && s[j] <= '9' || strings.IndexByte("_.:-", s[j]) >= 0) {
			j++
		}
		k := j
		for k < len(s) && isSpace(s[k]) {
			k++
		}
		if k == len(s) {
			return -1
		}
		if s[k] == '=' {
			k++
			for k < len(s) && isSpace(s[k]) {
				k++
			}
			if k == len(s) {
				return -1
			}
			switch q := s[k]; q {
			case '"', '\'':
				e := strings.IndexByte(s[k+1:], q)
				if e < 0 {
					return -1
				}
				j = k + 1 + e + 1
			default:
				e := k
				for e < len(s) && !isSpace(s[e]) && strings.IndexByte("\"'=<>`", s[e]) < 0 {
					e++
				}
				if e == k {
					return 0
				}
				j = e
			}
		}
		i = j
	}
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' }

// tailMatch finds whether a line holds one of want, case-insensitively,
// as its pieces come, keeping the last bytes of what came before.
type tailMatch struct {
	want  []string
	found bool
	tail  []byte
}

const tailKeep = len("</textarea>") - 1

func (m *tailMatch) feed(b string) {
	if m.found || len(m.want) == 0 {
		return
	}
	joined := append(m.tail, b[:min(len(b), tailKeep)]...)
	if m.holds(ascii.View(joined)) || m.holds(b) {
		m.found = true
		return
	}
	if len(b) >= tailKeep {
		m.tail = append(m.tail[:0], b[len(b)-tailKeep:]...)
	} else {
		m.tail = append(m.tail[:0], joined[max(0, len(joined)-tailKeep):]...)
	}
}

func (m *tailMatch) holds(s string) bool {
	for _, w := range m.want {
		for i := 0; i+len(w) <= len(s); i++ {
			if s[i] == w[0] && strings.EqualFold(s[i:i+len(w)], w) {
				return true
			}
		}
	}
	return false
}
