package config

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/uritool/uritool/internal/nearest"
)

// envPrefix starts every variable uritool reads its settings from.
const envPrefix = "URITOOL"

// Commands are the commands whose flags can be set in the file.
func Commands(root *cobra.Command) []*cobra.Command {
	var out []*cobra.Command
	for _, c := range root.Commands() {
		if !SkipsConfig(c) && c.Name() != "config" && c.Runnable() {
			out = append(out, c)
		}
	}
	return out
}

// IsCommand reports whether name is one of Commands.
func IsCommand(root *cobra.Command, name string) bool {
	for _, c := range Commands(root) {
		if c.Name() == name {
			return true
		}
	}
	return false
}

// configurable reports flags that are settings, not one-off switches.
func (l *Layers) configurable(f *pflag.Flag) bool {
	return configurable(f, l.opts.Alias)
}

func configurable(f *pflag.Flag, alias func(*pflag.Flag) (string, bool)) bool {
	if _, ok := alias(f); ok {
		return false
	}
	_, oneOff := f.Annotations[AnnotationOneOff]
	return f.Name != "help" && f.Name != "config" && f.Name != "version" && !oneOff
}

// AnnotationOneOff marks a flag that asks for an action, such as lint
// --list-rules, which a config file or the environment must not set for
// every run.
const AnnotationOneOff = "uritool:one-off"

// knownKeys lists every key the file may hold; true marks global ones.
func knownKeys(root *cobra.Command, configurable func(*pflag.Flag) bool) map[string]bool {
	keys := map[string]bool{}
	root.PersistentFlags().VisitAll(func(f *pflag.Flag) {
		if configurable(f) {
			keys[f.Name] = true
		}
	})
	for _, c := range Commands(root) {
		keys[c.Name()] = false
		c.NonInheritedFlags().VisitAll(func(f *pflag.Flag) {
			if configurable(f) {
				keys[c.Name()+"."+f.Name] = false
			}
		})
	}
	return keys
}

// closest is the known key nearest to key by edit distance, if near.
// A bare flag name also matches the same flag under a command, since
// command flags must stand under the command, the running one first;
// and a flag under a command matches a global key of its name, since a
// global flag ("color") stands at the top level only.
func closest(key string, known map[string]bool, running string) string {
	best, bestD := "", 1<<30
	_, keyFlag, keyScoped := strings.Cut(key, ".")
	for k := range known {
		d := 2 * nearest.Distance(key, k)
		if cmd, flag, ok := strings.Cut(k, "."); ok && !keyScoped {
			bonus := 2
			if cmd == running {
				bonus = 1
			}
			d = min(d, 2*nearest.Distance(key, flag)+bonus)
		} else if !ok && keyScoped {
			d = min(d, 2*nearest.Distance(keyFlag, k)+1)
		}
		if d < bestD || d == bestD && k < best {
			best, bestD = k, d
		}
	}
	if bestD > 2*max(2, len(key)/3)+2 {
		return ""
	}
	return best
}

func envName(parts ...string) string {
	return strings.ToUpper(strings.ReplaceAll(strings.Join(append([]string{envPrefix}, parts...), "_"), "-", "_"))
}

// EnvironmentDoc lists, for c's manual page, the variables c reads: one
// per setting, then those that say how to write for the terminal. alias
// is Options.Alias.
func EnvironmentDoc(c *cobra.Command, alias func(*pflag.Flag) (string, bool)) string {
	var b strings.Builder
	b.WriteString("Settings (see uritool-config(1)); a flag on the command line wins:\n\n")
	line := func(name, what string) { fmt.Fprintf(&b, "  %s\n      %s\n", name, what) }
	line(envName("config"), "the config file, instead of the default")
	c.Root().PersistentFlags().VisitAll(func(f *pflag.Flag) {
		if configurable(f, alias) {
			line(envName(f.Name), "--"+f.Name)
		}
	})
	if c != c.Root() && !SkipsConfig(c) && c.Name() != "config" {
		c.NonInheritedFlags().VisitAll(func(f *pflag.Flag) {
			if configurable(f, alias) {
				line(envName(c.Name(), f.Name), "--"+f.Name+" (or "+envName(f.Name)+")")
			}
		})
	}
	b.WriteString("\nTerminal:\n\n")
	line("NO_COLOR", "when set and not empty, --color auto writes no color")
	line("TERM", `"dumb" means no color with --color auto`)
	line("COLUMNS", "the width that parse's breakdown must fit")
	line("XDG_CONFIG_HOME", "where the config file is looked for")
	return b.String()
}

// FilesDoc is the FILES section of the manual pages.
const FilesDoc = `  $XDG_CONFIG_HOME/uritool/config.yaml
  ~/.config/uritool/config.yaml (when XDG_CONFIG_HOME is unset)

The config file: global settings at its top level, each command's settings
under the command's name. A missing file is fine; an unknown key is an error.
See uritool-config(1).`
