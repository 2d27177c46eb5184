package render

import (
	"encoding/xml"
	"strconv"

	"github.com/uritool/uritool/internal/check"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/stream"
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
type junitRenderer struct {
	suites       []junitSuite
	byFile       map[string]int
	showPassword bool
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

func (j *junitRenderer) suite(file string) *junitSuite {
	if j.byFile == nil {
		j.byFile = map[string]int{}
	}
	name := inputsName(file)
	i, ok := j.byFile[name]
	if !ok {
		i = len(j.suites)
		j.byFile[name] = i
		j.suites = append(j.suites, junitSuite{Name: name})
	}
	return &j.suites[i]
}

func (j *junitRenderer) Render(_ *stream.Sink, r *check.Result) {
	s := j.suite(r.File)
	reported := false
	for f, level := range r.Reported {
		j.add(s, r, f, level)
		reported = true
	}
	if !reported {
		s.Tests++ // a URI checked clean: a test that passed, with no testcase
	}
}

func (j *junitRenderer) add(s *junitSuite, r *check.Result, f *finding.Finding, level finding.Severity) {
	loc := strconv.Itoa(r.Line) + ":" + strconv.Itoa(r.ColumnAt(f.Offset))
	input := reportText(r.Input, j.showPassword)
	c := junitCase{Name: loc + " " + f.Rule + ": " + input, ClassName: s.Name}
	problem := &junitProblem{Type: f.Rule, Message: f.Message, Text: s.Name + ":" + loc + ": " + f.Message + "\n" + input}
	if level == finding.Note {
		c.Skipped = problem
		s.Skipped++
	} else {
		c.Failure = problem
		s.Failures++
	}
	if r.File != "" {
		c.File, c.Line = DisplayFile(r.File), strconv.Itoa(r.Line)
	}
	s.Cases = append(s.Cases, c)
	s.Tests++
}

// Unreadable is a testcase with an error: the file could not be checked.
func (j *junitRenderer) Unreadable(_ *stream.Sink, file string, err error) {
	s := j.suite(file)
	s.Cases = append(s.Cases, junitCase{Name: "read " + DisplayFile(file), ClassName: s.Name, File: DisplayFile(file),
		Error: &junitProblem{Type: finding.RuleIO, Message: err.Error(), Text: err.Error()}})
	s.Tests++
	s.Errors++
}

// Parallel is false: the report is one document, its counts first.
func (j *junitRenderer) Parallel() bool { return false }

func (j *junitRenderer) Finish(sink *stream.Sink) {
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
