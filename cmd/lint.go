package cmd

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/baseline"
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
	ExcludePath []string
	ListRules   bool
	LinkBase    string
	// Baseline is a file of known findings that do not fail the run;
	// WriteBaseline records this run's findings as one.
	Baseline, WriteBaseline string
}

// NewLintCmd builds uritool lint.
func NewLintCmd(root *RootOptions) *cobra.Command {
	opts := &LintOptions{RootOptions: root}
	c := &cobra.Command{
		Use:   "lint [flags] FILE...",
		Short: "Check the URIs in files, with file, line and column, for CI",
		Long: `Check the URIs in files strictly by RFC 3986, as validate does, and report
each finding at its file, line and column in a format CI systems read: text
(as compilers print errors, on stdout, with a summary on stderr), json (JSON
Lines, one record per URI checked), github (workflow commands that annotate
the line), sarif (one SARIF 2.1.0 log, for code scanning), junit (one JUnit
XML report: a testsuite per file, a testcase per finding, as GitLab and
Jenkins read it) or markdown (a summary for a CI job's page: counts by rule,
then the first findings, linked to their lines with --link-base).

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
nearest directory up with .git). --exclude-path PATTERN, and each
.uritoolignore line that starts with "path:", is a path pattern in gitignore
syntax (vendor/, *.min.html, docs/**/draft-*.md, !keep.md) that a directory
walk passes over, relative to the directory walked. The text summary counts what was
suppressed. Columns count code points, as editors do, in every format.

Memory: --extract reads a line longer than 64 KiB (a minified page, a
bundle) twice, first for its markers and delimiters, then in pieces of 64
KiB, and holds no more of it than the longest stretch not yet decided (a
candidate, which is reported whole, or an attribute value), so that a file
of one 25 MB line takes as little memory as any other; a long line on a
pipe is kept in a temporary file ($TMPDIR) between the two readings.

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
			ro := render.CheckOptions{Format: opts.Format.Value, WithFile: true, Results: true, ShowPassword: opts.ShowPassword, Palette: outPal, Version: version(), LinkBase: opts.LinkBase}
			exclude, err := discover.Compile(opts.Exclude)
			if pe := (*discover.PatternError)(nil); errors.As(err, &pe) {
				return badValue("exclude", pe.Pattern, "%v", pe.Err)
			}
			if err := exclude.ReadIgnoreFile(discover.RepositoryRoot()); err != nil {
				return &UsageError{err}
			}
			for _, p := range opts.ExcludePath {
				if err := exclude.Paths.Add(p); err != nil {
					return badValue("exclude-path", p, "%v", err)
				}
			}
			files, err := discover.Files(args, &exclude.Paths)
			if err != nil {
				return &IOError{err}
			}
			k, err := opts.known()
			if err != nil {
				return err
			}
			if k != nil {
				ro.Baseline = k.baseline
			}
			cmd := pipeline.Command[check.Result]{
				Filter:      &opts.Keep,
				NewOp:       func() pipeline.Op[check.Result] { return opts.newCheckOp(exclude, k) },
				NewRenderer: func() render.Renderer[check.Result] { return render.NewChecker(ro) },
				Files:       true,
				Cut:         stream.Cut{List: true, Extract: opts.Extract, Kind: opts.Type.Value, IncludeCode: opts.IncludeCode},
				InOrder:     k != nil, // a baseline's counts are used up in input order
			}
			var recordErr error
			cmd.Summary = opts.summary(k, &recordErr)
			err = run(root, files, cmd)
			if recordErr != nil {
				return &IOError{recordErr}
			}
			if _, ok := err.(*FindingsError); ok && opts.WriteBaseline != "" {
				return nil // the findings are recorded: adopting lint is no failure
			}
			return err
		},
	}
	addCheckFlags(c, &opts.CheckFlags)
	f := c.Flags()
	f.BoolVar(&opts.Extract, "extract", false, "find the URIs inside prose and markup instead of reading one per line")
	opts.Type = flagval.NewChoice("auto", "TYPE", append([]string{"auto"}, extract.Kinds...)...)
	flagval.AddChoice(c, opts.Type, "type", "with --extract, read every file as text, markdown or html (auto: by extension)")
	f.BoolVar(&opts.ListRules, "list-rules", false, "print every rule a finding can name, with its severity, RFC section and description, and exit")
	_ = f.SetAnnotation("list-rules", config.AnnotationOneOff, nil)
	f.StringVar(&opts.Baseline, "baseline", "", "fail only on findings not in this baseline `FILE` (matched by file, rule and URI, not line); report the fixed ones")
	f.StringVar(&opts.WriteBaseline, "write-baseline", "", "record this run's findings in `FILE`, for --baseline, and exit 0")
	_ = f.SetAnnotation("write-baseline", config.AnnotationOneOff, nil)
	_ = c.MarkFlagFilename("baseline", "json")
	_ = c.MarkFlagFilename("write-baseline", "json")
	f.StringVar(&opts.LinkBase, "link-base", "", "with --format markdown, link each finding to its line under this `URL` (https://github.com/OWNER/REPO/blob/SHA/)")
	_ = c.RegisterFlagCompletionFunc("link-base", cobra.NoFileCompletions)
	f.BoolVar(&opts.IncludeCode, "include-code", false, "with --extract, also check Markdown code blocks and code spans")
	f.StringArrayVar(&opts.Exclude, "exclude", nil, "skip URIs that match this `REGEX` (repeatable; .uritoolignore adds more)")
	_ = c.RegisterFlagCompletionFunc("exclude", cobra.NoFileCompletions)
	f.StringArrayVar(&opts.ExcludePath, "exclude-path", nil, "when walking a directory, pass over the files and directories this `PATTERN` matches, in gitignore syntax (repeatable; \"path:\" lines of .uritoolignore add more)")
	_ = c.RegisterFlagCompletionFunc("exclude-path", cobra.NoFileCompletions)
	c.ValidArgsFunction = func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return nil, cobra.ShellCompDirectiveDefault
	}
	return c
}

// known is the baseline to match findings against, or to record them
// for, or nil for neither.
func (o *LintOptions) known() (*known, error) {
	if o.Baseline == "" && o.WriteBaseline == "" {
		return nil, nil
	}
	k := &known{}
	if o.Baseline != "" {
		set, err := baseline.Read(o.Baseline)
		if err != nil {
			return nil, badValue("baseline", o.Baseline, "%v", err)
		}
		k.baseline = set
	}
	if o.WriteBaseline != "" {
		k.record = &baseline.Recorder{}
	}
	return k, nil
}

// summary gives the line stderr ends with: in text, the counts; with a
// baseline, in every format, what it held and what was fixed since. With
// --write-baseline it writes the baseline first, once all input is read,
// so that the line says it is recorded only when it is; a failure to
// write it goes to *recordErr. A run that stops early (a write error)
// records nothing.
func (o *LintOptions) summary(k *known, recordErr *error) func(stream.Stats) string {
	text := o.Format.Value == render.FormatText
	if !text && k == nil {
		return nil
	}
	return func(s stream.Stats) string {
		if k != nil && k.record != nil {
			*recordErr = k.record.Write(o.WriteBaseline)
		}
		var parts []string
		if text {
			parts = append(parts, fmt.Sprintf("%d checked, %d finding(s)", s.Checked, s.Findings))
			if s.Suppressed > 0 {
				parts = append(parts, fmt.Sprintf("%d suppressed", s.Suppressed))
			}
		}
		if k != nil && k.baseline != nil {
			parts = append(parts, fmt.Sprintf("%d in the baseline", k.unchanged))
			if fixed := len(k.baseline.Fixed()); fixed > 0 {
				parts = append(parts, fmt.Sprintf("%d fixed since the baseline (lint --write-baseline shrinks it)", fixed))
			}
		}
		if k != nil && k.record != nil && *recordErr == nil {
			parts = append(parts, fmt.Sprintf("%d recorded in %s", k.record.Len(), o.WriteBaseline))
		}
		return strings.Join(parts, ", ")
	}
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
