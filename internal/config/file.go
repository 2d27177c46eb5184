package config

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"regexp"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"go.yaml.in/yaml/v3"
)

var yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// configFile is the config file as read: where each key stands.
type configFile struct {
	path  string
	lines map[string]int
	// running is the command being run, whose keys a suggestion prefers.
	running string
}

// readFile reads the config file into viper, once, and checks every key
// in it against the command tree.
func (l *Layers) readFile(running *cobra.Command) (*configFile, error) {
	if l.file != nil {
		return l.file, nil
	}
	path, explicit := l.configPath(running)
	cf := &configFile{path: path, lines: map[string]int{}}
	if path == "" {
		l.file = cf
		return cf, nil
	}
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, os.ErrNotExist) && !explicit:
		l.file = cf
		return cf, nil
	case err != nil:
		return nil, fmt.Errorf("config file: %v", err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		// "yaml: line 3: ..." reads better as the editor's "FILE:3: ...".
		msg := err.Error()
		if m := yamlLine.FindStringSubmatch(msg); m != nil {
			return nil, fmt.Errorf("%s:%s: %s", path, m[1], m[2])
		}
		return nil, fmt.Errorf("config file %s: %s", path, msg)
	}
	if err := cf.checkKeys(&doc, running.Root(), running.Name(), l.configurable); err != nil {
		return nil, err
	}
	l.v.SetConfigType("yaml")
	if err := l.v.ReadConfig(bytes.NewReader(data)); err != nil {
		return nil, fmt.Errorf("config file %s: %v", path, err)
	}
	l.file = cf
	return cf, nil
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
			cf.lines[name] = k.Line
			continue
		}
		if !IsCommand(root, name) {
			return cf.unknown(k, name, known)
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
	return errors.New(msg)
}
