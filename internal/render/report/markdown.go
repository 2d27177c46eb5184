package report

import (
	"fmt"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/uritool/uritool/internal/check"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/sink"
)

// markdownFindings is how many findings the Markdown summary lists; the
// counts cover them all.
const markdownFindings = 20

// markdownRenderer writes a Markdown summary at the end, for a CI job's
// summary page ($GITHUB_STEP_SUMMARY, which the Action fills with it): how
// many findings in how many files of how many URIs checked (those a
// baseline knows apart), the counts by rule, then the first findings,
// each linked to its file and line when LinkBase is given.
type markdownReport struct {
	linkBase string
	text     func(string) string // an input as the report shows it
	// What the parts gave, merged in input order.
	byRule  map[string]int
	rules   []string // in the order first seen
	total   int      // the findings that fail the run
	notes   int
	known   int // findings the baseline has: they fail nothing
	older   int // findings older than --since's commit: likewise
	since   string
	checked int // URIs checked
	files   map[string]bool
	rows    []string
	unread  []string // the files that could not be read
}

// markdownPart is what a block adds to the summary: its counts and its
// findings, the first markdownFindings of them with their rows, since no
// later one can be among the summary's first.
type markdownPart struct {
	checked, known, older int
	findings              []markdownFinding
	unreadable            []string
}

type markdownFinding struct {
	rule  string
	level finding.Severity
	file  string
	row   string // "" past the block's first markdownFindings
}

func (m *markdownReport) add(p *markdownPart, r *check.Result) {
	p.checked++
	if r.Clean() { // most inputs: nothing to count or list
		return
	}
	count := func(f *finding.Finding) {
		switch {
		case f.Unchanged():
			p.known++
		case f.Change == finding.Older && f.Severity.Fails():
			p.older++
		}
	}
	if r.Error != nil {
		count(r.Error)
	}
	for i := range r.Warnings {
		count(&r.Warnings[i])
	}
	for f, level := range r.Reported {
		mf := markdownFinding{rule: f.Rule, level: level, file: r.File}
		if len(p.findings) < markdownFindings {
			mf.row = m.row(r, f, level.String())
		}
		p.findings = append(p.findings, mf)
	}
}

func (m *markdownReport) merge(p *markdownPart) {
	m.checked += p.checked
	m.known += p.known
	m.older += p.older
	for _, f := range p.findings {
		if f.level.Fails() { // a file of notes alone has no finding
			if m.files == nil {
				m.files = map[string]bool{}
			}
			m.files[f.file] = true
		}
		if m.byRule == nil {
			m.byRule = map[string]int{}
		}
		if m.byRule[f.rule] == 0 {
			m.rules = append(m.rules, f.rule)
		}
		m.byRule[f.rule]++
		if f.level == finding.Note {
			m.notes++
		} else {
			m.total++
		}
		if len(m.rows) < markdownFindings {
			m.rows = append(m.rows, f.row)
		}
	}
	m.unread = append(m.unread, p.unreadable...)
	clear(p.findings)
	clear(p.unreadable)
	*p = markdownPart{findings: p.findings[:0], unreadable: p.unreadable[:0]}
}

// row is a finding's row of the table.
func (m *markdownReport) row(r *check.Result, f *finding.Finding, level string) string {
	loc := strconv.Itoa(r.Line) + ":" + strconv.Itoa(r.ColumnAt(f.Offset))
	if r.File != "" {
		file := r.File
		if r.RepoPath != "" {
			file = r.RepoPath // a link names the file from the repository's root
		}
		loc = m.link(DisplayFile(r.File)+":"+loc, file, r.Line)
	} else {
		loc = "`" + loc + "`"
	}
	return fmt.Sprintf("| %s | %s | `%s` | %s | %s |", loc, level, f.Rule, markdownCell(f.Message), markdownCode(m.text(r.Input)))
}

// link writes text as a link to file's line under linkBase, or as code
// without one.
func (m *markdownReport) link(text, file string, line int) string {
	if m.linkBase == "" || file == "-" {
		return "`" + text + "`"
	}
	// One '/' between the base and the path, whichever writes it.
	base := strings.TrimSuffix(m.linkBase, "/") + "/"
	return "[`" + text + "`](" + base + (&url.URL{Path: strings.TrimPrefix(path.Clean("/"+file), "/")}).EscapedPath() + "#L" + strconv.Itoa(line) + ")"
}

func (m *markdownReport) unreadable(p *markdownPart, file string, err error) {
	p.unreadable = append(p.unreadable, markdownCell(err.Error()))
}

func (m *markdownReport) finish(s *sink.Sink) {
	w := s.Out
	w.WriteString("## uritool lint\n\n")
	if m.total == 0 {
		fmt.Fprintf(w, "No findings: %d URI(s) checked.", m.checked)
	} else {
		fmt.Fprintf(w, "%d finding(s) in %d file(s); %d URI(s) checked.", m.total, len(m.files), m.checked)
	}
	if m.notes > 0 {
		fmt.Fprintf(w, " %d note(s), which fail nothing.", m.notes)
	}
	if m.known > 0 {
		fmt.Fprintf(w, " %d more in the baseline.", m.known)
	}
	if m.older > 0 {
		fmt.Fprintf(w, " %d more older than %s, left out.", m.older, markdownCode(m.since))
	}
	if len(m.unread) > 0 {
		fmt.Fprintf(w, " %d file(s) could not be read.", len(m.unread))
	}
	w.WriteString("\n")
	if m.total+m.notes+len(m.unread) == 0 {
		return
	}
	w.WriteString("\n")
	if m.total+m.notes > 0 {
		rules := slices.Clone(m.rules)
		slices.SortStableFunc(rules, func(a, b string) int { return m.byRule[b] - m.byRule[a] })
		w.WriteString("| rule | findings | what it means |\n|---|---:|---|\n")
		for _, id := range rules {
			r, _ := finding.Describe(id)
			fmt.Fprintf(w, "| `%s` | %d | %s |\n", id, m.byRule[id], markdownCell(r.Description))
		}
		w.WriteString("\n| where | level | rule | message | URI |\n|---|---|---|---|---|\n")
		for _, row := range m.rows {
			w.WriteString(row + "\n")
		}
		if more := m.total + m.notes - len(m.rows); more > 0 {
			fmt.Fprintf(w, "\n… and %d more.\n", more)
		}
	}
	for _, u := range m.unread {
		w.WriteString("\n- could not read: " + u + "\n")
	}
}

// markdownCell escapes text for a table cell: pipes split cells, line
// ends end rows, and '<', '>' and '&' would be HTML, which a job's page
// renders.
func markdownCell(s string) string { return cellEscaper.Replace(s) }

var codeCellEscaper = strings.NewReplacer("|", `\|`, "\n", " ", "\r", " ")

var cellEscaper = strings.NewReplacer("|", `\|`, "\n", " ", "\r", " ", "&", "&amp;", "<", "&lt;", ">", "&gt;")

// markdownCode writes s as inline code in a table cell, with a fence of
// backticks longer than any run in it.
func markdownCode(s string) string {
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	pad := ""
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		pad = " "
	}
	// In code a '<' is shown as written: only the table's own
	// delimiters need escaping.
	return fence + pad + codeCellEscaper.Replace(s) + pad + fence
}
