package uri

import (
	"fmt"
	"strings"
)

// CheckFacts reports an error if a fact the parse recorded in u's flags is
// not what u's string says: they must be exact, not hints, since two URIs
// are == when their strings are, and Normalize trusts them to skip a look.
func CheckFacts(u URI) error {
	if got, want := u.flags&pctEncoded != 0, strings.Contains(u.s, "%"); got != want {
		return fmt.Errorf("%q: pctEncoded is %v, want %v", u.s, got, want)
	}
	a, _ := u.Authority()
	if got, want := u.flags&upperAuthority != 0, hasUpper(a); got != want {
		return fmt.Errorf("%q: upperAuthority is %v, want %v", u.s, got, want)
	}
	scheme, _ := u.Scheme()
	if got, want := u.flags&upperScheme != 0, anyUpper(scheme); got != want {
		return fmt.Errorf("%q: upperScheme is %v, want %v", u.s, got, want)
	}
	p := u.Path()
	if got, want := u.flags&dotted != 0, strings.HasPrefix(p, ".") || strings.Contains(p, "/."); got != want {
		return fmt.Errorf("%q: dotted is %v, want %v", u.s, got, want)
	}
	return nil
}

// Facts reports the facts the parse recorded in u's flags.
func Facts(u URI) (pct, upper, dots bool) {
	return u.flags&pctEncoded != 0, u.flags&upperAuthority != 0, u.flags&dotted != 0
}
