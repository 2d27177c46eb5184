package main

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestPreCommitHooks holds .pre-commit-hooks.yaml to what pre-commit needs
// and runs each hook's entry as pre-commit does, with the file names after
// it: red on a bad link, green on a good one. The README's stanza names
// only hooks that exist. (pre-commit itself, which builds the hooks, is
// not run here: the README tells of a trial by hand.)
func TestPreCommitHooks(t *testing.T) {
	data, err := os.ReadFile(".pre-commit-hooks.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var hooks []struct {
		ID, Name, Description, Entry, Language string
		Files                                  string
		Types                                  []string
		TypesOr                                []string `yaml:"types_or"`
	}
	if err := yaml.Unmarshal(data, &hooks); err != nil {
		t.Fatal(err)
	}
	bin := buildBinary(t)
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"bad.md": badREADME, "good.md": goodREADME,
		"bad.txt": "https://example.com/\nhttp://example.com/a b\n", "good.txt": "https://example.com/\n",
	})
	ids := map[string]bool{}
	for _, h := range hooks {
		ids[h.ID] = true
		if h.ID == "" || h.Name == "" || h.Description == "" || h.Language != "golang" || len(h.Types)+len(h.TypesOr) == 0 {
			t.Errorf("hook %q: want an id, a name, a description, language golang (pre-commit builds it with go install ./...) and types", h.ID)
		}
		words := strings.Fields(h.Entry)
		if len(words) < 2 || words[0] != "uritool" || words[1] != "lint" {
			t.Errorf("hook %q: entry %q, want uritool lint ...", h.ID, h.Entry)
			continue
		}
		// A hook that takes Markdown must read it as Markdown.
		ext := ".txt"
		for _, ty := range append(h.Types, h.TypesOr...) {
			if ty == "markdown" {
				ext = ".md"
			}
		}
		for file, want := range map[string]int{"bad" + ext: 1, "good" + ext: 0} {
			cmd := exec.Command(bin, append(words[1:], file)...)
			cmd.Dir = dir
			out, err := cmd.CombinedOutput()
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != want {
				t.Errorf("hook %q on %s: exit %d, want %d\n%s", h.ID, file, code, want, out)
			}
		}
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	stanza := regexp.MustCompile("(?s)```yaml\n(repos:.*?)```").FindSubmatch(readme)
	if stanza == nil {
		t.Fatal("README: no .pre-commit-config.yaml stanza (```yaml block starting with repos:)")
	}
	var config struct {
		Repos []struct {
			Repo, Rev string
			Hooks     []struct{ ID string }
		}
	}
	if err := yaml.Unmarshal(stanza[1], &config); err != nil || len(config.Repos) != 1 || config.Repos[0].Rev == "" {
		t.Fatalf("README's pre-commit stanza: want one repo with a rev: %v\n%s", err, stanza[1])
	}
	for _, h := range config.Repos[0].Hooks {
		if !ids[h.ID] {
			t.Errorf("README's pre-commit stanza: hook %q is not in .pre-commit-hooks.yaml", h.ID)
		}
	}
}
