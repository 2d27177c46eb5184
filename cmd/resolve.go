package cmd

import (
	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/errfinding"
	"github.com/uritool/uritool/internal/explain"
	"github.com/uritool/uritool/internal/filter"
	"github.com/uritool/uritool/internal/flagval"
	"github.com/uritool/uritool/internal/pipeline"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/render/results"
	"github.com/uritool/uritool/internal/stream"
	"github.com/uritool/uritool/pkg/uri"
)

// ResolveOptions are the options of uritool resolve.
type ResolveOptions struct {
	*RootOptions
	Keep         filter.Filter // --has, --ext, --host, ...
	Unique       bool
	NonStrict    bool
	Format       *flagval.Choice
	Explain      bool
	ShowPassword bool
}

// NewResolveCmd builds uritool resolve.
func NewResolveCmd(root *RootOptions) *cobra.Command {
	opts := &ResolveOptions{RootOptions: root}
	c := &cobra.Command{
		Use:   "resolve [flags] BASE [REF ...]",
		Short: "Resolve references against a base URI (RFC 3986 section 5)",
		Long: `Resolve each reference against BASE by the algorithm of RFC 3986 section
5.2 and print the target URI, one per line. References come from the
arguments, or from standard input, one per line, when only BASE is given; an
empty line is the empty reference, which resolves to the base without its
fragment. An invalid reference gives an empty line on stdout and its
diagnostic on stderr, so the output stays aligned with the input.

BASE must be a URI (with a scheme, section 5.2.1); its fragment is ignored. It
is checked once, before any reference is read: a bad BASE is a usage error.
--non-strict reads a reference whose scheme equals the base's as if it had
none ("http:g" gives "http://a/b/c/g"), as some older parsers do.`,
		Example: `  uritool resolve 'http://a/b/c/d;p?q' ../g ?y '#s'
  grep -o 'href="[^"]*"' page.html | cut -d'"' -f2 | uritool resolve https://example.com/docs/
  uritool resolve --format json http://a/b/c/d ../../../g`,
		Args: requireArgs(1, "BASE"),
		Annotations: map[string]string{
			AnnotationJSONFields: results.ResolveTable.Fields().String(),
			AnnotationExitStatus: `  0 when every reference resolved,
  1 when some reference is invalid,
  2 for a usage error, including a BASE that is not a URI,
  3 when input could not be read or output written.`,
		},
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			if opts.Explain && opts.Format.Value != "text" {
				return usageErrorf("--explain writes text; it cannot be combined with %s", root.formatGiven(c))
			}
			base, err := root.parseArg("BASE", args[0], true)
			if err != nil {
				return err
			}
			outPal, errPal := opts.palettes()
			to := render.TextOptions{ShowPassword: opts.ShowPassword, Out: outPal, Err: errPal}
			return run(root, args[1:], pipeline.Command[results.Resolved]{
				Filter:      &opts.Keep,
				Distinct:    pipeline.Unique[results.Resolved](opts.Unique),
				NewOp:       func() pipeline.Op[results.Resolved] { return opts.resolveOp(base, args[0]) },
				NewRenderer: tableRenderer(results.ResolveTable, opts.Format.Value, to),
			})
		},
	}
	opts.Format = flagval.AddFormat(c, "text", "json")
	c.Flags().BoolVar(&opts.NonStrict, "non-strict", false, "treat a reference with the base's scheme as relative (RFC 3986 5.2.2)")
	c.Flags().BoolVar(&opts.Explain, "explain", false, "walk through the steps of RFC 3986 5.2: the branch taken, the merge and remove_dot_segments")
	c.Flags().BoolVar(&opts.ShowPassword, "show-password", false, "show the password of the userinfo in --explain and error output")
	addFilterFlags(c, &opts.Keep)
	c.Flags().BoolVar(&opts.Unique, "unique", false, uniqueUsage)
	return c
}

// resolveOp resolves each reference against base.
func (o *ResolveOptions) resolveOp(base uri.URI, baseText string) pipeline.Op[results.Resolved] {
	resolver := uri.ResolveOptions{NonStrict: o.NonStrict}
	return pipeline.Func[results.Resolved](func(in *stream.Input, r *results.Resolved) pipeline.Outcome {
		r.Start(in.Line, in.Text)
		r.Base, r.Explain = baseText, o.Explain
		var err error
		if o.Explain {
			var ref uri.URI
			if err = parseRef(&ref, in.Text, false); err == nil {
				r.Trace, err = explain.Resolve(resolver, base, ref)
			}
		} else if r.Target, err = resolver.ResolveString(base, in.Text); err != nil {
			err = withIRIHint(in.Text, err)
		}
		if err != nil {
			r.Err = errfinding.Of(err, "reference")
			return pipeline.Fail
		}
		return pipeline.Pass
	})
}
