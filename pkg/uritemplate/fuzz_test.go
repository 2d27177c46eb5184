package uritemplate

import (
	"errors"
	"testing"

	"github.com/uritool/uritool/pkg/uri"
)

func seedTemplates(f *testing.F) {
	for _, file := range suiteFiles {
		for _, c := range loadSuite(f, file) {
			f.Add(c.template, "v a/l%C3%BCe")
		}
	}
	f.Add("http://h/{x}{/y}/{z}{?q,r}{&s}#{;t}", "")
}

// FuzzParse checks that Parse never panics, that every refusal is an
// *Error inside the template, and that String gives back what Parse read.
func FuzzParse(f *testing.F) {
	seedTemplates(f)
	f.Fuzz(func(t *testing.T, s, _ string) {
		tmpl, err := Parse(s)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(s) {
				t.Fatalf("Parse(%q) = %v", s, err)
			}
			return
		}
		if got := tmpl.String(); got != s {
			t.Fatalf("Parse(%q).String() = %q", s, got)
		}
	})
}

// FuzzExpand expands templates with every variable set to one string. The
// output must be a URI reference whenever the literals alone are one and
// every expression is a U-operator one (simple, ".", "/", ";", "?", "&")
// placed after the scheme and authority: those encode every value
// character that could end a component. "+" and "#" pass reserved
// characters through by design, and an expression inside the scheme,
// host or port can make it invalid ("{x}:" with x="1"), so those are not
// checked. Matchable templates must also match their expansion with
// values that expand back to it.
func FuzzExpand(f *testing.F) {
	seedTemplates(f)
	f.Fuzz(func(t *testing.T, s, value string) {
		tmpl, err := Parse(s)
		if err != nil {
			return
		}
		vals := Values{}
		for _, name := range tmpl.Names() {
			vals[name] = String(value)
		}
		out, err := tmpl.Expand(vals)
		if err != nil {
			t.Fatalf("Expand(%q): %v", s, err)
		}
		if uExpressionsAfterAuthority(tmpl) {
			if _, err := uri.Parse(out); err != nil {
				t.Fatalf("Expand(%q) with %q = %q: %v", s, value, out, err)
			}
		}
		if tmpl.Matchable() != nil {
			return
		}
		got, ok := tmpl.Match(out)
		if !ok {
			t.Fatalf("Parse(%q).Match(%q) failed on its own expansion", s, out)
		}
		if again, _ := tmpl.Expand(got); again != out {
			t.Fatalf("Parse(%q).Match(%q) = %v, which expands to %q", s, out, got, again)
		}
	})
}

// uExpressionsAfterAuthority reports whether the literals of tmpl form a
// URI reference and every expression is a U-operator one that comes
// strictly after the scheme and authority of that reference.
func uExpressionsAfterAuthority(tmpl *Template) bool {
	skeleton, _ := tmpl.Expand(nil)
	u, err := uri.Parse(skeleton)
	if err != nil {
		return false
	}
	start := 0
	if scheme, ok := u.Scheme(); ok {
		start = len(scheme) + 1
	}
	if auth, ok := u.Authority(); ok {
		start += 2 + len(auth) + 1
	}
	pos := 0
	for _, p := range tmpl.parts {
		if p.op == nil {
			pos += len(p.out)
			continue
		}
		if p.op.reserved || pos < start {
			return false
		}
	}
	return true
}
