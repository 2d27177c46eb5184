// Package explain shows the work of uri.Resolve and uri.Normalize step by
// step, for people learning RFC 3986 or debugging a reference. The steps
// are recorded by pkg/uri's own code as it runs (its Trace methods), so an
// explanation ends where pkg/uri does by construction; this package adds
// the words.
package explain

import "github.com/uritool/uritool/pkg/uri"

// DotStep is one turn of the loop of RFC 3986 section 5.2.4, as the RFC's
// own table shows it: the rule applied (A to E) and both buffers after it.
type DotStep = uri.DotStep

// Branch names the case of section 5.2.2 that a resolution takes.
type Branch = uri.Branch

const (
	BranchScheme    = uri.BranchScheme
	BranchAuthority = uri.BranchAuthority
	BranchEmptyPath = uri.BranchEmptyPath
	BranchAbsPath   = uri.BranchAbsPath
	BranchMerge     = uri.BranchMerge
)

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
	r, err := opts.Trace(base, ref)
	if err != nil {
		return Trace{}, err
	}
	tr := Trace{Branch: r.Branch, DotInput: r.DotInput, DotSteps: r.DotSteps, Target: r.Target}
	if r.Branch == BranchMerge {
		tr.MergePrefix, tr.Merged = r.MergePrefix, r.DotInput
	}
	return tr, nil
}

// Step is one rule of section 6.2.2 or 6.2.3 that changed the reference,
// with the reference before and after it.
type Step struct {
	Section string // "6.2.2.1", ...
	Rule    string
	Before  string
	After   string
}

// ruleText says what each rule of uri.NormalizeOptions.Trace did, and
// where.
var ruleText = map[uri.NormalizeRule]struct{ section, text string }{
	uri.NormalizePctUppercase:   {"6.2.2.1", "hex digits of percent-encodings uppercased"},
	uri.NormalizePctDecode:      {"6.2.2.2", "percent-encoded unreserved characters decoded"},
	uri.NormalizeSchemeLower:    {"6.2.2.1", "scheme lowercased"},
	uri.NormalizeHostLower:      {"6.2.2.1", "host lowercased"},
	uri.NormalizeCanonicalIPv6:  {"RFC 5952 4", "IPv6 address in canonical text"},
	uri.NormalizeDotSegments:    {"6.2.2.3", "dot-segments removed"},
	uri.NormalizeRelativeDots:   {"6.2.2.3", "dot-segments removed from a relative reference"},
	uri.NormalizeDropPort:       {"6.2.3", "empty port removed"},
	uri.NormalizeEmptyPathSlash: {"6.2.3", `empty path with an authority written "/"`},
}

// Normalize normalizes u as opts.Normalize does, one rule at a time, and
// returns the rules that changed something.
func Normalize(opts uri.NormalizeOptions, u uri.URI) []Step {
	var steps []Step
	for _, s := range opts.Trace(u) {
		r := ruleText[s.Rule]
		if port, _ := u.Port(); s.Rule == uri.NormalizeDropPort && port != "" {
			r.text = "default port " + port + " removed"
		}
		steps = append(steps, Step{r.section, r.text, s.Before.String(), s.After.String()})
	}
	return steps
}
