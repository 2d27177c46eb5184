// Package finding is uritool's one model of what is wrong with an input:
// a Finding says how bad, where, by which rule and why, and the rule table
// describes every rule any command reports. The error types of pkg/uri,
// iri, pct, uritemplate and edit become Findings in one function, Of, and
// every format (text, JSON, GitHub, SARIF, lint --list-rules) reads the
// same table.
package finding

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"unicode/utf8"

	"github.com/uritool/uritool/internal/edit"
	"github.com/uritool/uritool/internal/iri"
	"github.com/uritool/uritool/internal/pct"
	"github.com/uritool/uritool/pkg/uri"
	"github.com/uritool/uritool/pkg/uritemplate"
)

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

// The baseline states of a finding, as SARIF's baselineState names them.
const (
	New       = "new"
	Unchanged = "unchanged"
)

// Of describes err: a parse error of pkg/uri, a conversion error of iri,
// a decoding error of pct, a template error, a failed edit or build. Any
// other error has rule and its text.
func Of(err error, rule string) *Finding {
	f := From(err, rule)
	return &f
}

// From is Of for a caller that keeps the Finding in place.
func From(err error, rule string) Finding {
	if pe, ok := err.(*uri.ParseError); ok { // most errors, without errors.As's reflection
		return Finding{Offset: pe.Offset, Rule: pe.Rule, Message: pe.Msg}
	}
	// Edits and builds wrap a ParseError of the component, not the input:
	// they come first.
	var (
		pe *uri.ParseError
		ie *iri.Error
		de *pct.Error
		te *uritemplate.Error
		ee *edit.Error
		be *uri.BuildError
		jt *json.UnmarshalTypeError
		js *json.SyntaxError
	)
	switch {
	case errors.As(err, &ee):
		// The fault is in the edit, not the input: the caret goes under
		// the reference's start.
		f := Finding{Rule: "edit", Message: ee.Error()}
		if ee.Rule != "" {
			f.Rule = ee.Rule
		} else if errors.As(ee.Err, &be) && be.Err != nil {
			f.Rule, f.Message = be.Err.Rule, ee.Flag+": "+be.Component+": "+be.Err.Msg
		}
		return f
	case errors.As(err, &be) && be.Err != nil:
		return Finding{Rule: be.Err.Rule,
			Message: fmt.Sprintf("%s: %s (at offset %d of the %s)", be.Component, be.Err.Msg, be.Err.Offset, be.Component)}
	case errors.As(err, &pe):
		return Finding{Offset: pe.Offset, Rule: pe.Rule, Message: pe.Msg}
	case errors.As(err, &ie):
		return Finding{Offset: ie.Offset, Rule: ie.Rule, Message: ie.Msg}
	case errors.As(err, &de):
		return Finding{Offset: de.Offset, Rule: "pct-encoded", Message: de.Msg}
	case errors.As(err, &te):
		return Finding{Offset: te.Offset, Rule: rule, Message: te.Msg}
	case errors.As(err, &jt):
		// encoding/json names Go types ("Go struct field
		// components.path of type string"); say it in JSON's terms.
		if jt.Field == "" {
			return Finding{Rule: "json", Message: "want " + jsonKind(jt.Type) + ", not " + article(jt.Value)}
		}
		return Finding{Rule: "json", Message: fmt.Sprintf("%q must be %s, not %s", jt.Field, jsonKind(jt.Type), article(jt.Value))}
	case errors.As(err, &js):
		return Finding{Offset: max(int(js.Offset)-1, 0), Rule: "json", Message: js.Error()}
	}
	return Finding{Rule: rule, Message: err.Error()}
}

// jsonKind names what JSON value a Go type reads.
func jsonKind(t reflect.Type) string {
	orNull := ""
	for t.Kind() == reflect.Pointer {
		t, orNull = t.Elem(), " or null"
	}
	switch t.Kind() {
	case reflect.String:
		return "a string" + orNull
	case reflect.Bool:
		return "true or false" + orNull
	case reflect.Slice, reflect.Array:
		return "an array" + orNull
	case reflect.Struct, reflect.Map:
		return "an object" + orNull
	}
	return "a number" + orNull
}

// article puts "a" or "an" before a JSON kind ("number", "array").
func article(kind string) string {
	if strings.ContainsRune("aeiou", rune(kind[0])) {
		return "an " + kind
	}
	return "a " + kind
}

// ColumnOf is the 1-based column, in Unicode code points as editors count
// them, of byte offset within input: where a finding is, for people and
// editors. Every format reports this column, so they agree after
// non-ASCII text; an invalid UTF-8 byte counts as one column.
func ColumnOf(input string, offset int) int {
	offset = min(max(offset, 0), len(input))
	return utf8.RuneCountInString(input[:offset]) + 1
}
