package interop

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

// recompose writes a reading as RFC 3986 section 5.3 does.
func recompose(r Reading) string {
	var b strings.Builder
	if r.Scheme != "" {
		b.WriteString(r.Scheme + ":")
	}
	if r.HasHost {
		b.WriteString("//")
		if r.HasUserinfo {
			b.WriteString(r.Userinfo + "@")
		}
		b.WriteString(r.Host)
		if r.HasPort {
			b.WriteString(":" + r.Port)
		}
	}
	b.WriteString(r.Path)
	if r.HasQuery {
		b.WriteString("?" + r.Query)
	}
	if r.HasFragment {
		b.WriteString("#" + r.Fragment)
	}
	return b.String()
}

// TestBaseRFC3986Examples: the rfc3986 column resolves by section 5.2, as
// the examples of section 5.4 show.
func TestBaseRFC3986Examples(t *testing.T) {
	base := ParseBase("http://a/b/c/d;p?q")
	for ref, want := range map[string]string{
		// 5.4.1
		"g:h": "g:h", "g": "http://a/b/c/g", "./g": "http://a/b/c/g", "g/": "http://a/b/c/g/",
		"/g": "http://a/g", "//g": "http://g", "?y": "http://a/b/c/d;p?y", "g?y": "http://a/b/c/g?y",
		"#s": "http://a/b/c/d;p?q#s", "g#s": "http://a/b/c/g#s", "g?y#s": "http://a/b/c/g?y#s",
		";x": "http://a/b/c/;x", "g;x": "http://a/b/c/g;x", "g;x?y#s": "http://a/b/c/g;x?y#s",
		"": "http://a/b/c/d;p?q", ".": "http://a/b/c/", "./": "http://a/b/c/", "..": "http://a/b/",
		"../": "http://a/b/", "../g": "http://a/b/g", "../..": "http://a/", "../../": "http://a/",
		"../../g": "http://a/g",
		// 5.4.2
		"../../../g": "http://a/g", "../../../../g": "http://a/g", "/./g": "http://a/g",
		"/../g": "http://a/g", "g.": "http://a/b/c/g.", ".g": "http://a/b/c/.g", "g..": "http://a/b/c/g..",
		"..g": "http://a/b/c/..g", "./../g": "http://a/b/g", "./g/.": "http://a/b/c/g/",
		"g/./h": "http://a/b/c/g/h", "g/../h": "http://a/b/c/h", "g;x=1/./y": "http://a/b/c/g;x=1/y",
		"g;x=1/../y": "http://a/b/c/y", "g?y/./x": "http://a/b/c/g?y/./x", "g?y/../x": "http://a/b/c/g?y/../x",
		"g#s/./x": "http://a/b/c/g#s/./x", "g#s/../x": "http://a/b/c/g#s/../x", "http:g": "http:g",
	} {
		r := readOf(base.Read, ref)[0]
		if got := recompose(r); !r.OK || got != want {
			t.Errorf("%q: rfc3986 reads %q (OK %v, %s), want %q", ref, got, r.OK, r.Err, want)
		}
	}
}

// missingScheme is whatwg-url's message for a relative reference with no
// base it can take.
const missingScheme = "The input is missing a scheme, because it does not begin with an ASCII alpha, and either no base URL was provided or the base URL cannot be used as a base URL because it has an opaque path"

// TestBaseRead: each column resolves as its parser does, and a base or a
// reference a parser rejects is that column's rejection.
func TestBaseRead(t *testing.T) {
	for _, c := range []struct {
		base, ref string
		want      [3]string // recomposed, or "error: " and the error
	}{
		{"http://a/b/c/d;p?q", "../g", [3]string{"http://a/b/g", "http://a/b/g", "http://a/b/g"}},
		// Strict RFC 3986 (section 5.2.2) against WHATWG, which reads a
		// special scheme equal to the base's as relative.
		{"http://a/b/c/d;p?q", "http:g", [3]string{"http:g", "http://a/b/c/g", "http:g"}},
		// net/url keeps the base's fragment for an empty reference;
		// RFC 3986 takes the reference's (section 5.2.2).
		{"http://a/b#f", "", [3]string{"http://a/b", "http://a/b", "http://a/b#f"}},
		// A base's fragment is ignored (section 5.2.1).
		{"http://a/b#f", "c", [3]string{"http://a/c", "http://a/c", "http://a/c"}},
		// A base only RFC 3986 rejects.
		{"http://h/a b/c", "d", [3]string{"error: base: invalid character ' ' in path at offset 10", "http://h/a%20b/d", "http://h/a%20b/d"}},
		// A relative base: net/url resolves against it all the same.
		{"a/b", "c", [3]string{"error: base is not a URI: RFC 3986 section 5.2.1 requires a scheme",
			"error: base: " + missingScheme,
			"/a/c"}},
		// A reference only RFC 3986 rejects: its own error, offset in it.
		{"http://a/", "b c", [3]string{"error: invalid character ' ' in path at offset 1", "http://a/b%20c", "http://a/b%20c"}},
		// A reference no parser reads, against a good base.
		{"http://a/", "http://[x", [3]string{"error: invalid character 'x' in IPv6 address at offset 8",
			"error: An IPv6 address is missing the closing U+005D (])", "error: missing ']' in host"}},
		// An opaque base takes only a fragment in WHATWG; RFC 3986 merges
		// with its empty path (section 5.2.3); net/url gives an empty
		// authority, which its String writes "//".
		{"mailto:x@y", "z", [3]string{"mailto:z", "error: " + missingScheme, "mailto:///z"}},
		{"mailto:x@y", "#z", [3]string{"mailto:x@y#z", "mailto:x@y#z", "mailto:x@y#z"}},
	} {
		rs := readOf(ParseBase(c.base).Read, c.ref)
		for i, r := range rs {
			got := recompose(r)
			if !r.OK {
				got = "error: " + r.Err
			}
			if got != c.want[i] {
				t.Errorf("%q against %q: %s reads %q, want %q", c.ref, c.base, r.Parser, got, c.want[i])
			}
		}
	}
}

// TestParseBaseErrors: Errors says which parsers reject a base, the
// question interop --base asks before it reads any input.
func TestParseBaseErrors(t *testing.T) {
	for base, want := range map[string][3]bool{
		"http://a/b":  {false, false, false},
		"http://a/ b": {true, false, false},
		"a/b":         {true, true, false},
		"%zz":         {true, true, true},
	} {
		errs := ParseBase(base).Errors()
		for i, e := range errs {
			if (e != "") != want[i] {
				t.Errorf("%q: %s's error is %q, want one: %v", base, Parsers[i], e, want[i])
			}
		}
	}
}

// TestBaseReadConcurrent: a Base per goroutine, as interop gives each
// worker, shares nothing mutable with the others: each gets what one
// alone gets.
func TestBaseReadConcurrent(t *testing.T) {
	cases := loadWPT(t)
	const baseURL = "http://user:pass@example.org:81/a/b?c#d"
	alone := ParseBase(baseURL)
	want := make([]string, len(cases))
	for i, c := range cases {
		want[i] = fmt.Sprint(compareOf(readOf(alone.Read, c.Input), Components))
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			base := ParseBase(baseURL)
			for i, c := range cases {
				if got := fmt.Sprint(compareOf(readOf(base.Read, c.Input), Components)); got != want[i] {
					t.Errorf("%q: %s in a goroutine, %s alone", c.Input, got, want[i])
					return
				}
			}
		})
	}
	wg.Wait()
}
