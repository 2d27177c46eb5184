package cmd

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/check"
	"github.com/uritool/uritool/internal/config"
	"github.com/uritool/uritool/internal/extract"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/pipeline"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/stream"
)

// LintOptions are the options of uritool lint.
type LintOptions struct {
	*RootOptions
	CheckFlags
	Extract     bool
	Type        *choice
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
(as compilers print errors, on stderr), json (JSON Lines, one record per URI
checked), github (workflow commands that annotate the line) or sarif (one
SARIF 2.1.0 log, for code scanning).

Each line of a file is one URI, but for blank lines and comments (lines
whose first non-blank character is "#"); a UTF-8 byte order mark before the
first line is ignored. With --extract, lint finds the URIs inside files instead, by kind
(--type, or the extension: .md and the like are Markdown, .html and .htm
HTML, anything else text). A candidate runs from its scheme to a real
delimiter for its context, and every character before that belongs to it, so
an invalid one is a finding at its column:

  text      whitespace, '<', '>', '"' (RFC 3986 Appendix C) and the
            backtick;
            trailing sentence punctuation and an unbalanced ")" are left
            out; a scheme without "//" counts only when it is a known one
            (mailto:, urn:, tel:, ...)
  markdown  as text, and a link destination ends at its closing ")"
            (parentheses balanced) or ">"; code blocks and code spans are
            skipped unless --include-code
  html      the values of URL attributes (href, src, action, ...), whole
            to the closing quote, with character references decoded;
            relative references are checked with --as reference

Suppressions: a line containing "uritool-disable-next-line" (in any comment
syntax) suppresses the next line, "uritool-disable-line" its own line, and
"uritool-disable" ... "uritool-enable" a region; rule ids may follow the
marker to suppress only those. --exclude REGEX drops the URIs it matches, and
so does each line of .uritoolignore at the root of the repository (the
nearest directory up with .git). The text summary counts what was
suppressed. Columns count code points, as editors do, in every format.

A directory argument is walked for Markdown, HTML and .txt files, skipping
hidden ones. Files are checked in parallel and reported in the order given.

"-" reads standard input. Files are checked in parallel and reported in the
order given; one that cannot be read is reported in its place and the others
are still checked, and the exit status is then 3.`,
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
			_, errPal := opts.palettes()
			ro := render.CheckOptions{Format: opts.Format.value, WithFile: true, ShowPassword: opts.ShowPassword, Palette: errPal, Version: version()}
			exclude, err := newExcluder(opts.Exclude)
			if err != nil {
				return err
			}
			files, err := expandDirectories(args)
			if err != nil {
				return err
			}
			cmd := pipeline.Command[check.Result]{
				NewOp:       func() pipeline.Op[check.Result] { return opts.newCheckOp(exclude) },
				NewRenderer: func() render.Renderer[check.Result] { return render.NewChecker(ro) },
				Files:       true,
				Cut:         stream.Cut{List: true, Extract: opts.Extract, Kind: opts.Type.value, IncludeCode: opts.IncludeCode},
			}
			if opts.Format.value == render.FormatText {
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
	opts.Type = newChoice("auto", "TYPE", append([]string{"auto"}, extract.Kinds...)...)
	addChoice(c, opts.Type, "type", "with --extract, read every file as text, markdown or html (auto: by extension)")
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
	if f := o.Format.value; f != render.FormatText && f != render.FormatJSON {
		return usageErrorf("--list-rules writes text or json, not %s", f)
	}
	var b bytes.Buffer
	render.Rules(&b, o.Format.value, finding.Rules)
	if _, err := o.IO.Out.Write(b.Bytes()); err != nil {
		return &stream.WriteError{Err: err}
	}
	return nil
}

// ignoreFile holds the exclusions of a repository, one regular expression
// a line, "#" starting a comment.
const ignoreFile = ".uritoolignore"

// excluder drops the URIs that --exclude or .uritoolignore match.
type excluder struct{ res []*regexp.Regexp }

func (x *excluder) match(s string) bool {
	if x == nil { // validate excludes nothing
		return false
	}
	for _, re := range x.res {
		if re.MatchString(s) {
			return true
		}
	}
	return false
}

// newExcluder compiles the --exclude patterns and those of the
// .uritoolignore at the root of the repository around the working
// directory (the nearest directory up with a .git, else the working
// directory itself); a missing file is fine, a bad pattern a usage error
// naming where it stands.
func newExcluder(patterns []string) (*excluder, error) {
	x := &excluder{}
	for _, p := range patterns {
		re, err := regexp.Compile(p)
		if err != nil {
			return nil, badValue("exclude", p, "%v", err)
		}
		x.res = append(x.res, re)
	}
	path := filepath.Join(repositoryRoot(), ignoreFile)
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return x, nil
	}
	if err != nil {
		return nil, usageErrorf("%s: %v", ignoreFile, err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		re, err := regexp.Compile(line)
		if err != nil {
			return nil, usageErrorf("%s:%d: %v", path, n, err)
		}
		x.res = append(x.res, re)
	}
	if err := sc.Err(); err != nil {
		return nil, usageErrorf("%s: %v", path, err)
	}
	return x, nil
}

// repositoryRoot is the nearest directory up from the working directory
// that holds .git, or the working directory.
func repositoryRoot() string {
	wd, err := os.Getwd()
	if err != nil {
		return "."
	}
	for dir := wd; ; {
		if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return wd
		}
		dir = parent
	}
}

// expandDirectories replaces each directory argument by the files below
// it that lint knows (Markdown, HTML, .txt), in lexical order, skipping
// hidden files and directories; symbolic links are not followed.
func expandDirectories(args []string) ([]string, error) {
	var files []string
	for _, a := range args {
		info, err := os.Stat(a)
		if a == "-" || err != nil || !info.IsDir() {
			files = append(files, a) // the stream reports what cannot be read
			continue
		}
		err = filepath.WalkDir(a, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			hidden := path != a && strings.HasPrefix(d.Name(), ".")
			switch {
			case d.IsDir() && hidden:
				return filepath.SkipDir
			case !d.IsDir() && !hidden && d.Type().IsRegular() && extract.Known(path):
				files = append(files, path)
			}
			return nil
		})
		if err != nil {
			return nil, &IOError{err}
		}
	}
	return files, nil
}
