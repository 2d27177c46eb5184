package uri

// Character classes of RFC 3986 Appendix A, one 256-entry table per ABNF
// rule, so that the parser tests a byte with a single load. pct-encoded is
// not a byte class; the parser handles '%' itself (section 2.1).

const (
	alphaChars      = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	digitChars      = "0123456789"
	unreservedChars = alphaChars + digitChars + "-._~"        // section 2.3
	subDelimsChars  = "!$&'()*+,;="                           // section 2.2
	pcharChars      = unreservedChars + subDelimsChars + ":@" // section 3.3
)

type charClass [256]bool

func classOf(chars string) (t charClass) {
	for i := 0; i < len(chars); i++ {
		t[chars[i]] = true
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
	// IPvFuture tail: 1*( unreserved / sub-delims / ":" ) (3.2.2)
	ipvFutureChar = classOf(unreservedChars + subDelimsChars + ":")
	// segment-nz-nc: pchar without ":" (3.3)
	segmentNzNcChar = classOf(unreservedChars + subDelimsChars + "@")
	// path characters: pchar / "/" (3.3)
	pathChar = classOf(pcharChars + "/")
	// query = fragment = *( pchar / "/" / "?" ) (3.4, 3.5)
	queryChar = classOf(pcharChars + "/?")
	// HEXDIG (RFC 2234 core rule used by 2.1)
	hexDig = classOf(digitChars + "ABCDEFabcdef")
)

func isAlpha(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func unhex(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	default:
		return c - 'A' + 10
	}
}

const upperHex = "0123456789ABCDEF"
