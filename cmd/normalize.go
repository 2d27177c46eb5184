package cmd

import (
	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/explain"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/pkg/uri"
)

// NormalizeOptions are the options of uritool normalize.
type NormalizeOptions struct {
	*RootOptions
	Level        string
	JSON         bool
	Check        bool
	Explain      bool
	ShowPassword bool
	DefaultPorts map[string]string
	Args         []string
}

// normalizeLevels maps --level to the library's levels.
var normalizeLevels = map[string]uri.Level{"syntax": uri.SyntaxLevel, "scheme": uri.SchemeLevel}

// NewNormalizeCmd builds uritool normalize.
func NewNormalizeCmd(root *RootOptions) *cobra.Command {
	opts := &NormalizeOptions{RootOptions: root}
	c := &cobra.Command{
		Use:   "normalize [flags] [REF ...]",
		Short: "Normalize references (RFC 3986 sections 6.2.2 and 6.2.3)",
		Long: `Print each reference in normal form, one per line.

--level syntax (6.2.2) lowercases the scheme and host, uppercases the hex
digits of percent-encodings, decodes percent-encoded unreserved characters and
removes dot-segments from the absolute path of a URI. --level scheme (6.2.3,
the default) also drops an empty port and the scheme's default port, and
writes an empty path as "/" when there is an authority, for http, https, ws,
wss, ftp and any scheme given with --default-port.

Reserved characters are never decoded, an empty "?" or "#" is kept and IPv6
text is only lowercased. --check prints only the inputs that are not already
normal and exits 1 if there are any, like gofmt -l.`,
		Example: `  uritool normalize 'HTTP://Example.COM:80/a/./b/../%7euser'
  uritool normalize --level syntax 'eXAMPLE://a/./b/../b/%63/%7bfoo%7d'
  uritool normalize --check < urls.txt
  uritool normalize --default-port gopher=70 gopher://h:70/`,
		Annotations: map[string]string{
			AnnotationJSONFields: `With --json, one object per input:

  input       the input
  normalized  the normal form, or null when the input is invalid
  changed     whether normalizing changed it, or null
  error       null, or {"offset", "rule", "message"}`,
			AnnotationExitStatus: `  0 when every input is valid (and, with --check, already normal),
  1 when some input is invalid or, with --check, not normal,
  2 for a usage error,
  3 when input could not be read or output written.`,
		},
		RunE: func(c *cobra.Command, args []string) error {
			opts.Args = args
			return runNormalize(opts)
		},
	}
	f := c.Flags()
	f.StringVar(&opts.Level, "level", "scheme", "syntax (6.2.2) or scheme (6.2.2 and 6.2.3)")
	f.BoolVar(&opts.JSON, "json", false, `write JSON Lines: {"input", "normalized", "changed", "error"}`)
	f.BoolVar(&opts.Check, "check", false, "print only inputs that are not normalized; exit 1 if any")
	f.StringToStringVar(&opts.DefaultPorts, "default-port", nil, "extra default ports for --level scheme, as scheme=port")
	f.BoolVar(&opts.Explain, "explain", false, "show each RFC 3986 6.2.2/6.2.3 rule that changed the input, with the text before and after")
	f.BoolVar(&opts.ShowPassword, "show-password", false, "show the password of the userinfo in --explain and error output")
	c.MarkFlagsMutuallyExclusive("json", "explain", "check")
	_ = c.RegisterFlagCompletionFunc("level", fixedCompletion([]string{"syntax", "scheme"}))
	_ = c.RegisterFlagCompletionFunc("default-port", cobra.NoFileCompletions)
	return c
}

func runNormalize(opts *NormalizeOptions) error {
	level, ok := normalizeLevels[opts.Level]
	if !ok {
		return usageErrorf("invalid --level %q (want syntax or scheme)", opts.Level)
	}
	normalizer := normalizeOptions(level, opts.DefaultPorts)
	run, err := newTransformRun(opts.RootOptions, transformOutput{JSON: opts.JSON, Explain: opts.Explain, ShowPassword: opts.ShowPassword})
	if err != nil {
		return err
	}
	unnormalized := 0
	err = eachInput(opts.IO, run.o, opts.Args, func(no int, text string) error {
		r := render.Transformed{Line: no, Input: text}
		u, err := uri.Parse(text)
		if err != nil {
			r.Err = findingOf(err, "uri")
			r.Fields = []render.Field{render.Str("input", text), render.Null("normalized"), render.Null("changed")}
			return run.emit(&r)
		}
		n := normalizer.Normalize(u).String()
		changed := n != text
		if run.explainer != nil {
			run.explainer.Normalization(text, explain.Normalize(normalizer, u), n)
			r.Quiet = true
		}
		r.Fields = []render.Field{render.Str("input", text), render.Str("normalized", n), render.Bool("changed", changed)}
		r.Output = n
		if opts.Check {
			r.Output, r.Quiet = text, !changed
			if changed {
				unnormalized++
			}
		}
		return run.emit(&r)
	})
	err = run.finish(err)
	if err == nil && unnormalized > 0 {
		return findings(unnormalized)
	}
	return err
}
