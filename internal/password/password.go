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

// Find finds the password of s, s[start:end], with start == end when s
// has none (a password is never empty: an empty one shows nothing); it is
// what render is given to find one (render.Passwords). The password is
// the text after the first ':' of the userinfo (section 3.2.1). For a
// valid reference that is what the parser reads as the userinfo. For an
// invalid one it guesses by the split of Appendix B, conservatively: a
// userinfo cannot contain '[', so the '@' that ends it must come before
// any '[' of the authority, and an IP-literal is never masked
// ("http://[::1]@host/" has no password). It takes the last such '@', so
// that a password with an unencoded '@', a common mistake, is not shown
// in part.
func Find(s string) (start, end int) {
	if strings.IndexByte(s, '@') < 0 {
		return 0, 0 // no userinfo, and no parse that fails with an allocated error
	}
	if u, err := uri.Parse(s); err == nil {
		start, end, ok := u.Span(uri.ComponentUserinfo)
		colon := strings.IndexByte(s[start:end], ':')
		if !ok || colon < 0 || start+colon+1 == end {
			return 0, 0
		}
		return start + colon + 1, end
	}
	i := strings.IndexAny(s, ":/?#")
	if i < 0 || s[i] != ':' {
		i = 0
	} else {
		i++
	}
	if !strings.HasPrefix(s[i:], "//") {
		return 0, 0
	}
	a := i + 2
	e := a + strings.IndexAny(s[a:], "/?#[")
	if e < a {
		e = len(s)
	}
	at := strings.LastIndexByte(s[a:e], '@')
	if at < 0 {
		return 0, 0
	}
	colon := strings.IndexByte(s[a:a+at], ':')
	if colon < 0 || colon+1 == at {
		return 0, 0
	}
	return a + colon + 1, a + at
}

// Masked returns s with its password replaced by Mask.
func Masked(s string) string {
	if start, end := Find(s); start < end {
		return s[:start] + Mask + s[end:]
	}
	return s
}
