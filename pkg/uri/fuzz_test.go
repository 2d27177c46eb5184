package uri_test

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/uritool/uritool/pkg/uri"
)

// The slow checker: the ABNF of RFC 3986 Appendix A transcribed rule by
// rule into regular expressions, independent of the package's parser.
// ABNF literals are case-insensitive (RFC 2234 section 2.3), so "v" in
// IPvFuture matches "V" too and HEXDIG takes "a" to "f".

func group(re string) string { return "(?:" + re + ")" }

// alt is ABNF alternatives: re1 / re2 / ...
func alt(res ...string) string { return group(strings.Join(res, "|")) }

// optional is ABNF [ re ].
func optional(re string) string { return group(re) + "?" }

// times is ABNF count( re ).
func times(count int, re string) string { return strings.Repeat(re, count) }

// upTo is ABNF *max( re ).
func upTo(max int, re string) string { return group(re) + "{0," + strconv.Itoa(max) + "}" }

var (
	abnfALPHA  = `[A-Za-z]`
	abnfDIGIT  = `[0-9]`
	abnfHEXDIG = `[0-9A-Fa-f]`

	abnfUnreserved = `[A-Za-z0-9\-._~]`
	abnfPctEncoded = `%` + abnfHEXDIG + abnfHEXDIG
	abnfSubDelims  = `[!$&'()*+,;=]`
	abnfPchar      = alt(abnfUnreserved, abnfPctEncoded, abnfSubDelims, `:`, `@`)

	abnfScheme = abnfALPHA + alt(abnfALPHA, abnfDIGIT, `\+`, `-`, `\.`) + `*`

	abnfUserinfo = alt(abnfUnreserved, abnfPctEncoded, abnfSubDelims, `:`) + `*`

	abnfDecOctet = alt(
		abnfDIGIT,               // 0-9
		`[1-9]`+abnfDIGIT,       // 10-99
		`1`+times(2, abnfDIGIT), // 100-199
		`2[0-4]`+abnfDIGIT,      // 200-249
		`25[0-5]`,               // 250-255
	)
	abnfIPv4address = abnfDecOctet + `\.` + abnfDecOctet + `\.` + abnfDecOctet + `\.` + abnfDecOctet

	abnfH16  = abnfHEXDIG + `{1,4}`
	abnfH16c = group(abnfH16 + `:`) // h16 ":"
	abnfLs32 = alt(abnfH16+`:`+abnfH16, abnfIPv4address)
	abnfIPv6 = alt(
		times(6, abnfH16c)+abnfLs32,
		`::`+times(5, abnfH16c)+abnfLs32,
		optional(abnfH16)+`::`+times(4, abnfH16c)+abnfLs32,
		optional(upTo(1, abnfH16c)+abnfH16)+`::`+times(3, abnfH16c)+abnfLs32,
		optional(upTo(2, abnfH16c)+abnfH16)+`::`+times(2, abnfH16c)+abnfLs32,
		optional(upTo(3, abnfH16c)+abnfH16)+`::`+abnfH16+`:`+abnfLs32,
		optional(upTo(4, abnfH16c)+abnfH16)+`::`+abnfLs32,
		optional(upTo(5, abnfH16c)+abnfH16)+`::`+abnfH16,
		optional(upTo(6, abnfH16c)+abnfH16)+`::`,
	)
	abnfIPvFuture = `[vV]` + abnfHEXDIG + `+\.` + alt(abnfUnreserved, abnfSubDelims, `:`) + `+`
	abnfIPLiteral = `\[` + alt(abnfIPv6, abnfIPvFuture) + `\]`
	abnfRegName   = alt(abnfUnreserved, abnfPctEncoded, abnfSubDelims) + `*`
	abnfHost      = alt(abnfIPLiteral, abnfIPv4address, abnfRegName)
	abnfPort      = abnfDIGIT + `*`
	abnfAuthority = optional(abnfUserinfo+`@`) + abnfHost + optional(`:`+abnfPort)

	abnfSegment     = abnfPchar + `*`
	abnfSegmentNz   = abnfPchar + `+`
	abnfSegmentNzNc = alt(abnfUnreserved, abnfPctEncoded, abnfSubDelims, `@`) + `+`

	abnfPathAbempty  = group(`/`+abnfSegment) + `*`
	abnfPathAbsolute = `/` + optional(abnfSegmentNz+group(`/`+abnfSegment)+`*`)
	abnfPathNoscheme = abnfSegmentNzNc + group(`/`+abnfSegment) + `*`
	abnfPathRootless = abnfSegmentNz + group(`/`+abnfSegment) + `*`
	abnfPathEmpty    = ``

	abnfQuery    = alt(abnfPchar, `/`, `\?`) + `*`
	abnfFragment = alt(abnfPchar, `/`, `\?`) + `*`

	abnfHierPart     = alt(`//`+abnfAuthority+abnfPathAbempty, abnfPathAbsolute, abnfPathRootless, abnfPathEmpty)
	abnfRelativePart = alt(`//`+abnfAuthority+abnfPathAbempty, abnfPathAbsolute, abnfPathNoscheme, abnfPathEmpty)

	abnfURI          = abnfScheme + `:` + abnfHierPart + optional(`\?`+abnfQuery) + optional(`#`+abnfFragment)
	abnfAbsoluteURI  = abnfScheme + `:` + abnfHierPart + optional(`\?`+abnfQuery)
	abnfRelativeRef  = abnfRelativePart + optional(`\?`+abnfQuery) + optional(`#`+abnfFragment)
	abnfURIReference = alt(abnfURI, abnfRelativeRef)
)

func whole(re string) *regexp.Regexp { return regexp.MustCompile(`^` + group(re) + `$`) }

var (
	reURIReference = whole(abnfURIReference)
	reURI          = whole(abnfURI)
	reAbsoluteURI  = whole(abnfAbsoluteURI)
	reIPv4         = whole(abnfIPv4address)
	reIPv6Literal  = whole(`\[` + abnfIPv6 + `\]`)
	reIPvFuture    = whole(`\[` + abnfIPvFuture + `\]`)

	// Appendix B, for splitting a reference already known to be valid.
	reAppendixB = regexp.MustCompile(`^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`)
)

// slowHostType classifies a host by the first rule of 3.2.2 that matches.
func slowHostType(host string) uri.HostType {
	switch {
	case reIPv6Literal.MatchString(host):
		return uri.HostIPv6
	case reIPvFuture.MatchString(host):
		return uri.HostIPvFuture
	case reIPv4.MatchString(host):
		return uri.HostIPv4
	}
	return uri.HostRegName
}

// slowSplit returns the components of a valid reference by Appendix B and
// the authority rule, undefined ones as nil, in the order of components.
func slowSplit(s string) (parts []*string, path string) {
	m := reAppendixB.FindStringSubmatchIndex(s)
	sub := func(g int) *string {
		if m[2*g] < 0 {
			return nil
		}
		v := s[m[2*g]:m[2*g+1]]
		return &v
	}
	scheme, authority := sub(2), sub(4)
	var userinfo, host, port *string
	if authority != nil {
		hostport := *authority
		if at := strings.IndexByte(hostport, '@'); at >= 0 {
			userinfo = ptr(hostport[:at])
			hostport = hostport[at+1:]
		}
		end := strings.IndexByte(hostport, ':')
		if strings.HasPrefix(hostport, "[") {
			end = strings.IndexByte(hostport, ']') + 1
			if end == len(hostport) {
				end = -1
			}
		}
		if end >= 0 {
			host, port = ptr(hostport[:end]), ptr(hostport[end+1:])
		} else {
			host = &hostport
		}
	}
	return []*string{scheme, authority, userinfo, host, port, sub(7), sub(9)}, s[m[10]:m[11]]
}

func checkParse(t *testing.T, s string) {
	for _, p := range []struct {
		name   string
		parse  func(string) (uri.URI, error)
		re     *regexp.Regexp
		viable *viable
	}{
		{"Parse", uri.Parse, reURIReference, viableURIReference},
		{"ParseURI", parseURI, reURI, viableURI},
		{"ParseAbsolute", parseAbsolute, reAbsoluteURI, viableAbsoluteURI},
	} {
		u, err := p.parse(s)
		if want := p.re.MatchString(s); (err == nil) != want {
			t.Fatalf("%s(%q): err = %v, but the Appendix A grammar says valid = %v", p.name, s, err, want)
		}
		if err != nil {
			var pe *uri.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("%s(%q): err = %#v, want a *uri.ParseError", p.name, s, err)
			}
			if pe.Rule == "" || pe.Msg == "" {
				t.Fatalf("%s(%q): %#v has no rule or message", p.name, s, pe)
			}
			checkOffset(t, p.name, p.viable, s, err)
			continue
		}
		if u.String() != s {
			t.Fatalf("%s(%q).String() = %q", p.name, s, u)
		}
	}
	u, err := uri.Parse(s)
	if err != nil {
		return
	}
	parts, path := slowSplit(s)
	for i, comp := range components {
		if got, want := show(opt(comp.get(u))), show(parts[i]); got != want {
			t.Fatalf("Parse(%q): %s = %s, Appendix B gives %s", s, comp.name, got, want)
		}
	}
	if u.Path() != path {
		t.Fatalf("Parse(%q): path = %q, Appendix B gives %q", s, u.Path(), path)
	}
	want := uri.HostNone
	if h, ok := u.Host(); ok {
		want = slowHostType(h)
	}
	if u.HostType() != want {
		t.Fatalf("Parse(%q): host type %v, want %v", s, u.HostType(), want)
	}
	var segs []string
	for seg := range u.Segments() {
		segs = append(segs, seg)
	}
	joined := strings.Join(segs, "/")
	if strings.HasPrefix(path, "/") {
		joined = "/" + joined
	}
	if joined != path {
		t.Fatalf("Parse(%q): segments %q do not make up the path %q", s, segs, path)
	}
}

// seedCase covers the fields of every corpus file that hold references.
type seedCase struct {
	Input  string  `json:"input"`
	Base   string  `json:"base"`
	Ref    string  `json:"ref"`
	Target *string `json:"target"`
	Kind   string  `json:"kind"`
}

func FuzzParse(f *testing.F) {
	for _, name := range []string{"parse.json", "validity.json", "disputed.json", "normalize.json"} {
		for _, c := range loadCases[seedCase](f, name) {
			if c.Input != "" {
				f.Add(c.Input)
			}
		}
	}
	for _, a := range validIPv6 {
		f.Add("//[" + a + "]")
	}
	f.Fuzz(checkParse)
}

func FuzzResolve(f *testing.F) {
	for _, name := range []string{"resolve.json", "disputed.json"} {
		for _, c := range loadCases[seedCase](f, name) {
			if c.Base != "" || c.Ref != "" {
				f.Add(c.Base, c.Ref)
			}
		}
	}
	for _, c := range append(normalExamples, abnormalExamples...) {
		f.Add(rfcBase, c.ref)
	}
	f.Add("a:/b", ".//c")
	f.Add("a:b", "..//c")
	f.Fuzz(func(t *testing.T, baseStr, refStr string) {
		base, baseErr := uri.Parse(baseStr)
		ref, err := uri.Parse(refStr)
		if err != nil {
			if got, serr := (uri.ResolveOptions{}).ResolveString(base, refStr); serr == nil || serr.Error() != err.Error() || got != "" {
				t.Fatalf("ResolveString(%q, %q) = %q, %v; Parse fails with %v", baseStr, refStr, got, serr, err)
			}
			return
		}
		if baseErr != nil {
			return
		}
		if !base.IsAbsolute() {
			if _, err := uri.Resolve(base, ref); !errors.Is(err, uri.ErrBaseNotAbsolute) {
				t.Fatalf("Resolve(%q, %q): err = %v, want ErrBaseNotAbsolute", baseStr, refStr, err)
			}
			if _, err := (uri.ResolveOptions{}).ResolveString(base, refStr); !errors.Is(err, uri.ErrBaseNotAbsolute) {
				t.Fatalf("ResolveString(%q, %q): err = %v, want ErrBaseNotAbsolute", baseStr, refStr, err)
			}
			return
		}
		for _, opts := range []uri.ResolveOptions{{}, {NonStrict: true}} {
			target, err := opts.Resolve(base, ref)
			if err != nil {
				t.Fatalf("%+v.Resolve(%q, %q): %v", opts, baseStr, refStr, err)
			}
			if got, err := opts.ResolveString(base, refStr); err != nil || got != target.String() {
				t.Fatalf("%+v.ResolveString(%q, %q) = %q, %v; Resolve gives %q", opts, baseStr, refStr, got, err, target)
			}
			if got, err := opts.AppendResolved([]byte("x"), &base, &ref); err != nil || string(got) != "x"+target.String() {
				t.Fatalf("%+v.AppendResolved(%q, %q) = %q, %v; Resolve gives %q", opts, baseStr, refStr, got, err, target)
			}
			ts := target.String()
			again, err := uri.ParseRule(ts, uri.RuleURI)
			if err != nil || again != target {
				t.Fatalf("%+v.Resolve(%q, %q) = %q, which ParseURI reads as %q, %v", opts, baseStr, refStr, ts, again, err)
			}
			if !reURI.MatchString(ts) {
				t.Fatalf("%+v.Resolve(%q, %q) = %q, not a URI by Appendix A", opts, baseStr, refStr, ts)
			}
			if got, want := show(opt(target.Fragment())), show(opt(ref.Fragment())); got != want {
				t.Fatalf("%+v.Resolve(%q, %q) = %q: fragment %s, want the reference's %s", opts, baseStr, refStr, ts, got, want)
			}
			// The target is its own (strict) resolution, except that
			// section 5.2.2 copies Base.path without removing its
			// dot-segments when R's path is empty and removes them when
			// the target is resolved as a reference. (The non-strict
			// reading would take the target's path as relative.)
			if bp := base.Path(); uri.RemoveDotSegments(bp) != bp {
				continue
			}
			if twice, err := uri.Resolve(base, target); err != nil || twice.String() != ts {
				t.Fatalf("%+v.Resolve(%q, %q) = %q, which resolves to %q (%v)", opts, baseStr, refStr, ts, twice, err)
			}
			rel, err := uri.Relativize(base, target)
			if err != nil {
				t.Fatalf("Relativize(%q, %q): %v", baseStr, ts, err)
			}
			if back, err := uri.Resolve(base, rel); err != nil || back.String() != ts {
				t.Fatalf("Relativize(%q, %q) = %q, which resolves to %q (%v)", baseStr, ts, rel, back, err)
			}
			if len(rel.String()) > len(ts) {
				t.Fatalf("Relativize(%q, %q) = %q, longer than the target", baseStr, ts, rel)
			}
		}
	})
}

func FuzzNormalize(f *testing.F) {
	for _, name := range []string{"normalize.json", "disputed.json"} {
		for _, c := range loadCases[seedCase](f, name) {
			if c.Kind == "normalize" || name == "normalize.json" {
				f.Add(c.Input)
			}
		}
	}
	f.Add("a:/.//b")
	f.Add("HTTP://%41@[V1.X]:/%7e/%2e%2E/b?%5a#%7A")
	f.Fuzz(func(t *testing.T, s string) {
		u, err := uri.Parse(s)
		if err != nil {
			if got, serr := (uri.NormalizeOptions{}).NormalizeString(s); serr == nil || serr.Error() != err.Error() || got != "" {
				t.Fatalf("NormalizeString(%q) = %q, %v; Parse fails with %v", s, got, serr, err)
			}
			return
		}
		for _, level := range []uri.Level{uri.SyntaxLevel, uri.SchemeLevel} {
			n := uri.Normalize(u, level)
			ns := n.String()
			p, err := uri.Parse(ns)
			if err != nil || p != n {
				t.Fatalf("Normalize(%q, %d) = %q, which Parse reads as %q, %v", s, level, ns, p, err)
			}
			if !reURIReference.MatchString(ns) {
				t.Fatalf("Normalize(%q, %d) = %q, not a URI-reference by Appendix A", s, level, ns)
			}
			if n.IsAbsolute() != u.IsAbsolute() {
				t.Fatalf("Normalize(%q, %d) = %q changes the kind of reference", s, level, ns)
			}
			if twice := uri.Normalize(n, level); twice.String() != ns {
				t.Fatalf("Normalize(%q, %d) = %q, but normalizing that gives %q", s, level, ns, twice)
			}
			if !uri.Equal(n, u) || !uri.Equal(u, n) {
				t.Fatalf("Normalize(%q, %d) = %q, which is not Equal to its input", s, level, ns)
			}
		}
		for _, o := range []uri.NormalizeOptions{{Level: uri.SyntaxLevel}, {Level: uri.SchemeLevel}, {RelativeDots: true}, {CanonicalIPv6: true}} {
			if got, err := o.NormalizeString(s); err != nil || got != o.Normalize(u).String() {
				t.Fatalf("%+v.NormalizeString(%q) = %q, %v; Normalize gives %q", o, s, got, err, o.Normalize(u))
			}
		}
	})
}
