package interop

import (
	"net/netip"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/net/idna"

	"github.com/uritool/uritool/internal/ascii"
	"github.com/uritool/uritool/pkg/uri"
)

// hostProfile maps a domain the way a resolver would before lookup: UTS #46
// nontransitional mapping, as the WHATWG URL Standard's "domain to ASCII"
// does, but with no check that could reject a name the other parsers read
// (underscores, leading hyphens, long labels). A Profile is immutable.
var hostProfile = idna.New(
	idna.MapForLookup(),
	idna.Transitional(false),
	idna.StrictDomainName(false),
	idna.CheckHyphens(false),
	idna.VerifyDNSLength(false),
)

// Compare returns the names of the components in components, in the order
// of Components, on which the parsers that accepted the input disagree,
// preceded by "accepted" when some parser accepts and another rejects. An
// empty result means they agree; so do parsers that all reject.
func Compare(rs *[3]Reading, components []string) []string {
	if alike(rs) {
		return nil
	}
	var out []string
	if n := accepted(rs); n > 0 && n < len(rs) {
		out = append(out, "accepted")
	}
	for _, c := range Components {
		if slices.Contains(components, c) && !agreeOn(rs, c) {
			out = append(out, c)
		}
	}
	return out
}

func accepted(rs *[3]Reading) int {
	n := 0
	for i := range rs {
		if rs[i].OK {
			n++
		}
	}
	return n
}

// agreeOn reports whether the parsers that accepted read component c
// alike.
func agreeOn(rs *[3]Reading, c string) bool {
	if sameInput(rs, c) {
		return true
	}
	first, seen := "", false
	for _, r := range rs {
		if !r.OK {
			continue
		}
		k := key(r, c)
		if seen && k != first {
			return false
		}
		first, seen = k, true
	}
	return true
}

// alike reports whether every parser accepted and has the fields that
// key reads as the first one has them: then they agree on everything,
// and most inputs are so.
func alike(rs *[3]Reading) bool {
	a := &rs[0]
	for i := 1; i < len(rs); i++ {
		b := &rs[i]
		if !a.OK || !b.OK || b.Scheme != a.Scheme || b.Userinfo != a.Userinfo || b.Host != a.Host ||
			b.Port != a.Port || b.Path != a.Path || b.HasHost != a.HasHost || b.Query != a.Query || b.Fragment != a.Fragment {
			return false
		}
	}
	return true
}

// sameInput reports whether the parsers that accepted have the same
// fields that key reads for c, so that their keys are equal without
// computing them: most inputs, which every parser reads alike.
func sameInput(rs *[3]Reading, c string) bool {
	var first *Reading
	for i := range rs {
		r := &rs[i]
		if !r.OK {
			continue
		}
		if first == nil {
			first = r
			continue
		}
		var same bool
		switch c {
		case "scheme":
			same = r.Scheme == first.Scheme
		case "userinfo":
			same = r.Userinfo == first.Userinfo
		case "host":
			same = r.Host == first.Host
		case "port":
			same = r.Scheme == first.Scheme && r.Port == first.Port
		case "path":
			same = r.Path == first.Path && r.HasHost == first.HasHost
		case "query":
			same = r.Query == first.Query
		case "fragment":
			same = r.Fragment == first.Fragment
		}
		if !same {
			return false
		}
	}
	return true
}

// group is the parsers that read a component the same, by its key.
type group struct {
	key     string
	members []int // indexes into the readings, in Parsers order
}

// groups partitions the parsers that accepted by their key for component
// c, in the order each key is first seen.
func groups(rs [3]Reading, c string) []group {
	var gs []group
	for i, r := range rs {
		if !r.OK {
			continue
		}
		k := key(r, c)
		j := slices.IndexFunc(gs, func(g group) bool { return g.key == k })
		if j < 0 {
			gs = append(gs, group{key: k})
			j = len(gs) - 1
		}
		gs[j].members = append(gs[j].members, i)
	}
	return gs
}

// key returns component c of r with its notation undone, so that two
// readings agree on c exactly when their keys are equal.
func key(r Reading, c string) string {
	switch c {
	case "scheme":
		return strings.ToLower(r.Scheme) // section 3.1
	case "userinfo":
		return userinfoKey(r.Userinfo)
	case "host":
		return hostKey(r.Host)
	case "port":
		return portKey(r.Scheme, r.Port)
	case "path":
		// An empty path with an authority is "/" for the schemes that
		// WHATWG calls special (section 6.2.3 of RFC 3986 for http).
		if r.Path == "" && r.HasHost {
			return "/"
		}
		return uri.PercentDecode(r.Path)
	case "query":
		return uri.PercentDecode(r.Query)
	case "fragment":
		return uri.PercentDecode(r.Fragment)
	}
	return ""
}

// userinfoKey decodes userinfo and drops an empty password: WHATWG has no
// empty password, so "user:" and "user" read the same there.
func userinfoKey(u string) string {
	user, pass, _ := strings.Cut(u, ":")
	if pass == "" {
		return uri.PercentDecode(user)
	}
	return uri.PercentDecode(user) + ":" + uri.PercentDecode(pass)
}

// hostKey undoes the notation of a host: percent-encoding (RFC 3986
// section 3.2.2), case, and IDNA mapping to A-labels (the WHATWG URL
// Standard's "domain to ASCII"). An IP-literal becomes its address's
// canonical text. Numeric IPv4 forms other than dotted-decimal are left
// as they are: "0x7f.1" is a reg-name to RFC 3986 and an address to
// WHATWG, and that difference is what Compare is for.
func hostKey(h string) string {
	h = strings.ToLower(uri.PercentDecode(h))
	if strings.HasPrefix(h, "[") {
		if a, err := netip.ParseAddr(strings.TrimSuffix(h[1:], "]")); err == nil {
			return "[" + a.String() + "]"
		}
		return h
	}
	if ascii.IsASCII(h) {
		// With STD3 rules off, the mapping leaves lowercase ASCII as it
		// is: ToASCII could only check it, and a failed check keeps h.
		return h
	}
	if a, err := hostProfile.ToASCII(h); err == nil {
		return a
	}
	return h
}

// portKey returns the port the reading connects to: the scheme's default
// for an empty or absent port (RFC 3986 section 3.2.3; WHATWG drops a
// default port), without leading zeros, so that ":080" is ":80".
func portKey(scheme, port string) string {
	if port == "" {
		port, _ = uri.DefaultPort(scheme)
	}
	if p := strings.TrimLeft(port, "0"); p != "" || port == "" {
		return p
	}
	return "0"
}

// AuthorityDiff is for the lint rule parser-differential. For a parsed
// URI, or IRI (RFC 3987), with an authority, it returns a one-line
// message when the parsers that accept it disagree on userinfo, host or
// port, such as
//
//	whatwg reads host "127.0.0.1", rfc3986 and net/url read "0x7f.1"
//
// and "" otherwise. The rfc3986 reading is u itself: parsing u's text
// again would reject an IRI. Parsers that reject the text do not count.
func AuthorityDiff(u uri.URI) string {
	s := u.String()
	rs := [3]Reading{readURI(u), readWHATWG(s), readNetURL(s)}
	if !rs[0].HasHost {
		return ""
	}
	var parts []string
	for _, c := range [...]string{"userinfo", "host", "port"} {
		if !agreeOn(&rs, c) {
			parts = append(parts, describe(rs, c, groups(rs, c)))
		}
	}
	return strings.Join(parts, "; ")
}

// describe names each group and what it read, the smallest group first:
// the odd one out is the news.
func describe(rs [3]Reading, c string, gs []group) string {
	slices.SortStableFunc(gs, func(a, b group) int { return len(a.members) - len(b.members) })
	var b strings.Builder
	for i, g := range gs {
		if i > 0 {
			b.WriteString(", ")
		}
		for j, m := range g.members {
			if j > 0 {
				b.WriteString(" and ")
			}
			b.WriteString(rs[m].Parser)
		}
		if len(g.members) == 1 {
			b.WriteString(" reads ")
		} else {
			b.WriteString(" read ")
		}
		if i == 0 {
			b.WriteString(c + " ")
		}
		b.WriteString(display(rs[g.members[0]], c))
	}
	return b.String()
}

// display shows what a reading has for c: the userinfo and host as the
// parser wrote them, the port as the number it connects to.
func display(r Reading, c string) string {
	v := r.Host
	switch c {
	case "port":
		v = portKey(r.Scheme, r.Port)
		if v != "" {
			return v
		}
	case "userinfo":
		v = r.Userinfo
	}
	if v == "" {
		return "none"
	}
	return strconv.Quote(v)
}
