package iri

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/uritool/uritool/internal/ascii"
	"github.com/uritool/uritool/pkg/uri"
)

// NFC puts the characters of the reference u in Unicode Normalization
// Form C: the UTF-8 its percent-encodings spell (RFC 3987 section 3.2)
// and its non-ASCII characters, in the userinfo, a reg-name host, the
// path, the query and the fragment. "%C3%87" and "C%CC%A7" (C and a
// combining cedilla) both give "%C3%87".
//
// RFC 3987 section 5.3.2.2 does not make this part of comparing IRIs: it
// assumes them to be in NFC already, and asks for NFC where text comes from
// a non-digital form or a non-Unicode encoding. NFC is for such input, and
// for matching normalizers that apply it (Addressable).
//
// No delimiter appears or disappears. NFC applies to each run of
// unreserved ASCII, non-ASCII characters and percent-encoded UTF-8 between
// other characters, which stay as they are: "=" and a combining long
// solidus overlay stay apart, though NFC of both is "≠". Where NFC changes
// a run, its non-ASCII characters are written percent-encoded if any of
// the run was, and as themselves otherwise, where the component allows
// them (ucschar; iprivate in the query). An ASCII character NFC makes of
// another (";" of U+037E) is written percent-encoded unless it is
// unreserved, and lowercased in the host. u must be in the normal form of
// uri.Normalize, and the result is too; it is u itself when u is in NFC.
func NFC(u uri.URI) uri.URI {
	s := u.String()
	if !strings.Contains(s, "%") && ascii.IsASCII(s) {
		return u
	}
	var b strings.Builder
	pos, changed := 0, false
	for _, c := range []uri.Component{uri.ComponentUserinfo, uri.ComponentHost, uri.ComponentPath, uri.ComponentQuery, uri.ComponentFragment} {
		start, end, ok := u.Span(c)
		if !ok || c == uri.ComponentHost && u.HostType() != uri.HostRegName {
			continue
		}
		b.WriteString(s[pos:start])
		changed = writeNFC(&b, s[start:end], c) || changed
		pos = end
	}
	if !changed {
		return u
	}
	b.WriteString(s[pos:])
	n, err := uri.ParseRule(b.String(), uri.RuleIRIReference)
	if err != nil {
		// Every character written is one the component allows, or
		// percent-encoded.
		panic("iri: NFC produced an invalid reference: " + err.Error())
	}
	return n
}

// writeNFC writes the component part with each run between delimiters in
// NFC, as NFC describes, and reports whether that changed a run.
func writeNFC(b *strings.Builder, part string, c uri.Component) (changed bool) {
	for i := 0; i < len(part); {
		end, encoded := runEnd(part, i)
		if end == i {
			// A delimiter, or a percent-encoding that is not of UTF-8.
			n := 1
			if part[i] == '%' {
				n = 3
			}
			b.WriteString(part[i : i+n])
			i += n
			continue
		}
		run := part[i:end]
		text := uri.PercentDecode(run)
		if norm.NFC.IsNormalString(text) {
			b.WriteString(run)
		} else {
			changed = true
			for _, r := range norm.NFC.String(text) {
				writeChar(b, r, encoded, c)
			}
		}
		i = end
	}
	return changed
}

// runEnd returns where the run that NFC may change, starting at i, ends,
// and whether it holds a percent-encoding. The run is unreserved ASCII,
// non-ASCII characters and the percent-encoded UTF-8 of non-ASCII
// characters.
func runEnd(part string, i int) (end int, encoded bool) {
	for i < len(part) {
		switch c := part[i]; {
		case c == '%':
			n := encodedRuneLen(part[i:])
			if n == 0 {
				return i, encoded
			}
			i += n
			encoded = true
		case c >= utf8.RuneSelf:
			_, n := utf8.DecodeRuneInString(part[i:])
			i += n
		case ascii.IsUnreserved(c):
			i++
		default:
			return i, encoded
		}
	}
	return i, encoded
}

// encodedRuneLen returns the length of the percent-encoded UTF-8 of one
// non-ASCII character at the start of s, or 0.
func encodedRuneLen(s string) int {
	var buf [utf8.UTFMax]byte
	n := 0
	for n < len(buf) && 3*n+2 < len(s) && s[3*n] == '%' {
		buf[n] = ascii.Unhex(s[3*n+1])<<4 | ascii.Unhex(s[3*n+2])
		n++
	}
	r, size := utf8.DecodeRune(buf[:n])
	if r < utf8.RuneSelf || r == utf8.RuneError && size < 3 {
		return 0
	}
	return 3 * size
}

// writeChar writes a character of a run NFC changed.
func writeChar(b *strings.Builder, r rune, encoded bool, c uri.Component) {
	switch {
	case r < utf8.RuneSelf && ascii.IsUnreserved(byte(r)):
		if c == uri.ComponentHost && 'A' <= r && r <= 'Z' {
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	case r < utf8.RuneSelf || encoded || !(uri.IsUcschar(r) || c == uri.ComponentQuery && uri.IsIprivate(r)):
		var buf [utf8.UTFMax]byte
		for _, o := range buf[:utf8.EncodeRune(buf[:], r)] {
			writeOctet(b, o)
		}
	default:
		b.WriteRune(r)
	}
}
