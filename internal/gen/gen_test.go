package main

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/uritool/uritool/cmd"
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

// TestManPagesKeepEveryWord renders each man page (with groff, where the
// machine has it) and holds it to the help it comes from: every word of
// the command's description, of its short line and of each of its flags'
// usage appears in the page, in order, as written (issue 37: roff and
// Markdown markup ate "*", "_", "<...>" and "[...]").
func TestManPagesKeepEveryWord(t *testing.T) {
	groff, err := exec.LookPath("groff")
	if err != nil {
		t.Skip("no groff to render the pages with")
	}
	root := cmd.NewRootCmd(&cmd.IOStreams{In: strings.NewReader(""), Out: io.Discard, ErrOut: io.Discard})
	overstrike := regexp.MustCompile(".\b")
	glyphs := strings.NewReplacer("\u2010", "-", "\u2212", "-", "\u2019", "'", "\u2018", "`", "\u201c", `"`, "\u201d", `"`, "\u00a0", " ")
	var check func(c *cobra.Command)
	check = func(c *cobra.Command) {
		if !c.IsAvailableCommand() && c != root {
			return
		}
		name := strings.ReplaceAll(c.CommandPath(), " ", "-") + ".1"
		// Wide lines, no hyphenation, and groff's typographic glyphs
		// read back as the ASCII they stand for.
		out, err := exec.Command(groff, "-k", "-man", "-Tutf8", "-rLL=500n", "-rHY=0", filepath.Join("..", "..", "man", name)).Output()
		if err != nil {
			t.Fatalf("groff %s: %v", name, err)
		}
		page := strings.Fields(glyphs.Replace(overstrike.ReplaceAllString(string(out), "")))
		texts := []string{c.Short, c.Long}
		c.NonInheritedFlags().VisitAll(func(f *pflag.Flag) { texts = append(texts, f.Usage) })
		for _, text := range texts {
			at := 0
			for _, word := range strings.Fields(text) {
				if strings.Trim(word, "#") == "" {
					continue // a Markdown heading's marks (cobra's completion help): a heading on the page
				}
				k := slices.Index(page[at:], word)
				if k < 0 {
					t.Errorf("%s lacks %q, of:\n%s", name, word, text)
					break
				}
				at += k + 1
			}
		}
		for _, sub := range c.Commands() {
			check(sub)
		}
	}
	check(root)
}
