package cmd

import (
	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/baseline"
	"github.com/uritool/uritool/internal/check"
	"github.com/uritool/uritool/internal/defaultscheme"
	"github.com/uritool/uritool/internal/discover"
	"github.com/uritool/uritool/internal/filter"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/flagval"
	"github.com/uritool/uritool/internal/lint"
	"github.com/uritool/uritool/internal/pipeline"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/stream"
	"github.com/uritool/uritool/pkg/uri"
)

// ValidateOptions are the options of uritool validate.
type ValidateOptions struct {
	*RootOptions
	Unique bool
	CheckFlags
	Filter *flagval.Choice
}

// NewValidateCmd builds uritool validate.
func NewValidateCmd(root *RootOptions) *cobra.Command {
	opts := &ValidateOptions{RootOptions: root}
	c := &cobra.Command{
		Use:   "validate [flags] [REF ...]",
		Short: "Check that inputs are URIs, strictly by RFC 3986",
		Long: `Check each input against the RFC 3986 grammar (a URI by default, since
people piping URLs expect a scheme) and any policies given.

The text format prints nothing for a valid input and, for an invalid one,
"LINE:COL: message [rule]" on stderr with the input and a caret under the
first byte that cannot belong to a valid URI. --filter prints the matching
input lines unchanged on stdout instead, for pipelines. json, github and sarif
write their records on stdout. The exit status is 1 when any input fails.`,
		Example: `  uritool validate 'http://example.com/a b'
  uritool validate --filter valid < urls.txt > clean.txt
  uritool validate --as reference --format json < links.txt
  uritool validate --scheme https --no-userinfo --lint < urls.txt`,
		Annotations: map[string]string{
			AnnotationJSONFields: render.ValidateFields.String(),
			AnnotationExitStatus: `  0 when every input is valid and drew no warning,
  1 when some input is invalid, breaks a policy or draws a --lint
    warning,
  2 for a usage error: a bad flag, argument or configuration file,
  3 when input could not be read or output written.`,
		},
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			_, errPal := opts.palettes()
			ro := render.CheckOptions{Format: opts.Format.Value, Filter: opts.Filter.Value, ShowPassword: opts.ShowPassword, Palette: errPal, Version: version()}
			return run(root, args, pipeline.Command[check.Result]{
				Filter:      &opts.Keep,
				Unique:      opts.Unique,
				NewOp:       func() pipeline.Op[check.Result] { return opts.newCheckOp(nil, nil) },
				NewRenderer: func() render.Renderer[check.Result] { return render.NewChecker(ro) },
			})
		},
	}
	addCheckFlags(c, &opts.CheckFlags)
	c.Flags().Var(&opts.DefaultScheme, "default-scheme", defaultscheme.Usage)
	opts.Filter = flagval.NewChoice("", "WHICH", "valid", "invalid")
	flagval.AddChoice(c, opts.Filter, "filter", "print only the valid or invalid input lines, unchanged (valid: no error and no warning)")
	c.Flags().BoolVar(&opts.Unique, "unique", false, uniqueUsage)
	return c
}

// CheckFlags are the options validate and lint share: what an input must
// be, and how findings are written.
type CheckFlags struct {
	As            *flagval.Choice
	IRI           bool
	Format        *flagval.Choice
	Schemes       flagval.SchemeList
	NoUserinfo    bool
	RequireHost   bool
	Normalized    bool
	Lint          bool
	LintDisable   []string
	DefaultPorts  flagval.PortMap
	ShowPassword  bool
	DefaultScheme defaultscheme.Flag
	Keep          filter.Filter // --has, --ext, --host, ...
}

func addCheckFlags(c *cobra.Command, o *CheckFlags) {
	o.Keep.Scheme = &o.DefaultScheme
	addFilterFlags(c, &o.Keep)
	o.As = flagval.NewChoice(string(check.AsURI), "GRAMMAR", check.Grammars...)
	flagval.AddChoice(c, o.As, "as", "grammar each input must match: uri (scheme required), reference (URI-reference) or absolute (no fragment)")
	o.Format = flagval.AddFormat(c, render.CheckFormats...)
	f := c.Flags()
	f.BoolVar(&o.IRI, "iri", false, iriUsage)
	f.Var(&o.Schemes, "scheme", "policy: allow only these schemes (comma-separated, any case)")
	f.BoolVar(&o.NoUserinfo, "no-userinfo", false, "policy: reject URIs with userinfo")
	f.BoolVar(&o.RequireHost, "require-host", false, "policy: reject URIs without a non-empty host")
	f.BoolVar(&o.Normalized, "normalized", false, "policy: reject URIs not in scheme-based normal form (RFC 3986 6.2.3)")
	f.BoolVar(&o.Lint, "lint", false, "add security warnings (RFC 3986 section 7): "+flagval.JoinList(lint.Rules))
	f.Var(flagval.NewNamesList(&o.LintDisable, lint.Rules, "rule", "RULE,..."), "lint-disable", "switch off these --lint rules")
	f.Var(&o.DefaultPorts, "default-port", "extra default ports for --normalized")
	f.BoolVar(&o.ShowPassword, "show-password", false, "show the password of the userinfo in text output")
	_ = c.RegisterFlagCompletionFunc("scheme", flagval.ListCompletion(commonSchemes))
	_ = c.RegisterFlagCompletionFunc("lint-disable", flagval.ListCompletion(lint.Rules))
	_ = c.RegisterFlagCompletionFunc("default-port", cobra.NoFileCompletions)
}

// commonSchemes are offered when completing --scheme.
var commonSchemes = []string{"http", "https", "ftp", "ws", "wss", "mailto", "file", "urn", "tel", "data", "ssh", "git"}

// checker builds the engine for these flags; the flags' own types have
// checked every value already.
func (o *CheckFlags) checker() *check.Checker {
	c, err := check.New(check.Options{
		As:  check.Grammar(o.As.Value),
		IRI: o.IRI,
		Policy: check.Policy{
			Schemes:     o.Schemes.Values,
			NoUserinfo:  o.NoUserinfo,
			RequireHost: o.RequireHost,
			Normalized:  o.Normalized,
			Normalize:   normalizeOptions(uri.SchemeLevel, o.DefaultPorts.Ports),
		},
		Lint:    o.Lint,
		LintOff: o.LintDisable,
	})
	if err != nil {
		panic(err) // unreachable: the flag values were checked when set
	}
	return c
}

// normalizeOptions adds user default ports, keyed by lowercase scheme.
func normalizeOptions(level uri.Level, ports map[string]string) uri.NormalizeOptions {
	return uri.NormalizeOptions{Level: level, DefaultPorts: ports}
}

// checkOp checks each input, or each candidate URI found in a line, and
// counts its findings; lint adds exclusions and suppressions.
type checkOp struct {
	checker *check.Checker
	scheme  *defaultscheme.Flag
	// exclude drops the URIs it matches (lint --exclude); reference
	// checks relative references found in HTML (lint --as reference).
	exclude   *discover.Excluder
	reference bool
	known     *known // lint --baseline and --write-baseline
}

func (o *CheckFlags) newCheckOp(exclude *discover.Excluder, k *known) pipeline.Op[check.Result] {
	return &checkOp{checker: o.checker(), scheme: &o.DefaultScheme, exclude: exclude, reference: o.As.Value == string(check.AsReference), known: k}
}

// known matches findings against a baseline, or records them for one.
// The matching uses up the baseline's counts, so it runs in input order.
type known struct {
	baseline  *baseline.Set
	record    *baseline.Recorder
	unchanged int // findings the baseline had
}

// match marks each finding of r new or unchanged, records it, and
// returns how many fail the run.
func (k *known) match(file string, r *check.Result) (failing int) {
	mark := func(f *finding.Finding) {
		key := baseline.Key{File: render.DisplayFile(file), Rule: f.Rule, URI: r.Input}
		if k.record != nil {
			k.record.Add(key)
		}
		switch {
		case k.baseline == nil:
			failing++
		case k.baseline.Take(key):
			f.Baseline = finding.Unchanged
			k.unchanged++
		default:
			f.Baseline = finding.New
			failing++
		}
	}
	if r.Error != nil {
		mark(r.Error)
	}
	for i := range r.Warnings {
		mark(&r.Warnings[i])
	}
	return failing
}

func (o *checkOp) Do(in *stream.Input, r *check.Result) pipeline.Outcome {
	f := in.Found
	switch {
	case f != nil && f.Relative && !o.reference:
		// A relative href is a URI-reference: checked with --as
		// reference, not held against --as uri.
		return pipeline.Skip
	case f != nil && f.Suppress.All, o.exclude.Match(in.Text):
		return pipeline.Outcome{Skip: true, Suppressed: 1}
	}
	r.File, r.Line, r.PrefixColumns, r.Source, r.SourceStart, r.SourceOffset = in.File, in.Line, 0, "", 0, nil
	text, added := in.Text, false
	if f == nil {
		text, added = o.scheme.Apply(in.Text)
	} else {
		r.PrefixColumns = f.Runes
		if f.Decoded() {
			r.Source, r.SourceStart, r.SourceOffset = f.Source, f.Offset, f.SourceOffset
		}
	}
	o.checker.Check(r, text)
	r.SchemeAdded = added
	var out pipeline.Outcome
	if f != nil && f.Suppress.Any() {
		if r.Error != nil && f.Suppress.Drops(r.Error.Rule) {
			r.Error = nil
			out.Suppressed++
		}
		kept := r.Warnings[:0]
		for _, warn := range r.Warnings {
			if f.Suppress.Drops(warn.Rule) {
				out.Suppressed++
			} else {
				kept = append(kept, warn)
			}
		}
		r.Warnings = kept
	}
	if o.known != nil {
		out.Findings = o.known.match(in.File, r)
		return out
	}
	if r.Error != nil {
		out.Findings++
	}
	out.Findings += len(r.Warnings)
	return out
}
