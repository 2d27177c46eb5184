package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestGeneratedFilesFresh fails when completions/ or man/ differ from
// what the command tree generates now: run "go generate ./..." to fix.
func TestGeneratedFilesFresh(t *testing.T) {
	dir := t.TempDir()
	if err := run(dir); err != nil {
		t.Fatal(err)
	}
	for _, sub := range []string{"completions", "man"} {
		fresh, err := os.ReadDir(filepath.Join(dir, sub))
		if err != nil {
			t.Fatal(err)
		}
		checkedIn, err := os.ReadDir(filepath.Join("..", "..", sub))
		if err != nil {
			t.Fatal(err)
		}
		if len(fresh) != len(checkedIn) {
			t.Errorf("%s/ has %d files, the generator writes %d: run go generate ./...", sub, len(checkedIn), len(fresh))
		}
		for _, f := range fresh {
			want, _ := os.ReadFile(filepath.Join(dir, sub, f.Name()))
			got, err := os.ReadFile(filepath.Join("..", "..", sub, f.Name()))
			if err != nil || string(got) != string(want) {
				t.Errorf("%s/%s is stale or missing: run go generate ./...", sub, f.Name())
			}
		}
	}
}
