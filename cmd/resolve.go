package cmd

import (
	"encoding/json"
	"strings"

	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/ascii"
	"github.com/uritool/uritool/internal/errfinding"
	"github.com/uritool/uritool/internal/explain"
	"github.com/uritool/uritool/internal/filter"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/flagval"
	"github.com/uritool/uritool/internal/pipeline"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/render/results"
	"github.com/uritool/uritool/internal/sink"
	"github.com/uritool/uritool/internal/stream"
	"github.com/uritool/uritool/pkg/uri"
)

// ResolveOptions are the options of uritool resolve.
type ResolveOptions struct {
	*RootOptions
	Keep         filter.Filter // --has, --ext, --host, ...
	Unique       bool
	NonStrict    bool
	Format       *flagval.Choice
	Explain      bool
	ShowPassword bool
	Pairs        bool   // each input is BASE<TAB>REF, or a JSON record of both
	Ref          string // --ref: resolve this against each input, a base
}

// NewResolveCmd builds uritool resolve.
func NewResolveCmd(root *RootOptions) *cobra.Command {
	opts := &ResolveOptions{RootOptions: root}
	c := &cobra.Command{
		Use:   "resolve [flags] BASE [REF ...] | --pairs [PAIR ...] | --ref REF [BASE ...]",
		Short: "Resolve references against a base URI (RFC 3986 section 5)",
		Long: `Resolve each reference against BASE by the algorithm of RFC 3986 section
5.2 and print the target URI, one per line. References come from the
arguments, or from standard input, one per line, when only BASE is given; an
empty line is the empty reference, which resolves to the base without its
fragment. An invalid reference gives an empty line on stdout and its
diagnostic on stderr, so the output stays aligned with the input.

BASE must be a URI (with a scheme, section 5.2.1); its fragment is ignored. It
is checked once, before any reference is read: a bad BASE is a usage error.
--non-strict reads a reference whose scheme equals the base's as if it had
none ("http:g" gives "http://a/b/c/g"), as some older parsers do.

--pairs reads pairs instead, as crawls write them: each input is a base and
a reference, "BASE<TAB>REF", or a JSON object {"base": ..., "ref": ...}, and
each is resolved against its own base. A bad base is then that input's
finding, not a usage error, and a line without a tab is no pair. --ref REF
resolves one reference against each input, a base. With either, --format
json names the base and the reference of each record.`,
		Example: `  uritool resolve 'http://a/b/c/d;p?q' ../g ?y '#s'
  grep -o 'href="[^"]*"' page.html | cut -d'"' -f2 | uritool resolve https://example.com/docs/
  uritool resolve --format json http://a/b/c/d ../../../g
  printf 'https://a.example/x/\t../img.png\n' | uritool resolve --pairs
  uritool resolve --ref /robots.txt < sites.txt`,
		Args: func(c *cobra.Command, args []string) error {
			if opts.Pairs || c.Flags().Changed("ref") {
				return nil // every argument is an input
			}
			return requireArgs(1, "BASE")(c, args)
		},
		Annotations: map[string]string{
			AnnotationJSONFields: results.ResolveTable.Fields().String(),
			AnnotationExitStatus: `  0 when every reference resolved,
  1 when some reference is invalid,
  2 for a usage error, including a BASE that is not a URI,
  3 when input could not be read or output written.`,
		},
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			if opts.Explain && opts.Format.Value != "text" {
				return usageErrorf("--explain writes text; it cannot be combined with %s", root.formatGiven(c))
			}
			withRef := c.Flags().Changed("ref")
			if opts.Pairs || withRef {
				return opts.runPairs(c, args, withRef)
			}
			base, err := root.parseArg("BASE", args[0], true)
			if err != nil {
				return err
			}
			outPal, errPal := opts.palettes()
			to := render.TextOptions{ShowPassword: opts.ShowPassword, Out: outPal, Err: errPal}
			cmd := pipeline.Command[results.Resolved]{
				Filter:      &opts.Keep,
				Distinct:    pipeline.Unique[results.Resolved](opts.Unique),
				NewOp:       func() pipeline.Op[results.Resolved] { return opts.resolveOp(base, args[0]) },
				NewRenderer: tableRenderer(results.ResolveTable, opts.Format.Value, to),
			}
			if !opts.Explain {
				cmd.NewEcho = func() func(string) bool { return opts.resolveEcho(base) }
				cmd.EchoRecord = opts.Format.Value == "json"
			}
			return run(root, args[1:], cmd)
		},
	}
	opts.Format = flagval.AddFormat(c, "text", "json")
	c.Flags().BoolVar(&opts.NonStrict, "non-strict", false, "treat a reference with the base's scheme as relative (RFC 3986 5.2.2)")
	c.Flags().BoolVar(&opts.Explain, "explain", false, "walk through the steps of RFC 3986 5.2: the branch taken, the merge and remove_dot_segments")
	c.Flags().BoolVar(&opts.ShowPassword, "show-password", false, "show the password of the userinfo in --explain and error output")
	c.Flags().BoolVar(&opts.Pairs, "pairs", false, "read each input as a base and a reference, BASE<TAB>REF or {\"base\":...,\"ref\":...}, and resolve each against its own base")
	c.Flags().StringVar(&opts.Ref, "ref", "", "resolve this `REF` against each input, read as a base")
	_ = c.RegisterFlagCompletionFunc("ref", cobra.NoFileCompletions)
	addFilterFlags(c, &opts.Keep)
	c.Flags().BoolVar(&opts.Unique, "unique", false, uniqueUsage)
	return c
}

// resolveOp resolves each reference against base.
func (o *ResolveOptions) resolveOp(base uri.URI, baseText string) pipeline.Op[results.Resolved] {
	resolver := uri.ResolveOptions{NonStrict: o.NonStrict}
	return pipeline.Func[results.Resolved](func(in *stream.Input, r *results.Resolved) pipeline.Outcome {
		r.Start(in.Line, in.Text)
		r.Base, r.Explain = baseText, o.Explain
		var err error
		if o.Explain {
			var ref uri.URI
			if err = parseRef(&ref, in, in.Text, false); err == nil {
				r.Trace, err = explain.Resolve(resolver, base, ref)
			}
		} else if p := parsed(in, in.Text); p != nil {
			var t uri.URI // what a filter parsed already
			t, err = resolver.Resolve(base, *p)
			r.Target = t.String()
		} else if r.Target, err = resolver.ResolveString(base, in.Text); err != nil {
			err = withIRIHint(in.Text, err)
		}
		if err != nil {
			r.Err = errfinding.Of(err, "reference")
			return pipeline.Fail
		}
		return pipeline.Pass
	})
}

// resolveEcho tells whether a reference resolves to itself, as most
// absolute ones do: its text result is then itself, and its record the
// same around it (pipeline.Command.NewEcho). Not with --explain.
func (o *ResolveOptions) resolveEcho(base uri.URI) func(text string) bool {
	resolver := uri.ResolveOptions{NonStrict: o.NonStrict}
	return func(text string) bool {
		target, err := resolver.ResolveString(base, text)
		return err == nil && target == text
	}
}

// runPairs resolves with a base per input: --pairs reads both from each
// input, --ref resolves one reference against each input, a base.
func (o *ResolveOptions) runPairs(c *cobra.Command, args []string, withRef bool) error {
	switch {
	case o.Pairs && withRef:
		return usageErrorf("--pairs reads each input's reference; it cannot be combined with --ref")
	case o.Explain:
		return usageErrorf("--explain walks through one base; it cannot be combined with --pairs or --ref")
	case o.Pairs && (!o.Keep.Empty() || o.Keep.ScopeFile != ""):
		// A filter reads one reference per input, and a pair is two.
		return usageErrorf("the filters read one reference per input, and --pairs reads two: filter the pairs before (or use --ref, whose inputs are bases)")
	}
	var ref uri.URI
	if withRef {
		var err error
		if ref, err = o.parseArg("--ref", o.Ref, false); err != nil {
			return err
		}
	}
	outPal, errPal := o.palettes()
	to := render.TextOptions{ShowPassword: o.ShowPassword, Out: outPal, Err: errPal}
	lines := "bases"
	if o.Pairs {
		lines = "pairs (BASE<TAB>REF, or JSON records)"
	}
	return run(o.RootOptions, args, pipeline.Command[results.Resolved]{
		Lines:       lines,
		Filter:      &o.Keep,
		Distinct:    pipeline.Unique[results.Resolved](o.Unique),
		NewOp:       func() pipeline.Op[results.Resolved] { return o.pairsOp(withRef, &ref) },
		NewRenderer: tableRenderer(results.ResolvePairsTable, o.Format.Value, to),
	})
}

// pairsOp resolves each input's reference against its base: the base
// and reference of a pair, or the input as a base and --ref, parsed once
// (fixed). An error's offset is in the input as read, so the caret stands
// under it. The target is written into the op's buffer, which it reuses:
// it is printed before the next input.
func (o *ResolveOptions) pairsOp(withRef bool, fixed *uri.URI) pipeline.Op[results.Resolved] {
	resolver := uri.ResolveOptions{NonStrict: o.NonStrict}
	// The buffer is padded: a slice header of its own would sit beside
	// the other workers', and each write would take the cache line
	// from them.
	w := &struct {
		_   sink.CacheLinePad
		buf []byte
		_   sink.CacheLinePad
	}{}
	return pipeline.Func[results.Resolved](func(in *stream.Input, r *results.Resolved) pipeline.Outcome {
		r.Start(in.Line, in.Text)
		// Where the base and the reference start in the input; -1 where
		// they are not in it as written (--ref's, a JSON record's).
		base, refText, baseAt, refAt := in.Text, o.Ref, 0, -1
		if !withRef {
			var f *finding.Finding
			if base, refText, baseAt, refAt, f = splitPair(in.Text); f != nil {
				r.Err = f
				return pipeline.Fail
			}
		}
		r.Base, r.Ref = base, refText
		b, err := uri.Parse(base)
		if err == nil && !b.IsAbsolute() {
			err = uri.ErrBaseNotAbsolute
		}
		if err != nil {
			r.Err = errfinding.Of(err, "base")
			if !strings.HasPrefix(r.Err.Message, "base") {
				r.Err.Message = "base: " + r.Err.Message
			}
			r.Err.Offset = inInput(r.Err.Offset, baseAt)
			return pipeline.Fail
		}
		target := fixed
		if !withRef {
			ref, err := uri.Parse(refText)
			if err != nil {
				r.Err = errfinding.Of(err, "reference")
				r.Err.Offset = inInput(r.Err.Offset, refAt)
				return pipeline.Fail
			}
			target = &ref
		}
		if w.buf, err = resolver.AppendResolved(w.buf[:0], &b, target); err != nil {
			r.Err = errfinding.Of(err, "reference")
			return pipeline.Fail
		}
		r.Target = ascii.View(w.buf)
		return pipeline.Pass
	})
}

// inInput is offset, within a string that starts at `at` in the input,
// as an offset in the input; 0, the input's start, when the string is not
// in it as written.
func inInput(offset, at int) int {
	if at < 0 {
		return 0
	}
	return at + offset
}

// splitPair reads a pair: "BASE<TAB>REF", whose base starts at baseAt 0
// and reference at refAt, or a JSON object with "base" and "ref", whose
// strings are not in the line as written (both offsets -1).
func splitPair(line string) (base, ref string, baseAt, refAt int, f *finding.Finding) {
	if strings.HasPrefix(line, "{") {
		var p struct {
			Base *string `json:"base"`
			Ref  *string `json:"ref"`
		}
		if err := json.Unmarshal([]byte(line), &p); err != nil {
			return "", "", -1, -1, errfinding.Of(err, "pair")
		}
		if p.Base == nil || p.Ref == nil {
			return "", "", -1, -1, &finding.Finding{Rule: "pair", Message: `a pair needs "base" and "ref"`}
		}
		return *p.Base, *p.Ref, -1, -1, nil
	}
	base, ref, ok := strings.Cut(line, "\t")
	if !ok {
		return "", "", -1, -1, &finding.Finding{Offset: len(line), Rule: "pair", Message: "no tab between the base and the reference: a pair is BASE<TAB>REF"}
	}
	return base, ref, 0, len(base) + 1, nil
}
