package cmd_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/uritool/uritool/cmd"
)

// enospc fails every write, as /dev/full does.
type enospc struct{}

func (enospc) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestWriteErrorsOutsideTheStream: help, version and completion output
// is written by cobra, not by the stream, and a failure to write it is
// exit 3 with the stream's message, as for any other output (issue:
// "completion bash >/dev/full" and "--version >/dev/full" exited 2, and
// "--help >/dev/full" 0).
func TestWriteErrorsOutsideTheStream(t *testing.T) {
	for _, args := range [][]string{
		{"--help"},
		{"-h"},
		{"parse", "--help"},
		{"--version"},
		{"help"},
		{"help", "parse"},
		{"completion", "bash"},
		{"completion", "zsh"},
		{"completion", "fish"},
		{"completion", "powershell"},
		{"__complete", "parse", "--format", ""},
		{"config"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var errOut strings.Builder
			code := cmd.Main(args, &cmd.IOStreams{In: strings.NewReader(""), Out: enospc{}, ErrOut: &errOut, Getenv: testEnv(t, nil)})
			const want = "uritool: error: write error: no space left on device\n"
			got := errOut.String()
			if args[0] == "__complete" {
				// It always names its directive on stderr first.
				got = strings.TrimPrefix(got, "Completion ended with directive: ShellCompDirectiveNoFileComp\n")
			}
			if code != cmd.ExitIO || got != want {
				t.Errorf("exit %d, stderr %q; want exit %d, stderr %q", code, got, cmd.ExitIO, want)
			}
		})
	}
}
