// Package ascii holds the byte-level helpers that uritool's packages
// share: ASCII character tests, hex digits, the decoder of
// percent-encodings (RFC 3986 section 2.1), and a string view of bytes.
// Each but IsASCII and AllIn is small enough for the compiler to
// inline, so hot paths may call them freely.
package ascii

import (
	"unsafe"
)

// View reads b as a string without copying it. The string is valid only
// as long as b is not written, which its callers say of their results.
func View(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// Same reports whether a and b are the same bytes in memory, one string
// seen twice: cheaper than comparing them, and false for equal copies.
func Same(a, b string) bool {
	return len(a) == len(b) && unsafe.StringData(a) == unsafe.StringData(b)
}

// UpperHex are the hex digits that percent-encodings are written with
// (section 2.1: producers should use uppercase).
const UpperHex = "0123456789ABCDEF"

// IsASCII reports whether s holds only ASCII bytes. It ors eight bytes
// at a time into one word whose high bits say whether any byte is from
// 0x80, which makes it too large to inline: the breakdown asks it of
// every URI it draws.
func IsASCII(s string) bool {
	var high uint64
	i := 0
	for ; len(s)-i >= 8; i += 8 {
		high |= word(s[i : i+8])
	}
	for ; i < len(s); i++ {
		high |= uint64(s[i])
	}
	return high&0x8080808080808080 == 0
}

// AllIn reports whether every byte of s is from lo to hi, for ASCII lo
// and hi with 0 < lo <= hi; "" is. It tests eight bytes at a time, as
// IsASCII does: the table for people asks it of every cell it draws.
func AllIn(s string, lo, hi byte) bool {
	if len(s) < 8 {
		for i := 0; i < len(s); i++ {
			if s[i] < lo || s[i] > hi {
				return false
			}
		}
		return true
	}
	// Each byte's high bit, in its own lane: below 0x80 plus 0x80-lo
	// reaches 0x80 from lo on, plus 0x7f-hi from past hi; no sum
	// carries into the next lane. A byte from 0x80 is out by its own bit.
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	atLeast, past := ones*uint64(0x80-lo), ones*uint64(0x7f-hi)
	var out uint64
	i := 0
	for ; ; i += 8 {
		if i > len(s)-8 {
			i = len(s) - 8 // the last word, read whole: some bytes twice
		}
		x := word(s[i : i+8])
		low := x &^ highs
		out |= ^(low + atLeast) | (low + past) | x
		if i == len(s)-8 {
			return out&highs == 0
		}
	}
}

// word is the eight bytes of w, the first lowest: one load, as the
// compiler reads the expression.
func word(w string) uint64 {
	return uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
		uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
}

// The rule names below are the core rules of RFC 2234 (section 6.1) that
// RFC 3986 uses (section 1.3).

// IsAlpha matches ALPHA.
func IsAlpha(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// IsDigit matches DIGIT.
func IsDigit(c byte) bool { return c >= '0' && c <= '9' }

// IsPunct reports whether c is ASCII punctuation, which a Markdown
// backslash escapes (CommonMark 2.1).
func IsPunct(c byte) bool { return c > ' ' && c < 0x7f && !IsAlpha(c) && !IsDigit(c) }

// IsDigits reports whether s holds only DIGITs; "" does.
func IsDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !IsDigit(s[i]) {
			return false
		}
	}
	return true
}

// hexDigits is a table so that IsHex, which the parser asks of every
// byte after a "%", is a single load.
var hexDigits = func() (t [256]bool) {
	for _, c := range "0123456789ABCDEFabcdef" {
		t[c] = true
	}
	return t
}()

// IsHex matches HEXDIG, in either case as RFC 3986 section 2.1 allows.
func IsHex(c byte) bool { return hexDigits[c] }

var unreserved = func() (t [256]bool) {
	for _, c := range "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~" {
		t[c] = true
	}
	return t
}()

// IsUnreserved matches unreserved (RFC 3986 section 2.3): the bytes a URI
// holds as they are and that percent-decoding them does not change.
func IsUnreserved(c byte) bool { return unreserved[c] }

// Unhex returns the value of the hex digit c, which must be one.
func Unhex(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return (c | 0x20) - 'a' + 10
}

// PctBreak is where a "%" at i of s stops being a pct-encoded triplet
// (section 2.1): the first of the two bytes after it that is not a hex
// digit, or the end of s. Every error of a bad percent-encoding puts its
// offset, and so its caret, there, the byte that cannot belong.
func PctBreak(s string, i int) int {
	j := i + 1
	if j < len(s) && IsHex(s[j]) {
		j++
	}
	return j
}

// AppendPercentDecoded appends s to b with every "%" HEXDIG HEXDIG decoded
// into its octet (section 2.1). A "%" without two hex digits after it is
// appended as it is, and bad is the offset in s of the first, or -1.
func AppendPercentDecoded(b []byte, s string) (_ []byte, bad int) {
	bad = -1
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] != '%':
			b = append(b, s[i])
		case i+2 < len(s) && IsHex(s[i+1]) && IsHex(s[i+2]):
			b = append(b, Unhex(s[i+1])<<4|Unhex(s[i+2]))
			i += 2
		default:
			if bad < 0 {
				bad = i
			}
			b = append(b, '%')
		}
	}
	return b, bad
}
