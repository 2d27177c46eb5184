package discover

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestFiles(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"a.md", "b/c.html", "b/d.txt", "b/e.go", ".hidden/f.md", "b/.g.md"} {
		p := filepath.Join(dir, f)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, nil, 0o644)
	}
	got, err := Files([]string{dir, "-", "missing.md"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(dir, "a.md"), filepath.Join(dir, "b/c.html"), filepath.Join(dir, "b/d.txt"), "-", "missing.md"}
	if !slices.Equal(got, want) {
		t.Errorf("Files = %q, want %q", got, want)
	}
}

// TestPaths: --exclude-path and "path:" lines are gitignore patterns,
// relative to the directory walked; the last match decides.
func TestPaths(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"a.md", "vendor/b.md", "docs/c.min.html", "docs/d.html", "docs/x/draft-1.md", "docs/x/keep.md", "build/e.md", "sub/build/f.md"} {
		p := filepath.Join(dir, f)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, nil, 0o644)
	}
	var paths Paths
	for _, p := range []string{"vendor/", "*.min.html", "docs/**/draft-*.md", "/build"} {
		if err := paths.Add(p); err != nil {
			t.Fatal(err)
		}
	}
	got, err := Files([]string{dir}, &paths)
	if err != nil {
		t.Fatal(err)
	}
	var rel []string
	for _, f := range got {
		r, _ := filepath.Rel(dir, f)
		rel = append(rel, filepath.ToSlash(r))
	}
	want := []string{"a.md", "docs/d.html", "docs/x/keep.md", "sub/build/f.md"}
	if !slices.Equal(rel, want) {
		t.Errorf("Files = %q, want %q", rel, want)
	}
	if err := paths.Add(" "); err == nil {
		t.Error("an empty pattern is taken")
	}
}

func TestExcluder(t *testing.T) {
	var none *Excluder
	if none.Match("http://a/") {
		t.Error("a nil Excluder excludes")
	}
	if _, err := Compile([]string{"("}); err == nil || !strings.Contains(err.Error(), `"("`) {
		t.Errorf("Compile of a bad pattern: %v", err)
	}
	x, err := Compile([]string{`^https://a\.example/`})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := x.ReadIgnoreFile(dir); err != nil { // no file is fine
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, IgnoreFile), []byte("# comment\n\nb\\.example\npath: vendor/\n"), 0o644)
	if err := x.ReadIgnoreFile(dir); err != nil {
		t.Fatal(err)
	}
	if len(x.Paths.patterns) != 1 {
		t.Errorf("path: lines read: %d, want 1", len(x.Paths.patterns))
	}
	for s, want := range map[string]bool{"https://a.example/x": true, "http://b.example/": true, "http://c.example/": false} {
		if x.Match(s) != want {
			t.Errorf("Match(%q) = %v", s, !want)
		}
	}
	os.WriteFile(filepath.Join(dir, IgnoreFile), []byte("ok\n(\n"), 0o644)
	if err := x.ReadIgnoreFile(dir); err == nil || !strings.Contains(err.Error(), IgnoreFile+":2: ") {
		t.Errorf("a bad pattern on line 2: %v", err)
	}
}
