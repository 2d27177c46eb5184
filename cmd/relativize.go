package cmd

import (
	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/errfinding"
	"github.com/uritool/uritool/internal/filter"
	"github.com/uritool/uritool/internal/flagval"
	"github.com/uritool/uritool/internal/pipeline"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/render/results"
	"github.com/uritool/uritool/internal/stream"
	"github.com/uritool/uritool/pkg/uri"
)

// RelativizeOptions are the options of uritool relativize.
type RelativizeOptions struct {
	*RootOptions
	Keep   filter.Filter // --has, --ext, --host, ...
	Unique bool
	Format *flagval.Choice
}

// NewRelativizeCmd builds uritool relativize.
func NewRelativizeCmd(root *RootOptions) *cobra.Command {
	opts := &RelativizeOptions{RootOptions: root}
	c := &cobra.Command{
		Use:   "relativize [flags] BASE [TARGET ...]",
		Short: "Write the shortest reference from a base URI to each target",
		Long: `Print, for each target URI, the shortest reference that resolves back to
it against BASE (the inverse of RFC 3986 section 5.2): a fragment or query
alone, a relative path that climbs with "../" where needed, an absolute path,
a network-path reference ("//host/..."), or the target itself when the
schemes differ. A first segment with a colon is written after "./" so that
it does not read as a scheme. Every answer is checked by resolving it.

Targets come from the arguments, or from standard input, one per line, when
only BASE is given. BASE must be a URI and is checked once, before any target
is read. A target that fails gives an empty line on stdout and its diagnostic
on stderr, so the output stays aligned with the input.`,
		Example: `  uritool relativize http://example.com/a/b/c http://example.com/a/d
  uritool relativize https://example.com/docs/ https://example.com/docs/api#x
  uritool relativize --format json http://a/b/c http://other/b/c`,
		Args: requireArgs(1, "BASE"),
		Annotations: map[string]string{
			AnnotationJSONFields: results.RelativizeTable.Fields().String(),
		},
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			base, err := root.parseArg("BASE", args[0], true)
			if err != nil {
				return err
			}
			outPal, errPal := opts.palettes()
			to := render.TextOptions{Out: outPal, Err: errPal}
			return run(root, args[1:], pipeline.Command[results.Relativized]{
				Filter:      &opts.Keep,
				Distinct:    pipeline.Unique[results.Relativized](opts.Unique),
				NewOp:       func() pipeline.Op[results.Relativized] { return relativizeOp(base, args[0]) },
				NewRenderer: tableRenderer(results.RelativizeTable, opts.Format.Value, to),
			})
		},
	}
	opts.Format = flagval.AddFormat(c, "text", "json")
	addFilterFlags(c, &opts.Keep)
	c.Flags().BoolVar(&opts.Unique, "unique", false, uniqueUsage)
	return c
}

// relativizeOp writes each target relative to base.
func relativizeOp(base uri.URI, baseText string) pipeline.Op[results.Relativized] {
	return pipeline.Func[results.Relativized](func(in *stream.Input, r *results.Relativized) pipeline.Outcome {
		r.Start(in.Line, in.Text)
		r.Base = baseText
		var target uri.URI
		err := parseRef(&target, in, in.Text, false)
		if err == nil {
			var ref uri.URI
			if ref, err = uri.Relativize(base, target); err == nil {
				r.Ref = ref.String()
			}
		}
		if err != nil {
			r.Err = errfinding.Of(err, "relativize")
			return pipeline.Fail
		}
		return pipeline.Pass
	})
}
