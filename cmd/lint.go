package cmd

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/anchor"
	"github.com/uritool/uritool/internal/baseline"
	"github.com/uritool/uritool/internal/check"
	"github.com/uritool/uritool/internal/config"
	"github.com/uritool/uritool/internal/discover"
	"github.com/uritool/uritool/internal/extract"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/flagval"
	"github.com/uritool/uritool/internal/forge"
	"github.com/uritool/uritool/internal/pipeline"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/render/report"
	"github.com/uritool/uritool/internal/since"
	"github.com/uritool/uritool/internal/stream"
	"github.com/uritool/uritool/internal/target"
)

// LintOptions are the options of uritool lint.
type LintOptions struct {
	*RootOptions
	CheckFlags
	Extract     bool
	List        bool
	Type        *flagval.Choice
	IncludeCode bool
	Exclude     []string
	ExcludePath []string
	NoGitignore bool
	ListRules   bool
	LinkBase    string
	// Where references lead: the tree's published URL and root, the
	// index files a directory must hold, fragments, and the extensions
	// and static directories of a site generator.
	BaseURL            string
	RootDir            string
	IndexFiles         []string
	Targets            bool
	Fragments          bool
	FallbackExtensions []string
	StaticDirs         []string
	Slugs              *flagval.Choice
	// Where the repository is published on a forge, beside its git
	// remotes, and the branches whose files there are the working
	// tree's, beside HEAD, main and master.
	RepoURLs     []string
	RepoBranches []string
	// Baseline is a file of known findings that do not fail the run;
	// WriteBaseline records this run's findings as one.
	Baseline, WriteBaseline string
	// Since is a commit: only what the change since its merge base with
	// HEAD is responsible for fails the run.
	Since string
}

// NewLintCmd builds uritool lint.
func NewLintCmd(root *RootOptions) *cobra.Command {
	opts := &LintOptions{RootOptions: root}
	c := &cobra.Command{
		Use:   "lint [flags] [FILE...]",
		Short: "Check the URIs in files, with file, line and column, for CI",
		Long: `Check that the links of a repository's documents lead somewhere, and that
every URI in them is valid, strictly by RFC 3986; report each finding at its
file, line and column in a format CI systems read: text (as compilers print
errors, on stdout, with a summary on stderr), json (JSON Lines, one record
per URI checked), github (workflow commands that annotate the line), sarif
(one SARIF 2.1.0 log, for code scanning), junit (one JUnit XML report: a
testcase per finding, in a testsuite per file that has one, as GitLab and
Jenkins read it), codeclimate (GitLab Code Quality's JSON array, each finding
with a fingerprint that survives lines added above it), checkstyle
(Checkstyle XML, for Jenkins' warnings plugin and reviewdog) or markdown (a
summary for a CI job's page: counts by rule, then the first findings, linked
to their lines with --link-base).

What a file is: a Markdown file (.md and the like), an HTML file (.html,
.htm), a reStructuredText file (.rst, .rest) or an AsciiDoc file (.adoc,
.asciidoc, .asc) is a document, read for the references in it, relative
ones too. Any
other file (.txt, .urls, ...) and standard input is a list: each line is one
URI, but for blank lines and comments (a first non-blank "#"); a UTF-8 byte
order mark before the first line is ignored. --list reads every file as a
list; --extract reads every file, standard input too, as a document (prose
for what is neither Markdown nor HTML); --type reads every file as a
document of that kind. A directory is walked for its documents (with
--extract or --list, for .txt files too), skipping hidden files and what the
repository's .gitignore files ignore (--no-gitignore: not those), and "-"
reads standard input. With no FILE, lint checks the current directory, as
"uritool lint ." does: what a CI job runs at a repository's root.

Where a document's references lead (offline, by RFC 3986 section 5): each
reference is resolved against the document's own URI, the file: URI of its
path (5.1.3), or an HTML page's <base href> (5.1.1). A target inside the checked tree is looked up on disk, its
path percent-decoded segment by segment (2.1) and its query ignored; a
directory is a target (--index-files: it must hold one of them). A fragment
must name an anchor of its target: in Markdown, a heading's slug as GitHub
makes it (lowercase, punctuation dropped, spaces to "-", a repeated heading
numbered -1, -2, ...; --slugs vitepress: as VitePress makes it), an id an
attribute list declares for a site generator ("## Setup {#setup}",
"**x**{: #x }"), or an id or <a name> of its raw HTML; in HTML, an id
or <a name>; on a directory, an anchor of its README; in a code file, a
line (#L12); into any other file, reStructuredText and AsciiDoc
included, it is left alone. The rules:

  missing-target    nothing at that path (the closest name is suggested)
  target-case       it exists only with another case: it works on macOS
                    and Windows, and breaks on Linux and GitHub
  outside-root      ".." climbs above the tree's root: the file's
                    repository (the nearest directory up with .git), or
                    --root-dir
  missing-fragment  the fragment names no anchor (the closest is suggested)
  fragment-case     a warning: it matches an anchor only when case is
                    ignored, which github.com's script does and nothing else

A "/"-rooted reference is rooted at the tree's root, as GitHub roots it at
the repository's. --base-url says where the tree is published: then
"/"-rooted references and full URLs under that URL are checked as files
too. A reference to another host, mailto: and the like is checked for its
syntax only: lint never uses the network. Site generators publish x.md as
x.html or x/: --fallback-extensions md tries those names. They also serve
the files of a static directory at the site's root (Hugo's and Docusaurus'
static/, Next.js' and VitePress' public/): --static-dir public looks a
target the tree lacks up there too.

Links to the repository's own files on its forge, which a README shown on
a registry or a site needs, are checked as files too: the forge's address
is read from the repository's git remotes (--repo-url adds one), and a link
to a file or directory there (GitHub's blob, tree, raw and blame views and
raw.githubusercontent.com, GitLab's "/-/" views, Gitea's and Forgejo's
src/branch, Bitbucket's src) at HEAD, main, master or a --repo-branch is
looked up in the working tree, below the repository's root, as the forge
shows it: a Markdown heading's anchor by GitHub's rule, #L12 a line of any
file, #readme a directory's README; on GitHub, the repository's home
(https://github.com/OWNER/NAME#usage) names a heading of the root's
README. A link at another branch, a tag or a commit, and to another
repository, is checked for its syntax only. Only GitHub's fragments are
checked: other forges make their anchors their own way.

How a document is read: a candidate runs from its scheme to a real
delimiter for its context, and every character before that belongs to it,
so an invalid one is a finding at its column:

  text      whitespace, '<', '>', '"' (RFC 3986 Appendix C), the
            backtick and '|' (table cells, lists), but for '|' inside
            <...>; trailing sentence punctuation, emphasis (*, _, ~) and
            an unbalanced ")" are left out; a scheme without "//" counts
            only when it is a known one (mailto:, urn:, tel:, ...) and
            not right after '{' ({{data:json}} is a template's)
  markdown  as text, and a link destination ends at its closing ")"
            (parentheses balanced) or ">"; the destinations of links,
            images and link reference definitions are read whether or
            not they are relative; backslash escapes (but in <...>
            autolinks) and character references are undone; the
            attributes of raw HTML are read as in html; list items and
            block quotes decide what is code, as CommonMark does; code
            blocks and code spans (which may wrap to the next line) are
            taken literally, and skipped unless --include-code; GitHub's
            www.x and user@x autolinks are read as http:// and mailto:
  html      the values of URL attributes (href, src, action, ...), whole
            to the closing quote, with character references decoded; the
            text between tags and other attributes' values (alt, title,
            data-*) are decoded, then read as text; the bodies of
            <script> and <style> are code, but for url() and @import
  rst       as text, and the relative references of links (the
            <url> of a backquoted "text <url>"_), ".. _name: url"
            targets, image, figure, include and literalinclude
            directives, and the documents that Sphinx's :doc: roles
            and toctree entries name (name.rst beside the document,
            or, "/"-rooted, in the source directory, where conf.py
            stands); :ref: labels are not checked; literal blocks
            ("::"), code directives and inline literals are code;
            comments are skipped
  asciidoc  as text, a URL ending at the "[" of its macro
            (https://x[text]); the relative references of link:, image:
            (under :imagesdir:) and xref: macros and of <<id>> cross
            references (#id, or doc.adoc#id); {name} in a URL replaced
            by an earlier ":name: value" entry; in an Antora component
            (antora.yml over modules/), an xref's page is its module's
            pages/, an image its images/; listing, literal and source
            blocks, indented literal paragraphs and backquoted code are
            code; "//" and "////" comments are skipped

Templates: a candidate that holds a template language's expressions
({{ author }}, {% if %}, ${id}, #{id}), or in prose an RFC 6570 template's
({z}/{x}/{y}), or in AsciiDoc an attribute reference it leaves to its site
({page-component-version}), is the source of a URI, not a URI: it is a note of the rule
template, which fails nothing. An expression stays whole in prose, blanks
and all. Braces in a link destination or URL attribute are still an error:
a renderer links them as written.

Suppressions: a line containing "uritool-disable-next-line" (in any comment
syntax) suppresses the next line, "uritool-disable-line" its own line, and
"uritool-disable" ... "uritool-enable" a region; rule ids may follow the
marker to suppress only those. --exclude REGEX drops the URIs it matches,
and so does each line of the .uritoolignore at the root of the repository
that holds the file. --exclude-path PATTERN, relative to the working
directory, and each .uritoolignore line that starts with "path:", relative
to the repository's root, is a path pattern in gitignore syntax (vendor/,
*.min.html, docs/**/draft-*.md, !keep.md) that lint passes over, in a walk
and among the files named. The text summary counts apart what markers
suppressed, what exclusions dropped and the candidates in code not checked.
Columns count code points, as editors do, in every format.

What a change broke (--since REF): only the findings that the change from
REF's merge base with HEAD to the working tree (committed or not, untracked
files included) is responsible for fail the run: those on the lines it added
or modified, and those on other lines that it caused, as "git diff" sees the
change, renames followed: a missing-target or target-case whose target it
deleted or renamed, a missing-fragment or fragment-case whose anchor it
removed from the target. The message of a caused finding says which
("target deleted in this change"). The others are older: reports leave them
out, JSON marks them "change": "older", and the summary counts them. It asks
the git program of the repository that holds the working directory; a file
outside that repository, and standard input, are reported whole. A shallow
clone needs the history down to the merge base (actions/checkout's
fetch-depth: 0, or git fetch --deepen). With --baseline, both leave findings
out.

Memory: a document's line longer than 64 KiB (a minified page, a bundle) is
read twice, first for its markers and delimiters, then in pieces of 64 KiB,
holding no more of it than the longest stretch not yet decided (a
candidate, which is reported whole, or an attribute value), so that a file
of one 25 MB line takes as little memory as any other; a long line on a
pipe is kept in a temporary file ($TMPDIR) between the two readings. What
lint learns of the tree (a directory's names, a target's anchors) is read
once, when a reference first needs it.

Files are checked in parallel and reported in the order given; one that
cannot be read is reported in its place and the others are still checked,
and the exit status is then 3.`,
		Example: `  uritool lint .
  uritool lint --format github README.md docs/
  uritool lint --base-url https://docs.example.com/ --index-files index.html site/
  uritool lint --since origin/main
  uritool lint links.txt redirects.txt
  uritool lint --scheme https --no-userinfo --lint --format sarif urls.txt > uritool.sarif
  uritool lint --list-rules --format json`,
		Args: func(c *cobra.Command, args []string) error {
			if opts.ListRules && len(args) > 0 {
				return usageErrorf("--list-rules takes no FILE")
			}
			return nil
		},
		Annotations: map[string]string{
			AnnotationJSONFields: report.LintFields.String(),
			AnnotationExitStatus: `  0 when no finding was made (notes fail nothing),
  1 when some URI is invalid, breaks a policy, draws a --lint
    warning or leads nowhere (a missing target or anchor),
  2 for a usage error: a bad flag, argument or configuration file,
  3 when a file could not be read (the others are still checked).`,
		},
		RunE: func(c *cobra.Command, args []string) error {
			if opts.ListRules {
				return opts.listRules()
			}
			if len(args) == 0 {
				args = []string{"."} // the current directory, as the help says
			}
			if opts.List && (opts.Extract || opts.Type.Value != "auto") {
				return usageErrorf("--list reads every file as a list of URIs: it takes neither --extract nor --type")
			}
			// A flag given that does nothing without another is a mistake
			// to name, not to pass over in silence. (A config file may set
			// one for the runs that use it.)
			given := func(name string) bool {
				return opts.settings.Lookup(c.Flags().Lookup(name)).Origin.Layer == config.Flag
			}
			if given("link-base") && opts.Format.Value != report.FormatMD {
				return usageErrorf("--link-base links the findings of --format markdown: it does nothing with --format %s", opts.Format.Value)
			}
			if given("include-code") && opts.List {
				return usageErrorf("--include-code reads the code of documents: it does nothing with --list, which reads no document")
			}
			outPal, _ := opts.palettes() // the findings are lint's results, on stdout
			ro := report.Options{Format: opts.Format.Value, WithFile: true, Results: true, ShowPassword: opts.ShowPassword, MaskInput: !opts.ShowPassword, Palette: outPal, Version: version(), LinkBase: opts.LinkBase}
			dir, err := opts.IO.workdir()
			if err != nil {
				return &IOError{err}
			}
			extractAll := opts.Extract || opts.Type.Value != "auto"
			do := discover.Options{Dir: dir, Exclude: opts.Exclude, ExcludePath: opts.ExcludePath, NoGitignore: opts.NoGitignore}
			if !extractAll && !opts.List {
				do.Known = isDocument // a walk reads documents, not lists
			}
			plan, err := discover.Discover(do, args)
			if err != nil {
				return opts.discoverError(err)
			}
			eo, err := opts.engineOptions(dir, plan)
			if err != nil {
				return err
			}
			k, err := opts.known()
			if err != nil {
				return err
			}
			if k != nil {
				ro.Baseline = k.Baseline
				eo.Known = k
			}
			if opts.Since != "" {
				if opts.WriteBaseline != "" {
					return usageErrorf("--write-baseline records every finding: it takes no --since")
				}
				change, err := since.Open(since.Git{Dir: dir, Env: opts.IO.Environ}, opts.Since)
				if err != nil {
					if _, ok := err.(*since.Error); ok {
						return badValue("since", opts.Since, "%v", err)
					}
					return &IOError{err}
				}
				eo.Since = &check.Since{Change: change}
				ro.Since = opts.Since
			}
			p := report.NewPrinter(ro)
			cmd := pipeline.Command[check.Result]{
				Filter:      &opts.Keep,
				NewOp:       func() pipeline.Op[check.Result] { return opts.newCheckOp(eo) },
				NewRenderer: p.NewRenderer,
				Finish:      p.Finish,
				Files:       true,
				Cut:         stream.Cut{List: true, Extract: extractAll, Documents: !opts.List, Type: opts.Type.Value, IncludeCode: opts.IncludeCode},
				// A baseline's counts are used up in input order.
				WholeFiles: k != nil,
				InOrder:    k != nil && eo.SharesBaselineNames(plan.Files),
			}
			var recordErr error
			cmd.Summary = opts.summary(k, eo.Since, plan.Excluded(), &recordErr)
			err = run(root, plan.Files, cmd)
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
	f.BoolVar(&opts.Extract, "extract", false, "read every file, standard input and .txt files too, as a document: find the URIs inside prose and markup")
	f.BoolVar(&opts.List, "list", false, "read every file, Markdown and HTML too, as a list of URIs, one per line")
	opts.Type = flagval.NewChoice("auto", "TYPE", append([]string{"auto"}, extract.Types...)...)
	flagval.AddChoice(c, opts.Type, "type", "read every file as a document of this kind: text, markdown, html, rst or asciidoc (auto: documents by extension, other files as lists)")
	f.StringVar(&opts.BaseURL, "base-url", "", "the `URL` the checked tree is published at (https://docs.example.com/): site-absolute references and full URLs under it are checked as files")
	_ = c.RegisterFlagCompletionFunc("base-url", cobra.NoFileCompletions)
	f.StringVar(&opts.RootDir, "root-dir", "", "the root of the tree for \"/\"-rooted references and the limit of \"..\", when there is no --base-url (default: each file's repository)")
	_ = c.MarkFlagDirname("root-dir")
	f.StringSliceVar(&opts.IndexFiles, "index-files", nil, "`NAMES` one of which a directory target must hold (index.html,README.md); a fragment on a directory names an anchor of the first")
	_ = c.RegisterFlagCompletionFunc("index-files", cobra.NoFileCompletions)
	f.BoolVar(&opts.Targets, "targets", true, "check where a document's references lead: files, directories, anchors (--targets=false: their syntax only)")
	f.BoolVar(&opts.Fragments, "fragments", true, "check that a fragment names an anchor of its target: a heading, an id, a line of code (--fragments=false: do not)")
	f.StringSliceVar(&opts.FallbackExtensions, "fallback-extensions", nil, "`EXTS` to try for a target that does not exist, as site generators publish x.md as x.html or x/ (md,html)")
	_ = c.RegisterFlagCompletionFunc("fallback-extensions", cobra.NoFileCompletions)
	opts.Slugs = flagval.NewChoice(anchor.SlugRules[anchor.GitHubSlugs], "RULE", anchor.SlugRules...)
	flagval.AddChoice(c, opts.Slugs, "slugs", "how the site makes a Markdown heading's anchor: github (GitHub, Docusaurus, Hugo) or vitepress (VitePress, VuePress 2: \"build.target\" is #build-target, not #buildtarget)")
	f.StringArrayVar(&opts.StaticDirs, "static-dir", nil, "a `DIR` whose files the site serves at its root, as Hugo's static/ or Next.js' public/: a target the tree lacks is looked up there too (repeatable, in order)")
	_ = c.MarkFlagDirname("static-dir")
	f.Var(flagval.NewChecked(&opts.RepoURLs, "URL", forge.CheckAddress), "repo-url", "the `URL` of the repository on its forge (https://github.com/OWNER/NAME), beside its git remotes: links to its files at a branch of the working tree are checked as files (repeatable)")
	_ = c.RegisterFlagCompletionFunc("repo-url", cobra.NoFileCompletions)
	f.StringArrayVar(&opts.RepoBranches, "repo-branch", nil, "a `BRANCH` whose files on the forge are the working tree's, beside HEAD, main and master (repeatable)")
	_ = c.RegisterFlagCompletionFunc("repo-branch", opts.completeRefs)
	f.BoolVar(&opts.NoGitignore, "no-gitignore", false, "walk into what the repository's .gitignore files ignore too")
	f.BoolVar(&opts.ListRules, "list-rules", false, "print every rule a finding can name, with its severity, RFC section and description, and exit")
	_ = f.SetAnnotation("list-rules", config.AnnotationOneOff, nil)
	f.StringVar(&opts.Baseline, "baseline", "", "fail only on findings not in this baseline `FILE` (matched by file, rule and URI, not line); report the fixed ones")
	f.StringVar(&opts.WriteBaseline, "write-baseline", "", "record this run's findings in `FILE`, for --baseline, and exit 0")
	_ = f.SetAnnotation("write-baseline", config.AnnotationOneOff, nil)
	f.StringVar(&opts.Since, "since", "", "report only what the change since this commit's merge base with HEAD is responsible for: findings on the lines it added or modified, and broken links it caused elsewhere (a target deleted or renamed, an anchor removed)")
	_ = c.RegisterFlagCompletionFunc("since", opts.completeRefs)
	_ = c.MarkFlagFilename("baseline", "json")
	_ = c.MarkFlagFilename("write-baseline", "json")
	f.StringVar(&opts.LinkBase, "link-base", "", "with --format markdown, link each finding to its line under this `URL` (https://github.com/OWNER/REPO/blob/SHA/)")
	_ = c.RegisterFlagCompletionFunc("link-base", cobra.NoFileCompletions)
	f.BoolVar(&opts.IncludeCode, "include-code", false, "also check the code blocks and code spans of Markdown, reStructuredText and AsciiDoc documents (not with --list)")
	f.StringArrayVar(&opts.Exclude, "exclude", nil, "skip URIs that match this `REGEX` (repeatable; .uritoolignore adds more)")
	_ = c.RegisterFlagCompletionFunc("exclude", cobra.NoFileCompletions)
	f.StringArrayVar(&opts.ExcludePath, "exclude-path", nil, "when walking a directory, pass over the files and directories this `PATTERN` matches, in gitignore syntax (repeatable; \"path:\" lines of .uritoolignore add more)")
	_ = c.RegisterFlagCompletionFunc("exclude-path", cobra.NoFileCompletions)
	c.ValidArgsFunction = func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return nil, cobra.ShellCompDirectiveDefault
	}
	return c
}

// nonEmpty drops the empty names of a list flag: an empty value or a
// trailing comma names no file.
func nonEmpty(names []string) []string {
	var kept []string
	for _, n := range names {
		if n = strings.TrimSpace(n); n != "" {
			kept = append(kept, n)
		}
	}
	return kept
}

// isDocument reports a file lint reads as a document by its name:
// Markdown, HTML, reStructuredText or AsciiDoc.
func isDocument(path string) bool { return extract.TypeOf(path) != extract.Text }

// known is the baseline to match findings against, or to record them
// for, or nil for neither.
func (o *LintOptions) known() (*check.Known, error) {
	if o.Baseline == "" && o.WriteBaseline == "" {
		return nil, nil
	}
	k := &check.Known{}
	if o.Baseline != "" {
		path, err := o.IO.inWorkdir(o.Baseline)
		if err != nil {
			return nil, err
		}
		set, err := baseline.Read(path)
		if err != nil {
			return nil, badValue("baseline", o.Baseline, "%v", asGiven(err, o.Baseline))
		}
		k.Baseline = set
	}
	if o.WriteBaseline != "" {
		path, err := o.IO.inWorkdir(o.WriteBaseline)
		if err != nil {
			return nil, err
		}
		k.Record, k.RecordTo = &baseline.Recorder{}, path
	}
	return k, nil
}

// asGiven names the file of a path error as the user gave it, not as it
// was opened (relative to the working directory).
func asGiven(err error, name string) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s %s: %w", pe.Op, name, pe.Err)
	}
	return err
}

// discoverError maps what discovery refused to the flag or file at fault.
func (o *LintOptions) discoverError(err error) error {
	var pe *discover.PatternError
	var ppe *discover.PathPatternError
	var ie *discover.IgnoreFileError
	switch {
	case errors.As(err, &pe):
		return badValue("exclude", pe.Pattern, "%v", pe.Err)
	case errors.As(err, &ppe):
		return badValue("exclude-path", ppe.Pattern, "%v", ppe.Err)
	case errors.As(err, &ie):
		return &UsageError{err}
	}
	return &IOError{err}
}

// engineOptions are what lint adds to the engine: exclusions by each
// file's repository, and the tree its documents' references lead into.
func (o *LintOptions) engineOptions(dir string, plan *discover.Plan) (check.EngineOptions, error) {
	eo := check.EngineOptions{DisplayFile: report.DisplayFile}
	if plan.Excludes() {
		eo.Excluder = func(file string) func(string) bool {
			if x := plan.Excluder(file); !x.Empty() {
				return x.Match
			}
			return nil
		}
	}
	// A bad base URL is reported first, as before the directories.
	var statics []string
	var staticErr error
	for _, s := range o.StaticDirs {
		p, err := dirFlag(dir, "static-dir", s)
		if err != nil {
			staticErr = cmp.Or(staticErr, err)
		}
		statics = append(statics, p)
	}
	tree, err := target.New(target.Options{BaseURL: o.BaseURL, IndexFiles: nonEmpty(o.IndexFiles), Fragments: o.Fragments,
		FallbackExtensions: nonEmpty(o.FallbackExtensions), StaticDirs: statics,
		Slugs: anchor.SlugRule(slices.Index(anchor.SlugRules, o.Slugs.Value))})
	if err != nil {
		return eo, badValue("base-url", o.BaseURL, "%v", err)
	}
	rootDir, err := dirFlag(dir, "root-dir", o.RootDir)
	if err != nil {
		return eo, err
	}
	if staticErr != nil {
		return eo, staticErr
	}
	if o.Targets {
		eo.Tree = tree
	}
	// Each repository's forge addresses are read from its git config
	// once, by the first document that lies in it.
	var repos sync.Map // repository root → *repoOnce
	repoAt := func(root string) *forge.Repo {
		v, _ := repos.LoadOrStore(root, &repoOnce{})
		r := v.(*repoOnce)
		r.once.Do(func() {
			// A config that cannot be read publishes nothing: its
			// links are then checked for their syntax only.
			remotes, _ := forge.Remotes(root)
			r.repo = forge.New(root, append(remotes, o.RepoURLs...), o.RepoBranches)
		})
		return r.repo
	}
	eo.Doc = func(file string) (*target.Doc, bool) {
		if file == "-" || file == "" {
			return nil, false
		}
		p := file
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		repo := filepath.Clean(plan.Root(file))
		root := repo
		if rootDir != "" {
			root = rootDir
		}
		d := target.NewDoc(filepath.Clean(p), root)
		d.Repo = repoAt(repo)
		return d, true
	}
	return eo, nil
}

// repoOnce is a repository's forge addresses, read once.
type repoOnce struct {
	once sync.Once
	repo *forge.Repo
}

// dirFlag is the directory the flag name gives, value, from the working
// directory dir, clean; "" stays "".
func dirFlag(dir, name, value string) (string, error) {
	if value == "" {
		return "", nil
	}
	p := value
	if !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	if info, err := os.Stat(p); err != nil || !info.IsDir() {
		return "", badValue(name, value, "not a directory")
	}
	return filepath.Clean(p), nil
}

// summary gives the line stderr ends with: in text, the counts; with a
// baseline, in every format, what it held and what was fixed since. With
// --write-baseline it writes the baseline first, once all input is read,
// so that the line says it is recorded only when it is; a failure to
// write it goes to *recordErr. A run that stops early (a write error)
// records nothing.
func (o *LintOptions) summary(k *check.Known, sc *check.Since, excluded int, recordErr *error) func(stream.Stats) string {
	text := o.Format.Value == render.FormatText
	if !text && k == nil && sc == nil {
		return nil
	}
	return func(s stream.Stats) string {
		if k != nil && k.Record != nil {
			if err := k.Record.Write(k.RecordTo); err != nil {
				*recordErr = asGiven(err, o.WriteBaseline)
			}
		}
		var parts []string
		if text {
			parts = append(parts, fmt.Sprintf("%d checked, %d finding(s)", s.Checked, s.Findings))
			if s.Notes > 0 {
				// Apart from the findings: notes fail nothing.
				parts = append(parts, fmt.Sprintf("%d note(s)", s.Notes))
			}
			// Each apart: what markers in the repository dropped, what
			// its ignore file and --exclude dropped, and code, which
			// no one marked.
			if s.Suppressed > 0 {
				parts = append(parts, fmt.Sprintf("%d suppressed by markers", s.Suppressed))
			}
			if s.Excluded > 0 {
				parts = append(parts, fmt.Sprintf("%d excluded", s.Excluded))
			}
			if s.Code > 0 {
				parts = append(parts, fmt.Sprintf("%d in code, not checked", s.Code))
			}
			if excluded > 0 {
				// A file named and not read says why.
				parts = append(parts, fmt.Sprintf("%d named file(s) excluded by path patterns", excluded))
			}
		}
		if k != nil && k.Baseline != nil {
			parts = append(parts, fmt.Sprintf("%d in the baseline", k.Unchanged()))
			if fixed := len(k.Baseline.Fixed()); fixed > 0 {
				parts = append(parts, fmt.Sprintf("%d fixed since the baseline (lint --write-baseline shrinks it)", fixed))
			}
		}
		if sc != nil {
			parts = append(parts, fmt.Sprintf("%d older than %s, left out", sc.Older(), o.Since))
		}
		if k != nil && k.Record != nil && *recordErr == nil {
			parts = append(parts, fmt.Sprintf("%d recorded in %s", k.Record.Len(), o.WriteBaseline))
		}
		return strings.Join(parts, ", ")
	}
}

// completeRefs completes --since with the repository's branches and
// tags.
func (o *LintOptions) completeRefs(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	dir, err := o.IO.workdir()
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	refs, _ := since.Refs(since.Git{Dir: dir, Env: o.IO.Environ})
	return refs, cobra.ShellCompDirectiveNoFileComp
}

// listRules prints the rule table, for people writing suppressions.
func (o *LintOptions) listRules() error {
	if f := o.Format.Value; f != render.FormatText && f != render.FormatJSON {
		return usageErrorf("--list-rules writes text or json, not %s", f)
	}
	var b bytes.Buffer
	report.WriteRules(&b, o.Format.Value, finding.LintRules)
	if _, err := o.IO.Out.Write(b.Bytes()); err != nil {
		return &stream.WriteError{Err: err}
	}
	return nil
}
