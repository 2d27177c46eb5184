package report

import (
	"encoding/xml"
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
	suites []junitSuite        // merged, in the order first seen
	byFile map[string]int
}

// junitPart is a block's testcases and passed tests, each with its suite.
type junitPart struct {
	entries []junitEntry
}

// junitEntry is one testcase, or, with no case, a run of tests that
// passed: a clean URI is only a count, and a block's run of them is one
// entry, so that merging a block costs its findings, not its inputs.
type junitEntry struct {
	suite  string
	c      *junitCase
	passed int
}

type junitSuite struct {
	XMLName  xml.Name    `xml:"testsuite"`
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Skipped  int         `xml:"skipped,attr,omitempty"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
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

func (j *junitReport) suite(name string) *junitSuite {
	if j.byFile == nil {
		j.byFile = map[string]int{}
	}
	i, ok := j.byFile[name]
	if !ok {
		i = len(j.suites)
		j.byFile[name] = i
		j.suites = append(j.suites, junitSuite{Name: name})
	}
	return &j.suites[i]
}

func (j *junitReport) add(p *junitPart, r *check.Result) {
	name := inputsName(r.File)
	reported := false
	for f, level := range r.Reported {
		p.entries = append(p.entries, junitEntry{suite: name, c: j.testcase(name, r, f, level)})
		reported = true
	}
	if reported {
		return
	}
	// A URI checked clean: a test that passed, with no testcase.
	if n := len(p.entries); n > 0 && p.entries[n-1].c == nil && p.entries[n-1].suite == name {
		p.entries[n-1].passed++
		return
	}
	p.entries = append(p.entries, junitEntry{suite: name, passed: 1})
}

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
	p.entries = append(p.entries, junitEntry{suite: name, c: &junitCase{Name: "read " + DisplayFile(file), ClassName: name, File: DisplayFile(file),
		Error: &junitProblem{Type: finding.RuleIO, Message: err.Error(), Text: err.Error()}}})
}

func (j *junitReport) merge(p *junitPart) {
	for _, e := range p.entries {
		s := j.suite(e.suite)
		switch c := e.c; {
		case c == nil:
			s.Tests += e.passed
			continue
		case c.Skipped != nil:
			s.Skipped++
		case c.Failure != nil:
			s.Failures++
		default:
			s.Errors++
		}
		s.Tests++
		s.Cases = append(s.Cases, *e.c)
	}
	clear(p.entries)
	p.entries = p.entries[:0]
}

func (j *junitReport) finish(sink *sink.Sink) {
	report := struct {
		XMLName  xml.Name     `xml:"testsuites"`
		Name     string       `xml:"name,attr"`
		Tests    int          `xml:"tests,attr"`
		Failures int          `xml:"failures,attr"`
		Errors   int          `xml:"errors,attr"`
		Suites   []junitSuite `xml:"testsuite"`
	}{Name: "uritool"}
	// A suite with no testcase says nothing that the others do not, and
	// most files of a tree have none: CI views listed hundreds of them.
	for _, s := range j.suites {
		report.Tests += s.Tests
		if len(s.Cases) == 0 {
			continue
		}
		report.Suites = append(report.Suites, s)
		report.Failures += s.Failures
		report.Errors += s.Errors
	}
	sink.Out.WriteString(xml.Header)
	enc := xml.NewEncoder(sink.Out)
	enc.Indent("", "  ")
	_ = enc.Encode(report) // plain data: it cannot fail, and sink writes do not
	sink.Out.WriteByte('\n')
}
