package uritemplate

import (
	"strings"

	"github.com/uritool/uritool/internal/ascii"
)

// Character classes of RFC 6570 section 1.5 and section 2, as bits of one
// table so that each test is a single load.
const (
	unreserved uint8 = 1 << iota // ALPHA DIGIT - . _ ~
	reserved                     // gen-delims and sub-delims
	varchar                      // ALPHA DIGIT _ (pct-encoded is handled apart)
	literal                      // ASCII allowed in literals, section 2.1
)

var class = func() (t [256]uint8) {
	for c := 0; c < 128; c++ {
		switch {
		case 'A' <= c && c <= 'Z', 'a' <= c && c <= 'z', '0' <= c && c <= '9':
			t[c] = unreserved | varchar
		}
	}
	for _, c := range "-.~" {
		t[c] = unreserved
	}
	t['_'] = unreserved | varchar
	for _, c := range ":/?#[]@!$&'()*+,;=" {
		t[c] = reserved
	}
	// Section 2.1: any ASCII but CTL, SP, DQUOTE, "'", "%", "<", ">",
	// "\", "^", "`", "{", "|", "}". We allow "'" all the same: the
	// uritemplate-test suite expects "'{var}'" to expand (spec-examples.json,
	// Level 1), and "'" is a sub-delim, so the output stays a URI.
	for c := 0x21; c < 0x7f; c++ {
		if strings.IndexByte(`"%<>\^`+"`{|}", byte(c)) < 0 {
			t[c] |= literal
		}
	}
	return t
}()

// isTriplet reports whether s[i:] begins with a pct-encoded triplet.
func isTriplet(s string, i int) bool {
	return i+2 < len(s) && s[i] == '%' && ascii.IsHex(s[i+1]) && ascii.IsHex(s[i+2])
}

// isUcsOrPrivate reports whether r is a ucschar or iprivate code point
// (RFC 6570 section 1.5, from RFC 3987), the non-ASCII characters a
// literal may hold.
func isUcsOrPrivate(r rune) bool {
	switch {
	case r < 0xA0:
		return false
	case r < 0x10000:
		return r <= 0xD7FF || 0xE000 <= r && r <= 0xFDCF || 0xFDF0 <= r && r <= 0xFFEF
	case 0xE0000 <= r && r < 0xE1000:
		return false
	}
	return r&0xFFFF <= 0xFFFD && r <= 0x10FFFD
}

// appendEncoded appends s with every byte outside the allowed set
// pct-encoded (section 3.2.1). With reserved set, the allowed set is
// unreserved / reserved and existing pct-triplets are kept (U+R);
// otherwise it is unreserved only (U).
func appendEncoded(b []byte, s string, withReserved bool) []byte {
	allowed := unreserved
	if withReserved {
		allowed |= reserved
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case class[c]&allowed != 0:
			b = append(b, c)
		case withReserved && isTriplet(s, i):
			b = append(b, s[i:i+3]...)
			i += 2
		default:
			b = append(b, '%', ascii.UpperHex[c>>4], ascii.UpperHex[c&15])
		}
	}
	return b
}
