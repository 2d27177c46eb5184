package cmd

import (
	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/check"
	"github.com/uritool/uritool/internal/defaultscheme"
	"github.com/uritool/uritool/internal/filter"
	"github.com/uritool/uritool/internal/flagval"
	"github.com/uritool/uritool/internal/lint"
	"github.com/uritool/uritool/internal/pipeline"
	"github.com/uritool/uritool/internal/render/report"
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
			AnnotationJSONFields: report.ValidateFields.String(),
			AnnotationExitStatus: `  0 when every input is valid and drew no warning,
  1 when some input is invalid, breaks a policy or draws a --lint
    warning,
  2 for a usage error: a bad flag, argument or configuration file,
  3 when input could not be read or output written.`,
		},
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			_, errPal := opts.palettes()
			ro := report.Options{Format: opts.Format.Value, Filter: opts.Filter.Value, ShowPassword: opts.ShowPassword, Palette: errPal, Version: version()}
			p := report.NewPrinter(ro)
			cmd := pipeline.Command[check.Result]{
				Filter: &opts.Keep,
				NewOp: func() pipeline.Op[check.Result] {
					return opts.newCheckOp(check.EngineOptions{DisplayFile: report.DisplayFile})
				},
				NewRenderer: p.NewRenderer,
				Finish:      p.Finish,
			}
			if p.Finish == nil { // a report writes no output per input to tell apart
				cmd.Distinct = pipeline.Unique[check.Result](opts.Unique)
			}
			return run(root, args, cmd)
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
	o.Format = flagval.AddFormat(c, report.Formats...)
	f := c.Flags()
	f.BoolVar(&o.IRI, "iri", false, iriUsage)
	f.Var(&o.Schemes, "scheme", "policy: allow only these schemes (comma-separated, any case)")
	f.BoolVar(&o.NoUserinfo, "no-userinfo", false, "policy: reject URIs with userinfo")
	f.BoolVar(&o.RequireHost, "require-host", false, "policy: reject URIs without a non-empty host")
	f.BoolVar(&o.Normalized, "normalized", false, "policy: reject URIs not in scheme-based normal form (RFC 3986 6.2.3)")
	f.BoolVar(&o.Lint, "lint", false, "add security warnings (RFC 3986 section 7): "+flagval.JoinList(lint.IDs))
	f.Var(flagval.NewNamesList(&o.LintDisable, lint.IDs, "rule", "RULE,..."), "lint-disable", "switch off these --lint rules")
	f.Var(&o.DefaultPorts, "default-port", "extra default ports for --normalized")
	f.BoolVar(&o.ShowPassword, "show-password", false, "show the password of the userinfo, which text output masks (and every format of lint)")
	_ = c.RegisterFlagCompletionFunc("scheme", flagval.ListCompletion(commonSchemes))
	_ = c.RegisterFlagCompletionFunc("lint-disable", flagval.ListCompletion(lint.IDs))
	_ = c.RegisterFlagCompletionFunc("default-port", cobra.NoFileCompletions)
}

// commonSchemes are offered when completing --scheme.
var commonSchemes = []string{"http", "https", "ftp", "ws", "wss", "mailto", "file", "urn", "tel", "data", "ssh", "git"}

// checkOptions are the Checker's options these flags give; the flags'
// own types have checked every value already.
func (o *CheckFlags) checkOptions() check.Options {
	return check.Options{
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
	}
}

// normalizeOptions adds user default ports, keyed by lowercase scheme.
func normalizeOptions(level uri.Level, ports map[string]string) uri.NormalizeOptions {
	return uri.NormalizeOptions{Level: level, DefaultPorts: ports}
}

// checkOp is the operation of validate and lint: check.Engine over
// the stream's inputs.
type checkOp struct{ engine *check.Engine }

func (o *checkOp) Do(in *stream.Input, r *check.Result) pipeline.Outcome {
	return pipeline.Outcome(o.engine.Check(r, in.File, in.Line, in.Text, in.Found))
}

// newCheckOp builds the operation over the engine these options give;
// lint adds to them what reads documents.
func (o *CheckFlags) newCheckOp(eo check.EngineOptions) pipeline.Op[check.Result] {
	eo.Check = o.checkOptions()
	if o.DefaultScheme.String() != "" {
		eo.Prepare = o.DefaultScheme.Apply // an indirect call per line costs, so only when set
	}
	e, err := check.NewEngine(eo)
	if err != nil {
		panic(err) // unreachable: the flag values were checked when set
	}
	return &checkOp{engine: e}
}
