package cmd

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/extract"
	"github.com/uritool/uritool/internal/lines"
	"github.com/uritool/uritool/internal/render"
)

// LintOptions are the options of uritool lint.
type LintOptions struct {
	*RootOptions
	CheckFlags
	Extract bool
	Files   []string
}

// NewLintCmd builds uritool lint.
func NewLintCmd(root *RootOptions) *cobra.Command {
	opts := &LintOptions{RootOptions: root}
	c := &cobra.Command{
		Use:   "lint [flags] FILE...",
		Short: "Check the URIs in files, with file, line and column, for CI",
		Long: `Check the URIs in files strictly by RFC 3986, as validate does, and report
each finding at its file, line and column in a format CI systems read: text
(as compilers print errors), json (JSON Lines, one record per URI checked),
github (workflow commands that annotate the line) or sarif (one SARIF 2.1.0
log, for code scanning).

Each non-blank line of a file is one URI. With --extract, lint finds the URIs
inside prose and markup instead (Markdown, HTML, YAML, plain text): angle
brackets and double quotes delimit a URI (RFC 3986 Appendix C), trailing
sentence punctuation and an unbalanced ")" are not part of it, and a scheme
used without "//" counts only when it is a known one (mailto:, urn:, tel:, ...).

"-" reads standard input. A file that cannot be read is reported and the
others are still checked; the exit status is then 3.`,
		Example: `  uritool lint links.txt redirects.txt
  uritool lint --extract --format github README.md docs/*.md
  uritool lint --scheme https --no-userinfo --lint --format sarif urls.txt > uritool.sarif`,
		Args: cobra.MinimumNArgs(1),
		Annotations: map[string]string{
			AnnotationJSONFields: `With --format json, one object per URI checked:

  file      the file name ("<stdin>" for -)
  line      1-based line
  column    1-based column of the error in the line, or null
  input     the URI as found
  valid     true or false
  error     null, or {"offset", "rule", "message"}; offset is within input
  warnings  with --lint: [{"rule", "message", "offset"}]`,
			AnnotationExitStatus: `  0 when no finding was made,
  1 when some URI is invalid, breaks a policy or draws a --lint warning,
  2 for a usage error: a bad flag, argument or configuration file,
  3 when a file could not be read (the others are still checked).`,
		},
		RunE: func(c *cobra.Command, args []string) error {
			opts.Files = args
			return runLint(opts)
		},
	}
	addCheckFlags(c, &opts.CheckFlags, render.CheckFormats)
	c.Flags().BoolVar(&opts.Extract, "extract", false, "find the URIs inside prose and markup instead of reading one per line")
	c.ValidArgsFunction = func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return nil, cobra.ShellCompDirectiveDefault
	}
	return c
}

func runLint(opts *LintOptions) error {
	outPal, errPal, err := opts.palettes()
	if err != nil {
		return err
	}
	run, err := opts.newCheckRun(render.CheckOptions{
		Format: opts.Format, WithFile: true, ShowPassword: opts.ShowPassword, Palette: outPal, Version: version(),
	})
	if err != nil {
		return err
	}
	o := newOutput(opts.IO)
	unreadable := 0
	for _, name := range opts.Files {
		err := lintFile(opts, o, run, name)
		if _, isIO := err.(*IOError); isIO {
			fmt.Fprintf(o.err, "%s %v\n", errPal.Error.Sprint("uritool: error:"), err)
			unreadable++
			continue
		}
		if err != nil {
			return err
		}
	}
	err = run.renderer.Finish(o.out)
	if opts.Format == render.FormatText {
		fmt.Fprintf(o.err, "%d checked, %d finding(s)\n", run.checked, run.findings)
	}
	if ferr := o.flush(); err == nil {
		err = ferr
	}
	switch {
	case err != nil:
		return err
	case unreadable > 0:
		return &IOError{fmt.Errorf("%d of %d file(s) could not be read", unreadable, len(opts.Files))}
	}
	return findings(run.findings)
}

// lintFile checks every URI of one file; a failure to open or read it is
// an IOError naming the file.
func lintFile(opts *LintOptions, o *output, run *checkRun, name string) error {
	var in io.Reader = opts.IO.In
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return &IOError{err}
		}
		defer f.Close()
		in = f
	}
	r := lines.NewReader(in)
	var found []extract.Candidate
	for {
		line, ok := r.Next()
		if !ok {
			break
		}
		text := string(line)
		if !opts.Extract {
			if strings.TrimSpace(text) == "" {
				continue
			}
			if err := run.check(o.out, name, r.Number(), text); err != nil {
				return err
			}
			continue
		}
		found = extract.Line(found[:0], text)
		for _, c := range found {
			run.result.Prefix = text[:c.Offset]
			err := run.check(o.out, name, r.Number(), c.Text)
			run.result.Prefix = ""
			if err != nil {
				return err
			}
		}
	}
	if err := r.Err(); err != nil {
		return &IOError{fmt.Errorf("%s: %w", render.DisplayFile(name), err)}
	}
	return nil
}
