//go:build amd64 && !purego

package uri

// vector says whether the CPU has SSSE3, whose byte shuffle (PSHUFB)
// looks up sixteen bytes' nibbles at once: nearly every amd64 CPU since
// 2006, but not every one GOAMD64=v1 allows. wide says whether it also
// has AVX2, whose byte shuffle looks up 32 bytes at once, and the system
// saves its registers: most amd64 CPUs since 2013.
var vector, wide = func() (bool, bool) {
	ssse3, avx2 := cpuVectors()
	return ssse3, ssse3 && avx2
}()

// cpuVectors asks the CPU (and, for AVX2, the system) which vector
// instructions it has.
func cpuVectors() (ssse3, avx2 bool)

// skipRuns returns the index of the first byte of s from i that is not
// in class, and for pathChar whether the run holds "/.". Where then is
// not nil and that run ends at a '/', it goes on with a run of then from
// there, returning its end as thenEnd (-1 where there is none) and
// slashDot for it: the authority's run and the path's in one call, which
// most URLs need (BenchmarkParse: 34.7 -> 32.4 ns/line against a call
// each). Where wide is true, it reads 32 bytes at a time by
// class.nibbles (the last 32 of s where fewer are left), with no branch
// on where in them the run ends; the two runs of a call from the same 64
// bytes, classified for both classes before either end is known. A
// string shorter than 32 bytes is read as the 32 that end where it ends,
// bytes before it included, where those are in one page. Otherwise,
// where s has sixteen and vector is true, it reads sixteen at a time (a
// run near the end of s from its last sixteen), the first 32 from i at
// once where s has them; and a byte at a time where neither holds. One
// call of assembly, whichever way, keeps skip small enough to inline.
//
//go:noescape
func skipRuns(s string, i int, class, then *charClass) (end, thenEnd int, slashDot bool)

// skip returns the index of the first byte of s from i that is not in
// class, and for pathChar records in f whether the run holds "/."
// (dotted): Normalize and Resolve look for dot-segments only then.
// BenchmarkParse: 44.3 -> 35.7 ns/line against skipWords alone.
func skip(s string, i int, class *charClass, f *flags) int {
	end, _, slashDot := skipRuns(s, i, class, nil)
	if slashDot {
		*f |= dotted
	}
	return end
}

// skipThenPath is skip over class from i, then, where its run ends at a
// '/', over pathChar from there: pathEnd is -1 where it does not, and
// the path's "/." is recorded in f.
func skipThenPath(s string, i int, class *charClass, f *flags) (end, pathEnd int) {
	end, pathEnd, slashDot := skipRuns(s, i, class, &pathChar)
	if slashDot {
		*f |= dotted
	}
	return end, pathEnd
}
