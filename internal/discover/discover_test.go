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
	got, err := Files([]string{dir, "-", "missing.md"})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(dir, "a.md"), filepath.Join(dir, "b/c.html"), filepath.Join(dir, "b/d.txt"), "-", "missing.md"}
	if !slices.Equal(got, want) {
		t.Errorf("Files = %q, want %q", got, want)
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
	os.WriteFile(filepath.Join(dir, IgnoreFile), []byte("# comment\n\nb\\.example\n"), 0o644)
	if err := x.ReadIgnoreFile(dir); err != nil {
		t.Fatal(err)
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
