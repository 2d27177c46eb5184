// Package idn converts host names between their Unicode and ASCII forms by
// UTS #46 (Unicode IDNA Compatibility Processing), non-transitional, with
// every check the standard makes optional turned on, and says which label
// broke which rule when a name cannot be converted.
//
// The conversion itself is golang.org/x/net/idna; this package adds the
// per-label diagnosis that x/net/idna keeps unexported, and the
// transitional comparison behind the deviation warnings.
package idn

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/text/secure/bidirule"
	"golang.org/x/text/unicode/bidi"
	"golang.org/x/text/unicode/norm"

	"github.com/uritool/uritool/internal/ascii"
	"github.com/uritool/uritool/pkg/uri"
)

// UnicodeVersion is the version of the IDNA tables in use.
const UnicodeVersion = idna.UnicodeVersion

// Rule names, as LabelError.Rule reports them.
const (
	RulePunycode    = "idna-punycode"     // RFC 3492; UTS #46 section 4 step 4.1
	RuleDisallowed  = "idna-disallowed"   // UTS #46 section 4.1 criterion 6, with UseSTD3ASCIIRules
	RuleHyphen      = "idna-hyphen"       // UTS #46 section 4.1 criteria 2 and 3 (CheckHyphens)
	RuleLeadingMark = "idna-leading-mark" // UTS #46 section 4.1 criterion 5
	RuleJoiner      = "idna-joiner"       // RFC 5892 appendix A.1 and A.2 (CheckJoiners)
	RuleBidi        = "idna-bidi"         // RFC 5893 section 2 (CheckBidi)
	RuleNFC         = "idna-nfc"          // UTS #46 section 4.1 criterion 1
	RuleLength      = "idna-length"       // RFC 1034 section 3.1 (VerifyDnsLength)
)

// lookup is UTS #46 as section 4 sets it out for resolving names: every
// check on, non-transitional. transitional is the same with transitional
// processing, which maps the four deviation characters away as IDNA 2003
// did.
var lookup, transitional = strict(false), strict(true)

func strict(transitional bool) *idna.Profile {
	return idna.New(
		idna.MapForLookup(),
		idna.Transitional(transitional),
		idna.BidiRule(),
		idna.CheckHyphens(true),
		idna.CheckJoiners(true),
		idna.StrictDomainName(true),
		idna.VerifyDNSLength(true),
	)
}

// mapper maps and decodes a label without the checks, so that a failing
// label can be diagnosed in the form the checks saw.
var mapper = idna.New(
	idna.MapForLookup(),
	idna.Transitional(false),
	idna.StrictDomainName(false),
	idna.CheckHyphens(false),
	idna.CheckJoiners(false),
	idna.VerifyDNSLength(false),
)

// codePoint checks one code point's IDNA status alone: valid, deviation
// and (under UseSTD3ASCIIRules) the ASCII letters, digits and hyphen pass.
var codePoint = idna.New(
	idna.MapForLookup(),
	idna.Transitional(false),
	idna.CheckHyphens(false),
	idna.CheckJoiners(false),
	idna.VerifyDNSLength(false),
)

// LabelError says which label of a host broke which rule.
type LabelError struct {
	Host   string // the host as given
	Label  string // the label as written in Host; "" for a rule on the whole name
	Index  int    // 0-based label number
	Offset int    // byte offset of the label (or of the problem) in Host
	Rule   string // one of the Rule constants
	Msg    string
}

func (e *LabelError) Error() string {
	if e.Label == "" {
		return e.Msg
	}
	return fmt.Sprintf("label %q: %s", e.Label, e.Msg)
}

// IsSeparator reports whether r separates labels: the full stop and the
// three dots UTS #46 maps to it (RFC 3490 section 3.1).
func IsSeparator(r rune) bool {
	return r == '.' || r == '\u3002' || r == '\uff0e' || r == '\uff61'
}

// Label is one label of a host and where it starts.
type Label struct {
	Text   string
	Offset int
}

// Labels splits host at the label separators.
func Labels(host string) []Label {
	var out []Label
	start := 0
	for i, r := range host {
		if IsSeparator(r) {
			out = append(out, Label{host[start:i], start})
			start = i + utf8.RuneLen(r)
		}
	}
	return append(out, Label{host[start:], start})
}

// ToASCII returns the A-label form of host (UTS #46 section 4.2,
// non-transitional). On failure the error is a *LabelError for the first
// label that breaks a rule.
func ToASCII(host string) (string, error) {
	a, err := lookup.ToASCII(host)
	if err != nil {
		return "", diagnose(host, err)
	}
	return a, nil
}

// ToUnicode returns the Unicode form of host (UTS #46 section 4.3): mapped,
// with its A-labels decoded. On failure the error is a *LabelError.
func ToUnicode(host string) (string, error) {
	u, err := lookup.ToUnicode(host)
	if err != nil {
		return "", diagnose(host, err)
	}
	return u, nil
}

// ToASCIITransitional is ToASCII with transitional processing, as IDNA
// 2003 and some older clients do it; the SURT keys of web archives are
// built so.
func ToASCIITransitional(host string) (string, error) {
	a, err := transitional.ToASCII(host)
	if err != nil {
		return "", diagnose(host, err)
	}
	return a, nil
}

// Deviation is a label whose host transitional and non-transitional
// processing send to different names (UTS #46 section 4, "deviation"
// characters: ß, ς, ZWJ and ZWNJ).
type Deviation struct {
	Label           string // as written in the host
	Offset          int    // of the label in the host
	Unicode         string // the label's Unicode form
	NonTransitional string // its A-label, which IDNA 2008 and browsers look up
	Transitional    string // what IDNA 2003 looks up instead
}

// Deviations lists the labels of host that hold a deviation character,
// written or inside an A-label. A host that does not convert has none.
func Deviations(host string) []Deviation {
	var out []Deviation
	for _, l := range Labels(host) {
		u, err := mapper.ToUnicode(l.Text)
		if err != nil || !strings.ContainsAny(u, "ßς\u200c\u200d") {
			continue
		}
		n, err := lookup.ToASCII(u)
		if err != nil {
			continue
		}
		// The transitional form of a decoded A-label is that of its
		// Unicode form: a transitional client sees the Unicode the user saw.
		t, err := transitional.ToASCII(u)
		if err != nil {
			t = "(" + err.Error() + ")"
		}
		out = append(out, Deviation{l.Text, l.Offset, u, n, t})
	}
	return out
}

// diagnose turns x/net/idna's error for host into a LabelError: it runs
// each label alone and names the first rule that label breaks.
func diagnose(host string, whole error) error {
	labels := Labels(host)
	bidiDomain := false
	for _, l := range labels {
		if u, _ := mapper.ToUnicode(l.Text); isBidiLabel(u) {
			bidiDomain = true
		}
	}
	for i, l := range labels {
		if l.Text == "" {
			if i == len(labels)-1 && i > 0 {
				continue // the root label of a fully qualified name
			}
			return &LabelError{host, l.Text, i, l.Offset, RuleLength, "empty label (two dots in a row, or a leading dot)"}
		}
		rule, msg, at := labelRule(l.Text, bidiDomain)
		if rule != "" {
			return &LabelError{host, l.Text, i, l.Offset + at, rule, msg}
		}
	}
	if a, _ := lookup.ToASCII(host); len(strings.TrimSuffix(a, ".")) > 253 {
		return &LabelError{host, "", -1, 0, RuleLength, "the name is longer than 253 bytes (RFC 1034 section 3.1)"}
	}
	// Not seen on the conformance data; kept so no failure goes unnamed.
	return &LabelError{host, host, 0, 0, RuleDisallowed, strings.TrimPrefix(whole.Error(), "idna: ")}
}

// labelRule returns the first rule label breaks, a message and the byte
// offset in label of the problem, or "" when it passes alone. In a bidi
// domain every label must pass the bidi rule. Only a disallowed code point
// gets an offset past the label's start: the other rules look at the
// mapped form, whose offsets are not the label's.
func labelRule(label string, bidiDomain bool) (rule, msg string, at int) {
	u, mapErr := mapper.ToUnicode(label)
	isA := IsALabel(label)
	if isA {
		d, err := idna.Punycode.ToUnicode(strings.ToLower(label))
		switch {
		case err != nil:
			return RulePunycode, "invalid Punycode (RFC 3492)", 0
		case ascii.IsASCII(d):
			return RulePunycode, fmt.Sprintf("the A-label decodes to the ASCII %q, which should not be encoded", d), 0
		case !norm.NFC.IsNormalString(d):
			return RuleNFC, fmt.Sprintf("the A-label decodes to %q, which is not in NFC", d), 0
		}
		u = d
	}
	// A disallowed code point is reported where it is written.
	for i, r := range label {
		if _, err := codePoint.ToASCII(string(r)); err != nil && !IsSeparator(r) {
			return RuleDisallowed, fmt.Sprintf("%U %q is not allowed in a host name", r, r), i
		}
	}
	if mapErr != nil {
		for _, r := range u {
			if _, err := codePoint.ToASCII(string(r)); err != nil {
				return RuleDisallowed, fmt.Sprintf("%U %q is not allowed in a host name", r, r), 0
			}
		}
	}
	switch {
	case len(u) >= 4 && u[2] == '-' && u[3] == '-' && !isA:
		return RuleHyphen, "\"--\" in the third and fourth positions is reserved for A-labels", 0
	case strings.HasPrefix(u, "-") || strings.HasSuffix(u, "-"):
		return RuleHyphen, "a label cannot begin or end with a hyphen", 0
	}
	if r, _ := utf8.DecodeRuneInString(u); unicode.Is(unicode.M, r) {
		return RuleLeadingMark, fmt.Sprintf("the label begins with the combining mark %U", r), 0
	}
	if strings.ContainsAny(u, "\u200c\u200d") {
		if _, err := lookup.ToUnicode(u); err != nil {
			return RuleJoiner, "a zero-width joiner or non-joiner is not in a context that allows it (RFC 5892 appendix A)", 0
		}
	}
	if bidiDomain && !bidirule.ValidString(u) {
		return RuleBidi, "the label breaks the bidi rule for right-to-left names (RFC 5893 section 2)", 0
	}
	if a, err := idna.Punycode.ToASCII(u); err == nil && len(a) > 63 {
		return RuleLength, fmt.Sprintf("the label is %d bytes long in ASCII form, more than 63", len(a)), 0
	}
	return "", "", 0
}

// isBidiLabel reports whether label has a right-to-left character, which
// makes its whole name a bidi domain name (RFC 5893 section 1.4).
func isBidiLabel(label string) bool {
	return bidirule.DirectionString(label) != bidi.LeftToRight
}

// HostForms returns the A-label and Unicode forms of a reg-name host as a
// URI or IRI writes it: percent-decoded, then converted. A host with no
// A-label and nothing beyond ASCII, encoded or not, is not an
// internationalized name: it is returned as both forms, unconverted, so
// names IDNA would refuse (such as "my_host") draw no error.
func HostForms(host string) (ascii, unicode string, err error) {
	if !International(host) {
		return host, host, nil
	}
	name := uri.PercentDecode(host)
	if !utf8.ValidString(name) {
		return "", "", &LabelError{Host: host, Rule: RuleDisallowed, Msg: "the percent-encoded host is not UTF-8"}
	}
	if ascii, err = ToASCII(name); err != nil {
		return "", "", err
	}
	if unicode, err = ToUnicode(name); err != nil {
		return "", "", err
	}
	return ascii, unicode, nil
}

// International reports whether host, as written in a URI or IRI, holds
// a non-ASCII character, a percent-encoded byte beyond ASCII or a label
// that starts with "xn--".
func International(host string) bool {
	// Most hosts hold none of the bytes it takes: a look-up a byte says so.
	var any byte
	for i := 0; i < len(host); i++ {
		any |= mayBeInternational[host[i]]
	}
	if any == 0 {
		return false
	}
	for i := 0; i < len(host); i++ {
		switch c := host[i]; {
		case c >= utf8.RuneSelf:
			return true
		case c == '%' && i+1 < len(host) && host[i+1] >= '8':
			return true
		case c|0x20 == 'x' && (i == 0 || host[i-1] == '.') && IsALabel(host[i:]):
			return true
		}
	}
	return false
}

// mayBeInternational marks the bytes without which a host is no
// international one: a non-ASCII byte, the '%' of an encoded one, the
// '-' of an A-label's "xn--".
var mayBeInternational = func() (t [256]byte) {
	for c := 0x80; c < 0x100; c++ {
		t[c] = 1
	}
	t['%'], t['-'] = 1, 1
	return t
}()

// IsALabel reports whether label starts with the ACE prefix "xn--" (RFC
// 5890 section 2.3.2.1), in any case: whether it claims to be an A-label.
func IsALabel(label string) bool {
	return len(label) >= 4 && strings.EqualFold(label[:4], "xn--")
}

// HasALabel reports whether some label of host is an A-label, without
// allocating for the common host that has none.
func HasALabel(host string) bool {
	for i := 0; i+4 <= len(host); i++ {
		if (i == 0 || host[i-1] == '.') && IsALabel(host[i:]) {
			return true
		}
	}
	return false
}

// Forms are the IDNA forms of a reference's host. A host that is not
// internationalized is both.
type Forms struct {
	ASCII, Unicode string
	Err            *LabelError // IDNA refused the name
	Defined        bool        // the host is a reg-name of a valid reference
}

// Set converts the host of u when it is a reg-name and u is valid. It
// fills f in place: a Forms returned and copied out costs more than the
// conversion of an ASCII host.
func (f *Forms) Set(u *uri.URI, valid bool) {
	f.ASCII, f.Unicode, f.Err, f.Defined = "", "", nil, false
	host, ok := u.Host()
	if !valid || !ok || u.HostType() != uri.HostRegName {
		return
	}
	f.Defined = true
	ascii, unicode, err := HostForms(host)
	if err != nil {
		errors.As(err, &f.Err)
		return
	}
	f.ASCII, f.Unicode = ascii, unicode
}
