package interop

import (
	neturl "net/url"

	whatwg "github.com/nlnwa/whatwg-url/url"

	"github.com/uritool/uritool/pkg/uri"
)

// Base is a base URL as each parser read it, for reading many inputs
// against it (Base.Read). It is not safe for concurrent use: the WHATWG
// library fills a cache in the base URL as it resolves; give each
// goroutine its own.
type Base struct {
	rfc3986 uri.URI
	whatwg  *whatwg.Url
	netURL  *neturl.URL
	// errs holds why each parser rejects the base, in the order of
	// Parsers, "" when it accepts it.
	errs [3]string
}

// ParseBase reads base with each parser: rfc3986 as a URI, which section
// 5.2.1 of RFC 3986 requires of a base (a fragment is allowed and
// ignored), whatwg with the URL parser and no base of its own, net/url
// with url.Parse, which takes a relative base too, as its ResolveReference
// does.
func ParseBase(base string) *Base {
	var b Base
	var err error
	if b.rfc3986, err = uri.Parse(base); err != nil {
		b.errs[0] = "base: " + err.Error()
	} else if !b.rfc3986.IsAbsolute() {
		b.errs[0] = uri.ErrBaseNotAbsolute.Error()
	}
	if b.whatwg, err = whatwgParser.Parse(base); err != nil {
		b.errs[1] = "base: " + whatwgError(err)
	}
	if b.netURL, err = neturl.Parse(base); err != nil {
		b.errs[2] = "base: " + netURLError(err)
	}
	return &b
}

// Errors returns why each parser rejects the base, in the order of
// Parsers, "" for one that accepts it.
func (b *Base) Errors() [3]string { return b.errs }

// Read reads s with each parser into rs, in the order of Parsers, and
// resolves it against the base: rfc3986 parses a URI-reference and
// resolves it by RFC 3986 section 5.2, whatwg parses s with the base URL
// (WHATWG URL Standard, "URL parsing"), net/url parses s with url.Parse
// and resolves it with the base's ResolveReference. A parser that rejects
// the base rejects every input, with the base's error, which starts
// "base".
func (b *Base) Read(s string, rs *[3]Reading) {
	rs[0], rs[1], rs[2] = b.readRFC3986(s), b.readWHATWG(s), b.readNetURL(s)
}

func (b *Base) readRFC3986(s string) Reading {
	if b.errs[0] != "" {
		return Reading{Parser: RFC3986, Err: b.errs[0]}
	}
	ref, err := uri.Parse(s)
	if err != nil {
		return Reading{Parser: RFC3986, Err: err.Error()}
	}
	t, err := uri.Resolve(b.rfc3986, ref)
	if err != nil {
		return Reading{Parser: RFC3986, Err: err.Error()}
	}
	r := readURI(t)
	r.URIChars = true // resolved from two URIs
	return r
}

func (b *Base) readWHATWG(s string) Reading {
	if b.errs[1] != "" {
		return Reading{Parser: WHATWG, Err: b.errs[1]}
	}
	u, err := b.whatwg.Parse(s)
	if err != nil {
		return Reading{Parser: WHATWG, Err: whatwgError(err)}
	}
	return readWHATWGURL(u)
}

func (b *Base) readNetURL(s string) Reading {
	if b.errs[2] != "" {
		return Reading{Parser: NetURL, Err: b.errs[2]}
	}
	ref, err := neturl.Parse(s)
	if err != nil {
		return Reading{Parser: NetURL, Err: netURLError(err)}
	}
	return readNetURLValue(b.netURL.ResolveReference(ref))
}
