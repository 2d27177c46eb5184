package cmd

import (
	"runtime"

	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/lines"
	"github.com/uritool/uritool/internal/render"
)

// ValidateOptions are the options of uritool validate.
type ValidateOptions struct {
	*RootOptions
	CheckFlags
	Filter string
	Args   []string
}

// NewValidateCmd builds uritool validate.
func NewValidateCmd(root *RootOptions) *cobra.Command {
	opts := &ValidateOptions{RootOptions: root}
	c := &cobra.Command{
		Use:   "validate [flags] [REF ...]",
		Short: "Check that inputs are URIs, strictly by RFC 3986",
		Long: `Check each input against the RFC 3986 grammar (a URI by default, since
people piping URLs expect a scheme) and any policies given.

Text output prints nothing for a valid input and, for an invalid one,
"LINE:COL: message [rule]" with the input and a caret under the first byte
that cannot belong to a valid URI. --filter prints the matching input lines
unchanged instead, for pipelines. The exit status is 1 when any input fails.`,
		Example: `  uritool validate 'http://example.com/a b'
  uritool validate --filter valid < urls.txt > clean.txt
  uritool validate --as reference --format json < links.txt
  uritool validate --scheme https --no-userinfo --lint < urls.txt`,
		Annotations: map[string]string{
			AnnotationJSONFields: `With --format json, one object per input:

  line      1-based number of the input
  column    1-based column of the error, or null
  input     the input line (plus "input_base64" when it is not UTF-8)
  valid     true or false
  error     null, or {"offset", "rule", "message"}
  warnings  with --lint: [{"rule", "message", "offset"}]`,
			AnnotationExitStatus: `  0 when every input is valid and drew no warning,
  1 when some input is invalid, breaks a policy or draws a --lint warning,
  2 for a usage error: a bad flag, argument or configuration file,
  3 when input could not be read or output written.`,
		},
		RunE: func(c *cobra.Command, args []string) error {
			opts.Args = args
			return runValidate(opts)
		},
	}
	addCheckFlags(c, &opts.CheckFlags, []string{render.FormatText, render.FormatJSON})
	c.Flags().StringVar(&opts.Filter, "filter", "", "print only the valid or invalid input lines, unchanged (valid means no error and no warning)")
	_ = c.RegisterFlagCompletionFunc("filter", fixedCompletion([]string{"valid", "invalid"}))
	return c
}

func runValidate(opts *ValidateOptions) error {
	if opts.Format != render.FormatText && opts.Format != render.FormatJSON {
		return usageErrorf("invalid --format %q for validate (want text or json)", opts.Format)
	}
	outPal, _, err := opts.palettes()
	if err != nil {
		return err
	}
	ro := render.CheckOptions{Format: opts.Format, Filter: opts.Filter, ShowPassword: opts.ShowPassword, Palette: outPal}
	run, err := opts.newCheckRun(ro)
	if err != nil {
		return err
	}
	if onlyStdin(opts.Args) && run.renderer.Parallel() {
		return validateInParallel(opts, ro, run)
	}
	o := newOutput(opts.IO)
	err = eachInput(opts.IO, o, opts.Args, func(no int, text string) error {
		return run.check(o.out, "", no, text)
	})
	if err == nil {
		err = run.renderer.Finish(o.out)
	}
	if ferr := o.flush(); err == nil {
		err = ferr
	}
	if err != nil {
		return err
	}
	return findings(run.findings)
}

// validateInParallel checks standard input on every core, one engine and
// renderer per worker, and writes the results in input order: the
// output is the same as a sequential run's.
func validateInParallel(opts *ValidateOptions, ro render.CheckOptions, first *checkRun) error {
	runs := []*checkRun{first}
	for len(runs) < runtime.GOMAXPROCS(0) {
		run, err := opts.newCheckRun(ro)
		if err != nil {
			return err
		}
		runs = append(runs, run)
	}
	handlers := make([]lines.Handler, len(runs))
	for i, r := range runs {
		handlers[i] = r
	}
	if err := lines.Process(opts.IO.In, opts.IO.Out, handlers); err != nil {
		return &IOError{err}
	}
	total := 0
	for _, r := range runs {
		total += r.findings
	}
	return findings(total)
}
