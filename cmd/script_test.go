package cmd_test

import (
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/uritool/uritool/cmd"
)

// TestMain lets testscript run uritool as a command of its scripts: the
// test binary itself, through cmd.Main, with real standard streams.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"uritool": func() {
			os.Exit(cmd.Main(os.Args[1:], &cmd.IOStreams{In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr, Getenv: os.Getenv}))
		},
	})
}

// TestScripts runs the user sessions in testdata/script: each .txtar is a
// command line, its input files, and the stdout, stderr and exit status
// it must give.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			// Keep the developer's settings out: an empty config
			// directory and no color unless a script asks.
			env.Setenv("XDG_CONFIG_HOME", env.WorkDir+"/.config")
			env.Setenv("HOME", env.WorkDir)
			env.Setenv("NO_COLOR", "")
			env.Setenv("TERM", "xterm")
			return nil
		},
	})
}
