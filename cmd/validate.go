package cmd

import (
	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/check"
	"github.com/uritool/uritool/internal/pipeline"
	"github.com/uritool/uritool/internal/render"
)

// ValidateOptions are the options of uritool validate.
type ValidateOptions struct {
	*RootOptions
	CheckFlags
	Filter *choice
}

// NewValidateCmd builds uritool validate.
func NewValidateCmd(root *RootOptions) *cobra.Command {
	opts := &ValidateOptions{RootOptions: root}
	c := &cobra.Command{
		Use:   "validate [flags] [REF ...]",
		Short: "Check that inputs are URIs, strictly by RFC 3986",
		Long: `Check each input against the RFC 3986 grammar (a URI by default, since
people piping URLs expect a scheme) and any policies given.

The text format prints nothing for a valid input and, for an invalid one,
"LINE:COL: message [rule]" on stderr with the input and a caret under the
first byte that cannot belong to a valid URI. --filter prints the matching
input lines unchanged on stdout instead, for pipelines. json, github and sarif
write their records on stdout. The exit status is 1 when any input fails.`,
		Example: `  uritool validate 'http://example.com/a b'
  uritool validate --filter valid < urls.txt > clean.txt
  uritool validate --as reference --format json < links.txt
  uritool validate --scheme https --no-userinfo --lint < urls.txt`,
		Annotations: map[string]string{
			AnnotationJSONFields: render.ValidateFields.String(),
			AnnotationExitStatus: `  0 when every input is valid and drew no warning,
  1 when some input is invalid, breaks a policy or draws a --lint
    warning,
  2 for a usage error: a bad flag, argument or configuration file,
  3 when input could not be read or output written.`,
		},
		ValidArgsFunction: noCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			_, errPal := opts.palettes()
			ro := render.CheckOptions{Format: opts.Format.value, Filter: opts.Filter.value, ShowPassword: opts.ShowPassword, Palette: errPal, Version: version()}
			return run(root, args, pipeline.Command[check.Result]{
				NewOp:       func() pipeline.Op[check.Result] { return opts.newCheckOp(nil) },
				NewRenderer: func() render.Renderer[check.Result] { return render.NewChecker(ro) },
			})
		},
	}
	addCheckFlags(c, &opts.CheckFlags)
	c.Flags().Var(&opts.DefaultScheme, "default-scheme", defaultSchemeUsage)
	opts.Filter = newChoice("", "WHICH", "valid", "invalid")
	addChoice(c, opts.Filter, "filter", "print only the valid or invalid input lines, unchanged (valid: no error and no warning)")
	return c
}
