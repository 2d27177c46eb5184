package uri

import "strconv"

// Branch is the case of section 5.2.2 that a resolution takes.
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

// String says in words what the branch does with the reference.
func (b Branch) String() string {
	if int(b) < len(branchText) {
		return branchText[b]
	}
	return "Branch(" + strconv.Itoa(int(b)) + ")"
}

// DotStep is one turn of the loop of section 5.2.4, as the RFC's own
// table shows it: the rule applied ("A" to "E") and both buffers after it.
type DotStep struct {
	Rule   string
	Output string
	Input  string
}

// ResolveTrace is how a resolution reached its target.
type ResolveTrace struct {
	Branch Branch
	// MergePrefix, for BranchMerge, is what merge (5.2.3) put before the
	// reference's path.
	MergePrefix string
	// DotInput is the path given to remove_dot_segments and DotSteps its
	// steps; both are empty when the branch keeps the base's path.
	DotInput string
	DotSteps []DotStep
	// Target is what Resolve returns.
	Target URI
}

// Trace resolves ref against base as o.Resolve does, and records how. It
// fails exactly when o.Resolve does.
func (o ResolveOptions) Trace(base, ref URI) (ResolveTrace, error) {
	var t target
	if err := o.plan(&t, &base, &ref); err != nil {
		return ResolveTrace{}, err
	}
	tr := ResolveTrace{Branch: t.branch, MergePrefix: t.mergePrefix}
	// Never Resolve's shortcut, whose target build gives too.
	target, err := t.build(&tr)
	if err != nil {
		return ResolveTrace{}, err
	}
	tr.Target = target
	return tr, nil
}

// NormalizeRule is a rule of sections 6.2.2 and 6.2.3, or of an option of
// NormalizeOptions beyond them. The rules are bits, in the order that
// shows each at work: percent-encodings first, so that "%41" in a host
// and "%2E%2E" in a path are seen for what they are.
type NormalizeRule uint16

const (
	NormalizePctUppercase   NormalizeRule = 1 << iota // 6.2.2.1: hex digits of percent-encodings uppercased
	NormalizePctDecode                                // 6.2.2.2: percent-encoded unreserved characters decoded
	NormalizeSchemeLower                              // 6.2.2.1: the scheme lowercased
	NormalizeHostLower                                // 6.2.2.1: the host lowercased
	NormalizeCanonicalIPv6                            // RFC 5952 4: an IPv6 address in canonical text (NormalizeOptions.CanonicalIPv6)
	NormalizeDotSegments                              // 6.2.2.3: remove_dot_segments (5.2.4)
	NormalizeRelativeDots                             // 6.2.2.3: a relative path's dot-segments that do not depend on the base (NormalizeOptions.RelativeDots)
	NormalizeDropPort                                 // 6.2.3: an empty or default port removed
	NormalizeEmptyPathSlash                           // 6.2.3: an empty path with an authority written "/"
)

// NormalizeStep is one rule that changed a reference, with the reference
// before and after it.
type NormalizeStep struct {
	Rule          NormalizeRule
	Before, After URI
}

// Trace normalizes u as o.Normalize does, one rule at a time in the order
// of the NormalizeRule constants, and returns the rules that changed
// something: the last step's After is o.Normalize(u), and a reference
// already normal, or the zero URI, has no steps.
func (o NormalizeOptions) Trace(u URI) []NormalizeStep {
	if !u.IsValid() {
		return nil
	}
	n := normalizer{o.Level, o.DefaultPorts}
	rules := n.plan(&u) | o.furtherRules(&u)
	var steps []NormalizeStep
	var applied NormalizeRule
	before := u
	for r := NormalizePctUppercase; r <= NormalizeEmptyPathSlash; r <<= 1 {
		applied |= r
		// Built even where nothing changes: only a comparison tells.
		after := build(&u, rules&applied)
		if after != before {
			steps = append(steps, NormalizeStep{r, before, after})
			before = after
		}
	}
	return steps
}
