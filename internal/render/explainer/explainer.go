// Package explainer prints --explain: how a resolution (RFC 3986 section
// 5.2) or a normalization (6.2.2, 6.2.3) went, step by step, as
// internal/explain traced it.
package explainer

import (
	"fmt"
	"strings"

	"github.com/uritool/uritool/internal/explain"
	"github.com/uritool/uritool/internal/render"
)

// explainer writes one explanation to w, in the colors of pal.
// Passwords are masked, as in all human-readable output, unless
// showPassword.
type explainer struct {
	w            render.Writer
	pal          *render.Palette
	showPassword bool
}

func (e *explainer) show(s string) string {
	if e.showPassword {
		return s
	}
	return e.pal.Passwords.Masked(s)
}

func (e *explainer) row(name, value string) {
	fmt.Fprintf(e.w, "%s %s\n", e.pal.Label.Sprintf("%-10s", name), value)
}

// start starts an explanation on w, after a blank line unless it is the
// first input's.
func start(w render.Writer, o *render.TextOptions, line int) *explainer {
	if line > 1 {
		w.WriteByte('\n')
	}
	return &explainer{w: w, pal: o.Out, showPassword: o.ShowPassword}
}

// Resolution explains one resolution of ref against base, the reference
// of input line.
func Resolution(w render.Writer, o *render.TextOptions, line int, base, ref string, tr explain.Trace) {
	e := start(w, o, line)
	e.row("base", e.show(base))
	e.row("reference", e.show(ref))
	e.row("branch", tr.Branch.String()+e.pal.Dim.Sprint("  [5.2.2]"))
	if tr.Branch == explain.BranchMerge {
		e.row("merge", fmt.Sprintf("%q + %q = %q", tr.MergePrefix, strings.TrimPrefix(tr.Merged, tr.MergePrefix), tr.Merged)+e.pal.Dim.Sprint("  [5.2.3]"))
	}
	switch {
	case hasDotRule(tr.DotSteps):
		e.dotTable(tr)
	case tr.Branch != explain.BranchEmptyPath:
		e.row("dots", fmt.Sprintf("none in %q", tr.DotInput)+e.pal.Dim.Sprint("  [5.2.4]"))
	}
	e.row("target", e.pal.OK.Sprint(e.show(tr.Target.String())))
}

// hasDotRule reports whether remove_dot_segments did more than move
// segments (rule E), which is when its table is worth showing.
func hasDotRule(steps []explain.DotStep) bool {
	for _, s := range steps {
		if s.Rule != "E" {
			return true
		}
	}
	return false
}

// dotTable prints remove_dot_segments in the layout of RFC 3986 5.2.4.
func (e *explainer) dotTable(tr explain.Trace) {
	width := len("OUTPUT BUFFER")
	for _, s := range tr.DotSteps {
		width = max(width, len(s.Output))
	}
	fmt.Fprintf(e.w, "%s %s\n", e.pal.Label.Sprintf("%-10s", "dots"), "remove_dot_segments"+e.pal.Dim.Sprint("  [5.2.4]"))
	fmt.Fprintf(e.w, "    %s\n", e.pal.Dim.Sprintf("%-6s %-*s  %s", "STEP", width, "OUTPUT BUFFER", "INPUT BUFFER"))
	fmt.Fprintf(e.w, "    %-6s %-*s  %s\n", "", width, "", tr.DotInput)
	for i, s := range tr.DotSteps {
		fmt.Fprintf(e.w, "    %-6s %-*s  %s\n", fmt.Sprintf("%d %s", i+1, s.Rule), width, s.Output, s.Input)
	}
}

// Normalization explains the normalization of input, line's.
func Normalization(w render.Writer, o *render.TextOptions, line int, input string, steps []explain.Step, result string) {
	e := start(w, o, line)
	e.row("input", e.show(input))
	if len(steps) == 0 {
		e.row("result", e.pal.OK.Sprint("already in normal form"))
		return
	}
	for _, s := range steps {
		fmt.Fprintf(e.w, "%s %s\n", e.pal.Label.Sprintf("%-10s", s.Section), s.Rule)
		fmt.Fprintf(e.w, "    %s %s\n    %s %s\n", e.pal.Dim.Sprint("before"), e.show(s.Before), e.pal.Dim.Sprint("after "), e.show(s.After))
	}
	e.row("normalized", e.pal.OK.Sprint(e.show(result)))
}
