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
