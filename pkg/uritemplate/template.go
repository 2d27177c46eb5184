// Package uritemplate parses and expands URI Templates (RFC 6570) at all
// four levels, and matches expansions back to variable values where that
// inverse is well defined.
//
// Parse is strict: it refuses every template outside the grammar of RFC
// 6570 section 2, including the reserved operators "=", ",", "!", "@" and
// "|" (section 2.2), and reports the byte offset of the fault in an *Error.
// Expand follows the algorithm of section 3.2 and Appendix A; the one
// expansion-time error is a prefix modifier applied to a list or an
// associative array (section 2.4.1).
//
// # Matching
//
// Template.Match is the inverse of Expand for the templates that
// Template.Matchable accepts, which are those where the extent and the
// value of every expression can be read off the string:
//
//   - no explode ("*") or prefix (":N") modifier, since both lose the
//     boundaries or the tail of values;
//   - each variable appears once;
//   - simple {x}, ".", "/", ";", "?" and "&" expressions with any number of
//     variables, except "." with more than one, since "." is both its
//     separator and an unreserved character a value may hold;
//   - "+" and "#" with a single variable and only as the last expression
//     with nothing after it, since their values may hold any reserved
//     character and so could run into whatever follows;
//   - no expression may be followed by something that can begin with a
//     character its own expansion may contain ("{x}{.y}", "{x}{y}"),
//     except that "{?a,b}" and "{&a,b}" may be followed by "&"
//     expressions: their "&" is always followed by one of their own names.
//
// Where variables may be undefined, several values can expand to the same
// string: "{/x,y}" gives "/a" for x="a" and for y="a". Match then defines
// the leftmost variables, within an expression and across adjacent
// expressions with the same operator, and it defines the first variable
// of an empty simple expression as "". Values of simple, ".", "/", ";",
// "?" and "&" expressions are percent-decoded; values of "+" and "#" are
// returned as they appear, because those operators pass pct-triplets
// through, so "%2F" and "/" would decode alike but expand differently.
package uritemplate

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/uritool/uritool/internal/ascii"
)

// Error reports a malformed template, a template that cannot be matched,
// or a value that cannot be expanded.
type Error struct {
	// Offset is the byte offset in the template of the first byte that
	// cannot belong to a valid template; for an expression that is not
	// closed it is the offset of its "{", and for errors about a variable
	// (at expansion or matching) that of the variable's name.
	Offset int
	// Msg describes the fault without the offset.
	Msg string
}

func (e *Error) Error() string {
	return "uritemplate: offset " + strconv.Itoa(e.Offset) + ": " + e.Msg
}

// Template is a parsed URI Template. The zero value is the empty
// template, which expands to "". A Template is safe for concurrent use.
type Template struct {
	parts []part

	match    sync.Once // builds matcher on first use
	matcher  *matcher
	matchErr error
}

// part is a literal (op == nil) or an expression.
type part struct {
	off  int
	lit  string // literal as written
	out  string // literal as expanded: non-ASCII pct-encoded (section 3.1)
	op   *operator
	vars []varspec
}

type varspec struct {
	off     int
	name    string
	prefix  int // 0 when there is no prefix modifier
	explode bool
}

// operator holds the per-operator behaviour of RFC 6570 Appendix A.
type operator struct {
	char     byte // 0 for simple string expansion
	first    string
	sep      string
	named    bool
	ifemp    string
	reserved bool // allowed set is U+R rather than U
}

var (
	opSimple   = &operator{sep: ","}
	opReserved = &operator{char: '+', sep: ",", reserved: true}
	opFragment = &operator{char: '#', first: "#", sep: ",", reserved: true}
	opLabel    = &operator{char: '.', first: ".", sep: "."}
	opPath     = &operator{char: '/', first: "/", sep: "/"}
	opParam    = &operator{char: ';', first: ";", sep: ";", named: true}
	opQuery    = &operator{char: '?', first: "?", sep: "&", named: true, ifemp: "="}
	opCont     = &operator{char: '&', first: "&", sep: "&", named: true, ifemp: "="}
)

func operatorFor(c byte) *operator {
	for _, op := range []*operator{opReserved, opFragment, opLabel, opPath, opParam, opQuery, opCont} {
		if op.char == c {
			return op
		}
	}
	return nil
}

// Parse parses a URI Template by the grammar of RFC 6570 section 2.
func Parse(s string) (*Template, error) {
	t := &Template{}
	for i := 0; i < len(s); {
		if s[i] == '{' {
			p, next, err := parseExpression(s, i)
			if err != nil {
				return nil, err
			}
			t.parts = append(t.parts, p)
			i = next
			continue
		}
		start := i
		for i < len(s) && s[i] != '{' {
			n, err := literalLen(s, i)
			if err != nil {
				return nil, err
			}
			i += n
		}
		t.parts = append(t.parts, part{off: start, lit: s[start:i], out: expandLiteral(s[start:i])})
	}
	return t, nil
}

// MustParse is like Parse but panics on error; it is meant for templates
// fixed in source code.
func MustParse(s string) *Template {
	t, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return t
}

// literalLen returns the length of the literal character at s[i]
// (section 2.1).
func literalLen(s string, i int) (int, error) {
	c := s[i]
	switch {
	case class[c]&literal != 0:
		return 1, nil
	case c == '%':
		if !isTriplet(s, i) {
			return 0, &Error{ascii.PctBreak(s, i), "'%' not followed by two hex digits"}
		}
		return 3, nil
	case c < utf8.RuneSelf:
		return 0, &Error{i, fmt.Sprintf("character %q not allowed in a literal", c)}
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && n == 1 {
		return 0, &Error{i, "invalid UTF-8"}
	}
	if !isUcsOrPrivate(r) {
		return 0, &Error{i, fmt.Sprintf("character %U not allowed in a literal", r)}
	}
	return n, nil
}

// expandLiteral pct-encodes the non-ASCII characters of a valid literal;
// every ASCII literal character is in the U+R set (section 3.1).
func expandLiteral(lit string) string {
	for i := 0; i < len(lit); i++ {
		if lit[i] >= utf8.RuneSelf {
			return string(appendEncoded(nil, lit, true))
		}
	}
	return lit
}

// parseExpression parses the expression starting with the "{" at s[start]
// and returns it with the offset just past its "}".
func parseExpression(s string, start int) (part, int, error) {
	p := part{off: start, op: opSimple}
	i := start + 1
	if i < len(s) {
		if op := operatorFor(s[i]); op != nil {
			p.op = op
			i++
		} else if strings.IndexByte("=,!@|", s[i]) >= 0 {
			return p, 0, &Error{i, fmt.Sprintf("operator %q is reserved for future extensions", s[i])}
		}
	}
	for {
		v, next, err := parseVarspec(s, i)
		if err != nil {
			if next >= len(s) {
				return p, 0, &Error{start, "expression is not closed by }"}
			}
			return p, 0, err
		}
		p.vars = append(p.vars, v)
		i = next
		switch {
		case i >= len(s):
			return p, 0, &Error{start, "expression is not closed by }"}
		case s[i] == '}':
			return p, i + 1, nil
		case s[i] != ',':
			return p, 0, &Error{i, fmt.Sprintf("unexpected %q: want , or }", s[i])}
		}
		i++
	}
}

// parseVarspec parses varname [ ":" max-length / "*" ] at s[i]. On error
// the returned offset is that of the fault.
func parseVarspec(s string, i int) (varspec, int, error) {
	v := varspec{off: i}
	for {
		switch {
		case i < len(s) && class[s[i]]&varchar != 0:
			i++
		case isTriplet(s, i):
			i += 3
		case i < len(s) && s[i] == '%':
			return v, i, &Error{ascii.PctBreak(s, i), "'%' not followed by two hex digits"}
		case i == v.off:
			return v, i, &Error{i, "expected a variable name"}
		default:
			return v, i, &Error{i, "a . in a variable name must be followed by a name character"}
		}
		if i < len(s) && (s[i] == '.' || s[i] == '%' || class[s[i]]&varchar != 0) {
			if s[i] == '.' {
				i++
			}
			continue
		}
		break
	}
	v.name = s[v.off:i]
	if i >= len(s) {
		return v, i, nil
	}
	switch s[i] {
	case '*':
		v.explode = true
		i++
	case ':':
		i++
		d := i
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		switch {
		case d == i:
			return v, i, &Error{i, "expected a prefix length after :"}
		case s[d] == '0':
			return v, d, &Error{d, "prefix length must not begin with 0"}
		case i-d > 4:
			return v, d, &Error{d, "prefix length exceeds 9999"}
		}
		v.prefix, _ = strconv.Atoi(s[d:i])
	}
	return v, i, nil
}

// String returns the template in the syntax Parse reads; Parse(t.String())
// gives back t.
func (t *Template) String() string {
	var b strings.Builder
	for _, p := range t.parts {
		if p.op == nil {
			b.WriteString(p.lit)
			continue
		}
		b.WriteByte('{')
		if p.op.char != 0 {
			b.WriteByte(p.op.char)
		}
		for i, v := range p.vars {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(v.name)
			switch {
			case v.explode:
				b.WriteByte('*')
			case v.prefix > 0:
				b.WriteByte(':')
				b.WriteString(strconv.Itoa(v.prefix))
			}
		}
		b.WriteByte('}')
	}
	return b.String()
}

// Names returns the names of the template's variables in the order of
// their first appearance, each once.
func (t *Template) Names() []string {
	var names []string
	seen := map[string]bool{}
	for _, p := range t.parts {
		for _, v := range p.vars {
			if !seen[v.name] {
				seen[v.name] = true
				names = append(names, v.name)
			}
		}
	}
	return names
}
