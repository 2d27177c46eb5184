package uri_test

import (
	"errors"
	"regexp/syntax"
	"testing"

	"github.com/uritool/uritool/pkg/uri"
)

// viable finds, for a regular language, the longest prefix of an input
// that some string of the language begins with. It runs the Thompson NFA
// that regexp/syntax compiles from the ABNF regular expressions of
// fuzz_test.go, keeping only states from which a match can still be
// reached: independent of the parser it checks.
type viable struct {
	prog *syntax.Prog
	live []bool // live[pc]: a Match instruction is reachable from pc
}

func newViable(re string) *viable {
	r, err := syntax.Parse(re, syntax.Perl)
	if err != nil {
		panic(err)
	}
	prog, err := syntax.Compile(r.Simplify())
	if err != nil {
		panic(err)
	}
	v := &viable{prog: prog, live: make([]bool, len(prog.Inst))}
	for changed := true; changed; {
		changed = false
		for pc, in := range prog.Inst {
			if v.live[pc] {
				continue
			}
			l := false
			switch in.Op {
			case syntax.InstMatch:
				l = true
			case syntax.InstAlt, syntax.InstAltMatch:
				l = v.live[in.Out] || v.live[in.Arg]
			case syntax.InstFail:
			default:
				l = v.live[in.Out]
			}
			if l {
				v.live[pc], changed = true, true
			}
		}
	}
	return v
}

// stateSet is a set of instruction indexes, kept in insertion order.
type stateSet struct {
	list []uint32
	in   []bool
}

func (v *viable) newSet() *stateSet { return &stateSet{in: make([]bool, len(v.prog.Inst))} }

func (ss *stateSet) clear() {
	for _, pc := range ss.list {
		ss.in[pc] = false
	}
	ss.list = ss.list[:0]
}

// add puts pc and the live states it reaches without reading into set.
func (v *viable) add(set *stateSet, pc uint32, atStart bool) {
	if set.in[pc] || !v.live[pc] {
		return
	}
	set.in[pc] = true
	set.list = append(set.list, pc)
	in := v.prog.Inst[pc]
	switch in.Op {
	case syntax.InstAlt, syntax.InstAltMatch:
		v.add(set, in.Out, atStart)
		v.add(set, in.Arg, atStart)
	case syntax.InstCapture, syntax.InstNop:
		v.add(set, in.Out, atStart)
	case syntax.InstEmptyWidth:
		// ^ holds only before the first byte; $ only at the end, which
		// an input that is still being read can always reach.
		if syntax.EmptyOp(in.Arg)&syntax.EmptyBeginText == 0 || atStart {
			v.add(set, in.Out, atStart)
		}
	}
}

// prefix returns the length of the longest prefix of s that is also a
// prefix of a string of the language.
func (v *viable) prefix(s string) int {
	set, next := v.newSet(), v.newSet()
	v.add(set, uint32(v.prog.Start), true)
	for i := 0; i < len(s); i++ {
		next.clear()
		for _, pc := range set.list {
			in := v.prog.Inst[pc]
			switch in.Op {
			case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
				// The grammar is ASCII: a byte >= 0x80 matches nothing.
				if s[i] < 0x80 && in.MatchRune(rune(s[i])) {
					v.add(next, in.Out, false)
				}
			}
		}
		if len(next.list) == 0 {
			return i
		}
		set, next = next, set
	}
	return len(s)
}

var (
	viableURIReference = newViable(`^` + group(abnfURIReference) + `$`)
	viableURI          = newViable(`^` + group(abnfURI) + `$`)
	viableAbsoluteURI  = newViable(`^` + group(abnfAbsoluteURI) + `$`)
)

// checkOffset checks the rule of ParseError.Offset for one input and
// parser: the offset is the longest viable prefix.
func checkOffset(t *testing.T, name string, v *viable, s string, err error) {
	t.Helper()
	var pe *uri.ParseError
	if !errors.As(err, &pe) {
		return
	}
	if want := v.prefix(s); pe.Offset != want {
		t.Errorf("%s(%q): offset %d (%v); the longest prefix that can still be extended to a valid string is %d bytes",
			name, s, pe.Offset, pe, want)
	}
}

// TestOffsetIsLongestViablePrefix checks ParseError.Offset on every input
// of the corpus and the benchmark files, and on each of them with one
// byte replaced or inserted, from the bytes that delimit or begin
// constructs (for a quarter of the short ones, to keep the test quick;
// FuzzParse checks the rule on every input it tries).
func TestOffsetIsLongestViablePrefix(t *testing.T) {
	inputs := corpusStrings(t)
	invalid, err := benchInvalid()
	if err != nil {
		t.Fatal(err)
	}
	inputs = append(inputs, invalid...)
	var mutants []string
	for k, s := range inputs {
		if len(s) > 48 || k%4 != 0 {
			continue
		}
		for i := 0; i <= len(s); i++ {
			for _, b := range []string{":", "/", "?", "#", "[", "]", "@", "%", ".", "v", "1", "a", " "} {
				mutants = append(mutants, s[:i]+b+s[i:])
				if i < len(s) {
					mutants = append(mutants, s[:i]+b+s[i+1:])
				}
			}
		}
	}
	for _, s := range append(inputs, mutants...) {
		_, err := uri.Parse(s)
		checkOffset(t, "Parse", viableURIReference, s, err)
		_, err = uri.ParseRule(s, uri.RuleURI)
		checkOffset(t, "ParseURI", viableURI, s, err)
		_, err = uri.ParseRule(s, uri.RuleAbsoluteURI)
		checkOffset(t, "ParseAbsolute", viableAbsoluteURI, s, err)
	}
}

// corpusStrings returns every reference-like string of the conformance
// corpus, valid or not.
func corpusStrings(t *testing.T) []string {
	var all []string
	for _, name := range []string{"parse.json", "validity.json", "resolve.json", "normalize.json", "disputed.json", "relativize.json"} {
		for _, c := range loadCases[seedCase](t, name) {
			all = append(all, c.Input, c.Base, c.Ref)
		}
	}
	return all
}

func TestViable(t *testing.T) {
	v := viableURIReference
	for _, c := range []struct {
		in   string
		want int
	}{
		{"", 0}, {"http://a/b", 10}, {"http://a b", 8}, {"http://a:b", 10},
		{"//[1.2.3.4]", 4}, {"a%zz", 2}, {"//[::1", 6}, {"é", 0},
	} {
		if got := v.prefix(c.in); got != c.want {
			t.Errorf("viable prefix of %q = %d, want %d", c.in, got, c.want)
		}
	}
}
