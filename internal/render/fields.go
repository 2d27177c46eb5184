package render

import "strings"

// Fields documents a JSON record for --help and the man pages: what each
// record stands for, its keys in order, and a closing note. A Table
// makes its own from its keys; the hand-written writers of parse, check
// and interop keep theirs beside them, and their tests hold the two
// together.
type Fields struct {
	Per  string // "input", "reference", "URI checked", ...
	Keys []FieldDoc
	Note string
}

// FieldDoc is one key, or a group of keys with one doc.
type FieldDoc struct {
	Names []string
	Doc   string
}

// Names lists every key the doc names.
func (f Fields) Names() []string {
	var names []string
	for _, k := range f.Keys {
		names = append(names, k.Names...)
	}
	return names
}

// String is the help text: the keys aligned, a group of keys that does
// not fit the column on a line of its own above its doc.
func (f Fields) String() string {
	width := 0
	for _, k := range f.Keys {
		if len(k.Names) == 1 {
			width = max(width, len(k.Names[0]))
		}
	}
	var b strings.Builder
	b.WriteString("With --format json, one object per " + f.Per + ":\n\n")
	indent := strings.Repeat(" ", width+4)
	for _, k := range f.Keys {
		name := strings.Join(k.Names, ", ")
		lines := strings.Split(k.Doc, "\n")
		if len(name) > width {
			b.WriteString("  " + name + "\n" + indent + lines[0] + "\n")
		} else {
			b.WriteString("  " + name + strings.Repeat(" ", width-len(name)+2) + lines[0] + "\n")
		}
		for _, l := range lines[1:] {
			b.WriteString(indent + l + "\n")
		}
	}
	if f.Note != "" {
		b.WriteString("\n" + f.Note + "\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}
