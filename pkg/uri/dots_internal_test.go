package uri

import "testing"

// FuzzRemoveDotSegments holds the untraced removal, which skips the
// segments before the first "/.", to the traced one, which walks every
// segment by the letter of section 5.2.4.
func FuzzRemoveDotSegments(f *testing.F) {
	for _, s := range []string{"/a/b/c/./../../g", "mid/content=5/../6", "/a/.b/../c", "a/./b", "/../a", "/a/b/..", "/.", ".", "/a//.."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, path string) {
		fast, slow := []byte(path), []byte(path)
		var steps []DotStep
		got := string(fast[:removeDotSegments(fast, nil)])
		want := string(slow[:removeDotSegments(slow, &steps)])
		if got != want {
			t.Errorf("removeDotSegments(%q) = %q untraced, %q traced", path, got, want)
		}
	})
}
