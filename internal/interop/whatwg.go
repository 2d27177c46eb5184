package interop

import (
	"strings"

	whatwg "github.com/nlnwa/whatwg-url/url"
)

// The WHATWG reading comes from github.com/nlnwa/whatwg-url v0.6.2, the
// newest release. It predates two changes of the URL Standard that
// web-platform-tests checks since March 2025; whatwgParser and whatwgPath
// bring it up to date. Each is a no-op once the library follows the
// Standard, and TestWPT fails if either is removed.

// whatwgParser is the library's parser with U+005E (^) in the path
// percent-encode set, where the Standard put it (whatwg/url#846): "/a^b"
// is "/a%5Eb". The library's own option sets what its path state encodes;
// opaque paths, queries and fragments have sets of their own.
var whatwgParser = whatwg.NewParser(whatwg.WithPathPercentEncodeSet(whatwg.PathPercentEncodeSet.Set('^')))

// whatwgPath returns the path of u, a URL that has a query or fragment as
// hasQueryOrFragment says, as the Standard writes it since whatwg/url#844:
// in an opaque path, a space that "?" or "#" follows is "%20" (the opaque
// path state), so that no serialization can end the path with a space it
// would lose. The library keeps the space. An opaque path ends only at
// "?", "#" or the end of the input, which the parser strips of trailing
// spaces, so a final space with a query or fragment is exactly that space,
// also in a path taken over from a base URL.
func whatwgPath(u *whatwg.Url, hasQueryOrFragment bool) string {
	p := u.Pathname()
	if hasQueryOrFragment && strings.HasSuffix(p, " ") && u.OpaquePath() {
		return p[:len(p)-1] + "%20"
	}
	return p
}
