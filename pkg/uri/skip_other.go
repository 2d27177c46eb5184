//go:build !amd64 || purego

package uri

// skip returns the index of the first byte of s from i that is not in
// class, and for pathChar records in f whether the run holds "/."
// (dotted): Normalize and Resolve look for dot-segments only then.
func skip(s string, i int, class *charClass, f *flags) int {
	if class == &pathChar {
		return skipPathWords(s, i, f)
	}
	return skipWords(s, i, class)
}

// skipThenPath is skip over class from i, then, where its run ends at a
// '/', over pathChar from there: pathEnd is -1 where it does not, and
// the path's "/." is recorded in f.
func skipThenPath(s string, i int, class *charClass, f *flags) (end, pathEnd int) {
	end = skip(s, i, class, f)
	if end == len(s) || s[end] != '/' {
		return end, -1
	}
	return end, skipPathWords(s, end, f)
}
