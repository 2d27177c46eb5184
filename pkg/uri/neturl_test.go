package uri_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/uritool/uritool/pkg/uri"
)

// FuzzNetURL compares the components of every input that both uri.Parse
// and net/url.Parse accept. net/url keeps less of the input than RFC 3986
// does, so components are compared by what they mean, allowing for these
// deviations of net/url, each seen on the corpus, the benchmark sample or
// by this target (in brackets, the RFC 3986 reading):
//
//   - The scheme is lowercased ("ABC:x" has Scheme "abc") [3.1: kept as
//     written, compared case-insensitively].
//   - An empty fragment is lost: "a#" and "a" both have Fragment "" [3.5:
//     an empty fragment is defined].
//   - Path, userinfo, reg-name host and fragment are decoded, and written
//     back re-encoded, so "%aa" may come back as "%AA" [2.1, 6.2.2.1]:
//     compared decoded.
//   - A URI with a scheme and a rootless path ("urn:a:b") has that path
//     in Opaque, undecoded, and an empty Path [3.3: path-rootless].
//   - Host and port are one field, Host [3.2.2, 3.2.3].
//   - A relative reference starting "///" has no authority: its whole
//     text is the path [4.2: "//", an empty authority, then the path].
//   - String drops an empty authority ("//" prints as "") [5.3 keeps it];
//     not a component, so not compared.
//
// Inputs only one side accepts are not compared. net/url is lenient
// (spaces, "%25" zones in IPv6 literals, ...) and rejects valid
// references: 81 of the 22,177 distinct strings of the corpus and the
// sample, all IPvFuture literals ("//[v7.host]") and reg-names with some
// percent-encodings ("//127.0.0.%31", "//%2Fvar%2Frun").
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
