package extract

import (
	"strings"
)

// A relative reference has no scheme to find it by: in Markdown it is
// read only where CommonMark puts a link, the destination of an inline
// link or image, "](dest)", and of a link reference definition,
// "[label]: dest" (sections 6.3 and 4.7). A destination with a scheme is
// the prose scan's, which finds it by its scheme; these passes take the
// others, so that lint can resolve them against the document (RFC 3986
// section 5) and look for what they point to.

// destinations appends the relative references of the link destinations
// of a Markdown line outside code: inline links and images, and a link
// reference definition that the line is. In a window, it returns the
// first offset it could not decide.
func (e *Extractor) destinations(dst []Found, w *window, spans [][2]int) ([]Found, int) {
	line := w.text
	undecided := len(line)
	if w.base+w.from == 0 {
		var at int
		dst, at = e.definition(dst, w)
		undecided = min(undecided, at)
	}
	// The ']' may stand in the look-back, before w.from.
	for i := max(w.from-1, 0); i < len(line); i++ {
		n := strings.Index(line[i:], "](")
		if n < 0 {
			break
		}
		open := i + n + 1 // the '('
		if open < w.from || inSpans(spans, open) || escaped(line, 0, open-1) {
			i = open
			continue
		}
		start, end, state := destinationAt(line, open+1, w.past)
		switch state {
		case undecidedDestination:
			return dst, min(undecided, open)
		case aDestination:
			dst = e.appendDestination(dst, line, start, end)
			w.cover(open, end+1)
		}
		i = open
	}
	return dst, undecided
}

// definition appends the destination of the link reference definition
// that line is, if it is one with a relative destination; a footnote,
// "[^1]: text", is not. It returns where it could not decide, or
// len(w.text).
func (e *Extractor) definition(dst []Found, w *window) ([]Found, int) {
	line := w.text
	indent, rest := leadingSpaces(line)
	if indent > 3 || !strings.HasPrefix(rest, "[") || strings.HasPrefix(rest, "[^") {
		return dst, len(line)
	}
	at := len(line) - len(rest)
	closing := -1
	for j := at + 1; j < len(line); j++ {
		if line[j] == '\\' {
			j++
			continue
		}
		if line[j] == '[' {
			return dst, len(line) // a label holds no unescaped bracket
		}
		if line[j] == ']' {
			closing = j
			break
		}
	}
	if closing < 0 {
		if w.past != nil {
			return dst, 0
		}
		return dst, len(line)
	}
	switch {
	case closing == at+1: // "[]" is no label
		return dst, len(line)
	case closing+1 == len(line) && w.past != nil:
		return dst, 0
	case closing+1 == len(line) || line[closing+1] != ':':
		return dst, len(line)
	}
	start, end, state := destinationAt(line, closing+2, w.past)
	switch state {
	case undecidedDestination:
		return dst, 0
	case aDestination:
		dst = e.appendDestination(dst, line, start, end)
		w.cover(0, end+1)
	}
	return dst, len(line)
}

// What destinationAt found.
type destinationFound uint8

const (
	noDestination destinationFound = iota
	aDestination
	undecidedDestination // it may go on past the window
)

// destinationAt reads the link destination that begins, after optional
// blanks, at byte from of line: "<...>" up to its '>', or a run of
// non-blank bytes in which parentheses balance, up to an unmatched ')'
// or a blank (CommonMark 6.3). It returns the destination's bounds,
// without the angle brackets.
func destinationAt(line string, from int, p *past) (start, end int, found destinationFound) {
	i := from
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	if i == len(line) {
		if p != nil {
			return 0, 0, undecidedDestination
		}
		return 0, 0, noDestination
	}
	if line[i] == '<' {
		for j := i + 1; j < len(line); j++ {
			switch line[j] {
			case '\\':
				j++
			case '<':
				return 0, 0, noDestination
			case '>':
				return i + 1, j, aDestination
			}
		}
		if p.mayHold('>') {
			return 0, 0, undecidedDestination
		}
		return 0, 0, noDestination
	}
	depth := 0
	for j := i; j < len(line); j++ {
		switch c := line[j]; {
		case c == '\\' && j+1 < len(line) && isASCIIPunct(line[j+1]):
			j++
		case c <= ' ' || c == 0x7f:
			return i, j, aDestination
		case c == '(':
			depth++
		case c == ')':
			if depth == 0 {
				return i, j, aDestination
			}
			depth--
		}
	}
	if p != nil {
		return 0, 0, undecidedDestination
	}
	return i, len(line), aDestination
}

// appendDestination appends line[start:end], a link destination, as a
// candidate when it is a relative reference: its character references
// decoded and backslash escapes undone, as CommonMark reads it, each byte
// still mapped to its place in the line.
func (e *Extractor) appendDestination(dst []Found, line string, start, end int) []Found {
	raw := line[start:end]
	if strings.TrimSpace(raw) == "" || hasScheme(raw) {
		return dst
	}
	text, sourceOf, _ := e.decoded.decode(line, start, end, nil, true, nil)
	f := Found{Candidate: Candidate{Offset: start, Text: text}, sourceOf: sourceOf, Relative: true}
	return append(dst, unescape(f))
}
