// Package surt computes the SURT (Sort-friendly URI Reordering Transform)
// of a URI: the key by which the Internet Archive's Wayback Machine and
// Common Crawl's CDX index sort their captures, so that a list of URIs
// can be joined with that index.
//
// Sources of the rules (read for facts; nothing here is their code):
//   - Common Crawl's index server and its cdx files are built with pywb
//     ("Announcing the Common Crawl Index!", commoncrawl.org, April 2015),
//     whose canonicalize() is surt.surt(url) with its defaults
//     (github.com/webrecorder/pywb, pywb/utils/canonicalize.py).
//   - surt.surt's defaults, in the Internet Archive's surt package 0.3.1
//     (github.com/internetarchive/surt), a port of webarchive-commons'
//     org.archive.url: GoogleURLCanonicalizer, then IAURLCanonicalizer,
//     then the key without the scheme (surt.py, handyurl.py,
//     GoogleURLCanonicalizer.py, IAURLCanonicalizer.py,
//     URLRegexTransformer.py; their tests give the examples in
//     surt_test.go).
//
// The rules, in the order they apply:
//
//  1. The fragment and the userinfo are dropped.
//  2. Host: percent-decoded until nothing changes; a host that is then not
//     ASCII is converted to its A-labels (IDNA 2003, here UTS #46
//     transitional processing); ".." becomes "." and dots at either end go;
//     a host of digits only is an IPv4 address as a 32-bit number (its low
//     32 bits), and one of up to four dotted decimal or octal numbers the
//     address inet_aton reads; otherwise it is lowercased and escaped once
//     (rule 7). A leading "www", "www2", ... label is dropped. The labels are
//     reversed and joined with ",", and ")" closes the host. An IP-literal
//     loses its brackets.
//  3. Port: dropped when it is empty, 0 or the scheme's default; otherwise
//     written without leading zeros.
//  4. Path: percent-decoded until nothing changes; with a host, "." and ".."
//     segments are removed (a ".." with nothing to remove stays), empty
//     segments are dropped and an empty path becomes "/"; escaped once,
//     lowercased, ASP.NET session ids in the path removed, and one trailing
//     "/" dropped unless the path is "/".
//  5. Query: percent-decoded until nothing changes and escaped once;
//     session ids of the forms below removed (jsessionid, phpsessid and
//     sid with a value of 32 letters and digits, aspsessionid,
//     cfid/cftoken; "sid=3" stays); lowercased; its "&"-separated pairs sorted by key,
//     then a key without "=" first, then by value; an empty query and its
//     "?" dropped.
//  6. The scheme is dropped when there is a host; without one the key is
//     the scheme, ":", the path (rule 4 without its dot-segment step) and
//     the query.
//  7. Escaping once writes as %XX, in uppercase hex before rules 4 and 5
//     lowercase it, every byte that is not printable ASCII, the space, "%"
//     and "#"; every other character stays as it is, reserved or not.
//
// What differs from the surt package, on purpose:
//   - The input is a reference RFC 3986 accepts, read by its grammar: the
//     surt package's repairs of other input (a missing "http://", a
//     repeated "http://", spaces and tabs, "http:///host") do not apply.
//     uritool's --default-scheme adds a missing scheme.
//   - Default ports are uritool's (http, ws 80; https, wss 443; ftp 21)
//     and those --default-port adds; the surt package knows http and
//     https only. Common Crawl holds http and https captures only.
//   - A port above 65535 is written as it is; the surt package fails.
//   - A dotted host that is neither an address nor a name is kept; the
//     surt package asks the system resolver about it.
package surt

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/uritool/uritool/internal/ascii"
	"github.com/uritool/uritool/internal/idn"
	"github.com/uritool/uritool/internal/inetaton"
	"github.com/uritool/uritool/pkg/uri"
)

// Key returns the SURT of u. A relative reference has none: ok is false.
// defaultPort gives a scheme's default port, which is dropped.
func Key(u uri.URI, defaultPort func(scheme string) (string, bool)) (key string, ok bool) {
	scheme, ok := u.Scheme()
	if !ok {
		return "", false
	}
	scheme = lower(scheme)
	host, _ := u.Host()
	host = canonicalHost(host, u.HostType(), scheme)
	query, _ := u.Query()
	query = canonicalQuery(query)
	var b strings.Builder
	if host == "" {
		b.WriteString(scheme)
		b.WriteByte(':')
		path := finishPath(escapeOnce(unescapeRepeatedly(u.Path())))
		if path == "" && query != "" {
			path = "/"
		}
		b.WriteString(path)
	} else {
		b.WriteString(reverseLabels(host))
		if port := canonicalPort(u, scheme, defaultPort); port != "" {
			b.WriteByte(':')
			b.WriteString(port)
		}
		b.WriteByte(')')
		b.WriteString(finishPath(escapeOnce(removeDotSegments(unescapeRepeatedly(u.Path())))))
	}
	if query != "" {
		b.WriteByte('?')
		b.WriteString(query)
	}
	return b.String(), true
}

// canonicalHost applies rule 2 up to the reversal.
func canonicalHost(host string, t uri.HostType, scheme string) string {
	if t == uri.HostIPv6 || t == uri.HostIPvFuture {
		host = host[1 : len(host)-1]
	}
	h := unescapeRepeatedly(lower(host))
	if !ascii.IsASCII(h) {
		if a, err := idn.ToASCIITransitional(strings.ToValidUTF8(h, "")); err == nil {
			h = a
		}
	}
	h = strings.Trim(strings.ReplaceAll(h, "..", "."), ".")
	if ip, ok := ipv4Form(h); ok {
		h = ip
	} else {
		h = lower(escapeOnce(lower(h)))
	}
	if scheme != "dns" {
		h = dropWWW(h)
	}
	return h
}

// dropWWW drops a leading "www" label with any digits after it: "www.",
// "www2.".
func dropWWW(h string) string {
	rest, ok := strings.CutPrefix(h, "www")
	if !ok {
		return h
	}
	rest = strings.TrimLeft(rest, "0123456789")
	if rest, ok = strings.CutPrefix(rest, "."); ok {
		return rest
	}
	return h
}

// reverseLabels writes "a.b.c" as "c,b,a".
func reverseLabels(h string) string {
	labels := strings.Split(h, ".")
	slices.Reverse(labels)
	return strings.Join(labels, ",")
}

// ipv4Form reads h as an IPv4 address the way the surt package does: all
// digits is a 32-bit number, cut to its low 32 bits; up to four dotted
// numbers, the first decimal without a leading zero or all of them octal,
// are what inet_aton makes of them.
func ipv4Form(h string) (string, bool) {
	if h != "" && strings.Trim(h, "0123456789") == "" {
		var v uint64
		for i := 0; i < len(h); i++ {
			v = (v*10 + uint64(h[i]-'0')) & 0xffffffff
		}
		return dotted(uint32(v)), true
	}
	parts := strings.Split(h, ".")
	if len(parts) > 4 || !(dottedNumbers(parts, "123456789", "0123456789") || dottedNumbers(parts, "0", "01234567")) {
		return "", false
	}
	a, ok := inetaton.Parse(h)
	if !ok {
		return "", false
	}
	return a.String(), true
}

// dottedNumbers reports whether the first part starts with one of first
// and every part is made of digits only.
func dottedNumbers(parts []string, first, digits string) bool {
	if parts[0] == "" || !strings.ContainsRune(first, rune(parts[0][0])) {
		return false
	}
	for _, p := range parts {
		if p == "" || strings.Trim(p, digits) != "" {
			return false
		}
	}
	return true
}

func dotted(v uint32) string {
	return strconv.Itoa(int(v>>24)) + "." + strconv.Itoa(int(v>>16&0xff)) + "." + strconv.Itoa(int(v>>8&0xff)) + "." + strconv.Itoa(int(v&0xff))
}

// canonicalPort applies rule 3.
func canonicalPort(u uri.URI, scheme string, defaultPort func(string) (string, bool)) string {
	port, _ := u.Port()
	port = strings.TrimLeft(port, "0")
	if port == "" {
		return ""
	}
	if def, known := defaultPort(scheme); known && strings.TrimLeft(def, "0") == port {
		return ""
	}
	return port
}

// removeDotSegments applies the dot-segment step of rule 4 to a path that
// is empty or starts with "/".
func removeDotSegments(path string) string {
	if path == "" {
		return "/"
	}
	var kept []string
	for _, seg := range strings.Split(path, "/")[1:] {
		switch {
		case seg == ".":
		case seg == ".." && len(kept) > 0:
			kept = kept[:len(kept)-1]
		default:
			kept = append(kept, seg)
		}
	}
	var b strings.Builder
	b.WriteByte('/')
	for i, seg := range kept {
		switch {
		case i == len(kept)-1:
			b.WriteString(seg) // "" here keeps a trailing "/"
		case seg != "":
			b.WriteString(seg)
			b.WriteByte('/')
		}
	}
	return b.String()
}

// finishPath applies the last steps of rule 4 to an escaped path.
func finishPath(path string) string {
	path = lower(path)
	for _, re := range sessionIDs().path {
		if m := re.FindStringSubmatch(path); m != nil {
			path = m[1] + m[3]
		}
	}
	if len(path) > 1 && path[len(path)-1] == '/' {
		path = path[:len(path)-1]
	}
	return path
}

// canonicalQuery applies rule 5.
func canonicalQuery(q string) string {
	if q == "" {
		return ""
	}
	q = escapeOnce(unescapeRepeatedly(q))
	for _, re := range sessionIDs().query {
		if m := re.FindStringSubmatch(q); m != nil {
			q = m[1] + m[2]
		}
	}
	return sortPairs(lower(q))
}

// sortPairs sorts the "&"-separated pairs of q by key, a key alone before
// the same key with "=", then by value.
func sortPairs(q string) string {
	if len(q) <= 1 {
		return q
	}
	type pair struct {
		key, value string
		hasValue   bool
	}
	var pairs []pair
	for piece := range strings.SplitSeq(q, "&") {
		k, v, has := strings.Cut(piece, "=")
		pairs = append(pairs, pair{k, v, has})
	}
	slices.SortStableFunc(pairs, func(a, b pair) int {
		if c := strings.Compare(a.key, b.key); c != 0 {
			return c
		}
		if a.hasValue != b.hasValue {
			if a.hasValue {
				return 1
			}
			return -1
		}
		return strings.Compare(a.value, b.value)
	})
	var b strings.Builder
	for i, p := range pairs {
		if i > 0 {
			b.WriteByte('&')
		}
		b.WriteString(p.key)
		if p.hasValue {
			b.WriteByte('=')
			b.WriteString(p.value)
		}
	}
	return b.String()
}

// sessionIDs are the session ids the surt package removes
// (URLRegexTransformer.py), compiled on first use: most runs never ask
// for a SURT. The query's: m[1]+m[2] is what is left; the path's:
// m[1]+m[3].
var sessionIDs = sync.OnceValue(func() (s struct{ query, path []*regexp.Regexp }) {
	rest := `(?:&(.*))?$`
	for _, id := range []string{`jsessionid=[0-9a-z]{32}`, `phpsessid=[0-9a-z]{32}`, `sid=[0-9a-z]{32}`,
		`aspsessionid[a-z]{8}=[a-z]{24}`, `cfid=[^&]+&cftoken=[^&]+`} {
		s.query = append(s.query, regexp.MustCompile(`(?i)^(.*)`+id+rest))
	}
	for _, id := range []string{`\((?:[a-z]\([0-9a-z]{24}\))+\)/`, `\([0-9a-z]{24}\)/`} {
		s.path = append(s.path, regexp.MustCompile(`(?i)^(.*/)(`+id+`)([^?]+\.aspx.*)$`))
	}
	return s
})

// unescapeRepeatedly percent-decodes s until nothing is left to decode:
// "%2525" is "%".
func unescapeRepeatedly(s string) string {
	for {
		d := uri.PercentDecode(s)
		if len(d) == len(s) {
			return s
		}
		s = d
	}
}

// escapeOnce is rule 7.
func escapeOnce(s string) string {
	var b []byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c > ' ' && c < 0x7f && c != '%' && c != '#' {
			if b != nil {
				b = append(b, c)
			}
			continue
		}
		if b == nil {
			b = append(make([]byte, 0, len(s)+8), s[:i]...)
		}
		b = append(b, '%', ascii.UpperHex[c>>4], ascii.UpperHex[c&15])
	}
	if b == nil {
		return s
	}
	return string(b)
}

// lower lowercases ASCII letters only, as the surt package's bytes do.
func lower(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}
