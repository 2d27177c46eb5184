package config

import (
	"encoding/csv"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/uritool/uritool/internal/nearest"
)

// ValueError is a value of a flag refused by the command that uses it,
// after the layers applied it. The command names the flag, the value and
// what is wrong; Explain then fills in where the value came from, so the
// command needs no access to the layers where it checks the value. Since
// Explain changes the error in place, wrap it only in errors that read
// its message when asked (not fmt.Errorf, which reads it at once).
type ValueError struct {
	Flag  string // the flag's name, without "--"
	Value string // the value refused, as given
	Err   error  // what is wrong with it

	// Set by Explain.
	Key    string
	Origin Origin
}

// Error names the value as the user gave it: --flag "value" for the
// command line (and the default), else as an error about a value from
// the environment or the file is put when Apply refuses it: "env NAME:
// key: ..." or "FILE:LINE: key: ...".
func (e *ValueError) Error() string {
	switch e.Origin.Layer {
	case Env, File:
		return fmt.Sprintf("%s: %s: invalid value %q: %v", e.Origin, e.Key, e.Value, e.Err)
	}
	return fmt.Sprintf("--%s %q: %v", e.Flag, e.Value, e.Err)
}

func (e *ValueError) Unwrap() error { return e.Err }

// Explain fills in the origin of a ValueError in err's chain, from the
// flags of c, the command that returned it.
func (l *Layers) Explain(c *cobra.Command, err error) {
	var ve *ValueError
	if c == nil || !errors.As(err, &ve) || ve.Key != "" {
		return
	}
	if f := c.Flags().Lookup(ve.Flag); f != nil {
		s := l.Lookup(f)
		ve.Key, ve.Origin = s.Key, s.Origin
	}
}

// Given is the setting as the user gave it, for a message about it:
// "--format json" for the command line (and the default),
// "URITOOL_FORMAT=json", or "parse.format: json (FILE:LINE)".
func (s Setting) Given() string {
	v := s.Flag.Value.String()
	switch s.Origin.Layer {
	case Env:
		return s.Origin.Name + "=" + v
	case File:
		return fmt.Sprintf("%s: %s (%s)", s.Key, v, s.Origin)
	}
	return "--" + s.Flag.Name + " " + v
}

// FlagError rewords pflag's error about the value of a flag on the
// command line that the flag's Go parser refused (a number, a bool, a
// comma-separated list), which quotes the parser: strconv.ParseInt:
// parsing "abc": invalid syntax.
func FlagError(err error) error {
	return flagError(err, nil)
}

// UnknownFlag is FlagError for an error of c's flags: an unknown flag
// names the closest flag c has, when one is near ("--extrct": did you
// mean --extract?), as unknown commands and config keys do.
func UnknownFlag(c *cobra.Command, err error) error {
	return flagError(err, c)
}

func flagError(err error, c *cobra.Command) error {
	if name, ok := strings.CutPrefix(err.Error(), "unknown flag: --"); ok && c != nil {
		best, bestD := "", 1<<30
		visit := func(f *pflag.Flag) {
			if f.Hidden {
				return
			}
			if d := nearest.Distance(name, f.Name); d < bestD || d == bestD && f.Name < best {
				best, bestD = f.Name, d
			}
		}
		c.Flags().VisitAll(visit)
		c.InheritedFlags().VisitAll(visit)
		if best != "" && bestD <= max(2, len(name)/3) {
			return fmt.Errorf("%w (did you mean --%s?)", err, best)
		}
		return err
	}
	var ive *pflag.InvalidValueError
	if !errors.As(err, &ive) {
		return err
	}
	why, ok := plain(ive.Unwrap())
	if !ok {
		return err
	}
	// The flag's name as pflag puts it.
	f := ive.GetFlag()
	name := "--" + f.Name
	if f.Shorthand != "" && f.ShorthandDeprecated == "" {
		name = "-" + f.Shorthand + ", " + name
	}
	return fmt.Errorf("invalid argument %q for %q flag: %s", ive.GetValue(), name, why)
}

// plain says in words what a Go parser that pflag's values use refused.
func plain(err error) (string, bool) {
	var ne *strconv.NumError
	if errors.As(err, &ne) {
		switch {
		case errors.Is(ne.Err, strconv.ErrRange):
			return "out of range", true
		case ne.Func == "ParseBool":
			return "not true or false", true
		case ne.Func == "ParseFloat":
			return "not a number", true
		}
		return "not an integer", true
	}
	// Slice flags read their value as one CSV record.
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		switch {
		case errors.Is(pe.Err, csv.ErrBareQuote):
			return `a quote (") must enclose a whole item, as in "a,b",c`, true
		case errors.Is(pe.Err, csv.ErrQuote):
			return `a quoted item must end with a quote (") before the next comma`, true
		}
		return pe.Err.Error(), true
	}
	return "", false
}
