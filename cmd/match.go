package cmd

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/errfinding"
	"github.com/uritool/uritool/internal/filter"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/flagval"
	"github.com/uritool/uritool/internal/pipeline"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/render/results"
	"github.com/uritool/uritool/internal/stream"
	"github.com/uritool/uritool/pkg/uritemplate"
)

// MatchOptions are the options of uritool match.
type MatchOptions struct {
	*RootOptions
	Keep   filter.Filter // --has, --ext, --host, ...
	Unique bool
	Format *flagval.Choice
}

// NewMatchCmd builds uritool match.
func NewMatchCmd(root *RootOptions) *cobra.Command {
	opts := &MatchOptions{RootOptions: root}
	c := &cobra.Command{
		Use:   "match [flags] TEMPLATE [REF ...]",
		Short: "Find the variables that expand a URI Template to each reference",
		Long: `The inverse of expand: for each reference, print as a JSON object the values
of TEMPLATE's variables that expand it to that reference (RFC 6570), or say
that it does not match (exit 1).

Only templates whose inverse is unambiguous can be matched; TEMPLATE is
checked once, before any input, and one that cannot be matched is a usage
error naming the expression. Matchable are:

  - simple {x}, "/", ";", "?" and "&" expressions with any number of
    variables, and "." with one;
  - "+" and "#" with one variable, as the last part of the template;
  - no explode (*) or prefix (:N) modifiers, each variable once;
  - no expression followed by text its own expansion could contain
    ("{x}{y}", "/{name}{.ext}" are refused).

Values are percent-decoded, except those of "+" and "#", which are kept as
written since both "%2F" and "/" expand from them differently.`,
		Example: `  uritool match '/users/{id}/repos{?page,sort}' '/users/42/repos?page=2'
  uritool match 'https://example.com{/section,slug}' < urls.txt`,
		Args: requireArgs(1, "TEMPLATE"),
		Annotations: map[string]string{
			AnnotationJSONFields: results.MatchTable.Fields().String(),
		},
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			t, err := root.parseTemplate(args[0])
			if err != nil {
				return err
			}
			if err := t.Matchable(); err != nil {
				var te *uritemplate.Error
				if errors.As(err, &te) {
					// The caret shows the expression that cannot be matched.
					if err := root.showArgError("TEMPLATE", args[0], errfinding.Of(err, "match")); err != nil {
						return err
					}
				}
				msg := err.Error()
				if te != nil {
					msg = te.Msg
				}
				return usageErrorf("TEMPLATE cannot be matched unambiguously: %s (see uritool match --help)", msg)
			}
			outPal, errPal := opts.palettes()
			return run(root, args[1:], pipeline.Command[results.Matched]{
				Filter:      &opts.Keep,
				Distinct:    pipeline.Unique[results.Matched](opts.Unique),
				NewOp:       func() pipeline.Op[results.Matched] { return matchOp(t) },
				NewRenderer: tableRenderer(results.MatchTable, opts.Format.Value, render.TextOptions{Out: outPal, Err: errPal}),
			})
		},
	}
	opts.Format = flagval.AddFormat(c, "text", "json")
	addFilterFlags(c, &opts.Keep)
	c.Flags().BoolVar(&opts.Unique, "unique", false, uniqueUsage)
	return c
}

// matchOp matches each reference against t; a miss is a finding.
func matchOp(t *uritemplate.Template) pipeline.Op[results.Matched] {
	names := t.Names()
	return pipeline.Func[results.Matched](func(in *stream.Input, r *results.Matched) pipeline.Outcome {
		*r = results.Matched{Subject: render.Subject{Line: in.Line, Input: in.Text}, Names: names}
		vals, ok := t.Match(in.Text)
		if !ok {
			r.Err = &finding.Finding{Rule: "match", Message: "does not match " + t.String()}
			return pipeline.Fail
		}
		r.Values = vals
		return pipeline.Pass
	})
}
