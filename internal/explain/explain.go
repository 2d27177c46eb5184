// Package explain shows the work of uri.Resolve and uri.Normalize step by
// step, for people learning RFC 3986 or debugging a reference. It is
// built only from pkg/uri's public API and favours clarity over speed;
// its tests check that each explanation ends where pkg/uri does.
package explain

import (
	"strconv"
	"strings"

	"github.com/uritool/uritool/pkg/uri"
)

// DotStep is one turn of the loop of RFC 3986 section 5.2.4, as the RFC's
// own table shows it: the rule applied (A to E) and both buffers after it.
type DotStep struct {
	Rule   string
	Output string
	Input  string
}

// RemoveDotSegments runs remove_dot_segments on path and records each
// step. The last step's Output is the result; a path with nothing to
// read has no steps.
func RemoveDotSegments(path string) []DotStep {
	var steps []DotStep
	in, out := path, ""
	for in != "" {
		var rule string
		switch {
		case strings.HasPrefix(in, "../"):
			rule, in = "A", in[3:]
		case strings.HasPrefix(in, "./"):
			rule, in = "A", in[2:]
		case strings.HasPrefix(in, "/./"):
			rule, in = "B", in[2:]
		case in == "/.":
			rule, in = "B", "/"
		case strings.HasPrefix(in, "/../"):
			rule, in, out = "C", in[3:], dropLastSegment(out)
		case in == "/..":
			rule, in, out = "C", "/", dropLastSegment(out)
		case in == "." || in == "..":
			rule, in = "D", ""
		default:
			j := 0
			if in[0] == '/' {
				j = 1
			}
			for j < len(in) && in[j] != '/' {
				j++
			}
			rule, out, in = "E", out+in[:j], in[j:]
		}
		steps = append(steps, DotStep{Rule: rule, Output: out, Input: in})
	}
	return steps
}

// dropLastSegment removes the last segment of the output buffer and its
// preceding "/", if any (section 5.2.4, C).
func dropLastSegment(out string) string {
	return out[:max(strings.LastIndexByte(out, '/'), 0)]
}

// Branch names the case of section 5.2.2 that a resolution takes.
type Branch uint8

const (
	BranchScheme    Branch = iota // R has a scheme: T is R, dot-segments removed
	BranchAuthority               // R has an authority: T keeps only the base's scheme
	BranchEmptyPath               // R's path is empty: T has the base's path (and query unless R has one)
	BranchAbsPath                 // R's path starts with "/": T takes it
	BranchMerge                   // R's path is relative: merged with the base's (5.2.3)
)

var branchText = [...]string{
	"R has a scheme: the target is the reference itself",
	"R has an authority: the target takes it and its path",
	"R has an empty path: the target keeps the base's path",
	"R has an absolute path: the target takes it",
	"R has a relative path: it is merged with the base's path (5.2.3)",
}

func (b Branch) String() string {
	if int(b) < len(branchText) {
		return branchText[b]
	}
	return "Branch(" + strconv.Itoa(int(b)) + ")"
}

// Trace tells how a resolution reached its target.
type Trace struct {
	Branch Branch
	// MergePrefix and Merged, for BranchMerge, are what merge (5.2.3)
	// put before the reference's path, and the path it built.
	MergePrefix, Merged string
	// DotInput is the path given to remove_dot_segments and DotSteps its
	// steps; both are empty when the branch keeps the base's path.
	DotInput string
	DotSteps []DotStep
	// Target is what opts.Resolve returns.
	Target uri.URI
}

// Resolve resolves ref against base as opts.Resolve does, and records
// how. It fails exactly when opts.Resolve does.
func Resolve(opts uri.ResolveOptions, base, ref uri.URI) (Trace, error) {
	target, err := opts.Resolve(base, ref)
	if err != nil {
		return Trace{}, err
	}
	tr := Trace{Target: target}
	rs, refHasScheme := ref.Scheme()
	bs, _ := base.Scheme()
	if refHasScheme && opts.NonStrict && strings.EqualFold(rs, bs) {
		refHasScheme = false
	}
	_, refHasAuthority := ref.Authority()
	path := ref.Path()
	switch {
	case refHasScheme:
		tr.Branch = BranchScheme
	case refHasAuthority:
		tr.Branch = BranchAuthority
	case path == "":
		tr.Branch = BranchEmptyPath
		return tr, nil
	case path[0] == '/':
		tr.Branch = BranchAbsPath
	default:
		tr.Branch = BranchMerge
		tr.MergePrefix = mergePrefix(base)
		path = tr.MergePrefix + path
		tr.Merged = path
	}
	tr.DotInput, tr.DotSteps = path, RemoveDotSegments(path)
	return tr, nil
}

// mergePrefix is what merge (section 5.2.3) puts before a relative path:
// "/" for a base with an authority and an empty path, otherwise the base
// path up to and including its last "/".
func mergePrefix(base uri.URI) string {
	p := base.Path()
	if _, ok := base.Authority(); ok && p == "" {
		return "/"
	}
	return p[:strings.LastIndexByte(p, '/')+1]
}

// Step is one rule of section 6.2.2 or 6.2.3 that changed the reference,
// with the reference before and after it.
type Step struct {
	Section string // "6.2.2.1", ...
	Rule    string
	Before  string
	After   string
}

// Normalize normalizes u as opts.Normalize does, one rule at a time, and
// returns the rules that changed something. Percent-encodings are
// normalized before the host is lowercased and dot-segments removed, so
// that "%41" in a host and "%2E%2E" in a path are seen for what they are.
func Normalize(opts uri.NormalizeOptions, u uri.URI) []Step {
	if !u.IsValid() {
		return nil
	}
	var steps []Step
	apply := func(section, rule string, f func(c uri.Component, s string) (string, bool)) {
		next := rebuild(u, f)
		if next != u {
			steps = append(steps, Step{section, rule, u.String(), next.String()})
			u = next
		}
	}
	textual := func(c uri.Component) bool { return c != uri.ComponentScheme && c != uri.ComponentPort }
	apply("6.2.2.1", "hex digits of percent-encodings uppercased", func(c uri.Component, s string) (string, bool) {
		if !textual(c) {
			return s, true
		}
		return mapPct(s, func(b byte) string { return pct(b) }), true
	})
	apply("6.2.2.2", "percent-encoded unreserved characters decoded", func(c uri.Component, s string) (string, bool) {
		if !textual(c) {
			return s, true
		}
		return mapPct(s, func(b byte) string {
			if isUnreserved(b) {
				return string(b)
			}
			return pct(b)
		}), true
	})
	apply("6.2.2.1", "scheme lowercased", func(c uri.Component, s string) (string, bool) {
		if c == uri.ComponentScheme {
			return strings.ToLower(s), true
		}
		return s, true
	})
	apply("6.2.2.1", "host lowercased", func(c uri.Component, s string) (string, bool) {
		if c == uri.ComponentHost {
			// The hex digits of percent-encodings stay uppercase.
			return mapPct(strings.ToLower(s), func(b byte) string { return pct(b) }), true
		}
		return s, true
	})
	scheme, isURI := u.Scheme()
	if isURI {
		apply("6.2.2.3", "dot-segments removed", func(c uri.Component, s string) (string, bool) {
			if c != uri.ComponentPath {
				return s, true
			}
			p := uri.RemoveDotSegments(s)
			if _, hasAuthority := u.Authority(); !hasAuthority && strings.HasPrefix(p, "//") {
				p = "/." + p // as Resolve and Normalize do; see pkg/uri's doc
			}
			return p, true
		})
	}
	if opts.Level < uri.SchemeLevel {
		return steps
	}
	def, known := "", false
	if isURI {
		if def, known = opts.DefaultPorts[strings.ToLower(scheme)]; !known {
			def, known = uri.DefaultPort(scheme)
		}
	}
	if port, ok := u.Port(); ok && (port == "" || known && samePort(port, def)) {
		rule := "empty port removed"
		if port != "" {
			rule = "default port " + port + " removed"
		}
		apply("6.2.3", rule, func(c uri.Component, s string) (string, bool) { return s, c != uri.ComponentPort })
	}
	if _, hasAuthority := u.Authority(); known && hasAuthority {
		apply("6.2.3", `empty path with an authority written "/"`, func(c uri.Component, s string) (string, bool) {
			if c == uri.ComponentPath && s == "" {
				return "/", true
			}
			return s, true
		})
	}
	return steps
}

// samePort reports whether two ports are the same decimal number
// (section 3.2.3), leading zeros aside.
func samePort(a, b string) bool {
	return strings.TrimLeft(a, "0") == strings.TrimLeft(b, "0")
}

// mapPct replaces each percent-encoded octet of s by f of its value.
func mapPct(s string, f func(byte) string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			b.WriteString(f(unhex(s[i+1])<<4 | unhex(s[i+2])))
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func pct(b byte) string {
	const hex = "0123456789ABCDEF"
	return string([]byte{'%', hex[b>>4], hex[b&15]})
}

func unhex(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// isUnreserved is the unreserved rule of section 2.3.
func isUnreserved(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-._~", c) >= 0
}

// rebuild recomposes u (section 5.3) from its components mapped by f,
// which may also undefine one, with uri.Builder.
func rebuild(u uri.URI, f func(c uri.Component, s string) (string, bool)) uri.URI {
	get := func(c uri.Component) *string {
		start, end, ok := u.Span(c)
		if !ok {
			return nil
		}
		if s, ok := f(c, u.String()[start:end]); ok {
			return &s
		}
		return nil
	}
	path := get(uri.ComponentPath)
	b := uri.Builder{
		Scheme:   get(uri.ComponentScheme),
		Userinfo: get(uri.ComponentUserinfo),
		Host:     get(uri.ComponentHost),
		Port:     get(uri.ComponentPort),
		Path:     *path,
		Query:    get(uri.ComponentQuery),
		Fragment: get(uri.ComponentFragment),
	}
	n, err := b.Build()
	if err != nil {
		panic("explain: a normalization step produced an invalid reference: " + err.Error())
	}
	return n
}
