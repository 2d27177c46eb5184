package pipeline

import "testing"

// TestEchoWindow: the echo test is tried on every input while it seldom
// misses, on few while it mostly misses, and on every one again once it
// hits again.
func TestEchoWindow(t *testing.T) {
	// run feeds n inputs of which the test refuses those miss says,
	// and returns how many were tried.
	run := func(e *echoWindow, n int, miss func(i int) bool) (tried int) {
		for i := range n {
			if e.try() {
				tried++
				if miss(i) {
					e.missed()
				}
			}
		}
		return tried
	}
	var e echoWindow
	if tried := run(&e, 100000, func(i int) bool { return i%16 == 0 }); tried != 100000 {
		t.Errorf("one miss in 16: %d of 100000 tried, want all", tried)
	}
	if tried := run(&e, 1000000, func(int) bool { return true }); tried > 10000 {
		t.Errorf("every one a miss: %d of 1000000 tried, want at most 1%%", tried)
	}
	run(&e, 1<<22, func(int) bool { return false }) // the longest pause ends, and a window hits
	if tried := run(&e, 100000, func(int) bool { return false }); tried != 100000 {
		t.Errorf("hits again: %d of 100000 tried, want all", tried)
	}
}
