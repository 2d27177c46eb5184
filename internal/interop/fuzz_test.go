package interop

import (
	"slices"
	"testing"

	"github.com/uritool/uritool/pkg/uri"
)

// FuzzDifferential checks what holds of the three readings of any input:
// each is well formed, Compare is symmetric and has nothing to say when
// every parser rejects, and AuthorityDiff speaks exactly when Compare
// finds an authority disagreement. Seeded from the corpus.
func FuzzDifferential(f *testing.F) {
	for _, c := range loadCorpus(f) {
		f.Add(c.Input)
	}
	f.Fuzz(func(t *testing.T, s string) {
		rs := readOf(Read, s)
		checkReadings(t, s, rs)
		got := compareOf(rs, Components)

		// Compare is symmetric: no parser's view is the reference.
		for _, p := range permutations(rs) {
			if q := compareOf(p, Components); !slices.Equal(q, got) {
				t.Fatalf("Compare depends on parser order for %q: %q and %q", s, got, q)
			}
		}
		if accepted(&rs) == 0 && len(got) > 0 {
			t.Fatalf("all parsers reject %q, yet Compare = %q", s, got)
		}

		// AuthorityDiff speaks exactly when Compare finds an authority
		// disagreement among the accepting parsers of an RFC 3986 URI
		// with an authority.
		d := slices.DeleteFunc(compareOf(rs, []string{"userinfo", "host", "port"}), func(c string) bool { return c == "accepted" })
		want := rs[0].OK && rs[0].HasHost && len(d) > 0
		msg := ""
		if u, err := uri.Parse(s); err == nil {
			msg = AuthorityDiff(u)
		}
		if (msg != "") != want {
			t.Fatalf("AuthorityDiff(%q) = %q, but Compare = %q", s, msg, d)
		}
	})
}

// checkReadings checks what holds for every reading, whatever the input.
func checkReadings(t *testing.T, s string, rs [3]Reading) {
	for i, r := range rs {
		if r.Parser != Parsers[i] {
			t.Fatalf("Read(%q)[%d].Parser = %q, want %q", s, i, r.Parser, Parsers[i])
		}
		if r.OK != (r.Err == "") {
			t.Fatalf("Read(%q) %s: OK %v with Err %q", s, r.Parser, r.OK, r.Err)
		}
		if !r.OK && r != (Reading{Parser: r.Parser, Err: r.Err}) {
			t.Fatalf("Read(%q) %s rejects but has components: %+v", s, r.Parser, r)
		}
	}
}

// permutations returns rs in every order.
func permutations(rs [3]Reading) [][3]Reading {
	var out [][3]Reading
	for _, o := range [...][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}} {
		out = append(out, [3]Reading{rs[o[0]], rs[o[1]], rs[o[2]]})
	}
	return out
}

// FuzzBaseRead: against any base, each parser gives one well-formed
// reading, and a base a parser rejects is that parser's rejection of
// every input. What rfc3986 accepts is a target URI (RFC 3986 section
// 5.2), whose recomposition (5.3) parses back to the same reading; its
// path keeps the base's dot-segments when the reference's path is empty,
// as 5.2.2 says. Seeded from WPT's pairs of input and base.
func FuzzBaseRead(f *testing.F) {
	for _, c := range loadWPT(f) {
		if c.Base != nil {
			f.Add(*c.Base, c.Input)
		}
	}
	f.Fuzz(func(t *testing.T, base, s string) {
		b := ParseBase(base)
		rs := readOf(b.Read, s)
		checkReadings(t, s, rs)
		for i, e := range b.Errors() {
			if e != "" && rs[i].Err != e {
				t.Fatalf("base %q rejected by %s (%s), yet %q reads %+v", base, Parsers[i], e, s, rs[i])
			}
		}
		if !rs[0].OK {
			return
		}
		text := recompose(rs[0])
		target, err := uri.Parse(text)
		if err != nil || !target.IsAbsolute() {
			t.Fatalf("%q against %q: rfc3986 target %q is not a URI: %v", s, base, text, err)
		}
		if r := readRFC3986(text); r != rs[0] {
			t.Fatalf("%q against %q: target %q reads back as %+v, not %+v", s, base, text, r, rs[0])
		}
	})
}
