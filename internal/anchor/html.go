package anchor

import (
	"bytes"
	"html"
	"io"
	"strings"

	"github.com/uritool/uritool/internal/ascii"
)

// maxValue bounds the attribute values the tokenizer holds: a longer id is
// no anchor that anyone links to, and holding it would let one attribute
// take memory without bound.
const maxValue = 4 << 10

// HTML returns the anchors of the HTML document r: the id of every element
// and the name of every <a> element, as written but for character
// references, which are decoded. An id or name longer than 4 KiB is left
// out.
func HTML(r io.Reader) (*Set, error) {
	s := &Set{}
	t := tokenizer{set: s}
	buf := make([]byte, 32<<10)
	for {
		n, err := r.Read(buf)
		t.feed(buf[:n])
		if err == io.EOF {
			return s, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// tokenizer is a cut-down HTML tokenizer (WHATWG HTML section 13.2.5)
// that sees only what it needs to find anchors: tags, their attributes,
// comments, and the raw text of elements such as <script> whose content
// is not markup. It takes its input in pieces of any size and keeps its
// state between them, holding no more than a few short names and two
// attribute values of at most maxValue bytes.
type tokenizer struct {
	set   *Set
	state tstate

	tag, attr shortName // the tag and attribute being read, lowercased
	end       bool      // the tag is an end tag

	// The values of the tag's first id and, for <a>, first name attribute
	// (later duplicates are ignored, as browsers do), and where the
	// attribute being read puts its value: one of them or neither.
	id, name value
	sawID    bool
	sawName  bool
	// href is the first <base> element's href, the document's base URL
	// (HTML's "frozen base URL"; RFC 3986 section 5.1.1).
	href      value
	sawHref   bool
	dst       *value
	dashes    int       // '-' just read in a comment; "<!--" counts as 2
	raw       shortName // the element whose raw text is being skipped
	rawDone   int       // bytes of "</" + raw read so far
	rawPrefix bool      // the end tag of raw has been read up to its name
}

// A value is an attribute value, kept if it is at most maxValue bytes.
type value struct {
	b    []byte
	long bool
}

func (v *value) reset() { v.b, v.long = v.b[:0], false }

func (v *value) add(p []byte) {
	if v.long || len(v.b)+len(p) > maxValue {
		v.long = true
		return
	}
	v.b = append(v.b, p...)
}

// shortName holds the first bytes of a name, lowercased, enough to tell
// the few names the tokenizer looks for; longer names match none.
type shortName struct {
	b [8]byte
	n int // up to len(b)+1, which means too long
}

func (s *shortName) reset() { s.n = 0 }

func (s *shortName) add(c byte) {
	if s.n < len(s.b) {
		s.b[s.n] = lower(c)
	}
	s.n = min(s.n+1, len(s.b)+1)
}

func (s *shortName) is(name string) bool {
	return s.n == len(name) && string(s.b[:s.n]) == name
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

type tstate uint8

const (
	data tstate = iota
	tagOpen
	endTagOpen
	tagName
	beforeAttrName
	attrName
	afterAttrName
	beforeAttrValue
	attrValueDouble
	attrValueSingle
	attrValueUnquoted
	afterAttrValue
	selfClosing
	markupOpen // after "<!"
	markupDash // after "<!-"
	comment
	commentBang // after "--!" in a comment
	bogusComment
	rawText
)

// rawTextElements are the elements whose content is text, not markup, up
// to their end tag (WHATWG HTML section 13.2.6.4.7: RAWTEXT and RCDATA,
// with scripting on).
var rawTextElements = [...]string{"script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript"}

func isSpaceByte(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
}

// reset forgets any tag or comment in progress: Markdown calls it between
// blocks, where inline HTML cannot continue.
func (t *tokenizer) reset() {
	t.state = data
}

// feed tokenizes p, which continues what was fed before.
func (t *tokenizer) feed(p []byte) {
	for i := 0; i < len(p); {
		c := p[i]
		switch t.state {
		case data:
			k := bytes.IndexByte(p[i:], '<')
			if k < 0 {
				return
			}
			i += k + 1
			t.state = tagOpen
			continue
		case tagOpen:
			switch {
			case ascii.IsAlpha(c):
				t.startTag(false)
				continue // reread c as the tag name's first byte
			case c == '/':
				t.state = endTagOpen
			case c == '!':
				t.state = markupOpen
			case c == '?':
				t.state = bogusComment
			default:
				t.state = data
				continue // reread c as text, '<' included
			}
		case endTagOpen:
			switch {
			case ascii.IsAlpha(c):
				t.startTag(true)
				continue
			case c == '>':
				t.state = data
			default:
				t.state = bogusComment
			}
		case tagName:
			switch {
			case isSpaceByte(c):
				t.state = beforeAttrName
			case c == '/':
				t.state = selfClosing
			case c == '>':
				t.emit()
			default:
				t.tag.add(c)
			}
		case beforeAttrName:
			switch {
			case isSpaceByte(c):
			case c == '/' || c == '>':
				t.state = afterAttrName
				continue
			default:
				t.attr.reset()
				t.attr.add(c) // even '=', as the standard says
				t.state = attrName
			}
		case attrName:
			switch {
			case isSpaceByte(c) || c == '/' || c == '>':
				t.attrNamed()
				t.state = afterAttrName
				continue
			case c == '=':
				t.attrNamed()
				t.state = beforeAttrValue
			default:
				t.attr.add(c)
			}
		case afterAttrName:
			switch {
			case isSpaceByte(c):
			case c == '/':
				t.state = selfClosing
			case c == '=':
				t.state = beforeAttrValue
			case c == '>':
				t.emit()
			default:
				t.dst = nil
				t.attr.reset()
				t.state = attrName
				continue
			}
		case beforeAttrValue:
			switch {
			case isSpaceByte(c):
			case c == '"':
				t.state = attrValueDouble
			case c == '\'':
				t.state = attrValueSingle
			case c == '>':
				t.emit()
			default:
				t.state = attrValueUnquoted
				continue
			}
		case attrValueDouble, attrValueSingle:
			q := byte('"')
			if t.state == attrValueSingle {
				q = '\''
			}
			k := bytes.IndexByte(p[i:], q)
			if k < 0 {
				t.value(p[i:])
				return
			}
			t.value(p[i : i+k])
			i += k + 1
			t.dst = nil
			t.state = afterAttrValue
			continue
		case attrValueUnquoted:
			switch {
			case isSpaceByte(c):
				t.dst = nil
				t.state = beforeAttrName
			case c == '>':
				t.emit()
			default:
				t.value(p[i : i+1])
			}
		case afterAttrValue, selfClosing:
			switch {
			case isSpaceByte(c) && t.state == afterAttrValue:
				t.state = beforeAttrName
			case c == '/' && t.state == afterAttrValue:
				t.state = selfClosing
			case c == '>':
				t.emit()
			default:
				t.state = beforeAttrName
				continue
			}
		case markupOpen:
			if c == '-' {
				t.state = markupDash
			} else {
				t.state = bogusComment // "<!DOCTYPE", "<![CDATA[" in HTML
				continue
			}
		case markupDash:
			if c == '-' {
				t.state, t.dashes = comment, 2 // so that "<!-->" ends at once
			} else {
				t.state = bogusComment
				continue
			}
		case comment:
			if t.dashes == 0 && c != '-' {
				// Only a '-' can begin the comment's end: skip to one.
				k := bytes.IndexByte(p[i:], '-')
				if k < 0 {
					return
				}
				i += k
				continue
			}
			switch {
			case c == '-':
				t.dashes++
			case c == '>' && t.dashes >= 2:
				t.state = data
			case c == '!' && t.dashes >= 2:
				t.state = commentBang
			default:
				t.dashes = 0
			}
		case commentBang:
			switch c {
			case '>':
				t.state = data
			case '-':
				t.state, t.dashes = comment, 1
			default:
				t.state, t.dashes = comment, 0
			}
		case bogusComment:
			k := bytes.IndexByte(p[i:], '>')
			if k < 0 {
				return
			}
			i += k
			t.state = data
		case rawText:
			if t.rawDone == 0 && !t.rawPrefix && c != '<' {
				// Most of a script is no end tag: skip to the next '<'.
				k := bytes.IndexByte(p[i:], '<')
				if k < 0 {
					return
				}
				i += k
				continue
			}
			if t.rawEnd(c) {
				continue
			}
		}
		i++
	}
}

// startTag begins a tag, start or end.
func (t *tokenizer) startTag(end bool) {
	t.tag.reset()
	t.end = end
	t.id.reset()
	t.name.reset()
	t.href.reset()
	t.sawID, t.sawName, t.sawHref, t.dst = false, false, false, nil
	t.state = tagName
}

// attrNamed decides, when an attribute's name is complete, where its
// value goes.
func (t *tokenizer) attrNamed() {
	t.dst = nil
	switch {
	case t.end:
	case t.attr.is("id") && !t.sawID:
		t.sawID, t.dst = true, &t.id
	case t.attr.is("name") && t.tag.is("a") && !t.sawName:
		t.sawName, t.dst = true, &t.name
	case t.attr.is("href") && t.tag.is("base") && !t.sawHref && !t.set.hasBase:
		t.sawHref, t.dst = true, &t.href
	}
}

func (t *tokenizer) value(p []byte) {
	if t.dst != nil {
		t.dst.add(p)
	}
}

// emit ends a tag at its '>': a start tag's anchors are added, and an
// element with raw text starts skipping it.
func (t *tokenizer) emit() {
	t.state = data
	if t.end {
		return
	}
	t.anchor(&t.id)
	t.anchor(&t.name)
	if t.sawHref && !t.href.long && !t.set.hasBase {
		t.set.base, t.set.hasBase = strings.TrimSpace(html.UnescapeString(string(t.href.b))), true
	}
	for _, name := range rawTextElements {
		if t.tag.is(name) {
			t.raw = t.tag
			t.rawDone, t.rawPrefix = 0, false
			t.state = rawText
			return
		}
	}
}

// anchor adds the value v to the set, if it is one.
func (t *tokenizer) anchor(v *value) {
	switch {
	case v.long || len(v.b) == 0:
	case bytes.IndexByte(v.b, '&') >= 0:
		t.set.add(html.UnescapeString(string(v.b)))
	case !t.set.Has(string(v.b)): // a lookup that does not copy v.b
		t.set.add(string(v.b))
	}
}

// rawEnd reads c in raw text, looking for the end tag "</" + raw followed
// by space, '/' or '>'. It reports whether c is to be read again, in the
// state it has moved to.
func (t *tokenizer) rawEnd(c byte) bool {
	if t.rawPrefix { // "</name" read: the tag goes on if c may follow a name
		t.rawPrefix = false
		if isSpaceByte(c) || c == '/' || c == '>' {
			t.tag, t.end, t.dst = t.raw, true, nil
			t.state = tagName
			return true
		}
		t.rawDone = 0
	}
	want := byte('<')
	switch {
	case t.rawDone == 1:
		want = '/'
	case t.rawDone > 1:
		want = t.raw.b[t.rawDone-2]
	}
	if lower(c) != want {
		if t.rawDone > 0 {
			t.rawDone = 0
			return true // c may start the end tag afresh
		}
		return false
	}
	t.rawDone++
	if t.rawDone == 2+t.raw.n {
		t.rawDone, t.rawPrefix = 0, true
	}
	return false
}
