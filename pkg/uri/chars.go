package uri

import (
	"slices"
	"unicode/utf8"
)

// Character classes of RFC 3986 Appendix A, one 256-entry table per ABNF
// rule, so that the parser tests a byte with a single load. pct-encoded is
// not a byte class; the parser handles '%' itself (section 2.1). An entry
// is 1 for a member and 0 otherwise, not a bool, so that the entries of
// eight bytes combine into one word (see skipWords).

const (
	upperChars      = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	lowerChars      = "abcdefghijklmnopqrstuvwxyz"
	alphaChars      = upperChars + lowerChars
	digitChars      = "0123456789"
	unreservedChars = alphaChars + digitChars + "-._~"        // section 2.3
	subDelimsChars  = "!$&'()*+,;="                           // section 2.2
	pcharChars      = unreservedChars + subDelimsChars + ":@" // section 3.3
)

// charClass is a class as a table of bytes and, for the vector scan of
// sixteen bytes at a time (skip_amd64.s), as two tables indexed by a
// byte's low and high four bits, whose entries have a bit in common
// exactly for the members.
type charClass struct {
	of      [256]uint8
	nibbles [32]uint8 // the low bits' table, then the high bits'
}

// The marks of pathChar, above the membership bit.
const (
	slashMark = 2
	dotMark   = 4
)

func classOf(chars string) (t charClass) {
	for i := 0; i < len(chars); i++ {
		t.of[chars[i]] = 1
	}
	return t.withNibbles()
}

func without(t charClass, chars string) charClass {
	for i := 0; i < len(chars); i++ {
		t.of[chars[i]] = 0
	}
	return t.withNibbles()
}

// withNibbles fills in t's nibble tables from its bytes. The members with
// one high nibble form a set of low nibbles, a row; each distinct row gets
// a bit, set in the high table at the high nibbles whose row it is and in
// the low table at the row's low nibbles. A class has at most eight
// distinct rows: the ASCII ones have six high nibbles with members.
func (t charClass) withNibbles() charClass {
	t.nibbles = [32]uint8{}
	var rows []uint16
	for hi := range 16 {
		var row uint16
		for lo := range 16 {
			if t.of[hi<<4|lo]&1 != 0 {
				row |= 1 << lo
			}
		}
		if row == 0 {
			continue
		}
		bit := slices.Index(rows, row)
		if bit < 0 {
			bit = len(rows)
			rows = append(rows, row)
		}
		if bit >= 8 {
			panic("uri: a character class with more than eight distinct rows")
		}
		t.nibbles[16+hi] |= 1 << bit
		for lo := range 16 {
			if row&(1<<lo) != 0 {
				t.nibbles[lo] |= 1 << bit
			}
		}
	}
	return t
}

var (
	// unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" (2.3)
	unreserved = classOf(unreservedChars)
	// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) (3.1); the table
	// covers the bytes after the first.
	schemeChar = classOf(alphaChars + digitChars + "+-.")
	// userinfo = *( unreserved / pct-encoded / sub-delims / ":" ) (3.2.1)
	userinfoChar = classOf(unreservedChars + subDelimsChars + ":")
	// reg-name = *( unreserved / pct-encoded / sub-delims ) (3.2.2)
	regNameChar = classOf(unreservedChars + subDelimsChars)

	// The same two without uppercase letters, and the first without ':':
	// the parser scans an authority with these first and meets an
	// uppercase letter as the end of a run, which tells Normalize whether
	// case folding (6.2.2.1) has work to do in the host at no cost to the
	// lowercase hosts nearly all input has; and meets the ':' before a
	// port there too, so that it learns where a host ends without a
	// second look.
	authorityRunChar = without(userinfoChar, upperChars+":")
	regNameLowerChar = without(regNameChar, upperChars)
	// IPvFuture tail: 1*( unreserved / sub-delims / ":" ) (3.2.2)
	ipvFutureChar = classOf(unreservedChars + subDelimsChars + ":")
	// segment-nz-nc: pchar without ":" (3.3)
	segmentNzNcChar = classOf(unreservedChars + subDelimsChars + "@")
	// path characters: pchar / "/" (3.3). '/' and '.' carry a mark beside
	// their membership, with which skipPathWords finds "/." as it scans
	// (the vector scan compares the bytes themselves).
	pathChar = func() charClass {
		t := classOf(pcharChars + "/")
		t.of['/'] |= slashMark
		t.of['.'] |= dotMark
		return t
	}()
	// query = fragment = *( pchar / "/" / "?" ) (3.4, 3.5)
	queryChar = classOf(pcharChars + "/?")
)

// nonASCII says which characters beyond ASCII a component may hold: none
// in a URI; in an IRI, ucschar everywhere iunreserved stands and iprivate
// too in the query (RFC 3987 section 2.2).
type nonASCII uint8

const (
	asciiOnly nonASCII = iota
	ucschars
	ucscharsOrPrivate
)

// inQuery is what the query allows: iquery adds iprivate.
func (n nonASCII) inQuery() nonASCII {
	if n == ucschars {
		return ucscharsOrPrivate
	}
	return n
}

// accept returns the length of the UTF-8 character that s begins with if n
// allows it, and 0 otherwise (invalid UTF-8 included).
func (n nonASCII) accept(s string) int {
	r, size := utf8.DecodeRuneInString(s)
	if size <= 1 { // ASCII is the tables' business; RuneError is no character
		return 0
	}
	if IsUcschar(r) || (n == ucscharsOrPrivate && IsIprivate(r)) {
		return size
	}
	return 0
}

// IsUcschar reports whether r matches ucschar (RFC 3987 section 2.2),
// the characters beyond ASCII that an IRI may hold:
//
//	%xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD / ... /
//	%xD0000-DFFFD / %xE1000-EFFFD
//
// that is, every code point from U+00A0 up except the last two of each
// plane, the surrogates, the private use areas, the noncharacters
// U+FDD0-FDEF, the specials U+FFF0-FFFF and plane 14's first 4096 (tags).
func IsUcschar(r rune) bool {
	switch {
	case r < 0xA0:
		return false
	case r <= 0xD7FF:
		return true
	case r < 0xF900:
		return false
	case r <= 0xFDCF:
		return true
	case r < 0xFDF0:
		return false
	case r <= 0xFFEF:
		return true
	case r < 0x10000 || r > 0xEFFFD || (r >= 0xE0000 && r < 0xE1000):
		return false
	}
	return r&0xFFFF <= 0xFFFD
}

// IsIprivate reports whether r matches iprivate = %xE000-F8FF / %xF0000-FFFFD /
// %x100000-10FFFD (RFC 3987 section 2.2), allowed only in a query.
func IsIprivate(r rune) bool {
	return (r >= 0xE000 && r <= 0xF8FF) || (r >= 0xF0000 && r <= 0x10FFFD && r&0xFFFF <= 0xFFFD)
}
