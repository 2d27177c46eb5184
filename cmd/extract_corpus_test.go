package cmd_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updateCorpus = flag.Bool("update", false, "rewrite the expected findings of the extraction corpus")

// TestExtractCorpus runs lint --extract over real documents (see
// internal/extract/testdata/corpus/SOURCE) and compares its JSON records
// with the ones beside the corpus, whose findings were reviewed by hand
// (issue 26). After a deliberate change of extraction, run
// go test ./cmd -run TestExtractCorpus -update, and review the diff.
func TestExtractCorpus(t *testing.T) {
	t.Parallel()
	testdata, err := filepath.Abs("../internal/extract/testdata")
	if err != nil {
		t.Fatal(err)
	}
	// A copy, out of this repository, whose .uritoolignore passes over
	// its testdata.
	corpus := t.TempDir()
	if err := os.CopyFS(corpus, os.DirFS(filepath.Join(testdata, "corpus"))); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		args []string
	}{
		{"corpus.lint.jsonl", nil},
		{"corpus.lint-include-code.jsonl", []string{"--include-code"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			// The corpus is documents out of their trees, whose relative
			// references lead to what it does not hold: their targets
			// are not checked, their syntax is.
			r := runIn(t, corpus, "", nil, append([]string{"lint", "--extract", "--targets=false", "--format", "json", "."}, c.args...)...)
			if r.code != 1 || r.stderr != "" {
				t.Fatalf("exit status %d (want 1: the corpus has findings), stderr:\n%s", r.code, r.stderr)
			}
			want := filepath.Join(testdata, c.name)
			if *updateCorpus {
				if err := os.WriteFile(want, []byte(r.stdout), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			data, err := os.ReadFile(want)
			if err != nil {
				t.Fatalf("%v (run go test ./cmd -run TestExtractCorpus -update to create it)", err)
			}
			got, wantLines := strings.Split(r.stdout, "\n"), strings.Split(string(data), "\n")
			for i := 0; i < max(len(got), len(wantLines)); i++ {
				g, w := recordAt(got, i), recordAt(wantLines, i)
				if g != w {
					t.Fatalf("record %d differs from %s (and maybe more after it):\n got %s\nwant %s", i+1, c.name, g, w)
				}
			}
		})
	}
}

func recordAt(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return "(none)"
}
