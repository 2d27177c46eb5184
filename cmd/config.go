package cmd

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/config"
	"github.com/uritool/uritool/internal/flagval"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/render/results"
	"github.com/uritool/uritool/internal/stream"
)

// EnvironmentDoc lists, for c's manual page, the variables c reads.
func EnvironmentDoc(c *cobra.Command) string { return config.EnvironmentDoc(c, aliasTarget) }

// FilesDoc is the FILES section of the manual pages.
const FilesDoc = config.FilesDoc

// ConfigOptions are the options of uritool config.
type ConfigOptions struct {
	*RootOptions
	Format *flagval.Choice
}

// NewConfigCmd builds uritool config.
func NewConfigCmd(root *RootOptions) *cobra.Command {
	opts := &ConfigOptions{RootOptions: root}
	c := &cobra.Command{
		Use:   "config [flags] [COMMAND ...]",
		Short: "Show the settings in effect and where each comes from",
		Long: `Print every setting of uritool, or of the named commands, with its value and
where it comes from: "default", "env NAME" (a URITOOL_* variable) or
"FILE:LINE" (the config file). Settings are layered: a flag on the command
line wins over a variable, which wins over the config file, which wins over
the default.

The config file is $XDG_CONFIG_HOME/uritool/config.yaml (~/.config/... when
XDG_CONFIG_HOME is unset), or the file named by --config or URITOOL_CONFIG.
Global settings stand at its top level, each command's under its name:

  color: always
  lint:
    format: github
    lint: true

Variables: URITOOL_<FLAG> sets a global flag, or that flag of every command
that has it; URITOOL_<COMMAND>_<FLAG> sets one command's flag and wins. A "-"
in a flag's name is "_" in a variable's. A URITOOL_* variable that is no
setting is ignored, with a warning on stderr naming the closest one. A
URITOOL_<FLAG> whose value one command takes and another refuses (FORMAT=sarif
is lint's) leaves the other to its config file or default; a value that no
command takes is an error, as the command's own variable's always is.

Each value is checked as its command checks it: one the command would refuse
is an error here too, exit 2. The config file looked for is named on stderr,
found or not.`,
		Annotations: map[string]string{
			AnnotationJSONFields: results.SettingsTable.Fields().String(),
		},
		Example: `  uritool config
  uritool config lint
  URITOOL_FORMAT=json uritool config --format json validate`,
		ValidArgsFunction: func(c *cobra.Command, _ []string, _ string) ([]string, cobra.ShellCompDirective) {
			var names []string
			for _, sub := range config.Commands(c.Root()) {
				names = append(names, sub.Name())
			}
			return names, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			for _, a := range args {
				if !config.IsCommand(c.Root(), a) {
					return usageErrorf("unknown command %q", a)
				}
			}
			settings, err := root.settings.List(c, args)
			if err != nil {
				return &UsageError{err}
			}
			shown := make([]results.Setting, len(settings))
			for i, s := range settings {
				shown[i] = results.Setting{Key: s.Key, Value: s.Value, Source: s.Origin.String()}
			}
			r := render.NewTableRenderer(results.SettingsTable, opts.Format.Value, render.TextOptions{})
			if err := render.WriteAll(root.IO.Out, root.IO.ErrOut, r, shown); err != nil {
				return &stream.WriteError{Err: err}
			}
			// Which file was looked for, found or not: a setting that
			// seems not to take often lives in another one.
			path, found := root.settings.ConfigFile(c)
			var werr error
			switch {
			case path == "":
				_, werr = fmt.Fprintln(root.IO.ErrOut, "config file: none (neither XDG_CONFIG_HOME nor HOME is set)")
			case found:
				_, werr = fmt.Fprintf(root.IO.ErrOut, "config file: %s\n", path)
			default:
				_, werr = fmt.Fprintf(root.IO.ErrOut, "config file: %s (not found)\n", path)
			}
			if werr != nil {
				return &stream.WriteError{Err: werr}
			}
			return nil
		},
	}
	opts.Format = flagval.AddFormat(c, "text", "json")
	return c
}
