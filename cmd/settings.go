package cmd

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"go.yaml.in/yaml/v3"
)

// Settings come in layers, highest first: a flag on the command line, a
// URITOOL_* variable, the config file, the flag's default. Viper does the
// layering; this file binds each flag to its key and variables, checks the
// file's keys against the command tree, and says where a value came from
// when it is refused.
//
// Keys: the global flags (color) at the top level of the file, each
// command's flags under the command's name:
//
//	color: always
//	lint:
//	  format: github
//
// so that a value valid for one command cannot break another. Variables:
// URITOOL_<FLAG> for a global flag and for that flag of any command, and
// URITOOL_<COMMAND>_<FLAG> for one command's flag, which wins.

// envPrefix starts every variable uritool reads its settings from.
const envPrefix = "URITOOL"

// setting is one key and where its value comes from.
type setting struct {
	Key    string
	Flag   *pflag.Flag
	Envs   []string // the variables for it, the most specific first
	Value  string
	Source string // "default", "flag", "env NAME" or "FILE:LINE"
}

var yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// configFile is the config file as read: where each key stands.
type configFile struct {
	path  string
	lines map[string]int
	// running is the command being run, whose keys a suggestion prefers.
	running string
}

func (f *configFile) where(key string) string {
	return fmt.Sprintf("%s:%d", f.path, f.lines[key])
}

// skipsConfig reports commands that must work whatever the config file
// or environment hold: completion (the shell calls it on every <Tab>, and
// a failure there is silent) and help.
func skipsConfig(c *cobra.Command) bool {
	for p := c; p != nil; p = p.Parent() {
		switch p.Name() {
		case cobra.ShellCompRequestCmd, cobra.ShellCompNoDescRequestCmd, "completion", "help":
			return true
		}
	}
	return false
}

// configure applies the config file and environment to c's flags.
func (o *RootOptions) configure(c *cobra.Command) error {
	if skipsConfig(c) {
		return nil
	}
	cf, err := o.readConfig(c)
	if err != nil {
		return err
	}
	settings, err := o.settings(c, cf)
	if err != nil {
		return err
	}
	for _, s := range settings {
		if s.Source == "default" || s.Source == "flag" {
			continue
		}
		if err := setFlag(s.Flag, o.config.Get(s.Key)); err != nil {
			return usageErrorf("%s: %s: %v", s.Source, s.Key, err)
		}
		// Changed lets commands tell a given value from the default;
		// applied keeps where it came from for uritool config.
		s.Flag.Changed = true
		if o.applied == nil {
			o.applied = map[*pflag.Flag]string{}
		}
		o.applied[s.Flag] = s.Source
	}
	return nil
}

// configPath is --config, else URITOOL_CONFIG, else
// $XDG_CONFIG_HOME/uritool/config.yaml (or ~/.config/...). Only the last
// may be missing.
func (o *RootOptions) configPath() (path string, explicit bool) {
	if o.ConfigFile != "" {
		return o.ConfigFile, true
	}
	if env := os.Getenv(envPrefix + "_CONFIG"); env != "" {
		return env, true
	}
	dir := o.IO.Getenv("XDG_CONFIG_HOME")
	if dir == "" {
		home := o.IO.Getenv("HOME")
		if home == "" {
			return "", false
		}
		dir = filepath.Join(home, ".config")
	}
	return filepath.Join(dir, "uritool", "config.yaml"), false
}

// readConfig reads the config file into viper and checks every key in it
// against the command tree.
func (o *RootOptions) readConfig(running *cobra.Command) (*configFile, error) {
	path, explicit := o.configPath()
	cf := &configFile{path: path, lines: map[string]int{}}
	if path == "" {
		return cf, nil
	}
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, os.ErrNotExist) && !explicit:
		return cf, nil
	case err != nil:
		return nil, usageErrorf("config file: %v", err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		// "yaml: line 3: ..." reads better as the editor's "FILE:3: ...".
		msg := err.Error()
		if m := yamlLine.FindStringSubmatch(msg); m != nil {
			return nil, usageErrorf("%s:%s: %s", path, m[1], m[2])
		}
		return nil, usageErrorf("config file %s: %s", path, msg)
	}
	if err := cf.checkKeys(&doc, running.Root(), running.Name()); err != nil {
		return nil, err
	}
	o.config.SetConfigType("yaml")
	if err := o.config.ReadConfig(bytes.NewReader(data)); err != nil {
		return nil, usageErrorf("config file %s: %v", path, err)
	}
	return cf, nil
}

// checkKeys records the line of every key and refuses unknown ones,
// naming the closest known key.
func (cf *configFile) checkKeys(doc *yaml.Node, root *cobra.Command, running string) error {
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil // an empty file
	}
	top := doc.Content[0]
	if top.Kind != yaml.MappingNode {
		return usageErrorf("%s:%d: the config file must be a mapping of keys to values", cf.path, top.Line)
	}
	known := knownKeys(root)
	cf.running = running
	for i := 0; i+1 < len(top.Content); i += 2 {
		k, v := top.Content[i], top.Content[i+1]
		name := k.Value
		if _, ok := known[name]; ok && !isCommand(root, name) {
			cf.lines[name] = k.Line
			continue
		}
		if !isCommand(root, name) {
			return cf.unknown(k, name, known)
		}
		if v.Kind != yaml.MappingNode {
			return usageErrorf("%s:%d: %q holds the settings of uritool %s: a mapping such as \"%s: {format: json}\"", cf.path, k.Line, name, name, name)
		}
		for j := 0; j+1 < len(v.Content); j += 2 {
			sub := v.Content[j]
			key := name + "." + sub.Value
			if _, ok := known[key]; !ok {
				return cf.unknown(sub, key, known)
			}
			cf.lines[key] = sub.Line
		}
	}
	return nil
}

func (cf *configFile) unknown(k *yaml.Node, key string, known map[string]bool) error {
	msg := fmt.Sprintf("%s:%d: unknown key %q", cf.path, k.Line, key)
	if s := closest(key, known, cf.running); s != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", s)
	}
	return &UsageError{errors.New(msg)}
}

// closest is the known key nearest to key by edit distance, if near.
// A bare flag name also matches the same flag under a command, since
// command flags must stand under the command, the running one first.
func closest(key string, known map[string]bool, running string) string {
	best, bestD := "", 1<<30
	for k := range known {
		d := 2 * editDistance(key, k)
		if cmd, flag, ok := strings.Cut(k, "."); ok && !strings.Contains(key, ".") {
			bonus := 2
			if cmd == running {
				bonus = 1
			}
			d = min(d, 2*editDistance(key, flag)+bonus)
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

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// settingCommands are the commands whose flags can be set in the file.
func settingCommands(root *cobra.Command) []*cobra.Command {
	var out []*cobra.Command
	for _, c := range root.Commands() {
		if !skipsConfig(c) && c.Name() != "config" && c.Runnable() {
			out = append(out, c)
		}
	}
	return out
}

func isCommand(root *cobra.Command, name string) bool {
	for _, c := range settingCommands(root) {
		if c.Name() == name {
			return true
		}
	}
	return false
}

// configurable reports flags that are settings, not one-off switches.
func configurable(f *pflag.Flag) bool {
	_, oneOff := f.Annotations[annotationOneOff]
	return f.Name != "help" && f.Name != "config" && f.Name != "version" && !isAlias(f) && !oneOff
}

// annotationOneOff marks a flag that asks for an action, such as
// --list-rules, which a config file or the environment must not set for
// every run.
const annotationOneOff = "uritool:one-off"

// knownKeys lists every key the file may hold; true marks global ones.
func knownKeys(root *cobra.Command) map[string]bool {
	keys := map[string]bool{}
	root.PersistentFlags().VisitAll(func(f *pflag.Flag) {
		if configurable(f) {
			keys[f.Name] = true
		}
	})
	for _, c := range settingCommands(root) {
		keys[c.Name()] = false
		c.NonInheritedFlags().VisitAll(func(f *pflag.Flag) {
			if configurable(f) {
				keys[c.Name()+"."+f.Name] = false
			}
		})
	}
	return keys
}

func envName(parts ...string) string {
	return strings.ToUpper(strings.ReplaceAll(strings.Join(append([]string{envPrefix}, parts...), "_"), "-", "_"))
}

// settings binds c's flags to their keys and variables in viper and says
// where each value comes from.
func (o *RootOptions) settings(c *cobra.Command, cf *configFile) ([]setting, error) {
	var out []setting
	add := func(key string, f *pflag.Flag, envs ...string) error {
		if err := o.config.BindPFlag(key, f); err != nil {
			return err
		}
		if err := o.config.BindEnv(append([]string{key}, envs...)...); err != nil {
			return err
		}
		s := setting{Key: key, Flag: f, Envs: envs, Value: f.Value.String(), Source: "default"}
		switch {
		case o.applied[f] != "":
			s.Source = o.applied[f]
		case f.Changed:
			s.Source = "flag"
		case envSet(envs) != "":
			s.Source = "env " + envSet(envs)
			s.Value = fmt.Sprint(o.config.Get(key))
		case o.config.InConfig(key):
			s.Source = cf.where(key)
			s.Value = fmt.Sprint(o.config.Get(key))
		}
		out = append(out, s)
		return nil
	}
	var err error
	c.Root().PersistentFlags().VisitAll(func(f *pflag.Flag) {
		if err == nil && configurable(f) {
			err = add(f.Name, f, envName(f.Name))
		}
	})
	if c != c.Root() {
		c.NonInheritedFlags().VisitAll(func(f *pflag.Flag) {
			if err == nil && configurable(f) {
				err = add(c.Name()+"."+f.Name, f, envName(c.Name(), f.Name), envName(f.Name))
			}
		})
	}
	sort.SliceStable(out, func(i, j int) bool { return !strings.Contains(out[i].Key, ".") && strings.Contains(out[j].Key, ".") })
	return out, err
}

// envSet returns the first of the variables that is set and not empty:
// viper passes over empty ones, so they are no source.
func envSet(envs []string) string {
	for _, e := range envs {
		if os.Getenv(e) != "" {
			return e
		}
	}
	return ""
}

// setFlag gives f a value from the config file or the environment,
// through the flag's own Set, so both are checked like a flag.
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
	err := f.Value.Set(fmt.Sprint(value))
	if err != nil && f.Value.Type() == "bool" {
		return fmt.Errorf("invalid value %q (want true or false)", fmt.Sprint(value))
	}
	return err
}

// EnvironmentDoc lists, for c's manual page, the variables c reads: one
// per setting, then those that say how to write for the terminal.
func EnvironmentDoc(c *cobra.Command) string {
	var b strings.Builder
	b.WriteString("Settings (see uritool-config(1)); a flag on the command line wins:\n\n")
	line := func(name, what string) { fmt.Fprintf(&b, "  %s\n      %s\n", name, what) }
	line(envName("config"), "the config file, instead of the default")
	c.Root().PersistentFlags().VisitAll(func(f *pflag.Flag) {
		if configurable(f) {
			line(envName(f.Name), "--"+f.Name)
		}
	})
	if c != c.Root() && !skipsConfig(c) && c.Name() != "config" {
		c.NonInheritedFlags().VisitAll(func(f *pflag.Flag) {
			if configurable(f) {
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
