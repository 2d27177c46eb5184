package cmd

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/uritool/uritool/internal/config"
	"github.com/uritool/uritool/internal/stream"
)

// Exit statuses, the same for every command.
const (
	ExitOK       = 0
	ExitFindings = 1 // some input was invalid or drew a finding
	ExitUsage    = 2 // bad flags, arguments or configuration
	ExitIO       = 3 // input could not be read or output written
)

// Main runs uritool with args over the given streams and returns the exit
// status. It is the one place where errors become statuses; main only
// calls it.
func Main(args []string, streams *IOStreams) int {
	root, opts := newRoot(streams)
	root.SetArgs(args)
	c, err := root.ExecuteC()
	if err != nil && c == root {
		if ferr := leadingFlagError(root, args); ferr != nil {
			err = ferr
		}
	}
	opts.settings.Explain(c, err)
	if opts.cobraOut.err != nil {
		// Help, version and completion are written by cobra, which
		// drops or passes on write errors as it likes; they are output
		// like any other, and so exit 3.
		err = &stream.WriteError{Err: opts.cobraOut.err}
	}
	return exitStatus(err, c, streams.ErrOut)
}

// leadingFlagError is the error of an unknown flag before the command
// name. cobra, looking for the command, takes the word after an unknown
// flag for its value, so "uritool --bogus parse x" failed on the command
// "x"; parsing the root's flags up to the first word that is no flag or
// flag value finds the real fault.
func leadingFlagError(root *cobra.Command, args []string) error {
	root.InitDefaultHelpFlag()
	root.InitDefaultVersionFlag()
	fs := pflag.NewFlagSet(root.Name(), pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.SetInterspersed(false)
	fs.AddFlagSet(root.PersistentFlags())
	fs.AddFlagSet(root.LocalFlags())
	if err := fs.Parse(args); err != nil {
		return &UsageError{config.FlagError(err)}
	}
	return nil
}

// keepError passes writes on and keeps the first that failed.
type keepError struct {
	w   io.Writer
	err error
}

func (k *keepError) Write(p []byte) (int, error) {
	n, err := k.w.Write(p)
	if err != nil && k.err == nil {
		k.err = err
	}
	return n, err
}

// exitStatus maps a command's error to the exit status and reports the
// errors not reported already. Errors cobra raises itself (an unknown
// command or flag, a wrong number of arguments) are usage errors, and
// point to the help of the command that refused them.
func exitStatus(err error, c interface{ CommandPath() string }, stderr io.Writer) int {
	var findings *FindingsError
	var ioErr *IOError
	var writeErr *stream.WriteError
	var readErr *stream.ReadError
	switch {
	case err == nil:
		return ExitOK
	case errors.As(err, &findings):
		return ExitFindings
	case errors.As(err, &ioErr), errors.As(err, &writeErr), errors.As(err, &readErr):
		fmt.Fprintln(stderr, "uritool: error:", err)
		return ExitIO
	}
	fmt.Fprintln(stderr, "uritool: error:", strings.TrimSuffix(err.Error(), "\n"))
	path := "uritool"
	if c != nil {
		path = c.CommandPath()
	}
	fmt.Fprintf(stderr, "Run '%s --help' for usage.\n", path)
	return ExitUsage
}

// The error types below carry the outcome of a command to Main.

// FindingsError means some input was invalid or drew a finding. The
// findings were already reported, so it has nothing more to say.
type FindingsError struct{ Count int }

func (e *FindingsError) Error() string { return fmt.Sprintf("%d finding(s)", e.Count) }

// UsageError is a bad flag, argument or configuration.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

func usageErrorf(format string, args ...any) error {
	return &UsageError{fmt.Errorf(format, args...)}
}

// badValue is a usage error about value, a value of the flag named flag,
// that only the command could check. Main names where the value came
// from: the flag, a URITOOL_* variable or a line of the config file.
func badValue(flag, value, format string, args ...any) error {
	return &UsageError{&config.ValueError{Flag: flag, Value: value, Err: fmt.Errorf(format, args...)}}
}

// IOError is a failure to read input or write output.
type IOError struct{ Err error }

func (e *IOError) Error() string { return e.Err.Error() }
func (e *IOError) Unwrap() error { return e.Err }

// findings returns the error for n findings, or nil for none.
func findings(n int) error {
	if n == 0 {
		return nil
	}
	return &FindingsError{Count: n}
}
