package render

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/width"

	"github.com/uritool/uritool/internal/ascii"
)

// printableASCII reports whether s is all printable ASCII, shown byte for
// byte.
func printableASCII(s string) bool { return ascii.AllIn(s, ' ', '~') }

// caretWindow is how many bytes around the caret a long input shows.
const caretWindow = 100

// Passwords is how output for people finds the password of a reference
// (RFC 3986 section 3.2.1), and what it shows in its place (section 7.5).
// render finds no password itself: cmd builds every Palette with
// internal/password's, once, so that no renderer can be left without it.
type Passwords struct {
	// Find says where the password of s is, s[start:end]; start == end
	// when it has none.
	Find func(s string) (start, end int)
	// Mask is what shows in a password's place.
	Mask string
}

// Masked is s with its password shown as the mask.
func (p Passwords) Masked(s string) string {
	if start, end := p.Find(s); start < end {
		return s[:start] + p.Mask + s[end:]
	}
	return s
}

// CaretView returns a one-line, printable rendering of input for a
// human (see writeShown), and the 0-based display column of byte offset
// in it. Its password, which pw finds, is masked unless showPassword, and
// a very long input is cut to a window around offset.
func CaretView(input string, offset int, pw Passwords, showPassword bool) (string, int) {
	ps, pe := pw.Find(input)
	mask := ""
	if ps < pe && !showPassword {
		mask = pw.Mask
	}
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
	if start == 0 && end == len(input) && mask == "" && printableASCII(input) {
		return input, min(max(offset, 0), len(input)) // most inputs: shown as they are
	}
	var b strings.Builder
	lead := 0
	if start > 0 {
		b.WriteString("…")
		lead = 1
	}
	col := writeShown(&b, input, start, end, offset, ps, pe, mask)
	if end < len(input) {
		b.WriteString("…")
	}
	return b.String(), lead + col
}

// writeShown writes s[start:end] to b so that a terminal shows it as it
// is and does nothing else with it: control bytes, other non-printing
// runes (bidi overrides among them) and invalid UTF-8 as \xNN, and what it
// shows of s[ps:pe] as mask unless mask is empty. It returns the terminal
// column, from start, of byte offset, or the width of what it wrote when
// offset is at or past end.
func writeShown(b *strings.Builder, s string, start, end, offset, ps, pe int, mask string) int {
	col := -1
	width := 0
	for i := start; i < end; {
		if i >= offset && col < 0 {
			col = width
		}
		if mask != "" && i >= ps && i < pe { // also when a window starts inside it
			b.WriteString(mask)
			width += len(mask)
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

// Shown is s as a terminal shows it, as CaretView shows an input whole:
// control bytes and invalid UTF-8 as \xNN, and its password, which pw
// finds, masked unless showPassword. It is how output for people that
// shows a whole input (interop's table, the reports that show inputs)
// shows it: raw, a control byte broke a markdown table, and XML cannot
// hold it.
func Shown(s string, pw Passwords, showPassword bool) string {
	ps, pe := pw.Find(s)
	if ps == pe || showPassword {
		if printableASCII(s) {
			return s
		}
		return ShownMasking(s, 0, 0, "")
	}
	return ShownMasking(s, ps, pe, pw.Mask)
}

// ShownMasking is s as Shown shows it, with s[ps:pe] shown as mask: for
// a component whose password its reader found.
func ShownMasking(s string, ps, pe int, mask string) string {
	var b strings.Builder
	writeShown(&b, s, 0, len(s), len(s), ps, pe, mask)
	return b.String()
}

// Columns is how many terminal columns s takes (see runeColumns), which
// is what lines up text under or beside it.
func Columns(s string) int {
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

// spaces is a run of spaces to cut from.
const spaces = "                                                                                                                                                                                                                                                                "

// AppendSpaces appends n spaces, which pad a column. Columns are often
// adjacent: n is 0 about as often as not, and skipping the copy then
// saves a call.
func AppendSpaces(b []byte, n int) []byte {
	for ; n > len(spaces); n -= len(spaces) {
		b = append(b, spaces...)
	}
	if n > 0 {
		b = append(b, spaces[:n]...)
	}
	return b
}
