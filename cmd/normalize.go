package cmd

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/defaultscheme"
	"github.com/uritool/uritool/internal/explain"
	"github.com/uritool/uritool/internal/filter"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/flagval"
	"github.com/uritool/uritool/internal/pipeline"
	"github.com/uritool/uritool/internal/render"
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

--unique prints each equivalence class once, as the normal form of its first
occurrence: a de-duplication that knows HTTP://A:80/%7e and http://a/~ are the
same. It keeps every distinct normal form in memory, so memory grows with the
number of distinct classes, not with the input.`,
		Example: `  uritool normalize 'HTTP://Example.COM:80/a/./b/../%7euser'
  uritool normalize --level syntax 'eXAMPLE://a/./b/../b/%63/%7bfoo%7d'
  uritool normalize --check < urls.txt
  uritool normalize --default-port redis=6379 redis://h:6379/`,
		Annotations: map[string]string{
			AnnotationJSONFields: render.NormalizeTable.Fields().String(),
			AnnotationExitStatus: `  0 when every input is valid (and, with --check, already normal),
  1 when some input is invalid or, with --check, not normal,
  2 for a usage error,
  3 when input could not be read or output written.`,
		},
		ValidArgsFunction: flagval.NoCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			if (opts.Explain || opts.Check) && opts.Format.Value != "text" {
				return usageErrorf("--explain and --check write text; they cannot be combined with %s", root.formatGiven(c))
			}
			if opts.Explain && opts.Check || opts.Unique && (opts.Explain || opts.Check) {
				return usageErrorf("--explain, --check and --unique cannot be combined")
			}
			outPal, errPal := opts.palettes()
			table := render.NormalizeTable
			if opts.Check {
				table = render.NormalizeCheckTable
			}
			to := render.TextOptions{ShowPassword: opts.ShowPassword, Out: outPal, Err: errPal, Unaligned: opts.Check || opts.Unique}
			return run(root, args, pipeline.Command[render.Normalized]{
				Filter: &opts.Keep,
				NewOp:  opts.normalizeOp,
				NewRenderer: func() render.Renderer[render.Normalized] {
					return render.NewTableRenderer(table, opts.Format.Value, to)
				},
				InOrder: opts.Unique, // the first occurrence of a class is a matter of input order
			})
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
	f.BoolVar(&opts.Explain, "explain", false, "show each RFC 3986 6.2.2/6.2.3 rule that changed the input, with the text before and after")
	f.BoolVar(&opts.ShowPassword, "show-password", false, "show the password of the userinfo in --explain and error output")
	f.BoolVar(&opts.IRI, "iri", false, iriUsage)
	_ = c.RegisterFlagCompletionFunc("default-port", cobra.NoFileCompletions)
	addFilterFlags(c, &opts.Keep)
	return c
}

// normalizeOp normalizes each input; with --check, an input that changes
// is the finding.
func (o *NormalizeOptions) normalizeOp() pipeline.Op[render.Normalized] {
	normalizer := normalizeOptions(normalizeLevels[o.Level.Value], o.DefaultPorts.Ports)
	var seen map[string]struct{} // --unique: the normal forms printed so far
	if o.Unique {
		seen = map[string]struct{}{}
	}
	return pipeline.Func[render.Normalized](func(in *stream.Input, r *render.Normalized) pipeline.Outcome {
		text, added := o.DefaultScheme.Apply(in.Text)
		r.Start(in.Line, text)
		r.Original, r.IRI, r.SchemeAdded = in.Text, o.IRI, added
		u, err := parseRef(text, o.IRI)
		if err != nil {
			r.Err = finding.Of(err, "uri")
			return pipeline.Fail
		}
		r.Normal = normalizer.Normalize(u).String()
		r.Changed = r.Normal != text
		switch {
		case o.Explain:
			r.Explain, r.Steps = true, explain.Normalize(normalizer, u)
		case o.Check:
			if !r.Changed {
				return pipeline.Skip
			}
			return pipeline.Fail
		case o.Unique:
			if _, dup := seen[r.Normal]; dup {
				return pipeline.Skip
			}
			seen[strings.Clone(r.Normal)] = struct{}{} // r.Normal may point into the input block
		}
		return pipeline.Pass
	})
}
