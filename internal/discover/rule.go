package discover

import (
	"errors"
	"os"
	"path"
	"slices"
	"strings"
)

// A rule is one pattern of a .gitignore, of --exclude-path or of a
// "path:" line, read as gitignore(5) reads it. go-git's patterns match
// every path below a directory they match, so they would drop the files
// of a directory that is ignored but walked on purpose (lint build/site)
// and let "!docs/" re-include docs/a.md under "*.md"; a rule decides one
// name at a time, as git does, and what lies below an excluded directory
// is left out by the walk (or by under, for a named file).
type rule struct {
	base     []string // the directory of the file the rule comes from, relative to the root paths are given from
	segs     []string // the pattern split at "/"
	negate   bool     // "!": a match includes
	dirOnly  bool     // a trailing "/": only directories match
	anchored bool     // a "/" but at the end: matched against the path below base, not the name
}

var errEmptyPattern = errors.New("empty path pattern")

// parseRule reads one pattern relative to base. Errors are an empty
// pattern and a malformed glob ("[a"), which git passes over silently.
func parseRule(p string, base []string) (rule, error) {
	r := rule{base: base}
	p, r.negate = strings.CutPrefix(p, "!")
	// Trailing blanks are dropped unless escaped, as git does.
	for strings.HasSuffix(p, " ") && !strings.HasSuffix(p, `\ `) {
		p = p[:len(p)-1]
	}
	p, r.dirOnly = strings.CutSuffix(p, "/")
	if q, ok := strings.CutPrefix(p, "/"); ok {
		p, r.anchored = q, true
	}
	if p == "" {
		return rule{}, errEmptyPattern
	}
	r.anchored = r.anchored || strings.Contains(p, "/")
	r.segs = strings.Split(p, "/")
	for _, s := range r.segs {
		// Match checks the whole pattern even when the name differs.
		if _, err := path.Match(s, ""); err != nil {
			return rule{}, err
		}
	}
	return r, nil
}

// match reports whether the rule matches p, a path of names below the
// root, itself (not a directory above it).
func (r *rule) match(p []string, dir bool) bool {
	if r.dirOnly && !dir || len(p) <= len(r.base) || !slices.Equal(p[:len(r.base)], r.base) {
		return false
	}
	rest := p[len(r.base):]
	if !r.anchored {
		ok, _ := path.Match(r.segs[0], rest[len(rest)-1])
		return ok
	}
	return matchSegs(r.segs, rest)
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

// rules are in ascending priority: the last that matches decides.
type rules []rule

// excludes reports whether p itself is excluded.
func (rs rules) excludes(p []string, dir bool) bool {
	for i := len(rs) - 1; i >= 0; i-- {
		if rs[i].match(p, dir) {
			return !rs[i].negate
		}
	}
	return false
}

// under reports whether p or a directory above it is excluded: whether
// a walk from the root would pass over it. A named file needs this, as
// git cannot re-include a file whose directory is excluded.
func (rs rules) under(p []string, dir bool) bool {
	if len(rs) == 0 {
		return false
	}
	for i := 1; i < len(p); i++ {
		if rs.excludes(p[:i], true) {
			return true
		}
	}
	return rs.excludes(p, dir)
}

// unanchored are the rules that match a name wherever it is.
func (rs rules) unanchored() rules {
	var out rules
	for _, r := range rs {
		if !r.anchored {
			out = append(out, r)
		}
	}
	return out
}

// readGitignore adds the patterns of a .gitignore (or .git/info/exclude)
// to rs, relative to base. A missing file adds nothing; a line git cannot
// read is passed over, as git does.
func readGitignore(rs rules, file string, base []string) (rules, error) {
	b, err := os.ReadFile(file)
	if errors.Is(err, os.ErrNotExist) {
		return rs, nil
	}
	if err != nil {
		return nil, err
	}
	rs = slices.Clip(rs) // the parent directory's rules are shared by its subdirectories
	for line := range strings.Lines(string(b)) {
		line = strings.TrimRight(line, "\r\n")
		if line == "" || line[0] == '#' {
			continue
		}
		if r, err := parseRule(line, base); err == nil {
			rs = append(rs, r)
		}
	}
	return rs, nil
}
