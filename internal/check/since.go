package check

import (
	"bytes"
	"sync/atomic"

	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/since"
	"github.com/uritool/uritool/internal/target"
)

// Since marks each finding with what a change since a commit has to do
// with it (lint --since): a finding on a line the change added or
// modified is the change's; so is one on another line whose target file
// the change deleted or renamed, or whose anchor it removed, and its
// message says which. Any other finding was there before: it is marked
// older, fails nothing, and is counted.
type Since struct {
	Change *since.Change
	older  atomic.Int64
}

// Older is how many findings that fail a run were left out as older.
func (s *Since) Older() int { return int(s.older.Load()) }

// sinceFile is what the change did to a file, looked up once per run of
// its inputs.
type sinceFile struct {
	name   string
	rel    string // from the repository's top
	inRepo bool
	lines  *since.File
}

// mark marks the findings of r, found in the file sf; tree is where
// references lead and doc the document r is in (nil for a list), for the
// names and places a target is found under.
func (s *Since) mark(r *Result, sf *sinceFile, tree *target.Tree, doc *target.Doc) {
	if !sf.inRepo || r.Error == nil && len(r.Warnings) == 0 {
		return // no history to ask (standard input, another repository), or no finding
	}
	touched := sf.lines.Touched(r.Line)
	m := func(f *finding.Finding) {
		switch {
		case touched:
			f.Change = finding.ChangedLine
		case s.caused(f, r.Input, tree, doc):
			f.Change = finding.ChangedTarget
		default:
			f.Change = finding.Older
			if f.Severity.Fails() {
				s.older.Add(1)
			}
		}
	}
	if r.Error != nil {
		m(r.Error)
	}
	for i := range r.Warnings {
		m(&r.Warnings[i])
	}
}

// caused reports whether the change caused f, a finding of input on a
// line it did not touch, and if so says how in f's message.
func (s *Since) caused(f *finding.Finding, input string, tree *target.Tree, doc *target.Doc) bool {
	if f.Target == "" {
		return false
	}
	rel, ok := s.Change.Path(f.Target)
	if !ok {
		return false
	}
	cause := ""
	switch f.Rule {
	case target.RuleMissingTarget, target.RuleTargetCase:
		how := s.Change.Removed(rel)
		if how == "" && tree != nil && doc != nil {
			// A site generator's names and places: "x.html" or "x/"
			// found as x.md, "/x.png" as public/x.png.
			for _, p := range tree.Fallbacks(doc, input, f.Target) {
				if rel, ok := s.Change.Path(p); ok {
					if how = s.Change.Removed(rel); how != "" {
						break
					}
				}
			}
		}
		if how == "" {
			return false
		}
		cause = "target " + how + " in this change"
	case target.RuleMissingFragment, target.RuleFragmentCase:
		before, changed, err := s.Change.Before(rel)
		if !changed || err != nil {
			return false
		}
		if tree == nil || !tree.Names(doc, input, f.Target, bytes.NewReader(before)) {
			return false
		}
		cause = "anchor removed in this change"
	default:
		return false
	}
	f.Message += " (" + cause + ")"
	return true
}
