package cmd

import (
	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/defaultscheme"
	"github.com/uritool/uritool/internal/errfinding"
	"github.com/uritool/uritool/internal/explain"
	"github.com/uritool/uritool/internal/filter"
	"github.com/uritool/uritool/internal/flagval"
	"github.com/uritool/uritool/internal/iri"
	"github.com/uritool/uritool/internal/pipeline"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/render/results"
	"github.com/uritool/uritool/internal/stream"
	"github.com/uritool/uritool/pkg/uri"
)

// NormalizeOptions are the options of uritool normalize.
type NormalizeOptions struct {
	*RootOptions
	Keep          filter.Filter // --has, --ext, --host, ...
	Level         *flagval.Choice
	Format        *flagval.Choice
	Check         bool
	Unique        bool
	Explain       bool
	ShowPassword  bool
	IRI           bool
	RelativeDots  bool
	CanonicalIPv6 bool
	NFC           bool
	DefaultPorts  flagval.PortMap
	DefaultScheme defaultscheme.Flag
}

// normalizeLevels maps --level to the library's levels.
var normalizeLevels = map[string]uri.Level{"syntax": uri.SyntaxLevel, "scheme": uri.SchemeLevel}

// NewNormalizeCmd builds uritool normalize.
func NewNormalizeCmd(root *RootOptions) *cobra.Command {
	opts := &NormalizeOptions{RootOptions: root}
	opts.Keep.Scheme = &opts.DefaultScheme
	c := &cobra.Command{
		Use:   "normalize [flags] [REF ...]",
		Short: "Normalize references (RFC 3986 sections 6.2.2 and 6.2.3)",
		Long: `Print each reference in normal form, one per line. An invalid reference
gives an empty line on stdout and its diagnostic on stderr, so the output stays
aligned with the input.

--level syntax (6.2.2) lowercases the scheme and host, uppercases the hex
digits of percent-encodings, decodes percent-encoded unreserved characters and
removes dot-segments from the absolute path of a URI. --level scheme (6.2.3,
the default) also drops an empty port and the scheme's default port, and
writes an empty path as "/" when there is an authority, for the schemes whose
specifications define a default port (http, https, ws, wss, ftp, imap, pop,
ldap, telnet, gopher, nntp, rtsp, coap, coaps) and any scheme given with
--default-port.

Reserved characters are never decoded, an empty "?" or "#" is kept and IPv6
text is only lowercased. --check prints only the inputs that are not already
normal and exits 1 if there are any, like gofmt -l.

Three options go beyond RFC 3986's normal form, on request:

--relative-dots removes dot-segments from relative references too, which
RFC 3986 leaves until they are resolved (5.2). An absolute path, also after
"//host", loses them as a URI's does: resolution applies remove_dot_segments
(5.2.4) to it alone. A relative path keeps what only a base can resolve: "."
segments go, each ".." removes the segment before it, and a ".." with no
segment of the reference before it stays, as a leading "../". So
"mid/content=5/../6" gives "mid/6", "../../a/./b" gives "../../a/b" and
"a/../../b" gives "../b". A path left empty is written "./" ("a/.." would
otherwise be the empty reference, the base itself), a lone "." or ".." ends
with "/", and "./" stays before a first segment with a colon: "x/../a:b"
gives "./a:b", not the URI "a:b" (4.2). The result resolves to the target the
input resolves to against any base with an authority or a "/" in its path. A
base like "urn:a:b" has neither: RFC 3986 merges the path with nothing
(5.2.3), and "a/../b" resolves to "urn:/b" there, but "b" to "urn:b".

--canonical-ipv6 writes IPv6 addresses in the canonical text of RFC 5952
section 4: lowercase hex digits without leading zeros, and the longest run
of two or more zero groups (the first of equal runs) as "::". An IPv4-mapped
address keeps its last 32 bits in dotted decimal (section 5), any other is
hex throughout: [0:0::FFFF:C000:0201] gives [::ffff:192.0.2.1]. equal takes
the same option.

--nfc, with --iri, puts characters in Unicode Normalization Form C: the UTF-8
that percent-encodings spell and the non-ASCII characters, so that "%C3%87"
and "C%CC%A7" (C and a combining cedilla) both give "%C3%87". RFC 3987 section
5.3.2.2 does not do this when comparing IRIs: it assumes them to be in NFC
already, and requires NFC where text comes from paper or a non-Unicode
encoding. Use --nfc for such input, or to agree with normalizers that apply
it. NFC applies between delimiters, which never change; a run keeps its
form (percent-encoded if any of it was), and an ASCII character NFC makes
of another is percent-encoded unless unreserved.

--unique prints each equivalence class once, as the normal form of its first
occurrence: a de-duplication that knows HTTP://A:80/%7e and http://a/~ are the
same. It keeps every distinct normal form in memory, so memory grows with the
number of distinct classes, not with the input.`,
		Example: `  uritool normalize 'HTTP://Example.COM:80/a/./b/../%7euser'
  uritool normalize --level syntax 'eXAMPLE://a/./b/../b/%63/%7bfoo%7d'
  uritool normalize --check < urls.txt
  uritool normalize --default-port redis=6379 redis://h:6379/
  uritool normalize --relative-dots 'mid/content=5/../6' '../../a/./b' 'x/../a:b'
  uritool normalize --canonical-ipv6 'http://[2001:DB8:0:0::1]/' 'http://[::ffff:c000:201]/'
  uritool normalize --iri --nfc 'http://example.com/C%CC%A7' 'http://example.com/%C3%87'`,
		Annotations: map[string]string{
			AnnotationJSONFields: results.NormalizeTable.Fields().String(),
			AnnotationExitStatus: `  0 when every input is valid (and, with --check, already normal),
  1 when some input is invalid or, with --check, not normal,
  2 for a usage error,
  3 when input could not be read or output written.`,
		},
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			if (opts.Explain || opts.Check) && opts.Format.Value != "text" {
				return usageErrorf("--explain and --check write text; they cannot be combined with %s", root.formatGiven(c))
			}
			if opts.Explain && opts.Check || opts.Unique && (opts.Explain || opts.Check) {
				return usageErrorf("--explain, --check and --unique cannot be combined")
			}
			if opts.NFC && !opts.IRI {
				return usageErrorf("--nfc needs --iri: it reads percent-encoded UTF-8 as the characters of an IRI (RFC 3987)")
			}
			outPal, errPal := opts.palettes()
			table := results.NormalizeTable
			if opts.Check {
				table = results.NormalizeCheckTable
			}
			to := render.TextOptions{ShowPassword: opts.ShowPassword, Out: outPal, Err: errPal, Unaligned: opts.Check || opts.Unique}
			cmd := pipeline.Command[results.Normalized]{
				Filter: &opts.Keep,
				NewOp:  opts.normalizeOp,
				NewRenderer: func() render.Renderer[results.Normalized] {
					return render.NewTableRenderer(table, opts.Format.Value, to)
				},
			}
			if !opts.Check && !opts.Explain && !opts.IRI && opts.DefaultScheme.String() == "" {
				cmd.NewEcho, cmd.EchoRecord = opts.normalizeEcho, opts.Format.Value == "json"
			}
			if opts.Unique { // an equivalence class is its normal form, whatever the record says of its input
				cmd.Distinct = &pipeline.Distinct[results.Normalized]{Key: func(r *results.Normalized) string { return r.Normal }}
			}
			return run(root, args, cmd)
		},
	}
	opts.Level = flagval.NewChoice("scheme", "LEVEL", "syntax", "scheme")
	flagval.AddChoice(c, opts.Level, "level", "syntax (6.2.2) or scheme (6.2.2 and 6.2.3)")
	opts.Format = flagval.AddFormat(c, "text", "json")
	f := c.Flags()
	f.Var(&opts.DefaultScheme, "default-scheme", defaultscheme.Usage)
	f.BoolVar(&opts.Check, "check", false, "print only inputs that are not normalized; exit 1 if any")
	f.BoolVar(&opts.Unique, "unique", false, "print each equivalence class once, at its first occurrence (memory grows with the number of classes)")
	f.Var(&opts.DefaultPorts, "default-port", "extra default ports for --level scheme")
	f.BoolVar(&opts.Explain, "explain", false, "show each rule that changed the input (RFC 3986 6.2.2, 6.2.3, and those of the options), with the text before and after")
	f.BoolVar(&opts.ShowPassword, "show-password", false, "show the password of the userinfo in --explain and error output")
	f.BoolVar(&opts.IRI, "iri", false, iriUsage)
	f.BoolVar(&opts.RelativeDots, "relative-dots", false, `remove dot-segments from relative references too, keeping leading ".." segments`)
	f.BoolVar(&opts.CanonicalIPv6, "canonical-ipv6", false, canonicalIPv6Usage)
	f.BoolVar(&opts.NFC, "nfc", false, "with --iri: put percent-encoded UTF-8 and non-ASCII characters in Unicode NFC")
	_ = c.RegisterFlagCompletionFunc("default-port", cobra.NoFileCompletions)
	addFilterFlags(c, &opts.Keep)
	return c
}

// normalizeOp normalizes each input; with --check, an input that changes
// is the finding.
func (o *NormalizeOptions) normalizeOp() pipeline.Op[results.Normalized] {
	normalizer := o.normalizer()
	return pipeline.Func[results.Normalized](func(in *stream.Input, r *results.Normalized) pipeline.Outcome {
		text, added := o.DefaultScheme.Apply(in.Text)
		r.Start(in.Line, text)
		r.Original, r.IRI, r.SchemeAdded = in.Text, o.IRI, added
		var err error
		if o.IRI || o.Explain || parsed(in, text) != nil {
			err = o.normalizeParsed(normalizer, in, text, r)
		} else if r.Normal, err = normalizer.NormalizeString(text); err != nil {
			err = withIRIHint(text, err)
		}
		if err != nil {
			r.Err = errfinding.Of(err, "uri")
			return pipeline.Fail
		}
		r.Changed = r.Normal != text
		if o.Check {
			if !r.Changed {
				return pipeline.Skip
			}
			return pipeline.Fail
		}
		return pipeline.Pass
	})
}

// normalizer is the library's normalization that the flags ask for.
func (o *NormalizeOptions) normalizer() uri.NormalizeOptions {
	n := normalizeOptions(normalizeLevels[o.Level.Value], o.DefaultPorts.Ports)
	n.RelativeDots, n.CanonicalIPv6 = o.RelativeDots, o.CanonicalIPv6
	return n
}

// normalizeEcho tells whether a reference is normal already, as most
// are: its text result is then itself, and its record the same around it
// (pipeline.Command.NewEcho). Not with --check, --explain, --iri or
// --default-scheme, which make more of a result than its normal form.
func (o *NormalizeOptions) normalizeEcho() func(text string) bool {
	normalizer := o.normalizer()
	return func(text string) bool {
		normal, err := normalizer.NormalizeString(text)
		return err == nil && normal == text
	}
}

// normalizeParsed normalizes text into r by way of a parsed URI, for what
// needs one: an IRI (and --nfc), --explain's steps, or input a filter
// parsed already. Other input takes NormalizeString, which passes no URI
// by value.
func (o *NormalizeOptions) normalizeParsed(normalizer uri.NormalizeOptions, in *stream.Input, text string, r *results.Normalized) error {
	var u uri.URI
	if err := parseRef(&u, in, text, o.IRI); err != nil {
		return err
	}
	n := normalizer.Normalize(u)
	if o.NFC {
		n = iri.NFC(n)
	}
	r.Normal = n.String()
	if o.Explain {
		r.Explain, r.Steps = true, explain.Normalize(normalizer, u)
		if o.NFC {
			r.Steps = withNFCStep(r.Steps, u, n)
		}
	}
	return nil
}

// canonicalIPv6Usage describes --canonical-ipv6 of normalize and equal.
const canonicalIPv6Usage = `write IPv6 addresses in the canonical text of RFC 5952 ("::1", "::ffff:192.0.2.1")`

// withNFCStep adds the step of --nfc, which comes after those of RFC 3986,
// to the explanation of u's normalization; normal is the end of both.
func withNFCStep(steps []explain.Step, u, normal uri.URI) []explain.Step {
	before := u.String()
	if len(steps) > 0 {
		before = steps[len(steps)-1].After
	}
	if before == normal.String() {
		return steps
	}
	return append(steps, explain.Step{Section: "RFC 3987 5.3.2.2", Rule: "characters put in Unicode Normalization Form C", Before: before, After: normal.String()})
}
