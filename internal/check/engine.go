package check

import (
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"github.com/uritool/uritool/internal/ascii"
	"github.com/uritool/uritool/internal/baseline"
	"github.com/uritool/uritool/internal/extract"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/nearest"
	"github.com/uritool/uritool/internal/target"
)

// An Engine checks what validate and lint read, one input at a time: a
// line of a list, or a candidate found in a document. On top of the
// Checker's parse, policies and lints, it drops what suppression markers
// and exclusions drop, resolves a document's references and checks
// where they lead (internal/target), and matches findings against a
// baseline. Each worker has its own Engine (a Checker reuses its
// finding); what they share (the Tree, the Known baseline) is safe for
// that.
type Engine struct {
	checker *Checker
	// reference checks the relative references of documents, as
	// URI-references whatever --as says: --as is what an absolute
	// candidate must be.
	reference *Checker
	opts      EngineOptions
	// found holds the target findings of the last input, broken a
	// broken link's, and template a malformed template's.
	found    []finding.Finding
	broken   finding.Finding
	template finding.Finding
	// The document and the exclusions of the last file: a worker sees a
	// file's inputs in a row.
	docFile      string
	doc          *target.Doc
	excludeFile  string
	exclude      func(string) bool
	excludeKnown bool
	repoFile     string // the file whose repoPath is repo
	repo         string
	// marks says --since or a baseline marks findings, opts.Since or
	// opts.Known.
	marks bool
	// bare says no Excluder, Prepare or Doc is set: a line of a list
	// needs none of checkLine's steps.
	bare bool
	// warned is the list of rules of the last marker warned of.
	warned *string
	since  sinceFile
}

// EngineOptions configure an Engine.
type EngineOptions struct {
	Check Options
	// Prepare turns an input line of a list into the text to check
	// (validate --default-scheme), and says whether it changed it.
	Prepare func(string) (string, bool)
	// Excluder gives what excludes the URIs of file (.uritoolignore,
	// --exclude), or nil when nothing does; the Engine asks once per run
	// of a file's inputs.
	Excluder func(file string) func(uri string) bool
	// Doc says which document a file is, or false when it is none
	// (standard input): a document's relative references are checked,
	// as URI-references. Tree, when set, checks where they lead.
	Doc  func(file string) (*target.Doc, bool)
	Tree *target.Tree
	// Known matches findings against a baseline, or records them.
	Known *Known
	// DisplayFile is a file's name as reports show it, for the baseline.
	DisplayFile func(string) string
	// Since, when set, marks what a change is responsible for.
	Since *Since
}

// Tally is what became of one input: nothing to show (Skip), or how many
// findings fail the run and how many were suppressed; Dropped says why
// the input was not checked, or not as a URI (a template's source).
//
// It has four fields, no more: the compiler keeps a struct of at most
// four in registers, and one of five, copied through memory on every
// input, cost validate a fifth of its time.
type Tally struct {
	Skip       bool
	Findings   int
	Suppressed int // by suppression markers
	Dropped    Dropped
}

// Dropped says why an input was not checked, for summaries.
type Dropped uint8

const (
	NotDropped Dropped = iota
	Excluded           // by --exclude or .uritoolignore
	InCode             // a candidate in Markdown code
	// Template: a template's source, not checked as a URI; it is shown,
	// with its note, and counted apart.
	Template
)

// NewEngine returns an Engine; opts.Check must be valid.
func NewEngine(opts EngineOptions) (*Engine, error) {
	c, err := New(opts.Check)
	if err != nil {
		return nil, err
	}
	e := &Engine{checker: c, opts: opts, marks: opts.Since != nil || opts.Known != nil,
		bare: opts.Excluder == nil && opts.Prepare == nil && opts.Doc == nil}
	if opts.Doc != nil {
		ro := opts.Check
		ro.As, ro.Policy = AsReference, Policy{}
		if e.reference, err = New(ro); err != nil {
			return nil, err
		}
	}
	return e, nil
}

// Check fills r for text, the input at line of file; f is the candidate
// when text was found in a document, nil for a line of a list.
//
// A line of a list has no document to resolve it against, no marker and
// no template: it takes none of checkFound's steps, so that the many
// lines of a list (validate) pay for none of them: 5% of validate
// --filter valid on one core. Where nothing excludes or prepares it
// either (bare), it takes no call but the Checker's: the calls of
// checkLine's steps, which the compiler does not inline into the
// operation, cost another 5%.
func (e *Engine) Check(r *Result, file string, line int, text string, f *extract.Found) Tally {
	if f != nil {
		return e.checkFound(r, file, line, text, f)
	}
	if !e.bare {
		return e.checkLine(r, file, line, text)
	}
	r.place(file, "", line)
	e.checker.Check(r, text)
	return e.tally(r, file, Tally{})
}

// checkLine is Check for a line of a list that an exclusion, a
// --default-scheme or a document's repository path applies to.
func (e *Engine) checkLine(r *Result, file string, line int, text string) Tally {
	if e.excluded(file, text) {
		return Tally{Skip: true, Dropped: Excluded}
	}
	r.place(file, e.repoPath(file), line)
	if e.opts.Prepare != nil {
		text, r.SchemeAdded = e.opts.Prepare(text)
	}
	e.checker.Check(r, text)
	return e.tally(r, file, Tally{})
}

// checkFound checks f, a candidate found in a document.
func (e *Engine) checkFound(r *Result, file string, line int, text string, f *extract.Found) Tally {
	var doc *target.Doc
	if e.opts.Doc != nil {
		doc = e.document(file)
	}
	switch {
	case f.Relative && doc == nil && e.checker.opts.As != AsReference:
		// A relative reference with no document to resolve it
		// against (standard input) is a URI-reference: checked with
		// --as reference, not held against --as uri.
		return Tally{Skip: true}
	case f.Code:
		return Tally{Skip: true, Dropped: InCode}
	case f.Suppress.All:
		return Tally{Skip: true, Suppressed: 1}
	case e.excluded(file, text):
		return Tally{Skip: true, Dropped: Excluded}
	}
	r.place(file, e.repoPath(file), line)
	r.PrefixColumns = f.Runes
	if f.Decoded() {
		r.Source, r.SourceStart, r.SourceOffset = f.Source, f.Offset, f.SourceOffset
	}
	checker := e.checker
	if f.Relative && doc != nil {
		checker = e.reference
	}
	// A template's source is no URI to parse or follow; a renderer
	// expands it before it links, so a blank in it breaks no link either.
	if e.templated(r, file, text, f) {
		doc = nil
	} else {
		checker.Check(r, text)
		if f.BrokenAt > 0 {
			// No link at all, whatever its text would parse as.
			e.broken = finding.Finding{Severity: finding.Error, Offset: f.BrokenAt, Rule: finding.RuleBrokenLink,
				Message: "a blank in the link's destination makes it text, not a link (CommonMark 6.3): write it in <...>, or the space as %20"}
			r.Error, r.Warnings = &e.broken, r.Warnings[:0]
			doc = nil
		}
	}
	if doc != nil && r.Error == nil && e.opts.Tree != nil {
		e.target(r, doc, text, f)
	}
	if len(f.Suppress.Rules) > 0 {
		e.unknownRules(r, f.Suppress.Rules)
	}
	var t Tally
	if f.Suppress.Any() {
		if r.Error != nil && f.Suppress.Drops(r.Error.Rule) {
			r.Suppressed = append(r.Suppressed, *r.Error)
			r.Error = nil
			t.Suppressed++
		}
		kept := r.Warnings[:0]
		for _, warn := range r.Warnings {
			if f.Suppress.Drops(warn.Rule) {
				r.Suppressed = append(r.Suppressed, warn)
				t.Suppressed++
			} else {
				kept = append(kept, warn)
			}
		}
		r.Warnings = kept
	}
	return e.tally(r, file, t)
}

// tally finishes t for r, checked: the notes that fail nothing, what
// --since marks, and the findings that fail the run, matched against a
// baseline when there is one. Nearly every input has no finding, in a
// run with neither --since nor a baseline: that test is inlined into
// the callers.
func (e *Engine) tally(r *Result, file string, t Tally) Tally {
	if r.Error == nil && len(r.Warnings) == 0 && !e.marks {
		return t
	}
	return e.tallyAll(r, file, t)
}

// tallyAll is tally where there is something to look at.
func (e *Engine) tallyAll(r *Result, file string, t Tally) Tally {
	for _, w := range r.Warnings {
		if !w.Severity.Fails() {
			t.Dropped = Template // the note a marker did not drop
		}
	}
	if e.opts.Since != nil {
		var doc *target.Doc
		if e.opts.Doc != nil {
			doc = e.document(file)
		}
		e.opts.Since.mark(r, e.sinceFile(file), e.opts.Tree, doc)
	}
	if e.opts.Known != nil {
		t.Findings = e.opts.Known.match(e.baselineFile(file, r), r)
		return t
	}
	if r.Error != nil && !r.Error.LeftOut() {
		t.Findings++
	}
	for i := range r.Warnings {
		if w := &r.Warnings[i]; w.Severity.Fails() && !w.LeftOut() {
			t.Findings++
		}
	}
	return t
}

// sinceFile is what --since's change did to file, looked up once per run
// of its inputs.
func (e *Engine) sinceFile(file string) *sinceFile {
	if sf := &e.since; file != sf.name || sf.name == "" {
		*sf = sinceFile{name: file}
		if d := e.document(file); d != nil {
			sf.rel, sf.inRepo = e.opts.Since.Change.Path(d.Path)
			sf.lines = e.opts.Since.Change.File(sf.rel)
		}
	}
	return &e.since
}

// templated fills r for text when it is a template's source (templateOf)
// and reports whether it was.
func (e *Engine) templated(r *Result, file, text string, f *extract.Found) bool {
	if strings.IndexByte(text, '{') < 0 {
		return false // nearly every candidate
	}
	tf, ok := templateOf(text, f.Followed, extract.TypeOf(file) == extract.AsciiDoc)
	if !ok {
		return false
	}
	r.Input, r.SyntaxValid, r.Error, r.Warnings, r.Suppressed = text, false, nil, r.Warnings[:0], r.Suppressed[:0]
	if tf.Severity == finding.Note {
		r.Warnings = append(r.Warnings, tf)
		r.LintOn = true // so that formats show the note
	} else {
		r.LintOn = e.checker.opts.Lint
		e.template = tf
		r.Error = &e.template
	}
	return true
}

// target adds what is wrong with where text, a valid reference of doc,
// leads: the first error as r's, warnings after the lints'. An absolute
// URI leads into the tree only on a published one (a base URL, or the
// document's repository on a forge).
func (e *Engine) target(r *Result, doc *target.Doc, text string, f *extract.Found) {
	switch {
	case !f.Relative && !e.opts.Tree.Published(doc):
		return
	case f.Base:
		e.found = e.opts.Tree.CheckBase(e.found[:0], doc, text)
	case f.Family != extract.PathFamily:
		e.found = e.opts.Tree.CheckResource(e.found[:0], doc, text, f.Family)
	default:
		e.found = e.opts.Tree.Check(e.found[:0], doc, text)
	}
	for i := range e.found {
		switch f := &e.found[i]; {
		case f.Severity == finding.Warning:
			r.Warnings = append(r.Warnings, *f)
			r.LintOn = true // so that formats show the warning
		case r.Error == nil:
			r.Error = f
		}
	}
}

// unknownRules warns of the rules a suppression marker names that lint
// does not know, with the closest one: such a marker suppresses nothing,
// and a typo in it should not pass in silence. The candidates a marker
// covers share its list of rules, so each list is warned of once.
func (e *Engine) unknownRules(r *Result, rules []string) {
	if &rules[0] == e.warned {
		return
	}
	e.warned = &rules[0]
	for _, id := range rules {
		if _, known := finding.Describe(id); known {
			continue
		}
		msg := fmt.Sprintf("the suppression marker names no rule %q, so it suppresses nothing", id)
		if near, ok := nearest.Name(id, lintRuleIDs); ok {
			msg += fmt.Sprintf("; did you mean %q?", near)
		}
		r.Warnings = append(r.Warnings, finding.Finding{Severity: finding.Warning, Rule: finding.RuleSuppression, Message: msg})
		r.LintOn = true
	}
}

// lintRuleIDs are the ids a suppression marker may name.
var lintRuleIDs = func() []string {
	ids := make([]string, len(finding.LintRules))
	for i, r := range finding.LintRules {
		ids[i] = r.ID
	}
	return ids
}()

// sameFile reports whether file is the one a per-file cache was filled
// for, where known says it was. The stream gives each input of a file
// the same string: its bytes' address, compared first, spares most
// inputs the runtime's compare, a call.
func sameFile(file, cached string, known bool) bool {
	return known && (ascii.Same(file, cached) || file == cached)
}

// excluded reports whether uri, found in file, is excluded.
//
// The test for an Excluder is inlined into the callers: most runs have
// none.
func (e *Engine) excluded(file, uri string) bool {
	return e.opts.Excluder != nil && e.excludes(file, uri)
}

// excludes is excluded where there is an Excluder.
func (e *Engine) excludes(file, uri string) bool {
	if !sameFile(file, e.excludeFile, e.excludeKnown) {
		e.excludeFile, e.exclude, e.excludeKnown = file, e.opts.Excluder(file), true
	}
	return e.exclude != nil && e.exclude(uri)
}

// document is the document file is, looked up once per run of a file's
// candidates.
func (e *Engine) document(file string) *target.Doc {
	if file != e.docFile || e.docFile == "" {
		e.docFile, e.doc = file, nil
		if d, ok := e.opts.Doc(file); ok {
			e.doc = d
		}
	}
	return e.doc
}

// repoPath is file's path from its repository's root, computed once per
// file: how a baseline and a link to a line name it, so that
// "./links.txt", "links.txt" and "../links.txt" from a subdirectory are
// one file. It is "" for standard input, and for a file of no known root.
// The build's profile inlines it into its callers, where it costs a
// load or two: validate has no documents, and lint reads a file's lines
// in a row, the same string for each (a copy of it only works the path
// out again).
func (e *Engine) repoPath(file string) string {
	// Most lines are of the file of the line before: its path is kept.
	// Before the first, repoFile and repo are "", as standard input's
	// path is, and without documents they stay so.
	if e.opts.Doc != nil && !ascii.Same(file, e.repoFile) {
		e.cacheRepoPath(file)
	}
	return e.repo
}

// cacheRepoPath works out repoPath for a file other than the last.
func (e *Engine) cacheRepoPath(file string) {
	e.repoFile, e.repo = file, ""
	if file != "" {
		e.repo = repoPathOf(e.document(file))
	}
}

// repoPathOf is the path of d from its repository's root, or "".
func repoPathOf(d *target.Doc) string {
	if d != nil {
		if rel, err := filepath.Rel(d.Root, d.Path); err == nil && rel != ".." && !strings.HasPrefix(rel, "../") {
			return filepath.ToSlash(rel)
		}
	}
	return ""
}

// SharesBaselineNames reports whether two of files are one file to a
// baseline: named twice, or at one path of two repositories. A Known
// baseline's counts are used up in input order within a file, which one
// worker reads; files that share a name must then be read by one worker.
func (o *EngineOptions) SharesBaselineNames(files []string) bool {
	seen := map[string]bool{}
	for _, f := range files {
		name := ""
		if o.Doc != nil && f != "" {
			if d, ok := o.Doc(f); ok {
				name = repoPathOf(d)
			}
		}
		if name == "" {
			name = o.DisplayFile(f)
		}
		if seen[name] {
			return true
		}
		seen[name] = true
	}
	return false
}

// baselineFile is how the baseline knows file: by its repoPath, or, for
// standard input and a file of no known root, as reports show it.
func (e *Engine) baselineFile(file string, r *Result) string {
	if r.RepoPath != "" {
		return r.RepoPath
	}
	return e.opts.DisplayFile(file)
}

// Known matches findings against a baseline, or records them for one.
// The matching uses up the baseline's counts, so it runs in input order.
type Known struct {
	Baseline  *baseline.Set
	Record    *baseline.Recorder
	RecordTo  string // the file Record is written to
	mu        sync.Mutex
	unchanged int // findings the baseline had
}

// Unchanged is how many findings the baseline had.
func (k *Known) Unchanged() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.unchanged
}

// match marks each finding of r new or unchanged, records it, and
// returns how many fail the run.
func (k *Known) match(file string, r *Result) (failing int) {
	k.mu.Lock()
	defer k.mu.Unlock()
	mark := func(f *finding.Finding) {
		if !f.Severity.Fails() {
			return // a note needs no baseline: it fails nothing
		}
		key := baseline.Key{File: file, Rule: f.Rule, URI: r.Input}
		if k.Record != nil {
			k.Record.Add(key)
		}
		switch {
		case k.Baseline == nil:
		case k.Baseline.Take(key):
			f.Baseline = finding.Unchanged
			k.unchanged++
		default:
			f.Baseline = finding.New
		}
		if !f.LeftOut() {
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
