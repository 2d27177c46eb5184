package cmd

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/stream"
)

// LintOptions are the options of uritool lint.
type LintOptions struct {
	*RootOptions
	CheckFlags
	Extract bool
}

// NewLintCmd builds uritool lint.
func NewLintCmd(root *RootOptions) *cobra.Command {
	opts := &LintOptions{RootOptions: root}
	c := &cobra.Command{
		Use:   "lint [flags] FILE...",
		Short: "Check the URIs in files, with file, line and column, for CI",
		Long: `Check the URIs in files strictly by RFC 3986, as validate does, and report
each finding at its file, line and column in a format CI systems read: text
(as compilers print errors, on stderr), json (JSON Lines, one record per URI
checked), github (workflow commands that annotate the line) or sarif (one
SARIF 2.1.0 log, for code scanning).

Each line of a file is one URI, but for blank lines and comments (lines
whose first non-blank character is "#"); a UTF-8 byte order mark before the
first line is ignored. With --extract, lint finds the URIs
inside prose and markup instead (Markdown, HTML, YAML, plain text): angle
brackets and double quotes delimit a URI (RFC 3986 Appendix C), trailing
sentence punctuation and an unbalanced ")" are not part of it, and a scheme
used without "//" counts only when it is a known one (mailto:, urn:, tel:, ...).

"-" reads standard input. Files are checked in parallel and reported in the
order given. A file that cannot be read is reported in its place and the
others are still checked; the exit status is then 3.`,
		Example: `  uritool lint links.txt redirects.txt
  uritool lint --extract --format github README.md docs/*.md
  uritool lint --scheme https --no-userinfo --lint --format sarif urls.txt > uritool.sarif`,
		Args: cobra.MinimumNArgs(1),
		Annotations: map[string]string{
			AnnotationJSONFields: `With --format json, one object per URI checked:

  file      the file name ("<stdin>" for -)
  line      1-based line
  column    1-based column of the error in the line, in code points
            (as editors count them, in every format), or null
  input     the URI as found
  valid     true or false
  error     null, or {"offset", "rule", "message"}; offset is
            within input
  warnings  with --lint: [{"offset", "rule", "message", "column"}]`,
			AnnotationExitStatus: `  0 when no finding was made,
  1 when some URI is invalid, breaks a policy or draws a --lint
    warning,
  2 for a usage error: a bad flag, argument or configuration file,
  3 when a file could not be read (the others are still checked).`,
		},
		RunE: func(c *cobra.Command, args []string) error {
			_, errPal := opts.palettes()
			ro := render.CheckOptions{Format: opts.Format.value, WithFile: true, ShowPassword: opts.ShowPassword, Palette: errPal, Version: version()}
			newWorker, workers := opts.newCheckWorkers(ro, opts.Extract, true)
			cfg := opts.streamConfig(args, newWorker)
			cfg.Files, cfg.WholeFiles, cfg.Workers = true, opts.Extract, workers
			if opts.Format.value == render.FormatText {
				cfg.Summary = func(s stream.Stats) string {
					return fmt.Sprintf("%d checked, %d finding(s)", s.Checked, s.Findings)
				}
			}
			return runStream(cfg)
		},
	}
	addCheckFlags(c, &opts.CheckFlags)
	c.Flags().BoolVar(&opts.Extract, "extract", false, "find the URIs inside prose and markup instead of reading one per line")
	c.ValidArgsFunction = func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return nil, cobra.ShellCompDirectiveDefault
	}
	return c
}
