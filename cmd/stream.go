package cmd

import (
	"bytes"
	"fmt"
	"io"

	"github.com/uritool/uritool/internal/check"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/pipeline"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/pkg/uri"
)

// IOStreams are a command's standard streams, injected so that tests run
// the real commands against buffers.
type IOStreams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer
	// Getenv reads the terminal's environment (NO_COLOR, TERM, HOME,
	// XDG_CONFIG_HOME, COLUMNS); os.Getenv in main. URITOOL_* settings
	// are read by viper from the process environment.
	Getenv func(string) string
}

// run runs a command's operation over the inputs args name, and turns
// the outcome into its error: findings, or an I/O failure.
func run[R any](o *RootOptions, args []string, c pipeline.Command[R]) error {
	env := pipeline.Env{Stdin: o.IO.In, Stdout: o.IO.Out, Stderr: o.IO.ErrOut,
		IsTerminal: func(r io.Reader) bool { return render.IsTerminal(r) }}
	stats, err := pipeline.Run(env, args, c)
	switch {
	case err != nil:
		return err
	case stats.Unreadable > 0:
		return &IOError{fmt.Errorf("%d file(s) could not be read", stats.Unreadable)}
	}
	return findings(stats.Findings)
}

// parseRef parses an input as a URI reference or, with asIRI, as an IRI
// reference. Refused for a character only IRIs allow, its error says so.
func parseRef(text string, asIRI bool) (uri.URI, error) {
	if asIRI {
		return uri.ParseIRI(text)
	}
	u, err := uri.Parse(text)
	if err != nil {
		return u, withIRIHint(text, err)
	}
	return u, nil
}

// withIRIHint adds the IRI hint to a parse error; apart from parseRef so
// that valid input, the common case, allocates nothing.
func withIRIHint(text string, err error) error {
	if pe, ok := err.(*uri.ParseError); ok {
		if hint := check.IRIHint(text, pe.Offset); hint != "" {
			e := *pe
			e.Msg += hint
			return &e
		}
	}
	return err
}

// parseArg parses an argument that applies to every input, such as a
// base, once, before any input is read: a bad one is a usage error that
// names the argument and shows where it broke.
func (o *RootOptions) parseArg(what, s string, absolute bool) (uri.URI, error) {
	u, err := uri.Parse(s)
	if err == nil && absolute && !u.IsAbsolute() {
		return uri.URI{}, usageErrorf("%s %q is not a URI: it needs a scheme (RFC 3986 section 5.2.1)", what, render.MaskPassword(s))
	}
	if err == nil {
		return u, nil
	}
	if err := o.showArgError(what, s, finding.Of(err, what)); err != nil {
		return uri.URI{}, err
	}
	return uri.URI{}, usageErrorf("%s %q is not a URI reference", what, render.MaskPassword(s))
}

// showArgError writes the caret diagnostic of a bad argument on stderr.
func (o *RootOptions) showArgError(what, s string, f *finding.Finding) error {
	_, errPal := o.palettes()
	var diag bytes.Buffer
	render.Diagnostic(&diag, errPal, what, check.ColumnOf("", s, f.Offset), s, f, false, false)
	if _, err := o.IO.ErrOut.Write(diag.Bytes()); err != nil {
		return &IOError{err}
	}
	return nil
}

// tableRenderer returns the renderers of a result type's table.
func tableRenderer[R any](t *render.Table[R], format string, o render.TextOptions) func() render.Renderer[R] {
	return func() render.Renderer[R] { return render.NewTableRenderer(t, format, o) }
}
