package report

import (
	"encoding/xml"

	"github.com/uritool/uritool/internal/check"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/sink"
)

// checkstyleRenderer writes one Checkstyle XML report at the end, as
// Jenkins' warnings plugin and reviewdog read it: a <file> per file with
// findings, in the order they came, and an <error> per finding with its
// line, column, severity (error, warning, info), message and source, the
// rule as "uritool.RULE".
type checkstyleReport struct {
	text  func(string) string // an input as the report shows it
	files firstSeen[checkstyleFile]
}

// checkstylePart is a block's errors, each with its file's name.
type checkstylePart struct {
	names  []string
	errors []checkstyleError
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

func newCheckstyleFile(name string) checkstyleFile { return checkstyleFile{Name: name} }

func (c *checkstyleReport) add(p *checkstylePart, r *check.Result) {
	input := c.text(r.Input)
	for fd, level := range r.Reported {
		p.names = append(p.names, inputsName(r.File))
		p.errors = append(p.errors, checkstyleError{Line: max(r.Line, 1), Column: r.ColumnAt(fd.Offset), Severity: checkstyleSeverity[level],
			Message: fd.Message + ": " + input, Source: "uritool." + fd.Rule})
	}
}

// unreadable is an error of the file: it could not be checked.
func (c *checkstyleReport) unreadable(p *checkstylePart, file string, err error) {
	p.names = append(p.names, DisplayFile(file))
	p.errors = append(p.errors, checkstyleError{Line: 1, Severity: "error", Message: err.Error(), Source: "uritool." + finding.RuleIO})
}

func (c *checkstyleReport) merge(p *checkstylePart) {
	for i, name := range p.names {
		f := &c.files.items[c.files.at(name, newCheckstyleFile)]
		f.Errors = append(f.Errors, p.errors[i])
	}
	clear(p.names)
	clear(p.errors)
	p.names, p.errors = p.names[:0], p.errors[:0]
}

func (c *checkstyleReport) finish(sink *sink.Sink) {
	report := struct {
		XMLName xml.Name         `xml:"checkstyle"`
		Version string           `xml:"version,attr"`
		Files   []checkstyleFile `xml:"file"`
	}{Version: "8.0", Files: c.files.items}
	sink.Out.WriteString(xml.Header)
	enc := xml.NewEncoder(sink.Out)
	enc.Indent("", "  ")
	_ = enc.Encode(report) // plain data: it cannot fail, and sink writes do not
	sink.Out.WriteByte('\n')
}
