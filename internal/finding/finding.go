// Package finding is uritool's one model of what is wrong with an input:
// a Finding says how bad, where, by which rule and why, and the rule table
// describes every rule any command reports. Every format (text, JSON,
// GitHub, SARIF, lint --list-rules) reads the same table. The errors of
// the packages that read references become Findings in one place,
// internal/errfinding, so that this model imports none of them.
package finding

import "unicode/utf8"

// Severity is how bad a finding is. An error and a warning make the exit
// status 1; a note does not.
type Severity uint8

const (
	Error   Severity = iota // the input is invalid or breaks a policy
	Warning                 // a valid input that is risky (RFC 3986 section 7)
	Note                    // worth knowing, nothing wrong: a template's source
)

func (s Severity) String() string {
	switch s {
	case Warning:
		return "warning"
	case Note:
		return "note"
	}
	return "error"
}

// Fails reports whether a finding of this severity fails the run.
func (s Severity) Fails() bool { return s != Note }

// Finding is one thing wrong with an input. The zero Finding is an error
// at offset 0 with no rule.
type Finding struct {
	Severity Severity `json:"-"`
	// Offset is the byte offset into the input where the problem starts.
	Offset  int    `json:"offset"`
	Rule    string `json:"rule"`
	Message string `json:"message"`
	// Baseline is "new" or "unchanged" when lint runs with a baseline:
	// an unchanged finding was there before, and does not fail the run.
	Baseline string `json:"baseline,omitempty"`
	// Change is what lint --since found of the finding: on a line the
	// change added or modified ("line"), on another line but caused by
	// the change ("target": it deleted or renamed the target, or removed
	// the anchor), or neither ("older"), which fails nothing.
	Change string `json:"change,omitempty"`
	// Target is the file a target's finding is about, absolute: the path
	// looked up, or the document whose anchors were searched.
	Target string `json:"-"`
}

// Level is the severity of a finding that comes after an error: a note
// stays a note, anything else is a warning (a lint's, or a target's).
func (f *Finding) Level() Severity {
	if f.Severity == Note {
		return Note
	}
	return Warning
}

// Unchanged reports a finding the baseline already has.
func (f *Finding) Unchanged() bool { return f.Baseline == Unchanged }

// LeftOut reports a finding that fails nothing because it was there
// before: the baseline has it, or it is older than lint --since's commit.
// Reports leave it out.
func (f *Finding) LeftOut() bool { return f.Baseline == Unchanged || f.Change == Older }

// The baseline states of a finding, as SARIF's baselineState names them.
const (
	New       = "new"
	Unchanged = "unchanged"
)

// What lint --since found of a finding (Finding.Change).
const (
	ChangedLine   = "line"
	ChangedTarget = "target"
	Older         = "older"
)

// ColumnOf is the 1-based column, in Unicode code points as editors count
// them, of byte offset within input: where a finding is, for people and
// editors. Every format reports this column, so they agree after
// non-ASCII text; an invalid UTF-8 byte counts as one column.
func ColumnOf(input string, offset int) int {
	offset = min(max(offset, 0), len(input))
	return utf8.RuneCountInString(input[:offset]) + 1
}
