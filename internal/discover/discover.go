// Package discover finds what lint reads: the files below the directories
// it is given, and the URIs a repository excludes in .uritoolignore or
// --exclude.
package discover

import (
	"fmt"
	"regexp"
)

// IgnoreFile holds the exclusions of a repository, one regular expression
// a line, "#" starting a comment.
const IgnoreFile = ".uritoolignore"

// Excluder drops the URIs that --exclude or .uritoolignore match. A nil
// Excluder excludes nothing.
type Excluder struct {
	res []*regexp.Regexp
}

// Empty reports whether x excludes nothing.
func (x *Excluder) Empty() bool { return x == nil || len(x.res) == 0 }

// Match reports whether s is excluded.
func (x *Excluder) Match(s string) bool {
	if x == nil {
		return false
	}
	for _, re := range x.res {
		if re.MatchString(s) {
			return true
		}
	}
	return false
}

// PatternError is a pattern of --exclude that is no regular expression.
type PatternError struct {
	Pattern string
	Err     error
}

func (e *PatternError) Error() string { return fmt.Sprintf("%q: %v", e.Pattern, e.Err) }
func (e *PatternError) Unwrap() error { return e.Err }

// compile compiles the patterns of --exclude.
func compile(patterns []string) (*Excluder, error) {
	x := &Excluder{}
	for _, p := range patterns {
		re, err := regexp.Compile(p)
		if err != nil {
			return nil, &PatternError{p, err}
		}
		x.res = append(x.res, re)
	}
	return x, nil
}
