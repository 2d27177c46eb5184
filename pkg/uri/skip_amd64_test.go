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

// TestSkipNarrow holds skip to the same loop over bytes as TestSkip, as
// it runs on a CPU with SSSE3 but not AVX2: sixteen bytes at a time.
func TestSkipNarrow(t *testing.T) {
	if !vector {
		t.Skip("no SSSE3")
	}
	defer func(w bool) { wide = w }(wide)
	wide = false
	checkSkips(t)
}
