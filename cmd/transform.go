package cmd

import (
	"errors"

	"github.com/uritool/uritool/internal/check"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/pkg/uri"
)

// findingOf describes err, which is a *uri.ParseError for bad syntax, for
// the renderers; rule names what failed for any other error.
func findingOf(err error, rule string) *check.Finding {
	var pe *uri.ParseError
	if errors.As(err, &pe) {
		return &check.Finding{Offset: pe.Offset, Rule: pe.Rule, Message: pe.Msg}
	}
	return &check.Finding{Rule: rule, Message: err.Error()}
}

// transformRun renders the outcomes of resolve, normalize and relativize
// and counts the failures.
type transformRun struct {
	o *output
	r *render.Transformer
	// explainer is set with --explain, which replaces the usual output.
	explainer *render.Explainer
	failed    int
}

// transformOutput is how a transform's results are written.
type transformOutput struct {
	JSON, Explain, ShowPassword bool
}

func newTransformRun(root *RootOptions, how transformOutput) (*transformRun, error) {
	outPal, errPal, err := root.palettes()
	if err != nil {
		return nil, err
	}
	o := newOutput(root.IO)
	run := &transformRun{o: o, r: render.NewTransformer(o.out, o.err, how.JSON, how.ShowPassword, errPal)}
	if how.Explain {
		run.explainer = render.NewExplainer(o.out, outPal, how.ShowPassword)
	}
	return run, nil
}

func (t *transformRun) emit(r *render.Transformed) error {
	if r.Err != nil {
		t.failed++
	}
	return t.r.Result(r)
}

// finish flushes and turns the outcome into the command's error.
func (t *transformRun) finish(err error) error {
	if ferr := t.o.flush(); err == nil {
		err = ferr
	}
	if err != nil {
		return err
	}
	return findings(t.failed)
}

// parseArg parses a single argument such as a base, or returns a usage
// error that shows where it broke.
func parseArg(root *RootOptions, what, s string) (uri.URI, error) {
	u, err := uri.Parse(s)
	if err == nil {
		return u, nil
	}
	_, errPal, perr := root.palettes()
	if perr != nil {
		return uri.URI{}, perr
	}
	o := newOutput(root.IO)
	render.Diagnostic(o.err, errPal, what, 0, s, findingOf(err, what), false, false)
	if ferr := o.flush(); ferr != nil {
		return uri.URI{}, ferr
	}
	return uri.URI{}, usageErrorf("%s %q is not a URI reference", what, render.MaskPassword(s))
}
