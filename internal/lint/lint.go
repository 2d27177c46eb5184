// Package lint reports security concerns of RFC 3986 section 7 in URIs
// that are otherwise valid.
package lint

import (
	"fmt"
	"net/netip"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/net/publicsuffix"

	"github.com/uritool/uritool/internal/ascii"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/idn"
	"github.com/uritool/uritool/internal/inetaton"
	"github.com/uritool/uritool/internal/interop"
	"github.com/uritool/uritool/pkg/uri"
)

// Rule ids.
const (
	PasswordInUserinfo    = "password-in-userinfo"     // RFC 3986 section 7.5
	DeceptiveUserinfo     = "deceptive-userinfo"       // RFC 3986 section 7.6
	RareIPFormat          = "rare-ip-format"           // RFC 3986 section 7.4
	EncodedControl        = "encoded-control"          // RFC 3986 section 7.3
	NonASCIIHostLookalike = "non-ascii-host-lookalike" // RFC 3986 section 7.6, UTS #39
	InvalidPunycode       = "invalid-punycode"         // RFC 3492, UTS #46 section 4
	IDNADeviation         = "idna-deviation"           // UTS #46 section 4 (deviation characters)
	BidiControl           = "bidi-control"             // RFC 3987 section 4.1
	ParserDifferential    = "parser-differential"      // RFC 3986 section 7.6; WHATWG URL; Go net/url
)

// IDs lists every rule id in a stable order, the order in which Check
// reports them.
var IDs = []string{
	PasswordInUserinfo,
	DeceptiveUserinfo,
	RareIPFormat,
	EncodedControl,
	NonASCIIHostLookalike,
	InvalidPunycode,
	IDNADeviation,
	BidiControl,
	ParserDifferential,
}

// Known reports whether id is a rule id.
func Known(id string) bool {
	switch id {
	case PasswordInUserinfo, DeceptiveUserinfo, RareIPFormat, EncodedControl, NonASCIIHostLookalike, InvalidPunycode,
		IDNADeviation, BidiControl, ParserDifferential:
		return true
	}
	return false
}

// warning is a finding on an otherwise valid URI, at a byte offset into it.
func warning(rule, msg string, offset int) finding.Finding {
	return finding.Finding{Severity: finding.Warning, Offset: offset, Rule: rule, Message: msg}
}

// Check appends to dst the warnings for u, in the order of IDs, skipping
// rules for which disabled(rule) is true (disabled may be nil), and returns
// dst. When there is nothing to report it allocates nothing, unless the
// userinfo or host is percent-encoded or a dotted user name needs a Public
// Suffix List lookup (see deceptive).
func Check(dst []finding.Finding, u uri.URI, disabled func(rule string) bool) []finding.Finding {
	on := func(rule string) bool { return disabled == nil || !disabled(rule) }
	host, hasHost := u.Host()
	hostStart, _, _ := u.Span(uri.ComponentHost)
	if userinfo, ok := u.Userinfo(); ok {
		userStart, _, _ := u.Span(uri.ComponentUserinfo)
		user, pass, hasPass := strings.Cut(userinfo, ":")
		if hasPass && pass != "" && on(PasswordInUserinfo) {
			dst = append(dst, warning(PasswordInUserinfo,
				"userinfo carries a password in clear text (RFC 3986 section 7.5)",
				userStart+len(user)+1))
		}
		if on(DeceptiveUserinfo) {
			if msg := deceptive(userinfo, user, host); msg != "" {
				dst = append(dst, warning(DeceptiveUserinfo, msg, userStart))
			}
		}
	}
	regName := hasHost && host != "" && u.HostType() == uri.HostRegName
	// Most hosts are plain ASCII names: one scan spares them the IDNA rules.
	intl := regName && idn.International(host)
	if regName && on(RareIPFormat) {
		if msg := rareIP(host); msg != "" {
			dst = append(dst, warning(RareIPFormat, msg, hostStart))
		}
	}
	if on(EncodedControl) {
		if msg, off := encodedControl(u.String()); msg != "" {
			dst = append(dst, warning(EncodedControl, msg, off))
		}
	}
	if intl && on(NonASCIIHostLookalike) {
		if msg, off := lookalike(host); msg != "" {
			dst = append(dst, warning(NonASCIIHostLookalike, msg, hostStart+off))
		}
	}
	if intl && (on(NonASCIIHostLookalike) || on(InvalidPunycode)) && idn.HasALabel(host) {
		dst = aceLabels(dst, host, hostStart, on)
	}
	if intl && on(IDNADeviation) {
		dst = deviations(dst, host, hostStart)
	}
	if on(BidiControl) {
		if msg, off := bidiControl(u.String()); msg != "" {
			dst = append(dst, warning(BidiControl, msg, off))
		}
	}
	scheme, _ := u.Scheme()
	if hasHost && u.HostType() == uri.HostRegName && on(ParserDifferential) && mayDiffer(scheme, host, intl) {
		if diff := interop.AuthorityDiff(u); diff != "" {
			dst = append(dst, warning(ParserDifferential,
				"parsers read the authority differently: "+diff+"; a check made with one and a request made with another reach different places (see uritool interop)",
				hostStart))
		}
	}
	return dst
}

// mayDiffer reports whether parsers may read a reg-name authority
// differently, so that the three are run only where they can disagree,
// and clean input costs no allocation. Among references RFC 3986
// accepts, differences come from the host: an empty one under a WHATWG
// special scheme (interop.IsSpecial: the WHATWG parser skips extra
// slashes to find a host, "https:///3/" is 0.0.0.3; an empty file host
// is an empty host to all three), a percent-encoded or non-ASCII one
// (decoded and mapped by IDNA, or not), one with an "xn--" label
// (decoded by IDNA: "http://xn--." is "." to the WHATWG parser of
// whatwg-url), one that the WHATWG parser turns into an IPv4 address
// (interop.EndsInNumber), and a file host that the WHATWG parser drops
// (file host state): "localhost" and a Windows drive letter
// ("file://c:/"). IP literals, dotted-decimal addresses, userinfo and
// ports of a valid reference read alike; FuzzMayDiffer checks this
// against the parsers. intl is idn.International(host).
func mayDiffer(scheme, host string, intl bool) bool {
	switch {
	case host == "":
		return interop.IsSpecial(scheme)
	case intl || strings.IndexByte(host, '%') >= 0:
		return true
	case strings.EqualFold(scheme, "file"):
		if c := host[0] | 0x20; strings.EqualFold(host, "localhost") || len(host) == 1 && 'a' <= c && c <= 'z' {
			return true
		}
	}
	return interop.EndsInNumber(host)
}

// deviations warns of each label of host with ß, ς, ZWJ or ZWNJ, which
// transitional processing (IDNA 2003 and some clients still) maps to
// another name than non-transitional processing (IDNA 2008, browsers).
func deviations(dst []finding.Finding, host string, hostStart int) []finding.Finding {
	name := uri.PercentDecode(host)
	if !utf8.ValidString(name) {
		return dst
	}
	for _, d := range idn.Deviations(name) {
		off := hostStart
		if name == host {
			off += d.Offset
		}
		dst = append(dst, warning(IDNADeviation, fmt.Sprintf(
			"host label %q is %s under IDNA 2008 (browsers) but %s under transitional IDNA 2003 processing: two different hosts (UTS #46 section 4)",
			d.Unicode, d.NonTransitional, d.Transitional), off))
	}
	return dst
}

// bidiControls names the bidi formatting characters, which RFC 3987
// section 4.1 forbids in IRIs since they reorder how text is displayed.
var bidiControls = map[rune]string{
	0x200E: "LEFT-TO-RIGHT MARK", 0x200F: "RIGHT-TO-LEFT MARK",
	0x202A: "LEFT-TO-RIGHT EMBEDDING", 0x202B: "RIGHT-TO-LEFT EMBEDDING", 0x202C: "POP DIRECTIONAL FORMATTING",
	0x202D: "LEFT-TO-RIGHT OVERRIDE", 0x202E: "RIGHT-TO-LEFT OVERRIDE",
	0x2066: "LEFT-TO-RIGHT ISOLATE", 0x2067: "RIGHT-TO-LEFT ISOLATE", 0x2068: "FIRST STRONG ISOLATE", 0x2069: "POP DIRECTIONAL ISOLATE",
}

// bidiControl returns a message and the offset of the first bidi
// formatting character in s, written or percent-encoded as UTF-8. Each
// begins with the byte E2, so only E2 bytes and "%" are looked at.
func bidiControl(s string) (string, int) {
	raw, pct := indexFrom(s, 0, 0xE2), indexFrom(s, 0, '%')
	for raw >= 0 || pct >= 0 {
		if raw >= 0 && (pct < 0 || raw < pct) {
			r, _ := utf8.DecodeRuneInString(s[raw:])
			if name, ok := bidiControls[r]; ok {
				return fmt.Sprintf("%U %s can make the reference display in another order than it is read (RFC 3987 section 4.1)", r, name), raw
			}
			raw = indexFrom(s, raw+1, 0xE2)
			continue
		}
		if len(s)-pct >= 9 && strings.EqualFold(s[pct:pct+3], "%E2") {
			dec := uri.PercentDecode(s[pct : pct+9])
			r, _ := utf8.DecodeRuneInString(dec)
			if name, ok := bidiControls[r]; ok && len(dec) == 3 {
				return fmt.Sprintf("%s decodes to %U %s, which can make the reference display in another order than it is read (RFC 3987 section 4.1)", s[pct:pct+9], r, name), pct
			}
		}
		pct = indexFrom(s, pct+1, '%')
	}
	return "", 0
}

// indexFrom is the index of the first c in s at or after from, or -1.
func indexFrom(s string, from int, c byte) int {
	if i := strings.IndexByte(s[from:], c); i >= 0 {
		return from + i
	}
	return -1
}

// deceptive returns a message when the userinfo can pass for the host
// (section 7.6), as in "ftp://cnn.example.com&story=breaking_news@10.0.0.1/".
// Readers take the start of the authority for the host, so it looks at the
// longest prefix of the decoded user name made of letters, digits, "." and
// "-", less one trailing ".". That prefix is flagged when it has a dot and
// inet_aton reads it as an address (section 7.4 forms included), or when it
// has two or more LDH labels and its last label is a top-level domain: one
// of the ICANN section of the Public Suffix List or a special-use name of
// RFC 6761. So "bank.com" and "www.bank.example" are flagged but "john.doe"
// is not, at the price of missing names under TLDs the list lacks. The
// userinfo, without encoded brackets, is flagged when it is an IPv6
// address.
func deceptive(userinfo, user, host string) string {
	n := 0
	for n < len(user) {
		c, w := user[n], 1
		if c == '%' {
			c, w = ascii.Unhex(user[n+1])<<4|ascii.Unhex(user[n+2]), 3
		}
		if !ascii.IsAlpha(c) && !ascii.IsDigit(c) && c != '.' && c != '-' {
			break
		}
		n += w
	}
	name := uri.PercentDecode(user[:n])
	name = strings.TrimSuffix(name, ".")
	if _, ok := inetaton.Parse(name); ok && strings.Contains(name, ".") {
		return fmt.Sprintf("userinfo begins with %q, which looks like an IPv4 address; the host is %q (RFC 3986 section 7.6)", name, host)
	}
	if isDomain(name) {
		return fmt.Sprintf("userinfo begins with %q, which looks like a host name; the host is %q (RFC 3986 section 7.6)", name, host)
	}
	// Brackets must be percent-encoded in userinfo (section 3.2.1).
	a := userinfo
	if len(a) >= 6 && strings.EqualFold(a[:3], "%5B") && strings.EqualFold(a[len(a)-3:], "%5D") {
		a = a[3 : len(a)-3]
	}
	// A failed ParseAddr allocates; every IPv6 address has two colons.
	if strings.Count(a, ":") < 2 {
		return ""
	}
	if ip, err := netip.ParseAddr(a); err == nil && ip.Is6() {
		return fmt.Sprintf("userinfo looks like an IPv6 address; the host is %q (RFC 3986 section 7.6)", host)
	}
	return ""
}

// isDomain reports whether name has two or more LDH labels (RFC 1123
// section 2.1) and ends in a top-level domain.
func isDomain(name string) bool {
	labels, tld := 0, ""
	for l := range strings.SplitSeq(name, ".") {
		if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
			return false
		}
		labels++
		tld = l
	}
	if labels < 2 {
		return false
	}
	tld = strings.ToLower(tld)
	switch {
	case tld == "example" || tld == "invalid" || tld == "localhost" || tld == "test": // RFC 6761 section 6
		return true
	case len(tld) < 2 || !strings.HasPrefix(tld, "xn--") && strings.ContainsFunc(tld, func(r rune) bool { return r < 'a' || r > 'z' }):
		return false // not a TLD: spare the lookup, which allocates
	}
	// A TLD is its own public suffix; unlisted ones come from the default
	// rule, which is not in the ICANN section.
	_, icann := publicsuffix.PublicSuffix(tld)
	return icann
}

// toASCII maps name as the WHATWG URL host parser does and reports
// whether the result is a domain it accepts: one without forbidden domain
// code points, which UTS #46 lets through without UseSTD3ASCIIRules.
func toASCII(name string) (string, bool) {
	a, err := profile.ToASCII(name)
	return a, err == nil && !strings.ContainsFunc(a, func(r rune) bool {
		return r <= ' ' || r == 0x7f || strings.ContainsRune("#%/:<>?@[\\]^|", r)
	})
}

// rareIP returns a message when the reg-name host is read as an IPv4
// address by inet_aton or by the WHATWG URL host parser, which first
// percent-decodes the host and maps it by UTS #46 (so fullwidth digits
// count). A reg-name never matches IPv4address (section 3.2.2), so any
// address read from it is in a rare form (section 7.4).
func rareIP(host string) string {
	// Only these bytes can spell an address; spare other names the work.
	for i := 0; i < len(host); i++ {
		if c := host[i]; !ascii.IsHex(c) && c|0x20 != 'x' && c != '.' && c != '%' {
			return ""
		}
	}
	name := uri.PercentDecode(host)
	if !ascii.IsASCII(name) {
		var ok bool
		if name, ok = toASCII(name); !ok {
			return ""
		}
	}
	a, ok := inetaton.Parse(name)
	if !ok {
		return ""
	}
	return fmt.Sprintf("host is a rare IPv4 form that IPv4 parsers such as inet_aton read as %s; filter on the numeric address (RFC 3986 section 7.4)", a)
}

// controlNames names the C0 controls by their ASCII abbreviations.
var controlNames = [0x20]string{
	"NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL",
	"BS", "HT", "LF", "VT", "FF", "CR", "SO", "SI",
	"DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB",
	"CAN", "EM", "SUB", "ESC", "FS", "GS", "RS", "US",
}

// encodedControl returns a message and the offset of the first
// percent-encoded control character, %00-%1F or %7F, in the URI s: back
// ends that decode it may take it for a terminator or a delimiter
// (section 7.3).
func encodedControl(s string) (string, int) {
	// Every "%" of a parsed URI starts a pct-encoded triplet (section 2.1).
	for i := 0; ; i += 3 {
		j := strings.IndexByte(s[i:], '%')
		if j < 0 {
			return "", 0
		}
		i += j
		c := ascii.Unhex(s[i+1])<<4 | ascii.Unhex(s[i+2])
		name := "DEL"
		switch {
		case c < 0x20:
			name = controlNames[c]
		case c != 0x7f:
			continue
		}
		return fmt.Sprintf("%s decodes to a control character (%s), which back ends may misread (RFC 3986 section 7.3)", s[i:i+3], name), i
	}
}

// profile maps and validates host names as the WHATWG URL host parser
// does: UTS #46 non-transitional processing with CheckBidi and
// CheckJoiners but without CheckHyphens and UseSTD3ASCIIRules.
var profile = idna.New(idna.MapForLookup(), idna.BidiRule(), idna.StrictDomainName(false), idna.CheckHyphens(false))

// lookalike returns a message and the offset in the reg-name host of the
// first label that can pass for another name. It looks only at hosts whose
// percent-decoded form is valid UTF-8, not ASCII, and accepted by IDNA:
// other names cannot be looked up. A label is flagged when, after UTS #46
// mapping,
//   - it is ASCII: fullwidth or compatibility forms spell an ASCII name;
//   - its letters mix scripts beyond what UTS #39 section 5.2 allows
//     (see highlyRestrictive), as in "pаypal" (Cyrillic "а");
//   - it is wholly Cyrillic or Greek and uses only letters in
//     latinLookalikes, as in "аррӏе" (Cyrillic), a whole-script confusable
//     of "apple".
//
// Accented Latin such as "café" is one script and is not flagged; Latin
// letters that look like other Latin ones ("ɑ" for "a") are not caught.
func lookalike(host string) (string, int) {
	// Other characters are percent-encoded in a URI (section 2), written
	// as they are in an IRI; the caller passes only such hosts
	// (idn.International).
	name := uri.PercentDecode(host)
	if ascii.IsASCII(name) || !utf8.ValidString(name) {
		return "", 0
	}
	if _, ok := toASCII(name); !ok {
		return "", 0
	}
	// Split at the label separators of RFC 3490 section 3.1, which UTS #46
	// keeps, noting the offset in host of each label.
	start, raw, rawStart := 0, 0, 0
	for i, r := range name {
		n := utf8.RuneLen(r)
		for range n {
			if host[raw] == '%' {
				raw += 3
			} else {
				raw++
			}
		}
		if r == '.' || r == '\u3002' || r == '\uff0e' || r == '\uff61' {
			if msg := lookalikeLabel(name[start:i]); msg != "" {
				return msg, rawStart
			}
			start, rawStart = i+n, raw
		}
	}
	if msg := lookalikeLabel(name[start:]); msg != "" {
		return msg, rawStart
	}
	return "", 0
}

// latinLookalikes holds the lowercase Cyrillic and Greek letters whose
// common glyphs match Latin ones (a c d e h i j l o p q s w x y y; a i k v
// o p u x), a few of the confusables of UTS #39.
const latinLookalikes = "асԁеһіјӏорԛѕԝхуү" + "αικνορυχ"

// highlyRestrictive reports whether a label written in scripts meets the
// "Highly Restrictive" level of UTS #39 section 5.2: one script, or some of
// Latin and Han with Japanese, Chinese or Korean scripts.
func highlyRestrictive(scripts []string) bool {
	if len(scripts) <= 1 {
		return true
	}
	for _, set := range [][]string{
		{"Latin", "Han", "Hiragana", "Katakana"},
		{"Latin", "Han", "Bopomofo"},
		{"Latin", "Han", "Hangul"},
	} {
		if !slices.ContainsFunc(scripts, func(sc string) bool { return !slices.Contains(set, sc) }) {
			return true
		}
	}
	return false
}

// LookalikeLabel returns why a decoded host label can pass for another
// (see lookalike), or "" when it cannot: to-iri keeps such a label as its
// A-label, as browsers do when they display hosts.
func LookalikeLabel(label string) string { return lookalikeLabel(label) }

// lookalikeLabel returns a message when the decoded label can pass for
// another (see lookalike).
func lookalikeLabel(label string) string {
	if ascii.IsASCII(label) {
		return ""
	}
	u, err := profile.ToUnicode(label)
	if err != nil {
		return ""
	}
	if ascii.IsASCII(u) {
		return fmt.Sprintf("host label %q is the ASCII label %q after IDNA mapping (UTS #46)", label, u)
	}
	var scripts []string
	confusable := true
	for _, r := range u {
		sc := script(r)
		if sc == "" {
			continue
		}
		if !slices.Contains(scripts, sc) {
			scripts = append(scripts, sc)
		}
		confusable = confusable && strings.ContainsRune(latinLookalikes, r)
	}
	ace, _ := profile.ToASCII(u)
	switch {
	case !highlyRestrictive(scripts):
		return fmt.Sprintf("host label %q (%s) mixes %s and %s letters, which can imitate another name", u, ace, scripts[0], scripts[1])
	case len(scripts) == 1 && (scripts[0] == "Cyrillic" || scripts[0] == "Greek") && confusable:
		return fmt.Sprintf("host label %q (%s) is spelled with %s letters that look like Latin ones", u, ace, scripts[0])
	}
	return ""
}

// script returns the name of r's script, or "" for the Common and
// Inherited scripts, whose characters go with any script.
func script(r rune) string {
	if r < utf8.RuneSelf {
		if ascii.IsAlpha(byte(r)) {
			return "Latin"
		}
		return ""
	}
	for name, table := range unicode.Scripts {
		if unicode.Is(table, r) {
			if name == "Common" || name == "Inherited" {
				return ""
			}
			return name
		}
	}
	return ""
}

// aceLabels checks each "xn--" label of host: one whose Punycode does not
// decode, or decodes to a label IDNA refuses, is invalid-punycode; one that
// decodes to a look-alike is non-ascii-host-lookalike, as its Unicode form
// would be. hostStart is the host's offset in the URI.
func aceLabels(dst []finding.Finding, host string, hostStart int, on func(string) bool) []finding.Finding {
	start := 0
	for start <= len(host) {
		end := strings.IndexByte(host[start:], '.')
		if end < 0 {
			end = len(host)
		} else {
			end += start
		}
		label := host[start:end]
		// A-labels are how look-alike hosts are usually written.
		if idn.IsALabel(label) {
			decoded, err := idna.Punycode.ToUnicode(strings.ToLower(label))
			switch {
			case err != nil:
			case ascii.IsASCII(decoded):
				// An A-label stands for a label with non-ASCII
				// characters (RFC 5890 section 2.3.2.1).
				err = fmt.Errorf("it decodes to the ASCII %q", decoded)
			default:
				_, err = profile.ToUnicode(decoded)
			}
			switch {
			case err != nil:
				if on(InvalidPunycode) {
					dst = append(dst, warning(InvalidPunycode,
						fmt.Sprintf("host label %q is not valid IDNA: %v (RFC 3492, UTS #46)", label, err), hostStart+start))
				}
			case on(NonASCIIHostLookalike):
				if msg := lookalikeLabel(decoded); msg != "" {
					dst = append(dst, warning(NonASCIIHostLookalike, msg, hostStart+start))
				}
			}
		}
		start = end + 1
	}
	return dst
}
