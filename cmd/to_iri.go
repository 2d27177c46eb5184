package cmd

import (
	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/filter"
	"github.com/uritool/uritool/internal/flagval"
	"github.com/uritool/uritool/internal/iri"
	"github.com/uritool/uritool/internal/pipeline"
	"github.com/uritool/uritool/internal/render"
)

// ToIRIOptions are the options of uritool to-iri.
type ToIRIOptions struct {
	*RootOptions
	Keep   filter.Filter // --has, --ext, --host, ...
	Unique bool
	Format *flagval.Choice
}

// NewToIRICmd builds uritool to-iri.
func NewToIRICmd(root *RootOptions) *cobra.Command {
	opts := &ToIRIOptions{RootOptions: root}
	c := &cobra.Command{
		Use:   "to-iri [flags] [URI ...]",
		Short: "Show URIs as IRIs, for people (RFC 3987 section 3.2)",
		Long: `Map each URI reference to an IRI for display, one per line. Only what reads
as itself and maps back is decoded:

  - a run of %XX that is the UTF-8 of a character an IRI allows in that
    component (ucschar; iprivate only in the query), outside the host;
  - an A-label of a reg-name whose Unicode form converts back to exactly
    the same label, when the whole name is valid IDNA.

ASCII is never decoded, so no delimiter appears or disappears. Bidi
formatting characters (RFC 3987 section 4.1), white space, invisible format
characters and characters that would combine with their neighbour stay
encoded, as do a host's percent-encodings (to-uri would write that label as
an A-label). to-uri of the output gives back the input, when the input writes
its percent-encodings in uppercase hex as RFC 3986 section 2.1 recommends.`,
		Example: `  uritool to-iri 'https://xn--bcher-kva.example/stra%C3%9Fe?q=%E6%97%A5%E6%9C%AC'
  uritool to-iri < urls.txt`,
		Annotations: map[string]string{
			AnnotationJSONFields: render.ToIRITable.Fields().String(),
			AnnotationExitStatus: `  0 when every input is a URI reference,
  1 when some input is not,
  2 for a usage error,
  3 when input could not be read or output written.`,
		},
		ValidArgsFunction: flagval.NoCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			_, errPal := opts.palettes()
			return run(root, args, pipeline.Command[render.Converted]{
				Filter:      &opts.Keep,
				Unique:      opts.Unique,
				NewOp:       func() pipeline.Op[render.Converted] { return convertOp("iri", iri.ToIRI) },
				NewRenderer: tableRenderer(render.ToIRITable, opts.Format.Value, render.TextOptions{Err: errPal}),
			})
		},
	}
	opts.Format = flagval.AddFormat(c, "text", "json")
	addFilterFlags(c, &opts.Keep)
	c.Flags().BoolVar(&opts.Unique, "unique", false, uniqueUsage)
	return c
}
