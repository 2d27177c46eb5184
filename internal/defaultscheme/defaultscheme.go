// Package defaultscheme is --default-scheme: it reads an input without a
// scheme that starts like a host as SCHEME://input, as people type URLs.
package defaultscheme

import (
	"strings"

	"github.com/uritool/uritool/internal/flagval"
)

// Flag is --default-scheme: a scheme to add, as SCHEME://, to an
// input that has none and starts like a host.
type Flag struct{ scheme string }

func (d *Flag) Type() string   { return "SCHEME" }
func (d *Flag) String() string { return d.scheme }
func (d *Flag) Set(s string) error {
	if err := flagval.CheckScheme(s); err != nil {
		return err
	}
	d.scheme = s
	return nil
}

// Apply returns SCHEME://in when in starts like a host, and whether it
// did. "Starts like a host": up to the first "/", "?" or "#", a host and
// an optional ":" and decimal port, where the host is an IP-literal in
// brackets, a dotted IPv4 address, "localhost", or a domain name of two or
// more labels of letters, digits and "-" whose last label has a letter.
// So "example.com/x" and "localhost:8080" get the scheme (the latter
// parses as the scheme "localhost" otherwise), while "mailto:a@b",
// "urn:x:y", "a:b" and "/path" are left alone.
//
// Without the flag it returns in at once, and inlined: most runs have no
// --default-scheme, and every input of normalize, edit and parse asks.
func (d *Flag) Apply(in string) (string, bool) {
	if d.scheme == "" {
		return in, false
	}
	return d.apply(in)
}

// apply is Apply with the flag. Inlined into Apply, it would make Apply
// too large to inline.
//
//go:noinline
func (d *Flag) apply(in string) (string, bool) {
	if !startsLikeHost(in) {
		return in, false
	}
	return d.scheme + "://" + in, true
}

func startsLikeHost(in string) bool {
	end := strings.IndexAny(in, "/?#")
	if end < 0 {
		end = len(in)
	}
	hostport := in[:end]
	if strings.HasPrefix(hostport, "[") {
		close := strings.IndexByte(hostport, ']')
		return close > 1 && optionalPort(hostport[close+1:])
	}
	host, rest := hostport, ""
	if i := strings.IndexByte(hostport, ':'); i >= 0 {
		host, rest = hostport[:i], hostport[i:]
	}
	return optionalPort(rest) && (host == "localhost" || isDomainName(host))
}

// optionalPort accepts "" or ":" followed by decimal digits.
func optionalPort(s string) bool {
	if s == "" {
		return true
	}
	if s[0] != ':' {
		return false
	}
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// isDomainName reports two or more labels of letters, digits and "-",
// the last with a letter, or a dotted IPv4 address (four numbers).
func isDomainName(host string) bool {
	labels := strings.Split(host, ".")
	if len(labels) < 2 {
		return false
	}
	numeric := 0
	for _, l := range labels {
		if l == "" || l[0] == '-' || l[len(l)-1] == '-' {
			return false
		}
		digits := true
		for i := 0; i < len(l); i++ {
			c := l[i]
			switch {
			case c >= '0' && c <= '9':
			case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-':
				digits = false
			default:
				return false
			}
		}
		if digits {
			numeric++
		}
	}
	last := labels[len(labels)-1]
	return numeric == 4 && len(labels) == 4 || strings.ContainsAny(strings.ToLower(last), "abcdefghijklmnopqrstuvwxyz")
}

// Usage is the help text of --default-scheme.
const Usage = "read an input without a scheme that starts like a host (example.com/x, localhost:8080) as `SCHEME`://input"
