package uri

import (
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/uritool/uritool/internal/ascii"
)

// grammar selects the ABNF rule of Appendix A that the whole input must match.
type grammar uint8

const (
	uriReference grammar = iota // URI-reference (section 4.1)
	uriRule                     // URI (section 3)
	absoluteURI                 // absolute-URI (section 4.3)

	// iri, or-ed with one of the above, selects the RFC 3987 rule of the
	// same name instead (IRI-reference, IRI, absolute-IRI; section 2.2).
	iri grammar = 1 << 7
)

// Parse parses s as a URI-reference (section 4.1): a URI or a relative
// reference. It allocates nothing when s is valid. On error it returns the
// zero URI and a *ParseError.
func Parse(s string) (u URI, err error) {
	if err = u.parse(s, uriReference); err != nil {
		u = URI{}
	}
	return
}

// Rule is an ABNF rule of RFC 3986 (Appendix A) or of RFC 3987 (section
// 2.2) by which ParseRule reads a whole string.
type Rule uint8

const (
	// RuleURIReference is URI-reference (section 4.1): a URI or a
	// relative reference, what Parse reads.
	RuleURIReference Rule = iota
	// RuleURI is URI (section 3): a scheme is required.
	RuleURI
	// RuleAbsoluteURI is absolute-URI (section 4.3): a scheme is
	// required, and a fragment is not allowed.
	RuleAbsoluteURI
	// RuleIRIReference, RuleIRI and RuleAbsoluteIRI are the rules of RFC
	// 3987 of the same names: as the three above, with the same offsets,
	// rules and messages, but non-ASCII characters of the ucschar range
	// are allowed wherever iunreserved is, and those of iprivate in the
	// query. The scheme, IP literals and port stay ASCII. The URI keeps s
	// as written: convert it for protocols that need ASCII with a mapping
	// such as RFC 3987 section 3.1.
	RuleIRIReference
	RuleIRI
	RuleAbsoluteIRI
)

// rules maps each Rule to its grammar and its name in the ABNF.
var rules = [...]struct {
	g    grammar
	name string
}{
	RuleURIReference: {uriReference, "URI-reference"},
	RuleURI:          {uriRule, "URI"},
	RuleAbsoluteURI:  {absoluteURI, "absolute-URI"},
	RuleIRIReference: {uriReference | iri, "IRI-reference"},
	RuleIRI:          {uriRule | iri, "IRI"},
	RuleAbsoluteIRI:  {absoluteURI | iri, "absolute-IRI"},
}

// grammarOf maps every Rule to its grammar, one outside the six to
// uriReference: an index that needs no test keeps ParseRule small enough
// to inline, so that the URI is parsed where the caller keeps it.
var grammarOf = func() (g [256]grammar) {
	for r, rule := range rules {
		g[r] = rule.g
	}
	return g
}()

// String is the rule's name in the ABNF, "URI-reference".
func (r Rule) String() string {
	if int(r) < len(rules) {
		return rules[r].name
	}
	return "Rule(" + strconv.Itoa(int(r)) + ")"
}

// ParseRule parses s by the ABNF rule r, as Parse does by URI-reference:
// one pass, no allocation when s is valid, and on error the zero URI and
// a *ParseError. A rule outside the six above is a URI-reference.
func ParseRule(s string, r Rule) (u URI, err error) {
	if err = u.parse(s, grammarOf[r]); err != nil {
		u = URI{}
	}
	return
}

// parse makes one pass over s, left to right, recording offsets. The only
// step that looks at a byte twice is the authority, where the userinfo is
// only known to be one once its "@" is seen (section 3.2).
func (u *URI) parse(s string, g grammar) error {
	*u = URI{s: s}
	if len(s) > MaxLen {
		// Not errAt: the messages test reaches each errAt message, and
		// this one needs 2 GiB of input (TestMaxLen maps it instead).
		return &ParseError{Offset: MaxLen, Rule: "URI-reference", Msg: "reference longer than uri.MaxLen (2147483647) bytes"}
	}
	i := 0
	// ucs is what non-ASCII characters may be outside the query.
	ucs := asciiOnly
	if g&iri != 0 {
		ucs = ucschars
		g &^= iri
	}

	// scheme ":" (section 3.1). Without one, the input is a relative-ref.
	if len(s) > 0 && ascii.IsAlpha(s[0]) {
		j := schemeRun(s, &u.flags)
		if j < len(s) && s[j] == ':' {
			u.flags |= hasScheme
			u.schemeEnd = int32(j)
			i = j + 1
		} else if g != uriReference {
			if j == len(s) || s[j] == '/' || s[j] == '?' || s[j] == '#' {
				return errAt(j, "scheme", "missing scheme: a URI starts with a scheme and ':'")
			}
			return errChar(s, j, "scheme", "scheme")
		}
	} else if g != uriReference {
		if len(s) == 0 {
			return errAt(0, "scheme", "empty input: a URI needs a scheme")
		}
		return errAt(0, "scheme", "a URI must begin with a scheme (a letter), not %s", quoteAt(s, 0))
	}

	// "//" authority (section 3.2), then path-abempty.
	pathRun := -1 // where the path's first run ends, when already scanned
	if len(s)-i >= 2 && s[i] == '/' && s[i+1] == '/' {
		u.flags |= hasAuthority
		var err error
		if i, pathRun, err = u.parseAuthority(s, i+2, ucs); err != nil {
			return err
		}
	}

	u.pathStart = int32(i)
	if i < len(s) && s[i] == '.' {
		u.flags |= dotted
	}
	if u.flags&hasAuthority == 0 {
		u.hostStart, u.hostEnd = int32(i), int32(i)
		if u.flags&hasScheme == 0 {
			// path-noscheme (section 4.2): a colon in the first segment
			// would make it read as a scheme.
			j, err := scanPct(s, i, &segmentNzNcChar, &u.flags)
			if ucs != asciiOnly {
				j, err = scanUcs(s, j, err, &segmentNzNcChar, ucs, &u.flags)
			}
			if err != nil {
				return err
			}
			if j < len(s) && s[j] == ':' {
				return errAt(j, "path-noscheme", "':' in the first segment of a relative path (it would read as a scheme; write \"./\" before it)")
			}
			i = j
		}
	}
	var err error
	if pathRun < 0 {
		i, err = scanPct(s, i, &pathChar, &u.flags)
	} else if i = pathRun; i < len(s) && s[i] == '%' {
		i, err = scanPct(s, i, &pathChar, &u.flags)
	}
	if ucs != asciiOnly {
		i, err = scanUcs(s, i, err, &pathChar, ucs, &u.flags)
	}
	if err != nil {
		return err
	}
	u.pathEnd = int32(i)
	where := "path"

	// "?" query (section 3.4)
	if i < len(s) && s[i] == '?' {
		where = "query"
		i, err = scanPct(s, i+1, &queryChar, &u.flags)
		if ucs != asciiOnly {
			i, err = scanUcs(s, i, err, &queryChar, ucs.inQuery(), &u.flags)
		}
		if err != nil {
			return err
		}
	}
	u.queryEnd = int32(i)

	// "#" fragment (section 3.5)
	if i < len(s) && s[i] == '#' {
		if g == absoluteURI {
			return errAt(i, "absolute-URI", "an absolute URI cannot have a fragment")
		}
		where = "fragment"
		i, err = scanPct(s, i+1, &queryChar, &u.flags)
		if ucs != asciiOnly {
			i, err = scanUcs(s, i, err, &queryChar, ucs, &u.flags)
		}
		if err != nil {
			return err
		}
	}
	if i < len(s) {
		return errChar(s, i, where, where)
	}
	u.flags |= parsed
	return nil
}

// schemeRun returns the index of the first byte of s from 1 that is not a
// scheme character, for s that starts with a letter, and records in f
// whether the scheme, where a ':' ends the run, holds an uppercase letter
// (upperScheme). Nearly every scheme is a few lowercase letters: where
// the first ':' of the first eight bytes has only those before it, it
// ends the run, found with no loop. The loop's exit, after four bytes or
// five (http, https, file), is one the branch predictor cannot learn
// (perf put 5% of validate's time on it).
func schemeRun(s string, f *flags) int {
	if len(s) >= 8 {
		x := word(s, 0)
		if colons := zeroBytes(x ^ ones*':'); colons != 0 {
			k := bits.TrailingZeros64(colons) >> 3
			before := highs & (uint64(1)<<(8*k) - 1)
			if lowerLetters(x)&before == before {
				return k
			}
		}
	}
	j := 1
	for j < len(s) && schemeChar.of[s[j]] != 0 {
		j++
	}
	if j < len(s) && s[j] == ':' && anyUpper(s[:j]) {
		*f |= upperScheme
	}
	return j
}

// scanPct advances over bytes of class and pct-encoded triplets
// (section 2.1), returning the index of the first byte that is neither.
func scanPct(s string, i int, class *charClass, f *flags) (int, error) {
	for {
		i = skip(s, i, class, f)
		if i >= len(s) || s[i] != '%' {
			return i, nil
		}
		if len(s)-i < 3 || !ascii.IsHex(s[i+1]) || !ascii.IsHex(s[i+2]) {
			return i, errPct(s, i)
		}
		*f |= pctEncoded
		i += 3
	}
}

// skipWords returns the index of the first byte of s from i that is not
// in class: skip where there is no vector scan. It reads eight bytes at a
// time, their entries in class (1 for a member, 0 otherwise) combined
// into one word, the first byte lowest, and finds the first non-member in
// the word at once: one exit a run, where a loop over bytes spends a test
// and a branch on each. The last word of s is read whole and the bytes
// before i shifted out. BenchmarkParse: 46.6 -> 43.6 ns/line against a
// loop over bytes.
func skipWords(s string, i int, class *charClass) int {
	if len(s) < 8 {
		for i < len(s) && class.of[s[i]] != 0 {
			i++
		}
		return i
	}
	// Each word's entries are combined in place: a function for it costs
	// more than inlining allows, and as a call it cost 15%. The last word
	// has a copy of its own: one loop taking it too (its start the lesser
	// of i and len(s)-8) cost 2 ns a reference in BenchmarkParse.
	for i+8 <= len(s) {
		w := s[i : i+8]
		m := uint64(class.of[w[0]]) | uint64(class.of[w[1]])<<8 | uint64(class.of[w[2]])<<16 | uint64(class.of[w[3]])<<24 |
			uint64(class.of[w[4]])<<32 | uint64(class.of[w[5]])<<40 | uint64(class.of[w[6]])<<48 | uint64(class.of[w[7]])<<56
		if m != ones {
			return i + firstZeroByte(m)
		}
		i += 8
	}
	if i == len(s) {
		return i
	}
	last := len(s) - 8
	w := s[last:]
	m := uint64(class.of[w[0]]) | uint64(class.of[w[1]])<<8 | uint64(class.of[w[2]])<<16 | uint64(class.of[w[3]])<<24 |
		uint64(class.of[w[4]])<<32 | uint64(class.of[w[5]])<<40 | uint64(class.of[w[6]])<<48 | uint64(class.of[w[7]])<<56
	return i + firstZeroByte(m>>(8*(i-last)))
}

// skipPathWords is skipWords over pathChar, which also records in f
// whether the run holds "/." (dotted). The marks of '/' and '.' in
// pathChar come along in the same word as the membership bits: a '/' at
// byte k and a '.' at byte k+1 of a word are bit 8k+1 and bit 8k+10, one
// shift apart; a '/' ending a word is carried to the next. A run never begins just after a '/' (it begins
// a path, or follows a pct-encoding or an IRI character), so none is
// carried into the first word.
func skipPathWords(s string, i int, f *flags) int {
	class := &pathChar
	if len(s) < 8 {
		start := i
		for i < len(s) && class.of[s[i]] != 0 {
			i++
		}
		if strings.Contains(s[start:i], "/.") {
			*f |= dotted
		}
		return i
	}
	var pairs, carry uint64
	end := -1
	for i+8 <= len(s) {
		w := s[i : i+8]
		m := uint64(class.of[w[0]]) | uint64(class.of[w[1]])<<8 | uint64(class.of[w[2]])<<16 | uint64(class.of[w[3]])<<24 |
			uint64(class.of[w[4]])<<32 | uint64(class.of[w[5]])<<40 | uint64(class.of[w[6]])<<48 | uint64(class.of[w[7]])<<56
		p := ((m&(slashMark*ones))<<9 | carry<<2) & m
		if m&ones != ones {
			n := firstZeroByte(m & ones)
			pairs |= p & (1<<(8*n) - 1)
			end = i + n
			break
		}
		pairs |= p
		carry = m >> 57 & 1
		i += 8
	}
	if end < 0 {
		end = i
		if i < len(s) {
			last := len(s) - 8
			w := s[last:]
			m := uint64(class.of[w[0]]) | uint64(class.of[w[1]])<<8 | uint64(class.of[w[2]])<<16 | uint64(class.of[w[3]])<<24 |
				uint64(class.of[w[4]])<<32 | uint64(class.of[w[5]])<<40 | uint64(class.of[w[6]])<<48 | uint64(class.of[w[7]])<<56
			m >>= 8 * (i - last)
			n := firstZeroByte(m & ones)
			p := ((m&(slashMark*ones))<<9 | carry<<2) & m
			pairs |= p & (1<<(8*n) - 1)
			end = i + n
		}
	}
	if pairs != 0 {
		*f |= dotted
	}
	return end
}

// firstZeroByte returns the index of the lowest byte of m that is 0, for
// m whose bytes are 0 or 1; 8 when none is.
func firstZeroByte(m uint64) int { return bits.TrailingZeros64(^m&ones) >> 3 }

// scanUcs goes on from where scanPct stopped (with err), taking turns with
// it while the next byte starts a character ucs allows. Callers skip it
// for URIs, which keeps the ASCII path as fast as it is without IRIs.
func scanUcs(s string, i int, err error, class *charClass, ucs nonASCII, f *flags) (int, error) {
	for err == nil && i < len(s) && s[i] >= utf8.RuneSelf {
		n := ucs.accept(s[i:])
		if n == 0 {
			return i, nil
		}
		i, err = scanPct(s, i+n, class, f)
	}
	return i, err
}

// scanUpper goes on from the uppercase letter at i where a scan over a
// class without them (regNameLowerChar) stopped, over class itself, and
// records that the authority holds one.
func (u *URI) scanUpper(s string, i int, class *charClass, ucs nonASCII) (int, error) {
	u.flags |= upperAuthority
	i, err := scanPct(s, i, class, &u.flags)
	if ucs != asciiOnly {
		i, err = scanUcs(s, i, err, class, ucs, &u.flags)
	}
	return i, err
}

// scanAuthorityRest goes on from the ':' or uppercase letter at i where
// parseAuthority's first scan stopped, over every userinfo character, and
// returns the index of the first ':' from i (-1 for none) and where the
// scan ends. It records whether s[i:] holds an uppercase letter, as the
// first scan did for s[:i] by stopping at none.
func (u *URI) scanAuthorityRest(s string, i int, ucs nonASCII) (colon, end int, err error) {
	end, err = scanPct(s, i, &userinfoChar, &u.flags)
	if ucs != asciiOnly {
		end, err = scanUcs(s, end, err, &userinfoChar, ucs, &u.flags)
	}
	if hasUpper(s[i:end]) {
		u.flags |= upperAuthority
	}
	colon = strings.IndexByte(s[i:end], ':')
	if colon >= 0 {
		colon += i
	}
	return colon, end, err
}

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }

// errPct reports the first byte after the "%" at i that is not a hex
// digit, or the end of the input. It is kept out of line so that scanPct's loop
// stays small.
//
//go:noinline
func errPct(s string, i int) error {
	return errAt(ascii.PctBreak(s, i), "pct-encoded", "'%%' not followed by two hex digits")
}

// parseAuthority parses authority = [ userinfo "@" ] host [ ":" port ]
// (section 3.2) from i and returns where the path starts, and where the
// path's first run of pathChar ends when the scan went on over it (-1
// when it did not).
func (u *URI) parseAuthority(s string, i int, ucs nonASCII) (end, pathRun int, err error) {
	// The userinfo characters are a superset of those of reg-name, port
	// and ":", so one scan either meets the "@" or shows there is none.
	// In an IRI both iuserinfo and ireg-name add ucschar alike.
	// The scan stops at a ':' and at an uppercase letter too, rare in an
	// authority, so that the host's end and its case are known from it.
	// Where it stops at a '/', the authority is a host that ends there:
	// the path's run is scanned in the same call.
	j, pathRun := skipThenPath(s, i, &authorityRunChar, &u.flags)
	if pathRun >= 0 {
		u.regNameHost(s, i, j)
		return j, pathRun, nil
	}
	if j < len(s) && s[j] == '%' {
		j, err = scanPct(s, j, &authorityRunChar, &u.flags)
	}
	if ucs != asciiOnly {
		j, err = scanUcs(s, j, err, &authorityRunChar, ucs, &u.flags)
	}
	colon := -1 // none
	if j < len(s) && (s[j] == ':' || isUpper(s[j])) && err == nil {
		colon, j, err = u.scanAuthorityRest(s, j, ucs)
	}
	if err != nil {
		return 0, -1, err
	}
	switch {
	case j < len(s) && s[j] == '@':
		u.flags |= hasUserinfo
		u.hostStart = int32(j + 1)
		i, err = u.parseHost(s, j+1, ucs)
	case i < len(s) && s[i] == '[':
		u.hostStart = int32(i)
		i, err = u.parseIPLiteral(s, i)
	default:
		end, err = u.parseHostPort(s, i, j, colon)
		return end, -1, err
	}
	if err != nil {
		return 0, -1, err
	}
	u.hostEnd = int32(i)

	rule := "host"
	if i < len(s) && s[i] == ':' {
		rule = "port"
		i++
		for i < len(s) && ascii.IsDigit(s[i]) {
			i++
		}
	}
	if i == len(s) || s[i] == '/' || s[i] == '?' || s[i] == '#' {
		return i, -1, nil
	}
	switch {
	case s[i] == '@' && u.flags&hasUserinfo != 0:
		return 0, -1, errAt(i, "host", "second '@' in authority (userinfo ends at the first; encode others as %%40)")
	case s[i] == '@':
		return 0, -1, errAt(i, "authority", "'@' after IP-literal: a userinfo cannot contain '[' (encode it as %%5B)")
	case rule == "host" && (u.hostType == HostIPv6 || u.hostType == HostIPvFuture):
		return 0, -1, errAt(i, "authority", "invalid character %s after IP-literal", quoteAt(s, i))
	}
	return 0, -1, errChar(s, i, rule, rule)
}

// parseHostPort parses host [ ":" port ] from i, where s[i:j] holds only
// userinfo characters and pct-encodings and s[j] is not "@": the host is
// a reg-name ending at the first ":", at colon (-1 for none), and need not
// be scanned again. Any such s[i:j] could still be a userinfo, had an "@"
// followed, so an invalid port is reported at j.
func (u *URI) parseHostPort(s string, i, j, colon int) (int, error) {
	k := colon
	if k < 0 {
		k = j
	}
	u.regNameHost(s, i, k)
	p := k + 1
	for p < j && ascii.IsDigit(s[p]) {
		p++
	}
	delimited := j == len(s) || s[j] == '/' || s[j] == '?' || s[j] == '#'
	switch {
	case p >= j && delimited:
		return j, nil
	case p >= j && k == j:
		return 0, errChar(s, j, "host", "host")
	case p >= j:
		return 0, errChar(s, j, "port", "port")
	case delimited:
		return 0, errAt(j, "port", "port %q is not a number, and no '@' follows to make %q a userinfo", s[k+1:j], s[i:j])
	}
	return 0, errChar(s, j, "authority", "authority")
}

// parseHost parses host = IP-literal / IPv4address / reg-name (section
// 3.2.2) from i and returns where it ends.
func (u *URI) parseHost(s string, i int, ucs nonASCII) (int, error) {
	if i < len(s) && s[i] == '[' {
		return u.parseIPLiteral(s, i)
	}
	start := i
	i, err := scanPct(s, i, &regNameLowerChar, &u.flags)
	if ucs != asciiOnly {
		i, err = scanUcs(s, i, err, &regNameLowerChar, ucs, &u.flags)
	}
	if i < len(s) && isUpper(s[i]) && err == nil {
		i, err = u.scanUpper(s, i, &regNameChar, ucs)
	}
	if err != nil {
		return 0, err
	}
	u.hostType = regNameType(s[start:i])
	return i, nil
}

// regNameHost records s[i:k], which matched reg-name, as the host.
func (u *URI) regNameHost(s string, i, k int) {
	u.hostStart, u.hostEnd = int32(i), int32(k)
	u.hostType = regNameType(s[i:k])
}

// regNameType applies first-match-wins (section 3.2.2) to a host that
// matched reg-name: one that also matches IPv4address is one. Nearly
// every host starts with a letter: isIPv4's own first test, made here,
// saves most hosts the call (BenchmarkParse: 35.5 -> 34.7 ns/line).
func regNameType(h string) HostType {
	if len(h) >= len("0.0.0.0") && ascii.IsDigit(h[0]) && isIPv4(h) {
		return HostIPv4
	}
	return HostRegName
}

// parseIPLiteral parses IP-literal = "[" ( IPv6address / IPvFuture ) "]"
// (section 3.2.2) from the "[" at i, returning the index after "]".
func (u *URI) parseIPLiteral(s string, i int) (int, error) {
	open := i
	i++
	var err error
	if i < len(s) && (s[i] == 'v' || s[i] == 'V') {
		u.hostType = HostIPvFuture
		i, err = parseIPvFuture(s, i)
	} else {
		u.hostType = HostIPv6
		i, err = parseIPv6(s, i)
	}
	if err != nil {
		return 0, err
	}
	if i == len(s) {
		return 0, errAt(i, "IP-literal", "input ends inside the IP-literal that begins at offset %d: ']' is missing", open)
	}
	if s[i] != ']' {
		if s[i] == '%' && u.hostType == HostIPv6 {
			return 0, errAt(i, "IP-literal", "IPv6 zone identifiers are not allowed by RFC 3986")
		}
		if u.hostType == HostIPvFuture {
			return 0, errChar(s, i, "IPvFuture", "IPvFuture")
		}
		return 0, errChar(s, i, "IPv6address", "IPv6 address")
	}
	if anyUpper(s[open:i]) { // an IP-literal holds no pct-encodings
		u.flags |= upperAuthority
	}
	return i + 1, nil
}

// parseIPvFuture parses "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
// from the "v" at i (section 3.2.2).
func parseIPvFuture(s string, i int) (int, error) {
	i++
	start := i
	for i < len(s) && ascii.IsHex(s[i]) {
		i++
	}
	switch {
	case i == len(s):
		return i, nil // the caller reports the missing "]"
	case i == start:
		return 0, errAt(i, "IPvFuture", "IPvFuture needs a hex version number after 'v', not %s", quoteAt(s, i))
	case s[i] != '.':
		return 0, errAt(i, "IPvFuture", "IPvFuture needs '.' after its version number, not %s", quoteAt(s, i))
	}
	i++
	start = i
	for i < len(s) && ipvFutureChar.of[s[i]] != 0 {
		i++
	}
	if i == start && i < len(s) {
		return 0, errAt(i, "IPvFuture", "IPvFuture needs an address after the '.', not %s", quoteAt(s, i))
	}
	return i, nil
}

// parseIPv6 parses IPv6address (section 3.2.2) from i, returning where it
// ends. The nine ABNF forms come to this: groups of 1 to 4 hex digits
// separated by ":", at most one "::" standing for one or more zero groups,
// an optional IPv4address as the last two groups, and 8 groups in all
// without "::" or at most 7 written ones with it. Each byte is checked
// against what can still follow, so that an error is reported at the first
// byte no IPv6 address can have there; the end of the input is left to the
// caller.
func parseIPv6(s string, i int) (int, error) {
	groups := 0 // written so far, an IPv4address counting two
	elided := false
	if i < len(s) && s[i] == ':' {
		if i+1 == len(s) {
			return i + 1, nil
		}
		if s[i+1] != ':' {
			return 0, errAt(i+1, "IPv6address", "IPv6 address cannot begin with a single ':'")
		}
		elided = true
		i += 2
	}
	for i < len(s) {
		// A group may begin here, or the address end after "::".
		if s[i] == ']' || s[i] == '%' {
			if !elided {
				return 0, errAt(i, "IPv6address", "IPv6 address has %d groups; without '::' it needs 8", groups)
			}
			return i, nil
		}
		if elided && groups == 7 {
			return 0, errAt(i, "IPv6address", "IPv6 address with '::' can have at most 7 other groups")
		}
		j := i
		for j < len(s) && ascii.IsHex(s[j]) && j-i < 4 {
			j++
		}
		switch {
		case j == i:
			return 0, errChar(s, i, "IPv6address", "IPv6 address")
		case j < len(s) && s[j] == '.':
			return parseLs32IPv4(s, i, j, groups, elided)
		case j < len(s) && ascii.IsHex(s[j]):
			return 0, errAt(j, "h16", "IPv6 group has more than 4 hex digits")
		}
		groups++
		i = j
		if i == len(s) || s[i] != ':' {
			if i < len(s) && s[i] == ']' && !elided && groups < 8 {
				return 0, errAt(i, "IPv6address", "IPv6 address has %d groups; without '::' it needs 8", groups)
			}
			return i, nil
		}
		// s[i] is ':', which needs room for one more group.
		switch {
		case !elided && groups == 8:
			return 0, errAt(i, "IPv6address", "IPv6 address already has 8 groups")
		case elided && groups == 7:
			return 0, errAt(i, "IPv6address", "IPv6 address with '::' can have at most 7 other groups")
		case i+1 < len(s) && s[i+1] == ':':
			if elided {
				return 0, errAt(i+1, "IPv6address", "IPv6 address has more than one '::'")
			}
			elided = true
			i += 2
			continue
		}
		i++
		if i < len(s) && !ascii.IsHex(s[i]) {
			if s[i] == ']' {
				return 0, errAt(i, "IPv6address", "IPv6 address cannot end with a single ':'")
			}
			return 0, errChar(s, i, "IPv6address", "IPv6 address")
		}
	}
	return i, nil
}

// parseLs32IPv4 parses an IPv4address as the ls32 of an IPv6 address
// (section 3.2.2): s[i:j] is its first octet, as read for a group, and
// s[j] the "." after it.
func parseLs32IPv4(s string, i, j, groups int, elided bool) (int, error) {
	switch {
	case !(elided && groups <= 5) && !(!elided && groups == 6):
		return 0, errAt(j, "IPv6address", "an IPv4 address in an IPv6 address must be its last 32 bits: after 6 groups, or at most 5 with '::'")
	case !ascii.IsDigits(s[i:j]) || !isDecOctet(s[i:j]):
		return 0, errAt(j, "IPv4address", "%q is not a dec-octet (0 to 255 without leading zeros), so '.' cannot follow it", s[i:j])
	}
	i = j
	for octet := 1; octet < 4; octet++ {
		if i == len(s) {
			return i, nil
		}
		if s[i] == ']' {
			return 0, errAt(i, "IPv4address", "IPv4 address has %d octets; it needs 4", octet)
		}
		if s[i] != '.' {
			return 0, errChar(s, i, "IPv4address", "IPv4 address")
		}
		i++
		start := i
		for i < len(s) && ascii.IsDigit(s[i]) {
			if !isDecOctet(s[start : i+1]) {
				return 0, errAt(i, "dec-octet", "IPv4 octet %q is not 0 to 255 without leading zeros", s[start:i+1])
			}
			i++
		}
		if i == start && i < len(s) {
			return 0, errChar(s, i, "dec-octet", "IPv4 address")
		}
	}
	return i, nil
}

// isIPv4 reports whether h matches IPv4address = dec-octet "." dec-octet
// "." dec-octet "." dec-octet (section 3.2.2).
func isIPv4(h string) bool {
	if len(h) < 7 || len(h) > 15 || !ascii.IsDigit(h[0]) {
		return false
	}
	for part := 0; part < 4; part++ {
		if part > 0 {
			if len(h) == 0 || h[0] != '.' {
				return false
			}
			h = h[1:]
		}
		n := 0
		for n < len(h) && n < 4 && ascii.IsDigit(h[n]) {
			n++
		}
		if !isDecOctet(h[:n]) {
			return false
		}
		h = h[n:]
	}
	return len(h) == 0
}

// isDecOctet matches dec-octet: 0 to 255 with no leading zero.
func isDecOctet(d string) bool {
	switch len(d) {
	case 1:
		return true
	case 2:
		return d[0] != '0'
	case 3:
		return d[0] == '1' || (d[0] == '2' && (d[1] < '5' || (d[1] == '5' && d[2] <= '5')))
	}
	return false
}
