package cmd

import "fmt"

// The error types below carry the outcome of a command to main, which
// alone turns them into exit codes.

// FindingsError means some input was invalid or drew a warning. The
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
