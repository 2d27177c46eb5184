package cmd

import (
	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/explain"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/pkg/uri"
)

// ResolveOptions are the options of uritool resolve.
type ResolveOptions struct {
	*RootOptions
	NonStrict    bool
	JSON         bool
	Explain      bool
	ShowPassword bool
	Base         string
	Refs         []string
}

// NewResolveCmd builds uritool resolve.
func NewResolveCmd(root *RootOptions) *cobra.Command {
	opts := &ResolveOptions{RootOptions: root}
	c := &cobra.Command{
		Use:   "resolve [flags] BASE [REF ...]",
		Short: "Resolve references against a base URI (RFC 3986 section 5)",
		Long: `Resolve each reference against BASE by the algorithm of RFC 3986 section
5.2 and print the target URI, one per line. References come from the
arguments, or from standard input, one per line, when only BASE is given; an
empty line is the empty reference, which resolves to the base without its
fragment.

BASE must be a URI (with a scheme, section 5.2.1); its fragment is ignored.
--non-strict reads a reference whose scheme equals the base's as if it had
none ("http:g" gives "http://a/b/c/g"), as some older parsers do.`,
		Example: `  uritool resolve http://a/b/c/d;p?q ../g ?y '#s'
  grep -o 'href="[^"]*"' page.html | cut -d'"' -f2 | uritool resolve https://example.com/docs/
  uritool resolve --json http://a/b/c/d ../../../g`,
		Args: cobra.MinimumNArgs(1),
		Annotations: map[string]string{
			AnnotationJSONFields: `With --json, one object per reference:

  base    the base as given
  ref     the reference
  target  the resolved URI, or null when resolution failed
  error   null, or {"offset", "rule", "message"}`,
			AnnotationExitStatus: `  0 when every reference resolved,
  1 when some reference is invalid or the base is not a URI,
  2 for a usage error, including a base that is not a URI reference,
  3 when input could not be read or output written.`,
		},
		RunE: func(c *cobra.Command, args []string) error {
			opts.Base, opts.Refs = args[0], args[1:]
			return runResolve(opts)
		},
	}
	c.Flags().BoolVar(&opts.NonStrict, "non-strict", false, "treat a reference with the base's scheme as relative (RFC 3986 5.2.2)")
	c.Flags().BoolVar(&opts.JSON, "json", false, `write JSON Lines: {"base", "ref", "target", "error"}`)
	c.Flags().BoolVar(&opts.Explain, "explain", false, "walk through the steps of RFC 3986 5.2: the branch taken, the merge and remove_dot_segments")
	c.Flags().BoolVar(&opts.ShowPassword, "show-password", false, "show the password of the userinfo in --explain and error output")
	c.MarkFlagsMutuallyExclusive("json", "explain")
	return c
}

func runResolve(opts *ResolveOptions) error {
	base, err := parseArg(opts.RootOptions, "base", opts.Base)
	if err != nil {
		return err
	}
	run, err := newTransformRun(opts.RootOptions, transformOutput{JSON: opts.JSON, Explain: opts.Explain, ShowPassword: opts.ShowPassword})
	if err != nil {
		return err
	}
	resolver := uri.ResolveOptions{NonStrict: opts.NonStrict}
	err = eachInput(opts.IO, run.o, opts.Refs, func(no int, text string) error {
		r := render.Transformed{Line: no, Input: text}
		ref, err := uri.Parse(text)
		if err == nil && run.explainer != nil {
			var trace explain.Trace
			if trace, err = explain.Resolve(resolver, base, ref); err == nil {
				run.explainer.Resolution(opts.Base, text, trace)
				r.Quiet = true
			}
		} else if err == nil {
			var t uri.URI
			if t, err = resolver.Resolve(base, ref); err == nil {
				r.Output = t.String()
			}
		}
		target := render.Str("target", r.Output)
		if err != nil {
			r.Err = findingOf(err, "base")
			target = render.Null("target")
		}
		r.Fields = []render.Field{render.Str("base", opts.Base), render.Str("ref", text), target}
		return run.emit(&r)
	})
	return run.finish(err)
}
