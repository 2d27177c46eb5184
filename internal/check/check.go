// Package check is the engine behind validate and lint: it runs a strict
// parse, the policies and the security lints over one input and returns a
// Result that every renderer understands.
package check

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/uritool/uritool/internal/errfinding"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/lint"
	"github.com/uritool/uritool/pkg/uri"
)

// Grammar names the ABNF rule an input must match.
type Grammar string

const (
	AsURI       Grammar = "uri"       // URI: a scheme is required
	AsReference Grammar = "reference" // URI-reference
	AsAbsolute  Grammar = "absolute"  // absolute-URI: no fragment
)

// Grammars lists the accepted values of --as.
var Grammars = []string{string(AsURI), string(AsReference), string(AsAbsolute)}

// Rule ids of the policies; parse errors use the ABNF rule instead.
const (
	RuleScheme     = "scheme-not-allowed"
	RuleUserinfo   = "userinfo-not-allowed"
	RuleHost       = "host-required"
	RuleNormalized = "not-normalized"
)

// Policy holds the checks that make an otherwise valid URI a finding.
type Policy struct {
	Schemes     []string // allowed schemes, any case; empty allows all
	NoUserinfo  bool
	RequireHost bool
	Normalized  bool // the input must be in scheme-level normal form
	Normalize   uri.NormalizeOptions
}

// Options configures a Checker.
type Options struct {
	As      Grammar
	IRI     bool // accept IRIs (RFC 3987) where URIs are asked for
	Policy  Policy
	Lint    bool     // add the security warnings of internal/lint
	LintOff []string // lint rule ids switched off
}

// Result is the outcome for one input. It is plain data.
type Result struct {
	File string // "" when the input did not come from a file
	// RepoPath is File's path from its repository's root, slash-separated,
	// as a baseline and a link to the file's line name it; "" when no
	// root is known (standard input, validate).
	RepoPath string
	Line     int // 1-based
	// PrefixColumns counts the code points of the line before Input, for
	// a URI found inside a line by lint --extract: columns count from the
	// line's start.
	PrefixColumns int
	// Source, SourceStart and SourceOffset are set when Input was decoded
	// from the line (HTML character references): SourceOffset maps a byte
	// offset in Input to one in the line, and Source is the line from
	// offset SourceStart, where Input begins, for columns.
	Source       string
	SourceStart  int
	SourceOffset func(int) int
	Input        string
	// SyntaxValid says Input matched the RFC 3986 rule it was checked by
	// (not an RFC 3987 one), whatever the policies then said of it: every
	// byte is ASCII and one the grammar allows, none of which a JSON
	// string escapes.
	SyntaxValid bool
	SchemeAdded bool             // --default-scheme made Input from the input line
	Error       *finding.Finding // nil when the input passes
	// Warnings holds the findings after the error: warnings, and the
	// notes that do not fail the run (a template's source, lint).
	Warnings []finding.Finding
	// Suppressed holds the findings a suppression marker dropped (lint),
	// so that a record says why a URI with a finding passes.
	Suppressed []finding.Finding
	// LintOn tells renderers that warnings were looked for.
	LintOn bool
}

// place sets r's place in its input, and clears what a candidate found in
// a document sets besides.
func (r *Result) place(file, repoPath string, line int) {
	r.File, r.RepoPath, r.Line, r.PrefixColumns, r.Source, r.SourceStart, r.SourceOffset = file, repoPath, line, 0, "", 0, nil
	r.SchemeAdded = false
}

// Reported yields the error, then each warning or note, with its
// severity, that was not there before (LeftOut): the findings the
// formats that leave known ones out report.
func (r *Result) Reported(yield func(f *finding.Finding, level finding.Severity) bool) {
	if r.Error != nil && !r.Error.LeftOut() && !yield(r.Error, finding.Error) {
		return
	}
	for i := range r.Warnings {
		if w := &r.Warnings[i]; !w.LeftOut() && !yield(w, w.Level()) {
			return
		}
	}
}

// Valid reports whether the input passed the parse and the policies.
func (r *Result) Valid() bool { return r.Error == nil }

// Clean reports whether the input passed and drew no warning.
func (r *Result) Clean() bool { return r.Error == nil && len(r.Warnings) == 0 }

// Column is the 1-based column in the line of the error, or 0 when there
// is no error.
func (r *Result) Column() int {
	if r.Error == nil {
		return 0
	}
	return r.ColumnAt(r.Error.Offset)
}

// ColumnAt is the 1-based column in the line of byte offset off of Input.
func (r *Result) ColumnAt(off int) int {
	if r.SourceOffset != nil {
		at := min(max(r.SourceOffset(off)-r.SourceStart, 0), len(r.Source))
		return r.PrefixColumns + utf8.RuneCountInString(r.Source[:at]) + 1
	}
	return r.PrefixColumns + finding.ColumnOf(r.Input, off)
}

// Checker checks inputs under fixed options.
type Checker struct {
	rule    uri.Rule // the grammar an input must match
	opts    Options
	policy  bool // some policy is set: a run with none skips the look
	lintOff map[string]bool
	finding finding.Finding // reused so that a failing input costs no allocation here
}

// pick is iri under --iri, else ascii: the RFC 3987 rule of the same name.
func pick(isIRI bool, ascii, iri uri.Rule) uri.Rule {
	if isIRI {
		return iri
	}
	return ascii
}

// New validates opts and returns a Checker.
func New(opts Options) (*Checker, error) {
	p := &opts.Policy
	c := &Checker{opts: opts, lintOff: map[string]bool{}, policy: len(p.Schemes) > 0 || p.NoUserinfo || p.RequireHost || p.Normalized}
	switch opts.As {
	case AsURI, "":
		c.rule = pick(opts.IRI, uri.RuleURI, uri.RuleIRI)
	case AsReference:
		c.rule = pick(opts.IRI, uri.RuleURIReference, uri.RuleIRIReference)
	case AsAbsolute:
		c.rule = pick(opts.IRI, uri.RuleAbsoluteURI, uri.RuleAbsoluteIRI)
	default:
		return nil, fmt.Errorf("invalid --as %q (want %s)", opts.As, strings.Join(Grammars, ", "))
	}
	for _, id := range opts.LintOff {
		if !lint.Known(id) {
			return nil, fmt.Errorf("invalid --lint-disable rule %q (want %s)", id, strings.Join(lint.IDs, ", "))
		}
		c.lintOff[id] = true
	}
	return c, nil
}

// Check fills r for input. r.File and r.Line are the caller's; the
// finding.Finding that r.Error points to is owned by the Checker and valid until
// the next call.
func (c *Checker) Check(r *Result, input string) {
	r.Input = input
	r.Error = nil
	r.Warnings = r.Warnings[:0]
	r.Suppressed = r.Suppressed[:0]
	r.LintOn = c.opts.Lint
	u, err := uri.ParseRule(input, c.rule)
	r.SyntaxValid = err == nil && !c.opts.IRI
	if err != nil {
		c.finding = errfinding.From(err, "uri")
		if _, parse := err.(*uri.ParseError); parse && !c.opts.IRI {
			c.finding.Message += IRIHint(input, c.finding.Offset)
		}
		r.Error = &c.finding
		return
	}
	if c.policy {
		if f, broken := c.breaks(&u); broken {
			c.finding = f
			r.Error = &c.finding
			return
		}
	}
	if c.opts.Lint {
		r.Warnings = lint.Check(r.Warnings, u, c.disabled)
	}
}

func (c *Checker) disabled(rule string) bool { return c.lintOff[rule] }

// IRIHint returns a note for an input that RFC 3986 refused at offset for
// a non-ASCII byte but that is a valid IRI reference (RFC 3987), or "".
func IRIHint(input string, offset int) string {
	if offset < len(input) && input[offset] >= utf8.RuneSelf {
		if _, err := uri.ParseRule(input, uri.RuleIRIReference); err == nil {
			return " (the input is a valid IRI: pass --iri, or convert it with 'uritool to-uri')"
		}
	}
	return ""
}

// breaks checks u against the policies.
func (c *Checker) breaks(u *uri.URI) (finding.Finding, bool) {
	p := &c.opts.Policy
	if len(p.Schemes) > 0 {
		scheme, ok := u.Scheme()
		allowed := false
		for _, s := range p.Schemes {
			if ok && strings.EqualFold(s, scheme) {
				allowed = true
				break
			}
		}
		if !allowed {
			if !ok {
				return finding.Finding{Offset: 0, Rule: RuleScheme, Message: "no scheme; allowed: " + strings.Join(p.Schemes, ", ")}, true
			}
			return finding.Finding{Offset: 0, Rule: RuleScheme, Message: fmt.Sprintf("scheme %q is not allowed (allowed: %s)", scheme, strings.Join(p.Schemes, ", "))}, true
		}
	}
	if _, ok := u.Userinfo(); p.NoUserinfo && ok {
		at, _, _ := u.Span(uri.ComponentUserinfo)
		return finding.Finding{Offset: at, Rule: RuleUserinfo, Message: "userinfo is not allowed"}, true
	}
	if host, ok := u.Host(); p.RequireHost && host == "" {
		if !ok {
			return finding.Finding{Offset: 0, Rule: RuleHost, Message: "a host is required (the URI has no authority)"}, true
		}
		at, _, _ := u.Span(uri.ComponentHost)
		return finding.Finding{Offset: at, Rule: RuleHost, Message: "a host is required (the host is empty)"}, true
	}
	if p.Normalized {
		n := p.Normalize.Normalize(*u).String()
		if s := u.String(); n != s {
			at := 0
			for at < len(s) && at < len(n) && s[at] == n[at] {
				at++
			}
			return finding.Finding{Offset: at, Rule: RuleNormalized, Message: "not in normal form; normalized: " + n}, true
		}
	}
	return finding.Finding{}, false
}
