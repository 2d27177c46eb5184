package stream

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestNewlines holds newlines (the vector version on amd64) to
// newlinesBytes and to the newlines themselves: every density of
// newlines from none to all, lengths about every chunk boundary, and ends
// with room for from one chunk to several, so that a chunk with more than
// three newlines, a chunk the room cuts off and a part chunk at the end
// all come up.
func TestNewlines(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, every := range []int{0, 1, 2, 3, 5, 16, 21, 50, 64, 200} {
		for n := 0; n <= 5*chunk+1; n++ {
			for _, room := range []int{chunk, chunk + 3, 2*chunk - 1, 3 * chunk, 8 * chunk} {
				b := make([]byte, n)
				for i := range b {
					b[i] = byte(r.IntN(256))
					if every > 0 && r.IntN(every) == 0 {
						b[i] = '\n'
					}
				}
				checkNewlines(t, b, room)
			}
		}
	}
}

func FuzzNewlines(f *testing.F) {
	f.Add([]byte("https://a.example/\nhttp://b/\n\n\r\nx"), 64)
	f.Fuzz(func(t *testing.T, b []byte, room int) {
		if room < chunk || room > 1<<16 {
			return
		}
		checkNewlines(t, b, room)
	})
}

func checkNewlines(t *testing.T, b []byte, room int) {
	t.Helper()
	ends, want := make([]int32, room), make([]int32, room)
	n, scanned := newlines(b, ends)
	wn, wscanned := newlinesBytes(b, want)
	if n != wn || scanned != wscanned || !slices.Equal(ends[:n], want[:wn]) {
		t.Fatalf("newlines(%q, room %d) = %v, %d; want %v, %d", b, room, ends[:n], scanned, want[:wn], wscanned)
	}
	// The reference itself: every newline in the scanned part, no other.
	var all []int32
	for i, c := range b[:wscanned] {
		if c == '\n' {
			all = append(all, int32(i))
		}
	}
	if !slices.Equal(want[:wn], all) || wscanned%chunk != 0 || len(b)-wscanned >= chunk && wn+chunk <= room {
		t.Fatalf("newlinesBytes(%q, room %d) = %v, %d; the newlines are %v", b, room, want[:wn], wscanned, all)
	}
}
