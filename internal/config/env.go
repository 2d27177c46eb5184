package config

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/uritool/uritool/internal/nearest"
)

// unknownVariables warns of each URITOOL_* variable, set and not empty,
// that is no setting of root's tree, naming the closest one that is. A
// warning, not an error: other tools' variables may share the prefix.
func (l *Layers) unknownVariables(root *cobra.Command) []string {
	var names []string
	for name, value := range l.env {
		if strings.HasPrefix(name, envPrefix+"_") && value != "" && !l.warned[name] {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		// Most runs set none, and the list of every setting of every
		// command is some 7% of the start-up.
		return nil
	}
	known, aliases := l.variables(root)
	names = slices.DeleteFunc(names, func(name string) bool { return known[name] })
	sort.Strings(names)
	var out []string
	for _, name := range names {
		l.warned[name] = true
		suggestion, ok := aliases[name]
		if !ok {
			suggestion = closestVariable(name, known)
		}
		out = append(out, fmt.Sprintf("%s is no setting of uritool; ignored (did you mean %s?)", name, suggestion))
	}
	return out
}

// variables are the names of every variable uritool reads a setting
// from, and for those of alias flags (URITOOL_JSON), what to set instead
// (URITOOL_FORMAT=json).
func (l *Layers) variables(root *cobra.Command) (known map[string]bool, aliases map[string]string) {
	known = map[string]bool{envName("config"): true}
	aliases = map[string]string{}
	add := func(c *cobra.Command, f *pflag.Flag) {
		names := []string{envName(f.Name)}
		if c != root {
			names = append(names, envName(c.Name(), f.Name))
		}
		if target, ok := l.opts.Alias(f); ok {
			flag, value, _ := strings.Cut(target, "=")
			aliases[names[0]] = envName(flag) + "=" + value
			if c != root {
				aliases[names[1]] = envName(c.Name(), flag) + "=" + value
			}
			return
		}
		if configurable(f, l.opts.Alias) {
			for _, n := range names {
				known[n] = true
			}
		}
	}
	root.PersistentFlags().VisitAll(func(f *pflag.Flag) { add(root, f) })
	// Every command that reads settings, uritool config included: its
	// --format is URITOOL_CONFIG_FORMAT.
	for _, c := range root.Commands() {
		if !SkipsConfig(c) && c.Runnable() {
			c.NonInheritedFlags().VisitAll(func(f *pflag.Flag) { add(c, f) })
		}
	}
	return known, aliases
}

// closestVariable is the known variable nearest to name by edit
// distance; the first by name of those as near.
func closestVariable(name string, known map[string]bool) string {
	best, bestD := "", 1<<30
	for k := range known {
		d := nearest.Distance(name, k)
		if d < bestD || d == bestD && k < best {
			best, bestD = k, d
		}
	}
	return best
}
