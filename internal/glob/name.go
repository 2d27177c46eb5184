package glob

import (
	"path"
	"strings"
)

// Name is a pattern of one name in path.Match's syntax (* ? [...] \),
// read once. One whose only wildcard is "*", nearly every one given
// ("utm_*", "*.example.com"), is kept as its literal pieces and matched
// by prefix, suffix and index tests, some ten times faster than
// path.Match; any other is matched by path.Match.
type Name struct {
	pattern string
	// simple says the only wildcard is "*", star that there is one;
	// first and last are the pieces before the first "*" and after the
	// last, middle those between.
	simple, star bool
	first, last  string
	middle       []string
	needs        string // see Needs
}

// ParseName reads a pattern; its error is path.Match's for a malformed
// one ("[a").
func ParseName(pattern string) (Name, error) {
	if _, err := path.Match(pattern, ""); err != nil {
		return Name{}, err
	}
	n := Name{pattern: pattern}
	if !strings.ContainsAny(pattern, `?[\`) {
		pieces := strings.Split(pattern, "*")
		n.simple, n.star = true, len(pieces) > 1
		n.first, n.last = pieces[0], pieces[len(pieces)-1]
		if n.star {
			n.middle = pieces[1 : len(pieces)-1]
		}
		for _, p := range pieces {
			if len(p) > len(n.needs) {
				n.needs = p
			}
		}
	}
	return n, nil
}

// MustParseName is ParseName for a pattern known to be well formed.
func MustParseName(pattern string) Name {
	n, err := ParseName(pattern)
	if err != nil {
		panic(err)
	}
	return n
}

// String returns the pattern as given.
func (n *Name) String() string { return n.pattern }

// Match reports whether s matches, as path.Match(n.String(), s) does.
func (n *Name) Match(s string) bool {
	switch {
	case !n.simple:
		ok, _ := path.Match(n.pattern, s)
		return ok
	case !n.star:
		return s == n.pattern
	case strings.IndexByte(s, '/') >= 0:
		// A "*" matches no "/": path.Match tells where one may fall.
		ok, _ := path.Match(n.pattern, s)
		return ok
	}
	// Without a "/" in s, a "*" matches any run of its bytes: the first
	// piece must start s and the last end it, and the middle ones come
	// between, each found leftmost, which leaves the most room for the
	// rest.
	if len(s) < len(n.first)+len(n.last) || !strings.HasPrefix(s, n.first) || !strings.HasSuffix(s, n.last) {
		return false
	}
	s = s[len(n.first) : len(s)-len(n.last)]
	for _, p := range n.middle {
		i := strings.Index(s, p)
		if i < 0 {
			return false
		}
		s = s[i+len(p):]
	}
	return true
}

// Needs is a piece that every name n matches holds: the longest of its
// literal pieces, "" where it has none or any wildcard but "*".
func (n *Name) Needs() string { return n.needs }

// MatchAny reports whether any of names matches s.
func MatchAny(names []Name, s string) bool {
	for i := range names {
		if names[i].Match(s) {
			return true
		}
	}
	return false
}
