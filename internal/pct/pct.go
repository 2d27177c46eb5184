// Package pct percent-encodes text for one component of a URI and decodes
// percent-encodings (RFC 3986 section 2.1), for uritool encode and decode.
package pct

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/uritool/uritool/internal/ascii"
	"github.com/uritool/uritool/pkg/uri"
)

// Component names what a string is encoded for: each allows its own set
// of characters as they are (RFC 3986 Appendix A).
type Component uint8

const (
	Path       Component = iota // path-abempty: *( "/" segment ), so pchar and "/"
	Segment                     // segment: pchar, so "/" is encoded
	Query                       // query: pchar, "/" and "?"
	QueryValue                  // a key or value of a query's key=value pairs
	Fragment                    // fragment: pchar, "/" and "?"
	Userinfo                    // userinfo: unreserved, sub-delims and ":"
	Host                        // reg-name: unreserved and sub-delims
)

var componentNames = [...]string{"path", "segment", "query", "query-value", "fragment", "userinfo", "host"}

// Components lists the names ParseComponent accepts.
var Components = componentNames[:]

// ParseComponent reads a component's name.
func ParseComponent(name string) (Component, error) {
	for i, n := range componentNames {
		if n == name {
			return Component(i), nil
		}
	}
	return 0, fmt.Errorf("unknown component %q", name)
}

// Character classes of RFC 3986 section 2 and Appendix A, each a table of
// the bytes it holds.
var (
	unreserved = class(func(c byte) bool {
		return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~", c) >= 0
	}) // section 2.3
	subDelims = class(func(c byte) bool { return strings.IndexByte("!$&'()*+,;=", c) >= 0 }) // section 2.2
	pchar     = union(unreserved, subDelims, class(func(c byte) bool { return c == ':' || c == '@' }))
	// queryValue leaves out the sub-delims that split a query into pairs
	// by the usual convention ("&", ";", "=") and "+", which form decoders
	// read as a space.
	queryValue = minus(union(pchar, class(func(c byte) bool { return c == '/' || c == '?' })), "&;=+")
	allowed    = [...][256]bool{
		Path:       union(pchar, class(func(c byte) bool { return c == '/' })),
		Segment:    pchar,
		Query:      union(pchar, class(func(c byte) bool { return c == '/' || c == '?' })),
		QueryValue: queryValue,
		Fragment:   union(pchar, class(func(c byte) bool { return c == '/' || c == '?' })),
		Userinfo:   union(unreserved, subDelims, class(func(c byte) bool { return c == ':' })),
		Host:       union(unreserved, subDelims),
	}
)

func class(in func(byte) bool) (t [256]bool) {
	for c := 0; c < 256; c++ {
		t[c] = in(byte(c))
	}
	return t
}

func union(ts ...[256]bool) (t [256]bool) {
	for c := range t {
		for _, u := range ts {
			t[c] = t[c] || u[c]
		}
	}
	return t
}

func minus(t [256]bool, out string) [256]bool {
	for i := 0; i < len(out); i++ {
		t[out[i]] = false
	}
	return t
}

// Encode percent-encodes, as uppercase hex (section 2.1), every byte of s
// that c does not allow as it is, "%" included: s is text, not an
// encoding. An out-of-range c encodes everything but unreserved.
func Encode(c Component, s string) string {
	table := &unreserved
	if int(c) < len(allowed) {
		table = &allowed[c]
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if !table[s[i]] {
			n++
		}
	}
	if n == 0 {
		return s
	}
	b := make([]byte, 0, len(s)+2*n)
	for i := 0; i < len(s); i++ {
		if ch := s[i]; table[ch] {
			b = append(b, ch)
		} else {
			b = append(b, '%', ascii.UpperHex[ch>>4], ascii.UpperHex[ch&15])
		}
	}
	return string(b)
}

// EncodeIRI is Encode for a component of an IRI (RFC 3987 section 2.2):
// the characters of ucschar, and of iprivate in a query, stay as they
// are; other non-ASCII bytes, invalid UTF-8 included, are encoded.
func EncodeIRI(c Component, s string) string {
	var b strings.Builder
	for len(s) > 0 {
		i := 0
		for i < len(s) && s[i] < utf8.RuneSelf {
			i++
		}
		b.WriteString(Encode(c, s[:i]))
		s = s[i:]
		if s == "" {
			break
		}
		r, n := utf8.DecodeRuneInString(s)
		query := c == Query || c == QueryValue
		if n > 1 && (uri.IsUcschar(r) || query && uri.IsIprivate(r)) {
			b.WriteString(s[:n])
		} else {
			b.WriteString(Encode(c, s[:n]))
		}
		s = s[n:]
	}
	return b.String()
}

// Error is a malformed percent-encoding.
type Error struct {
	Offset int // of the "%"
	Msg    string
}

func (e *Error) Error() string { return fmt.Sprintf("offset %d: %s", e.Offset, e.Msg) }

// Decode decodes every "%" HEXDIG HEXDIG of s (section 2.1) into its byte,
// which may leave bytes that are not UTF-8; a "%" not followed by two hex
// digits is an *Error at the byte that breaks it (ascii.PctBreak).
func Decode(s string) ([]byte, error) {
	b, bad := ascii.AppendPercentDecoded(make([]byte, 0, len(s)), s)
	if bad >= 0 {
		return nil, &Error{Offset: ascii.PctBreak(s, bad), Msg: "'%' not followed by two hex digits"}
	}
	return b, nil
}
