//go:build amd64 && !purego

package uri

import "testing"

// TestSkipBytes holds skip to the same loop over bytes as TestSkip, as
// it runs on a CPU without SSSE3: a byte at a time in assembly.
func TestSkipBytes(t *testing.T) {
	defer func(v bool) { vector = v }(vector)
	vector = false
	checkSkips(t)
}
