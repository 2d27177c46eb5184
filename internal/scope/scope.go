// Package scope reads a scope file, the hosts a run is about, as
// bug-bounty and crawl tools keep them: each line a host glob
// (*.example.com), a regular expression after "re:", or either after "!"
// to exclude; blank lines and lines starting with "#" are nothing. A host
// is in scope when it matches an include and no exclude (with no include
// line, every host is included). Hosts and globs compare in lowercase and
// as A-labels, so a Unicode host and its punycode are one host.
package scope

import (
	"bufio"
	"fmt"
	"io"
	"path"
	"regexp"
	"regexp/syntax"
	"strings"

	"github.com/uritool/uritool/internal/idn"
)

// Scope is a parsed scope file.
type Scope struct {
	include, exclude []rule
}

// rule is one line: a glob or a regular expression. A glob whose only
// wildcard is "*" (nearly all: "*.example.com") is kept as its literal
// pieces, matched with prefix, suffix and index tests, some ten times
// faster than path.Match, which the others use.
type rule struct {
	glob   string
	pieces []string // glob split at "*", when it has no other wildcard
	re     *regexp.Regexp
	// must is a literal that every host re matches holds ("" for none):
	// a host without it is no match, found some fifty times faster than
	// the expression finds it.
	must string
}

func newGlob(glob string) rule {
	r := rule{glob: glob}
	if !strings.ContainsAny(glob, `?[\`) {
		r.pieces = strings.Split(glob, "*")
	}
	return r
}

func (r *rule) match(host string) bool {
	switch {
	case r.re != nil:
		return strings.Contains(host, r.must) && r.re.MatchString(host)
	case r.pieces == nil:
		ok, _ := path.Match(r.glob, host)
		return ok
	case len(r.pieces) == 1:
		return host == r.glob
	}
	// A host has no "/", so "*" matches any run of its bytes, as in
	// path.Match.
	first, last := r.pieces[0], r.pieces[len(r.pieces)-1]
	if len(host) < len(first)+len(last) || !strings.HasPrefix(host, first) || !strings.HasSuffix(host, last) {
		return false
	}
	host = host[len(first) : len(host)-len(last)]
	for _, p := range r.pieces[1 : len(r.pieces)-1] {
		i := strings.Index(host, p)
		if i < 0 {
			return false
		}
		host = host[i+len(p):]
	}
	return true
}

// LineError is a line of a scope file that cannot be read.
type LineError struct {
	File string
	Line int
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err) }
func (e *LineError) Unwrap() error { return e.Err }

// Parse reads a scope file named file (for errors) from r.
func Parse(file string, r io.Reader) (*Scope, error) {
	s := &Scope{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		exclude := false
		if rest, ok := strings.CutPrefix(line, "!"); ok {
			line, exclude = strings.TrimSpace(rest), true
		}
		r, err := parseRule(line)
		if err != nil {
			return nil, &LineError{file, n, err}
		}
		if exclude {
			s.exclude = append(s.exclude, r)
		} else {
			s.include = append(s.include, r)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return s, nil
}

func parseRule(line string) (rule, error) {
	if expr, ok := strings.CutPrefix(line, "re:"); ok {
		re, err := regexp.Compile(expr)
		if err != nil {
			return rule{}, fmt.Errorf("invalid regular expression %q: %v", expr, err)
		}
		return rule{re: re, must: mustHold(expr)}, nil
	}
	if line == "" {
		return rule{}, fmt.Errorf("empty pattern")
	}
	if _, err := path.Match(line, ""); err != nil {
		return rule{}, fmt.Errorf("invalid glob %q: %v", line, err)
	}
	// A label without a wildcard is compared as its A-label.
	labels := strings.Split(strings.ToLower(line), ".")
	for i, l := range labels {
		if !strings.ContainsAny(l, `*?[\`) && idn.International(l) {
			a, err := idn.ToASCII(l)
			if err != nil {
				return rule{}, fmt.Errorf("invalid host label %q: %v", l, err)
			}
			labels[i] = a
		}
	}
	return newGlob(strings.Join(labels, ".")), nil
}

// In reports whether host, as a URI or IRI writes it, is in scope.
func (s *Scope) In(host string) bool {
	// One look at each byte says what most hosts need: nothing, being
	// lowercase ASCII without an A-label.
	var class uint8
	for i := 0; i < len(host); i++ {
		class |= hostBytes[host[i]]
	}
	h := host
	if class&upper != 0 {
		h = strings.ToLower(h)
	}
	if (class&maybeIDN != 0 || strings.Contains(h, "xn--")) && idn.International(h) {
		if a, _, err := idn.HostForms(h); err == nil {
			h = a
		}
	}
	included := len(s.include) == 0
	for i := range s.include {
		if s.include[i].match(h) {
			included = true
			break
		}
	}
	if !included {
		return false
	}
	for i := range s.exclude {
		if s.exclude[i].match(h) {
			return false
		}
	}
	return true
}

// mustHold is the longest literal that every string expr matches holds:
// a literal of the sequence the expression is, or of a group in it. A
// literal that ignores case is left out, since a host is compared in
// lowercase and the literal need not be.
func mustHold(expr string) string {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return ""
	}
	var longest string
	var walk func(re *syntax.Regexp)
	walk = func(re *syntax.Regexp) {
		switch re.Op {
		case syntax.OpLiteral:
			if re.Flags&syntax.FoldCase == 0 && len(re.Rune) > len([]rune(longest)) {
				longest = string(re.Rune)
			}
		case syntax.OpConcat:
			for _, sub := range re.Sub {
				walk(sub)
			}
		case syntax.OpCapture, syntax.OpPlus:
			walk(re.Sub[0]) // once at least
		}
	}
	walk(re.Simplify())
	return longest
}

// The classes of a host's bytes that In looks for.
const (
	upper    = 1 << iota // an ASCII capital
	maybeIDN             // a non-ASCII byte or a '%': a Unicode name, perhaps
)

var hostBytes = func() (t [256]uint8) {
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = upper
	}
	t['%'] = maybeIDN
	for c := 0x80; c < 0x100; c++ {
		t[c] = maybeIDN
	}
	return t
}()
