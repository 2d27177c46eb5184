// Command uritool parses, validates, resolves and normalizes URIs
// strictly by RFC 3986.
package main

import (
	"os"

	"github.com/uritool/uritool/cmd"
)

// Completions and man pages are generated from the command tree.
//go:generate go run ./internal/gen

func main() {
	os.Exit(cmd.Main(os.Args[1:], &cmd.IOStreams{In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr, Environ: os.Environ(), Getwd: os.Getwd}))
}
