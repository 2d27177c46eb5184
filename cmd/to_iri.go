package cmd

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/errfinding"
	"github.com/uritool/uritool/internal/filter"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/flagval"
	"github.com/uritool/uritool/internal/iri"
	"github.com/uritool/uritool/internal/lint"
	"github.com/uritool/uritool/internal/pipeline"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/render/results"
	"github.com/uritool/uritool/internal/stream"
)

// ToIRIOptions are the options of uritool to-iri.
type ToIRIOptions struct {
	*RootOptions
	Keep   filter.Filter // --has, --ext, --host, ...
	Unique bool
	Format *flagval.Choice
	// Lookalikes shows every A-label as Unicode, look-alikes too.
	Lookalikes bool
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
its percent-encodings in uppercase hex as RFC 3986 section 2.1 recommends.

An A-label whose Unicode form is a look-alike of another name (mixed
scripts, or Cyrillic or Greek letters posing as Latin ones, as lint's
non-ascii-host-lookalike finds them) stays an A-label, as browsers do when
they display hosts; a note on stderr says so (in JSON, "notes"), and the
exit status is not changed. --lookalikes shows them as Unicode too.`,
		Example: `  uritool to-iri 'https://xn--bcher-kva.example/stra%C3%9Fe?q=%E6%97%A5%E6%9C%AC'
  uritool to-iri http://xn--l-7sba6dbr.com/
  uritool to-iri < urls.txt`,
		Annotations: map[string]string{
			AnnotationJSONFields: results.ToIRITable.Fields().String(),
			AnnotationExitStatus: `  0 when every input is a URI reference,
  1 when some input is not,
  2 for a usage error,
  3 when input could not be read or output written.`,
		},
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			_, errPal := opts.palettes()
			return run(root, args, pipeline.Command[results.Converted]{
				Filter:      &opts.Keep,
				Distinct:    pipeline.Unique[results.Converted](opts.Unique),
				NewOp:       opts.toIRIOp,
				NewRenderer: tableRenderer(results.ToIRITable, opts.Format.Value, render.TextOptions{Err: errPal}),
			})
		},
	}
	opts.Format = flagval.AddFormat(c, "text", "json")
	addFilterFlags(c, &opts.Keep)
	c.Flags().BoolVar(&opts.Unique, "unique", false, uniqueUsage)
	c.Flags().BoolVar(&opts.Lookalikes, "lookalikes", false, "show look-alike A-labels as Unicode too, instead of keeping them as A-labels")
	return c
}

// toIRIOp maps each URI to an IRI, keeping look-alike A-labels unless
// --lookalikes.
func (o *ToIRIOptions) toIRIOp() pipeline.Op[results.Converted] {
	keep := lint.LookalikeLabel
	if o.Lookalikes {
		keep = nil
	}
	return pipeline.Func[results.Converted](func(in *stream.Input, r *results.Converted) pipeline.Outcome {
		r.Start(in.Line, in.Text)
		out, kept, err := iri.ToIRI(in.Text, keep)
		if err != nil {
			r.Err = errfinding.Of(err, "iri")
			return pipeline.Fail
		}
		r.Output = out
		for _, k := range kept {
			r.Notes = append(r.Notes, finding.Finding{Severity: finding.Warning, Offset: k.Offset, Rule: lint.NonASCIIHostLookalike,
				Message: fmt.Sprintf("kept the A-label %q: %s; --lookalikes shows it as Unicode", k.ALabel, k.Why)})
		}
		return pipeline.Pass
	})
}
