package anchor

import (
	"html"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/uritool/uritool/internal/ascii"
)

// HeadingText returns the text that GitHub renders for a heading whose
// content is the inline Markdown s (CommonMark 0.29 with GFM
// strikethrough, as cmark-gfm parses it): the text its anchor is made
// from. Code spans give their content; links their text; images nothing
// (GitHub takes no alt text into anchors: github/markup issue 1008);
// autolinks their address; raw HTML tags go but the text between them
// stays; emphasis and strikethrough delimiters go; backslash escapes and
// character references are undone.
//
// It departs from cmark-gfm where that rarely changes an anchor: a
// reference link "[text][ref]" is taken to be defined, and a shortcut
// "[x]" or "![x]" to be undefined (the two readings differ only in
// brackets and "!", which anchors drop, or in the text of an image); and
// an autolink, raw HTML tag, or link destination longer than maxInline
// is text.
func HeadingText(s string) string {
	p := inline{src: s}
	p.scan()
	p.links()
	p.emphasis()
	var b strings.Builder
	for i := range p.atoms {
		a := &p.atoms[i]
		switch {
		case a.drop:
		case a.kind == delim:
			b.WriteString(strings.Repeat(string(a.c), a.n))
		default:
			b.WriteString(a.text)
		}
	}
	return b.String()
}

// maxInline bounds the bytes that an autolink, a raw HTML tag, or a link's
// destination and title may span; longer ones are read as text. Without
// it, a heading of many unclosed "<" or "](" would take quadratic time.
const maxInline = 4 << 10

// An atom is a piece of a heading's inline Markdown that links and
// emphasis treat as a whole.
type atom struct {
	kind       atomKind
	start, end int    // where it is in the source
	text       string // what it renders as, unless it is a delim
	drop       bool   // part of an image or a link's syntax: renders as nothing

	// For delimiter runs of '*', '_' or '~'.
	c           byte
	n, orig     int // chars left unmatched, chars in the run
	open, close bool
	group       int // the link whose text holds the run, or 0
}

type atomKind uint8

const (
	text     atomKind = iota
	delim             // a run of '*', '_' or '~'
	linkOpen          // "["
	imgOpen           // "!["
	linkEnd           // "]"
)

// inline parses one heading's inline Markdown.
type inline struct {
	src   string
	atoms []atom
}

func (p *inline) push(kind atomKind, start, end int, s string) {
	p.atoms = append(p.atoms, atom{kind: kind, start: start, end: end, text: s})
}

// scan splits the source into atoms. Code spans, autolinks and raw HTML
// bind before links and emphasis do (CommonMark section 6), so they are
// found here and become text atoms, or nothing.
func (p *inline) scan() {
	s := p.src
	for i := 0; i < len(s); {
		switch c := s[i]; c {
		case '\\':
			switch {
			case i+1 < len(s) && ascii.IsPunct(s[i+1]):
				p.push(text, i, i+2, s[i+1:i+2])
				i += 2
			case i+1 < len(s) && s[i+1] == '\n': // a hard line break
				p.push(text, i, i+2, "\n")
				i += 2
			default:
				p.push(text, i, i+1, "\\")
				i++
			}
		case '`':
			n := run(s, i, '`')
			if end, ok := closingRun(s, i+n, n); ok {
				p.push(text, i, end, codeSpanText(s[i+n:end-n]))
				i = end
			} else {
				p.push(text, i, i+n, s[i:i+n])
				i += n
			}
		case '&':
			if r, n := charRef(s[i:]); n > 0 {
				p.push(text, i, i+n, r)
				i += n
			} else {
				p.push(text, i, i+1, "&")
				i++
			}
		case '<':
			window := s[i:min(len(s), i+maxInline)]
			if addr, n := autolink(window); n > 0 {
				p.push(text, i, i+n, addr)
				i += n
			} else if n := htmlTag(window); n > 0 {
				p.push(text, i, i+n, "")
				i += n
			} else {
				p.push(text, i, i+1, "<")
				i++
			}
		case '!':
			if i+1 < len(s) && s[i+1] == '[' {
				p.push(imgOpen, i, i+2, "![")
				i += 2
			} else {
				p.push(text, i, i+1, "!")
				i++
			}
		case '[':
			p.push(linkOpen, i, i+1, "[")
			i++
		case ']':
			p.push(linkEnd, i, i+1, "]")
			i++
		case '*', '_', '~':
			n := run(s, i, c)
			p.delimiter(i, n)
			i += n
		default:
			j := i + 1
			for j < len(s) && !strings.ContainsRune("\\`&<![]*_~", rune(s[j])) {
				j++
			}
			p.push(text, i, j, s[i:j])
			i = j
		}
	}
}

// delimiter adds the run of n delimiter chars at i, with whether it can
// open or close emphasis by the flanking rules (CommonMark section 6.2),
// which look at the characters around the run in the source.
func (p *inline) delimiter(i, n int) {
	s, c := p.src, p.src[i]
	before, after := ' ', ' ' // the start and end of a line count as space
	if i > 0 {
		before, _ = utf8.DecodeLastRuneInString(s[:i])
	}
	if i+n < len(s) {
		after, _ = utf8.DecodeRuneInString(s[i+n:])
	}
	left := !isSpace(after) && (!isPunct(after) || isSpace(before) || isPunct(before))
	right := !isSpace(before) && (!isPunct(before) || isSpace(after) || isPunct(after))
	open, close := left, right
	switch {
	case c == '_': // no emphasis inside words, as in snake_case
		open = left && (!right || isPunct(before))
		close = right && (!left || isPunct(after))
	case c == '~' && n > 2: // GFM strikethrough is "~" or "~~"
		open, close = false, false
	}
	p.atoms = append(p.atoms, atom{kind: delim, start: i, end: i + n, c: c, n: n, orig: n, open: open, close: close})
}

// links pairs brackets into links and images as CommonMark's "look for
// link or image" does (section 6.3): images are dropped whole; a link's
// brackets and destination are dropped and its text stays.
func (p *inline) links() {
	var openers []int // indexes of "[" and "![" atoms not yet closed
	floor := 0        // the "[" openers below it are inactive: links do not nest
	group := 0
	for i := 0; i < len(p.atoms); i++ {
		if k := p.atoms[i].kind; k == linkOpen || k == imgOpen {
			openers = append(openers, i)
			continue
		}
		if p.atoms[i].kind != linkEnd || len(openers) == 0 {
			continue
		}
		o := openers[len(openers)-1]
		openers = openers[:len(openers)-1]
		inactive := len(openers) < floor && p.atoms[o].kind == linkOpen
		floor = min(floor, len(openers))
		if inactive {
			continue
		}
		from := p.atoms[i].end
		end, ok := linkTail(p.src[:min(len(p.src), from+maxInline)], from)
		if !ok {
			continue
		}
		last := i // the last atom of the destination
		for last+1 < len(p.atoms) && p.atoms[last+1].start < end {
			last++
		}
		if a := &p.atoms[last]; a.end > end {
			if a.text != p.src[a.start:a.end] { // it ends inside a code span, a tag...
				continue
			}
			a.start, a.text = end, p.src[end:a.end] // plain text: split it
			last--
		}
		if p.atoms[o].kind == imgOpen {
			for k := o; k <= last; k++ {
				p.atoms[k].drop = true
			}
		} else {
			group++
			for k := o + 1; k < i; k++ {
				p.atoms[k].group = group
			}
			for k := i; k <= last; k++ {
				p.atoms[k].drop = true
			}
			p.atoms[o].drop = true
			floor = len(openers)
		}
		i = last
	}
}

// emphasis pairs delimiter runs, as CommonMark's "process emphasis" does
// (section 6.4 and appendix A), leaving the unpaired chars as text. Runs
// in a link's text pair only with each other.
func (p *inline) emphasis() {
	type key struct {
		group int
		c     byte
		open  bool
		mod   int
	}
	bottom := map[key]int{} // below it, no opener for such a closer: spares a rescan
	prev := make([]int, len(p.atoms))
	last := -1 // the nearest delimiter run that may still open
	for ci := range p.atoms {
		c := &p.atoms[ci]
		if c.kind != delim || c.drop {
			continue
		}
		prev[ci] = last
		if !c.close {
			if c.open {
				last = ci
			}
			continue
		}
		k := key{c.group, c.c, c.open, c.orig % 3}
		lo, ok := bottom[k]
		if !ok {
			lo = -1
		}
		for c.n > 0 {
			oi := prev[ci]
			for ; oi > lo; oi = prev[oi] {
				if p.pairs(&p.atoms[oi], c) {
					break
				}
			}
			if oi <= lo {
				bottom[k] = prev[ci]
				break
			}
			o := &p.atoms[oi]
			use := 1
			switch {
			case c.c == '~':
				use = c.n
			case o.n >= 2 && c.n >= 2:
				use = 2
			}
			o.n -= use
			c.n -= use
			prev[ci] = oi // the runs between them stay as text
			if o.n == 0 {
				prev[ci] = prev[oi]
			}
		}
		if c.n > 0 && c.open {
			last = ci
		} else {
			last = prev[ci]
		}
	}
}

// pairs reports whether the run o can open the emphasis that the run c
// closes.
func (p *inline) pairs(o, c *atom) bool {
	if o.n == 0 || !o.open || o.c != c.c || o.group != c.group {
		return false
	}
	if c.c == '~' {
		return o.orig == c.orig
	}
	// The "rule of 3", so that "*foo**bar*" is one emphasis.
	return !((o.close || c.open) && (o.orig+c.orig)%3 == 0 && (o.orig%3 != 0 || c.orig%3 != 0))
}

// run returns the length of the run of c at s[i:].
func run(s string, i int, c byte) int {
	n := 0
	for i+n < len(s) && s[i+n] == c {
		n++
	}
	return n
}

// closingRun returns the end of the code span that a run of n backticks
// opens, looking in s from from on: the end of the next run of exactly n
// backticks.
func closingRun(s string, from, n int) (int, bool) {
	for j := from; j < len(s); {
		if s[j] != '`' {
			j++
			continue
		}
		m := run(s, j, '`')
		if m == n {
			return j + m, true
		}
		j += m
	}
	return 0, false
}

// codeSpanText is what a code span with content s renders as: line endings
// become spaces, and one space is stripped from each end if both have one
// and s is not all spaces.
func codeSpanText(s string) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if len(s) >= 2 && s[0] == ' ' && s[len(s)-1] == ' ' && strings.Trim(s, " ") != "" {
		s = s[1 : len(s)-1]
	}
	return s
}

// charRef decodes the character reference at the start of s (CommonMark
// section 6.2: "&name;", "&#digits;" with up to 7 digits, "&#xhex;" with
// up to 6), returning its text and length, or n = 0 if there is none.
func charRef(s string) (_ string, n int) {
	end := strings.IndexByte(s, ';')
	if end < 2 || end > 33 { // no entity name is longer than 31
		return "", 0
	}
	body := s[1:end]
	if body[0] == '#' {
		digits, base, most := body[1:], 10, 7
		if digits != "" && digits[0]|0x20 == 'x' {
			digits, base, most = digits[1:], 16, 6
		}
		if digits == "" || len(digits) > most {
			return "", 0
		}
		v, err := strconv.ParseUint(digits, base, 32)
		if err != nil {
			return "", 0
		}
		r := rune(v)
		if r == 0 || !utf8.ValidRune(r) {
			r = utf8.RuneError
		}
		return string(r), end + 1
	}
	for i := 0; i < len(body); i++ {
		if !ascii.IsAlpha(body[i]) && !ascii.IsDigit(body[i]) {
			return "", 0
		}
	}
	// html.UnescapeString knows every HTML5 entity name. Given an unknown
	// name it leaves the text alone, or, for an unknown name that starts
	// with one of the legacy names such as "amp", decodes only that prefix;
	// either way its result keeps the final ";", which only &semi; makes.
	ref := s[:end+1]
	if out := html.UnescapeString(ref); out != ref && (!strings.HasSuffix(out, ";") || body == "semi") {
		return out, end + 1
	}
	return "", 0
}

// autolink returns the address of the autolink at the start of s, "<" URI
// ">" or "<" email ">" (CommonMark section 6.5), and its length, or n = 0.
func autolink(s string) (_ string, n int) {
	end := strings.IndexByte(s, '>')
	if end < 0 {
		return "", 0
	}
	addr := s[1:end]
	if isURI(addr) || isEmail(addr) {
		return addr, end + 1
	}
	return "", 0
}

// isURI reports whether s is an absolute URI as autolinks take them: a
// scheme of 2 to 32 characters, ":", then no space, control, "<" or ">".
func isURI(s string) bool {
	colon := strings.IndexByte(s, ':')
	if colon < 2 || colon > 32 || !ascii.IsAlpha(s[0]) {
		return false
	}
	for i := 1; i < colon; i++ {
		if c := s[i]; !ascii.IsAlpha(c) && !ascii.IsDigit(c) && c != '+' && c != '.' && c != '-' {
			return false
		}
	}
	for i := colon + 1; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c == '<' || c == 0x7f {
			return false
		}
	}
	return true
}

// isEmail reports whether s is an email address as autolinks take them.
func isEmail(s string) bool {
	at := strings.IndexByte(s, '@')
	if at < 1 || at == len(s)-1 {
		return false
	}
	for i := 0; i < at; i++ {
		if c := s[i]; !ascii.IsAlpha(c) && !ascii.IsDigit(c) && !strings.ContainsRune(".!#$%&'*+/=?^_`{|}~-", rune(c)) {
			return false
		}
	}
	for label := range strings.SplitSeq(s[at+1:], ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for i := 0; i < len(label); i++ {
			if c := label[i]; !ascii.IsAlpha(c) && !ascii.IsDigit(c) && c != '-' {
				return false
			}
		}
	}
	return true
}

// htmlTag returns the length of the raw HTML at the start of s (CommonMark
// section 6.6): an open or closing tag, a comment, a processing
// instruction, a declaration or a CDATA section; or 0 if there is none.
func htmlTag(s string) int {
	for _, c := range [...]struct{ open, close string }{
		{"<!--", "-->"}, {"<?", "?>"}, {"<![CDATA[", "]]>"},
	} {
		if !strings.HasPrefix(s, c.open) {
			continue
		}
		if k := strings.Index(s[len(c.open):], c.close); k >= 0 {
			return len(c.open) + k + len(c.close)
		}
		return 0
	}
	if len(s) > 2 && s[1] == '!' && ascii.IsAlpha(s[2]) {
		if k := strings.IndexByte(s, '>'); k >= 0 {
			return k + 1
		}
		return 0
	}
	if len(s) > 1 && s[1] == '/' {
		i := tagNameEnd(s, 2)
		if i == 2 {
			return 0
		}
		i = skipSpace(s, i)
		if i < len(s) && s[i] == '>' {
			return i + 1
		}
		return 0
	}
	return openTag(s)
}

// openTag returns the length of the open tag at the start of s, or 0.
func openTag(s string) int {
	i := tagNameEnd(s, 1)
	if i == 1 {
		return 0
	}
	for {
		j := skipSpace(s, i)
		if j < len(s) && s[j] == '>' {
			return j + 1
		}
		if j+1 < len(s) && s[j] == '/' && s[j+1] == '>' {
			return j + 2
		}
		if j == i || j == len(s) { // attributes need space before them
			return 0
		}
		if i = attribute(s, j); i == j {
			return 0
		}
	}
}

// tagNameEnd returns the end of the tag name at s[i:], or i if there is none.
func tagNameEnd(s string, i int) int {
	if i >= len(s) || !ascii.IsAlpha(s[i]) {
		return i
	}
	for i++; i < len(s) && (ascii.IsAlpha(s[i]) || ascii.IsDigit(s[i]) || s[i] == '-'); i++ {
	}
	return i
}

// attribute returns the end of the attribute at s[i:], name and optional
// value, or i if there is none.
func attribute(s string, i int) int {
	start := i
	if i >= len(s) || !(ascii.IsAlpha(s[i]) || s[i] == '_' || s[i] == ':') {
		return start
	}
	for i++; i < len(s) && (ascii.IsAlpha(s[i]) || ascii.IsDigit(s[i]) || strings.IndexByte("_.:-", s[i]) >= 0); i++ {
	}
	j := skipSpace(s, i)
	if j >= len(s) || s[j] != '=' {
		return i
	}
	j = skipSpace(s, j+1)
	if j >= len(s) {
		return start
	}
	if q := s[j]; q == '"' || q == '\'' {
		k := strings.IndexByte(s[j+1:], q)
		if k < 0 {
			return start
		}
		return j + 1 + k + 1
	}
	k := j
	for k < len(s) && !strings.ContainsRune(" \t\n\r\f\"'=<>`", rune(s[k])) {
		k++
	}
	if k == j {
		return start
	}
	return k
}

func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' || s[i] == '\f') {
		i++
	}
	return i
}

// linkTail returns the end of what follows a link's "]" at s[i:] if it
// makes the brackets a link or image: an inline destination and title in
// parentheses, or a reference label in brackets ("[]" or "[ref]").
func linkTail(s string, i int) (int, bool) {
	if i >= len(s) {
		return 0, false
	}
	switch s[i] {
	case '[':
		for j := i + 1; j < len(s) && j-i <= 1000; j++ {
			switch s[j] {
			case '\\':
				j++
			case '[':
				return 0, false
			case ']':
				return j + 1, true
			}
		}
		return 0, false
	case '(':
		j := skipSpace(s, i+1)
		j, ok := linkDestination(s, j)
		if !ok {
			return 0, false
		}
		k := skipSpace(s, j)
		if k > j && k < len(s) && strings.IndexByte("\"'(", s[k]) >= 0 {
			if j, ok = linkTitle(s, k); !ok {
				return 0, false
			}
			k = skipSpace(s, j)
		}
		if k < len(s) && s[k] == ')' {
			return k + 1, true
		}
	}
	return 0, false
}

// linkDestination returns the end of the link destination at s[i:], which
// may be empty.
func linkDestination(s string, i int) (int, bool) {
	if i < len(s) && s[i] == '<' {
		for j := i + 1; j < len(s); j++ {
			switch s[j] {
			case '\\':
				j++
			case '\n', '<':
				return 0, false
			case '>':
				return j + 1, true
			}
		}
		return 0, false
	}
	depth := 0
	j := i
	for ; j < len(s); j++ {
		c := s[j]
		if c <= ' ' || c == 0x7f {
			break
		}
		if c == '\\' && j+1 < len(s) && ascii.IsPunct(s[j+1]) {
			j++
			continue
		}
		if c == '(' {
			depth++
		} else if c == ')' {
			if depth == 0 {
				break
			}
			depth--
		}
	}
	return j, depth == 0
}

// linkTitle returns the end of the link title at s[i:], in double or
// single quotes or in parentheses.
func linkTitle(s string, i int) (int, bool) {
	closer := s[i]
	if closer == '(' {
		closer = ')'
	}
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case closer:
			return j + 1, true
		case '(':
			if closer == ')' {
				return 0, false
			}
		}
	}
	return 0, false
}

// isSpace is cmark's Unicode whitespace for the flanking rules.
func isSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f' || unicode.Is(unicode.Zs, r)
}

// isPunct is cmark-gfm's punctuation for the flanking rules: ASCII
// punctuation and the Unicode P categories (not S, unlike CommonMark
// 0.31).
func isPunct(r rune) bool {
	if r < 0x80 {
		return ascii.IsPunct(byte(r))
	}
	return unicode.IsPunct(r)
}
