package extract

import (
	"slices"
	"strings"
)

// reStructuredText (docutils' reStructuredText Markup Specification, and
// Sphinx's roles): what is not prose is told by indentation. A
// paragraph that ends in "::" introduces a literal block, the lines after
// it indented further; an explicit markup line, ".. " at its indentation,
// is a hyperlink target (".. _name: url"), a footnote, a substitution, a
// directive (".. name:: argument") or else a comment, and a directive's
// body or a comment goes on over the lines indented further. Literal
// blocks and the bodies of the code directives are code; comments give
// nothing. Inline literals, ``x``, are code; a single backquote is
// interpreted text, `text <url>`_ a link.

// rstState is what a reST line leaves for the lines after it.
type rstState struct {
	// body is the indentation that a line must exceed to stay in the open
	// literal block, code directive or comment; -1 when none is open.
	body     int
	bodyCode bool // the open body is code, not a comment
	// toc: the open body is a toctree's, whose lines name documents;
	// entry says the line is one.
	toc, entry bool
	// paraIndent is the indentation of the paragraph being read, inPara
	// whether one is; line says that the line is a paragraph's, whose
	// "::" at its end introduces a literal block at literalAt.
	paraIndent, literalAt int
	inPara, line, literal bool
	lits                  [][2]int
}

func newRSTState() rstState { return rstState{body: -1} }

// codeDirectives are the directives whose body is code: docutils' code,
// Sphinx's code-block and sourcecode, and sphinx.ext.doctest's blocks.
var codeDirectives = []string{"code", "code-block", "sourcecode", "doctest", "testcode", "testoutput", "testsetup", "testcleanup"}

// maxDirective bounds a directive's name: a longer one is taken for a
// comment's text, so that the start of a line is decided within it.
const maxDirective = 64

// rstCode reports whether line is code, and sets e.comment; with p, line
// is the start of a longer line, and known is false when that cannot be
// told yet.
func (e *Extractor) rstCode(line string, p *past) (code, known bool) {
	s := &e.rst
	indent, rest := leadingSpaces(line)
	blank, known := isBlank(line, p)
	if !known {
		return false, false
	}
	markup, directive, known := explicitMarkup(rest, p)
	if !known {
		return false, false
	}
	e.comment, s.line, s.entry = false, false, false
	if blank {
		s.inPara = false
		return false, true
	}
	if s.body >= 0 {
		if indent > s.body {
			if s.toc {
				s.entry = true
				return false, true
			}
			e.comment = !s.bodyCode
			return s.bodyCode, true
		}
		s.body, s.toc = -1, false
	}
	if s.literal {
		s.literal = false
		if indent > s.literalAt {
			s.body, s.bodyCode, s.inPara = s.literalAt, true, false
			return true, true
		}
	}
	switch {
	case markup == rstComment:
		s.body, s.bodyCode, e.comment = indent, false, true
	case markup == rstDirective && slices.Contains(codeDirectives, directive):
		s.body, s.bodyCode = indent, true
	case markup == rstDirective && directive == "toctree":
		s.body, s.bodyCode, s.toc = indent, false, true
	case markup == rstNone:
		if !s.inPara {
			s.paraIndent, s.inPara = indent, true
		}
		s.line = true
	}
	return false, true
}

// What an explicit markup line is.
type rstMarkup uint8

const (
	rstNone      rstMarkup = iota // no explicit markup: prose
	rstComment                    // ".. " and anything else, or ".." alone
	rstDirective                  // ".. name::"
	rstOther                      // a target, footnote, citation or substitution
)

// explicitMarkup tells what rest, a line from its first non-blank byte,
// is; with p it may go on past the window, and known is false while the
// window does not tell.
func explicitMarkup(rest string, p *past) (m rstMarkup, directive string, known bool) {
	if p != nil && len(rest) < 3 && strings.HasPrefix(".. ", rest) {
		return 0, "", false
	}
	if rest == ".." || strings.TrimRight(rest, " \t") == ".." && p == nil {
		return rstComment, "", true
	}
	if !strings.HasPrefix(rest, ".. ") {
		return rstNone, "", true
	}
	body := strings.TrimLeft(rest[3:], " ")
	if body == "" && p != nil {
		return 0, "", false
	}
	if body != "" && strings.IndexByte("_[|", body[0]) >= 0 {
		return rstOther, "", true
	}
	for i := 0; i < len(body) && i <= maxDirective; i++ {
		c := body[i]
		if c == ':' && i+1 < len(body) && body[i+1] == ':' && i > 0 {
			return rstDirective, strings.ToLower(body[:i]), true
		}
		if !(isSchemeChar(c) || c == '_' || c == ':') {
			return rstComment, "", true
		}
	}
	if p != nil && len(body) <= maxDirective+1 {
		return 0, "", false
	}
	return rstComment, "", true
}

// rstEnd notes, at the end of a line (text ends where it does), whether
// a paragraph's "::" introduces a literal block.
func (s *rstState) end(text string) {
	if !s.line {
		return
	}
	n := len(text)
	for n > 0 && (text[n-1] == ' ' || text[n-1] == '\t' || text[n-1] == '\r') {
		n--
	}
	if strings.HasSuffix(text[:n], "::") {
		s.literal, s.literalAt = true, s.paraIndent
	}
}

// literals returns the spans of spans that are inline literals, “x“:
// those opened by two backquotes.
func (e *Extractor) literals(spans [][2]int, w *window) [][2]int {
	lits := e.rst.lits[:0]
	for _, s := range spans {
		n := 0
		if s[0] == w.from && w.span > 0 {
			n = w.span
		} else {
			for s[0]-n-1 >= 0 && w.text[s[0]-n-1] == '`' {
				n++
			}
		}
		if n == 2 {
			lits = append(lits, s)
		}
	}
	e.rst.lits = lits
	return lits
}

// rstLine appends the candidates of a reST line: those of its prose,
// and the relative references of its links, targets, image and include
// directives and :doc: roles. In a window, it returns the first offset
// it could not decide.
func (e *Extractor) rstLine(dst []Found, w *window, code [][2]int) ([]Found, int) {
	if w.past == nil {
		defer e.rst.end(w.text)
	}
	if e.comment {
		return dst, len(w.text)
	}
	start := len(dst)
	dst, undecided := e.appendProse(dst, w.text, w.from, 0, nil, w)
	if e.kind == codeLine {
		return dst, undecided
	}
	before := len(dst)
	if w.base+w.from == 0 {
		var at int
		if e.rst.entry {
			dst, at = e.tocEntry(dst, w)
		} else {
			dst, at = e.rstExplicit(dst, w)
		}
		undecided = min(undecided, at)
	}
	var at int
	dst, at = e.rstInline(dst, w, code)
	undecided = min(undecided, at)
	if len(dst) > before && before > start {
		slices.SortStableFunc(dst[start:], func(a, b Found) int { return a.Offset - b.Offset })
	}
	return dst, undecided
}

// maxTargetName bounds the name of a hyperlink target, and maxRole the
// text of a role: longer ones are taken for none, so that a window never
// waits on them without bound.
const (
	maxTargetName = 1 << 10
	maxRole       = 4 << 10
)

// rstExplicit appends the reference of an explicit markup line: a
// hyperlink target's URL (".. _name: url", ".. __: url", "__ url") or the
// argument of an image, figure, include or literalinclude directive
// (also in a substitution definition, ".. |name| image:: url").
func (e *Extractor) rstExplicit(dst []Found, w *window) ([]Found, int) {
	line := w.text
	_, rest := leadingSpaces(line)
	at := len(line) - len(rest)
	undecided := func() ([]Found, int) {
		if w.past != nil {
			return dst, 0
		}
		return dst, len(line)
	}
	var i int
	directive := false
	switch {
	case strings.HasPrefix(rest, "__ "):
		i = at + 3
	case strings.HasPrefix(rest, ".. _"):
		// The name ends at the first ':' followed by a blank or the
		// end; a backquoted name may hold one.
		j, limit := at+4, min(len(line), at+4+maxTargetName)
		quoted := j < len(line) && line[j] == '`'
		for ; j < limit; j++ {
			if quoted && line[j] == '`' && j > at+4 {
				quoted = false
			}
			if !quoted && line[j] == ':' && line[j-1] != '\\' && (j+1 == len(line) || line[j+1] == ' ' || line[j+1] == '\t') {
				break
			}
		}
		if j == limit {
			if limit == len(line) {
				return undecided()
			}
			return dst, len(line)
		}
		i = j + 1
	case strings.HasPrefix(rest, ".. "):
		j := at + 3
		if strings.HasPrefix(line[j:], "|") {
			k := strings.Index(line[j+1:min(len(line), j+1+maxTargetName)], "| ")
			if k < 0 {
				if len(line)-j-1 < maxTargetName {
					return undecided()
				}
				return dst, len(line)
			}
			j += k + 3
		}
		for _, d := range []string{"image::", "figure::", "include::", "literalinclude::"} {
			if strings.HasPrefix(line[j:], d) {
				i, directive = j+len(d), true
				break
			}
			if strings.HasPrefix(d, line[j:]) {
				return undecided()
			}
		}
		if i == 0 {
			return dst, len(line)
		}
	default:
		if strings.HasPrefix(".. _", rest) || strings.HasPrefix("__ ", rest) {
			return undecided()
		}
		return dst, len(line)
	}
	i = skipBlanks(line, i)
	j := i
	for j < len(line) && line[j] != ' ' && line[j] != '\t' {
		j++
	}
	if j == len(line) && w.past != nil {
		return dst, 0
	}
	ref := line[i:j]
	// A name ending in '_' is an indirect target, no URL; "<name>" is a
	// standard include.
	// An image's ".*" lets each builder pick a file of its own kind, which
	// lint does not choose among.
	if ref == "" || hasScheme(ref) || strings.HasSuffix(ref, "_") && !strings.HasSuffix(ref, "\\_") || ref[0] == '<' || directive && strings.HasSuffix(ref, ".*") {
		return dst, len(line)
	}
	w.cover(0, j)
	f := Found{Candidate: Candidate{Offset: i, Text: ref}, Relative: true}
	if directive && ref[0] == '/' {
		f.Family = SourceFamily // Sphinx's, from its source directory
	}
	return append(dst, f), len(line)
}

// rstInline appends the relative references of a reST line's embedded
// URIs, `text <url>`_ and `text <url>`__, and :doc: roles; code are its
// inline literals, in which there is none.
func (e *Extractor) rstInline(dst []Found, w *window, code [][2]int) ([]Found, int) {
	line := w.text
	angles, colons := byteFinder{c: '<', at: -1}, byteFinder{c: ':', at: -1}
	for i := w.from; i < len(line); i++ {
		i = min(angles.from(line, i), colons.from(line, i))
		if i >= len(line) {
			break
		}
		c := line[i]
		if inSpans(code, i) || i > 0 && line[i-1] == '\\' {
			continue // "\<" is a literal '<', no embedded URI's
		}
		if c == '<' {
			j := i + 1
			for j < len(line) && strings.IndexByte(" \t<>`", line[j]) < 0 {
				j++
			}
			if j < len(line) && line[j] != '>' {
				continue
			}
			if j+2 >= len(line) {
				if w.past != nil {
					return dst, i
				}
				continue
			}
			if line[j+1] != '`' || line[j+2] != '_' {
				continue
			}
			ref := line[i+1 : j]
			if ref != "" && !hasScheme(ref) && !strings.HasSuffix(ref, "_") {
				dst = append(dst, Found{Candidate: Candidate{Offset: i + 1, Text: ref}, Relative: true})
			}
			w.cover(i, j+3)
			i = j + 2
			continue
		}
		// Sphinx's :doc: role names a document, relative to this one,
		// by its name without the source suffix: .rst, its default.
		if !strings.HasPrefix(line[i:], ":doc:`") {
			if w.past != nil && len(line)-i < len(":doc:`") && strings.HasPrefix(":doc:`", line[i:]) {
				return dst, i
			}
			continue
		}
		open := i + len(":doc:`")
		limit := min(len(line), open+maxRole)
		k := strings.IndexByte(line[open:limit], '`')
		if k < 0 {
			if limit == len(line) && w.past.mayHold('`') {
				return dst, i
			}
			continue
		}
		closing := open + k
		lo, hi := open, closing
		if hi > lo && line[hi-1] == '>' {
			if lt := strings.LastIndexByte(line[lo:hi], '<'); lt >= 0 {
				lo, hi = lo+lt+1, hi-1
			}
		}
		for lo < hi && line[lo] == ' ' {
			lo++
		}
		if ref := line[lo:hi]; ref != "" && !hasScheme(ref) && strings.IndexAny(ref, " \t") < 0 {
			dst = append(dst, e.docName(line, lo, hi))
		}
		w.cover(i, closing+1)
		i = closing
	}
	return dst, len(line)
}

// docName is the reference of a Sphinx document name, line[lo:hi]: the
// source file, its name and ".rst", the default source suffix, relative
// to this document, or, from a '/', to the source directory, where the
// project's conf.py stands (SourceFamily).
func (e *Extractor) docName(line string, lo, hi int) Found {
	if hi-lo > 1 && line[hi-1] == '/' {
		hi-- // "usage/referencing/" names usage/referencing
	}
	sp := e.decoded.begin()
	sp.copy(line, lo, hi)
	sp.insert(".rst", hi)
	f := sp.found(lo, hi)
	f.Relative = true
	if line[lo] == '/' {
		f.Family = SourceFamily
	}
	return f
}

// tocEntry appends the document that a line of a toctree's body names,
// "name" or "Title <name>", but for its options (":maxdepth: 2"), "self",
// URLs (the prose scan's) and glob patterns. It needs the line whole, up
// to maxRole bytes; a longer one names nothing.
func (e *Extractor) tocEntry(dst []Found, w *window) ([]Found, int) {
	line := w.text
	switch {
	case len(line) > maxRole:
		return dst, len(line)
	case w.past != nil:
		return dst, 0
	}
	lo, hi := 0, len(line)
	for lo < hi && (line[lo] == ' ' || line[lo] == '\t') {
		lo++
	}
	for hi > lo && (line[hi-1] == ' ' || line[hi-1] == '\t') {
		hi--
	}
	if hi > lo && line[hi-1] == '>' {
		if lt := strings.LastIndexByte(line[lo:hi], '<'); lt >= 0 {
			lo, hi = lo+lt+1, hi-1
		}
	}
	ref := line[lo:hi]
	if ref == "" || ref[0] == ':' || ref == "self" || hasScheme(ref) || strings.ContainsAny(ref, " \t*?[") {
		return dst, len(line)
	}
	return append(dst, e.docName(line, lo, hi)), len(line)
}
