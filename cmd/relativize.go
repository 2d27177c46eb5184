package cmd

import (
	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/stream"
	"github.com/uritool/uritool/pkg/uri"
)

// RelativizeOptions are the options of uritool relativize.
type RelativizeOptions struct {
	*RootOptions
	Format *choice
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
			AnnotationJSONFields: `With --format json, one object per target:

  base    the base as given
  target  the target
  ref     the shortest reference from base to target, or null
  error   null, or {"offset", "rule", "message"}`,
		},
		ValidArgsFunction: noCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			base, err := root.parseArg("BASE", args[0], true)
			if err != nil {
				return err
			}
			outPal, errPal := opts.palettes()
			ro := render.TransformOptions{Format: opts.Format.value, Out: outPal, Err: errPal}
			return run(root, args[1:], func() operation[render.Transformed] { return relativizeOp(base, args[0]) },
				func() render.Renderer[render.Transformed] { return render.NewTransformRenderer(ro) })
		},
	}
	opts.Format = addFormat(c, "text", "json")
	return c
}

// relativizeOp writes each target relative to base.
func relativizeOp(base uri.URI, baseText string) operation[render.Transformed] {
	fields := fieldBuf(3)
	return func(in stream.Input, r *render.Transformed) bool {
		r.Reset(in.Line, in.Text, fields)
		target, err := parseRef(in.Text, false)
		if err == nil {
			var ref uri.URI
			if ref, err = uri.Relativize(base, target); err == nil {
				r.Output = ref.String()
			}
		}
		fields[0].SetURI("base", baseText)
		if err != nil {
			r.Err = findingOf(err, "relativize")
			fields[1].SetStr("target", in.Text)
			fields[2].SetNull("ref")
		} else {
			fields[1].SetURI("target", in.Text)
			fields[2].SetURI("ref", r.Output)
		}
		return err != nil
	}
}
