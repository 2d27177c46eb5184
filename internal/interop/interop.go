// Package interop reads one string with three URL parsers, alone (Read) or
// against a base URL (Base.Read), and tells where they disagree: this
// module's RFC 3986 parser, a WHATWG URL Standard parser (what browsers
// and many HTTP clients implement) and Go's net/url.
//
// Server-side request forgery and open redirects often come from one string
// read two ways: a validator checks the host it sees, and the HTTP client
// connects to the host it sees. Compare undoes notation only (case,
// percent-encoding, IDNA, default ports), so what remains is a difference
// in what the parsers read, not in how they write it.
package interop

import (
	"errors"
	neturl "net/url"
	"strings"

	"github.com/uritool/uritool/internal/ascii"
	"github.com/uritool/uritool/pkg/uri"

	werrors "github.com/nlnwa/whatwg-url/errors"
	whatwg "github.com/nlnwa/whatwg-url/url"
)

// Parser names, in display order.
const (
	RFC3986 = "rfc3986"
	WHATWG  = "whatwg"
	NetURL  = "net/url"
)

// Parsers lists the parser names in display order, the order of Read's
// result.
var Parsers = []string{RFC3986, WHATWG, NetURL}

// Components lists the components that can be compared, in display order.
var Components = []string{"scheme", "userinfo", "host", "port", "path", "query", "fragment"}

// SecurityComponents is the default set compared: the components that
// decide where a request goes and with which credentials.
var SecurityComponents = []string{"scheme", "userinfo", "host", "port"}

// Reading is what one parser read in a string. The components are in the
// parser's own serialization; Compare undoes the notation.
type Reading struct {
	Parser string
	OK     bool   // accepted
	Err    string // why rejected ("" when OK)

	Scheme, Userinfo, Host, Port, Path, Query, Fragment string

	// Defined versus absent, where the parser tells them apart: WHATWG has
	// no empty userinfo and no empty port, and net/url no empty fragment.
	HasUserinfo, HasHost, HasPort, HasQuery, HasFragment bool

	// URIChars is set where the components hold only characters a URI
	// may (RFC 3986 section 2): ASCII, and no space, control or quote.
	// The rfc3986 reading of a URI has it; a table for people can then
	// show them as they are without looking.
	URIChars bool
}

// Read reads s with each parser into rs, in the order of Parsers: rfc3986
// as a URI-reference (RFC 3986 section 4.1), whatwg with no base URL
// (WHATWG URL Standard, "URL parsing"), and net/url with url.Parse. It
// writes where the caller keeps the readings: they are some 500 bytes.
func Read(s string, rs *[3]Reading) {
	rs[0] = readRFC3986(s)
	if !plainReadings(rs) {
		rs[1], rs[2] = readWHATWG(s), readNetURL(s)
	}
}

// readFull is Read without the shortcut of plainReadings, which tests
// hold it to.
func readFull(s string) [3]Reading {
	return [3]Reading{readRFC3986(s), readWHATWG(s), readNetURL(s)}
}

func readRFC3986(s string) Reading {
	u, err := uri.Parse(s)
	if err != nil {
		return Reading{Parser: RFC3986, Err: err.Error()}
	}
	r := readURI(u)
	r.URIChars = true
	return r
}

// readURI is the rfc3986 reading of a parsed URI or IRI.
func readURI(u uri.URI) Reading {
	r := Reading{Parser: RFC3986, OK: true}
	r.Scheme, _ = u.Scheme()
	r.Userinfo, r.HasUserinfo = u.Userinfo()
	r.Host, r.HasHost = u.Host()
	r.Port, r.HasPort = u.Port()
	r.Path = u.Path()
	r.Query, r.HasQuery = u.Query()
	r.Fragment, r.HasFragment = u.Fragment()
	return r
}

func readWHATWG(s string) Reading {
	u, err := whatwgParser.Parse(s)
	if err != nil {
		return Reading{Parser: WHATWG, Err: whatwgError(err)}
	}
	return readWHATWGURL(u)
}

// readWHATWGURL is the whatwg reading of a parsed URL.
func readWHATWGURL(u *whatwg.Url) Reading {
	r := Reading{Parser: WHATWG, OK: true}
	r.Scheme = u.Scheme()
	// The standard keeps username and password apart and has no empty
	// password: rejoin them as RFC 3986 writes userinfo (section 3.2.1).
	r.Userinfo = u.Username()
	if p := u.Password(); p != "" {
		r.Userinfo += ":" + p
	}
	r.HasUserinfo = r.Userinfo != ""
	r.Host = u.Hostname()
	r.Port = u.Port()
	r.HasPort = r.Port != ""
	r.Query = u.Query()
	r.Fragment = u.Fragment()

	// The Url type hides null versus empty host, query and fragment, but
	// its serialization shows them: "//" only with a host, and a bare "?"
	// or "#" for an empty query or fragment. Neither character can stand
	// unencoded before its own delimiter, so the suffix test is exact.
	href := u.Href(false)
	r.HasHost = strings.HasPrefix(href[len(r.Scheme)+1:], "//")
	r.HasFragment = r.Fragment != "" || strings.HasSuffix(href, "#")
	if r.HasFragment {
		href = href[:len(href)-len(r.Fragment)-1]
	}
	r.HasQuery = r.Query != "" || strings.HasSuffix(href, "?")
	r.Path = whatwgPath(u, r.HasQuery || r.HasFragment)
	return r
}

// whatwgError keeps the kind of each validation error in the chain and its
// detail, without the input the library repeats in its message: the
// caller has it.
func whatwgError(err error) string {
	msg := string(werrors.Type(err))
	if msg == "" {
		return err.Error()
	}
	if d := werrors.Description(err); d != "" {
		msg += ": " + d
	}
	if cause := errors.Unwrap(err); cause != nil {
		msg += ": " + whatwgError(cause)
	}
	return msg
}

func readNetURL(s string) Reading {
	u, err := neturl.Parse(s)
	if err != nil {
		return Reading{Parser: NetURL, Err: netURLError(err)}
	}
	return readNetURLValue(u)
}

// netURLError drops the `parse "input": ` wrapping, as for whatwg.
func netURLError(err error) string {
	var ue *neturl.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	return err.Error()
}

// readNetURLValue is the net/url reading of a parsed or resolved URL.
func readNetURLValue(u *neturl.URL) Reading {
	r := Reading{Parser: NetURL, OK: true}
	r.Scheme = u.Scheme
	if u.User != nil {
		r.Userinfo, r.HasUserinfo = u.User.String(), true
	}
	r.Host, r.Port, r.HasPort = splitNetURLHost(u.Host)
	// net/url keeps no flag for an authority: it has one when it has a
	// host or userinfo, or a path after "scheme://" (OmitHost marks
	// "scheme:/path", golang/go#46059). It cannot tell "http:" from
	// "http://".
	r.HasHost = u.Host != "" || u.User != nil ||
		u.Scheme != "" && u.Opaque == "" && !u.OmitHost && u.Path != ""
	// A rootless path after a scheme is net/url's Opaque (RFC 3986
	// section 3.3, path-rootless).
	r.Path = u.Opaque
	if r.Path == "" {
		r.Path = u.EscapedPath()
	}
	r.Query, r.HasQuery = u.RawQuery, u.ForceQuery || u.RawQuery != ""
	r.Fragment = u.EscapedFragment()
	r.HasFragment = u.Fragment != ""
	return r
}

// splitNetURLHost splits net/url's Host, which holds the port too, where
// its own Port method does: at the last colon when only digits follow.
// Unlike Port it keeps an empty port, which RFC 3986 allows (section
// 3.2.3), and it keeps the brackets of an IP-literal as the other parsers
// do. net/url stores the host percent-decoded, so a "%" is re-encoded:
// decoding the result once gives net/url's host back, as it does for the
// other parsers' hosts.
func splitNetURLHost(hostport string) (host, port string, hasPort bool) {
	host = hostport
	if i := strings.LastIndexByte(hostport, ':'); i >= 0 && ascii.IsDigits(hostport[i+1:]) {
		host, port, hasPort = hostport[:i], hostport[i+1:], true
	}
	return strings.ReplaceAll(host, "%", "%25"), port, hasPort
}
