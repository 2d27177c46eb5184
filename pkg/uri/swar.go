package uri

// Eight bytes at a time: the checks that decide whether Normalize and
// Resolve have anything to do look at every byte of most inputs, and on
// short strings a loop over words beats both a loop over bytes and a call
// into strings.Index. Each function answers a simpler question exactly
// (any uppercase letter? any "/."?), which the full check asks first:
// most inputs have neither.

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// word reads s[i:i+8] as a little-endian word; the compiler turns the
// shifts into one load.
func word(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// zeroBytes sets the high bit of each byte of x that is zero, and only of
// those: the carry-free form of the zero-byte test.
func zeroBytes(x uint64) uint64 {
	return ^((x&^highs + ^uint64(highs)) | x) & highs
}

// slashDots sets the high bit of each byte of x that is '/' followed by
// '.': x compared to '/' and x>>8 (each byte's next one) to '.', or-ed,
// so that one zero test covers the pair. The last byte has no next one:
// x>>8 brings in a zero there, which is not '.', so it is never set.
func slashDots(x uint64) uint64 {
	return zeroBytes((x ^ ones*'/') | (x>>8 ^ ones*'.'))
}

// inRange sets the high bit of each byte of x in lo..hi, for lo and hi
// below 0x80.
func inRange(x uint64, lo, hi byte) uint64 {
	low := x &^ highs                     // each byte below 0x80: the sums below cannot carry
	atLeast := low + ones*uint64(0x80-lo) // high bit set when the byte is >= lo
	past := low + ones*uint64(0x80-hi-1)  // high bit set when the byte is > hi
	return atLeast &^ past &^ x & highs
}

// upperLetters sets the high bit of each byte of x in 'A'..'Z'.
func upperLetters(x uint64) uint64 { return inRange(x, 'A', 'Z') }

// lowerLetters sets the high bit of each byte of x in 'a'..'z'.
func lowerLetters(x uint64) uint64 { return inRange(x, 'a', 'z') }

// anyUpper reports whether s holds an uppercase ASCII letter.
func anyUpper(s string) bool {
	if len(s) < 8 {
		for i := 0; i < len(s); i++ {
			if s[i] >= 'A' && s[i] <= 'Z' {
				return true
			}
		}
		return false
	}
	for i := 0; i < len(s)-8; i += 8 {
		if upperLetters(word(s, i)) != 0 {
			return true
		}
	}
	return upperLetters(word(s, len(s)-8)) != 0
}

// hasSlashDot reports whether s holds "/.". Words overlap by one byte so
// that no pair falls between two.
func hasSlashDot(s string) bool {
	if len(s) < 8 {
		for i := 1; i < len(s); i++ {
			if s[i] == '.' && s[i-1] == '/' {
				return true
			}
		}
		return false
	}
	for i := 0; i < len(s)-8; i += 7 {
		if slashDots(word(s, i)) != 0 {
			return true
		}
	}
	return slashDots(word(s, len(s)-8)) != 0
}
