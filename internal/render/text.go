package render

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/uritool/uritool/internal/password"
	"golang.org/x/text/width"
)

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
	pw := password.Find(input)
	ps, pe, masked := pw.Start, pw.End, pw.Found() && !showPassword
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
// shows of s[ps:pe] as password.Mask when mask. It returns the terminal column,
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
			b.WriteString(password.Mask)
			width += len(password.Mask)
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
	pw := password.Find(s)
	ps, pe, masked := pw.Start, pw.End, pw.Found()
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
