// Package config layers uritool's settings over a cobra command tree and
// remembers where each value came from, so that whatever refuses a value
// can say which flag, URITOOL_* variable or line of the config file gave
// it.
//
// Settings come in layers, highest first: a flag on the command line, a
// URITOOL_* variable, the config file, the flag's default. cobra sets the
// flags; below them one viper instance per run holds the other three and
// answers, for each key, from the highest that has it. This package hands
// viper what it has read itself: the defaults, the file's values as
// written (parsed once, with the line of each key) and the variables from
// the environment it is given, not the process's. It checks the file's
// keys against the command tree, gives each flag not on the command line
// viper's answer, through the flag's own check, and keeps each value's
// Origin, which viper cannot tell.
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
package config

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/spf13/viper"
)

// Layer is the layer a value came from.
type Layer int

// The layers, lowest first.
const (
	Default Layer = iota // the flag's default
	Flag                 // the command line
	Env                  // a URITOOL_* variable
	File                 // the config file
)

// Origin is where a value came from.
type Origin struct {
	Layer Layer
	// Name is the flag's name for Flag, the variable's for Env, the
	// file's path for File.
	Name string
	Line int // the key's line, for File
}

// String is the origin as uritool config shows it: "default", "flag",
// "env NAME" or "FILE:LINE".
func (o Origin) String() string {
	switch o.Layer {
	case Flag:
		return "flag"
	case Env:
		return "env " + o.Name
	case File:
		return fmt.Sprintf("%s:%d", o.Name, o.Line)
	}
	return "default"
}

// Setting is one key, its value and where the value came from.
type Setting struct {
	Key    string // "color", or "COMMAND.FLAG"
	Flag   *pflag.Flag
	Envs   []string // the variables for it, the most specific first
	Value  string
	Origin Origin
}

// Options configure Layers.
type Options struct {
	// Environ is the environment, NAME=VALUE, as os.Environ gives it:
	// the URITOOL_* variables, and XDG_CONFIG_HOME and HOME to find the
	// config file. Of a name given twice the last counts, as with
	// os/exec. It comes in as a value, not from the process, so that
	// tests can each have their own and run in parallel.
	Environ []string
	// Alias reports a flag that only stands for another flag's value
	// (--json for --format json): it is no setting of its own, and
	// target, such as "format=json", is what its variable should say.
	Alias func(f *pflag.Flag) (target string, ok bool)
}

// Layers are the settings of one run of one command tree, and the origin
// of every value applied.
//
// v holds the layers under the flags. Each goes where viper ranks it: a
// flag's default by SetDefault, the file by MergeConfigMap, a variable by
// Set, above the file. viper reads variables only from the process
// (AutomaticEnv, BindEnv), which tests running side by side share, so
// they come from Options.Environ and are given to it as values; the flags
// are not bound to it, since Set ranks above a flag: cobra has set them,
// and a flag given is never asked of v.
type Layers struct {
	opts Options
	env  map[string]string // Options.Environ, by name
	v    *viper.Viper
	file *configFile // read by Apply or List, once, and merged into v
	// given are the keys whose default and variable v has, and fromEnv
	// the variable given for a key, for its origin.
	given   map[string]bool
	fromEnv map[string]string
	known   map[*pflag.Flag]Setting
	// warned are the unknown variables already warned of.
	warned map[string]bool
}

// New returns the layers of one run; build one per root command.
func New(opts Options) *Layers {
	if opts.Alias == nil {
		opts.Alias = func(*pflag.Flag) (string, bool) { return "", false }
	}
	env := make(map[string]string, len(opts.Environ))
	for _, kv := range opts.Environ {
		if name, value, ok := strings.Cut(kv, "="); ok {
			env[name] = value
		}
	}
	return &Layers{opts: opts, env: env, v: viper.New(), given: map[string]bool{}, fromEnv: map[string]string{},
		known: map[*pflag.Flag]Setting{}, warned: map[string]bool{}}
}

// SkipsConfig reports commands that must work whatever the config file
// or environment hold: completion (the shell calls it on every <Tab>, and
// a failure there is silent) and help.
func SkipsConfig(c *cobra.Command) bool {
	for p := c; p != nil; p = p.Parent() {
		switch p.Name() {
		case cobra.ShellCompRequestCmd, cobra.ShellCompNoDescRequestCmd, "completion", "help", "version":
			return true
		}
	}
	return false
}

// Apply gives c's flags the values of the environment and the config
// file where no flag was given, and records the origin of each. It only
// reads: completion runs it too. The warnings, each of one URITOOL_*
// variable that is no setting, come with an error too.
func (l *Layers) Apply(c *cobra.Command) (warnings []string, err error) {
	if SkipsConfig(c) {
		return nil, nil
	}
	warnings = l.unknownVariables(c.Root())
	if err := l.readFile(c); err != nil {
		return warnings, err
	}
	_, err = l.apply(c)
	return warnings, err
}

// apply gives c's flags not on the command line viper's value for their
// key, and returns c's settings as applied, each with its origin.
func (l *Layers) apply(c *cobra.Command) ([]Setting, error) {
	settings := l.settings(c)
	for i := range settings {
		s := &settings[i]
		if s.Origin.Layer != Flag {
			if err := l.resolve(c, s); err != nil {
				return nil, err
			}
		}
		l.known[s.Flag] = *s
	}
	return settings, nil
}

// resolve gives s's flag the value of the highest layer under the flags
// that has one, as viper answers, and records which layer that is.
func (l *Layers) resolve(c *cobra.Command, s *Setting) error {
	l.give(c, *s)
	answer := l.v.Get(s.Key)
	switch name, env := l.fromEnv[s.Key]; {
	case env:
		s.Origin = Origin{Layer: Env, Name: name}
	case l.v.InConfig(s.Key):
		s.Origin = Origin{Layer: File, Name: l.file.path, Line: l.file.lines[s.Key]}
	default:
		s.Origin = Origin{Layer: Default}
	}
	var v value
	switch a := answer.(type) {
	case string:
		v = value{text: a}
	case []string:
		v = value{list: true, items: a}
	case map[string]string:
		v = value{pairs: a}
	case *badValue:
		return fmt.Errorf("%s:%d: %s: %w", l.file.path, a.line, s.Key, a.err)
	default:
		return fmt.Errorf("%s: %s: unexpected value %v", s.Origin, s.Key, answer)
	}
	s.Value = v.String()
	if s.Origin.Layer == Default {
		return nil // the flag holds it already
	}
	if err := setFlag(s.Flag, v); err != nil {
		return fmt.Errorf("%s: %s: %w", s.Origin, s.Key, err)
	}
	s.Flag.Changed = true // lets commands tell a given value from the default
	return nil
}

// give hands viper, once, the default of s's key and the variable that
// sets it, if one does: the most specific one set and not empty (an empty
// one is no source, so that "URITOOL_FORMAT= uritool ..." undoes an export
// for one run).
//
// A global variable (URITOOL_FORMAT) sets a command's flag only where its
// value is one the command takes: URITOOL_FORMAT=sarif, set for lint,
// leaves parse to the config file or its default; the command's own
// variable (URITOOL_PARSE_FORMAT), the file and a global flag's variable
// are errors when wrong.
func (l *Layers) give(c *cobra.Command, s Setting) {
	if l.given[s.Key] {
		return
	}
	l.given[s.Key] = true
	l.v.SetDefault(s.Key, s.Flag.DefValue)
	name := l.envSet(s.Envs)
	if name == "" {
		return
	}
	text := l.env[name]
	if len(s.Envs) > 1 && name == s.Envs[1] && !accepts(s.Flag, text) && acceptedElsewhere(c, s.Flag.Name, text) {
		return // another command's value: the layers below decide
	}
	l.v.Set(s.Key, text)
	l.fromEnv[s.Key] = name
}

// accepts reports whether f, a flag of fixed choices, takes value; a flag
// of any other kind says so when set.
func accepts(f *pflag.Flag, value string) bool {
	if a, ok := f.Value.(interface{ Accepts(string) bool }); ok {
		return a.Accepts(value)
	}
	return true
}

// acceptedElsewhere reports whether another command takes value for its
// flag of this name, one of fixed choices: then a global variable holding
// it was set for that command (URITOOL_FORMAT=sarif for lint), not meant
// for c. A value no command takes is a mistake, wherever it lands.
func acceptedElsewhere(c *cobra.Command, name, value string) bool {
	for _, sub := range Commands(c.Root()) {
		if sub == c {
			continue
		}
		f := sub.NonInheritedFlags().Lookup(name)
		if f == nil {
			continue
		}
		if a, ok := f.Value.(interface{ Accepts(string) bool }); ok && a.Accepts(value) {
			return true
		}
	}
	return false
}

// ConfigFile is the path of the config file that settings come from,
// and whether it exists; "" when there is none to look for (no HOME).
func (l *Layers) ConfigFile(c *cobra.Command) (path string, found bool) {
	path, _ = l.configPath(c)
	if path == "" {
		return "", false
	}
	_, err := os.Stat(path)
	return path, err == nil
}

// Lookup is the setting of flag f of the command being run: its key and
// where its value came from. A flag that is no setting (--help, or one of
// a command that reads no settings) has its own name for a key and comes
// from the command line or its default.
func (l *Layers) Lookup(f *pflag.Flag) Setting {
	if s, ok := l.known[f]; ok {
		return s
	}
	s := Setting{Key: f.Name, Flag: f, Value: f.Value.String(), Origin: Origin{Layer: Default}}
	if f.Changed {
		s.Origin = Origin{Layer: Flag, Name: f.Name}
	}
	return s
}

// List is every setting of the named commands, or of all of them, each
// key once, the global ones first, with the values each command takes:
// a value one refuses is the error its run would give.
func (l *Layers) List(c *cobra.Command, commands []string) ([]Setting, error) {
	if err := l.readFile(c); err != nil {
		return nil, err
	}
	var out []Setting
	seen := map[string]bool{}
	for _, sub := range Commands(c.Root()) {
		if len(commands) > 0 && !slices.Contains(commands, sub.Name()) {
			continue
		}
		// As the command would take them: a value it refuses is an
		// error here too.
		settings, err := l.apply(sub)
		if err != nil {
			return nil, err
		}
		for _, s := range settings {
			if !seen[s.Key] {
				seen[s.Key] = true
				out = append(out, s)
			}
		}
	}
	return out, nil
}

// configPath is --config, else URITOOL_CONFIG, else
// $XDG_CONFIG_HOME/uritool/config.yaml (or ~/.config/...). Only the last
// may be missing.
func (l *Layers) configPath(c *cobra.Command) (path string, explicit bool) {
	if f := c.Flag("config"); f != nil && f.Value.String() != "" {
		return f.Value.String(), true
	}
	if env := l.env[envPrefix+"_CONFIG"]; env != "" {
		return env, true
	}
	dir := l.env["XDG_CONFIG_HOME"]
	if dir == "" {
		home := l.env["HOME"]
		if home == "" {
			return "", false
		}
		dir = filepath.Join(home, ".config")
	}
	return filepath.Join(dir, "uritool", "config.yaml"), false
}

// settings are c's flags with their keys and variables, the global ones
// first; a flag given on the command line (not set by apply) has the
// origin Flag, the others are for resolve.
func (l *Layers) settings(c *cobra.Command) []Setting {
	var out []Setting
	add := func(key string, f *pflag.Flag, envs ...string) {
		s := Setting{Key: key, Flag: f, Envs: envs, Value: f.Value.String()}
		applied, ok := l.known[f]
		if f.Changed && !(ok && (applied.Origin.Layer == Env || applied.Origin.Layer == File)) {
			s.Origin = Origin{Layer: Flag, Name: f.Name}
		}
		out = append(out, s)
	}
	c.Root().PersistentFlags().VisitAll(func(f *pflag.Flag) {
		if l.configurable(f) {
			add(f.Name, f, envName(f.Name))
		}
	})
	if c != c.Root() {
		c.NonInheritedFlags().VisitAll(func(f *pflag.Flag) {
			if l.configurable(f) {
				add(c.Name()+"."+f.Name, f, envName(c.Name(), f.Name), envName(f.Name))
			}
		})
	}
	sort.SliceStable(out, func(i, j int) bool { return !strings.Contains(out[i].Key, ".") && strings.Contains(out[j].Key, ".") })
	return out
}

// envSet returns the first of the variables that is set and not empty:
// an empty one is no source, so that "URITOOL_FORMAT= uritool ..." undoes
// an export for one run.
func (l *Layers) envSet(envs []string) string {
	for _, e := range envs {
		if l.env[e] != "" {
			return e
		}
	}
	return ""
}

// value is a setting's value as given: one text (a variable's, or a
// plain value in the file), the items of a list, or the NAME=VALUE pairs
// of a mapping.
type value struct {
	text  string
	list  bool
	items []string
	pairs map[string]string
}

// String is the value as uritool config shows it, as fmt puts a Go
// value: a list in brackets, a mapping as map[NAME:VALUE ...].
func (v value) String() string {
	switch {
	case v.list:
		return "[" + strings.Join(v.items, " ") + "]"
	case v.pairs != nil:
		return "map[" + strings.Join(v.sorted(":"), " ") + "]"
	}
	return v.text
}

// sorted is the pairs by name, each NAME, sep and VALUE.
func (v value) sorted(sep string) []string {
	keys := make([]string, 0, len(v.pairs))
	for k := range v.pairs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for i, k := range keys {
		keys[i] = k + sep + v.pairs[k]
	}
	return keys
}

// setFlag gives f a value from the config file or the environment,
// through the flag's own Set, so both are checked like a flag.
func setFlag(f *pflag.Flag, v value) error {
	text := v.text
	var err error
	switch {
	case v.list:
		text = strings.Join(v.items, ",")
		if sv, ok := f.Value.(pflag.SliceValue); ok {
			err = sv.Replace(v.items)
		} else {
			err = f.Value.Set(text)
		}
	case v.pairs != nil:
		text = strings.Join(v.sorted("="), ",")
		err = f.Value.Set(text)
	default:
		err = f.Value.Set(text)
	}
	if err != nil && f.Value.Type() == "bool" {
		return fmt.Errorf("invalid value %q (want true or false)", text)
	}
	if why, ok := plain(err); ok {
		return fmt.Errorf("invalid value %q: %s", text, why)
	}
	return err
}
