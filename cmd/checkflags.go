package cmd

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/check"
	"github.com/uritool/uritool/internal/extract"
	"github.com/uritool/uritool/internal/lint"
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

// checkWorker checks inputs, or the URIs found in them, and renders each
// result; findings are errors plus warnings.
type checkWorker struct {
	_        stream.CacheLinePad
	checker  *check.Checker
	renderer render.Checker
	result   check.Result
	// list reads files of URIs (lint): blank lines and "#" comments are
	// passed over, and so is a byte order mark before the first line.
	list bool
	// find, for lint --extract, finds the URIs inside each line.
	find      *finding
	scheme    *defaultScheme
	extractor *extract.Extractor
	found     []extract.Found
	_         stream.CacheLinePad
}

// finding is how lint finds and filters the URIs of files.
type finding struct {
	extract     bool
	kind        string // "auto", or the kind every file is read as
	includeCode bool
	reference   bool // --as reference: relative references are checked too
	exclude     *excluder
}

// newCheckWorkers returns the workers' constructor and how many may run:
// one for a renderer that must see every result (SARIF).
func (o *CheckFlags) newCheckWorkers(ro render.CheckOptions, list bool, find *finding) (func() stream.Worker, int) {
	workers := 0
	if !render.NewChecker(ro).Parallel() {
		workers = 1
	}
	return func() stream.Worker {
		return &checkWorker{checker: o.checker(), renderer: render.NewChecker(ro), list: list, find: find, scheme: &o.DefaultScheme}
	}, workers
}

// StartFile picks the file's kind and resets the extractor's state.
func (w *checkWorker) StartFile(name string) {
	if w.find == nil || !w.find.extract {
		return
	}
	kind := extract.KindOf(name)
	if w.find.kind != "auto" {
		kind, _ = extract.ParseKind(w.find.kind) // checked by the flag
	} else if name == "-" {
		kind = extract.Text
	}
	w.extractor = extract.New(extract.Options{Kind: kind, IncludeCode: w.find.includeCode})
}

// byteOrderMark is U+FEFF in UTF-8, which some editors write first.
const byteOrderMark = "\uFEFF"

func (w *checkWorker) Handle(in stream.Input, s *stream.Sink) {
	if w.list && in.Line == 1 {
		in.Text = strings.TrimPrefix(in.Text, byteOrderMark)
	}
	if w.find == nil || !w.find.extract {
		if w.list && isComment(in.Text) {
			return
		}
		if w.find != nil && w.find.exclude.match(in.Text) {
			s.Suppressed++
			return
		}
		w.check(in, in.Text, nil, s)
		return
	}
	if w.extractor == nil { // standard input read as lines
		w.StartFile("-")
	}
	w.found = w.extractor.Line(w.found[:0], in.Text)
	for i := range w.found {
		f := &w.found[i]
		switch {
		case f.Relative && !w.find.reference:
			// A relative href is a URI-reference: checked with --as
			// reference, not held against --as uri.
		case f.Suppress.All, w.find.exclude.match(f.Text):
			s.Suppressed++
		default:
			w.check(in, in.Text, f, s)
		}
	}
}

// check checks text, the whole line or the URI f found in it, drops the
// findings f's suppressions name, and renders the result.
func (w *checkWorker) check(in stream.Input, line string, f *extract.Found, s *stream.Sink) {
	r := &w.result
	r.File, r.Line, r.Prefix, r.Source, r.SourceOffset = in.File, in.Line, "", "", nil
	text, added := line, false
	if f == nil {
		text, added = w.scheme.apply(line)
	} else {
		text, r.Prefix = f.Text, line[:f.Offset]
		if f.SourceOffset(len(f.Text)) != f.Offset+len(f.Text) {
			r.Source, r.SourceOffset = line, f.SourceOffset
		}
	}
	w.checker.Check(r, text)
	r.SchemeAdded = added
	if f != nil && f.Suppress.Any() {
		if r.Error != nil && f.Suppress.Drops(r.Error.Rule) {
			r.Error = nil
			s.Suppressed++
		}
		kept := r.Warnings[:0]
		for _, warn := range r.Warnings {
			if f.Suppress.Drops(warn.Rule) {
				s.Suppressed++
			} else {
				kept = append(kept, warn)
			}
		}
		r.Warnings = kept
	}
	s.Checked++
	if r.Error != nil {
		s.Findings++
	}
	s.Findings += len(r.Warnings)
	w.renderer.Render(s, r)
}

func (w *checkWorker) Finish(s *stream.Sink) { w.renderer.Finish(s) }

// isComment reports a line of a URI list that holds no URI: a blank
// one, or one whose first non-blank character is "#". A URI reference
// may begin with "#" (a fragment alone), but a list of links has no use
// for one, and lists like .gitignore use "#" for comments.
func isComment(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != ' ' && s[i] != '\t' {
			return s[i] == '#'
		}
	}
	return true
}
