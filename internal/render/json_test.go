package render

import (
	"encoding/json"
	"testing"

	"github.com/uritool/uritool/pkg/uri"
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
			if err := json.Unmarshal(appendString(nil, s), &back); err != nil {
				t.Fatalf("byte %#x at %d: %v", c, pos, err)
			}
		}
	}
}

// FuzzPlainSegments holds the one-pass segments writer to uri.Segments
// and to jsonPlain: for a valid reference, both ways give the same JSON.
func FuzzPlainSegments(f *testing.F) {
	for _, s := range []string{"", "/", "//h", "//h/", "a", "/a", "a/", "/a//b/", "http://h/a/b.c?q#f", "mailto:x@y", "/%2F/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := uri.Parse(s)
		if err != nil {
			return
		}
		if !jsonPlain(s) {
			t.Fatalf("%q is a valid URI reference but not plain JSON", s)
		}
		want := []byte{'['}
		for seg := range u.Segments() {
			if len(want) > 1 {
				want = append(want, ',')
			}
			want = appendString(want, seg)
		}
		want = append(want, ']')
		if got := appendPlainSegments([]byte("x"), u.Path()); string(got) != "x"+string(want) {
			t.Fatalf("path %q: %s, want %s", u.Path(), got[1:], want)
		}
	})
}
