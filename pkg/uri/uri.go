package uri

import (
	"iter"
	"math"
	"strconv"
)

// HostType classifies a host by the rule of section 3.2.2 that matched it.
type HostType uint8

const (
	HostNone      HostType = iota // no authority
	HostIPv4                      // IPv4address
	HostIPv6                      // IP-literal holding an IPv6address
	HostIPvFuture                 // IP-literal holding an IPvFuture
	HostRegName                   // reg-name, possibly empty
)

// String returns "ipv4", "ipv6", "ipvfuture", "reg-name", "" for
// HostNone, and "HostType(n)" for a value out of range.
func (t HostType) String() string {
	switch t {
	case HostIPv4:
		return "ipv4"
	case HostIPv6:
		return "ipv6"
	case HostIPvFuture:
		return "ipvfuture"
	case HostRegName:
		return "reg-name"
	case HostNone:
		return ""
	}
	return "HostType(" + strconv.Itoa(int(t)) + ")"
}

type flags uint8

const (
	hasScheme flags = 1 << iota
	hasAuthority
	hasUserinfo
	parsed // set by a successful parse, so that URI{} is not ""

	// Facts the parse meets on its one pass, so that Normalize need not
	// look at every byte again to learn that a reference is normal. Each
	// follows from the string alone, as the offsets do, which keeps ==
	// true to its word.
	pctEncoded     // s holds a pct-encoded triplet (section 2.1)
	upperAuthority // the authority holds an uppercase letter outside pct-encodings
	dotted         // the path begins with "." or holds "/.": it may have dot-segments
	upperScheme    // the scheme holds an uppercase letter
)

// URI is a parsed URI reference: the input string and the offsets of its
// components, a small value to pass and compare by value.
//
// The zero URI is not a reference: IsValid reports false, String returns
// "", every component is undefined, and the functions that take a URI say
// what they do with it. It is what Parse returns with an error, so that a
// failed parse is never mistaken for the empty reference "", which Parse
// accepts (section 4.2).
//
// Two URIs are == exactly when both are zero or both are valid and their
// strings are equal byte for byte: the offsets follow from the string.
// For equivalence in the sense of section 6.2, use Equal.
//
// The offsets are int32, which keeps a URI at 48 bytes: copying it, which
// every function taking a URI does, costs less than the parse on a long
// run of short references. A URI therefore holds at most MaxLen bytes.
type URI struct {
	s         string
	schemeEnd int32 // index of the ':' ending the scheme
	hostStart int32
	hostEnd   int32 // index of the ':' before the port, or pathStart
	pathStart int32
	pathEnd   int32 // index of '?' or '#', or len(s)
	queryEnd  int32 // index of '#', or len(s)
	flags     flags
	hostType  HostType
}

// MaxLen is the longest reference a URI holds: 2 GiB less one byte. RFC
// 3986 sets no limit; Parse reports a longer input as a *ParseError at
// offset MaxLen.
const MaxLen = math.MaxInt32

// String returns the reference as text, which is what section 5.3
// recomposes from its components: for a URI from Parse, the input byte for
// byte. It is "" for the zero URI.
func (u URI) String() string { return u.s }

// IsValid reports whether u came from a successful parse or operation,
// that is, whether it is not the zero URI.
func (u URI) IsValid() bool { return u.flags&parsed != 0 }

// IsAbsolute reports whether the reference has a scheme, that is, whether
// it matched the URI rule rather than relative-ref (section 4.1).
func (u URI) IsAbsolute() bool { return u.flags&hasScheme != 0 }

// Scheme returns the scheme (section 3.1) as written.
func (u URI) Scheme() (string, bool) { return u.scheme() }

// scheme and the other lowercase twins of the component methods read
// the same through a pointer: a value method called through one copies
// the whole URI first, and Resolve's plan, which reads both of its URIs
// several times, made ten copies a reference.
func (u *URI) scheme() (string, bool) {
	if u.flags&hasScheme == 0 {
		return "", false
	}
	return u.s[:u.schemeEnd], true
}

func (u *URI) authorityStart() int {
	if u.flags&hasScheme != 0 {
		return int(u.schemeEnd) + 3
	}
	return 2
}

// Authority returns the authority (section 3.2) without the leading "//".
func (u URI) Authority() (string, bool) { return u.authority() }

func (u *URI) authority() (string, bool) {
	if u.flags&hasAuthority == 0 {
		return "", false
	}
	return u.s[u.authorityStart():u.pathStart], true
}

// Userinfo returns the userinfo (section 3.2.1) without the "@".
func (u URI) Userinfo() (string, bool) {
	if u.flags&hasUserinfo == 0 {
		return "", false
	}
	return u.s[u.authorityStart() : u.hostStart-1], true
}

// Host returns the host (section 3.2.2) as written, with the brackets of
// an IP-literal. It is defined exactly when the authority is.
func (u URI) Host() (string, bool) {
	if u.flags&hasAuthority == 0 {
		return "", false
	}
	return u.s[u.hostStart:u.hostEnd], true
}

// HostType tells which rule of section 3.2.2 the host matched.
func (u URI) HostType() HostType { return u.hostType }

// Port returns the port (section 3.2.3) without the ":".
func (u URI) Port() (string, bool) {
	if u.hostEnd == u.pathStart || u.flags&hasAuthority == 0 {
		return "", false
	}
	return u.s[u.hostEnd+1 : u.pathStart], true
}

// Path returns the path (section 3.3). Every reference has one, possibly
// empty; the zero URI's is "".
func (u URI) Path() string { return u.path() }

func (u *URI) path() string { return u.s[u.pathStart:u.pathEnd] }

// Query returns the query (section 3.4) without the "?".
func (u URI) Query() (string, bool) { return u.query() }

func (u *URI) query() (string, bool) {
	if u.pathEnd == u.queryEnd {
		return "", false
	}
	return u.s[u.pathEnd+1 : u.queryEnd], true
}

// Fragment returns the fragment (section 3.5) without the "#".
func (u URI) Fragment() (string, bool) { return u.fragment() }

func (u *URI) fragment() (string, bool) {
	if int(u.queryEnd) == len(u.s) {
		return "", false
	}
	return u.s[u.queryEnd+1:], true
}

// Segments yields the path's segments as written, split at "/" (section
// 3.3). An absolute path starts with an empty segment before its first
// "/"; that one is not yielded, so "/a/b" gives "a", "b" and "" gives none.
func (u URI) Segments() iter.Seq[string] {
	return func(yield func(string) bool) {
		p := u.Path()
		if p == "" {
			return
		}
		if p[0] == '/' {
			p = p[1:]
		}
		yieldPieces(p, '/', yield)
	}
}

// yieldPieces yields the pieces of s between each sep, in order, empty
// ones too, until yield returns false.
func yieldPieces(s string, sep byte, yield func(string) bool) {
	for {
		i := 0
		for i < len(s) && s[i] != sep {
			i++
		}
		if !yield(s[:i]) || i == len(s) {
			return
		}
		s = s[i+1:]
	}
}

// Labels yields the labels of a reg-name host as written, split at "."
// (section 3.2.2), so "www.example.com" gives "www", "example", "com",
// and a trailing "." (a name rooted in the DNS) an empty last label. An
// IP address is no sequence of labels, and an empty host and a reference
// without one have none: they give none.
func (u URI) Labels() iter.Seq[string] {
	return func(yield func(string) bool) {
		host, _ := u.Host()
		if u.hostType != HostRegName || host == "" {
			return
		}
		yieldPieces(host, '.', yield)
	}
}

// Component names one of the components of section 3. They are numbered
// in the order they are written, so that
//
//	for c := range uri.ComponentFragment + 1
//
// visits them all.
type Component uint8

const (
	ComponentScheme Component = iota
	ComponentAuthority
	ComponentUserinfo
	ComponentHost
	ComponentPort
	ComponentPath
	ComponentQuery
	ComponentFragment
)

var componentNames = [...]string{"scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"}

// String returns the component's name in the RFC ("scheme", "host", ...),
// or "Component(n)" for a value out of range.
func (c Component) String() string {
	if int(c) < len(componentNames) {
		return componentNames[c]
	}
	return "Component(" + strconv.Itoa(int(c)) + ")"
}

// Span returns the byte range of component c in String(), delimiters
// excluded, and whether c is defined. The path is defined for every valid
// URI. For an undefined component, the zero URI or an out-of-range c it
// returns 0, 0, false.
func (u URI) Span(c Component) (start, end int, ok bool) {
	start, end, ok = u.span(c)
	if !ok || !u.IsValid() {
		return 0, 0, false
	}
	return start, end, true
}

func (u URI) span(c Component) (start, end int, ok bool) {
	a := u.authorityStart()
	switch c {
	case ComponentScheme:
		return 0, int(u.schemeEnd), u.flags&hasScheme != 0
	case ComponentAuthority:
		return a, int(u.pathStart), u.flags&hasAuthority != 0
	case ComponentUserinfo:
		return a, int(u.hostStart) - 1, u.flags&hasUserinfo != 0
	case ComponentHost:
		return int(u.hostStart), int(u.hostEnd), u.flags&hasAuthority != 0
	case ComponentPort:
		_, ok := u.Port()
		return int(u.hostEnd) + 1, int(u.pathStart), ok
	case ComponentPath:
		return int(u.pathStart), int(u.pathEnd), true
	case ComponentQuery:
		return int(u.pathEnd) + 1, int(u.queryEnd), u.pathEnd != u.queryEnd
	case ComponentFragment:
		return int(u.queryEnd) + 1, len(u.s), int(u.queryEnd) != len(u.s)
	}
	return 0, 0, false
}

// MustParse is Parse for inputs known to be valid, such as constants in
// tests: it panics if s is not a URI reference.
func MustParse(s string) URI {
	u, err := Parse(s)
	if err != nil {
		panic("uri.MustParse(" + strconv.Quote(s) + "): " + err.Error())
	}
	return u
}

// MustParseRule is ParseRule for inputs known to be valid: it panics if
// s does not match r.
func MustParseRule(s string, r Rule) URI {
	u, err := ParseRule(s, r)
	if err != nil {
		panic("uri.MustParseRule(" + strconv.Quote(s) + ", " + r.String() + "): " + err.Error())
	}
	return u
}

// AppendText implements encoding.TextAppender: it appends String() to b.
func (u URI) AppendText(b []byte) ([]byte, error) { return append(b, u.s...), nil }

// MarshalText implements encoding.TextMarshaler. A valid URI gives its
// string; the zero URI gives empty text, as does the empty reference.
func (u URI) MarshalText() ([]byte, error) { return u.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler with Parse. As in
// net/netip, empty text gives the zero URI, so that an absent value stays
// unset: text cannot tell the empty reference apart from no reference.
func (u *URI) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*u = URI{}
		return nil
	}
	var err error
	*u, err = Parse(string(text))
	return err
}
