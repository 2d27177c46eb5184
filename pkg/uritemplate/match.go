package uritemplate

import (
	"fmt"
	"regexp"
	"strings"
)

// matcher is a template compiled to an anchored regular expression whose
// groups capture values; Go's leftmost-first matching with greedy
// optional groups is what defines the leftmost variables (see the
// package doc).
type matcher struct {
	re     *regexp.Regexp
	groups []capture // one per capturing group, in order
}

type capture struct {
	name   string
	raw    bool // value of "+" or "#": not percent-decoded
	trimEq bool // ";" item: the group holds "=value" or ""
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
	for i, c := range t.matcher.groups {
		start, end := m[2*i+2], m[2*i+3]
		if start < 0 {
			continue
		}
		v := s[start:end]
		if c.trimEq {
			v = strings.TrimPrefix(v, "=")
		}
		if !c.raw {
			v = percentDecode(v)
		}
		vals[c.name] = String(v)
	}
	return vals, true
}

func (t *Template) compileMatcher() {
	if err := t.checkMatchable(); err != nil {
		t.matchErr = err
		return
	}
	m := &matcher{}
	var re strings.Builder
	re.WriteString(`^`)
	for _, p := range t.parts {
		if p.op == nil {
			re.WriteString(regexp.QuoteMeta(p.out))
			continue
		}
		m.writeExpression(&re, &p)
	}
	re.WriteString(`$`)
	m.re = regexp.MustCompile(re.String())
	t.matcher = m
}

// writeExpression writes the pattern of one matchable expression. An
// expression with a first character is optional as a whole; within it,
// unnamed variables are taken from the left, and named ones are an
// ordered subset: one alternative per first defined variable.
func (m *matcher) writeExpression(re *strings.Builder, p *part) {
	op := p.op
	if op.first != "" {
		re.WriteString(`(?:` + regexp.QuoteMeta(op.first))
	}
	sep := regexp.QuoteMeta(op.sep)
	if !op.named {
		for i, v := range p.vars {
			if i > 0 {
				re.WriteString(`(?:` + sep)
			}
			m.writeItem(re, op, v)
		}
		re.WriteString(strings.Repeat(`)?`, len(p.vars)-1))
	} else {
		re.WriteString(`(?:`)
		for i := range p.vars {
			if i > 0 {
				re.WriteString(`|`)
			}
			m.writeItem(re, op, p.vars[i])
			for _, v := range p.vars[i+1:] {
				re.WriteString(`(?:` + sep)
				m.writeItem(re, op, v)
				re.WriteString(`)?`)
			}
		}
		re.WriteString(`)`)
	}
	if op.first != "" {
		re.WriteString(`)?`)
	}
}

// writeItem writes the pattern of one variable's expansion, whose value
// is the only capturing group.
func (m *matcher) writeItem(re *strings.Builder, op *operator, v varspec) {
	c := capture{name: v.name, raw: op.reserved}
	value := uValue
	if op.reserved {
		value = urValue
	}
	switch {
	case !op.named:
		re.WriteString(`(` + value + `*)`)
	case op.ifemp == "": // ";": a bare name for the empty string
		re.WriteString(regexp.QuoteMeta(v.name) + `(=` + value + `+|)`)
		c.trimEq = true
	default:
		re.WriteString(regexp.QuoteMeta(v.name) + `=(` + value + `*)`)
	}
	m.groups = append(m.groups, c)
}

// checkMatchable applies the rules of the package doc.
func (t *Template) checkMatchable() error {
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
		inner := p.contents()
		// In a named "?" or "&" expression, the separator "&" is always
		// followed by one of its own names and "=", so a later "&"
		// expression, whose names differ, cannot be mistaken for it.
		follow := t.follow(k+1, p.op.ifemp != "" && len(p.vars) > 1)
		for c := range 256 {
			if inner[c] && follow[c] {
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

// follow is the set of bytes that may begin the expansion of
// t.parts[k:], leaving out the "&" that begins "&" expressions when
// skipCont is set.
func (t *Template) follow(k int, skipCont bool) *byteSet {
	var s byteSet
	for _, p := range t.parts[k:] {
		switch {
		case p.op == nil:
			s[p.out[0]] = true
			return &s
		case p.op.first != "":
			s[p.op.first[0]] = s[p.op.first[0]] || p.op != opCont || !skipCont
		default: // may expand to "", so what follows may begin too
			for c, in := range p.contents() {
				s[c] = s[c] || in
			}
		}
	}
	return &s
}
