//go:build !amd64 || purego

package stream

// newlines is newlinesBytes where there is no vector version.
func newlines(b []byte, ends []int32) (n, scanned int) { return newlinesBytes(b, ends) }
