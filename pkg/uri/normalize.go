package uri

import (
	"strings"

	"github.com/uritool/uritool/internal/ascii"
)

// Level selects how far Normalize goes. A Level above SchemeLevel acts as
// SchemeLevel.
type Level uint8

const (
	// SyntaxLevel is syntax-based normalization (section 6.2.2): case,
	// percent-encoding and dot-segments.
	SyntaxLevel Level = iota
	// SchemeLevel adds scheme-based normalization (section 6.2.3): empty
	// and default ports are dropped and an empty path with an authority
	// becomes "/", for the schemes with a default port.
	SchemeLevel
)

// DefaultPort returns the default port of scheme (section 6.2.3), looked
// up without regard to case, for the schemes whose specifications define
// one that this package knows: http and ws (80, RFC 9110 and RFC 6455),
// https and wss (443), ftp (21, RFC 1738), imap (143, RFC 5092), pop (110,
// RFC 2384), ldap (389, RFC 4516), telnet (23, RFC 4248), gopher (70, RFC
// 4266), nntp (119, RFC 5538), rtsp (554, RFC 7826), and coap and coaps
// (5683 and 5684, RFC 7252). NormalizeOptions.DefaultPorts adds others for
// one call.
func DefaultPort(scheme string) (port string, ok bool) {
	var buf [6]byte
	if len(scheme) > len(buf) {
		return "", false
	}
	lower := buf[:len(scheme)]
	for i := 0; i < len(scheme); i++ {
		lower[i] = toLower(scheme[i])
	}
	switch string(lower) {
	case "http", "ws":
		return "80", true
	case "https", "wss":
		return "443", true
	case "ftp":
		return "21", true
	case "imap":
		return "143", true
	case "pop":
		return "110", true
	case "ldap":
		return "389", true
	case "telnet":
		return "23", true
	case "gopher":
		return "70", true
	case "nntp":
		return "119", true
	case "rtsp":
		return "554", true
	case "coap":
		return "5683", true
	case "coaps":
		return "5684", true
	}
	return "", false
}

// NormalizeOptions tunes Normalize.
type NormalizeOptions struct {
	Level Level
	// DefaultPorts adds default ports, keyed by lowercase scheme, to those
	// of DefaultPort for SchemeLevel; an entry here wins over one there.
	DefaultPorts map[string]string
	// RelativeDots removes dot-segments from relative references too.
	// An absolute path, also after an authority, loses them as a URI's
	// does: resolution applies remove_dot_segments to it alone (5.2.2).
	// A relative path keeps only what it says without a base: "."
	// segments go, each ".." removes the segment before it, and a ".."
	// with none before it stays in front ("a/../../b" gives "../b"). A
	// path left empty is written "./", and "./" stays before a first
	// segment with a colon (4.2). Resolving the result against a base
	// gives the target the reference gives, for every base with an
	// authority or a "/" in its path; a base such as "urn:a:b" has no
	// directory to merge with (5.2.3), and there "a/../b" resolves to
	// "urn:/b" but "b" to "urn:b".
	RelativeDots bool
	// CanonicalIPv6 writes an IPv6 address in the canonical text of RFC
	// 5952 section 4, with the IPv4 part of an IPv4-mapped address in
	// dotted decimal (section 5): "[0:0::FFFF:C000:0201]" and
	// "[::ffff:192.0.2.1]" are the same address and one normal form.
	// RFC 3986 itself only lowercases an IP-literal (6.2.2.1).
	CanonicalIPv6 bool
}

// Normalize returns u in normal form at level (sections 6.2.2 and 6.2.3).
func Normalize(u URI, level Level) URI { return normalizer{level: level}.normalize(&u) }

// Equal reports whether a and b are equivalent by the comparison ladder
// of section 6.2: equal once both are normalized at the scheme level. The
// zero URI is equal only to itself.
func Equal(a, b URI) bool {
	return Normalize(a, SchemeLevel) == Normalize(b, SchemeLevel)
}

// Normalize returns u in normal form. It returns u itself, without
// allocating, when u is already normal, and allocates once otherwise. The
// zero URI is its own normal form.
//
// What changes: the scheme and host are lowercased (6.2.2.1); hex digits
// of percent-encodings are uppercased (6.2.2.1) and encoded unreserved
// characters decoded (6.2.2.2), in every component; dot-segments are
// removed from the path of a URI, rootless or not, exactly as Resolve
// removes them, "/." included (6.2.2.3, 5.2.4; see the package doc). At SchemeLevel an
// empty port, or one whose number is the scheme's default (":080" for
// http), is dropped and an empty path with an authority becomes "/"
// (6.2.3), unless that would make it longer than MaxLen. Reserved
// characters are never decoded, an empty query or fragment is kept, and
// IP-literals are only lowercased, unless o.CanonicalIPv6. A relative
// reference keeps its dot-segments, unless o.RelativeDots: they mean
// something until it is resolved.
func (o NormalizeOptions) Normalize(u URI) URI {
	n := normalizer{o.Level, o.DefaultPorts}
	if o.RelativeDots || o.CanonicalIPv6 {
		return o.normalizeFurther(n, &u)
	}
	return n.normalize(&u)
}

// NormalizeString parses s as a URI reference, as Parse does, and returns
// its normal form as text, as Normalize does: s itself, without
// allocating, when s is already normal. An invalid s gives Parse's error.
//
// From text to text it is the shorter way, and on a long run of short
// references the faster one: no URI is copied on the way in or out, where
// Parse and Normalize copy the 48 bytes of one at each call and return
// (some 6% of normalize's CPU over 1M URLs).
func (o NormalizeOptions) NormalizeString(s string) (string, error) {
	var u URI
	if err := u.parse(s, uriReference); err != nil {
		return "", err
	}
	n := normalizer{o.Level, o.DefaultPorts}
	if o.RelativeDots || o.CanonicalIPv6 {
		return o.normalizeFurther(n, &u).s, nil
	}
	rules := n.plan(&u)
	if unchanged(&u, rules) {
		return s, nil
	}
	return build(&u, rules).s, nil
}

// normalizer is what RFC 3986's normalization needs of NormalizeOptions.
// The options beyond it take another path, so that the common one keeps
// its shape: with them passed along it and planned there, cachegrind
// counted some 5% more instructions in plan (normalize25 measured 3-6%
// more CPU the same way).
type normalizer struct {
	level Level
	ports map[string]string
}

// normalize and the functions it calls take u by pointer and read its
// fields, not its methods, on the path every reference takes: a copy of u
// per call costs as much as a check, and a value method called through a
// pointer copies the whole URI first.
func (n normalizer) normalize(u *URI) URI {
	rules := n.plan(u)
	if unchanged(u, rules) {
		return *u
	}
	return build(u, rules)
}

// normalizeFurther is Normalize with RelativeDots or CanonicalIPv6.
func (o NormalizeOptions) normalizeFurther(n normalizer, u *URI) URI {
	rules := n.plan(u) | o.furtherRules(u)
	if unchanged(u, rules) {
		return *u
	}
	return build(u, rules)
}

// syntaxRules are the rules of section 6.2.2 that apply to every
// reference; dot-segments are removed only from a URI's path.
const syntaxRules = NormalizePctUppercase | NormalizePctDecode | NormalizeSchemeLower | NormalizeHostLower

// plan returns the rules that apply to u: those of the scheme level
// depend on the scheme only.
func (n normalizer) plan(u *URI) NormalizeRule {
	rules := syntaxRules
	isURI := u.flags&hasScheme != 0
	if isURI {
		rules |= NormalizeDotSegments
	}
	if n.level < SchemeLevel {
		return rules
	}
	hasAuthority := u.flags&hasAuthority != 0
	hasPort := hasAuthority && u.hostEnd != u.pathStart
	// The one reference whose normal form would not fit in a URI keeps
	// its empty path.
	emptyPath := hasAuthority && u.pathStart == u.pathEnd && len(u.s) < MaxLen
	if (!hasPort || u.pathStart == u.hostEnd+1) && !emptyPath {
		// Most references: no port, or an empty one, to look up.
		if hasPort {
			rules |= NormalizeDropPort
		}
		return rules
	}
	port, _ := u.Port()
	def, known := "", false
	if isURI {
		def, known = n.defaultPort(u.s[:u.schemeEnd])
	}
	if hasPort && (port == "" || known && samePort(port, def)) {
		rules |= NormalizeDropPort
	}
	if known && emptyPath {
		rules |= NormalizeEmptyPathSlash
	}
	return rules
}

// furtherRules are the rules of RelativeDots and CanonicalIPv6 that u
// needs.
func (o NormalizeOptions) furtherRules(u *URI) NormalizeRule {
	var rules NormalizeRule
	if o.RelativeDots && u.flags&hasScheme == 0 {
		rules |= relativeDotRule(u)
	}
	// An IPv4-mapped address can grow: the one reference that would then
	// not fit (with the "/" of an empty path) keeps its text. The rule is
	// given only where the text changes, so that unchanged tests it with
	// DropPort, at no cost to the common path.
	if o.CanonicalIPv6 && u.hostType == HostIPv6 && len(u.s) < MaxLen-maxIPv6Growth &&
		!canonicalIPv6(u.s[u.hostStart:u.hostEnd]) {
		rules |= NormalizeCanonicalIPv6
	}
	return rules
}

// relativeDotRule is the rule of RelativeDots for the relative reference
// u: which dot-segments its path can lose without a base.
func relativeDotRule(u *URI) NormalizeRule {
	switch path := u.Path(); {
	case u.flags&hasAuthority != 0 || path == "" || path[0] == '/':
		// Resolution applies remove_dot_segments to such a path alone
		// (5.2.2), as to a URI's.
		return NormalizeDotSegments
	case len(u.s) < MaxLen:
		// "." becomes "./": the one relative path that would then not
		// fit in a URI keeps its dot-segments.
		return NormalizeRelativeDots
	}
	return 0
}

// defaultPort looks scheme up without regard to case and without allocating.
func (n normalizer) defaultPort(scheme string) (string, bool) {
	if len(n.ports) > 0 {
		var buf [32]byte
		if port, ok := n.ports[string(appendLower(buf[:0], scheme))]; ok {
			return port, true
		}
	}
	return DefaultPort(scheme)
}

// samePort reports whether two ports are the same decimal number (section
// 3.2.3): "080" is port 80.
func samePort(a, b string) bool {
	return strings.TrimLeft(a, "0") == strings.TrimLeft(b, "0")
}

// unchanged reports whether normalizing u by the rules that plan gave
// would give u back.
func unchanged(u *URI, rules NormalizeRule) bool {
	if rules&(NormalizeDropPort|NormalizeEmptyPathSlash|NormalizeCanonicalIPv6) != 0 {
		return false
	}
	s := u.s
	// Case matters in the scheme and the host (6.2.2.1). The parse noted
	// whether the scheme holds an uppercase letter, and whether the
	// authority holds one at all.
	if u.flags&upperScheme != 0 ||
		u.flags&upperAuthority != 0 && hasUpper(s[u.hostStart:u.hostEnd]) {
		return false
	}
	if u.flags&pctEncoded != 0 && !pctNormal(s) {
		return false
	}
	switch path := s[u.pathStart:u.pathEnd]; {
	case rules&NormalizeDotSegments != 0:
		return u.flags&dotted == 0 || !hasDotSegment(path)
	case rules&NormalizeRelativeDots != 0:
		return relativeDotsNormal(path)
	}
	return true
}

// hasUpper reports an uppercase letter outside percent-encodings, whose
// hex digits stay uppercase in a lowercased scheme or host.
func hasUpper(s string) bool {
	if !anyUpper(s) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '%' {
			i += 2
			continue
		}
		if s[i] >= 'A' && s[i] <= 'Z' {
			return true
		}
	}
	return false
}

// pctNormal reports whether every percent-encoding in s has uppercase hex
// digits and encodes a character outside unreserved (6.2.2.1, 6.2.2.2).
func pctNormal(s string) bool {
	for i := strings.IndexByte(s, '%'); i >= 0; {
		hi, lo := s[i+1], s[i+2]
		if hi >= 'a' || lo >= 'a' || unreserved.of[ascii.Unhex(hi)<<4|ascii.Unhex(lo)] != 0 {
			return false
		}
		j := strings.IndexByte(s[i+3:], '%')
		if j < 0 {
			break
		}
		i += 3 + j
	}
	return true
}

// build applies rules to u in one pass.
func build(u *URI, rules NormalizeRule) URI {
	s := u.s
	room := len(s) + 1 // for the "/" of an empty path, or the "/" of "./"
	if rules&NormalizeCanonicalIPv6 != 0 {
		room += maxIPv6Growth
	}
	b := make([]byte, 0, room)
	if scheme, ok := u.Scheme(); ok {
		if rules&NormalizeSchemeLower != 0 {
			b = appendLower(b, scheme)
		} else {
			b = append(b, scheme...)
		}
		b = append(b, ':')
	}
	if _, ok := u.Authority(); ok {
		b = append(b, "//"...)
		if ui, ok := u.Userinfo(); ok {
			b = append(appendPctNormal(b, ui, rules), '@')
		}
		h, _ := u.Host()
		start := len(b)
		switch {
		case rules&NormalizeCanonicalIPv6 != 0:
			// Written in lowercase whether HostLower is given or not.
			b = appendCanonicalIPv6(b, h)
		case rules&NormalizeHostLower != 0:
			b = appendPctNormal(b, h, rules)
			lowerHost(b[start:])
		default:
			b = appendPctNormal(b, h, rules)
		}
		if port, ok := u.Port(); ok && rules&NormalizeDropPort == 0 {
			b = append(append(b, ':'), port...)
		}
	}
	pathStart := len(b)
	b = appendPctNormal(b, u.Path(), rules)
	if rules&NormalizeRelativeDots != 0 {
		// b has room for the byte removeRelativeDots may add: without a
		// scheme or authority b holds the path alone, and len(s)+1 bytes.
		b = b[:pathStart+len(removeRelativeDots(b[pathStart:]))]
	}
	if rules&NormalizeDotSegments != 0 {
		b = b[:pathStart+removeDotSegments(b[pathStart:], nil)]
		_, hasAuthority := u.Authority()
		b = protectPath(b, pathStart, hasAuthority)
	}
	if rules&NormalizeEmptyPathSlash != 0 {
		b = append(b, '/')
	}
	if q, ok := u.Query(); ok {
		b = appendPctNormal(append(b, '?'), q, rules)
	}
	if f, ok := u.Fragment(); ok {
		b = appendPctNormal(append(b, '#'), f, rules)
	}
	// Only an IRI holds non-ASCII characters, and normalizing keeps them.
	rule := RuleURIReference
	if !ascii.IsASCII(ascii.View(b)) {
		rule = RuleIRIReference
	}
	n, err := ParseRule(ascii.View(b), rule)
	if err != nil {
		// Each step maps a valid component to a valid one: decoding only
		// yields unreserved characters, which stand anywhere.
		panic("uri: normalization produced an invalid reference: " + err.Error())
	}
	return n
}

func toLower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func appendLower(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		b = append(b, toLower(s[i]))
	}
	return b
}

// lowerHost lowercases a host in place (6.2.2.1), leaving the hex digits
// of percent-encodings uppercase.
func lowerHost(h []byte) {
	for i := 0; i < len(h); i++ {
		if h[i] == '%' {
			i += 2
			continue
		}
		h[i] = toLower(h[i])
	}
}

// appendPctNormal appends s with its percent-encodings normalized as far
// as rules say: given uppercase hex digits (6.2.2.1) and then, with
// PctDecode too, encoded unreserved characters decoded (6.2.2.2).
func appendPctNormal(b []byte, s string, rules NormalizeRule) []byte {
	if rules&NormalizePctUppercase == 0 {
		return append(b, s...)
	}
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b = append(b, s[i])
			continue
		}
		c := ascii.Unhex(s[i+1])<<4 | ascii.Unhex(s[i+2])
		if unreserved.of[c] != 0 && rules&NormalizePctDecode != 0 {
			b = append(b, c)
		} else {
			b = append(b, '%', ascii.UpperHex[c>>4], ascii.UpperHex[c&15])
		}
		i += 2
	}
	return b
}
