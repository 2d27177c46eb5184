package cmd

import (
	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/check"
	"github.com/uritool/uritool/internal/lint"
	"github.com/uritool/uritool/internal/pipeline"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/stream"
	"github.com/uritool/uritool/pkg/uri"
)

// CheckFlags are the options validate and lint share: what an input must
// be, and how findings are written.
type CheckFlags struct {
	As            *choice
	IRI           bool
	Format        *choice
	Schemes       schemeList
	NoUserinfo    bool
	RequireHost   bool
	Normalized    bool
	Lint          bool
	LintDisable   []string
	DefaultPorts  portMap
	ShowPassword  bool
	DefaultScheme defaultScheme
}

func addCheckFlags(c *cobra.Command, o *CheckFlags) {
	o.As = newChoice(string(check.AsURI), "GRAMMAR", check.Grammars...)
	addChoice(c, o.As, "as", "grammar each input must match: uri (scheme required), reference (URI-reference) or absolute (no fragment)")
	o.Format = addFormat(c, render.CheckFormats...)
	f := c.Flags()
	f.BoolVar(&o.IRI, "iri", false, iriUsage)
	f.Var(&o.Schemes, "scheme", "policy: allow only these schemes (comma-separated, any case)")
	f.BoolVar(&o.NoUserinfo, "no-userinfo", false, "policy: reject URIs with userinfo")
	f.BoolVar(&o.RequireHost, "require-host", false, "policy: reject URIs without a non-empty host")
	f.BoolVar(&o.Normalized, "normalized", false, "policy: reject URIs not in scheme-based normal form (RFC 3986 6.2.3)")
	f.BoolVar(&o.Lint, "lint", false, "add security warnings (RFC 3986 section 7): "+joinList(lint.Rules))
	f.Var(&namesList{&o.LintDisable, lint.Rules, "rule", "RULE,..."}, "lint-disable", "switch off these --lint rules")
	f.Var(&o.DefaultPorts, "default-port", "extra default ports for --normalized")
	f.BoolVar(&o.ShowPassword, "show-password", false, "show the password of the userinfo in text output")
	_ = c.RegisterFlagCompletionFunc("scheme", listCompletion(commonSchemes))
	_ = c.RegisterFlagCompletionFunc("lint-disable", listCompletion(lint.Rules))
	_ = c.RegisterFlagCompletionFunc("default-port", cobra.NoFileCompletions)
}

// commonSchemes are offered when completing --scheme.
var commonSchemes = []string{"http", "https", "ftp", "ws", "wss", "mailto", "file", "urn", "tel", "data", "ssh", "git"}

// checker builds the engine for these flags; the flags' own types have
// checked every value already.
func (o *CheckFlags) checker() *check.Checker {
	c, err := check.New(check.Options{
		As:  check.Grammar(o.As.value),
		IRI: o.IRI,
		Policy: check.Policy{
			Schemes:     o.Schemes.schemes,
			NoUserinfo:  o.NoUserinfo,
			RequireHost: o.RequireHost,
			Normalized:  o.Normalized,
			Normalize:   normalizeOptions(uri.SchemeLevel, o.DefaultPorts.ports),
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
	scheme  *defaultScheme
	// exclude drops the URIs it matches (lint --exclude); reference
	// checks relative references found in HTML (lint --as reference).
	exclude   *excluder
	reference bool
}

func (o *CheckFlags) newCheckOp(exclude *excluder) pipeline.Op[check.Result] {
	return &checkOp{checker: o.checker(), scheme: &o.DefaultScheme, exclude: exclude, reference: o.As.value == string(check.AsReference)}
}

func (o *checkOp) Do(in stream.Input, r *check.Result) pipeline.Outcome {
	f := in.Found
	switch {
	case f != nil && f.Relative && !o.reference:
		// A relative href is a URI-reference: checked with --as
		// reference, not held against --as uri.
		return pipeline.Skip
	case f != nil && f.Suppress.All, o.exclude.match(in.Text):
		return pipeline.Outcome{Skip: true, Suppressed: 1}
	}
	r.File, r.Line, r.Prefix, r.Source, r.SourceOffset = in.File, in.Line, "", "", nil
	text, added := in.Text, false
	if f == nil {
		text, added = o.scheme.apply(in.Text)
	} else {
		r.Prefix = in.LineText[:f.Offset]
		if f.SourceOffset(len(f.Text)) != f.Offset+len(f.Text) {
			r.Source, r.SourceOffset = in.LineText, f.SourceOffset
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
	if r.Error != nil {
		out.Findings++
	}
	out.Findings += len(r.Warnings)
	return out
}
