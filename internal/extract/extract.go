// Package extract finds URI-like substrings in lines of prose, Markdown,
// HTML and YAML, following RFC 3986 Appendix C ("Delimiting a URI in
// Context"). It only delimits: a candidate may well be malformed, and is
// kept whole so that a strict parser can report the error at its position.
package extract

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/uritool/uritool/internal/ascii"
)

// Candidate is a URI-like substring found in a line of prose or markup.
type Candidate struct {
	Offset int    // 0-based byte offset of Text in the line
	Text   string // a substring of the line (no copy)
	// resume is where the scan went on after the candidate: its end, or
	// the delimiter that closed it.
	resume int
}

// schemesWithoutSlashes are the schemes recognised without a following "//".
// Any other scheme must be followed by "//", because a bare "word:" is far
// more often prose ("note: this", "Time: 10:30", "C:\path") than a URI.
var schemesWithoutSlashes = []string{
	"about", "cid", "data", "fax", "geo", "javascript", "magnet", "mailto",
	"mid", "news", "sip", "sips", "sms", "tel", "urn", "xmpp",
}

// Line appends to dst the candidates found in line, left to right, and returns dst.
func Line(dst []Candidate, line string) []Candidate {
	start := len(dst)
	dst, _ = scan(dst, line, 0, nil)
	for i := start; i < len(dst); i++ {
		dst[i].resume = 0 // the scan's own business
	}
	return dst
}

// scan appends the candidates of line[from:] to dst; line[:from] is there
// for the look-backs (a '(' or '<' before a candidate). With past set,
// line is a window of a longer line: scan stops at the first candidate
// whose extent depends on what lies past the window, and returns where
// it starts; otherwise it returns len(line).
func scan(dst []Candidate, line string, from int, past *past) ([]Candidate, int) {
	s := scanner{
		line:            line,
		past:            past,
		nextOpenAngle:   byteFinder{c: '<', at: -1},
		nextCloseAngle:  byteFinder{c: '>', at: -1},
		nextDoubleQuote: byteFinder{c: '"', at: -1},
		nextSingleQuote: byteFinder{c: '\'', at: -1},
		nextPipe:        byteFinder{c: '|', at: -1},
	}
	// Every candidate has a scheme and its ':': look for the ':', the
	// rarest of the bytes involved, and read the scheme back from it.
	for i := from; i < len(line); {
		k := strings.IndexByte(line[i:], ':')
		if k < 0 {
			// A run of scheme characters that ends the window may go on
			// to a ':' past it.
			if j := runBack(line, i, len(line)); past != nil && j < len(line) {
				return dst, j
			}
			break
		}
		colon := i + k
		// Take the whole run of scheme characters, so a scheme only ever
		// starts at a word boundary: "xhttp" is one run, "1http" is none.
		start := runBack(line, i, colon)
		i = colon
		if start == colon {
			i++
			continue
		}
		// The "//" after the ':' may go on past the window.
		if past != nil && colon+3 > len(line) {
			return dst, start
		}
		if !ascii.IsAlpha(line[start]) {
			continue
		}
		// '_' is a word's as much as a letter is: "Check_for_news:x"
		// starts no scheme in the middle of its word ("_http://x_" is
		// emphasis, at a word's start).
		if start > 1 && line[start-1] == '_' && (ascii.IsAlpha(line[start-2]) || ascii.IsDigit(line[start-2])) {
			continue
		}
		body, ok := bodyStart(line, start, i)
		if !ok || body == i+1 && afterBrace(line, start) {
			continue
		}
		end, resume, known := s.candidateEnd(start, body)
		if !known {
			return dst, start
		}
		// A bare "http://" or "mailto:" is prose about schemes, not a URI.
		if end > body {
			dst = append(dst, Candidate{Offset: start, Text: line[start:end], resume: resume})
		}
		i = resume
	}
	return dst, len(line)
}

// runBack returns where the run of scheme characters that ends at end
// begins, no earlier than from.
func runBack(line string, from, end int) int {
	for end > from && isSchemeChar(line[end-1]) {
		end--
	}
	return end
}

// bodyStart returns where the candidate's text after "scheme:" or
// "scheme://" begins, or false if the scheme at line[start:colon] is not
// followed by what a URI of that scheme is usually written with.
func bodyStart(line string, start, colon int) (int, bool) {
	if strings.HasPrefix(line[colon+1:], "//") {
		return colon + 3, true
	}
	scheme := line[start:colon]
	for _, known := range schemesWithoutSlashes {
		if strings.EqualFold(scheme, known) { // schemes are case-insensitive (3.1)
			return colon + 1, true
		}
	}
	return 0, false
}

// afterBrace reports whether line[start:] follows a '{' and blanks: a
// scheme written without "//" there is a template's expression, as in
// curl's {{data:json}}, Jinja's {{ data:x }} or a shell's ${data:x}, not
// a URI. With "//", {{https://x}} is a URI in braces, and the parser
// reports the '}' that follows it.
func afterBrace(line string, start int) bool {
	i := start - 1
	for i >= 0 && (line[i] == ' ' || line[i] == '\t') {
		i--
	}
	return i >= 0 && line[i] == '{'
}

type scanner struct {
	line            string
	past            *past
	nextOpenAngle   byteFinder
	nextCloseAngle  byteFinder
	nextDoubleQuote byteFinder
	nextSingleQuote byteFinder
	nextPipe        byteFinder
}

// candidateEnd returns where the candidate starting at start ends, and where
// the search for the next one resumes; body is where its text after the
// scheme prefix begins. In a window, known is false when that depends on
// what lies past it.
func (s *scanner) candidateEnd(start, body int) (end, resume int, known bool) {
	line := s.line
	if start > 0 {
		// Appendix C: a URI in "..." or <...> ends at the closing delimiter,
		// whatever lies inside; whitespace and other invalid characters are
		// kept so that the parser reports them. Single quotes delimit HTML
		// attributes and YAML scalars the same way. A '|' separates the
		// URIs of a quoted list (GOPROXY="https://a|https://b"); inside
		// <...> it is kept, and reported.
		switch line[start-1] {
		case '<':
			// Another '<' first means this one is never closed.
			closing, opening := s.nextCloseAngle.from(line, start), s.nextOpenAngle.from(line, start)
			if closing < len(line) && opening > closing {
				return closing, closing, true
			}
			if closing == len(line) && opening == len(line) && s.past.mayHold('>') {
				return 0, 0, false
			}
		case '"':
			if closing := s.nextDoubleQuote.from(line, start); closing < len(line) {
				closing = min(closing, s.nextPipe.from(line, start))
				return closing, closing, true
			}
			if s.past.mayHold('"') {
				return 0, 0, false
			}
		case '\'':
			if closing := s.nextSingleQuote.from(line, start); closing < len(line) {
				closing = min(closing, s.nextPipe.from(line, start))
				return closing, closing, true
			}
			if s.past.mayHold('\'') {
				return 0, 0, false
			}
		}
	}
	// A Markdown link or image destination, "](url)", ends at its first
	// unmatched ')' and is taken literally, as CommonMark does; a title
	// after a space is cut off like any bare text.
	markdownDestination := start > 1 && line[start-2] == ']' && line[start-1] == '('
	stop, closedByParen := bareEnd(line, body, markdownDestination, s.past)
	switch {
	case stop == len(line) && s.past != nil:
		return 0, 0, false
	case closedByParen:
		return stop, stop, true
	}
	return trimTrailing(line, start, body, stop), stop, true
}

// bareEnd returns where an undelimited candidate whose body starts at from
// stops: at whitespace, at a character that never appears in a URI and
// usually delimits in markup, or at a ']' that closes no '['. In a
// Markdown link destination, an unmatched ')' stops it too, and
// closedByParen reports that it did; a '|' does not, as CommonMark takes
// the destination literally up to its ')'. A template's expression
// runs to its closer, blanks and all (expression). With p, line is a
// window, and len(line) means that the stop may lie past it.
func bareEnd(line string, from int, destination bool, p *past) (stop int, closedByParen bool) {
	parenDepth, bracketDepth := 0, 0
	for i := from; i < len(line); {
		c := line[i]
		if c == '{' || c == '$' || c == '#' {
			switch end, undecided := expression(line, i, p); {
			case undecided:
				return len(line), false
			case end > i:
				i = end
				continue
			}
		}
		switch {
		case c >= utf8.RuneSelf:
			// No URI contains non-ASCII; Unicode spaces and punctuation
			// (typographic quotes, CJK full stops) delimit, and so do the
			// invisible zero-width space, word joiner and no-break space
			// that docs put after URLs (often as &#8203;), while letters
			// and invalid UTF-8 stay in for the parser to report.
			r, size := utf8.DecodeRuneInString(line[i:])
			if unicode.IsSpace(r) || unicode.IsPunct(r) || r == '\u200b' || r == '\u2060' || r == '\ufeff' {
				return i, false
			}
			i += size
			continue
		case c == '\\' && i+1 < len(line) && ascii.IsPunct(line[i+1]):
			// A backslash escape (CommonMark 2.4): the character is
			// literal, so it neither ends the candidate nor counts in
			// balancing ("x\)" in a destination, "x\|y" in a table
			// cell). Outside Markdown the backslash is reported.
			i += 2
			continue
		case endsBareCandidate[c] && !(destination && c == '|'):
			return i, false
		case c == '[' && i+1 < len(line) && line[i+1] == '^':
			// A footnote reference, "http://a/b[^1]", is Markdown's,
			// and so is its '[': no IP-literal starts with '^'.
			return i, false
		case c == '[' && linkText(line, i):
			// "http://a/b[link](http://c/)": a Markdown link begins,
			// which the bare URI must not eat.
			return i, false
		case c == '[':
			bracketDepth++
		case c == ']':
			// ']' only closes an IP-literal (3.2.2); an unmatched one
			// closes markup such as Markdown link text "[http://x](...)".
			if bracketDepth == 0 {
				return i, false
			}
			bracketDepth--
		case c == '(':
			parenDepth++
		case c == ')':
			if parenDepth > 0 {
				parenDepth--
			} else if destination {
				return i, true
			}
		}
		i++
	}
	return len(line), false
}

// maxExpression bounds how far a template's expression may run to its
// closer: a window never waits on one without bound, and a stray "{{"
// does not swallow the rest of a long line.
const maxExpression = 256

// expression returns the end of the template expression that opens at
// line[i] ("{{ author }}", "{% if x %}", "${id}", "#{id}"), closed within
// maxExpression bytes, or i when none does. With p, line is a window, and
// undecided says that the closer may lie past it.
func expression(line string, i int, p *past) (end int, undecided bool) {
	if i+1 >= len(line) {
		return i, p != nil // the opener may go on past the window
	}
	closer := "}"
	switch c, next := line[i], line[i+1]; {
	case c == '{' && next == '{':
		closer = "}}"
	case c == '{' && next == '%':
		closer = "%}"
	case c == '{' || next != '{':
		return i, false
	}
	limit := min(len(line), i+maxExpression)
	if n := strings.Index(line[i+2:limit], closer); n >= 0 {
		return i + 2 + n + len(closer), false
	}
	return i, limit == len(line) && p.mayHold('}')
}

// linkText reports whether the '[' at line[i] opens the text of a
// Markdown inline link: its ']' comes before anything that would end the
// candidate (a blank, a delimiter, or, to be safe, any non-ASCII byte)
// and is followed by '('. An IP-literal's ']' is followed by ':', '/',
// '?', '#' or the end. It looks no further than the candidate would run
// anyway, so that a window decides it as the whole line does: past its
// end, the candidate reaches that end too, which leaves it undecided.
func linkText(line string, i int) bool {
	for j := i + 1; j+1 < len(line); j++ {
		switch c := line[j]; {
		case c == ']':
			return line[j+1] == '('
		case c >= utf8.RuneSelf || endsBareCandidate[c] || c == '[':
			return false
		}
	}
	return false
}

// endsBareCandidate holds the ASCII bytes that end an undelimited candidate:
// whitespace and the delimiters of Appendix C ('<', '>' and '"'), the
// backtick that quotes code in Markdown and prose, and the '|' that
// separates Markdown table cells and lists such as GOPROXY's: '|' is in no
// character class of RFC 3986 (section 2), so no valid URI is cut short
// there. Every other byte, valid or not ('{', '^', a '%' without two hex
// digits, NUL), stays in the candidate so that the parser reports it where
// it stands: cutting there would check a valid prefix and hide the error.
var endsBareCandidate = func() (t [utf8.RuneSelf]bool) {
	for _, c := range []byte(" \t\n\v\f\r<>\"`|") {
		t[c] = true
	}
	return t
}()

// trimTrailing drops the sentence punctuation and Markdown emphasis that
// Appendix C warns "might be mistaken for part of the URI" (with GFM's
// strikethrough '~', which GFM's autolinks leave out too), and a trailing
// ')' left unmatched within line[body:end], as in "(see http://x/a_(b))".
// It never trims into the scheme prefix, nor a character escaped by a
// backslash.
func trimTrailing(line string, start, body, end int) int {
	opens := strings.Count(line[body:end], "(")
	closes := strings.Count(line[body:end], ")")
	braceOpens := strings.Count(line[body:end], "{")
	braceCloses := strings.Count(line[body:end], "}")
	for end > body && !escaped(line, body, end-1) {
		switch c := line[end-1]; {
		case strings.IndexByte(".,;:!?'*_~", c) >= 0:
		case c == ')' && closes > opens:
			closes--
		case c == '\\' && end == len(line):
			// A backslash that ends the line is Markdown's hard line
			// break, no part of the URI.
		case c == '}' && braceCloses > braceOpens && !strings.HasSuffix(line[:start], "{{"):
			// "{see http://a/b}", "\\url{https://x}": the braces are
			// the prose's, as an unmatched ')' is; but "{{https://x}}"
			// is a template's, whose '}' the parser reports.
			braceCloses--
		default:
			return end
		}
		end--
	}
	return end
}

// escaped reports whether line[i] follows a backslash that escapes it:
// an odd run of them since body.
func escaped(line string, body, i int) bool {
	n := 0
	for i-n-1 >= body && line[i-n-1] == '\\' {
		n++
	}
	return n%2 == 1
}

// byteFinder finds the next occurrence of c at or after a position that
// never decreases between calls, remembering the last answer, so that all
// look-ups over one line take linear time in total; searching afresh for
// every candidate would be quadratic on lines such as "<a://<a://<a://".
type byteFinder struct {
	c  byte
	at int // last answer; len(line) when there is none
}

// from returns the index of the next c at or after i, or len(line).
func (f *byteFinder) from(line string, i int) int {
	if f.at < i {
		if n := strings.IndexByte(line[i:], f.c); n >= 0 {
			f.at = i + n
		} else {
			f.at = len(line)
		}
	}
	return f.at
}

// isSchemeChar reports whether c may appear in a scheme (3.1): ALPHA / DIGIT
// / "+" / "-" / ".".
func isSchemeChar(c byte) bool {
	return ascii.IsAlpha(c) || ascii.IsDigit(c) || c == '+' || c == '-' || c == '.'
}
