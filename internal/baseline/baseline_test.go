package baseline

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	a := Key{"README.md", "path", "http://a b/"}
	b := Key{"docs/x.md", "password-in-userinfo", "http://u:p@h/"}
	var r Recorder
	r.Add(b)
	r.Add(a)
	r.Add(a)
	path := filepath.Join(t.TempDir(), "base.json")
	if err := r.Write(path); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	if !strings.Contains(string(data), `"count": 2`) || strings.Index(string(data), "README.md") > strings.Index(string(data), "docs/x.md") {
		t.Errorf("baseline file not sorted or counted:\n%s", data)
	}
	s, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	// Two findings of a; the third is new.
	for i, want := range []bool{true, true, false} {
		if s.Take(a) != want {
			t.Errorf("take %d of a: %v, want %v (a is counted twice)", i+1, !want, want)
		}
	}
	if s.Take(Key{"README.md", "host", "http://a b/"}) {
		t.Error("another rule is another finding")
	}
	if got := s.Fixed(); !slices.Equal(got, []Key{b}) {
		t.Errorf("Fixed = %v, want %v", got, []Key{b})
	}
}

func TestReadRefuses(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{"garbage": "not json", "other tool": `{"tool":"x","version":1}`, "version": `{"tool":"uritool","version":2}`} {
		path := filepath.Join(dir, "b.json")
		os.WriteFile(path, []byte(content), 0o644)
		if _, err := Read(path); err == nil {
			t.Errorf("%s: read without error", name)
		}
	}
}
