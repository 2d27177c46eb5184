// Command uritool parses, validates, resolves and normalizes URIs
// strictly by RFC 3986.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/uritool/uritool/cmd"
)

// Completions and man pages are generated from the command tree.
//go:generate go run ./internal/gen

// Exit codes, the same for every command.
const (
	exitOK       = 0
	exitFindings = 1 // some input was invalid or drew a warning
	exitUsage    = 2 // bad flags, arguments or configuration
	exitIO       = 3 // input could not be read or output written
)

func main() {
	streams := &cmd.IOStreams{In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr, Getenv: os.Getenv}
	os.Exit(exitCode(cmd.NewRootCmd(streams).Execute(), os.Stderr))
}

// exitCode maps a command's error to the exit status and reports the
// errors that were not reported already. Errors cobra raises itself (an
// unknown command, a wrong number of arguments) are usage errors.
func exitCode(err error, stderr io.Writer) int {
	var findings *cmd.FindingsError
	var ioErr *cmd.IOError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &findings):
		return exitFindings
	case errors.As(err, &ioErr):
		fmt.Fprintln(stderr, "uritool: error:", err)
		return exitIO
	}
	fmt.Fprintln(stderr, "uritool: error:", err)
	fmt.Fprintln(stderr, "Run 'uritool --help' for usage.")
	return exitUsage
}
