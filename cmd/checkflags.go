package cmd

import (
	"bytes"
	"strings"

	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/check"
	"github.com/uritool/uritool/internal/lint"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/pkg/uri"
)

// CheckFlags are the options validate and lint share: what an input must
// be, and how findings are written.
type CheckFlags struct {
	As           string
	Format       string
	Schemes      []string
	NoUserinfo   bool
	RequireHost  bool
	Normalized   bool
	Lint         bool
	LintDisable  []string
	DefaultPorts map[string]string
	ShowPassword bool
}

func addCheckFlags(c *cobra.Command, o *CheckFlags, formats []string) {
	f := c.Flags()
	f.StringVar(&o.As, "as", string(check.AsURI), "grammar each input must match: uri (scheme required), reference (URI-reference) or absolute (no fragment)")
	f.StringVar(&o.Format, "format", render.FormatText, "output format: "+joinList(formats))
	f.StringSliceVar(&o.Schemes, "scheme", nil, "policy: allow only these schemes (comma-separated, any case)")
	f.BoolVar(&o.NoUserinfo, "no-userinfo", false, "policy: reject URIs with userinfo")
	f.BoolVar(&o.RequireHost, "require-host", false, "policy: reject URIs without a non-empty host")
	f.BoolVar(&o.Normalized, "normalized", false, "policy: reject URIs not in scheme-based normal form (RFC 3986 6.2.3)")
	f.BoolVar(&o.Lint, "lint", false, "add security warnings (RFC 3986 section 7): "+joinList(lint.Rules))
	f.StringSliceVar(&o.LintDisable, "lint-disable", nil, "switch off these --lint rules")
	f.StringToStringVar(&o.DefaultPorts, "default-port", nil, "extra default ports for --normalized, as scheme=port")
	f.BoolVar(&o.ShowPassword, "show-password", false, "show the password of the userinfo in text output")
	_ = c.RegisterFlagCompletionFunc("as", fixedCompletion(check.Grammars))
	_ = c.RegisterFlagCompletionFunc("format", fixedCompletion(formats))
	_ = c.RegisterFlagCompletionFunc("scheme", listCompletion(commonSchemes))
	_ = c.RegisterFlagCompletionFunc("lint-disable", listCompletion(lint.Rules))
	_ = c.RegisterFlagCompletionFunc("default-port", cobra.NoFileCompletions)
}

// commonSchemes are offered when completing --scheme.
var commonSchemes = []string{"http", "https", "ftp", "ws", "wss", "mailto", "file", "urn", "tel", "data", "ssh", "git"}

// checker builds the engine for these flags.
func (o *CheckFlags) checker() (*check.Checker, error) {
	c, err := check.New(check.Options{
		As: check.Grammar(o.As),
		Policy: check.Policy{
			Schemes:     o.Schemes,
			NoUserinfo:  o.NoUserinfo,
			RequireHost: o.RequireHost,
			Normalized:  o.Normalized,
			Normalize:   normalizeOptions(uri.SchemeLevel, o.DefaultPorts),
		},
		Lint:    o.Lint,
		LintOff: o.LintDisable,
	})
	if err != nil {
		return nil, &UsageError{err}
	}
	return c, nil
}

// normalizeOptions adds user default ports, keyed by lowercase scheme.
func normalizeOptions(level uri.Level, ports map[string]string) uri.NormalizeOptions {
	o := uri.NormalizeOptions{Level: level}
	if len(ports) > 0 {
		o.DefaultPorts = make(map[string]string, len(ports))
		for k, v := range ports {
			o.DefaultPorts[strings.ToLower(k)] = v
		}
	}
	return o
}

// checkRun checks inputs and feeds the results to a renderer, counting
// findings. It is also a lines.Handler, one per worker.
type checkRun struct {
	checker  *check.Checker
	renderer render.Checker
	result   check.Result
	checked  int
	findings int
}

// newCheckRun builds the engine and renderer for these flags.
func (o *CheckFlags) newCheckRun(ro render.CheckOptions) (*checkRun, error) {
	checker, err := o.checker()
	if err != nil {
		return nil, err
	}
	rend, err := render.NewChecker(ro)
	if err != nil {
		return nil, &UsageError{err}
	}
	return &checkRun{checker: checker, renderer: rend}, nil
}

func (r *checkRun) check(w render.Writer, file string, line int, text string) error {
	r.result.File, r.result.Line = file, line
	r.checker.Check(&r.result, text)
	r.checked++
	if r.result.Error != nil {
		r.findings++
	}
	r.findings += len(r.result.Warnings)
	return r.renderer.Result(w, &r.result)
}

// Line checks one line of standard input handled in parallel.
func (r *checkRun) Line(no int, line []byte, out *bytes.Buffer) error {
	return r.check(out, "", no, bytesView(line))
}
