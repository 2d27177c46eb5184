// Package glob is the one glob language of uritool's paths, gitignore's
// (gitignore(5)): a pattern without a "/" but at its end matches the last
// name of a path, wherever it is ("*.php"); one with a "/" is anchored and
// matched name by name from the start ("/static/*", "docs/*.md"); "**"
// stands for any number of names. Each name is matched as path.Match
// matches (* ? [...] and \), by a Name. --exclude-path, .gitignore and
// .uritoolignore match files by it, --path-glob the paths of URIs; a Name
// alone matches hosts (--host, scope files) and edit's query keys.
package glob

import (
	"errors"
	"strings"
)

// Pattern is one glob.
type Pattern struct {
	segs     []Name // the pattern split at "/"
	anchored bool   // a "/" but at the end: matched from the start, not against the last name
}

// ErrEmpty is the error of an empty pattern.
var ErrEmpty = errors.New("empty path pattern")

// Parse reads a pattern, without the decorations a gitignore line may
// have around it (a "!", a trailing "/", trailing blanks): a leading "/"
// anchors it. Errors are an empty pattern and a malformed glob ("[a").
func Parse(p string) (Pattern, error) {
	var g Pattern
	if q, ok := strings.CutPrefix(p, "/"); ok {
		p, g.anchored = q, true
	}
	if p == "" {
		return Pattern{}, ErrEmpty
	}
	g.anchored = g.anchored || strings.Contains(p, "/")
	for _, s := range strings.Split(p, "/") {
		n, err := ParseName(s)
		if err != nil {
			return Pattern{}, err
		}
		g.segs = append(g.segs, n)
	}
	return g, nil
}

// Anchored reports whether g is matched from the start of a path, rather
// than against its last name.
func (g *Pattern) Anchored() bool { return g.anchored }

// Match reports whether g matches names, a path split at "/".
func (g *Pattern) Match(names []string) bool {
	if len(names) == 0 {
		return false
	}
	if !g.anchored {
		return g.segs[0].Match(names[len(names)-1])
	}
	return matchSegs(g.segs, names)
}

// matchSegs matches names against segments, "**" standing for any
// number of names; a trailing "**" for at least one, so that "a/**" is
// what is inside a, not a.
func matchSegs(segs []Name, names []string) bool {
	for len(segs) > 0 {
		if segs[0].pattern == "**" {
			segs = segs[1:]
			if len(segs) == 0 {
				return len(names) > 0
			}
			for i := range len(names) + 1 {
				if matchSegs(segs, names[i:]) {
					return true
				}
			}
			return false
		}
		if len(names) == 0 {
			return false
		}
		if !segs[0].Match(names[0]) {
			return false
		}
		segs, names = segs[1:], names[1:]
	}
	return len(names) == 0
}
