package cmd

import (
	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/pkg/uri"
)

// RelativizeOptions are the options of uritool relativize.
type RelativizeOptions struct {
	*RootOptions
	JSON    bool
	Base    string
	Targets []string
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
only BASE is given.`,
		Example: `  uritool relativize http://example.com/a/b/c http://example.com/a/d
  uritool relativize https://example.com/docs/ https://example.com/docs/api#x
  uritool relativize --json http://a/b/c http://other/b/c`,
		Args: cobra.MinimumNArgs(1),
		Annotations: map[string]string{
			AnnotationJSONFields: `With --json, one object per target:

  base    the base as given
  target  the target
  ref     the shortest reference from base to target, or null
  error   null, or {"offset", "rule", "message"}`,
		},
		RunE: func(c *cobra.Command, args []string) error {
			opts.Base, opts.Targets = args[0], args[1:]
			return runRelativize(opts)
		},
	}
	c.Flags().BoolVar(&opts.JSON, "json", false, `write JSON Lines: {"base", "target", "ref", "error"}`)
	return c
}

func runRelativize(opts *RelativizeOptions) error {
	base, err := parseArg(opts.RootOptions, "base", opts.Base)
	if err != nil {
		return err
	}
	run, err := newTransformRun(opts.RootOptions, transformOutput{JSON: opts.JSON})
	if err != nil {
		return err
	}
	err = eachInput(opts.IO, run.o, opts.Targets, func(no int, text string) error {
		r := render.Transformed{Line: no, Input: text}
		target, err := uri.Parse(text)
		if err == nil {
			var ref uri.URI
			if ref, err = uri.Relativize(base, target); err == nil {
				r.Output = ref.String()
			}
		}
		refField := render.Str("ref", r.Output)
		if err != nil {
			r.Err = findingOf(err, "relativize")
			refField = render.Null("ref")
		}
		r.Fields = []render.Field{render.Str("base", opts.Base), render.Str("target", text), refField}
		return run.emit(&r)
	})
	return run.finish(err)
}
