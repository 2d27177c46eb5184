package config

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// tree is a small command tree with a global flag and a command flag,
// run with args under a config file holding file and the variables env
// (NAME=VALUE). The file's path is the third result.
func tree(t *testing.T, file string, env []string, args ...string) (*cobra.Command, *Layers, string) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "uritool", "config.yaml")
	if file != "" {
		if err := os.MkdirAll(filepath.Join(dir, "uritool"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(file), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	l := New(Options{Environ: append([]string{"XDG_CONFIG_HOME=" + dir}, env...)})
	root := &cobra.Command{Use: "uritool"}
	root.PersistentFlags().String("color", "auto", "")
	root.PersistentFlags().String("config", "", "")
	run := &cobra.Command{Use: "shape", RunE: func(*cobra.Command, []string) error { return nil }}
	run.Flags().Int("sample", 0, "")
	run.Flags().String("format", "text", "")
	run.Flags().String("no-heuristic", "", "")
	root.AddCommand(run)
	c, rest, err := root.Find(args)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.ParseFlags(rest); err != nil {
		t.Fatal(err)
	}
	return c, l, path
}

// TestOrigins: each value knows the layer it came from, and the origin
// reads as uritool config shows it.
func TestOrigins(t *testing.T) {
	t.Parallel()
	env := []string{
		"URITOOL_SHAPE_FORMAT=xml", "URITOOL_SHAPE_FORMAT=json", // the last counts
		"URITOOL_NO_HEURISTIC=", // empty: no source
	}
	c, l, path := tree(t, "color: never\nshape:\n  sample: 3\n  no-heuristic: hex\n", env, "shape", "--color", "always")
	if _, err := l.Apply(c); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		flag, key, value, origin string
	}{
		{"color", "color", "always", "flag"},
		{"format", "shape.format", "json", "env URITOOL_SHAPE_FORMAT"},
		{"sample", "shape.sample", "3", path + ":3"},
		{"no-heuristic", "shape.no-heuristic", "hex", path + ":4"},
		{"config", "config", "", "default"},
	} {
		s := l.Lookup(c.Flag(tc.flag))
		if s.Key != tc.key || s.Flag.Value.String() != tc.value || s.Origin.String() != tc.origin {
			t.Errorf("--%s: key %q value %q origin %q, want %q %q %q", tc.flag, s.Key, s.Flag.Value.String(), s.Origin, tc.key, tc.value, tc.origin)
		}
	}
	if o := l.Lookup(c.Flag("sample")).Origin; o != (Origin{Layer: File, Name: path, Line: 3}) {
		t.Errorf("sample: origin %+v, want %s, line 3", o, path)
	}
}

// TestGiven: a message about a setting names it as the user gave it.
func TestGiven(t *testing.T) {
	t.Parallel()
	c, l, path := tree(t, "shape:\n  sample: 3\n", []string{"URITOOL_FORMAT=json"}, "shape", "--color", "never")
	if _, err := l.Apply(c); err != nil {
		t.Fatal(err)
	}
	for flag, want := range map[string]string{
		"color":        "--color never",
		"format":       "URITOOL_FORMAT=json",
		"sample":       "shape.sample: 3 (" + path + ":2)",
		"no-heuristic": "--no-heuristic ",
	} {
		if got := l.Lookup(c.Flag(flag)).Given(); got != want {
			t.Errorf("--%s: %q, want %q", flag, got, want)
		}
	}
}

// TestExplain: a ValueError made where the value is checked, knowing only
// the flag, names the value's origin once Explain has seen it.
func TestExplain(t *testing.T) {
	t.Parallel()
	c, l, path := tree(t, "shape:\n  format: xml\n", []string{"URITOOL_SAMPLE=-1"}, "shape", "--color", "bogus")
	if _, err := l.Apply(c); err != nil {
		t.Fatal(err)
	}
	for flag, want := range map[string]string{
		"color":  `--color "bogus": no`,
		"sample": `env URITOOL_SAMPLE: shape.sample: invalid value "bogus": no`,
		"format": path + `:2: shape.format: invalid value "bogus": no`,
	} {
		err := &wrapped{&ValueError{Flag: flag, Value: "bogus", Err: errors.New("no")}}
		l.Explain(c, err)
		if got := err.Error(); got != "wrapped: "+want {
			t.Errorf("--%s: %q, want %q", flag, got, "wrapped: "+want)
		}
	}
}

// wrapped reads the message of the error it wraps when asked, as
// cmd.UsageError does.
type wrapped struct{ err error }

func (w *wrapped) Error() string { return "wrapped: " + w.err.Error() }
func (w *wrapped) Unwrap() error { return w.err }

// TestUnknownVariables: one warning per unknown variable, however often
// the layers are applied, and none for a known or an empty one.
func TestUnknownVariables(t *testing.T) {
	t.Parallel()
	c, l, _ := tree(t, "", []string{"URITOOL_SAMPEL=2", "URITOOL_SHAPE_SAMPLE=2", "URITOOL_OTHER="}, "shape")
	want := []string{"URITOOL_SAMPEL is no setting of uritool; ignored (did you mean URITOOL_SAMPLE?)"}
	for i := range 2 {
		got, err := l.Apply(c)
		if err != nil {
			t.Fatal(err)
		}
		if i > 0 {
			want = nil
		}
		if !slices.Equal(got, want) {
			t.Errorf("Apply %d: warnings %q, want %q", i+1, got, want)
		}
	}
}

// choice is a flag of fixed values, as flagval.Choice.
type choice struct{ value, choices string }

func (c *choice) String() string { return c.value }
func (c *choice) Type() string   { return "string" }
func (c *choice) Set(s string) error {
	if !c.Accepts(s) {
		return errors.New("no")
	}
	c.value = s
	return nil
}
func (c *choice) Accepts(s string) bool { return slices.Contains(strings.Fields(c.choices), s) }

// TestAsWritten: viper holds the file's values as written, and gives them
// back so: no number of 0x10, no time of 2024-01-01, the names of a
// mapping in their case.
func TestAsWritten(t *testing.T) {
	t.Parallel()
	file := "shape:\n  format: 2024-01-01\n  no-heuristic: 0x10\n  names: {Gopher: 070, b: x}\n  list: [0x10, 1e3]\n"
	c, l, path := tree(t, file, nil, "shape")
	c.Flags().StringToString("names", nil, "")
	c.Flags().StringSlice("list", nil, "")
	if _, err := l.Apply(c); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ flag, value, shown string }{
		{"format", "2024-01-01", "2024-01-01"},
		{"no-heuristic", "0x10", "0x10"},
		{"names", "[Gopher=070,b=x]", "map[Gopher:070 b:x]"},
		{"list", "[0x10,1e3]", "[0x10 1e3]"},
	} {
		s := l.Lookup(c.Flag(tc.flag))
		if got := s.Flag.Value.String(); got != tc.value || s.Value != tc.shown || s.Origin.Layer != File || s.Origin.Name != path {
			t.Errorf("--%s: %q, shown %q, from %s; want %q, %q, from the file", tc.flag, got, s.Value, s.Origin, tc.value, tc.shown)
		}
	}
}

// TestGlobalVariable: URITOOL_FORMAT sets a command's flag only where the
// command takes its value; elsewhere the file, or the default, answers.
// The command's own variable is an error when wrong.
func TestGlobalVariable(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		file, env, value, origin, err string
	}{
		{"", "URITOOL_FORMAT=json", "json", "env URITOOL_FORMAT", ""},
		{"", "URITOOL_FORMAT=sarif", "text", "default", ""},
		{"other:\n  format: text\nshape:\n  format: json\n", "URITOOL_FORMAT=sarif", "json", ":4", ""},
		{"", "URITOOL_FORMAT=yaml", "", "", "env URITOOL_FORMAT: shape.format: no"},
		{"", "URITOOL_SHAPE_FORMAT=sarif", "", "", "env URITOOL_SHAPE_FORMAT: shape.format: no"},
	} {
		c, l, path := tree(t, tc.file, []string{tc.env}, "shape")
		format := &choice{"text", "text json"}
		c.Flags().Lookup("format").Value = format
		other := &cobra.Command{Use: "other", RunE: func(*cobra.Command, []string) error { return nil }}
		other.Flags().Var(&choice{"text", "text sarif"}, "format", "")
		c.Root().AddCommand(other)
		_, err := l.Apply(c)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("%s: error %v, want %s", tc.env, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		origin := tc.origin
		if strings.HasPrefix(origin, ":") {
			origin = path + origin // the file's line
		}
		if s := l.Lookup(c.Flag("format")); format.value != tc.value || s.Origin.String() != origin {
			t.Errorf("%s, file %q: %q from %s, want %q from %s", tc.env, tc.file, format.value, s.Origin, tc.value, origin)
		}
	}
}
