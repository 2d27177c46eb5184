package render

import (
	"encoding/xml"

	"github.com/uritool/uritool/internal/check"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/stream"
)

// checkstyleRenderer writes one Checkstyle XML report at the end, as
// Jenkins' warnings plugin and reviewdog read it: a <file> per file with
// findings, in the order they came, and an <error> per finding with its
// line, column, severity (error, warning, info), message and source, the
// rule as "uritool.RULE".
type checkstyleRenderer struct {
	files        []checkstyleFile
	byName       map[string]int
	showPassword bool
}

type checkstyleFile struct {
	Name   string            `xml:"name,attr"`
	Errors []checkstyleError `xml:"error"`
}

type checkstyleError struct {
	Line     int    `xml:"line,attr"`
	Column   int    `xml:"column,attr,omitempty"`
	Severity string `xml:"severity,attr"`
	Message  string `xml:"message,attr"`
	Source   string `xml:"source,attr"`
}

var checkstyleSeverity = [...]string{finding.Error: "error", finding.Warning: "warning", finding.Note: "info"}

func (c *checkstyleRenderer) file(name string) *checkstyleFile {
	if c.byName == nil {
		c.byName = map[string]int{}
	}
	i, ok := c.byName[name]
	if !ok {
		i = len(c.files)
		c.byName[name] = i
		c.files = append(c.files, checkstyleFile{Name: name})
	}
	return &c.files[i]
}

func (c *checkstyleRenderer) Render(_ *stream.Sink, r *check.Result) {
	var f *checkstyleFile
	input := reportText(r.Input, c.showPassword)
	for fd, level := range r.Reported {
		if f == nil {
			f = c.file(inputsName(r.File))
		}
		f.Errors = append(f.Errors, checkstyleError{Line: max(r.Line, 1), Column: r.ColumnAt(fd.Offset), Severity: checkstyleSeverity[level],
			Message: fd.Message + ": " + input, Source: "uritool." + fd.Rule})
	}
}

// Unreadable is an error of the file: it could not be checked.
func (c *checkstyleRenderer) Unreadable(_ *stream.Sink, file string, err error) {
	f := c.file(DisplayFile(file))
	f.Errors = append(f.Errors, checkstyleError{Line: 1, Severity: "error", Message: err.Error(), Source: "uritool." + finding.RuleIO})
}

// Parallel is false: the report is one document.
func (c *checkstyleRenderer) Parallel() bool { return false }

func (c *checkstyleRenderer) Finish(sink *stream.Sink) {
	report := struct {
		XMLName xml.Name         `xml:"checkstyle"`
		Version string           `xml:"version,attr"`
		Files   []checkstyleFile `xml:"file"`
	}{Version: "8.0", Files: c.files}
	sink.Out.WriteString(xml.Header)
	enc := xml.NewEncoder(sink.Out)
	enc.Indent("", "  ")
	_ = enc.Encode(report) // plain data: it cannot fail, and sink writes do not
	sink.Out.WriteByte('\n')
}
