package cmd

import (
	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/flagval"
	"github.com/uritool/uritool/internal/pct"
	"github.com/uritool/uritool/internal/pipeline"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/render/results"
	"github.com/uritool/uritool/internal/stream"
)

// EncodeOptions are the options of uritool encode.
type EncodeOptions struct {
	*RootOptions
	Unique    bool
	Component *flagval.Choice
	Format    *flagval.Choice
}

// NewEncodeCmd builds uritool encode.
func NewEncodeCmd(root *RootOptions) *cobra.Command {
	opts := &EncodeOptions{RootOptions: root}
	c := &cobra.Command{
		Use:   "encode [flags] [STRING ...]",
		Short: "Percent-encode text for one component of a URI",
		Long: `Percent-encode each input (RFC 3986 section 2.1) for the component named by
--component: exactly the bytes that component does not allow as they are
become %XX, in uppercase hex, UTF-8 for non-ASCII text, and "%" always, since
the input is text rather than an encoding.

  path         keeps pchar and "/"
  segment      keeps pchar ("/" is encoded)
  query        keeps pchar, "/" and "?"
  query-value  as query, less "&", ";", "=" and "+", which split pairs
  fragment     keeps pchar, "/" and "?"
  userinfo     keeps unreserved, sub-delims and ":"
  host         keeps unreserved and sub-delims (a reg-name)`,
		Example: `  uritool encode --component query-value 'a b&c=d'
  uritool encode --component segment 'reports/2024'`,
		Annotations: map[string]string{
			AnnotationJSONFields: results.EncodeTable.Fields().String(),
			AnnotationExitStatus: `  0 when every input was encoded,
  2 for a usage error,
  3 when input could not be read or output written.`,
		},
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			comp, _ := pct.ParseComponent(opts.Component.Value) // checked by the flag
			return run(root, args, pipeline.Command[results.Converted]{
				Distinct:    pipeline.Unique[results.Converted](opts.Unique),
				NewOp:       func() pipeline.Op[results.Converted] { return encodeOp(comp) },
				NewRenderer: tableRenderer(results.EncodeTable, opts.Format.Value, render.TextOptions{}),
			})
		},
	}
	opts.Component = flagval.NewChoice("path", "COMPONENT", pct.Components...)
	flagval.AddChoice(c, opts.Component, "component", "the component to encode for: "+flagval.OrList(pct.Components))
	opts.Format = flagval.AddFormat(c, "text", "json")
	c.Flags().BoolVar(&opts.Unique, "unique", false, uniqueUsage)
	return c
}

// encodeOp percent-encodes each input for comp.
func encodeOp(comp pct.Component) pipeline.Op[results.Converted] {
	return pipeline.Func[results.Converted](func(in *stream.Input, r *results.Converted) pipeline.Outcome {
		r.Start(in.Line, in.Text)
		r.Output = pct.Encode(comp, in.Text)
		return pipeline.Pass
	})
}
