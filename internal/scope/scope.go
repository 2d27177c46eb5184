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
	"regexp"
	"regexp/syntax"
	"strings"

	"github.com/uritool/uritool/internal/glob"
	"github.com/uritool/uritool/internal/idn"
)

// Scope is a parsed scope file.
type Scope struct {
	include, exclude []rule
}

// rule is one line: a glob or a regular expression.
type rule struct {
	glob glob.Name
	re   *regexp.Regexp
	// must is a literal that every host re matches holds ("" for none),
	// end one that it ends with: a host without it is no match, found
	// some fifty times faster than the expression finds it.
	must, end string
}

func (r *rule) match(host string) bool {
	switch {
	case r.re != nil && r.end != "":
		return strings.HasSuffix(host, r.end) && r.re.MatchString(host)
	case r.re != nil:
		return strings.Contains(host, r.must) && r.re.MatchString(host)
	}
	return r.glob.Match(host)
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
		must, end := mustHold(expr)
		return rule{re: re, must: must, end: end}, nil
	}
	if line == "" {
		return rule{}, fmt.Errorf("empty pattern")
	}
	if _, err := glob.ParseName(line); err != nil {
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
	g, err := glob.ParseName(strings.Join(labels, "."))
	if err != nil {
		return rule{}, fmt.Errorf("invalid glob %q: %v", line, err)
	}
	return rule{glob: g}, nil
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
	if class&maybeIDN != 0 {
		// HostForms gives a host that is not international back as it is.
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

// mustHold is the longest literal that every string expr matches holds,
// and the literal that every one ends with: a literal of the sequence
// the expression is, or of a group in it; the last before the end of the
// text ("$"). A literal that ignores case is left out, since a host is
// compared in lowercase and the literal need not be.
func mustHold(expr string) (must, end string) {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return "", ""
	}
	literal := func(re *syntax.Regexp) bool { return re.Op == syntax.OpLiteral && re.Flags&syntax.FoldCase == 0 }
	var walk func(re *syntax.Regexp)
	walk = func(re *syntax.Regexp) {
		switch re.Op {
		case syntax.OpLiteral:
			if literal(re) && len(re.Rune) > len([]rune(must)) {
				must = string(re.Rune)
			}
		case syntax.OpConcat:
			for _, sub := range re.Sub {
				walk(sub)
			}
		case syntax.OpCapture, syntax.OpPlus:
			walk(re.Sub[0]) // once at least
		}
	}
	re = re.Simplify()
	walk(re)
	if n := len(re.Sub); re.Op == syntax.OpConcat && n >= 2 && re.Sub[n-1].Op == syntax.OpEndText && literal(re.Sub[n-2]) {
		end = string(re.Sub[n-2].Rune)
	}
	return must, end
}

// The classes of a host's bytes that In looks for.
const (
	upper    = 1 << iota // an ASCII capital
	maybeIDN             // a byte idn.International needs (non-ASCII, '%', the '-' of "xn--")
)

var hostBytes = func() (t [256]uint8) {
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = upper
	}
	t['%'], t['-'] = maybeIDN, maybeIDN
	for c := 0x80; c < 0x100; c++ {
		t[c] = maybeIDN
	}
	return t
}()
