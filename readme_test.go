package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestREADMEExamples runs the console examples of README.md with the
// built binary and checks that they print what the README shows, so the
// README stays a record of real runs. Commands that read a file the
// README does not give (urls.txt) are left out.
func TestREADMEExamples(t *testing.T) {
	bin := buildBinary(t)
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	// links.txt is the three-line file the lint examples use.
	links := "https://example.com/docs\nhttp://example.com/a b\nmailto:team@example.com\n"
	if err := os.WriteFile(filepath.Join(dir, "links.txt"), []byte(links), 0o644); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"), "NO_COLOR=1")
	ran := 0
	for _, block := range regexp.MustCompile("(?s)```console\n(.*?)```").FindAllStringSubmatch(string(readme), -1) {
		for _, ex := range examples(block[1]) {
			if strings.Contains(ex.command, "urls.txt") {
				continue
			}
			cmd := exec.Command("bash", "-c", ex.command)
			cmd.Dir, cmd.Env = dir, env
			// What a terminal shows: stdout, then stderr, as uritool
			// flushes them in that order.
			out, _ := cmd.CombinedOutput()
			want := strings.Join(ex.lines, "\n")
			if got := strings.TrimRight(string(out), "\n"); got != want {
				t.Errorf("README: $ %s\ngot:\n%s\nREADME shows:\n%s", ex.command, got, want)
			}
			ran++
		}
	}
	if ran < 20 {
		t.Errorf("ran only %d README examples; is the README's format what this test expects?", ran)
	}
}

type example struct {
	command string
	lines   []string
}

// examples splits a console block into commands ("$ " lines) and what
// they print. "$ echo $?" joins the command before it, as in a shell.
func examples(block string) []example {
	var list []example
	for _, line := range strings.Split(strings.TrimRight(block, "\n"), "\n") {
		switch {
		case line == "$ echo $?" && len(list) > 0:
			list[len(list)-1].command += "; echo $?"
		case strings.HasPrefix(line, "$ "):
			list = append(list, example{command: strings.TrimPrefix(line, "$ ")})
		case len(list) > 0:
			list[len(list)-1].lines = append(list[len(list)-1].lines, line)
		}
	}
	return list
}
