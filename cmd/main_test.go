package cmd_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/uritool/uritool/cmd"
)

// result is what one run of the real command tree gave.
type result struct {
	stdout, stderr string
	code           int
}

// run executes uritool with args, stdin and environment, through the same
// command tree and exit-code mapping as the binary.
func run(t testing.TB, stdin string, env map[string]string, args ...string) result {
	t.Helper()
	var out, errOut bytes.Buffer
	code := cmd.Main(args, &cmd.IOStreams{In: strings.NewReader(stdin), Out: &out, ErrOut: &errOut, Getenv: testEnv(t, env)})
	return result{out.String(), errOut.String(), code}
}

// testEnv gives a run the environment env and nothing of the developer's:
// settings (URITOOL_*) through the process environment, which viper
// reads, the rest through IOStreams.Getenv. With a nil env, the config
// directory is an empty one.
func testEnv(t testing.TB, env map[string]string) func(string) string {
	t.Helper()
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); strings.HasPrefix(k, "URITOOL_") {
			t.Setenv(k, "")
			os.Unsetenv(k)
		}
	}
	for k, v := range env {
		if strings.HasPrefix(k, "URITOOL_") {
			t.Setenv(k, v)
		}
	}
	dir := t.TempDir()
	return func(k string) string {
		if v, ok := env[k]; ok {
			return v
		}
		if k == "XDG_CONFIG_HOME" && env == nil {
			return dir
		}
		return ""
	}
}
