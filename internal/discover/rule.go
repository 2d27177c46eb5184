package discover

import (
	"errors"
	"os"
	"slices"
	"strings"

	"github.com/uritool/uritool/internal/glob"
)

// A rule is one pattern of a .gitignore, of --exclude-path or of a
// "path:" line, read as gitignore(5) reads it. go-git's patterns match
// every path below a directory they match, so they would drop the files
// of a directory that is ignored but walked on purpose (lint build/site)
// and let "!docs/" re-include docs/a.md under "*.md"; a rule decides one
// name at a time, as git does, and what lies below an excluded directory
// is left out by the walk (or by under, for a named file).
type rule struct {
	base    []string // the directory of the file the rule comes from, relative to the root paths are given from
	glob    glob.Pattern
	negate  bool // "!": a match includes
	dirOnly bool // a trailing "/": only directories match
}

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
	var err error
	if r.glob, err = glob.Parse(p); err != nil {
		return rule{}, err
	}
	return r, nil
}

// match reports whether the rule matches p, a path of names below the
// root, itself (not a directory above it).
func (r *rule) match(p []string, dir bool) bool {
	if r.dirOnly && !dir || len(p) <= len(r.base) || !slices.Equal(p[:len(r.base)], r.base) {
		return false
	}
	return r.glob.Match(p[len(r.base):])
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
		if !r.glob.Anchored() {
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
