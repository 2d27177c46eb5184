package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
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

// manIndent is where man(1) starts a line of an ".RS 4" block: 7 columns
// for the page body and 4 for the block (checked with MANWIDTH=80 man -l).
const manIndent = 11

// TestManPagesFit: every line the pages keep as written (no-fill) fits an
// 80-column terminal after man's indent, and every page documents its
// environment and files.
func TestManPagesFit(t *testing.T) {
	dir := t.TempDir()
	if err := run(dir); err != nil {
		t.Fatal(err)
	}
	pages, err := filepath.Glob(filepath.Join(dir, "man", "*.1"))
	if err != nil || len(pages) == 0 {
		t.Fatalf("no pages: %v", err)
	}
	for _, p := range pages {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		page := string(data)
		for _, sec := range []string{".SH ENVIRONMENT", ".SH FILES", ".SH EXIT STATUS"} {
			if !strings.Contains(page, sec) {
				t.Errorf("%s lacks %s", filepath.Base(p), sec)
			}
		}
		noFill := false
		for i, line := range strings.Split(page, "\n") {
			switch {
			case line == ".nf":
				noFill = true
			case line == ".fi":
				noFill = false
			case noFill && !strings.HasPrefix(line, ".") && utf8.RuneCountInString(strings.ReplaceAll(line, `\e`, `\`)) > 80-manIndent:
				t.Errorf("%s:%d: no-fill line of %d columns is too wide for 80: %q", filepath.Base(p), i+1, utf8.RuneCountInString(line)+manIndent, line)
			}
		}
	}
	root, _ := os.ReadFile(filepath.Join(dir, "man", "uritool.1"))
	for _, name := range []string{"parse", "validate", "lint", "resolve", "normalize", "equal", "relativize", "recompose", "config"} {
		if !strings.Contains(string(root), "\n"+name+"\n") {
			t.Errorf("uritool(1) does not list %s", name)
		}
	}
}
