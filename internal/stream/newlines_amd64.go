//go:build amd64 && !purego

package stream

// newlines writes the index in b of each '\n' of b's first 64-byte
// chunks into ends, in order, and returns how many it wrote and how many
// bytes of b it scanned: a multiple of 64, chunk after chunk while b
// holds one more whole and ends has room for its 64 entries. It compares
// a chunk at a time (SSE2, which every amd64 CPU has) and writes each
// chunk's first three newlines with no branch on their number: lines of
// a few dozen bytes end one or two to a chunk, a count the branch
// predictor cannot learn, and bytes.IndexByte's exit mispredicted on
// every line.
//
//go:noescape
func newlines(b []byte, ends []int32) (n, scanned int)
