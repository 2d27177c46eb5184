package pipeline

import (
	"strconv"
	"testing"
)

// TestSeen: each key is new once, through the table's growth, and a sum
// of zero, the empty slot's mark, is still a key.
func TestSeen(t *testing.T) {
	s := newSeen()
	const n = 100_000 // the table grows seven times from 1024 slots
	for round := range 2 {
		for i := range n {
			if got, want := s.add(s.sum(strconv.Itoa(i))), round == 0; got != want {
				t.Fatalf("round %d: add(%d) = %v, want %v", round, i, got, want)
			}
		}
	}
	if s.n != n || 2*s.n > len(s.slots) {
		t.Errorf("%d keys in %d slots, want %d at most half full", s.n, len(s.slots), n)
	}
	if !s.add(keySum{0, 1}) || s.add(keySum{0, 1}) {
		t.Error("the sum zero is taken for is not a key like any other")
	}
	if s.sum("a") == s.sum("b") || s.sum("a") != s.sum("a") {
		t.Error("sums do not tell keys apart")
	}
}
