// Package uritrace lets internal/explain show the steps that pkg/uri's own
// Resolve and Normalize take, so that RFC 3986 is implemented once: pkg/uri
// records into the types here and internal/explain presents them.
//
// The traced entry points are unexported in pkg/uri, which hands them over
// in Resolve and Normalize when it is initialized. Their types name
// pkg/uri's, which this package cannot import, hence the any; nothing else
// writes them.
package uritrace

import "strconv"

var (
	// Resolve is func(uri.ResolveOptions, base, ref uri.URI, *Resolution)
	// (uri.URI, error): opts.Resolve(base, ref), recording how in the
	// Resolution.
	Resolve any
	// Normalize is func(uri.NormalizeOptions, uri.URI, Rules) uri.URI:
	// opts.Normalize with only the given rules applied.
	Normalize any
)

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

// DotStep is one turn of the loop of section 5.2.4, as the RFC's own table
// shows it: the rule applied (A to E) and both buffers after it.
type DotStep struct {
	Rule   string
	Output string
	Input  string
}

// Resolution records how a resolution reached its target.
type Resolution struct {
	Branch Branch
	// MergePrefix is what merge (5.2.3) put before a relative path.
	MergePrefix string
	// DotInput is the path given to remove_dot_segments and DotSteps its
	// steps; both are empty when the branch keeps the base's path.
	DotInput string
	DotSteps []DotStep
}

// Rules is a set of the rules of sections 6.2.2 and 6.2.3, in the order
// that shows each at work: percent-encodings first, so that "%41" in a
// host and "%2E%2E" in a path are seen for what they are. Normalize takes
// the first rules in this order, up to any one.
type Rules uint16

const (
	PctUppercase   Rules = 1 << iota // 6.2.2.1: hex digits of percent-encodings uppercased
	PctDecode                        // 6.2.2.2: percent-encoded unreserved characters decoded
	SchemeLower                      // 6.2.2.1
	HostLower                        // 6.2.2.1
	CanonicalIPv6                    // RFC 5952 4: an IPv6 address in canonical text (NormalizeOptions.CanonicalIPv6)
	DotSegments                      // 6.2.2.3: remove_dot_segments (5.2.4)
	RelativeDots                     // 6.2.2.3: a relative path's dot-segments that do not depend on the base (NormalizeOptions.RelativeDots)
	DropPort                         // 6.2.3: an empty or default port
	EmptyPathSlash                   // 6.2.3: an empty path with an authority written "/"
)
