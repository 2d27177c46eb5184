// Package cmd holds uritool's commands: each file defines one command's
// options, its cobra constructor and the run function that does the work
// against injected streams.
package cmd

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/spf13/viper"

	"github.com/uritool/uritool/internal/render"
)

// RootOptions are the settings every command shares.
type RootOptions struct {
	IO         *IOStreams
	Color      string
	ConfigFile string
	config     *viper.Viper
}

// palettes decides color for stdout and stderr separately.
func (o *RootOptions) palettes() (out, errp *render.Palette, err error) {
	onOut, err := render.UseColor(o.Color, o.IO.Out, o.IO.Getenv)
	if err != nil {
		return nil, nil, &UsageError{err}
	}
	onErr, _ := render.UseColor(o.Color, o.IO.ErrOut, o.IO.Getenv)
	return render.NewPalette(onOut), render.NewPalette(onErr), nil
}

// NewRootCmd builds the uritool command tree over the given streams.
func NewRootCmd(streams *IOStreams) *cobra.Command {
	opts := &RootOptions{IO: streams, config: viper.New()}
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
		// Only reads the config file: completion runs this hook too, so it
		// must not touch stdin or stdout.
		PersistentPreRunE: func(c *cobra.Command, _ []string) error {
			return opts.loadConfig(c)
		},
	}
	root.SetIn(streams.In)
	root.SetOut(streams.Out)
	root.SetErr(streams.ErrOut)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return &UsageError{err} })
	root.SetVersionTemplate("uritool {{.Version}}\n")

	f := root.PersistentFlags()
	f.StringVar(&opts.Color, "color", "auto", "color output: auto, always or never (auto honours NO_COLOR and TERM=dumb)")
	f.StringVar(&opts.ConfigFile, "config", "", "config file (default $XDG_CONFIG_HOME/uritool/config.yaml)")
	_ = root.RegisterFlagCompletionFunc("color", fixedCompletion(render.ColorModes))

	root.AddCommand(
		NewParseCmd(opts),
		NewValidateCmd(opts),
		NewLintCmd(opts),
		NewRecomposeCmd(opts),
		NewResolveCmd(opts),
		NewNormalizeCmd(opts),
		NewEqualCmd(opts),
		NewRelativizeCmd(opts),
	)
	addCompletionExamples(root)
	return root
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

// defaultConfigFile is $XDG_CONFIG_HOME/uritool/config.yaml, or the same
// under ~/.config.
func (o *RootOptions) defaultConfigFile() string {
	dir := o.IO.Getenv("XDG_CONFIG_HOME")
	if dir == "" {
		home := o.IO.Getenv("HOME")
		if home == "" {
			return ""
		}
		dir = filepath.Join(home, ".config")
	}
	return filepath.Join(dir, "uritool", "config.yaml")
}

// loadConfig reads the config file into the root's viper instance, then
// gives every flag the user did not set its value from the environment
// (URITOOL_ and the flag name in capitals, "_" for "-") or, failing that,
// from the file: flag > environment > file > default. The environment is
// read through IOStreams.Getenv, so tests can inject it.
func (o *RootOptions) loadConfig(c *cobra.Command) error {
	v := o.config
	v.SetConfigType("yaml")
	file, explicit := o.ConfigFile, o.ConfigFile != ""
	if !explicit {
		if env := o.IO.Getenv("URITOOL_CONFIG"); env != "" {
			file, explicit = env, true
		} else {
			file = o.defaultConfigFile()
		}
	}
	if file != "" {
		data, err := os.ReadFile(file)
		switch {
		case errors.Is(err, os.ErrNotExist) && !explicit:
		case err != nil:
			return usageErrorf("config file: %v", err)
		default:
			if err := v.ReadConfig(bytes.NewReader(data)); err != nil {
				return usageErrorf("config file %s: %v", file, unwrapAll(err))
			}
		}
	}

	var firstErr error
	c.Flags().VisitAll(func(f *pflag.Flag) {
		if f.Changed || firstErr != nil || f.Name == "config" || f.Name == "help" || f.Name == "version" {
			return
		}
		env := "URITOOL_" + strings.ToUpper(strings.ReplaceAll(f.Name, "-", "_"))
		var err error
		switch value := o.IO.Getenv(env); {
		case value != "":
			if err = f.Value.Set(value); err != nil {
				err = usageErrorf("%s: invalid value for --%s: %v", env, f.Name, err)
			}
		case v.IsSet(f.Name):
			if err = setFlag(f, v.Get(f.Name)); err != nil {
				err = usageErrorf("config file %s: %s: %v", file, f.Name, err)
			}
		}
		firstErr = err
	})
	return firstErr
}

// unwrapAll digs out the innermost error, which for YAML names the line.
func unwrapAll(err error) error {
	for {
		next := errors.Unwrap(err)
		if next == nil {
			return err
		}
		err = next
	}
}

// setFlag gives f a value read from the config file or the environment,
// through the flag's own parser so that both are checked like a flag.
func setFlag(f *pflag.Flag, value any) error {
	switch val := value.(type) {
	case []any:
		parts := make([]string, len(val))
		for i, p := range val {
			parts[i] = fmt.Sprint(p)
		}
		if sv, ok := f.Value.(pflag.SliceValue); ok {
			return sv.Replace(parts)
		}
		return f.Value.Set(strings.Join(parts, ","))
	case map[string]any:
		keys := make([]string, 0, len(val))
		for k := range val {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = fmt.Sprintf("%s=%v", k, val[k])
		}
		return f.Value.Set(strings.Join(parts, ","))
	}
	return f.Value.Set(fmt.Sprint(value))
}
