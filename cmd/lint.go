package cmd

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/check"
	"github.com/uritool/uritool/internal/config"
	"github.com/uritool/uritool/internal/discover"
	"github.com/uritool/uritool/internal/extract"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/flagval"
	"github.com/uritool/uritool/internal/pipeline"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/stream"
)

// LintOptions are the options of uritool lint.
type LintOptions struct {
	*RootOptions
	CheckFlags
	Extract     bool
	Type        *flagval.Choice
	IncludeCode bool
	Exclude     []string
	ListRules   bool
}

// NewLintCmd builds uritool lint.
func NewLintCmd(root *RootOptions) *cobra.Command {
	opts := &LintOptions{RootOptions: root}
	c := &cobra.Command{
		Use:   "lint [flags] FILE...",
		Short: "Check the URIs in files, with file, line and column, for CI",
		Long: `Check the URIs in files strictly by RFC 3986, as validate does, and report
each finding at its file, line and column in a format CI systems read: text
(as compilers print errors, on stdout, with a summary on stderr), json (JSON Lines, one record per URI
checked), github (workflow commands that annotate the line) or sarif (one
SARIF 2.1.0 log, for code scanning).

Each line of a file is one URI, but for blank lines and comments (lines
whose first non-blank character is "#"); a UTF-8 byte order mark before the
first line is ignored. With --extract, lint finds the URIs inside files instead, by kind
(--type, or the extension: .md and the like are Markdown, .html and .htm
HTML, anything else text). A candidate runs from its scheme to a real
delimiter for its context, and every character before that belongs to it, so
an invalid one is a finding at its column:

  text      whitespace, '<', '>', '"' (RFC 3986 Appendix C), the
            backtick and '|' (table cells, lists), but for '|' inside
            <...>; trailing sentence punctuation, emphasis (*, _, ~) and
            an unbalanced ")" are left out; a scheme without "//" counts
            only when it is a known one (mailto:, urn:, tel:, ...) and
            not right after '{' ({{data:json}} is a template's)
  markdown  as text, and a link destination ends at its closing ")"
            (parentheses balanced) or ">"; backslash escapes (but in
            <...> autolinks) and character references are undone; the
            attributes of raw HTML are read as in html, but for relative
            references; code blocks and code spans are taken literally,
            and skipped unless --include-code
  html      the values of URL attributes (href, src, action, ...), whole
            to the closing quote, with character references decoded;
            relative references are checked with --as reference; the
            text between tags and other attributes' values (alt, title,
            data-*) are decoded, then read as text

Suppressions: a line containing "uritool-disable-next-line" (in any comment
syntax) suppresses the next line, "uritool-disable-line" its own line, and
"uritool-disable" ... "uritool-enable" a region; rule ids may follow the
marker to suppress only those. --exclude REGEX drops the URIs it matches, and
so does each line of .uritoolignore at the root of the repository (the
nearest directory up with .git). The text summary counts what was
suppressed. Columns count code points, as editors do, in every format.

A directory argument is walked for Markdown, HTML and .txt files, skipping
hidden ones, and "-" reads standard input. Files are checked in parallel and
reported in the order given; one that cannot be read is reported in its place
and the others are still checked, and the exit status is then 3.`,
		Example: `  uritool lint links.txt redirects.txt
  uritool lint --extract --format github README.md docs/*.md
  uritool lint --scheme https --no-userinfo --lint --format sarif urls.txt > uritool.sarif
  uritool lint --list-rules --format json`,
		Args: func(c *cobra.Command, args []string) error {
			if opts.ListRules && len(args) > 0 {
				return usageErrorf("--list-rules takes no FILE")
			}
			if opts.ListRules {
				return nil
			}
			return cobra.MinimumNArgs(1)(c, args)
		},
		Annotations: map[string]string{
			AnnotationJSONFields: render.LintFields.String(),
			AnnotationExitStatus: `  0 when no finding was made,
  1 when some URI is invalid, breaks a policy or draws a --lint
    warning,
  2 for a usage error: a bad flag, argument or configuration file,
  3 when a file could not be read (the others are still checked).`,
		},
		RunE: func(c *cobra.Command, args []string) error {
			if opts.ListRules {
				return opts.listRules()
			}
			outPal, _ := opts.palettes() // the findings are lint's results, on stdout
			ro := render.CheckOptions{Format: opts.Format.Value, WithFile: true, Results: true, ShowPassword: opts.ShowPassword, Palette: outPal, Version: version()}
			exclude, err := discover.Compile(opts.Exclude)
			if pe := (*discover.PatternError)(nil); errors.As(err, &pe) {
				return badValue("exclude", pe.Pattern, "%v", pe.Err)
			}
			if err := exclude.ReadIgnoreFile(discover.RepositoryRoot()); err != nil {
				return &UsageError{err}
			}
			files, err := discover.Files(args)
			if err != nil {
				return &IOError{err}
			}
			cmd := pipeline.Command[check.Result]{
				Filter:      &opts.Keep,
				NewOp:       func() pipeline.Op[check.Result] { return opts.newCheckOp(exclude) },
				NewRenderer: func() render.Renderer[check.Result] { return render.NewChecker(ro) },
				Files:       true,
				Cut:         stream.Cut{List: true, Extract: opts.Extract, Kind: opts.Type.Value, IncludeCode: opts.IncludeCode},
			}
			if opts.Format.Value == render.FormatText {
				cmd.Summary = func(s stream.Stats) string {
					summary := fmt.Sprintf("%d checked, %d finding(s)", s.Checked, s.Findings)
					if s.Suppressed > 0 {
						summary += fmt.Sprintf(", %d suppressed", s.Suppressed)
					}
					return summary
				}
			}
			return run(root, files, cmd)
		},
	}
	addCheckFlags(c, &opts.CheckFlags)
	f := c.Flags()
	f.BoolVar(&opts.Extract, "extract", false, "find the URIs inside prose and markup instead of reading one per line")
	opts.Type = flagval.NewChoice("auto", "TYPE", append([]string{"auto"}, extract.Kinds...)...)
	flagval.AddChoice(c, opts.Type, "type", "with --extract, read every file as text, markdown or html (auto: by extension)")
	f.BoolVar(&opts.ListRules, "list-rules", false, "print every rule a finding can name, with its severity, RFC section and description, and exit")
	_ = f.SetAnnotation("list-rules", config.AnnotationOneOff, nil)
	f.BoolVar(&opts.IncludeCode, "include-code", false, "with --extract, also check Markdown code blocks and code spans")
	f.StringArrayVar(&opts.Exclude, "exclude", nil, "skip URIs that match this `REGEX` (repeatable; .uritoolignore adds more)")
	_ = c.RegisterFlagCompletionFunc("exclude", cobra.NoFileCompletions)
	c.ValidArgsFunction = func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return nil, cobra.ShellCompDirectiveDefault
	}
	return c
}

// listRules prints the rule table, for people writing suppressions.
func (o *LintOptions) listRules() error {
	if f := o.Format.Value; f != render.FormatText && f != render.FormatJSON {
		return usageErrorf("--list-rules writes text or json, not %s", f)
	}
	var b bytes.Buffer
	render.Rules(&b, o.Format.Value, finding.Rules)
	if _, err := o.IO.Out.Write(b.Bytes()); err != nil {
		return &stream.WriteError{Err: err}
	}
	return nil
}
