// Package cmd holds uritool's commands: each file defines one command's
// options, its cobra constructor and the run function that does the work
// against injected streams.
package cmd

import (
	"fmt"
	"os"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/term"

	"github.com/uritool/uritool/internal/config"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/stream"
)

// RootOptions are the settings every command shares.
type RootOptions struct {
	IO         *IOStreams
	Color      *choice
	ConfigFile string
	// settings layer the config file and environment under the flags,
	// and know where each value came from.
	settings *config.Layers
	// cobraOut is stdout for what cobra writes itself: help, version,
	// completion scripts. Commands write to IO.Out.
	cobraOut *keepError
}

// palettes decides color for stdout and stderr separately.
func (o *RootOptions) palettes() (out, errp *render.Palette) {
	onOut := render.UseColor(o.Color.value, o.IO.Out, o.IO.Getenv)
	onErr := render.UseColor(o.Color.value, o.IO.ErrOut, o.IO.Getenv)
	return render.NewPalette(onOut), render.NewPalette(onErr)
}

// NewRootCmd builds the uritool command tree over the given streams.
func NewRootCmd(streams *IOStreams) *cobra.Command {
	root, _ := newRoot(streams)
	return root
}

// newRoot builds the command tree, and returns with it the options that
// Main asks where a refused value came from.
func newRoot(streams *IOStreams) (*cobra.Command, *RootOptions) {
	opts := &RootOptions{IO: streams, Color: newChoice("auto", "WHEN", render.ColorModes...),
		settings: config.New(config.Options{Getenv: streams.Getenv, Alias: aliasTarget}),
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
		Version:       version(),
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
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return &UsageError{config.FlagError(err)} })
	root.SetVersionTemplate("uritool {{.Version}}\n" + render.PublicSuffixList() + "\n")

	f := root.PersistentFlags()
	f.Var(opts.Color, "color", "color output: auto, always or never (auto colors a terminal, unless NO_COLOR is set or TERM=dumb)")
	f.StringVar(&opts.ConfigFile, "config", "", "config `FILE` (default $XDG_CONFIG_HOME/uritool/config.yaml)")
	_ = root.RegisterFlagCompletionFunc("color", fixedCompletion(render.ColorModes))
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
	if isAlias(f) {
		return "format=json", true
	}
	return "", false
}

// completionExamples says where each shell's script goes.
var completionExamples = map[string]string{
	"bash":       "  source <(uritool completion bash)\n  uritool completion bash > /etc/bash_completion.d/uritool",
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
		return usageErrorf("name a shell: %s", orList(shellNames(c)))
	}
	c.Example = "  uritool completion bash > /etc/bash_completion.d/uritool\n  uritool completion zsh > \"${fpath[1]}/_uritool\""
	for _, sub := range c.Commands() {
		sub.Example = completionExamples[sub.Name()]
	}
}

// version is the module version for "go install", else "devel" and the
// VCS revision when the build recorded one.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	v := "devel"
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			v += " " + s.Value
		case "vcs.modified":
			if s.Value == "true" {
				v += " (modified)"
			}
		}
	}
	return v
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

// terminalWidth is the width of the terminal stdout writes to, from
// COLUMNS or the terminal itself, or 0 when stdout is not a terminal.
func (o *RootOptions) terminalWidth() int {
	if n, err := strconv.Atoi(o.IO.Getenv("COLUMNS")); err == nil && n > 0 {
		return n
	}
	if f, ok := o.IO.Out.(*os.File); ok && render.IsTerminal(f) {
		if w, _, err := term.GetSize(int(f.Fd())); err == nil {
			return w
		}
	}
	return 0
}
