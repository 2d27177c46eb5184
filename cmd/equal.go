package cmd

import (
	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/pkg/uri"
)

// EqualOptions are the options of uritool equal.
type EqualOptions struct {
	*RootOptions
	JSON         bool
	DefaultPorts map[string]string
	A, B         string
}

// NewEqualCmd builds uritool equal.
func NewEqualCmd(root *RootOptions) *cobra.Command {
	opts := &EqualOptions{RootOptions: root}
	c := &cobra.Command{
		Use:   "equal [flags] A B",
		Short: "Tell whether two URIs are equivalent (RFC 3986 section 6.2)",
		Long: `Compare A and B by the comparison ladder of RFC 3986 section 6.2: they are
equivalent when their scheme-based normal forms (6.2.2 and 6.2.3) are the
same string. The exit status is 0 when they are equivalent, 1 when they are
not, and 2 when either is not a URI reference. --json shows both normal
forms, which explains the decision.`,
		Example: `  uritool equal 'HTTP://Example.com:80/%7Euser' http://example.com/~user && echo same
  uritool equal --json http://a/b http://a/b/`,
		Args: cobra.ExactArgs(2),
		Annotations: map[string]string{
			AnnotationJSONFields: `With --json, one object:

  a, b                        the inputs
  normalized_a, normalized_b  their scheme-based normal forms
  equal                       true when those are the same`,
			AnnotationExitStatus: `  0 when A and B are equivalent,
  1 when they are not,
  2 when either is not a URI reference, or for another usage error.`,
		},
		RunE: func(c *cobra.Command, args []string) error {
			opts.A, opts.B = args[0], args[1]
			return runEqual(opts)
		},
	}
	c.Flags().BoolVar(&opts.JSON, "json", false, `write {"a", "b", "normalized_a", "normalized_b", "equal"}`)
	c.Flags().StringToStringVar(&opts.DefaultPorts, "default-port", nil, "extra default ports, as scheme=port")
	_ = c.RegisterFlagCompletionFunc("default-port", cobra.NoFileCompletions)
	return c
}

func runEqual(opts *EqualOptions) error {
	a, err := parseArg(opts.RootOptions, "A", opts.A)
	if err != nil {
		return err
	}
	b, err := parseArg(opts.RootOptions, "B", opts.B)
	if err != nil {
		return err
	}
	n := normalizeOptions(uri.SchemeLevel, opts.DefaultPorts)
	na, nb := n.Normalize(a).String(), n.Normalize(b).String()
	equal := na == nb
	o := newOutput(opts.IO)
	if opts.JSON {
		t := render.NewTransformer(o.out, o.err, true, false, nil)
		err = t.Result(&render.Transformed{Fields: []render.Field{
			render.Str("a", opts.A), render.Str("b", opts.B),
			render.Str("normalized_a", na), render.Str("normalized_b", nb), render.Bool("equal", equal),
		}})
	}
	if ferr := o.flush(); err == nil {
		err = ferr
	}
	if err != nil {
		return err
	}
	if !equal {
		return &FindingsError{Count: 1}
	}
	return nil
}
