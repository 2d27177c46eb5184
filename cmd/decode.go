package cmd

import (
	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/errfinding"
	"github.com/uritool/uritool/internal/flagval"
	"github.com/uritool/uritool/internal/pct"
	"github.com/uritool/uritool/internal/pipeline"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/render/results"
	"github.com/uritool/uritool/internal/stream"
)

// DecodeOptions are the options of uritool decode.
type DecodeOptions struct {
	*RootOptions
	Unique bool
	Format *flagval.Choice
}

// NewDecodeCmd builds uritool decode.
func NewDecodeCmd(root *RootOptions) *cobra.Command {
	opts := &DecodeOptions{RootOptions: root}
	c := &cobra.Command{
		Use:   "decode [flags] [STRING ...]",
		Short: "Decode the percent-encodings of each input",
		Long: `Decode every %XX of each input (RFC 3986 section 2.1) and write the bytes.
A "%" not followed by two hex digits is an error with its offset (exit 1),
and the input's stdout line stays empty. "+" is left as it is: it means a
space only in HTML form data, not in URIs.

The bytes may be anything, a newline or invalid UTF-8 included; --format json
carries them exactly, adding "output_base64" when they are not UTF-8.`,
		Example: `  uritool decode 'caf%C3%A9%20au%20lait'
  uritool parse --get query --format text < urls.txt | uritool decode`,
		Annotations: map[string]string{
			AnnotationJSONFields: results.DecodeTable.Fields().String(),
		},
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			_, errPal := opts.palettes()
			return run(root, args, pipeline.Command[results.Converted]{
				Distinct:    pipeline.Unique[results.Converted](opts.Unique),
				NewOp:       func() pipeline.Op[results.Converted] { return pipeline.Func[results.Converted](decodeOp) },
				NewRenderer: tableRenderer(results.DecodeTable, opts.Format.Value, render.TextOptions{Err: errPal}),
			})
		},
	}
	opts.Format = flagval.AddFormat(c, "text", "json")
	c.Flags().BoolVar(&opts.Unique, "unique", false, uniqueUsage)
	return c
}

// decodeOp decodes the percent-encodings of each input.
func decodeOp(in *stream.Input, r *results.Converted) pipeline.Outcome {
	r.Start(in.Line, in.Text)
	out, err := pct.Decode(in.Text)
	if err != nil {
		r.Err = errfinding.Of(err, "pct-encoded")
		return pipeline.Fail
	}
	r.Output = string(out)
	return pipeline.Pass
}
