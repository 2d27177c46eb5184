package uri

import "github.com/uritool/uritool/internal/uritrace"

// uritool's --explain shows the steps of Resolve and Normalize from their
// own code, through these (see internal/uritrace).
func init() {
	uritrace.Resolve = resolveTraced
	uritrace.Normalize = normalizeWith
}
