//go:build amd64 && !purego

package uri

// vector says whether the CPU has SSSE3, whose byte shuffle (PSHUFB)
// looks up sixteen bytes' nibbles at once: nearly every amd64 CPU since
// 2006, but not every one GOAMD64=v1 allows.
var vector = hasSSSE3()

func hasSSSE3() bool

// skipClass returns the index of the first byte of s from i that is not
// in class, and for pathChar whether the run holds "/.". It reads sixteen
// bytes at a time by class.nibbles where s has as many and vector is true
// (a run near the end of s is read from its last sixteen), and a byte at
// a time otherwise. Where s has 32 bytes, the first 32 from i (or the
// last of s) are read at once, with no branch on where the run ends in
// them. One call of assembly, whichever way, keeps skip small enough to
// inline.
//
//go:noescape
func skipClass(s string, i int, class *charClass) (end int, slashDot bool)

// skip returns the index of the first byte of s from i that is not in
// class, and for pathChar records in f whether the run holds "/."
// (dotted): Normalize and Resolve look for dot-segments only then.
// BenchmarkParse: 44.3 -> 35.7 ns/line against skipWords alone.
func skip(s string, i int, class *charClass, f *flags) int {
	end, slashDot := skipClass(s, i, class)
	if slashDot {
		*f |= dotted
	}
	return end
}
