package render

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/uritool/uritool/pkg/uri"
	"golang.org/x/text/width"
)

// Mask is what human-readable output shows instead of a password
// (RFC 3986 sections 3.2.1 and 7.5).
const Mask = "****"

// passwordSpan finds the password: the text after the first ':' of the
// userinfo (RFC 3986 section 3.2.1). For a valid reference that is what
// the parser reads as the userinfo. For an invalid one it guesses by the
// split of Appendix B, conservatively: a userinfo cannot contain '[', so
// the '@' that ends it must come before any '[' of the authority, and an
// IP-literal is never masked ("http://[::1]@host/" has no password). It
// takes the last such '@', so that a password with an unencoded '@', a
// common mistake, is not shown in part.
func passwordSpan(s string) (start, end int, ok bool) {
	if strings.IndexByte(s, '@') < 0 {
		return 0, 0, false // no userinfo, and no parse that fails with an allocated error
	}
	if u, err := uri.Parse(s); err == nil {
		start, end, ok = u.Span(uri.ComponentUserinfo)
		colon := strings.IndexByte(s[start:end], ':')
		if !ok || colon < 0 || start+colon+1 == end {
			return 0, 0, false
		}
		return start + colon + 1, end, true
	}
	i := strings.IndexAny(s, ":/?#")
	if i < 0 || s[i] != ':' {
		i = 0
	} else {
		i++
	}
	if !strings.HasPrefix(s[i:], "//") {
		return 0, 0, false
	}
	a := i + 2
	e := a + strings.IndexAny(s[a:], "/?#[")
	if e < a {
		e = len(s)
	}
	at := strings.LastIndexByte(s[a:e], '@')
	if at < 0 {
		return 0, 0, false
	}
	colon := strings.IndexByte(s[a:a+at], ':')
	if colon < 0 || colon+1 == at {
		return 0, 0, false
	}
	return a + colon + 1, a + at, true
}

// MaskPassword returns s with its password replaced by Mask.
func MaskPassword(s string) string {
	if ps, pe, ok := passwordSpan(s); ok {
		return s[:ps] + Mask + s[pe:]
	}
	return s
}

// printableASCII reports whether s is all printable ASCII, shown byte for
// byte.
func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] > '~' {
			return false
		}
	}
	return true
}

// caretWindow is how many bytes around the caret a long input shows.
const caretWindow = 100

// CaretView returns a one-line, printable rendering of input for a
// human (see writeShown), and the 0-based display column of byte offset
// in it. A password is masked unless showPassword, and a very long input
// is cut to a window around offset.
func CaretView(input string, offset int, showPassword bool) (string, int) {
	ps, pe, masked := passwordSpan(input)
	masked = masked && !showPassword
	start, end := 0, len(input)
	if offset-start > caretWindow {
		start = offset - caretWindow
		for start < offset && !utf8.RuneStart(input[start]) {
			start++
		}
	}
	if end-offset > caretWindow {
		end = offset + caretWindow
	}
	if start == 0 && end == len(input) && !masked && printableASCII(input) {
		return input, min(max(offset, 0), len(input)) // most inputs: shown as they are
	}
	var b strings.Builder
	lead := 0
	if start > 0 {
		b.WriteString("…")
		lead = 1
	}
	col := writeShown(&b, input, start, end, offset, ps, pe, masked)
	if end < len(input) {
		b.WriteString("…")
	}
	return b.String(), lead + col
}

// writeShown writes s[start:end] to b so that a terminal shows it as it
// is and does nothing else with it: control bytes, other non-printing
// runes (bidi overrides among them) and invalid UTF-8 as \xNN, and what it
// shows of s[ps:pe] as Mask when mask. It returns the terminal column,
// from start, of byte offset, or the width of what it wrote when offset is
// at or past end.
func writeShown(b *strings.Builder, s string, start, end, offset, ps, pe int, mask bool) int {
	col := -1
	width := 0
	for i := start; i < end; {
		if i >= offset && col < 0 {
			col = width
		}
		if mask && i >= ps && i < pe { // also when a window starts inside it
			b.WriteString(Mask)
			width += len(Mask)
			i = pe
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1, !unicode.IsPrint(r):
			for k := 0; k < size; k++ {
				b.WriteString(`\x`)
				b.WriteString(strconv.FormatUint(uint64(s[i+k])|0x100, 16)[1:])
				width += 4
			}
		default:
			b.WriteString(s[i : i+size])
			width += runeColumns(r)
		}
		i += size
	}
	if col < 0 {
		col = width
	}
	return col
}

// maskedText is s as writeShown shows it, with its password masked, for
// output that shows the whole input.
func maskedText(s string) string {
	ps, pe, masked := passwordSpan(s)
	if !masked && printableASCII(s) {
		return s
	}
	var b strings.Builder
	writeShown(&b, s, 0, len(s), len(s), ps, pe, masked)
	return b.String()
}

// reportText is an input as the reports that show it as text (junit,
// markdown) write it: as a terminal shows it, control bytes and invalid
// UTF-8 as \xNN, and its password masked unless showPassword. Raw, a
// control byte broke a markdown table and XML cannot hold it.
func reportText(s string, showPassword bool) string {
	switch {
	case !showPassword:
		return maskedText(s)
	case printableASCII(s):
		return s
	}
	var b strings.Builder
	writeShown(&b, s, 0, len(s), len(s), 0, 0, false)
	return b.String()
}

// columns is how many terminal columns s takes (see runeColumns), which
// is what lines up text under or beside it.
func columns(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			n := i
			for _, r := range s[i:] {
				n += runeColumns(r)
			}
			return n
		}
	}
	return len(s)
}

// runeColumns is how many terminal columns r takes: two for East Asian
// wide and fullwidth characters, none for combining marks and format
// characters, one for others.
func runeColumns(r rune) int {
	if r < utf8.RuneSelf {
		return 1
	}
	if unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf) {
		return 0
	}
	if k := width.LookupRune(r).Kind(); k == width.EastAsianWide || k == width.EastAsianFullwidth {
		return 2
	}
	return 1
}
