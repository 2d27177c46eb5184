// Package errfinding turns the errors of the packages that read
// references (pkg/uri, pkg/uritemplate, internal/iri, internal/pct,
// internal/edit) and of encoding/json into findings: their offset, the
// ABNF or other rule they name, and their message. It stands apart from
// the findings model, so that what only prints findings needs none of
// the packages that make them.
package errfinding

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/uritool/uritool/internal/edit"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/iri"
	"github.com/uritool/uritool/internal/pct"
	"github.com/uritool/uritool/pkg/uri"
	"github.com/uritool/uritool/pkg/uritemplate"
)

// Of describes err: a parse error of pkg/uri, a conversion error of iri,
// a decoding error of pct, a template error, a failed edit or build. Any
// other error has rule and its text.
func Of(err error, rule string) *finding.Finding {
	f := From(err, rule)
	return &f
}

// From is Of for a caller that keeps the Finding in place.
func From(err error, rule string) finding.Finding {
	if pe, ok := err.(*uri.ParseError); ok { // most errors, without errors.As's reflection
		return finding.Finding{Offset: pe.Offset, Rule: pe.Rule, Message: pe.Msg}
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
		f := finding.Finding{Rule: "edit", Message: ee.Error()}
		if ee.Rule != "" {
			f.Rule = ee.Rule
		} else if errors.As(ee.Err, &be) && be.Err != nil {
			f.Rule, f.Message = be.Err.Rule, ee.Flag+": "+be.Component+": "+be.Err.Msg
		}
		return f
	case errors.As(err, &be) && be.Err != nil:
		return finding.Finding{Rule: be.Err.Rule,
			Message: fmt.Sprintf("%s: %s (at offset %d of the %s)", be.Component, be.Err.Msg, be.Err.Offset, be.Component)}
	case errors.As(err, &pe):
		return finding.Finding{Offset: pe.Offset, Rule: pe.Rule, Message: pe.Msg}
	case errors.As(err, &ie):
		return finding.Finding{Offset: ie.Offset, Rule: ie.Rule, Message: ie.Msg}
	case errors.As(err, &de):
		return finding.Finding{Offset: de.Offset, Rule: "pct-encoded", Message: de.Msg}
	case errors.As(err, &te):
		return finding.Finding{Offset: te.Offset, Rule: rule, Message: te.Msg}
	case errors.As(err, &jt):
		// encoding/json names Go types ("Go struct field
		// components.path of type string"); say it in JSON's terms.
		if jt.Field == "" {
			return finding.Finding{Rule: "json", Message: "want " + jsonKind(jt.Type) + ", not " + article(jt.Value)}
		}
		return finding.Finding{Rule: "json", Message: fmt.Sprintf("%q must be %s, not %s", jt.Field, jsonKind(jt.Type), article(jt.Value))}
	case errors.As(err, &js):
		return finding.Finding{Offset: max(int(js.Offset)-1, 0), Rule: "json", Message: js.Error()}
	}
	return finding.Finding{Rule: rule, Message: err.Error()}
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
