package config

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
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
	if o := l.Lookup(c.Flag("sample")).Origin; o != (Origin{Kind: File, Name: path, Line: 3}) {
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
