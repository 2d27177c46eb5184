package render

import (
	"testing"

	"github.com/uritool/uritool/pkg/uri"
)

// FuzzPartsOf: partsOf, which the breakdown uses for speed, finds every
// component where uri.URI.Span does, in URIs and in IRIs.
func FuzzPartsOf(f *testing.F) {
	for _, in := range []string{
		"https://alice:pw@example.com:8443/a/b;v=1?x=1&y=two#frag",
		"http://@h:/?#", "http://h", "//h", "///", "urn:a:b", "a:", "?q", "#f", "", "../g;x?y#s",
		"http://[::1]:80", "file:///etc/hosts", "http://u@[v1.x]:/p?#",
		"https://bücher.example:1/straße?q=日本#フラグ", "//ü:ß@例え/",
	} {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		u, err := uri.ParseRule(in, uri.RuleIRIReference) // every URI is an IRI
		if err != nil {
			return
		}
		parts := partsOf(&u)
		for c := range uri.ComponentFragment + 1 {
			start, end, ok := u.Span(c)
			if got := parts[c]; got != (part{start, end, ok}) {
				t.Errorf("%q: %v at %+v, Span says %d, %d, %v", in, c, got, start, end, ok)
			}
		}
	})
}
