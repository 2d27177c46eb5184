package extract

import (
	"bytes"
	"slices"
	"unicode/utf8"

	"github.com/uritool/uritool/internal/ascii"
)

// A line too long to hold whole (a minified page, a bundle) comes to the
// Extractor in pieces, after a first pass over it has gathered its Facts.
// The extractor holds a window: what it has not yet decided, plus two
// bytes before it for the look-backs. Over a window it runs the same
// passes as over a whole line, each stopping at the first thing whose
// extent depends on what lies past the window (a quote that may close
// further on, a run of backticks, an attribute, a character reference,
// a candidate that reaches the end), and then cuts the window at a byte
// where every pass stands between items, in the state it would be in
// over the whole line, or inside a code span, whose state it hands on.
// What comes before the cut is final; the rest is read again with the
// next piece. So memory grows with the longest undecided stretch (a
// candidate, an attribute value), not with the line.

// window is the text the passes read: text[from:] is to be read,
// text[:from] is there for look-backs only.
type window struct {
	text string
	from int
	base int // the offset of text in the line
	// past is what the window knows of the rest of its line; nil when
	// the window reaches the end of the line.
	past *past
	// angle is the last '<' or '>' of the line before from, or 0: whether
	// from stands inside a tag.
	angle byte
	// span is the length of the backtick runs of a Markdown code span
	// that from stands inside, or 0; extract sets it for the cut.
	span int
	// raw is the HTML raw text element (rawElements) whose body from
	// stands inside, or 0; extract sets it for the cut, and at the end
	// of the line for the next.
	raw uint8
	// inside marks the bytes that stand strictly inside something a pass
	// read (a candidate, an attribute): no cut falls there.
	inside []bool
}

// past is what a window knows of its line past its end, from the Facts.
type past struct {
	facts *Facts
	end   int // the line offset where the window's text ends
	// decoded: the text was decoded from character references, any of
	// which may stand for the byte asked about.
	decoded bool
}

// mayHold reports whether the line may hold c past the window; false
// when there is no past.
func (p *past) mayHold(c byte) bool {
	return p != nil && (p.facts.last[c] >= p.end || p.decoded && p.facts.last['&'] >= p.end)
}

// hasRun reports whether a run of exactly n backticks starts past the
// window; false when there is no past.
func (p *past) hasRun(n int) bool {
	if p == nil {
		return false
	}
	at, ok := p.facts.runs[n]
	return ok && at >= p.end
}

// hasLongerRun reports whether a run of more than n backticks starts
// past the window; false when there is no past.
func (p *past) hasLongerRun(n int) bool {
	if p == nil {
		return false
	}
	for m, at := range p.facts.runs {
		if m > n && at >= p.end {
			return true
		}
	}
	return false
}

// whole reports whether the window is a whole line.
func (w *window) whole() bool { return w.past == nil && w.base == 0 && w.from == 0 }

// upTo is the window cut short at end: a pass that stopped there leaves
// what follows undecided for the passes after it.
func (w *window) upTo(end int) window {
	v := *w
	v.text = w.text[:end]
	if w.past != nil {
		p := *w.past
		p.end = w.base + end
		v.past = &p
	}
	return v
}

// cover records that a pass read text[start:end] as one item.
func (w *window) cover(start, end int) {
	if w.past == nil {
		return
	}
	for i := start + 1; i < end && i < len(w.inside); i++ {
		w.inside[i] = true
	}
}

// cut returns the last byte before limit where the next window may
// start, or w.from when there is none. There each pass stands between
// items (or inside a code span): the byte is no part of a scheme, a character reference ("#",
// ";", "&"), a run of backticks or an escape, and not inside anything a
// pass read. The byte before it is no blank, backslash or ';', so that
// look-backs over blanks and escapes stop at it and it is not the end
// of a character reference: decoding it alone gives what decoding the
// whole line gives.
func (w *window) cut(limit int) int {
	for c := min(limit, len(w.text)-1); c > w.from; c-- {
		if cutBefore[w.text[c]] && !cutAfter[w.text[c-1]] && !w.inside[c] {
			return c
		}
	}
	return w.from
}

var cutBefore, cutAfter = func() (before, after [256]bool) {
	for c := 0; c < utf8.RuneSelf; c++ {
		before[c] = !isSchemeChar(byte(c)) && bytes.IndexByte([]byte("#;`&\\:/_+@"), byte(c)) < 0
	}
	for _, c := range []byte(" \t\\;") {
		after[c] = true
	}
	return before, after
}()

// pieces is the state of a line read in pieces.
type pieces struct {
	on    bool // a line is being read
	begun bool // its start is read: its markers and whether it is code
	facts *Facts
	// buf holds the window; buf[:from] is look-back, base is buf's
	// offset in the line, and cut is where the last call cut.
	buf             []byte
	from, base, cut int
	angle           byte
	span            int
	raw             uint8
	runes           int // the code points of the line so far
	// columns counts the code points of the line before the window's
	// last candidate (window offsets).
	columns columns
	inside  []bool
}

// Piece appends the candidates decided by the next piece of a line that
// is read in pieces; facts are the whole line's, and last says that the
// piece ends the line. Each candidate comes out once, whole, in the order
// and with the offsets that Line gives for the whole line. What the
// candidates hold is valid until the next call.
func (e *Extractor) Piece(dst []Found, piece []byte, facts *Facts, last bool) []Found {
	p := &e.piece
	if !p.on {
		*p = pieces{on: true, facts: facts, buf: p.buf[:0], inside: p.inside[:0]}
	} else {
		p.advance()
	}
	p.buf = append(p.buf, piece...)
	p.runes += runeStarts(ascii.View(piece))
	text := ascii.View(p.buf) // valid until the next call, as Piece says
	var rest *past
	if !last {
		rest = &past{facts: facts, end: p.base + len(text)}
	}
	markdown := e.opts.Type == Markdown
	if p.begun && markdown {
		e.blocks.ends.feed(ascii.View(piece))
	}
	if !p.begun {
		kind := proseLine
		if markdown {
			k, known := e.blocks.begin(text, rest)
			if !known {
				p.cut = p.from
				return dst
			}
			kind = k
			e.defNext = e.defNext && kind == proseLine
			e.blocks.watch()
			e.blocks.ends.feed(text)
		} else {
			code, known := e.otherCode(text, rest)
			if !known {
				p.cut = p.from
				return dst
			}
			kind = kindOf(code)
		}
		sup := e.lineSuppression()
		for _, m := range facts.markers {
			sup = e.markers(sup, m)
		}
		e.sup, e.kind, p.begun = sup, kind, true
		p.raw, p.span = e.raw, e.carriedSpan()
		e.carried = append(e.carried[:0], e.paraOpeners()...)
	}
	if rest != nil {
		p.inside = slices.Grow(p.inside[:0], len(text))[:len(text)]
		clear(p.inside)
	}
	start := len(dst)
	w := window{text: text, from: p.from, base: p.base, past: rest, angle: p.angle, span: p.span, raw: p.raw, inside: p.inside}
	dst, p.cut = e.extract(dst, &w)
	p.span, p.raw = w.span, w.raw
	for i := start; i < len(dst); i++ {
		f := &dst[i]
		p.columns.mark(f, text)
		f.shift = p.base
		f.Offset += p.base
	}
	if last {
		e.endOpeners()
		if e.opts.Type == HTML {
			e.raw = p.raw
		}
		if e.opts.Type == AsciiDoc {
			e.adoc.runes = p.runes
		}
		if markdown {
			e.blocks.end()
		}
		p.on = false
		if cap(p.buf) > 4*maxPiece {
			p.buf, p.inside = nil, nil
		}
	}
	return dst
}

// columns counts the code points of a line up to a byte offset that
// only goes forward, so that the columns of all of a line's candidates
// take one count over the line.
type columns struct {
	runes int // code points before at
	at    int
}

// to moves the count to offset off of text.
func (c *columns) to(text string, off int) {
	c.runes += utf8.RuneCountInString(text[c.at:off])
	c.at = off
}

// mark sets f's Runes and Source from text, in which f.Offset lies.
func (c *columns) mark(f *Found, text string) {
	c.to(text, f.Offset)
	f.Runes, f.Source = c.runes, text[f.Offset:]
}

// maxPiece is about the size of the pieces a stream hands over.
const maxPiece = 64 << 10

// advance drops what the last call decided, keeping two bytes before the
// cut for the look-backs.
func (p *pieces) advance() {
	text := p.buf[:p.cut]
	p.columns.to(ascii.View(text), p.cut)
	if i := bytes.LastIndexAny(text[p.from:], "<>"); i >= 0 {
		p.angle = text[p.from+i]
	}
	keep := max(p.cut-2, 0)
	p.buf = p.buf[:copy(p.buf, p.buf[keep:])]
	p.base += keep
	p.from, p.columns.at = p.cut-keep, p.columns.at-keep
}
