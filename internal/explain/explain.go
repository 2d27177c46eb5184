// Package explain shows the work of uri.Resolve and uri.Normalize step by
// step, for people learning RFC 3986 or debugging a reference. The steps
// are recorded by pkg/uri's own code as it runs (see internal/uritrace),
// so an explanation ends where pkg/uri does by construction.
package explain

import (
	"github.com/uritool/uritool/internal/uritrace"
	"github.com/uritool/uritool/pkg/uri"
)

// The traced forms of uri.Resolve and uri.Normalize, which pkg/uri hands
// over when it is initialized, before this package is.
var (
	resolveTraced = uritrace.Resolve.(func(uri.ResolveOptions, uri.URI, uri.URI, *uritrace.Resolution) (uri.URI, error))
	normalizeWith = uritrace.Normalize.(func(uri.NormalizeOptions, uri.URI, uritrace.Rules) uri.URI)
)

// DotStep is one turn of the loop of RFC 3986 section 5.2.4, as the RFC's
// own table shows it: the rule applied (A to E) and both buffers after it.
type DotStep = uritrace.DotStep

// Branch names the case of section 5.2.2 that a resolution takes.
type Branch = uritrace.Branch

const (
	BranchScheme    = uritrace.BranchScheme
	BranchAuthority = uritrace.BranchAuthority
	BranchEmptyPath = uritrace.BranchEmptyPath
	BranchAbsPath   = uritrace.BranchAbsPath
	BranchMerge     = uritrace.BranchMerge
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
	var r uritrace.Resolution
	target, err := resolveTraced(opts, base, ref, &r)
	if err != nil {
		return Trace{}, err
	}
	tr := Trace{Branch: r.Branch, DotInput: r.DotInput, DotSteps: r.DotSteps, Target: target}
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

// normalizeRules are the rules Normalize explains, in uritrace's order.
var normalizeRules = [...]struct {
	rule          uritrace.Rules
	section, text string
}{
	{uritrace.PctUppercase, "6.2.2.1", "hex digits of percent-encodings uppercased"},
	{uritrace.PctDecode, "6.2.2.2", "percent-encoded unreserved characters decoded"},
	{uritrace.SchemeLower, "6.2.2.1", "scheme lowercased"},
	{uritrace.HostLower, "6.2.2.1", "host lowercased"},
	{uritrace.CanonicalIPv6, "RFC 5952 4", "IPv6 address in canonical text"},
	{uritrace.DotSegments, "6.2.2.3", "dot-segments removed"},
	{uritrace.RelativeDots, "6.2.2.3", "dot-segments removed from a relative reference"},
	{uritrace.DropPort, "6.2.3", "empty port removed"},
	{uritrace.EmptyPathSlash, "6.2.3", `empty path with an authority written "/"`},
}

// Normalize normalizes u as opts.Normalize does, one rule at a time, and
// returns the rules that changed something.
func Normalize(opts uri.NormalizeOptions, u uri.URI) []Step {
	if !u.IsValid() {
		return nil
	}
	var steps []Step
	var applied uritrace.Rules
	before := u
	for _, r := range normalizeRules {
		applied |= r.rule
		after := normalizeWith(opts, u, applied)
		if after == before {
			continue
		}
		text := r.text
		if port, _ := u.Port(); r.rule == uritrace.DropPort && port != "" {
			text = "default port " + port + " removed"
		}
		steps = append(steps, Step{r.section, text, before.String(), after.String()})
		before = after
	}
	return steps
}
