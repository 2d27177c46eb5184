package main

import (
	"bytes"
	"debug/buildinfo"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// These tests run the built binary, for what only a real process shows:
// a closed stdout and the exit status the shell sees.

func buildBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "uritool")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// TestClosedStdout: validate --filter valid < big | head -1 ends at once
// and prints nothing on stderr.
func TestClosedStdout(t *testing.T) {
	bin := buildBinary(t)
	big := filepath.Join(t.TempDir(), "big.txt")
	line := "https://example.com/a/b?c=d#e\n"
	if err := os.WriteFile(big, []byte(strings.Repeat(line, 2_000_000)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"validate", "--filter", "valid"},
		{"validate", "--format", "json"},
		{"parse", "--json"},
		{"normalize"},
	} {
		shArgs := append([]string{"-c", `"$0" "$@" < "$BIG" | head -1`, bin}, args...)
		sh := exec.Command("sh", shArgs...)
		sh.Env = append(os.Environ(), "BIG="+big)
		var stdout, stderr bytes.Buffer
		sh.Stdout, sh.Stderr = &stdout, &stderr
		start := time.Now()
		if err := sh.Run(); err != nil {
			t.Errorf("%v: %v", args, err)
		}
		if stderr.Len() > 0 {
			t.Errorf("%v: stderr %q, want nothing", args, stderr.String())
		}
		if strings.Count(stdout.String(), "\n") != 1 {
			t.Errorf("%v: stdout %q, want one line", args, stdout.String())
		}
		// A run over all 2M lines takes seconds; stopping at once does not.
		if d := time.Since(start); d > 20*time.Second {
			t.Errorf("%v: took %v; uritool did not stop when stdout closed", args, d)
		}
	}
}

// TestExitStatus checks the statuses the shell sees.
func TestExitStatus(t *testing.T) {
	bin := buildBinary(t)
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"validate", "http://example.com/"}, 0},
		{[]string{"validate", "http://a b/"}, 1},
		{[]string{"validate", "--as", "nonsense", "x:"}, 2},
		{[]string{"nonsense"}, 2},
		{[]string{"lint", filepath.Join(t.TempDir(), "missing.txt")}, 3},
		{[]string{"equal", "http://a/", "HTTP://A:80/"}, 0},
		{[]string{"equal", "http://a/", "http://b/"}, 1},
		{[]string{"equal", "http://a/", "a b"}, 1},
		{[]string{"equal", "a b", "http://a/"}, 2},
		{[]string{"resolve", "foo/bar", "g"}, 2},
		{[]string{"help", "nosuch"}, 2},
		{[]string{"completion", "tcsh"}, 2},
	} {
		cmd := exec.Command(bin, c.args...)
		cmd.Stdin = strings.NewReader("")
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if code != c.code {
			t.Errorf("uritool %v: exit %d, want %d", c.args, code, c.code)
		}
	}
}

// TestBuiltWithProfile: go build takes default.pgo (bench/pgo) on its
// own, as go install and the release build do too: a profile it cannot
// read fails the build above, and one it does not find would leave
// uritool some 3% slower on one core without a word.
func TestBuiltWithProfile(t *testing.T) {
	bin := buildBinary(t)
	info, err := buildinfo.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range info.Settings {
		if s.Key == "-pgo" {
			if filepath.Base(s.Value) != "default.pgo" {
				t.Errorf("built with -pgo=%s, want default.pgo", s.Value)
			}
			return
		}
	}
	t.Error("built without a profile (-pgo): is default.pgo missing?")
}
