// Package glob is the one glob language of uritool's paths, gitignore's
// (gitignore(5)): a pattern without a "/" but at its end matches the last
// name of a path, wherever it is ("*.php"); one with a "/" is anchored and
// matched name by name from the start ("/static/*", "docs/*.md"); "**"
// stands for any number of names. Each name is matched as path.Match
// matches (* ? [...] and \). --exclude-path, .gitignore and .uritoolignore
// match files by it, --path-glob the paths of URIs.
package glob

import (
	"errors"
	"path"
	"strings"
)

// Pattern is one glob.
type Pattern struct {
	segs     []string // the pattern split at "/"
	anchored bool     // a "/" but at the end: matched from the start, not against the last name
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
	g.segs = strings.Split(p, "/")
	for _, s := range g.segs {
		// Match checks the whole pattern even when the name differs.
		if _, err := path.Match(s, ""); err != nil {
			return Pattern{}, err
		}
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
		ok, _ := path.Match(g.segs[0], names[len(names)-1])
		return ok
	}
	return matchSegs(g.segs, names)
}

// matchSegs matches names against segments, "**" standing for any
// number of names; a trailing "**" for at least one, so that "a/**" is
// what is inside a, not a.
func matchSegs(segs, names []string) bool {
	for len(segs) > 0 {
		if segs[0] == "**" {
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
		if ok, _ := path.Match(segs[0], names[0]); !ok {
			return false
		}
		segs, names = segs[1:], names[1:]
	}
	return len(names) == 0
}
