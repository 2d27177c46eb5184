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

// EqualOptions are the options of uritool equal.
type EqualOptions struct {
	*RootOptions
	Keep          filter.Filter // --has, --ext, --host, ...
	Format        *flagval.Choice
	DefaultPorts  flagval.PortMap
	CanonicalIPv6 bool
}

// NewEqualCmd builds uritool equal.
func NewEqualCmd(root *RootOptions) *cobra.Command {
	opts := &EqualOptions{RootOptions: root}
	c := &cobra.Command{
		Use:   "equal [flags] A [B ...]",
		Short: "Tell whether URIs are equivalent (RFC 3986 section 6.2)",
		Long: `Compare each B with A by the comparison ladder of RFC 3986 section 6.2: they
are equivalent when their scheme-based normal forms (6.2.2 and 6.2.3) are the
same string. With only A, each line of standard input is a B, and a B of "-"
stands for those lines where it is. Equivalence is symmetric, so A may be "-"
too: "uritool equal - URI" reads as "uritool equal URI -".

Text output is one line per B: "equivalent", or "different" followed by the
two normal forms, tab-separated. A is checked once, before any input is read:
a bad A is a usage error. An invalid B gives an empty line on stdout and its
diagnostic on stderr. --format json shows both normal forms.

--canonical-ipv6 compares IPv6 addresses by the canonical text of RFC 5952
(see normalize --help), so that [2001:db8::0:1] and [2001:DB8::1] are
equivalent; RFC 3986 alone only lowercases them (6.2.2.1).`,
		Example: `  uritool equal 'HTTP://Example.com:80/%7Euser' http://example.com/~user && echo same
  uritool equal --format json http://a/b http://a/b/
  uritool equal https://example.com/ < candidates.txt
  uritool equal --canonical-ipv6 'http://[2001:db8::0:1]/' 'http://[2001:DB8::1]:80/'`,
		Args: requireArgs(1, "A"),
		Annotations: map[string]string{
			AnnotationJSONFields: results.EqualTable.Fields().String(),
			AnnotationExitStatus: `  0 when every B is equivalent to A,
  1 when some B is not, or is not a URI reference,
  2 when A is not a URI reference, or for another usage error,
  3 when input could not be read or output written.`,
		},
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			aText, bs, err := splitEqualArgs(args)
			if err != nil {
				return err
			}
			a, err := root.parseArg("A", aText, false)
			if err != nil {
				return err
			}
			outPal, errPal := opts.palettes()
			to := render.TextOptions{Out: outPal, Err: errPal}
			return run(root, bs, pipeline.Command[results.Compared]{
				Filter:      &opts.Keep,
				NewOp:       func() pipeline.Op[results.Compared] { return opts.equalOp(a, aText) },
				NewRenderer: tableRenderer(results.EqualTable, opts.Format.Value, to),
			})
		},
	}
	opts.Format = flagval.AddFormat(c, "text", "json")
	c.Flags().Var(&opts.DefaultPorts, "default-port", "extra default ports")
	c.Flags().BoolVar(&opts.CanonicalIPv6, "canonical-ipv6", false, canonicalIPv6Usage)
	_ = c.RegisterFlagCompletionFunc("default-port", cobra.NoFileCompletions)
	addFilterFlags(c, &opts.Keep)
	return c
}

// splitEqualArgs picks A and the Bs. A leading "-" means standard input,
// as it does among the Bs, so A is the first argument that is not one
// (equivalence is symmetric) and the "-" stays where it was among the Bs.
func splitEqualArgs(args []string) (a string, bs []string, err error) {
	if args[0] != "-" {
		return args[0], args[1:], nil
	}
	for i, arg := range args {
		if arg != "-" {
			bs = append(append(bs, args[:i]...), args[i+1:]...)
			return arg, bs, nil
		}
	}
	return "", nil, usageErrorf("A is the reference to compare with, and standard input cannot be both A and B: give A as an argument")
}

// equalOp compares each input with a; a different one is a finding.
func (o *EqualOptions) equalOp(a uri.URI, aText string) pipeline.Op[results.Compared] {
	n := normalizeOptions(uri.SchemeLevel, o.DefaultPorts.Ports)
	n.CanonicalIPv6 = o.CanonicalIPv6
	na := n.Normalize(a).String()
	return pipeline.Func[results.Compared](func(in *stream.Input, r *results.Compared) pipeline.Outcome {
		r.Start(in.Line, in.Text)
		r.A, r.NormalA = aText, na
		var b uri.URI
		err := parseRef(&b, in, in.Text, false)
		if err != nil {
			r.Err = errfinding.Of(err, "uri")
			return pipeline.Fail
		}
		r.NormalB = n.Normalize(b).String()
		r.Equal = na == r.NormalB
		return pipeline.FailIf(!r.Equal)
	})
}
