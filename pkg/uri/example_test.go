package uri_test

import (
	"errors"
	"fmt"

	"github.com/uritool/uritool/pkg/uri"
)

func ExampleParse() {
	u, err := uri.Parse("https://user@example.com:8443/a/b?q#")
	if err != nil {
		panic(err)
	}
	scheme, _ := u.Scheme()
	host, _ := u.Host()
	port, _ := u.Port()
	query, hasQuery := u.Query()
	fragment, hasFragment := u.Fragment()
	fmt.Println(scheme, host, port, u.Path())
	fmt.Printf("query %q %v, fragment %q %v\n", query, hasQuery, fragment, hasFragment)

	// A relative reference is a URI-reference too.
	r, _ := uri.Parse("../c?d")
	fmt.Println(r.IsAbsolute(), r.Path())
	// Output:
	// https example.com 8443 /a/b
	// query "q" true, fragment "" true
	// false ../c
}

func ExampleParseRule() {
	// The rule is the grammar: a URI needs a scheme, an absolute-URI has
	// no fragment, and the IRI rules take non-ASCII characters.
	if _, err := uri.ParseRule("//example.com/a", uri.RuleURI); err != nil {
		fmt.Println(err)
	}
	u, _ := uri.ParseRule("urn:isbn:0451450523", uri.RuleURI)
	fmt.Println(u.Path())
	if _, err := uri.ParseRule("http://a/#top", uri.RuleAbsoluteURI); err != nil {
		fmt.Println(err)
	}
	u, _ = uri.ParseRule("https://例え.jp/パス", uri.RuleIRI)
	fmt.Println(u.Host())
	// Output:
	// a URI must begin with a scheme (a letter), not '/' at offset 0
	// isbn:0451450523
	// an absolute URI cannot have a fragment at offset 9
	// 例え.jp true
}

func ExampleMustParse() {
	base := uri.MustParse("http://a/b/c/d;p?q")
	fmt.Println(base.Path())
	// Output:
	// /b/c/d;p
}

func ExampleMustParseRule() {
	base := uri.MustParseRule("https://例え.jp/", uri.RuleIRI)
	fmt.Println(base.Scheme())
	// Output:
	// https true
}

func ExampleRule_String() {
	fmt.Println(uri.RuleURIReference, uri.RuleAbsoluteIRI)
	// Output:
	// URI-reference absolute-IRI
}

func ExampleParseError() {
	_, err := uri.Parse("http://[::1]@host/")
	var pe *uri.ParseError
	if errors.As(err, &pe) {
		fmt.Printf("offset %d, rule %s: %s\n", pe.Offset, pe.Rule, pe.Msg)
	}
	// "http://a:b" is not valid, but "http://a:b@c" is, so the
	// offset is the end of the input.
	_, err = uri.Parse("http://a:b")
	fmt.Println(err)
	// Output:
	// offset 12, rule authority: '@' after IP-literal: a userinfo cannot contain '[' (encode it as %5B)
	// port "b" is not a number, and no '@' follows to make "a:b" a userinfo at offset 10
}

func ExampleResolve() {
	base := uri.MustParse("http://a/b/c/d;p?q")
	for _, ref := range []string{"g", "../g", "?y", "//g", "a:b/../c"} {
		t, err := uri.Resolve(base, uri.MustParse(ref))
		if err != nil {
			panic(err)
		}
		fmt.Println(ref, "->", t)
	}
	// A failed parse gives the zero URI, which Resolve refuses.
	bad, _ := uri.Parse("http://a b/")
	_, err := uri.Resolve(base, bad)
	fmt.Println(err)
	// Output:
	// g -> http://a/b/c/g
	// ../g -> http://a/b/g
	// ?y -> http://a/b/c/d;p?y
	// //g -> http://g
	// a:b/../c -> a:/c
	// the zero URI is not a reference
}

func ExampleNormalize() {
	u := uri.MustParse("HTTP://Example.COM:080/%7euser/./a/../b?%3f#")
	fmt.Println(uri.Normalize(u, uri.SyntaxLevel))
	fmt.Println(uri.Normalize(u, uri.SchemeLevel))

	o := uri.NormalizeOptions{Level: uri.SchemeLevel, DefaultPorts: map[string]string{"gopher": "70"}}
	fmt.Println(o.Normalize(uri.MustParse("gopher://h:70")))
	// Output:
	// http://example.com:080/~user/b?%3F#
	// http://example.com/~user/b?%3F#
	// gopher://h/
}

func ExampleNormalizeOptions_NormalizeString() {
	o := uri.NormalizeOptions{Level: uri.SchemeLevel}
	for _, s := range []string{"HTTP://Example.COM:80/a/./b/../%7euser", "http://example.com/", "http://[::1"} {
		n, err := o.NormalizeString(s)
		fmt.Printf("%q %v\n", n, err)
	}
	// Output:
	// "http://example.com/a/~user" <nil>
	// "http://example.com/" <nil>
	// "" input ends inside the IP-literal that begins at offset 7: ']' is missing at offset 11
}

func ExampleResolveOptions_Trace() {
	tr, err := uri.ResolveOptions{}.Trace(uri.MustParse("http://a/b/c/d;p?q"), uri.MustParse("../g/./h"))
	if err != nil {
		panic(err)
	}
	fmt.Println(tr.Branch)
	fmt.Printf("merge: %q + ../g/./h\n", tr.MergePrefix)
	for _, s := range tr.DotSteps {
		fmt.Printf("%s %-8q %q\n", s.Rule, s.Output, s.Input)
	}
	fmt.Println(tr.Target)
	// Output:
	// R has a relative path: it is merged with the base's path (5.2.3)
	// merge: "/b/c/" + ../g/./h
	// E "/b"     "/c/../g/./h"
	// E "/b/c"   "/../g/./h"
	// C "/b"     "/g/./h"
	// E "/b/g"   "/./h"
	// B "/b/g"   "/h"
	// E "/b/g/h" ""
	// http://a/b/g/h
}

func ExampleNormalizeOptions_Trace() {
	o := uri.NormalizeOptions{Level: uri.SchemeLevel}
	for _, s := range o.Trace(uri.MustParse("HTTP://h:80/%7E/./a")) {
		switch s.Rule {
		case uri.NormalizePctDecode:
			fmt.Print("6.2.2.2 ")
		case uri.NormalizeSchemeLower:
			fmt.Print("6.2.2.1 ")
		case uri.NormalizeDotSegments:
			fmt.Print("6.2.2.3 ")
		case uri.NormalizeDropPort:
			fmt.Print("6.2.3   ")
		}
		fmt.Println(s.Before, "->", s.After)
	}
	// Output:
	// 6.2.2.2 HTTP://h:80/%7E/./a -> HTTP://h:80/~/./a
	// 6.2.2.1 HTTP://h:80/~/./a -> http://h:80/~/./a
	// 6.2.2.3 http://h:80/~/./a -> http://h:80/~/a
	// 6.2.3   http://h:80/~/a -> http://h/~/a
}

func ExampleEqual() {
	a := uri.MustParse("http://example.com")
	for _, s := range []string{"HTTP://EXAMPLE.com:80/", "http://example.com:/", "http://example.com/?"} {
		fmt.Println(s, uri.Equal(a, uri.MustParse(s)))
	}
	// Output:
	// HTTP://EXAMPLE.com:80/ true
	// http://example.com:/ true
	// http://example.com/? false
}

func ExampleRelativize() {
	base := uri.MustParse("http://a/b/c/d;p?q")
	for _, s := range []string{"http://a/b/c/g", "http://a/b/g?x", "http://a/b/c/d;p?q#f", "https://a/"} {
		r, err := uri.Relativize(base, uri.MustParse(s))
		if err != nil {
			panic(err)
		}
		fmt.Println(s, "->", r)
	}
	// Output:
	// http://a/b/c/g -> g
	// http://a/b/g?x -> ../g?x
	// http://a/b/c/d;p?q#f -> #f
	// https://a/ -> https://a/
}

func ExampleBuilder() {
	host, query := "example.com", ""
	_, err := uri.Builder{Scheme: ptr("https"), Host: &host, Path: "/a b", Query: &query}.Build()
	fmt.Println(err)

	// A nil component is undefined; a pointer to "" is defined and empty.
	u, _ := uri.Builder{Scheme: ptr("https"), Host: &host, Path: "/a%20b", Query: &query}.Build()
	fmt.Println(u)
	// Output:
	// path: invalid character ' ' in path at offset 2
	// https://example.com/a%20b?
}

func ExampleURI_MarshalText() {
	var cfg struct{ Base uri.URI }
	if err := cfg.Base.UnmarshalText([]byte("https://example.com/api/")); err != nil {
		panic(err)
	}
	text, _ := cfg.Base.MarshalText()
	fmt.Println(string(text), cfg.Base.IsValid())
	// Output:
	// https://example.com/api/ true
}

func ExampleDefaultPort() {
	fmt.Println(uri.DefaultPort("HTTPS"))
	fmt.Println(uri.DefaultPort("gopher"))
	fmt.Println(uri.DefaultPort("mailto"))
	// Output:
	// 443 true
	// 70 true
	//  false
}
