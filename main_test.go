package main

import (
	"bytes"
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
	getenv := func(k string) string { return env[k] }
	if env == nil {
		// Keep the developer's own config and color settings out of tests.
		getenv = func(k string) string {
			if k == "XDG_CONFIG_HOME" {
				return t.TempDir()
			}
			return ""
		}
	}
	root := cmd.NewRootCmd(&cmd.IOStreams{In: strings.NewReader(stdin), Out: &out, ErrOut: &errOut, Getenv: getenv})
	root.SetArgs(args)
	code := exitCode(root.Execute(), &errOut)
	return result{out.String(), errOut.String(), code}
}
