package interop

import "testing"

// TestWHATWGUpToDate holds the two corrections of whatwg.go to what they
// claim beyond the WPT cases: "^" is encoded in a path and nowhere else,
// and only the one space before "?" or "#" of an opaque path is "%20".
func TestWHATWGUpToDate(t *testing.T) {
	for _, c := range []struct{ in, path, query, fragment string }{
		// whatwg/url#846: the path percent-encode set has "^".
		{in: "http://h/a^b", path: "/a%5Eb"},
		{in: "sc://h/a^b", path: "/a%5Eb"},
		{in: "sc:/a^b", path: "/a%5Eb"},
		{in: "http://h/a^b?c^d#e^f", path: "/a%5Eb", query: "c^d", fragment: "e^f"},
		{in: "sc:a^b", path: "a^b"}, // an opaque path has the C0 control set
		{in: "http://h/%5E", path: "/%5E"},

		// whatwg/url#844: an opaque path's space before "?" or "#".
		{in: "sc:a b?q", path: "a b", query: "q"},
		{in: "sc:a  ?q", path: "a %20", query: "q"},
		{in: "sc:a #", path: "a%20"},
		{in: "sc:a  ", path: "a"}, // trailing spaces of the input are stripped
		{in: "sc:a%20 ?", path: "a%20%20"},
		{in: "sc:/a ?q", path: "/a%20", query: "q"}, // not opaque: the path set has the space
		{in: "sc://h/a ?q", path: "/a%20", query: "q"},
	} {
		r := readOf(Read, c.in)[1]
		if !r.OK || r.Path != c.path || r.Query != c.query || r.Fragment != c.fragment {
			t.Errorf("%q: whatwg reads OK %v, path %q, query %q, fragment %q; want path %q, query %q, fragment %q",
				c.in, r.OK, r.Path, r.Query, r.Fragment, c.path, c.query, c.fragment)
		}
	}
}
