// Package cmd holds uritool's commands. root.go builds the command tree,
// runs it (Main, the one place where errors become exit statuses) and
// plugs commands into the pipeline; every other file is one command: its
// Options struct, its cobra constructor and the operation it plugs in.
// Commands do not loop over input, print, or pick a format: the stream,
// the renderers and Main do.
package cmd

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/term"

	"github.com/uritool/uritool/internal/ascii"
	"github.com/uritool/uritool/internal/check"
	"github.com/uritool/uritool/internal/config"
	"github.com/uritool/uritool/internal/errfinding"
	"github.com/uritool/uritool/internal/filter"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/flagval"
	"github.com/uritool/uritool/internal/get"
	"github.com/uritool/uritool/internal/password"
	"github.com/uritool/uritool/internal/pipeline"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/scope"
	"github.com/uritool/uritool/internal/stream"
	"github.com/uritool/uritool/pkg/uri"
)

// RootOptions are the settings every command shares.
type RootOptions struct {
	IO         *IOStreams
	Color      *flagval.Choice
	ConfigFile string
	Quiet      bool
	// settings layer the config file and environment under the flags,
	// and know where each value came from.
	settings *config.Layers
	// cobraOut is stdout for what cobra writes itself: help, version,
	// completion scripts. Commands write to IO.Out.
	cobraOut *keepError
}

// palettes decides color for stdout and stderr separately. Every renderer
// for people is built with one, so the passwords it masks are given here,
// once, for all of them.
func (o *RootOptions) palettes() (out, errp *render.Palette) {
	onOut := render.UseColor(o.Color.Value, o.IO.Out, o.IO.getenv)
	onErr := render.UseColor(o.Color.Value, o.IO.ErrOut, o.IO.getenv)
	return render.NewPalette(onOut, passwords), render.NewPalette(onErr, passwords)
}

// passwords is how output for people finds a password to mask.
var passwords = render.Passwords{Find: password.Find, Mask: password.Mask}

// NewRootCmd builds the uritool command tree over the given streams.
func NewRootCmd(streams *IOStreams) *cobra.Command {
	root, _ := newRoot(streams)
	return root
}

// newRoot builds the command tree, and returns with it the options that
// Main asks where a refused value came from.
func newRoot(streams *IOStreams) (*cobra.Command, *RootOptions) {
	opts := &RootOptions{IO: streams, Color: flagval.NewChoice("auto", "WHEN", render.ColorModes...),
		settings: config.New(config.Options{Environ: streams.Environ, Alias: aliasTarget}),
		cobraOut: &keepError{w: streams.Out}}
	root := &cobra.Command{
		Use:   "uritool",
		Short: "Parse, validate, resolve and normalize URIs strictly by RFC 3986",
		Long: `uritool answers exactly what a URI is, by the grammar and algorithms of
RFC 3986: its components, whether it is valid and where it breaks, what a
reference resolves to, and whether two URIs are equivalent.

Each command reads its arguments, or one input per line from standard input
when there are none (or the argument is "-"), and gives one result per input,
in order.`,
		Example: `  uritool parse 'https://example.com/a?b#c'
  uritool validate < urls.txt
  uritool resolve http://a/b/c/d ../g
  uritool normalize 'HTTP://Example.COM:80/%7efoo'`,
		Version:       versionLine(),
		SilenceUsage:  true,
		SilenceErrors: true,
		// Only reads the config file and environment, and warns on
		// stderr: completion runs this hook too, so it must not touch
		// stdin or stdout.
		PersistentPreRunE: func(c *cobra.Command, _ []string) error {
			return opts.configure(c)
		},
	}
	root.SetIn(streams.In)
	root.SetOut(opts.cobraOut)
	root.SetErr(streams.ErrOut)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return &UsageError{config.UnknownFlag(c, err)} })
	root.SetVersionTemplate(versionText())

	f := root.PersistentFlags()
	f.Var(opts.Color, "color", "color output: auto, always or never (auto colors a terminal, unless NO_COLOR is set or TERM=dumb)")
	f.StringVar(&opts.ConfigFile, "config", "", "config `FILE` (default $XDG_CONFIG_HOME/uritool/config.yaml)")
	f.BoolVarP(&opts.Quiet, "quiet", "q", false, "write no diagnostics of inputs and no closing summary on stderr, for pipelines that want stdout and the exit status (usage, configuration and I/O errors are still written)")
	_ = root.RegisterFlagCompletionFunc("color", flagval.FixedCompletion(render.ColorModes))
	_ = root.MarkPersistentFlagFilename("config", "yaml", "yml")

	root.AddCommand(
		NewParseCmd(opts),
		NewValidateCmd(opts),
		NewLintCmd(opts),
		NewRecomposeCmd(opts),
		NewResolveCmd(opts),
		NewNormalizeCmd(opts),
		NewEqualCmd(opts),
		NewRelativizeCmd(opts),
		NewEditCmd(opts),
		NewEncodeCmd(opts),
		NewDecodeCmd(opts),
		NewToURICmd(opts),
		NewToIRICmd(opts),
		NewInteropCmd(opts),
		NewExpandCmd(opts),
		NewMatchCmd(opts),
		NewShapeCmd(opts),
		NewConfigCmd(opts),
		newVersionCmd(opts),
	)
	root.SetHelpCommand(newHelpCmd())
	addJSONFieldsToHelp(root)
	addCompletionExamples(root)
	return root, opts
}

// configure applies the config file and environment to c's flags, and
// warns on stderr of URITOOL_* variables that are no setting.
func (o *RootOptions) configure(c *cobra.Command) error {
	warnings, err := o.settings.Apply(c)
	for _, w := range warnings {
		if _, werr := fmt.Fprintln(o.IO.ErrOut, "uritool: warning:", w); werr != nil {
			return &stream.WriteError{Err: werr}
		}
	}
	if err != nil {
		return &UsageError{err}
	}
	return nil
}

// aliasTarget is config.Options.Alias: --json is no setting of its own,
// it stands for --format json.
func aliasTarget(f *pflag.Flag) (string, bool) {
	if flagval.IsAlias(f) {
		return "format=json", true
	}
	return "", false
}

// completionExamples says where each shell's script goes.
var completionExamples = map[string]string{
	"bash":       "  # both need the bash-completion package\n  source <(uritool completion bash)\n  uritool completion bash > /etc/bash_completion.d/uritool",
	"zsh":        "  uritool completion zsh > \"${fpath[1]}/_uritool\"",
	"fish":       "  uritool completion fish > ~/.config/fish/completions/uritool.fish",
	"powershell": "  uritool completion powershell | Out-String | Invoke-Expression",
}

// addCompletionExamples adds cobra's completion command now, rather than
// when it runs, so that it and its man pages have examples too.
func addCompletionExamples(root *cobra.Command) {
	root.InitDefaultCompletionCmd()
	c, _, err := root.Find([]string{"completion"})
	if err != nil || c == root {
		return
	}
	// Without this, "completion tcsh" prints help and exits 0.
	c.Args = cobra.NoArgs
	c.RunE = func(c *cobra.Command, _ []string) error {
		return usageErrorf("name a shell: %s", flagval.OrList(shellNames(c)))
	}
	c.Example = "  uritool completion bash > /etc/bash_completion.d/uritool\n  uritool completion zsh > \"${fpath[1]}/_uritool\""
	for _, sub := range c.Commands() {
		sub.Example = completionExamples[sub.Name()]
	}
}

// Release builds set these with -ldflags -X (see .goreleaser.yaml); other
// builds read them from the build info.
var releaseVersion, releaseCommit, releaseDate string

// version is the release or module version, else "devel": the version
// SARIF names.
func version() string {
	if releaseVersion != "" {
		return releaseVersion
	}
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" && info.Main.Version != "(devel)" {
		return info.Main.Version
	}
	return "devel"
}

// versionLine is what --version says: the version, and the commit and its
// date when the build knows them ("go install" of a version records
// neither; a build in a Git checkout records vcs.*).
func versionLine() string {
	commit, date, modified := releaseCommit, releaseDate, false
	if info, ok := debug.ReadBuildInfo(); ok && commit == "" {
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				commit = s.Value
			case "vcs.time":
				date = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	var about []string
	if commit != "" {
		about = append(about, "commit "+commit)
	}
	if modified {
		about = append(about, "modified")
	}
	if date != "" {
		about = append(about, date)
	}
	if len(about) == 0 {
		return version()
	}
	return version() + " (" + strings.Join(about, ", ") + ")"
}

func shellNames(c *cobra.Command) []string {
	var names []string
	for _, sub := range c.Commands() {
		names = append(names, sub.Name())
	}
	return names
}

// newHelpCmd replaces cobra's help command, which exits 0 for an unknown
// topic.
func newHelpCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command",
		Long:  "Help provides help for any command in the application.\nSimply type uritool help [path to command] for full details.",
		ValidArgsFunction: func(c *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			var names []string
			for _, sub := range c.Root().Commands() {
				if sub.IsAvailableCommand() && strings.HasPrefix(sub.Name(), toComplete) {
					names = append(names, sub.Name())
				}
			}
			return names, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			target, rest, err := c.Root().Find(args)
			if err != nil || target == nil || len(rest) > 0 {
				return usageErrorf("unknown help topic %q", strings.Join(args, " "))
			}
			return target.Help()
		},
	}
}

// collectAt sets the garbage collector's target (as GOGC does) for the
// run of a command whose heap asks for another than the default, unless
// GOGC is set, and returns what sets it back.
func (o *RootOptions) collectAt(percent int) (restore func()) {
	if o.IO.getenv("GOGC") != "" {
		return func() {}
	}
	old := debug.SetGCPercent(percent)
	return func() { debug.SetGCPercent(old) }
}

// terminalWidth is the width of the terminal stdout writes to, from
// COLUMNS or the terminal itself, or 0 when stdout is not a terminal.
func (o *RootOptions) terminalWidth() int {
	if n, err := strconv.Atoi(o.IO.getenv("COLUMNS")); err == nil && n > 0 {
		return n
	}
	if f, ok := o.IO.Out.(*os.File); ok && render.IsTerminal(f) {
		if w, _, err := term.GetSize(int(f.Fd())); err == nil {
			return w
		}
	}
	return 0
}

// iriUsage describes --iri, which every command that reads IRIs shares.
const iriUsage = "accept IRIs (RFC 3987): non-ASCII characters of ucschar in every component, iprivate in the query"

// formatGiven names --format as the user gave it, flag, variable or file
// line, for an error about combining it with another flag.
func (o *RootOptions) formatGiven(c *cobra.Command) string { return o.given(c, "format") }

// given names c's flag as the user gave it, as formatGiven does --format.
func (o *RootOptions) given(c *cobra.Command, flag string) string {
	return o.settings.Lookup(c.Flags().Lookup(flag)).Given()
}

// requireArgs wants at least n arguments, the first named name, and says
// which is missing.
func requireArgs(n int, name string) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) < n {
			return usageErrorf("missing %s", name)
		}
		return nil
	}
}

// Exit statuses, the same for every command.
const (
	ExitOK       = 0
	ExitFindings = 1 // some input was invalid or drew a finding
	ExitUsage    = 2 // bad flags, arguments or configuration
	ExitIO       = 3 // input could not be read or output written
)

// Main runs uritool with args over the given streams and returns the exit
// status. It is the one place where errors become statuses; main only
// calls it.
func Main(args []string, streams *IOStreams) int {
	root, opts := newRoot(streams)
	root.SetArgs(args)
	c, err := root.ExecuteC()
	if err != nil && c == root {
		if ferr := leadingFlagError(root, args); ferr != nil {
			err = ferr
		}
	}
	opts.settings.Explain(c, err)
	if opts.cobraOut.err != nil {
		// Help, version and completion are written by cobra, which
		// drops or passes on write errors as it likes; they are output
		// like any other, and so exit 3.
		err = &stream.WriteError{Err: opts.cobraOut.err}
	}
	return exitStatus(err, c, streams.ErrOut)
}

// leadingFlagError is the error of an unknown flag before the command
// name. cobra, looking for the command, takes the word after an unknown
// flag for its value, so "uritool --bogus parse x" failed on the command
// "x"; parsing the root's flags up to the first word that is no flag or
// flag value finds the real fault.
func leadingFlagError(root *cobra.Command, args []string) error {
	root.InitDefaultHelpFlag()
	root.InitDefaultVersionFlag()
	fs := pflag.NewFlagSet(root.Name(), pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.SetInterspersed(false)
	fs.AddFlagSet(root.PersistentFlags())
	fs.AddFlagSet(root.LocalFlags())
	if err := fs.Parse(args); err != nil {
		return &UsageError{config.FlagError(err)}
	}
	return nil
}

// keepError passes writes on and keeps the first that failed.
type keepError struct {
	w   io.Writer
	err error
}

func (k *keepError) Write(p []byte) (int, error) {
	n, err := k.w.Write(p)
	if err != nil && k.err == nil {
		k.err = err
	}
	return n, err
}

// exitStatus maps a command's error to the exit status and reports the
// errors not reported already. Errors cobra raises itself (an unknown
// command or flag, a wrong number of arguments) are usage errors, and
// point to the help of the command that refused them.
func exitStatus(err error, c interface{ CommandPath() string }, stderr io.Writer) int {
	var findings *FindingsError
	var ioErr *IOError
	var writeErr *stream.WriteError
	var readErr *stream.ReadError
	switch {
	case err == nil:
		return ExitOK
	case errors.As(err, &findings):
		return ExitFindings
	case errors.As(err, &ioErr), errors.As(err, &writeErr), errors.As(err, &readErr):
		fmt.Fprintln(stderr, "uritool: error:", err)
		return ExitIO
	}
	fmt.Fprintln(stderr, "uritool: error:", strings.TrimSuffix(err.Error(), "\n"))
	path := "uritool"
	if c != nil {
		path = c.CommandPath()
	}
	fmt.Fprintf(stderr, "Run '%s --help' for usage.\n", path)
	return ExitUsage
}

// The error types below carry the outcome of a command to Main.

// FindingsError means some input was invalid or drew a finding. The
// findings were already reported, so it has nothing more to say.
type FindingsError struct{ Count int }

func (e *FindingsError) Error() string { return fmt.Sprintf("%d finding(s)", e.Count) }

// UsageError is a bad flag, argument or configuration.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

func usageErrorf(format string, args ...any) error {
	return &UsageError{fmt.Errorf(format, args...)}
}

// badValue is a usage error about value, a value of the flag named flag,
// that only the command could check. Main names where the value came
// from: the flag, a URITOOL_* variable or a line of the config file.
func badValue(flag, value, format string, args ...any) error {
	return &UsageError{&config.ValueError{Flag: flag, Value: value, Err: fmt.Errorf(format, args...)}}
}

// IOError is a failure to read input or write output.
type IOError struct{ Err error }

func (e *IOError) Error() string { return e.Err.Error() }
func (e *IOError) Unwrap() error { return e.Err }

// findings returns the error for n findings, or nil for none.
func findings(n int) error {
	if n == 0 {
		return nil
	}
	return &FindingsError{Count: n}
}

// IOStreams are a command's standard streams, injected so that tests run
// the real commands against buffers.
type IOStreams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer
	// Environ is the environment, NAME=VALUE (os.Environ() in main):
	// the URITOOL_* settings and where the config file is, and what the
	// terminal asks (NO_COLOR, TERM, COLUMNS). Of a name given twice the
	// last counts, as with os/exec. Nothing else reads the process's,
	// so that tests can run side by side, each with its own.
	Environ []string
	// Getwd is the working directory, which lint resolves its files'
	// paths against; os.Getwd in main.
	Getwd func() (string, error)
}

// getenv is the value of the variable name in Environ, or "".
func (s *IOStreams) getenv(name string) string {
	for i := len(s.Environ) - 1; i >= 0; i-- {
		if k, v, ok := strings.Cut(s.Environ[i], "="); ok && k == name {
			return v
		}
	}
	return ""
}

// inWorkdir is name, a path a flag gives, as the process opens it:
// relative to the working directory the command was given, not the
// process's.
func (s *IOStreams) inWorkdir(name string) (string, error) {
	if filepath.IsAbs(name) {
		return name, nil
	}
	dir, err := s.workdir()
	if err != nil {
		return "", &IOError{err}
	}
	return filepath.Join(dir, name), nil
}

// openFlagFile opens the file a flag names (--scope, --values-from). One
// that cannot be opened is a usage error naming the flag and the file as
// given, as a bad value is: nothing was read yet.
func (o *RootOptions) openFlagFile(flag, name string) (*os.File, error) {
	path, err := o.IO.inWorkdir(name)
	if err != nil {
		return nil, err
	}
	file, err := os.Open(path)
	if err != nil {
		return nil, badValue(flag, name, "%v", asGiven(err, name))
	}
	return file, nil
}

// workdir is the working directory, absolute.
func (s *IOStreams) workdir() (string, error) {
	if s.Getwd == nil {
		return "", errors.New("the working directory is not known")
	}
	return s.Getwd()
}

// run runs a command's operation over the inputs args name, and turns
// the outcome into its error: findings, or an I/O failure.
func run[R any](o *RootOptions, args []string, c pipeline.Command[R]) error {
	env := pipeline.Env{Stdin: o.IO.In, Stdout: o.IO.Out, Stderr: o.IO.ErrOut, TempDir: o.IO.getenv("TMPDIR"), Quiet: o.Quiet,
		IsTerminal: func(r io.Reader) bool { return render.IsTerminal(r) }}
	if c.Files {
		dir, err := o.IO.workdir()
		if err != nil {
			return &IOError{err}
		}
		env.Dir = dir
	}
	if f := c.Filter; f != nil && f.ScopeFile != "" {
		if err := o.readScope(f); err != nil {
			return err
		}
	}
	stats, err := pipeline.Run(env, args, c)
	switch {
	case err != nil:
		return err
	case stats.Unreadable > 0:
		return &IOError{fmt.Errorf("%d file(s) could not be read", stats.Unreadable)}
	}
	return findings(stats.Findings)
}

// parseRef parses text, the input in or what --default-scheme made of
// it, as a URI reference or, with asIRI, as an IRI reference, into u.
// Refused for a character only IRIs allow, its error says so. u is the
// caller's, by pointer: a URI returned by value is copied once more on
// every input. What a filter parsed already (parsed) is taken as it is:
// a URI reference is an IRI reference alike.
func parseRef(u *uri.URI, in *stream.Input, text string, asIRI bool) error {
	if p := parsed(in, text); p != nil {
		*u = *p
		return nil
	}
	return parseText(u, text, asIRI)
}

// parseText is parseRef of text alone.
func parseText(u *uri.URI, text string, asIRI bool) (err error) {
	if asIRI {
		*u, err = uri.ParseRule(text, uri.RuleIRIReference)
		return err
	}
	if *u, err = uri.Parse(text); err != nil {
		return withIRIHint(text, err)
	}
	return nil
}

// parsed is what a filter parsed of in, when it parsed text, or nil.
func parsed(in *stream.Input, text string) *uri.URI {
	if p := in.Parsed; p != nil && ascii.Same(p.String(), text) {
		return p
	}
	return nil
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
		return uri.URI{}, usageErrorf("%s %q is not a URI: it needs a scheme (RFC 3986 section 5.2.1)", what, password.Masked(s))
	}
	if err == nil {
		return u, nil
	}
	if err := o.showArgError(what, s, errfinding.Of(err, what)); err != nil {
		return uri.URI{}, err
	}
	return uri.URI{}, usageErrorf("%s %q is not a URI reference", what, password.Masked(s))
}

// showArgError writes the caret diagnostic of a bad argument on stderr.
func (o *RootOptions) showArgError(what, s string, f *finding.Finding) error {
	_, errPal := o.palettes()
	var diag bytes.Buffer
	render.Diagnostic(&diag, errPal, what, finding.ColumnOf(s, f.Offset), s, f, finding.Error, false)
	if _, err := o.IO.ErrOut.Write(diag.Bytes()); err != nil {
		return &IOError{err}
	}
	return nil
}

// tableRenderer returns the renderers of a result type's table.
func tableRenderer[R any](t *render.Table[R], format string, o render.TextOptions) func() render.Renderer[R] {
	return func() render.Renderer[R] { return render.NewTableRenderer(t, format, o) }
}

// Annotation keys that the man page generator (internal/gen) reads.
const (
	AnnotationExitStatus = "man:exit-status"
	AnnotationJSONFields = "man:json-fields"
)

// DefaultExitStatus is the exit status section of every command that does
// not say otherwise.
const DefaultExitStatus = `  0 when every input is valid and nothing was found,
  1 when some input is invalid (or drew a finding, where the command
    has them),
  2 for a usage error: a bad flag, argument or configuration file,
  3 when input could not be read or output written.`

// addJSONFieldsToHelp ends each command's --help with the JSON fields it
// writes, as its man page does: the README promises both. A help function,
// not a template: cobra prints a template's write error on stderr itself.
func addJSONFieldsToHelp(c *cobra.Command) {
	help := c.HelpFunc()
	for _, sub := range c.Commands() {
		if fields := sub.Annotations[AnnotationJSONFields]; fields != "" {
			sub.SetHelpFunc(func(c *cobra.Command, args []string) {
				help(c, args)
				fmt.Fprint(c.OutOrStdout(), "\n"+fields+"\n")
			})
		}
	}
}

// addFilterFlags gives a command that reads references the filters of
// internal/filter, applied before its operation.
func addFilterFlags(c *cobra.Command, f *filter.Filter) {
	fl := c.Flags()
	fl.Var(flagval.NewComponents(&f.Has), "has", "keep only references in which these components are defined (maybe empty): "+flagval.JoinList(flagval.ComponentNames))
	fl.Var(flagval.NewComponents(&f.Lacks), "lacks", "keep only references in which these components are undefined")
	fl.Var(flagval.NewExtensions(&f.Ext), "ext", "keep only references whose last path segment has one of these extensions")
	fl.Var(flagval.NewExtensions(&f.DropExt), "drop-ext", "drop references whose last path segment has one of these extensions (css,png,...)")
	fl.Var(flagval.NewHostGlobs(&f.Host), "host", "keep only references whose host matches this glob, neither of them by case (repeatable: any)")
	fl.StringVar(&f.ScopeFile, "scope", "", "keep only references whose host is in the scope `FILE`: a host glob (*.example.com), \"re:\" and a regular expression, or either after \"!\" to exclude, a line each; Unicode and punycode hosts alike")
	_ = c.MarkFlagFilename("scope")
	fl.Var(flagval.NewPathGlobs(&f.Path), "path-glob", "keep only references whose path matches this glob, as gitignore matches paths: *.php a last segment anywhere, /static/* from the start, ** any segments (repeatable: any)")
	for _, name := range []string{"has", "lacks"} {
		_ = c.RegisterFlagCompletionFunc(name, flagval.ListCompletion(flagval.ComponentNames))
	}
	for _, name := range []string{"ext", "drop-ext"} {
		_ = c.RegisterFlagCompletionFunc(name, flagval.ListCompletion(staticExtensions))
	}
	for _, name := range []string{"host", "path-glob"} {
		_ = c.RegisterFlagCompletionFunc(name, cobra.NoFileCompletions)
	}
}

// staticExtensions are offered when completing --ext and --drop-ext: the
// files crawls are full of that people drop (uro's list, in short).
var staticExtensions = []string{"css", "js", "png", "jpg", "jpeg", "gif", "svg", "ico", "woff", "woff2", "ttf", "eot", "pdf", "mp4", "webp"}

// uniqueUsage is the help of --unique on commands that write lines.
const uniqueUsage = "write each distinct output once, at its first occurrence (memory grows with the number of distinct outputs)"

// versionText is what --version and uritool version print: the version,
// then the Public Suffix List that {registrable} and its kin use.
func versionText() string {
	return "uritool " + versionLine() + "\n" + get.PublicSuffixList() + "\n"
}

// newVersionCmd builds uritool version, which many users type for
// --version: the same text, on stdout.
func newVersionCmd(opts *RootOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print uritool's version, as --version does",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if _, err := io.WriteString(opts.IO.Out, versionText()); err != nil {
				return &stream.WriteError{Err: err}
			}
			return nil
		},
	}
}

// readScope reads --scope's file (openFlagFile). A bad line is a usage
// error naming FILE:LINE.
func (o *RootOptions) readScope(f *filter.Filter) error {
	file, err := o.openFlagFile("scope", f.ScopeFile)
	if err != nil {
		return err
	}
	defer file.Close()
	s, err := scope.Parse(f.ScopeFile, file)
	var le *scope.LineError
	switch {
	case errors.As(err, &le):
		return usageErrorf("--scope %v", err)
	case err != nil:
		return &IOError{fmt.Errorf("--scope %s: %w", f.ScopeFile, err)}
	}
	f.Scope = s
	return nil
}
