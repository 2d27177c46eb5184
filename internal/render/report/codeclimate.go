package report

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strconv"

	"github.com/uritool/uritool/internal/check"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/sink"
)

// codeClimateRenderer writes one Code Climate JSON array at the end, the
// report GitLab's merge request widget reads (artifacts:reports:
// codequality): per finding its description, check_name, fingerprint,
// severity and location. The fingerprint is a hash of what the baseline
// knows a finding by (its file from the repository's root, rule and URI)
// and of its rank among the findings that share them, so that it
// survives lines added above it, as GitLab needs to tell new findings
// from old.
type codeClimateReport struct {
	text   func(string) string // an input as the report shows it
	issues []codeClimateIssue  // merged, in input order
	seen   map[string]int      // findings per identity, for the rank
}

// codeClimatePart is a block's issues, their fingerprints not yet known:
// a rank counts the issues of the same identity before it in input order.
type codeClimatePart struct {
	issues []codeClimateIssue
	ids    []string
}

type codeClimateIssue struct {
	Description string              `json:"description"`
	CheckName   string              `json:"check_name"`
	Fingerprint string              `json:"fingerprint"`
	Severity    string              `json:"severity"`
	Location    codeClimateLocation `json:"location"`
}

type codeClimateLocation struct {
	Path  string           `json:"path"`
	Lines codeClimateLines `json:"lines"`
}

type codeClimateLines struct {
	Begin int `json:"begin"`
}

// codeClimateSeverity maps a finding's severity to Code Climate's scale
// (info, minor, major, critical, blocker).
var codeClimateSeverity = [...]string{finding.Error: "major", finding.Warning: "minor", finding.Note: "info"}

func (c *codeClimateReport) add(p *codeClimatePart, r *check.Result) {
	path := reportPath(r)
	input := c.text(r.Input)
	for f, level := range r.Reported {
		p.add(path, f.Rule, r.Input, f.Message+": "+input, codeClimateSeverity[level], r.Line)
	}
}

func (p *codeClimatePart) add(path, rule, uri, description, severity string, line int) {
	p.ids = append(p.ids, path+"\x00"+rule+"\x00"+uri)
	p.issues = append(p.issues, codeClimateIssue{Description: description, CheckName: rule,
		Severity: severity, Location: codeClimateLocation{Path: path, Lines: codeClimateLines{Begin: max(line, 1)}}})
}

// unreadable is an issue of the file: it could not be checked.
func (c *codeClimateReport) unreadable(p *codeClimatePart, file string, err error) {
	p.add(DisplayFile(file), finding.RuleIO, "", err.Error(), "major", 1)
}

func (c *codeClimateReport) merge(p *codeClimatePart) {
	if c.seen == nil {
		c.seen = map[string]int{}
	}
	for i, id := range p.ids {
		rank := c.seen[id]
		c.seen[id] = rank + 1
		sum := sha256.Sum256([]byte(id + "\x00" + strconv.Itoa(rank)))
		p.issues[i].Fingerprint = hex.EncodeToString(sum[:16])
	}
	c.issues = append(c.issues, p.issues...)
	clear(p.issues)
	clear(p.ids)
	p.issues, p.ids = p.issues[:0], p.ids[:0]
}

func (c *codeClimateReport) finish(sink *sink.Sink) {
	issues := c.issues
	if issues == nil {
		issues = []codeClimateIssue{} // "[]": no findings is a report too
	}
	b, _ := json.MarshalIndent(issues, "", "  ") // plain data: it cannot fail
	sink.Out.Write(b)
	sink.Out.WriteByte('\n')
}

// reportPath is a result's file as reports that CI systems read name it:
// from the repository's root when lint knows it, else as given.
func reportPath(r *check.Result) string {
	if r.RepoPath != "" {
		return r.RepoPath
	}
	return inputsName(r.File)
}

// inputsName is a file's name in the reports that group by file (JUnit,
// Checkstyle, Code Climate): validate's inputs, which come from no file,
// are "uritool validate".
func inputsName(file string) string {
	if file == "" {
		return "uritool validate"
	}
	return DisplayFile(file)
}
