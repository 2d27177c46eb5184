package interop

import "strings"

// Most references in the wild are plain: a lowercase scheme, a lowercase
// domain, no userinfo, no port, no dot-segment, nothing any parser
// rewrites. Every parser reads such a reference exactly as RFC 3986 splits
// it, so plainReadings derives the whatwg and net/url readings from the
// rfc3986 one instead of running the two parsers, which cost twenty times
// the rest of Read. The conditions are narrow on purpose: anything outside
// them goes to the parsers. TestPlainReadings and FuzzPlainReadings hold
// the result equal to the parsers' own on every input the shortcut takes.

// plainReadings sets the whatwg and net/url readings of a URI from its
// rfc3986 reading rs[0] (by uri.Parse: ASCII, no space or control, every
// "%" followed by two hex digits), and returns true, when the reference
// is plain. It returns false, and sets nothing, when a parser might read
// it otherwise.
func plainReadings(rs *[3]Reading) bool {
	r := &rs[0]
	if !r.OK || r.HasUserinfo || r.HasPort {
		return false
	}
	kind := schemeKind(r.Scheme)
	if kind == notPlain {
		return false
	}
	special := kind != other
	switch {
	case r.HasHost:
		// An authority is followed by an empty path or one that starts
		// with "/" (RFC 3986 section 3.3).
		if kind == file {
			// A file URL's host may be empty, and "localhost" is empty to
			// WHATWG. net/url sees no authority in "file://" alone.
			if r.Host == "" && r.Path == "" || r.Host != "" && (!plainHost(r.Host, true) || r.Host == "localhost") || startsWithDriveLetter(r.Path) {
				return false
			}
		} else if !plainHost(r.Host, special) {
			return false
		}
	case special:
		// WHATWG finds a host after any number of slashes, or none, in a
		// special scheme (special authority ignore slashes state).
		return false
	}
	// The path state removes dot-segments, also percent-encoded ones; an
	// opaque path, rootless after a scheme, keeps them.
	if (r.HasHost || strings.HasPrefix(r.Path, "/")) && hasDotSegment(r.Path) {
		return false
	}
	// The special-query percent-encode set adds "'" to the query's.
	if special && strings.IndexByte(r.Query, '\'') >= 0 {
		return false
	}

	w, n := &rs[1], &rs[2]
	*w = *r
	w.Parser, w.URIChars = WHATWG, false // as the parser would give it
	if special && r.Path == "" {
		w.Path = "/" // a special URL's path is never empty
	}

	*n = *r
	n.Parser, n.URIChars = NetURL, false
	// net/url has no empty fragment: "#" alone leaves Fragment "".
	n.HasFragment = r.Fragment != ""
	return true
}

type kindOfScheme int

const (
	notPlain kindOfScheme = iota
	specialScheme
	file
	other
)

// schemeKind tells a lowercase scheme that WHATWG calls special (file is
// one, with its own host rules) from any other; a scheme with an uppercase
// letter, which WHATWG and net/url lower, is notPlain.
func schemeKind(scheme string) kindOfScheme {
	switch scheme {
	case "file":
		return file
	case "":
		return notPlain // WHATWG needs a base URL for a relative reference
	}
	for i := 0; i < len(scheme); i++ {
		if c := scheme[i]; c >= 'A' && c <= 'Z' {
			return notPlain
		}
	}
	if IsSpecial(scheme) {
		return specialScheme
	}
	return other
}

// plainHost reports whether WHATWG and net/url keep host as it is. For a
// special scheme that is a domain of nonempty labels of lowercase letters,
// digits and hyphens, none of them an A-label ("xn--", which IDNA checks)
// and the last one starting with a letter, so that it is no IPv4 number
// (WHATWG URL Standard, "ends in a number"). Any other scheme has an
// opaque host, kept as it is: letters, digits and "-._~" are left alone by
// both.
func plainHost(host string, special bool) bool {
	if host == "" {
		return false
	}
	if !special {
		for i := 0; i < len(host); i++ {
			if c := host[i]; !(isAlnum(c) || c == '-' || c == '.' || c == '_' || c == '~') {
				return false
			}
		}
		return true
	}
	start := 0
	for i := 0; i < len(host); i++ {
		switch ldh[host[i]] {
		case 0:
			return false
		case dot:
			if !plainLabel(host[start:i]) {
				return false
			}
			start = i + 1
		}
	}
	last := host[start:]
	return plainLabel(last) && last[0] >= 'a' && last[0] <= 'z'
}

// plainLabel reports whether a label of a plain host is one IDNA keeps:
// nonempty and no A-label.
func plainLabel(label string) bool {
	return label != "" && !strings.HasPrefix(label, "xn--")
}

// ldh classes the bytes of a plain special host: lowercase letters,
// digits and hyphens are 1, the dot is dot, any other byte 0.
var ldh = func() (t [256]uint8) {
	for c := range t {
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' {
			t[c] = 1
		}
	}
	t['.'] = dot
	return t
}()

const dot = 2

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// hasDotSegment reports whether a segment of path is "." or "..", or
// whether path has a percent-encoded dot, which WHATWG reads as one in
// such segments. It looks only at the dots and percent signs, which
// IndexByte finds many bytes at a time: most paths have few or none.
func hasDotSegment(path string) bool {
	for i := 0; ; {
		d := strings.IndexByte(path[i:], '.')
		if d < 0 {
			break
		}
		i += d
		if i == 0 || path[i-1] == '/' {
			j := i + 1
			if j < len(path) && path[j] == '.' {
				j++
			}
			if j == len(path) || path[j] == '/' {
				return true
			}
		}
		i++
	}
	for i := 0; ; {
		p := strings.IndexByte(path[i:], '%')
		if p < 0 {
			return false
		}
		i += p
		if i+2 < len(path) && path[i+1] == '2' && path[i+2]|0x20 == 'e' {
			return true
		}
		i++
	}
}

// startsWithDriveLetter reports whether the first segment of a file path
// could be a Windows drive letter, which WHATWG treats apart.
func startsWithDriveLetter(path string) bool {
	return len(path) >= 3 && path[2] == ':'
}
