// Package password finds the password of a reference's userinfo, which
// output for people shows as Mask (RFC 3986 sections 3.2.1 and 7.5):
// exactly where the parser reads it in a valid reference, and by a
// conservative guess in an invalid one, which is where a diagnostic shows
// the input whole.
package password

import (
	"strings"

	"github.com/uritool/uritool/pkg/uri"
)

// Mask is what human-readable output shows instead of a password.
const Mask = "****"

// Span is where a password is in a reference's text, s[Start:End]. A
// password is never empty (an empty one shows nothing), and never at 0,
// so the zero Span is no password.
type Span struct{ Start, End int }

// Found reports whether sp is a password.
func (sp Span) Found() bool { return sp.End > sp.Start }

// Find finds the password of s: the text after the first ':' of the
// userinfo (section 3.2.1). For a valid reference that is what the parser
// reads as the userinfo. For an invalid one it guesses by the split of
// Appendix B, conservatively: a userinfo cannot contain '[', so the '@'
// that ends it must come before any '[' of the authority, and an
// IP-literal is never masked ("http://[::1]@host/" has no password). It
// takes the last such '@', so that a password with an unencoded '@', a
// common mistake, is not shown in part.
func Find(s string) Span {
	if strings.IndexByte(s, '@') < 0 {
		return Span{} // no userinfo, and no parse that fails with an allocated error
	}
	if u, err := uri.Parse(s); err == nil {
		start, end, ok := u.Span(uri.ComponentUserinfo)
		colon := strings.IndexByte(s[start:end], ':')
		if !ok || colon < 0 || start+colon+1 == end {
			return Span{}
		}
		return Span{start + colon + 1, end}
	}
	i := strings.IndexAny(s, ":/?#")
	if i < 0 || s[i] != ':' {
		i = 0
	} else {
		i++
	}
	if !strings.HasPrefix(s[i:], "//") {
		return Span{}
	}
	a := i + 2
	e := a + strings.IndexAny(s[a:], "/?#[")
	if e < a {
		e = len(s)
	}
	at := strings.LastIndexByte(s[a:e], '@')
	if at < 0 {
		return Span{}
	}
	colon := strings.IndexByte(s[a:a+at], ':')
	if colon < 0 || colon+1 == at {
		return Span{}
	}
	return Span{a + colon + 1, a + at}
}

// Masked returns s with its password replaced by Mask.
func Masked(s string) string {
	if sp := Find(s); sp.Found() {
		return s[:sp.Start] + Mask + s[sp.End:]
	}
	return s
}
