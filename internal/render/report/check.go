// Package report prints validate's and lint's results, check.Result, in
// each of their formats: diagnostics for people, JSON Lines, GitHub
// workflow commands, and the whole reports that CI tools read, written
// after the last input (SARIF, JUnit, Markdown, Code Climate,
// Checkstyle); and lint's list of rules.
package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/uritool/uritool/internal/baseline"
	"github.com/uritool/uritool/internal/check"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/sink"
)

// The formats of validate and lint beyond render's text and json.
const (
	FormatGitHub      = "github"
	FormatSARIF       = "sarif"
	FormatJUnit       = "junit"
	FormatMD          = "markdown"
	FormatCodeClimate = "codeclimate"
	FormatCheckstyle  = "checkstyle"
)

// Formats lists the formats of validate and lint.
var Formats = []string{render.FormatText, render.FormatJSON, FormatGitHub, FormatSARIF, FormatJUnit, FormatMD, FormatCodeClimate, FormatCheckstyle}

// Options configures the printer of validate's and lint's results.
type Options struct {
	Format string
	// Filter, if "valid" or "invalid", prints the matching inputs
	// unchanged instead of a report. A valid input that drew warnings
	// counts as invalid here, so --filter valid keeps only clean lines.
	Filter   string
	WithFile bool // results carry a file name (lint)
	// Results says the findings are the command's results, as a
	// linter's are: text goes to stdout. validate's are diagnostics, on
	// stderr.
	Results      bool
	ShowPassword bool
	// MaskInput masks the password of the input the reports show (json,
	// junit, markdown, codeclimate, checkstyle), as text does: lint's reports end up on CI job
	// pages. validate's JSON echoes its input whole, for pipelines that
	// join records back to their lines.
	MaskInput bool
	// Palette colors text, and its Passwords mask the inputs that every
	// format shows. cmd's palettes always carry them.
	Palette *render.Palette
	Version string // tool version, for SARIF
	// LinkBase, for markdown, is the URL that a file's path follows in a
	// link to its line: https://github.com/OWNER/REPO/blob/SHA/.
	LinkBase string
	// Baseline, when lint runs with one, gives SARIF the findings fixed
	// since (baselineState "absent").
	Baseline *baseline.Set
	// Since is lint --since's commit as given, for the Markdown summary.
	Since string
}

// NewPrinter returns the printer of validate's and lint's results for
// opts.
func NewPrinter(opts Options) render.Printer[check.Result] {
	// text is an input as the reports that show it as text show it.
	text := func(s string) string { return render.Shown(s, opts.Palette.Passwords, !opts.MaskInput) }
	switch {
	case opts.Filter == "valid" || opts.Filter == "invalid":
		return each(func() render.Renderer[check.Result] { return &filterRenderer{keepValid: opts.Filter == "valid"} })
	case opts.Format == render.FormatJSON:
		return each(func() render.Renderer[check.Result] { return &jsonRenderer{opts: opts} })
	case opts.Format == FormatGitHub:
		return each(func() render.Renderer[check.Result] { return &githubRenderer{} })
	case opts.Format == FormatSARIF:
		return printWhole[sarifPart](&sarifReport{version: opts.Version, baseline: opts.Baseline})
	case opts.Format == FormatJUnit:
		return printWhole[junitPart](&junitReport{text: text})
	case opts.Format == FormatMD:
		return printWhole[markdownPart](&markdownReport{linkBase: opts.LinkBase, text: text, since: opts.Since})
	case opts.Format == FormatCodeClimate:
		return printWhole[codeClimatePart](&codeClimateReport{text: text})
	case opts.Format == FormatCheckstyle:
		return printWhole[checkstylePart](&checkstyleReport{text: text})
	}
	return each(func() render.Renderer[check.Result] { return &textRenderer{opts: opts} })
}

// DisplayFile is how a file name is shown: "-" is standard input.
func DisplayFile(name string) string {
	if name == "-" {
		return "<stdin>"
	}
	return name
}

type filterRenderer struct {
	keepValid bool
}

func (f *filterRenderer) Render(s *sink.Sink, r *check.Result) {
	if r.Clean() != f.keepValid {
		return
	}
	s.Out.WriteInputLine(r.Input)
}

// textRenderer prints findings as compilers print errors, on stderr, or
// on stdout when they are the results (lint).
type textRenderer struct {
	opts Options
}

func (t *textRenderer) Render(s *sink.Sink, r *check.Result) {
	if r.Clean() {
		return // most inputs: no location to build
	}
	w := s.Err
	if t.opts.Results {
		w = s.Out
	}
	loc := strconv.Itoa(r.Line)
	if t.opts.WithFile {
		loc = DisplayFile(r.File) + ":" + loc
	}
	for f, level := range r.Reported {
		render.Diagnostic(w, t.opts.Palette, loc, r.ColumnAt(f.Offset), r.Input, f, level, t.opts.ShowPassword)
	}
}

// jsonRenderer writes one JSON Lines record per input.
type jsonRenderer struct {
	opts Options
}

func (j *jsonRenderer) Render(s *sink.Sink, r *check.Result) {
	// The keys are written as constants, each after the comma it needs.
	b := s.Out.AvailableBuffer()
	if j.opts.WithFile {
		b = render.AppendString(append(b, `{"file":`...), DisplayFile(r.File))
		b = append(b, `,"line":`...)
	} else {
		b = append(b, `{"line":`...)
	}
	b = append(render.AppendInt(b, r.Line), `,"column":`...)
	if r.Error != nil {
		b = render.AppendInt(b, r.Column())
	} else {
		b = append(b, "null"...)
	}
	input := r.Input
	if j.opts.MaskInput {
		// Reports end up on CI job pages; the byte offsets of findings
		// stay the input's.
		input = j.opts.Palette.Passwords.Masked(input)
	}
	// A syntax-valid input needs no look at its bytes, masked or not: the
	// mask is plain too.
	b = render.AppendInputPlainOr(b, input, r.SyntaxValid || render.JSONPlain(input))
	if r.SchemeAdded {
		b = render.AppendBool(append(b, `,"scheme_added":`...), true)
	}
	b = render.AppendBool(append(b, `,"valid":`...), r.Valid())
	b = render.AppendFinding(append(b, `,"error":`...), r.Error)
	if r.LintOn {
		b = append(b, `,"warnings":[`...)
		for i, warn := range r.Warnings {
			if i > 0 {
				b = append(b, ',')
			}
			b = render.AppendFinding(b, &r.Warnings[i])
			b = render.AppendInt(append(b[:len(b)-1], `,"column":`...), r.ColumnAt(warn.Offset))
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if len(r.Suppressed) > 0 {
		b = append(b, `,"suppressed":[`...)
		for i := range r.Suppressed {
			if i > 0 {
				b = append(b, ',')
			}
			b = render.AppendFinding(b, &r.Suppressed[i])
		}
		b = append(b, ']')
	}
	b = append(b, '}', '\n')
	s.Out.Write(b)
}

// Unreadable writes a record for a file that cannot be read, so that a
// JSON report holds every file it was asked for.
func (j *jsonRenderer) Unreadable(s *sink.Sink, file string, err error) {
	b := append(s.Out.AvailableBuffer(), '{')
	b = render.AppendString(render.AppendKey(b, "file"), DisplayFile(file))
	b = append(b, `,"line":null,"column":null,"input":null,"valid":false`...)
	b = render.AppendFinding(render.AppendKey(b, "error"), &finding.Finding{Rule: finding.RuleIO, Message: err.Error()})
	b = append(b, '}', '\n')
	s.Out.Write(b)
}

// githubRenderer writes workflow commands that GitHub Actions turns into
// annotations on the line.
type githubRenderer struct{}

func (g *githubRenderer) Render(s *sink.Sink, r *check.Result) {
	for f, level := range r.Reported {
		kind := level.String()
		if level == finding.Note {
			kind = "notice" // the workflow command's name for it
		}
		g.command(s.Out, kind, r, f.Offset, f.Rule, f.Message)
	}
}

// Unreadable annotates the file that cannot be read.
func (g *githubRenderer) Unreadable(s *sink.Sink, file string, err error) {
	fmt.Fprintf(s.Out, "::error file=%s,title=%s::%s\n", escapeProperty(DisplayFile(file)),
		escapeProperty("uritool "+finding.RuleIO), escapeData(err.Error()))
}

func (g *githubRenderer) command(w render.Writer, kind string, r *check.Result, offset int, rule, msg string) {
	// validate's inputs come from no file: an empty file= would point
	// the annotation nowhere, so it is left out.
	file := ""
	if r.File != "" {
		file = "file=" + escapeProperty(DisplayFile(r.File)) + ","
	}
	fmt.Fprintf(w, "::%s %sline=%d,col=%d,title=%s::%s\n", kind,
		file, r.Line, r.ColumnAt(offset), escapeProperty("uritool "+rule), escapeData(msg))
}

// escapeData and escapeProperty escape as the Actions toolkit's
// command.ts does for a command's message and its properties.
var (
	dataEscaper     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	propertyEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

func escapeData(s string) string     { return dataEscaper.Replace(s) }
func escapeProperty(s string) string { return propertyEscaper.Replace(s) }

// sarifReport writes one SARIF 2.1.0 log at the end.
type sarifReport struct {
	version  string
	baseline *baseline.Set
	// What the parts gave, merged in input order. The results are JSON
	// already, indented as the log holds them, one after another with
	// their commas, in chunks: encoding them is the bulk of the log, and
	// it is done on the workers (sarifPart), not in the one goroutine
	// that merges.
	rules   firstSeen[sarifRule]
	results chunks
	// notifications are of the files that could not be read: the
	// tool's trouble, not findings, so SARIF's notifications carry them.
	notifications []sarifNotification
}

// sarifPart is a block's results, encoded back to back in out, their
// rule indexes not yet known: each leaves a placeholder where its index
// goes. The part, its buffer and its encoder are reused from block to
// block, so that a result costs no garbage.
type sarifPart struct {
	out        bytes.Buffer
	enc        *json.Encoder
	results    []encodedResult
	unreadable []sarifNotification
}

// encodedResult is a result as the log holds it, at out[start:end], but
// for its rule index, whose placeholder is at out[index].
type encodedResult struct {
	rule              string
	start, index, end int
}

// resultIndent is the indentation of a result in the log: the fourth
// level (runs, a run, its results, a result).
const resultIndent = "        "

// encode adds r to the part as the log holds it, with a placeholder for
// its rule index. The index follows "ruleId", whose value is a JSON
// string: the first "ruleIndex" key is the one.
func (p *sarifPart) encode(r *sarifResult) {
	if p.enc == nil {
		p.enc = json.NewEncoder(&p.out)
		p.enc.SetIndent(resultIndent, "  ")
	}
	r.RuleIndex = 0
	start := p.out.Len()
	_ = p.enc.Encode(r) // plain data into a buffer: it cannot fail
	b := p.out.Bytes()
	const key = `"ruleIndex": `
	p.results = append(p.results, encodedResult{rule: r.RuleID, start: start,
		index: start + bytes.Index(b[start:], []byte(key)) + len(key), end: len(b) - 1}) // less Encode's newline
}

// appendResult appends a result that b holds to the log's, with its
// rule's index.
func (s *sarifReport) appendResult(b []byte, e encodedResult) {
	sep := resultSep
	if s.results.len() == 0 {
		sep = resultSep[len(",\n"):]
	}
	var idx [20]byte
	s.results.append(sep, b[e.start:e.index], strconv.AppendInt(idx[:0], int64(s.rules.at(e.rule, newSARIFRule)), 10), b[e.index+1:e.end]) // past the placeholder's 0
}

// resultSep comes before every result but the first.
var resultSep = []byte(",\n" + resultIndent)

type sarifNotification struct {
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
}

// unreadable notes a file that cannot be read, for the log's invocation.
func (s *sarifReport) unreadable(p *sarifPart, file string, err error) {
	var loc sarifLocation
	loc.PhysicalLocation.ArtifactLocation.URI = sarifURI(file)
	p.unreadable = append(p.unreadable, sarifNotification{Level: "error", Message: sarifMessage{err.Error()}, Locations: []sarifLocation{loc}})
}

type sarifRule struct {
	ID                   string       `json:"id"`
	ShortDescription     sarifMessage `json:"shortDescription"`
	FullDescription      sarifMessage `json:"fullDescription"`
	DefaultConfiguration struct {
		Level string `json:"level"`
	} `json:"defaultConfiguration"`
}

// newSARIFRule describes a rule from the one rule table.
func newSARIFRule(id string) sarifRule {
	r, _ := finding.Describe(id)
	sr := sarifRule{ID: id, ShortDescription: sarifMessage{r.Description},
		FullDescription: sarifMessage{r.Description + " See " + r.Section + "."}}
	sr.DefaultConfiguration.Level = r.Severity.String()
	return sr
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID        string          `json:"ruleId"`
	RuleIndex     int             `json:"ruleIndex"`
	Level         string          `json:"level"`
	Message       sarifMessage    `json:"message"`
	Locations     []sarifLocation `json:"locations"`
	BaselineState string          `json:"baselineState,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
}

type sarifLocation struct {
	PhysicalLocation struct {
		ArtifactLocation struct {
			URI string `json:"uri"`
		} `json:"artifactLocation"`
		Region *sarifRegion `json:"region,omitempty"` // none for a whole file
	} `json:"physicalLocation"`
}

func (s *sarifReport) add(p *sarifPart, r *check.Result) {
	if r.Error != nil {
		p.add(r, "error", r.Error)
	}
	for i := range r.Warnings {
		w := &r.Warnings[i]
		p.add(r, w.Level().String(), w) // SARIF's levels are named as ours
	}
}

func (p *sarifPart) add(r *check.Result, level string, f *finding.Finding) {
	var loc sarifLocation
	loc.PhysicalLocation.ArtifactLocation.URI = sarifURI(r.File)
	// Code points, as every format counts them (columnKind below).
	loc.PhysicalLocation.Region = &sarifRegion{StartLine: r.Line, StartColumn: r.ColumnAt(f.Offset)}
	p.encode(&sarifResult{RuleID: f.Rule, Level: level,
		Message: sarifMessage{f.Message}, Locations: []sarifLocation{loc}, BaselineState: f.Baseline})
}

// merge numbers the rules of a part's results in the order first seen.
func (s *sarifReport) merge(p *sarifPart) {
	for _, e := range p.results {
		s.appendResult(p.out.Bytes(), e)
	}
	p.out.Reset()
	s.notifications = append(s.notifications, p.unreadable...)
	clear(p.results)
	clear(p.unreadable)
	p.results, p.unreadable = p.results[:0], p.unreadable[:0]
}

// absent adds the findings of the baseline that this run no longer has,
// as SARIF 2.1.0 section 3.27.24 describes baselineState "absent".
func (s *sarifReport) absent() {
	if s.baseline == nil {
		return
	}
	var p sarifPart
	for _, k := range s.baseline.Fixed() {
		var loc sarifLocation
		loc.PhysicalLocation.ArtifactLocation.URI = sarifURI(k.File)
		p.encode(&sarifResult{RuleID: k.Rule, Level: "none",
			Message: sarifMessage{"fixed since the baseline: " + k.URI}, Locations: []sarifLocation{loc}, BaselineState: "absent"})
	}
	for _, e := range p.results {
		s.appendResult(p.out.Bytes(), e)
	}
}

// sarifURI turns a path into the relative URI reference SARIF's
// artifactLocation.uri wants: "/" separators, reserved bytes encoded.
func sarifURI(file string) string {
	if file == "-" || file == "" {
		// The name every format gives standard input, as a relative
		// reference: "%3Cstdin%3E".
		file = DisplayFile("-")
	}
	var b strings.Builder
	for i := 0; i < len(file); i++ {
		c := file[i]
		if c == '/' || c == '-' || c == '.' || c == '_' || c == '~' ||
			c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'z' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

func (s *sarifReport) finish(sink *sink.Sink) {
	s.absent()
	if s.rules.items == nil {
		s.rules.items = []sarifRule{}
	}
	type driver struct {
		Name           string      `json:"name"`
		InformationURI string      `json:"informationUri"`
		Version        string      `json:"version,omitempty"`
		Rules          []sarifRule `json:"rules"`
	}
	type invocation struct {
		ExecutionSuccessful        bool                `json:"executionSuccessful"`
		ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications"`
	}
	type run struct {
		Tool struct {
			Driver driver `json:"driver"`
		} `json:"tool"`
		Invocations []invocation  `json:"invocations,omitempty"`
		ColumnKind  string        `json:"columnKind"`
		Results     []sarifResult `json:"results"`
	}
	var rn run
	rn.Tool.Driver = driver{Name: "uritool", InformationURI: "https://github.com/uritool/uritool", Version: s.version, Rules: s.rules.items}
	if len(s.notifications) > 0 {
		rn.Invocations = []invocation{{ExecutionSuccessful: false, ToolExecutionNotifications: s.notifications}}
	}
	rn.ColumnKind = "unicodeCodePoints"
	rn.Results = []sarifResult{} // the encoded results go in its place
	log := struct {
		Schema  string `json:"$schema"`
		Version string `json:"version"`
		Runs    []run  `json:"runs"`
	}{"https://json.schemastore.org/sarif-2.1.0.json", "2.1.0", []run{rn}}
	var doc bytes.Buffer
	enc := json.NewEncoder(&doc)
	enc.SetIndent("", "  ")
	_ = enc.Encode(log) // plain data: it cannot fail
	b := doc.Bytes()
	if s.results.len() == 0 {
		sink.Out.Write(b)
		return
	}
	// The results are the run's last member, so the log's last "[]".
	const empty = `"results": []`
	at := bytes.LastIndex(b, []byte(empty)) + len(empty) - 1
	sink.Out.Write(b[:at])
	sink.Out.WriteString("\n")
	s.results.writeTo(sink) // spilling as it goes
	sink.Out.WriteString("\n      ")
	sink.Out.Write(b[at:])
}
