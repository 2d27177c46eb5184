package report

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"strconv"

	"github.com/uritool/uritool/internal/check"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/sink"
)

// junitRenderer writes one JUnit XML report at the end, as GitLab and
// Jenkins read it: one testsuite per file (validate: one for its inputs)
// that has a testcase, and one testcase per finding, a failure for an
// error and for a warning alike, since both fail the run; a file that
// cannot be read is a testcase with an error. Every URI checked is a
// test: one checked clean passed, and is counted in tests (of its file's
// suite, and of the report) without a testcase of its own, so that a
// clean run reads "N tests, 0 failures", not "0 tests". A note is a skipped
// testcase: it says what was not checked (a template is no URI), which
// is what JUnit's skipped means, and it fails nothing.
type junitReport struct {
	text   func(string) string // an input as the report shows it
	suites firstSeen[junitSuite]
}

// junitPart is a block's testcases and passed tests, each with its suite.
// The testcases are XML already, encoded on the worker as the report
// holds them, back to back in out, through an encoder the part keeps from
// block to block: encoding is the bulk of the report, and no garbage.
type junitPart struct {
	out     bytes.Buffer
	enc     *xml.Encoder
	entries []junitEntry
}

// junitEntry is one testcase, at out[start:end], or, with none, a run of
// tests that passed: a clean URI is only a count, and a block's run of
// them is one entry, so that merging a block costs its findings, not its
// inputs.
type junitEntry struct {
	suite      string
	outcome    junitOutcome
	passed     int
	start, end int
}

// junitOutcome is what a testcase says of its test.
type junitOutcome uint8

const (
	junitPassed junitOutcome = iota
	junitFailure
	junitSkipped
	junitError
)

// junitSuite is a suite's counts and its testcases, encoded.
type junitSuite struct {
	name                             string
	tests, failures, errors, skipped int
	cases                            chunks
}

type junitCase struct {
	XMLName   xml.Name      `xml:"testcase"`
	Name      string        `xml:"name,attr"`
	ClassName string        `xml:"classname,attr"`
	File      string        `xml:"file,attr,omitempty"`
	Line      string        `xml:"line,attr,omitempty"`
	Failure   *junitProblem `xml:"failure,omitempty"`
	Error     *junitProblem `xml:"error,omitempty"`
	Skipped   *junitProblem `xml:"skipped,omitempty"`
}

type junitProblem struct {
	Type    string `xml:"type,attr"`
	Message string `xml:"message,attr"`
	Text    string `xml:",chardata"`
}

func newJUnitSuite(name string) junitSuite { return junitSuite{name: name} }

func (j *junitReport) add(p *junitPart, r *check.Result) {
	name := inputsName(r.File)
	reported := false
	for f, level := range r.Reported {
		p.encode(name, j.testcase(name, r, f, level))
		reported = true
	}
	if reported {
		return
	}
	// A URI checked clean: a test that passed, with no testcase.
	if n := len(p.entries); n > 0 && p.entries[n-1].outcome == junitPassed && p.entries[n-1].suite == name {
		p.entries[n-1].passed++
		return
	}
	p.entries = append(p.entries, junitEntry{suite: name, passed: 1})
}

// encode adds a testcase of suite to the part, as the report holds it.
func (p *junitPart) encode(suite string, c *junitCase) {
	if p.enc == nil {
		// A testcase's place in the report: the third level.
		p.enc = xml.NewEncoder(&p.out)
		p.enc.Indent(junitCaseIndent, "  ")
	}
	start := p.out.Len()
	_ = p.enc.Encode(c) // plain data into a buffer: it cannot fail
	if b := p.out.Bytes(); b[start] == '\n' {
		start++ // the encoder's newline before every element but its first
	}
	outcome := junitError
	switch {
	case c.Skipped != nil:
		outcome = junitSkipped
	case c.Failure != nil:
		outcome = junitFailure
	}
	p.entries = append(p.entries, junitEntry{suite: suite, outcome: outcome, start: start, end: p.out.Len()})
}

// junitCaseIndent is the indentation of a testcase in the report.
const junitCaseIndent = "    "

var newline = []byte{'\n'}

func (j *junitReport) testcase(suite string, r *check.Result, f *finding.Finding, level finding.Severity) *junitCase {
	loc := strconv.Itoa(r.Line) + ":" + strconv.Itoa(r.ColumnAt(f.Offset))
	input := j.text(r.Input)
	c := &junitCase{Name: loc + " " + f.Rule + ": " + input, ClassName: suite}
	problem := &junitProblem{Type: f.Rule, Message: f.Message, Text: suite + ":" + loc + ": " + f.Message + "\n" + input}
	if level == finding.Note {
		c.Skipped = problem
	} else {
		c.Failure = problem
	}
	if r.File != "" {
		c.File, c.Line = DisplayFile(r.File), strconv.Itoa(r.Line)
	}
	return c
}

// unreadable is a testcase with an error: the file could not be checked.
func (j *junitReport) unreadable(p *junitPart, file string, err error) {
	name := inputsName(file)
	p.encode(name, &junitCase{Name: "read " + DisplayFile(file), ClassName: name, File: DisplayFile(file),
		Error: &junitProblem{Type: finding.RuleIO, Message: err.Error(), Text: err.Error()}})
}

func (j *junitReport) merge(p *junitPart) {
	b := p.out.Bytes()
	for _, e := range p.entries {
		s := &j.suites.items[j.suites.at(e.suite, newJUnitSuite)]
		switch e.outcome {
		case junitPassed:
			s.tests += e.passed
			continue
		case junitSkipped:
			s.skipped++
		case junitFailure:
			s.failures++
		default:
			s.errors++
		}
		s.tests++
		s.cases.append(newline, b[e.start:e.end])
	}
	clear(p.entries)
	p.entries = p.entries[:0]
	p.out.Reset()
}

// finish writes the report as encoding/xml would write it with two
// spaces of indentation, the testcases being already encoded so.
func (j *junitReport) finish(sink *sink.Sink) {
	var tests, failures, errors int
	suites := j.suites.items
	for i := range suites {
		tests += suites[i].tests
		if suites[i].cases.len() > 0 {
			failures += suites[i].failures
			errors += suites[i].errors
		}
	}
	w := sink.Out
	w.WriteString(xml.Header)
	fmt.Fprintf(w, `<testsuites name="uritool" tests="%d" failures="%d" errors="%d">`, tests, failures, errors)
	written := false
	for i := range suites {
		s := &suites[i]
		// A suite with no testcase says nothing that the others do not,
		// and most files of a tree have none: CI views listed hundreds.
		if s.cases.len() == 0 {
			continue
		}
		written = true
		w.WriteString("\n  <testsuite name=\"")
		_ = xml.EscapeText(w, []byte(s.name)) // as encoding/xml escapes an attribute
		fmt.Fprintf(w, `" tests="%d" failures="%d" errors="%d"`, s.tests, s.failures, s.errors)
		if s.skipped > 0 {
			fmt.Fprintf(w, ` skipped="%d"`, s.skipped)
		}
		w.WriteString(">")
		s.cases.writeTo(sink)
		w.WriteString("\n  </testsuite>")
	}
	if written {
		w.WriteString("\n")
	}
	w.WriteString("</testsuites>\n")
}
