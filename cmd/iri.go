package cmd

import (
	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/iri"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/stream"
)

// ToURIOptions are the options of uritool to-uri.
type ToURIOptions struct {
	*RootOptions
	HostEncoding *choice
	NFC          bool
	Format       *choice
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
			AnnotationJSONFields: `With --format json, one object per input:

  input  the IRI
  uri    the URI, or null on error
  error  null, or {"offset", "rule", "message"}`,
			AnnotationExitStatus: `  0 when every input was converted,
  1 when some input is not a valid IRI, not in NFC or has a host IDNA
    refuses,
  2 for a usage error,
  3 when input could not be read or output written.`,
		},
		ValidArgsFunction: noCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			_, errPal := opts.palettes()
			ro := render.TransformOptions{Format: opts.Format.value, Err: errPal}
			o := iri.Options{Host: iri.HostEncoding(opts.HostEncoding.value), NFC: opts.NFC}
			return run(root, args, func() operation[render.Transformed] { return toURIOp(o) },
				func() render.Renderer[render.Transformed] { return render.NewTransformRenderer(ro) })
		},
	}
	opts.HostEncoding = newChoice(string(iri.HostIDNA), "ENCODING", iri.HostEncodings...)
	addChoice(c, opts.HostEncoding, "host-encoding", "how to write a non-ASCII reg-name: idna (A-labels) or percent")
	c.Flags().BoolVar(&opts.NFC, "nfc", false, "normalize input to NFC instead of refusing input that is not")
	opts.Format = addFormat(c, "text", "json")
	return c
}

func toURIOp(o iri.Options) operation[render.Transformed] {
	return convertOp("uri", func(s string) (string, error) { return iri.ToURI(s, o) })
}

// ToIRIOptions are the options of uritool to-iri.
type ToIRIOptions struct {
	*RootOptions
	Format *choice
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
			AnnotationJSONFields: `With --format json, one object per input:

  input  the URI
  iri    the IRI, or null on error
  error  null, or {"offset", "rule", "message"}`,
			AnnotationExitStatus: `  0 when every input is a URI reference,
  1 when some input is not,
  2 for a usage error,
  3 when input could not be read or output written.`,
		},
		ValidArgsFunction: noCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			_, errPal := opts.palettes()
			ro := render.TransformOptions{Format: opts.Format.value, Err: errPal}
			return run(root, args, func() operation[render.Transformed] { return convertOp("iri", iri.ToIRI) },
				func() render.Renderer[render.Transformed] { return render.NewTransformRenderer(ro) })
		},
	}
	opts.Format = addFormat(c, "text", "json")
	return c
}

// convertOp runs a conversion on each input; key names its output in JSON.
func convertOp(key string, convert func(string) (string, error)) operation[render.Transformed] {
	fields := fieldBuf(2)
	return func(in stream.Input, r *render.Transformed) bool {
		r.Reset(in.Line, in.Text, fields[:2])
		fields[0].SetStr("input", in.Text)
		out, err := convert(in.Text)
		if err != nil {
			fields[1].SetNull(key)
			r.Err = findingOf(err, key)
			return true
		}
		fields[1].SetStr(key, out)
		r.Output = out
		return false
	}
}
