package uri_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/uritool/uritool/pkg/uri"
)

// FuzzNetURL compares the components of every input that both uri.Parse
// and net/url.Parse accept. net/url follows the WHATWG-era habits of
// browsers more than RFC 3986 and keeps less of the input, so the
// comparison goes through what each side means, and these net/url
// deviations, found by this target, are allowed for:
//
//   - It lowercases the scheme (RFC 3986 section 3.1 says schemes are
//     case-insensitive but keeps them as written).
//   - It keeps no flag for an empty fragment: "a#" and "a" both have
//     Fragment "" (section 3.5 tells them apart).
//   - It decodes the path, userinfo and fragment, and keeps the raw form
//     (RawPath, RawFragment) only when its own encoding would differ, so
//     components are compared decoded.
//   - A URI with a scheme and a rootless path ("mailto:a@b") has its path
//     in Opaque, undecoded, and an empty Path.
//   - Host and port are one field; a port is defined exactly when Host
//     ends in ":" and digits after the last "]".
//   - It reads "%25" in an IPv6 literal as a zone identifier (RFC 6874);
//     RFC 3986 allows no zone, so uri.Parse rejects such input and it is
//     never compared.
//   - It decodes the percent-encodings of a reg-name host (RFC 3986 keeps
//     them; section 3.2.2), so hosts too are compared decoded.
//   - It drops the authority's "//" when it is empty and the path is
//     not empty and has no scheme-relative meaning: "a:///b" keeps it
//     (Host "", OmitHost false), so an empty authority is compared as an
//     empty Host.
func FuzzNetURL(f *testing.F) {
	for _, name := range []string{"parse.json", "validity.json", "normalize.json"} {
		for _, c := range loadCases[seedCase](f, name) {
			if c.Input != "" {
				f.Add(c.Input)
			}
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := uri.Parse(s)
		if err != nil {
			return
		}
		n, err := url.Parse(s)
		if err != nil {
			return
		}
		for _, d := range netURLDiffs(u, n) {
			t.Errorf("%q: %s", s, d)
		}
	})
}

// netURLDiffs lists the components on which net/url disagrees with u,
// after allowing for the deviations documented on FuzzNetURL.
func netURLDiffs(u uri.URI, n *url.URL) []string {
	var diffs []string
	check := func(name, got, want string) {
		if got != want {
			diffs = append(diffs, name+": net/url "+quote(got)+", uri "+quote(want))
		}
	}
	scheme, _ := u.Scheme()
	check("scheme", n.Scheme, strings.ToLower(scheme))

	_, hasAuthority := u.Authority()
	if hasAuthority {
		host, _ := u.Host()
		hostport := uri.PercentDecode(host)
		if port, ok := u.Port(); ok {
			hostport += ":" + port
		}
		check("host", n.Host, hostport)
	} else {
		check("host", n.Host, "")
	}

	userinfo, hasUserinfo := u.Userinfo()
	check("userinfo defined", yes(n.User != nil), yes(hasUserinfo))
	if hasUserinfo && n.User != nil {
		name, pass, hasPass := strings.Cut(userinfo, ":")
		p, ok := n.User.Password()
		check("username", n.User.Username(), uri.PercentDecode(name))
		check("password defined", yes(ok), yes(hasPass))
		check("password", p, uri.PercentDecode(pass))
	}

	path := u.Path()
	if _, hasScheme := u.Scheme(); !hasScheme && strings.HasPrefix(u.String(), "///") {
		// net/url reads no authority here, so "//" joins the path.
		path = "//" + path
	}
	if n.Opaque != "" {
		check("opaque path", n.Opaque, path)
	} else {
		check("path", n.Path, uri.PercentDecode(path))
	}

	q, hasQuery := u.Query()
	check("query defined", yes(n.RawQuery != "" || n.ForceQuery), yes(hasQuery))
	check("query", n.RawQuery, q)

	frag, _ := u.Fragment()
	check("fragment", n.Fragment, uri.PercentDecode(frag))
	return diffs
}

func yes(b bool) string {
	if b {
		return "defined"
	}
	return "undefined"
}

func quote(s string) string { return "\"" + s + "\"" }
