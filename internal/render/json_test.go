package render

import (
	"encoding/json"
	"testing"
)

// TestSafePrefix checks the word-at-a-time scan against the byte table,
// at every position of every byte that needs care.
func TestSafePrefix(t *testing.T) {
	for c := 0; c < 256; c++ {
		for pos := 0; pos < 24; pos++ {
			b := []byte("http://example.com/abcdefghijklmnop")
			b[pos] = byte(c)
			s := string(b)
			n := safePrefix(s)
			for i := 0; i < n; i++ {
				if !jsonSafe[s[i]] {
					t.Fatalf("byte %#x at %d: safePrefix %d passes unsafe byte %d", c, pos, n, i)
				}
			}
			if n%8 != 0 || n > len(s) {
				t.Fatalf("safePrefix(%q) = %d", s, n)
			}
			if jsonSafe[byte(c)] == false && n > pos {
				t.Fatalf("byte %#x at %d: safePrefix %d", c, pos, n)
			}
			var back string
			if err := json.Unmarshal(AppendString(nil, s), &back); err != nil {
				t.Fatalf("byte %#x at %d: %v", c, pos, err)
			}
		}
	}
}
