package cmd

import (
	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/errfinding"
	"github.com/uritool/uritool/internal/filter"
	"github.com/uritool/uritool/internal/flagval"
	"github.com/uritool/uritool/internal/iri"
	"github.com/uritool/uritool/internal/pipeline"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/render/results"
	"github.com/uritool/uritool/internal/stream"
)

// ToURIOptions are the options of uritool to-uri.
type ToURIOptions struct {
	*RootOptions
	Keep         filter.Filter // --has, --ext, --host, ...
	Unique       bool
	HostEncoding *flagval.Choice
	NFC          bool
	Format       *flagval.Choice
}

// NewToURICmd builds uritool to-uri.
func NewToURICmd(root *RootOptions) *cobra.Command {
	opts := &ToURIOptions{RootOptions: root}
	c := &cobra.Command{
		Use:   "to-uri [flags] [IRI ...]",
		Short: "Convert IRIs to URIs (RFC 3987 section 3.1)",
		Long: `Map each IRI reference (RFC 3987) to the URI reference that stands for it,
one per line: every non-ASCII character becomes the percent-encoding of its
UTF-8 (in uppercase hex), and a reg-name host's non-ASCII labels become
A-labels by UTS #46, non-transitional, with every check on (hyphens, joiners,
bidi, lengths). ASCII is left exactly as written, so a URI maps to itself
and the output is always a valid URI reference.

--host-encoding percent percent-encodes the host's UTF-8 instead of using
IDNA, for names that are not looked up in the DNS.

Input must be in Unicode Normalization Form C (RFC 3987 section 3.1): text
that is not is an error (rule nfc) unless --nfc normalizes it first. A host
IDNA refuses is an error naming the label and the rule it breaks (rules
idna-punycode, idna-disallowed, idna-hyphen, idna-leading-mark, idna-joiner,
idna-bidi, idna-nfc, idna-length). A failed input gives an empty line on
stdout and its diagnostic on stderr, so the output stays aligned.`,
		Example: `  uritool to-uri 'https://bücher.example/straße?q=日本'
  uritool to-uri --host-encoding percent 'http://dépôt.internal/'
  uritool to-uri --nfc < iris.txt`,
		Annotations: map[string]string{
			AnnotationJSONFields: results.ToURITable.Fields().String(),
			AnnotationExitStatus: `  0 when every input was converted,
  1 when some input is not a valid IRI, not in NFC or has a host IDNA
    refuses,
  2 for a usage error,
  3 when input could not be read or output written.`,
		},
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			_, errPal := opts.palettes()
			o := iri.Options{Host: iri.HostEncoding(opts.HostEncoding.Value), NFC: opts.NFC}
			return run(root, args, pipeline.Command[results.Converted]{
				Filter:      &opts.Keep,
				Distinct:    pipeline.Unique[results.Converted](opts.Unique),
				NewOp:       func() pipeline.Op[results.Converted] { return toURIOp(o) },
				NewRenderer: tableRenderer(results.ToURITable, opts.Format.Value, render.TextOptions{Err: errPal}),
			})
		},
	}
	opts.HostEncoding = flagval.NewChoice(string(iri.HostIDNA), "ENCODING", iri.HostEncodings...)
	flagval.AddChoice(c, opts.HostEncoding, "host-encoding", "how to write a non-ASCII reg-name: idna (A-labels) or percent")
	c.Flags().BoolVar(&opts.NFC, "nfc", false, "normalize input to NFC instead of refusing input that is not")
	opts.Format = flagval.AddFormat(c, "text", "json")
	addFilterFlags(c, &opts.Keep)
	c.Flags().BoolVar(&opts.Unique, "unique", false, uniqueUsage)
	return c
}

// toURIOp converts each IRI to a URI.
func toURIOp(o iri.Options) pipeline.Op[results.Converted] {
	return convertOp("uri", func(s string) (string, error) { return iri.ToURI(s, o) })
}

// convertOp writes each input another way, to-uri's or to-iri's; rule
// names what failed for an error that is not a parse error.
func convertOp(rule string, convert func(string) (string, error)) pipeline.Op[results.Converted] {
	return pipeline.Func[results.Converted](func(in *stream.Input, r *results.Converted) pipeline.Outcome {
		r.Start(in.Line, in.Text)
		out, err := convert(in.Text)
		if err != nil {
			r.Err = errfinding.Of(err, rule)
			return pipeline.Fail
		}
		r.Output = out
		return pipeline.Pass
	})
}
