package cmd_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/uritool/uritool/cmd"
)

// endless yields the same line forever.
type endless struct{ line []byte }

func (e *endless) Read(p []byte) (int, error) {
	n := 0
	for n+len(e.line) <= len(p) {
		n += copy(p[n:], e.line)
	}
	return n, nil
}

type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestWriteErrorOnEndlessInput: with output that cannot be written, every
// command stops with exit 3 and no usage hint, although its input never
// ends. A command that went on reading would never return.
func TestWriteErrorOnEndlessInput(t *testing.T) {
	for _, c := range []struct {
		line string
		args []string
	}{
		{"http://a/", []string{"parse"}},
		{"http://a/", []string{"parse", "--format", "json"}},
		{"a b", []string{"parse", "--get", "host"}},
		{"http://a/", []string{"validate", "--filter", "valid"}},
		{"http://a/", []string{"validate", "--format", "json"}},
		{"a b", []string{"validate"}},
		{"http://a/", []string{"lint", "--format", "json", "-"}},
		{"a b", []string{"lint", "-"}},
		{"see http://a/", []string{"lint", "--extract", "--format", "json", "-"}},
		{"g", []string{"resolve", "http://a/b/"}},
		{"HTTP://A/", []string{"normalize"}},
		{"http://a/b", []string{"relativize", "http://a/"}},
		{"http://A/", []string{"equal", "http://a/"}},
		{`{"path":"/a"}`, []string{"recompose"}},
		{"http://a/", []string{"edit", "--set", "path=/b"}},
		{"a b", []string{"encode"}},
		{"a%20b", []string{"decode"}},
		{"https://bücher.example/ü", []string{"to-uri"}},
		{"http://a/%C3%BC", []string{"to-iri"}},
		{"https://bücher.example/", []string{"parse", "--iri"}},
		{"http://0x7f.1/", []string{"interop"}},
		{"http://0x7f.1/", []string{"interop", "--format", "json"}},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			var errOut strings.Builder
			stderr := fullWriter{}
			code := cmd.Main(c.args, &cmd.IOStreams{In: &endless{[]byte(c.line + "\n")}, Out: fullWriter{}, ErrOut: stderr, Getenv: testEnv(t, nil)})
			if code != cmd.ExitIO {
				t.Errorf("exit %d, want %d; stderr %q", code, cmd.ExitIO, errOut.String())
			}
		})
	}
}

// TestWriteErrorMessage: the message names the failure, and no help hint
// follows, since the command line was fine.
func TestWriteErrorMessage(t *testing.T) {
	var errOut strings.Builder
	code := cmd.Main([]string{"normalize"}, &cmd.IOStreams{In: &endless{[]byte("http://a/\n")}, Out: fullWriter{}, ErrOut: &errOut, Getenv: testEnv(t, nil)})
	if code != cmd.ExitIO || !strings.Contains(errOut.String(), "no space left on device") || strings.Contains(errOut.String(), "--help") {
		t.Errorf("exit %d, stderr %q", code, errOut.String())
	}
}
