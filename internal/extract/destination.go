package extract

import (
	"strings"

	"github.com/uritool/uritool/internal/ascii"
)

// A relative reference has no scheme to find it by: in Markdown it is
// read only where CommonMark puts a link, the destination of an inline
// link or image, "](dest)", and of a link reference definition,
// "[label]: dest" (sections 6.3 and 4.7). These passes take every
// destination whole, to its ')' or '>', whatever it holds: the prose
// scan would end one with a scheme at the first character that ends a
// URI in prose ("…", "<"), and report a valid URI where the reader
// follows a broken one. What the prose scan found inside a destination
// gives way to it.

// destinations appends the relative references of the link destinations
// of a Markdown line outside code: inline links and images, and a link
// reference definition that the line is. In a window, it returns the
// first offset it could not decide.
func (e *Extractor) destinations(dst []Found, w *window, spans [][2]int) ([]Found, int) {
	line := w.text
	undecided := len(line)
	if w.base+w.from == 0 {
		var at int
		if e.defNext && !e.blocks.opens { // the line goes on the paragraph
			dst, at = e.nextLineDestination(dst, w)
		} else {
			e.defNext = false
			dst, at = e.definition(dst, w)
		}
		undecided = min(undecided, at)
	}
	var at int
	dst, e.openers, at = e.linkPass(dst, w, spans, len(line), append(e.openers[:0], e.carried...))
	return dst, min(undecided, at)
}

// opener is a '[' or "![" that may open a link's text or an image's
// description (CommonMark 6.3), at a line offset; inactive once a link
// closes after it, as links do not nest.
type opener struct {
	at              int
	image, inactive bool
}

// maxOpeners bounds the openers a line keeps: past it the oldest go,
// as a window and the whole line both let them go.
const maxOpeners = 256

// linkPass appends the destinations of the inline links and images of
// w's text from w.from up to limit, by CommonMark's look for link ends
// (6.3): a ']' closes the nearest '[' before it in its paragraph, which
// a link closing earlier may have made inactive. stack is the openers at
// w.from, the earlier lines' of the paragraph included; it returns them
// at limit (or where it stopped undecided, which it returns too).
func (e *Extractor) linkPass(dst []Found, w *window, spans [][2]int, limit int, stack []opener) ([]Found, []opener, int) {
	line := w.text
	opens, closes := byteFinder{c: '[', at: -1}, byteFinder{c: ']', at: -1}
	for i := w.from; i < limit; i++ {
		if i = min(opens.from(line, i), closes.from(line, i)); i >= limit {
			break
		}
		if inSpans(spans, i) || inLinks(e.links, i) || inSpans(e.tags, i) || escaped(line, 0, i) {
			continue
		}
		if line[i] == '[' {
			if len(stack) == maxOpeners {
				stack = append(stack[:0], stack[1:]...)
			}
			stack = append(stack, opener{at: w.base + i, image: i > 0 && line[i-1] == '!' && !escaped(line, 0, i-1)})
			continue
		}
		top := len(stack) - 1
		switch {
		case top >= 0 && stack[top].inactive:
			stack = stack[:top]
			continue
		case top < 0:
			continue // no '[' before it in its paragraph: text
		}
		if i+1 == len(line) {
			if w.past != nil {
				return dst, stack, i // the '(' may follow
			}
		}
		if i+1 == len(line) || line[i+1] != '(' {
			if top >= 0 {
				stack = stack[:top]
			}
			continue
		}
		open := i + 1
		start, end, state := destinationAt(line, open+1, w.past)
		broken := -1 // where a destination with a blank in it closes
		if state == aDestination {
			after := end
			if line[start-1] == '<' {
				after++
			}
			switch link, known := linkCloses(line, after, w.past); {
			case !known:
				state = undecidedDestination
			case !link && line[start-1] != '<' && strings.IndexByte(`"'[(`, line[start]) < 0:
				// "[a](http://x/a b)" meant a link; "[k][ref]([more][ref])"
				// and '[c]("t i")' are prose that looks like one.
				broken, state = brokenClose(line, start, after, w.past)
			case !link:
				state = noDestination
			}
		}
		switch {
		case state == undecidedDestination:
			return dst, stack, i
		case state == aDestination && broken >= 0:
			f := Found{Candidate: Candidate{Offset: start, Text: line[start:broken]}, Relative: !hasScheme(line[start:broken]), Followed: true, BrokenAt: end - start}
			dst = append(dst, f)
			w.cover(i, broken+1)
			i = broken
		case state == aDestination:
			dst = e.appendDestination(dst, line, start, end)
			w.cover(i, end+1)
			if top >= 0 && !stack[top].image {
				for j := range stack[:top] {
					if !stack[j].image {
						stack[j].inactive = true // links do not nest
					}
				}
			}
			i = end
		default:
			w.cover(i, open+1)
		}
		if top >= 0 {
			stack = stack[:top]
		}
	}
	return dst, stack, limit
}

// definition appends the destination of the link reference definition
// that line is, if it is one with a relative destination; a footnote,
// "[^1]: text", is not. It returns where it could not decide, or
// len(w.text).
func (e *Extractor) definition(dst []Found, w *window) ([]Found, int) {
	line := w.text
	at := e.blocks.content
	if !e.blocks.opens || !strings.HasPrefix(line[at:], "[") || strings.HasPrefix(line[at:], "[^") {
		return dst, len(line)
	}
	closing := -1
	for j := at + 1; j < len(line); j++ {
		k := strings.IndexAny(line[j:], "\\[]")
		if k < 0 {
			break
		}
		j += k
		if line[j] == '\\' {
			j++
			continue
		}
		if line[j] == '[' {
			return dst, len(line) // a label holds no unescaped bracket
		}
		closing = j
		break
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
	case noDestination:
		// "[label]:" alone: the destination may come on the next line.
		e.defNext = strings.TrimRight(line[closing+2:], " \t") == ""
	case aDestination:
		after := end
		if line[start-1] == '<' {
			after++
		}
		switch definitionEnds(line, after, w.past) {
		case undecidedDestination:
			return dst, 0
		case aDestination:
			dst = e.appendDestination(dst, line, start, end)
			w.cover(0, end+1)
			e.blocks.next.para = false // the next line may be a definition too
		}
	}
	return dst, len(line)
}

// definitionEnds tells whether what follows a definition's destination,
// from i, lets it be one (4.7): nothing but blanks, or blanks and a
// title, which may go on to the next line, then blanks. "[who]: Progress
// is slow" in a list of notes is a paragraph.
func definitionEnds(line string, i int, p *past) destinationFound {
	j := i
	for j < len(line) && (line[j] == ' ' || line[j] == '\t') {
		j++
	}
	if j == len(line) {
		if p != nil {
			return undecidedDestination
		}
		return aDestination
	}
	q := line[j]
	if j == i || q != '"' && q != '\'' && q != '(' {
		return noDestination
	}
	if q == '(' {
		q = ')'
	}
	for k := j + 1; k < len(line); k++ {
		switch line[k] {
		case '\\':
			k++
		case q:
			for k++; k < len(line); k++ {
				if line[k] != ' ' && line[k] != '\t' {
					return noDestination
				}
			}
			if p != nil {
				return undecidedDestination
			}
			return aDestination
		}
	}
	if p != nil {
		return undecidedDestination
	}
	return aDestination // the title goes on
}

// nextLineDestination reads the destination of a link reference
// definition whose "[label]:" ended the line before (4.7): as on the
// label's line, what follows it must let it be one.
func (e *Extractor) nextLineDestination(dst []Found, w *window) ([]Found, int) {
	start, end, state := destinationAt(w.text, e.blocks.content, w.past)
	switch state {
	case undecidedDestination:
		return dst, 0
	case aDestination:
		after := end
		if start > 0 && w.text[start-1] == '<' {
			after++
		}
		switch definitionEnds(w.text, after, w.past) {
		case undecidedDestination:
			return dst, 0
		case aDestination:
			dst = e.appendDestination(dst, w.text, start, end)
			w.cover(0, end+1)
			e.blocks.next.para = false
		}
	}
	e.defNext = false
	return dst, len(w.text)
}

// linkCloses reports whether what follows a destination, from byte i,
// can end an inline link (CommonMark 6.3): after blanks, its ')', or a
// title ("...", '...' or (...)) and then its ')', or the end of the line,
// which the next may go on from. Anything else makes "[a](b c)" or
// '[a](b "t" x)' no link but text, which is no reference.
func linkCloses(line string, i int, p *past) (link, known bool) {
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	if i == len(line) {
		return p == nil, p == nil
	}
	q := line[i]
	switch q {
	case ')':
		return true, true
	case '"', '\'':
	case '(':
		q = ')'
	default:
		return false, true
	}
	for j := i + 1; j < len(line); j++ {
		switch line[j] {
		case '\\':
			j++
		case q:
			for j++; j < len(line) && (line[j] == ' ' || line[j] == '\t'); j++ {
			}
			if j == len(line) {
				return p == nil, p == nil
			}
			return line[j] == ')', true
		}
	}
	return p == nil, p == nil // the title may go on to the next line
}

// maxBrokenLink bounds how far a destination with a blank in it is looked
// at for its ')': a longer stretch is prose, and a window never waits on
// it without bound.
const maxBrokenLink = 4 << 10

// brokenClose looks, from after, for the ')' that the author of
// "[text](dest with a space)" meant to close the destination starting at
// start: CommonMark reads it as text, not a link, and GitHub shows it so.
// It returns that ')' and aDestination, or noDestination when there is
// none within maxBrokenLink on the line, or undecidedDestination when the
// window ends first.
func brokenClose(line string, start, after int, p *past) (int, destinationFound) {
	limit := min(len(line), start+maxBrokenLink)
	if k := strings.IndexByte(line[after:limit], ')'); k >= 0 {
		return after + k, aDestination
	}
	if p != nil && limit == len(line) {
		return -1, undecidedDestination
	}
	return -1, noDestination
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
		case c == '\\' && j+1 < len(line) && ascii.IsPunct(line[j+1]):
			j++
		case (c <= ' ' || c == 0x7f) && depth > 0:
			return 0, 0, noDestination // its parentheses must balance
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
	if strings.TrimSpace(line[start:end]) == "" {
		return dst
	}
	text, sourceOf, _ := e.decoded.decode(line, start, end, nil, true, nil)
	f := Found{Candidate: Candidate{Offset: start, Text: text}, sourceOf: sourceOf, Relative: !hasScheme(text), Followed: true}
	return append(dst, unescape(f))
}

// HTML holds references in two more places than URL attributes: the
// target of a refresh, <meta http-equiv="refresh" content="0; url=x">,
// and CSS's url(), in a style attribute or a <style> element. Their
// absolute URIs are the prose scan's; these passes add the relative ones.

// embedded appends the relative references inside the value of an
// attribute that is not a URL attribute: a refresh's target in content,
// url() in style. text is the value, decoded, at offset base of the line
// (sourceOf maps its offsets when decoding changed it).
func (e *Extractor) embedded(dst []Found, name, text string, sourceOf []int, base int) []Found {
	switch {
	case strings.EqualFold(name, "content"):
		if start, end, ok := refreshURL(text); ok {
			dst = appendPart(dst, text, sourceOf, base, start, end)
		}
	case strings.EqualFold(name, "style"):
		for i := 0; i < len(text); {
			_, start, end, next, found := cssURL(text, i, nil)
			if found == aDestination {
				dst = appendPart(dst, text, sourceOf, base, start, end)
			}
			i = next
		}
	}
	return dst
}

// appendPart appends text[start:end], a reference inside an attribute
// value, when it is relative.
func appendPart(dst []Found, text string, sourceOf []int, base, start, end int) []Found {
	ref := text[start:end]
	if strings.TrimSpace(ref) == "" || hasScheme(ref) {
		return dst
	}
	f := Found{Candidate: Candidate{Offset: base + start, Text: ref}, Relative: true, Followed: true}
	if sourceOf != nil {
		f.Offset, f.sourceOf = sourceOf[start], sourceOf[start:end+1]
	}
	return append(dst, f)
}

// refreshURL returns the bounds of the URL in a refresh's content value,
// "5; url=x" or "5, 'x'" (HTML's shared declarative refresh steps), or
// false when the value is no refresh with a URL.
func refreshURL(v string) (start, end int, ok bool) {
	i := skipBlanks(v, 0)
	digits := i
	for i < len(v) && (v[i] >= '0' && v[i] <= '9' || v[i] == '.') {
		i++
	}
	if i == digits {
		return 0, 0, false
	}
	i = skipBlanks(v, i)
	if i == len(v) || v[i] != ';' && v[i] != ',' {
		return 0, 0, false
	}
	i = skipBlanks(v, i+1)
	if len(v)-i >= 4 && strings.EqualFold(v[i:i+3], "url") {
		if j := skipBlanks(v, i+3); j < len(v) && v[j] == '=' {
			i = skipBlanks(v, j+1)
		}
	}
	end = len(v)
	if i < len(v) && (v[i] == '"' || v[i] == '\'') {
		q := v[i]
		i++
		if n := strings.IndexByte(v[i:], q); n >= 0 {
			end = i + n
		}
	}
	for end > i && (v[end-1] == ' ' || v[end-1] == '\t') {
		end--
	}
	return i, end, end > i
}

func skipBlanks(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\f' || s[i] == '\r') {
		i++
	}
	return i
}

// maxCSSURL bounds how far a CSS url() may run to its close: one that
// runs longer is taken for no url(), so that a window never waits on one
// without bound.
const maxCSSURL = 4 << 10

// cssURL finds the next CSS url() at or after from (CSS Values 4,
// section 4.5): where "url(" begins, its value's bounds, quoted or not,
// and where to go on. With p, text is a window: a url() that may close
// past it is undecided.
func cssURL(text string, from int, p *past) (at, start, end, next int, found destinationFound) {
	n := strings.Index(text[from:], "url(")
	if n < 0 {
		// "url" may go on into "url(" past the window.
		if p != nil && len(text)-from >= 3 {
			if k := strings.LastIndex(text[len(text)-3:], "u"); k >= 0 && strings.HasPrefix("url(", text[len(text)-3+k:]) {
				return len(text) - 3 + k, 0, 0, 0, undecidedDestination
			}
		}
		return 0, 0, 0, len(text), noDestination
	}
	at = from + n
	open := at + len("url(")
	limit := min(len(text), open+maxCSSURL)
	i := skipBlanks(text[:limit], open)
	closer := byte(')')
	if i < limit && (text[i] == '"' || text[i] == '\'') {
		closer = text[i]
		i++
	}
	if m := strings.IndexByte(text[i:limit], closer); m >= 0 {
		end = i + m
		next = end + 1
		if closer == ')' {
			for end > i && (text[end-1] == ' ' || text[end-1] == '\t') {
				end--
			}
		}
		return at, i, end, next, aDestination
	}
	if p != nil && limit == len(text) {
		return at, 0, 0, 0, undecidedDestination
	}
	return at, 0, 0, open, noDestination
}

// styleURLs appends the relative references of the CSS url()s in an
// HTML line's text outside attribute values (a <style> element's rules);
// values are the attribute values read, in order. In a window, it
// returns the first offset it could not decide.
func (e *Extractor) styleURLs(dst []Found, w *window, values [][2]int) ([]Found, int) {
	line := w.text
	for i := w.from; i < len(line); {
		at, start, end, next, found := cssURL(line, i, w.past)
		switch found {
		case noDestination:
			i = next
			continue
		case undecidedDestination:
			return dst, at
		}
		if !inValues(values, at) {
			dst = e.appendDestination(dst, line, start, end)
			w.cover(at, next)
		}
		i = next
	}
	return dst, len(line)
}

func inValues(values [][2]int, off int) bool {
	for _, v := range values {
		if off >= v[0] && off < v[1] {
			return true
		}
	}
	return false
}

// autolinks appends the bounds of the autolinks of a Markdown line
// outside its code spans (CommonMark 6.5): "<scheme:...>", with any
// scheme of 2 to 32 characters, and "<local@domain>", an email address.
// Their text is literal: no character reference or escape is undone in
// it. In a window, it returns the first offset it could not decide.
func autolinks(dst []autolinkAt, w *window, spans [][2]int) ([]autolinkAt, int) {
	line := w.text
	for i := w.from; i < len(line); i++ {
		k := strings.IndexByte(line[i:], '<')
		if k < 0 {
			break
		}
		i += k
		if inSpans(spans, i) || !autolink(line, i+1) {
			continue // a destination's "<...>" is the destination pass's
		}
		end, email, found := autolinkEnd(line, i+1)
		if found == undecidedDestination && w.past != nil {
			return dst, i
		}
		if found == aDestination {
			dst = append(dst, autolinkAt{start: i + 1, end: end, email: email})
			w.cover(i, end+1)
			i = end
		}
	}
	return dst, len(line)
}

// autolinkAt is an autolink's text in its line.
type autolinkAt struct {
	start, end int
	email      bool
}

// autolinkEnd reads the autolink whose text starts at from, after its
// '<', and returns where its '>' stands.
func autolinkEnd(line string, from int) (end int, email bool, found destinationFound) {
	i := from
	for i < len(line) && i-from <= 32 && (ascii.IsAlpha(line[i]) || i > from && (ascii.IsDigit(line[i]) || strings.IndexByte("+.-", line[i]) >= 0)) {
		i++
	}
	if i == len(line) {
		return 0, false, undecidedDestination
	}
	if line[i] == ':' && i-from >= 2 && i-from <= 32 {
		for j := i + 1; j < len(line); j++ {
			switch c := line[j]; {
			case c == '>':
				return j, false, aDestination
			case c <= ' ' || c == '<' || c == 0x7f:
				return 0, false, noDestination
			}
		}
		return 0, false, undecidedDestination
	}
	// An email address: local@domain.
	j := from
	for j < len(line) && (ascii.IsAlpha(line[j]) || ascii.IsDigit(line[j]) || strings.IndexByte(".!#$%&'*+/=?^_`{|}~-", line[j]) >= 0) {
		j++
	}
	if j == len(line) {
		return 0, false, undecidedDestination
	}
	if j == from || line[j] != '@' {
		return 0, false, noDestination
	}
	label := 0
	for j++; j < len(line); j++ {
		switch c := line[j]; {
		case ascii.IsAlpha(c) || ascii.IsDigit(c):
			label++
		case c == '-' && label > 0:
			label++
		case c == '.' && label > 0 && line[j-1] != '-':
			label = 0
		case c == '>' && label > 0 && line[j-1] != '-':
			return j, true, aDestination
		default:
			return 0, false, noDestination
		}
		if label > 63 {
			return 0, false, noDestination
		}
	}
	return 0, false, undecidedDestination
}
