package interop

import (
	"strings"

	"github.com/uritool/uritool/internal/idn"
	"github.com/uritool/uritool/pkg/uri"
)

// Class names the known kind of parser confusion that s falls into, or ""
// for none. It looks at the string only, in a fixed order: a character
// that one parser removes or reinterprets first (it changes everything
// after it), then the shape of the authority, then the host, port, path
// and query. The host classes apply to WHATWG's special schemes only: any
// other host is opaque to WHATWG. The names:
//
//   - tab-newline: a tab, CR or LF, which WHATWG removes anywhere.
//   - c0-space: a leading or trailing C0 control or space, which WHATWG
//     trims.
//   - backslash: a "\", which is "/" to WHATWG in a special scheme.
//   - missing-slashes: a WHATWG special scheme not followed by exactly
//     "//" and a host; WHATWG finds a host after any slashes (WHATWG URL
//     Standard, special authority ignore slashes state).
//   - file: a file URL, whose host WHATWG reads its own way ("localhost"
//     is empty).
//   - userinfo-at: more than one "@" before the path.
//   - delimiter-in-authority: an "@" after a "?" or "#" in the authority:
//     the userinfo a naive splitter sees is a query or fragment.
//   - idna: a host with non-ASCII characters, plain or percent-encoded, or
//     an A-label, which only WHATWG maps (UTS #46).
//   - numeric-ipv4: a host that WHATWG parses as an IPv4 address but that
//     is not in dotted-decimal form (hex, octal, fewer parts, a trailing
//     dot): a reg-name to RFC 3986 (section 3.2.2) and net/url.
//   - ipv4-sign: such a host with a "+" or "-" in a label ("-1",
//     "0x+7f.1"). The Standard's IPv4 number parser fails on a sign, so
//     the host is a domain, but whatwg-url v0.6.2 parses the label with
//     strconv.ParseInt: Read's whatwg reading of "http://-1/" is
//     255.255.255.255, where the Standard reads the domain "-1".
//   - ipv6: an IP-literal, which WHATWG serializes in canonical form.
//   - percent-encoded-host: a percent-encoded host, which WHATWG decodes.
//   - port: an explicit port, which WHATWG drops when it is the scheme's
//     default and writes without leading zeros.
//   - percent-encoded-path: an encoded dot or slash in the path, a
//     dot-segment to WHATWG.
//   - semicolon-query: a ";" in the query, a separator to some query
//     parsers (golang/go#25192) and not to others.
func Class(s string) string {
	switch {
	case strings.ContainsAny(s, "\t\n\r"):
		return "tab-newline"
	case s != "" && (s[0] <= ' ' || s[len(s)-1] <= ' '):
		return "c0-space"
	case strings.Contains(s, `\`):
		return "backslash"
	}
	scheme, rest := splitScheme(s)
	if IsSpecial(scheme) && !(strings.HasPrefix(rest, "//") && !strings.HasPrefix(rest, "///")) {
		return "missing-slashes"
	}
	if strings.EqualFold(scheme, "file") {
		return "file"
	}
	if !strings.HasPrefix(rest, "//") {
		return pathClass(rest)
	}
	// Up to the first "/" is the authority as a splitter that ignores "?"
	// and "#" sees it; up to the first of "/?#", as RFC 3986 does.
	wide, _, _ := strings.Cut(rest[2:], "/")
	at := strings.IndexByte(wide, '@')
	switch {
	case strings.Count(wide, "@") > 1:
		return "userinfo-at"
	case at >= 0 && strings.ContainsAny(wide[:at], "?#"):
		return "delimiter-in-authority"
	}
	auth, tail := rest[2:], ""
	if i := strings.IndexAny(auth, "/?#"); i >= 0 {
		auth, tail = auth[:i], auth[i:]
	}
	if c := authorityClass(auth, IsSpecial(scheme)); c != "" {
		return c
	}
	return pathClass(tail)
}

// splitScheme returns the scheme of s (RFC 3986 section 3.1) and what
// follows its ":", or "" and s when s has none.
func splitScheme(s string) (scheme, rest string) {
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		switch {
		case c >= 'a' && c <= 'z':
		case i > 0 && (s[i] >= '0' && s[i] <= '9' || s[i] == '+' || s[i] == '-' || s[i] == '.'):
		case i > 0 && s[i] == ':':
			return s[:i], s[i+1:]
		default:
			return "", s
		}
	}
	return "", s
}

// IsSpecial reports whether scheme is one that the WHATWG URL Standard
// calls special, file aside: those whose host it parses as a domain and
// finds after any number of slashes. It allocates nothing, whatever the
// case of scheme.
func IsSpecial(scheme string) bool {
	for _, s := range [...]string{"http", "https", "ws", "wss", "ftp"} {
		if strings.EqualFold(scheme, s) {
			return true
		}
	}
	return false
}

// authorityClass classifies the host and port of an authority with at
// most one "@". Only a special scheme's host is decoded, mapped and
// parsed for IPv4 by WHATWG; any other is an opaque host to it.
func authorityClass(auth string, special bool) string {
	hostport := auth[strings.IndexByte(auth, '@')+1:]
	host, port := hostport, ""
	if i := strings.LastIndexByte(hostport, ':'); i >= 0 && !strings.Contains(hostport[i:], "]") {
		host, port = hostport[:i], hostport[i:]
	}
	decoded := uri.PercentDecode(host)
	ipv4 := ipv4Class(decoded)
	switch {
	case strings.HasPrefix(host, "["):
		return "ipv6"
	case !special:
	case !isASCII(decoded) || idn.HasALabel(decoded):
		return "idna"
	case ipv4 != "":
		return ipv4
	case strings.Contains(host, "%"):
		return "percent-encoded-host"
	}
	if port != "" {
		return "port"
	}
	return ""
}

// pathClass classifies what follows the authority, or the scheme when
// there is none.
func pathClass(rest string) string {
	path, query, _ := strings.Cut(rest, "?")
	path, _, _ = strings.Cut(path, "#")
	query, _, _ = strings.Cut(query, "#")
	lower := strings.ToLower(path)
	switch {
	case strings.Contains(lower, "%2e") || strings.Contains(lower, "%2f"):
		return "percent-encoded-path"
	case strings.Contains(query, ";"):
		return "semicolon-query"
	}
	return ""
}

// ipv4Class tells whether WHATWG's host parser would take host for an
// IPv4 address (EndsInNumber) though it is not dotted-decimal, the one
// form RFC 3986 reads as an address: "numeric-ipv4", or "ipv4-sign" when
// a label has a sign, which only whatwg-url accepts.
func ipv4Class(host string) string {
	if !EndsInNumber(host) {
		return ""
	}
	for _, l := range strings.Split(host, ".") {
		if _, signed := ipv4Number(l); signed {
			return "ipv4-sign"
		}
	}
	if isDottedDecimal(host) {
		return ""
	}
	return "numeric-ipv4"
}

// EndsInNumber reports whether whatwg-url's host parser takes an ASCII
// domain for an IPv4 address: whether its last label, after one empty
// one, is digits or an IPv4 number (WHATWG URL Standard, "ends in a
// number"), signs included as ipv4Number says. It allocates nothing, so
// that the lint rule parser-differential can ask it of every host.
func EndsInNumber(host string) bool {
	last := strings.TrimSuffix(host, ".")
	last = last[strings.LastIndexByte(last, '.')+1:]
	// Every number starts with a digit or a sign: most names are out at
	// the first byte.
	if last == "" || !(last[0] >= '0' && last[0] <= '9' || last[0] == '+' || last[0] == '-') {
		return false
	}
	if isDigits(last) {
		return true
	}
	ok, _ := ipv4Number(last)
	return ok
}

// ipv4Number reports whether whatwg-url's IPv4 number parser takes label
// for a number: decimal, "0x" hex or "0" octal, as the WHATWG URL
// Standard says, and whether it has a sign after the prefix, which the
// Standard does not allow but the library, parsing with strconv.ParseInt,
// does. Out-of-range numbers count: the library treats them as numbers.
func ipv4Number(label string) (ok, signed bool) {
	if label == "" {
		return false, false
	}
	digits := isDigits
	switch {
	case len(label) >= 2 && (label[:2] == "0x" || label[:2] == "0X"):
		label, digits = label[2:], isHex
		if label == "" {
			return true, false // "0x" is zero
		}
	case len(label) >= 2 && label[0] == '0':
		label, digits = label[1:], isOctal
	}
	if label[0] == '+' || label[0] == '-' {
		label, signed = label[1:], true
	}
	ok = label != "" && digits(label)
	return ok, ok && signed
}

func isOctal(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '7' {
			return false
		}
	}
	return true
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; !(s[i] >= '0' && s[i] <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// isDottedDecimal reports whether host is an IPv4address of RFC 3986
// section 3.2.2: four dec-octets, no leading zeros.
func isDottedDecimal(host string) bool {
	parts := strings.Split(host, ".")
	if len(parts) != 4 {
		return false
	}
	for _, p := range parts {
		if p == "" || len(p) > 3 || !isDigits(p) || len(p) > 1 && p[0] == '0' || len(p) == 3 && p > "255" {
			return false
		}
	}
	return true
}
