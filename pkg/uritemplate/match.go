package uritemplate

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/uritool/uritool/pkg/uri"
)

// matcher is a template compiled to an anchored regular expression with
// one capturing group per expression, whose content is split into values
// after matching: one group per variable makes matching slow in the
// number of variables. Go's leftmost-first matching with greedy optional
// groups is what defines the leftmost expressions (see the package doc).
type matcher struct {
	re    *regexp.Regexp
	exprs []*part // the expression of each capturing group
}

const (
	uValue  = `(?:[-A-Za-z0-9._~]|%[0-9A-F]{2})`
	urValue = `(?:[-A-Za-z0-9._~:/?#\[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})`
)

// Matchable reports whether Match can invert t, or an *Error at the
// first expression or variable that prevents it; the package doc lists
// the rules.
func (t *Template) Matchable() error {
	t.match.Do(t.compileMatcher)
	return t.matchErr
}

// Match returns the values that expand t to s, and false when there are
// none or t is not matchable.
func (t *Template) Match(s string) (Values, bool) {
	if t.Matchable() != nil {
		return nil, false
	}
	m := t.matcher.re.FindStringSubmatchIndex(s)
	if m == nil {
		return nil, false
	}
	vals := Values{}
	for i, p := range t.matcher.exprs {
		start, end := m[2*i+2], m[2*i+3]
		if start >= 0 && !p.matchContent(s[start:end], vals) {
			return nil, false
		}
	}
	return vals, true
}

// matchContent reads the values of expression p from its expansion
// without the first character; the pattern has checked its syntax.
// Named items must follow the template's order, each once, as expansion
// writes them; unnamed values are given to the leftmost variables.
func (p *part) matchContent(content string, vals Values) bool {
	switch {
	case p.op.reserved: // a single variable, given as written
		vals[p.vars[0].name] = String(content)
		return true
	case !p.op.named && len(p.vars) == 1: // "{.x}" may hold its separator
		vals[p.vars[0].name] = String(uri.PercentDecode(content))
		return true
	}
	next := 0
	for item := range strings.SplitSeq(content, p.op.sep) {
		if !p.op.named {
			if next == len(p.vars) {
				return false
			}
			vals[p.vars[next].name] = String(uri.PercentDecode(item))
			next++
			continue
		}
		name, value, _ := strings.Cut(item, "=")
		i := slices.IndexFunc(p.vars[next:], func(v varspec) bool { return v.name == name })
		if i < 0 {
			return false
		}
		next += i + 1
		vals[name] = String(uri.PercentDecode(value))
	}
	return true
}

func (t *Template) compileMatcher() {
	if err := t.checkMatchable(); err != nil {
		t.matchErr = err
		return
	}
	m := &matcher{}
	var re strings.Builder
	re.WriteString(`^`)
	for i := range t.parts {
		p := &t.parts[i]
		if p.op == nil {
			re.WriteString(regexp.QuoteMeta(p.out))
			continue
		}
		m.writeExpression(&re, p)
	}
	re.WriteString(`$`)
	var err error
	if m.re, err = regexp.Compile(re.String()); err != nil {
		t.matchErr = &Error{0, "template too large to match: " + err.Error()}
		return
	}
	t.matcher = m
}

// writeExpression writes the pattern of one matchable expression, which
// is optional as a whole when it has a first character.
func (m *matcher) writeExpression(re *strings.Builder, p *part) {
	op := p.op
	if op.first != "" {
		re.WriteString(`(?:` + regexp.QuoteMeta(op.first))
	}
	item := uValue + `*`
	switch {
	case op.reserved:
		item = urValue + `*`
	case op.named:
		names := make([]string, len(p.vars))
		for i, v := range p.vars {
			names[i] = regexp.QuoteMeta(v.name)
		}
		item = `(?:` + strings.Join(names, "|") + `)=` + uValue + `*`
		if op.ifemp == "" { // ";": a bare name for the empty string
			item = `(?:` + strings.Join(names, "|") + `)(?:=` + uValue + `+)?`
		}
	}
	// Unnamed values do not hold the separator of a multi-variable
	// expression, so counting them bounds the items. The regexp package
	// limits such counts (to 1000 at most), which Matchable reports.
	more := `*`
	if !op.named {
		more = `{0,` + strconv.Itoa(len(p.vars)-1) + `}`
	}
	re.WriteString(`(` + item + `(?:` + regexp.QuoteMeta(op.sep) + item + `)` + more + `)`)
	m.exprs = append(m.exprs, p)
	if op.first != "" {
		re.WriteString(`)?`)
	}
}

// checkMatchable applies the rules of the package doc.
func (t *Template) checkMatchable() error {
	follow, followNoCont := t.follows()
	seen := map[string]bool{}
	for k, p := range t.parts {
		if p.op == nil {
			continue
		}
		for _, v := range p.vars {
			switch {
			case v.explode:
				return &Error{v.off, "an exploded variable cannot be matched"}
			case v.prefix > 0:
				return &Error{v.off, "a variable with a prefix modifier cannot be matched"}
			case seen[v.name]:
				return &Error{v.off, "variable " + v.name + " appears more than once"}
			}
			seen[v.name] = true
		}
		if len(p.vars) > 1 && (p.op == opLabel || p.op.reserved) {
			return &Error{p.off, fmt.Sprintf("values of a %q expression may contain its separator %q", p.op.char, p.op.sep)}
		}
		// In a named "?" or "&" expression, the separator "&" is always
		// followed by one of its own names and "=", so a later "&"
		// expression, whose names differ, cannot be mistaken for it.
		next := &follow[k+1]
		if p.op.ifemp != "" && len(p.vars) > 1 {
			next = &followNoCont[k+1]
		}
		inner := p.contents()
		for c := range 256 {
			if inner[c] && next[c] {
				return &Error{p.off, fmt.Sprintf("where this expression ends is ambiguous: it may contain %q, which may also begin what follows", rune(c))}
			}
		}
	}
	return nil
}

type byteSet [256]bool

// contents is the set of bytes an expansion of p may hold after its first
// character.
func (p *part) contents() *byteSet {
	var s byteSet
	allowed := unreserved
	if p.op.reserved {
		allowed |= reserved
	}
	for c := range 256 {
		s[c] = class[c]&allowed != 0
	}
	s['%'] = true
	if p.op.named {
		s['='] = true // names are varchars and triplets, already in the set
	}
	if len(p.vars) > 1 {
		s[p.op.sep[0]] = true
	}
	return &s
}

// follows returns, for each k, the set of bytes that may begin the
// expansion of t.parts[k:], and the same set without the "&" that begins
// "&" expressions.
func (t *Template) follows() (all, noCont []byteSet) {
	n := len(t.parts)
	all, noCont = make([]byteSet, n+1), make([]byteSet, n+1)
	for k := n - 1; k >= 0; k-- {
		p := &t.parts[k]
		switch {
		case p.op == nil:
			all[k][p.out[0]] = true
			noCont[k][p.out[0]] = true
			continue
		case p.op.first != "": // optional, so what follows may begin too
			all[k], noCont[k] = all[k+1], noCont[k+1]
			all[k][p.op.first[0]] = true
			if p.op != opCont {
				noCont[k][p.op.first[0]] = true
			}
		default: // may expand to "", so what follows may begin too
			all[k], noCont[k] = all[k+1], noCont[k+1]
			for c, in := range p.contents() {
				all[k][c] = all[k][c] || in
				noCont[k][c] = noCont[k][c] || in
			}
		}
	}
	return all, noCont
}
