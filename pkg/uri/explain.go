package uri

import "strings"

// This file shows the work of Resolve and Normalize step by step, for
// people learning or debugging; it favours clarity over allocation.

// DotStep is one turn of the loop of section 5.2.4, as the RFC's own
// table shows it: the rule applied (A to E) and both buffers after it.
type DotStep struct {
	Rule   string
	Output string
	Input  string
}

// RemoveDotSegmentsSteps runs remove_dot_segments on path and records
// each step. The last step's Output is the result.
func RemoveDotSegmentsSteps(path string) []DotStep {
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
			rule, in, out = "C", in[3:], out[:lastSlash([]byte(out))]
		case in == "/..":
			rule, in, out = "C", "/", out[:lastSlash([]byte(out))]
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

// ResolveTrace tells how Resolve reached its target.
type ResolveTrace struct {
	Branch Branch
	// MergePrefix and Merged, for BranchMerge, are what merge (5.2.3)
	// put before the reference's path, and the path it built.
	MergePrefix, Merged string
	// DotInput is the path given to remove_dot_segments and DotSteps its
	// steps; both are empty when the branch keeps the base's path.
	DotInput string
	DotSteps []DotStep
	Target   URI
}

// Explain resolves ref against base as Resolve does, and records how.
func (o ResolveOptions) Explain(base, ref URI) (ResolveTrace, error) {
	t, err := o.plan(base, ref)
	if err != nil {
		return ResolveTrace{}, err
	}
	tr := ResolveTrace{Branch: t.branch}
	path := t.path
	if t.branch == BranchMerge {
		path = t.mergePrefix + t.path
		tr.MergePrefix, tr.Merged = t.mergePrefix, path
	}
	if t.branch != BranchEmptyPath {
		tr.DotInput, tr.DotSteps = path, RemoveDotSegmentsSteps(path)
	}
	tr.Target, err = o.Resolve(base, ref)
	return tr, err
}

// NormalizeStep is one rule of section 6.2.2 or 6.2.3 that changed the
// reference, with the reference before and after it.
type NormalizeStep struct {
	Section string // "6.2.2.1", ...
	Rule    string
	Before  string
	After   string
}

// Explain normalizes u as Normalize does, one rule at a time, and
// returns the rules that changed something. Percent-encodings are
// normalized before the host is lowercased and dot-segments removed, so
// that "%41" in a host and "%2E%2E" in a path are seen for what they are.
func (o NormalizeOptions) Explain(u URI) []NormalizeStep {
	p := o.plan(u)
	var steps []NormalizeStep
	apply := func(section, rule string, f func(c Component, s string) (string, bool)) {
		next := rebuild(u, f)
		if next.s != u.s {
			steps = append(steps, NormalizeStep{section, rule, u.s, next.s})
			u = next
		}
	}
	apply("6.2.2.1", "hex digits of percent-encodings uppercased", func(c Component, s string) (string, bool) {
		if c == ComponentScheme || c == ComponentPort {
			return s, true
		}
		b := []byte(s)
		for i := 0; i < len(b); i++ {
			if b[i] == '%' {
				b[i+1], b[i+2] = upperHex[unhex(b[i+1])], upperHex[unhex(b[i+2])]
				i += 2
			}
		}
		return string(b), true
	})
	apply("6.2.2.2", "percent-encoded unreserved characters decoded", func(c Component, s string) (string, bool) {
		if c == ComponentScheme || c == ComponentPort {
			return s, true
		}
		return string(appendPctNormal(nil, s)), true
	})
	apply("6.2.2.1", "scheme lowercased", func(c Component, s string) (string, bool) {
		if c == ComponentScheme {
			return string(appendLower(nil, s)), true
		}
		return s, true
	})
	apply("6.2.2.1", "host lowercased", func(c Component, s string) (string, bool) {
		if c == ComponentHost {
			b := []byte(s)
			lowerHost(b)
			return string(b), true
		}
		return s, true
	})
	if p.dots {
		apply("6.2.2.3", "dot-segments removed", func(c Component, s string) (string, bool) {
			if c == ComponentPath {
				b := []byte(s)
				b = b[:removeDotSegments(b)]
				_, hasAuthority := u.Authority()
				return string(protectPath(b, 0, hasAuthority)), true
			}
			return s, true
		})
	}
	if p.dropPort {
		port, _ := u.Port()
		rule := "empty port removed"
		if port != "" {
			rule = "default port " + port + " removed"
		}
		apply("6.2.3", rule, func(c Component, s string) (string, bool) { return s, c != ComponentPort })
	}
	if p.emptyPathRoot {
		apply("6.2.3", `empty path with an authority written "/"`, func(c Component, s string) (string, bool) {
			if c == ComponentPath {
				return "/", true
			}
			return s, true
		})
	}
	return steps
}

// rebuild recomposes u (section 5.3) from its components mapped by f,
// which may also undefine one.
func rebuild(u URI, f func(c Component, s string) (string, bool)) URI {
	var b strings.Builder
	get := func(c Component) (string, bool) {
		start, end, ok := u.Span(c)
		if !ok {
			return "", false
		}
		return f(c, u.s[start:end])
	}
	if s, ok := get(ComponentScheme); ok {
		b.WriteString(s + ":")
	}
	if _, ok := u.Authority(); ok {
		b.WriteString("//")
		if s, ok := get(ComponentUserinfo); ok {
			b.WriteString(s + "@")
		}
		h, _ := get(ComponentHost)
		b.WriteString(h)
		if s, ok := get(ComponentPort); ok {
			b.WriteString(":" + s)
		}
	}
	p, _ := get(ComponentPath)
	b.WriteString(p)
	if s, ok := get(ComponentQuery); ok {
		b.WriteString("?" + s)
	}
	if s, ok := get(ComponentFragment); ok {
		b.WriteString("#" + s)
	}
	n, err := Parse(b.String())
	if err != nil {
		panic("uri: a normalization step produced an invalid reference: " + err.Error())
	}
	return n
}
