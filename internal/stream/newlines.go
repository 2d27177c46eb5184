package stream

import "bytes"

// chunk is the span newlines scans at a time.
const chunk = 64

// newlinesBytes is what newlines does, by bytes.IndexByte: the version
// for other architectures, and the test's reference.
func newlinesBytes(b []byte, ends []int32) (n, scanned int) {
	for scanned+chunk <= len(b) && n+chunk <= len(ends) {
		n = putNewlines(b[scanned:scanned+chunk], scanned, ends, n)
		scanned += chunk
	}
	return n, scanned
}

// putNewlines writes the index of each '\n' of b, plus base, to ends
// from n on, and returns the new count.
func putNewlines(b []byte, base int, ends []int32, n int) int {
	for i := 0; ; {
		j := bytes.IndexByte(b[i:], '\n')
		if j < 0 {
			return n
		}
		ends[n] = int32(base + i + j)
		n++
		i += j + 1
	}
}
