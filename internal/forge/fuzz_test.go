package forge

import (
	"slices"
	"strings"
	"testing"

	"github.com/uritool/uritool/pkg/uri"
)

// views are link forms to a branch's files that every address has.
var views = []string{"blob/main/", "tree/HEAD/", "raw/dev/x/", "blame/master/", "-/blob/main/", "-/raw/dev/x/", "src/branch/main/", "raw/branch/HEAD/"}

// FuzzLocate: for any address and link, no panic, an offset inside the
// link's path and no dot-segment in the path found; a link made of an
// address, a view of a branch and a path is found at that path.
func FuzzLocate(f *testing.F) {
	f.Add("https://github.com/o/r", "https://github.com/o/r/blob/main/x.md", uint8(0), "docs/a%20b.md")
	f.Add("git@gitlab.com:g/s/p.git", "https://gitlab.com/g/s/p/-/tree/main/../x", uint8(4), "x/")
	f.Add("ssh://git@codeberg.org/o/r", "https://codeberg.org/o/r/src/branch/main", uint8(6), "")
	f.Add("https://bitbucket.org/o/r", "https://bitbucket.org/o/r/src/main/", uint8(1), "a/../../b")
	f.Fuzz(func(t *testing.T, address, link string, view uint8, path string) {
		r := New("/repo", []string{address}, []string{"dev/x"})
		check := func(link string) (Link, bool) {
			u, err := uri.Parse(link)
			if err != nil {
				return Link{}, false
			}
			l, ok := r.Locate(&u)
			if !ok {
				return l, false
			}
			if l.Offset < 0 || l.Offset > len(u.Path()) {
				t.Fatalf("%s: offset %d outside the path %q", link, l.Offset, u.Path())
			}
			if slices.Contains(l.Path, "..") || slices.Contains(l.Path, ".") {
				t.Fatalf("%s: path %q has a dot-segment", link, l.Path)
			}
			return l, true
		}
		check(link)
		h, ok := parseHome(address)
		if !ok || strings.ContainsAny(path, "?#") || h.host == "raw.githubusercontent.com" {
			return
		}
		made := "https://" + h.host + "/" + strings.Join(h.path, "/") + "/" + views[int(view)%len(views)] + path
		l, ok := check(made)
		var want []string
		for _, s := range strings.Split(path, "/") {
			want = append(want, uri.PercentDecode(s))
		}
		if path == "" {
			want = nil
		}
		if _, err := uri.Parse(made); err != nil || slices.Contains(want, ".") || slices.Contains(want, "..") || strings.Contains(path, "%2") {
			return // not a link, or one whose path is another once resolved
		}
		if !ok || !slices.Equal(l.Path, want) {
			t.Fatalf("%s: Locate = %q, %v; want %q", made, l.Path, ok, want)
		}
	})
}
