// Package iri maps between IRIs (RFC 3987) and URIs: ToURI is the
// mapping of section 3.1, which every IRI has, and ToIRI the display form
// of section 3.2, which decodes only what can be shown and mapped back.
package iri

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/uritool/uritool/internal/ascii"
	"github.com/uritool/uritool/internal/idn"
	"github.com/uritool/uritool/pkg/uri"
)

// HostEncoding is how ToURI writes a reg-name host with non-ASCII
// characters.
type HostEncoding string

const (
	// HostIDNA converts each non-ASCII label to its A-label (UTS #46,
	// non-transitional), the form DNS resolvers need (RFC 3987 section
	// 3.1, step 2, note).
	HostIDNA HostEncoding = "idna"
	// HostPercent percent-encodes the host's UTF-8 like any other
	// component (RFC 3986 section 3.2.2), for names that are not DNS names.
	HostPercent HostEncoding = "percent"
)

// HostEncodings lists the values of HostEncoding.
var HostEncodings = []string{string(HostIDNA), string(HostPercent)}

// Options configures ToURI. The zero value converts hosts by IDNA and
// refuses input that is not in NFC.
type Options struct {
	Host HostEncoding
	// NFC normalizes input that is not in Normalization Form C instead of
	// refusing it (RFC 3987 section 3.1, step 1).
	NFC bool
}

// Rule names of the errors that are not parse errors.
const (
	RuleNFC = "nfc" // RFC 3987 section 3.1 step 1; section 5.3.2.2
	// RuleIDNA names a host IDNA cannot read at all; a label UTS #46
	// refuses has the rule of its LabelError (idna-hyphen, idna-bidi, ...).
	RuleIDNA = "idna"
)

// Error is a conversion failure with its place in the input.
type Error struct {
	Offset int
	Rule   string
	Msg    string
	Label  *idn.LabelError // for RuleIDNA
}

func (e *Error) Error() string { return fmt.Sprintf("at byte %d: %s", e.Offset, e.Msg) }

// ToURI maps the IRI reference s to a URI reference (RFC 3987 section
// 3.1): each non-ASCII character becomes the percent-encoding of its
// UTF-8, and a reg-name host's non-ASCII labels become A-labels (or
// percent-encodings, by o.Host). ASCII is left as it is, so an IRI that is
// already a URI maps to itself. An invalid IRI gives a *uri.ParseError;
// input not in NFC, or a host IDNA refuses, an *Error.
func ToURI(s string, o Options) (string, error) {
	u, err := uri.ParseRule(s, uri.RuleIRIReference)
	if err != nil {
		return "", err
	}
	if ascii.IsASCII(s) {
		return s, nil
	}
	if !norm.NFC.IsNormalString(s) {
		if !o.NFC {
			return "", &Error{Offset: norm.NFC.QuickSpanString(s), Rule: RuleNFC,
				Msg: "the IRI is not in Unicode Normalization Form C (RFC 3987 section 3.1); pass --nfc to normalize it"}
		}
		s = norm.NFC.String(s)
		if u, err = uri.ParseRule(s, uri.RuleIRIReference); err != nil { // NFC can compose a character the grammar refuses
			return "", err
		}
	}
	var b strings.Builder
	b.Grow(len(s) * 2)
	hostStart, hostEnd, _ := u.Span(uri.ComponentHost)
	host, _ := u.Host()
	if o.Host == HostPercent || u.HostType() != uri.HostRegName || ascii.IsASCII(host) {
		hostStart, hostEnd = len(s), len(s) // no host of its own to convert
	}
	writePercent(&b, s[:hostStart])
	if hostStart < hostEnd {
		if err := writeALabels(&b, host, hostStart); err != nil {
			return "", err
		}
		writePercent(&b, s[hostEnd:])
	}
	// Every byte left is ASCII of the IRI's own syntax, or %XX: a URI
	// reference, which FuzzRoundTrip checks.
	return b.String(), nil
}

// writePercent writes s with its non-ASCII bytes percent-encoded.
func writePercent(b *strings.Builder, s string) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf {
			writeOctet(b, c)
		} else {
			b.WriteByte(c)
		}
	}
}

// writeOctet writes the percent-encoding of o, in uppercase hex.
func writeOctet(b *strings.Builder, o byte) {
	b.WriteByte('%')
	b.WriteByte(ascii.UpperHex[o>>4])
	b.WriteByte(ascii.UpperHex[o&15])
}

// writeALabels writes host, which starts at offset at of the input, with
// each label that holds a non-ASCII character as its A-label. ASCII labels
// stay as written (percent-encodings included), so only what must change
// does. The whole name is checked, since the bidi rule spans labels.
func writeALabels(b *strings.Builder, host string, at int) error {
	decoded := uri.PercentDecode(host)
	if !utf8.ValidString(decoded) {
		return &Error{Offset: at, Rule: RuleIDNA, Msg: "the host's percent-encodings are not UTF-8, so IDNA cannot read it (use --host-encoding percent)"}
	}
	aLabels, err := idn.ToASCII(decoded)
	if err != nil {
		var le *idn.LabelError
		errors.As(err, &le)
		off := at
		if decoded == host {
			off += le.Offset
		}
		return &Error{Offset: off, Rule: le.Rule, Label: le, Msg: "host is not a valid IDNA name: " + le.Error() + " (UTS #46)"}
	}
	raw, converted := idn.Labels(host), idn.Labels(aLabels)
	if len(raw) != len(converted) {
		// A percent-encoded dot made labels of its own: the name is
		// only what its decoded form says.
		b.WriteString(aLabels)
		return nil
	}
	for i, l := range raw {
		if i > 0 {
			b.WriteByte('.')
		}
		if ascii.IsASCII(l.Text) {
			b.WriteString(l.Text)
		} else {
			b.WriteString(converted[i].Text)
		}
	}
	return nil
}

// Kept is an A-label that ToIRI left as it is, and why.
type Kept struct {
	Offset  int // of the label in the input
	ALabel  string
	Unicode string
	Why     string
}

// ToIRI maps the URI reference s to an IRI for display (RFC 3987 section
// 3.2). Outside the host it decodes a run of percent-encodings only where
// it is the UTF-8 of a character the component allows in an IRI (ucschar;
// iprivate in the query only) that shows as itself (see displayable). In
// a reg-name host it turns each A-label whose Unicode form maps back to it
// exactly into that form. ASCII is never decoded, so no delimiter appears or
// disappears. ToURI of the result gives s back, when s writes its
// percent-encodings in uppercase hex. An invalid s gives a
// *uri.ParseError.
//
// An A-label whose Unicode form keep has a reason against (a look-alike
// of another name) stays an A-label, and is listed in kept.
func ToIRI(s string, keep func(unicode string) string) (out string, kept []Kept, err error) {
	u, err := uri.Parse(s)
	if err != nil {
		return "", nil, err
	}
	if host, _ := u.Host(); !strings.Contains(s, "%") && !(u.HostType() == uri.HostRegName && idn.HasALabel(host)) {
		return s, nil, nil
	}
	var b strings.Builder
	b.Grow(len(s))
	pos := 0
	// Each component in order; what lies between them is delimiters.
	for _, c := range []uri.Component{uri.ComponentUserinfo, uri.ComponentHost, uri.ComponentPath, uri.ComponentQuery, uri.ComponentFragment} {
		start, end, ok := u.Span(c)
		if !ok {
			continue
		}
		b.WriteString(s[pos:start])
		part := s[start:end]
		switch {
		case c == uri.ComponentHost && u.HostType() == uri.HostRegName:
			kept = writeHostIRI(&b, part, start, keep, kept)
		case c == uri.ComponentHost: // IP literals and addresses are ASCII
			b.WriteString(part)
		default:
			decodeDisplayable(&b, part, c == uri.ComponentQuery)
		}
		pos = end
	}
	b.WriteString(s[pos:])
	return b.String(), kept, nil
}

// writeHostIRI writes a reg-name for display, with each A-label as
// Unicode where that is exact. Its percent-encodings stay: ToURI writes a
// non-ASCII label as an A-label, so decoding them would not map back.
// An A-label keep has a reason against stays, and is appended to kept;
// at is the host's offset in the reference.
func writeHostIRI(b *strings.Builder, host string, at int, keep func(string) string, kept []Kept) []Kept {
	// The whole name must be valid: the bidi rule spans labels.
	if !idn.HasALabel(host) || strings.Contains(host, "%") {
		b.WriteString(host)
		return kept
	}
	if _, err := idn.ToASCII(host); err != nil {
		b.WriteString(host)
		return kept
	}
	for i, l := range idn.Labels(host) {
		if i > 0 {
			b.WriteByte('.')
		}
		u, ok := unicodeLabel(l.Text)
		why := ""
		if ok && keep != nil {
			why = keep(u)
		}
		switch {
		case why != "":
			b.WriteString(l.Text)
			kept = append(kept, Kept{Offset: at + l.Offset, ALabel: l.Text, Unicode: u, Why: why})
		case ok:
			b.WriteString(u)
		default:
			b.WriteString(l.Text)
		}
	}
	return kept
}

// unicodeLabel returns the Unicode form of an A-label when it maps back
// to the same bytes and every non-ASCII character in it is displayable.
func unicodeLabel(label string) (string, bool) {
	if !idn.IsALabel(label) {
		return "", false
	}
	u, err := idn.ToUnicode(label)
	if err != nil {
		return "", false
	}
	if back, err := idn.ToASCII(u); err != nil || back != label {
		return "", false
	}
	for _, r := range u {
		if r >= utf8.RuneSelf && !displayable(r, false) {
			return "", false
		}
	}
	return u, true
}

// decodeDisplayable writes part with the percent-encoded UTF-8 of
// displayable characters decoded; every other byte stays as written.
func decodeDisplayable(b *strings.Builder, part string, query bool) {
	for i := 0; i < len(part); {
		if part[i] != '%' {
			b.WriteByte(part[i])
			i++
			continue
		}
		var buf [utf8.UTFMax]byte
		n := 0 // bytes of the run decoded into buf, three input bytes each
		for n < len(buf) && i+3*n+2 < len(part) && part[i+3*n] == '%' {
			buf[n] = ascii.Unhex(part[i+3*n+1])<<4 | ascii.Unhex(part[i+3*n+2])
			n++
		}
		r, size := utf8.DecodeRune(buf[:n])
		if size > 1 && displayable(r, query) {
			b.WriteRune(r)
			i += 3 * size
			continue
		}
		b.WriteString(part[i : i+3])
		i += 3
	}
}

// displayable reports whether r may be shown decoded: a character of
// ucschar (or iprivate, in the query) of RFC 3987 section 2.2 that is
// neither a bidi formatting character (section 4.1 forbids them) nor
// white space or another invisible format character (section 6.1 asks
// not to show what cannot be told apart), and that cannot combine with
// what comes before it, so the display stays in NFC wherever it is put
// (section 3.2 step 3; a starter with NFC_Quick_Check=Yes).
func displayable(r rune, query bool) bool {
	if !(uri.IsUcschar(r) || query && uri.IsIprivate(r)) {
		return false
	}
	if unicode.In(r, unicode.Zs, unicode.Cf, unicode.Zl, unicode.Zp, unicode.Cc) {
		return false
	}
	var buf [utf8.UTFMax]byte
	c := buf[:utf8.EncodeRune(buf[:], r)]
	return norm.NFC.Properties(c).BoundaryBefore() && norm.NFC.IsNormal(c)
}
