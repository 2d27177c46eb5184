package config

import (
	"errors"
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"go.yaml.in/yaml/v3"
)

var yamlLine = regexp.MustCompile(`^line (\d+): (.*)$`)

// configFile is the config file as read: where each key stands, and its
// value as written.
type configFile struct {
	path   string
	lines  map[string]int
	values map[string]*yaml.Node
	// running is the command being run, whose keys a suggestion prefers.
	running string
}

// readFile reads and parses the config file, once, checks every key in
// it against the command tree, and gives viper its values as its config
// layer. They are parsed here, into nodes, not by viper: a flag checks
// what was written, where viper's decoder would give 16 for 0x10 and a
// time for 2024-01-01, and an error names the line of the key, or of the
// part at fault.
func (l *Layers) readFile(running *cobra.Command) error {
	if l.file != nil {
		return nil
	}
	path, explicit := l.configPath(running)
	cf := &configFile{path: path, lines: map[string]int{}, values: map[string]*yaml.Node{}}
	if path == "" {
		l.file = cf
		return nil
	}
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, os.ErrNotExist) && !explicit:
		l.file = cf
		return nil
	case err != nil:
		return fmt.Errorf("config file: %v", err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return cf.yamlError(err)
	}
	if err := cf.checkDuplicates(&doc, ""); err != nil {
		return err
	}
	if err := cf.checkKeys(&doc, running.Root(), running.Name(), l.configurable); err != nil {
		return err
	}
	if err := l.v.MergeConfigMap(cf.layer()); err != nil {
		return fmt.Errorf("config file: %v", err)
	}
	l.file = cf
	return nil
}

// checkKeys records the line of every key and refuses unknown ones,
// naming the closest known key.
func (cf *configFile) checkKeys(doc *yaml.Node, root *cobra.Command, running string, configurable func(*pflag.Flag) bool) error {
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil // an empty file
	}
	top := doc.Content[0]
	if top.Kind != yaml.MappingNode {
		return fmt.Errorf("%s:%d: the config file must be a mapping of keys to values", cf.path, top.Line)
	}
	known := knownKeys(root, configurable)
	cf.running = running
	for i := 0; i+1 < len(top.Content); i += 2 {
		k, v := top.Content[i], top.Content[i+1]
		name := k.Value
		if _, ok := known[name]; ok && !IsCommand(root, name) {
			cf.set(name, k, v)
			continue
		}
		if !IsCommand(root, name) {
			return cf.unknown(k, name, known)
		}
		if v.Kind == yaml.AliasNode {
			v = v.Alias
		}
		if v.Kind != yaml.MappingNode {
			return fmt.Errorf("%s:%d: %q holds the settings of uritool %s: a mapping such as \"%s: {format: json}\"", cf.path, k.Line, name, name, name)
		}
		for j := 0; j+1 < len(v.Content); j += 2 {
			sub := v.Content[j]
			key := name + "." + sub.Value
			if _, ok := known[key]; !ok {
				return cf.unknown(sub, key, known)
			}
			cf.set(key, sub, v.Content[j+1])
		}
	}
	return nil
}

// set records the value of key, and the line of k, its key; a key with no
// value (null) is as good as absent, and leaves the layers below it to
// decide.
func (cf *configFile) set(key string, k, v *yaml.Node) {
	n := v
	if n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return
	}
	cf.lines[key], cf.values[key] = k.Line, v
}

func (cf *configFile) unknown(k *yaml.Node, key string, known map[string]bool) error {
	msg := fmt.Sprintf("%s:%d: unknown key %q", cf.path, k.Line, key)
	if s := closest(key, known, cf.running); s != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", s)
	}
	return errors.New(msg)
}

// checkDuplicates refuses a key given twice in one mapping, anywhere in
// n, and a key that is not a name; path is the dotted key of n.
func (cf *configFile) checkDuplicates(n *yaml.Node, path string) error {
	switch n.Kind {
	case yaml.DocumentNode, yaml.SequenceNode:
		for _, c := range n.Content {
			if err := cf.checkDuplicates(c, path); err != nil {
				return err
			}
		}
	case yaml.MappingNode:
		first := map[string]int{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if k.Kind != yaml.ScalarNode {
				return fmt.Errorf("%s:%d: a key must be a name, not a list or a mapping", cf.path, k.Line)
			}
			key := k.Value
			if path != "" {
				key = path + "." + key
			}
			if line, dup := first[k.Value]; dup {
				return fmt.Errorf("%s:%d: duplicate key %q (first on line %d)", cf.path, k.Line, key, line)
			}
			first[k.Value] = k.Line
			if err := cf.checkDuplicates(v, key); err != nil {
				return err
			}
		}
	}
	return nil
}

// yamlError puts an error of the YAML library as an editor does:
// "FILE:3: what", or "FILE: what" when the library gives no line (it
// gives none for the first).
func (cf *configFile) yamlError(err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		return fmt.Errorf("%s:%s: %s", cf.path, m[1], m[2])
	}
	return fmt.Errorf("%s: %s", cf.path, msg)
}

// layer is the file's values for viper, as a mapping of the file's shape
// (a command's keys under its name): each value as written, a string, a
// list of strings or, for a mapping, a map[string]string, which viper
// keeps as it is given (a map[string]any it would lowercase and search
// into). A value fileValue refuses is a badValue, for the run that needs
// it to refuse: a command whose keys are fine runs.
func (cf *configFile) layer() map[string]any {
	m := make(map[string]any, len(cf.values))
	for key, n := range cf.values {
		var val any
		switch v, line, err := fileValue(n); {
		case err != nil:
			val = &badValue{line: line, err: err}
		case v.list:
			val = v.items
		case v.pairs != nil:
			val = v.pairs
		default:
			val = v.text
		}
		if cmd, flag, ok := strings.Cut(key, "."); ok {
			sub, _ := m[cmd].(map[string]any)
			if sub == nil {
				sub = map[string]any{}
				m[cmd] = sub
			}
			sub[flag] = val
			continue
		}
		m[key] = val
	}
	return m
}

// badValue is a value of the file that no flag takes (a list in a list),
// and the line of the part at fault.
type badValue struct {
	line int
	err  error
}

// fileValue is the value of a key as written: YAML would read 2024-01-01
// as a time and 0x10 as 16, and a flag checks what the user wrote. A
// list gives its items, a mapping its NAME=VALUE pairs by name.
// A value it cannot take is refused with the line of the part at fault.
func fileValue(n *yaml.Node) (v value, line int, err error) {
	if n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	switch n.Kind {
	case yaml.SequenceNode:
		v := value{list: true, items: make([]string, len(n.Content))}
		for i, item := range n.Content {
			text, ok := scalar(item)
			if !ok {
				return value{}, item.Line, errors.New("a list item must be a plain value, not a list or a mapping")
			}
			v.items[i] = text
		}
		return v, 0, nil
	case yaml.MappingNode:
		v := value{pairs: map[string]string{}}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, _ := scalar(n.Content[i]) // checkDuplicates refused others
			text, ok := scalar(n.Content[i+1])
			if !ok {
				return value{}, n.Content[i+1].Line, fmt.Errorf("the value of %q must be a plain value, not a list or a mapping", k)
			}
			v.pairs[k] = text
		}
		return v, 0, nil
	}
	text, _ := scalar(n)
	return value{text: text}, 0, nil
}

// scalar is the text of a plain value; null is empty.
func scalar(n *yaml.Node) (string, bool) {
	if n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	if n.Kind != yaml.ScalarNode {
		return "", false
	}
	if n.Tag == "!!null" {
		return "", true
	}
	return n.Value, true
}
