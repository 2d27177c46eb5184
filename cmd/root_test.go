package cmd_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/uritool/uritool/cmd"
)

// TestMain lets testscript run uritool as a command of its scripts: the
// test binary itself, through cmd.Main, with real standard streams.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"uritool": func() {
			os.Exit(cmd.Main(os.Args[1:], &cmd.IOStreams{In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr, Getenv: os.Getenv}))
		},
	})
}

// TestScripts runs the user sessions in testdata/script: each .txtar is a
// command line, its input files, and the stdout, stderr and exit status
// it must give.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			// Keep the developer's settings out: an empty config
			// directory and no color unless a script asks.
			env.Setenv("XDG_CONFIG_HOME", env.WorkDir+"/.config")
			env.Setenv("HOME", env.WorkDir)
			env.Setenv("NO_COLOR", "")
			env.Setenv("TERM", "xterm")
			return nil
		},
	})
}

// result is what one run of the real command tree gave.
type result struct {
	stdout, stderr string
	code           int
}

// run executes uritool with args, stdin and environment, through the same
// command tree and exit-code mapping as the binary.
func run(t testing.TB, stdin string, env map[string]string, args ...string) result {
	t.Helper()
	var out, errOut bytes.Buffer
	code := cmd.Main(args, &cmd.IOStreams{In: strings.NewReader(stdin), Out: &out, ErrOut: &errOut, Getenv: testEnv(t, env)})
	return result{out.String(), errOut.String(), code}
}

// testEnv gives a run the environment env and nothing of the developer's:
// settings (URITOOL_*) through the process environment, which viper
// reads, the rest through IOStreams.Getenv. With a nil env, the config
// directory is an empty one.
func testEnv(t testing.TB, env map[string]string) func(string) string {
	t.Helper()
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); strings.HasPrefix(k, "URITOOL_") {
			t.Setenv(k, "")
			os.Unsetenv(k)
		}
	}
	for k, v := range env {
		if strings.HasPrefix(k, "URITOOL_") {
			t.Setenv(k, v)
		}
	}
	dir := t.TempDir()
	return func(k string) string {
		if v, ok := env[k]; ok {
			return v
		}
		if k == "XDG_CONFIG_HOME" && env == nil {
			return dir
		}
		return ""
	}
}

// want is what one run must give. Exact outputs are pointers so that ""
// can be asked for; stderr must be empty unless err, errHas or errAny say
// otherwise.
type want struct {
	code     int
	out, err *string
	outHas   []string
	outLacks []string
	errHas   []string
	errLacks []string
	errAny   bool
	// records, when set, are the JSON Lines stdout must hold: each key
	// given is compared after decoding (nil for null), others are ignored.
	records []map[string]any
}

func exact(s string) *string { return &s }

// cliCase is one command line and what it must give.
type cliCase struct {
	name  string
	args  []string
	stdin string
	env   map[string]string
	want
}

func runCases(t *testing.T, cases []cliCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, ok := safeRun(t, c.stdin, c.env, c.args...)
			if ok {
				expect(t, res, c.want)
			}
		})
	}
}

// safeRun is run, with a panic of the command reported as a failure of
// this test alone instead of ending the whole test binary.
func safeRun(t *testing.T, stdin string, env map[string]string, args ...string) (res result, ok bool) {
	t.Helper()
	defer func() {
		if p := recover(); p != nil {
			t.Errorf("uritool %q panicked: %v\n%s", args, p, debug.Stack())
			ok = false
		}
	}()
	return run(t, stdin, env, args...), true
}

// expect checks res against w.
func expect(t *testing.T, res result, w want) {
	t.Helper()
	probs := problems(res, w)
	if len(probs) == 0 {
		return
	}
	msg := strings.Join(probs, "\n") + fmt.Sprintf("\n--- stdout:\n%s\n--- stderr:\n%s", head(res.stdout, 2000), head(res.stderr, 2000))
	t.Error(msg)
}

func problems(res result, w want) []string {
	var p []string
	add := func(format string, args ...any) { p = append(p, fmt.Sprintf(format, args...)) }
	if res.code != w.code {
		add("exit code %d, want %d", res.code, w.code)
	}
	if w.out != nil && res.stdout != *w.out {
		add("stdout = %q\n  want   %q", head(res.stdout, 2000), *w.out)
	}
	if w.err != nil && res.stderr != *w.err {
		add("stderr = %q\n  want   %q", head(res.stderr, 2000), *w.err)
	}
	if w.err == nil && len(w.errHas) == 0 && !w.errAny && res.stderr != "" {
		add("stderr = %q, want nothing", head(res.stderr, 2000))
	}
	for _, s := range w.outHas {
		if !strings.Contains(res.stdout, s) {
			add("stdout lacks %q", s)
		}
	}
	for _, s := range w.outLacks {
		if strings.Contains(res.stdout, s) {
			add("stdout has %q", s)
		}
	}
	for _, s := range w.errHas {
		if !strings.Contains(res.stderr, s) {
			add("stderr lacks %q", s)
		}
	}
	for _, s := range w.errLacks {
		if strings.Contains(res.stderr, s) {
			add("stderr has %q", s)
		}
	}
	if w.records != nil {
		lines := strings.SplitAfter(res.stdout, "\n")
		if lines[len(lines)-1] == "" {
			lines = lines[:len(lines)-1]
		}
		if len(lines) != len(w.records) {
			add("%d JSON records, want %d", len(lines), len(w.records))
		}
		for i := 0; i < len(lines) && i < len(w.records); i++ {
			var got map[string]any
			if err := json.Unmarshal([]byte(lines[i]), &got); err != nil {
				add("record %d is not a JSON object: %v: %q", i+1, err, head(lines[i], 300))
				continue
			}
			for k, v := range w.records[i] {
				g, ok := got[k]
				if !ok {
					add("record %d has no key %q", i+1, k)
					continue
				}
				if wantNonNull(v) {
					if g == nil {
						add("record %d: %s = null, want non-null", i+1, k)
					}
					continue
				}
				if !reflect.DeepEqual(g, normalizeJSON(v)) {
					add("record %d: %s = %#v, want %#v", i+1, k, g, v)
				}
			}
		}
	}
	return p
}

// nonNull in a record matches any value but null.
type nonNullT struct{}

var nonNull = nonNullT{}

func wantNonNull(v any) bool { _, ok := v.(nonNullT); return ok }

// normalizeJSON turns a Go literal into what encoding/json decodes.
func normalizeJSON(v any) any {
	switch x := v.(type) {
	case int:
		return float64(x)
	}
	return v
}

// The TestConformanceCLI* tests, each in the file of the command it runs,
// run the shared RFC 3986 corpus through the command line, in bulk: one
// command per corpus file (or per group of cases that share a flag or a
// base), every input on stdin, one output record per line. What follows
// up to groupBy are their helpers.

func loadCorpus[T any](t testing.TB, name string) []T {
	t.Helper()
	path := filepath.Join("..", "pkg", "uri", "testdata", "conformance", name)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cases []T
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if len(cases) == 0 {
		t.Fatalf("%s: no cases", path)
	}
	return cases
}

// jsonLines decodes stdout as JSON Lines, one object per line, keeping
// each value raw so that null, "" and a missing key stay distinct.
func jsonLines(t testing.TB, stdout string) []map[string]json.RawMessage {
	t.Helper()
	var recs []map[string]json.RawMessage
	if stdout == "" {
		return nil
	}
	if !strings.HasSuffix(stdout, "\n") {
		t.Errorf("JSON Lines output does not end with a newline: ...%q", tail(stdout, 80))
	}
	for i, line := range strings.Split(strings.TrimSuffix(stdout, "\n"), "\n") {
		var m map[string]json.RawMessage
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("record %d is not a JSON object: %v\n%s", i+1, err, head(line, 300))
		}
		recs = append(recs, m)
	}
	return recs
}

func head(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[len(s)-n:]
}

// optString reads a key that is a string or null; present tells whether
// the key was there at all.
func optString(t testing.TB, rec map[string]json.RawMessage, key string) (value *string, present bool) {
	t.Helper()
	raw, ok := rec[key]
	if !ok {
		return nil, false
	}
	if string(raw) == "null" {
		return nil, true
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Errorf("key %q is %s, want a string or null", key, raw)
		return nil, true
	}
	return &s, true
}

func showOpt(p *string) string {
	if p == nil {
		return "null"
	}
	return fmt.Sprintf("%q", *p)
}

func rawBool(rec map[string]json.RawMessage, key string) (v, ok bool) {
	switch string(rec[key]) {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	return false, false
}

func rawInt(rec map[string]json.RawMessage, key string) (int, bool) {
	var n int
	if err := json.Unmarshal(rec[key], &n); err != nil || string(rec[key]) == "null" {
		return 0, false
	}
	return n, true
}

// feed splits inputs into the stdin text of those that fit on one line
// and the rest, which go as arguments after "-" (stdin is read first, so
// the records come in the order stdinIdx then argIdx).
func feed(inputs []string) (stdin string, args []string, order []int) {
	var b strings.Builder
	var rest []int
	for i, in := range inputs {
		if strings.ContainsAny(in, "\r\n") {
			rest = append(rest, i)
			continue
		}
		b.WriteString(in)
		b.WriteByte('\n')
		order = append(order, i)
	}
	if len(rest) == 0 {
		return b.String(), nil, order
	}
	args = []string{"--", "-"}
	for _, i := range rest {
		args = append(args, inputs[i])
	}
	return b.String(), args, append(order, rest...)
}

// groupBy returns the distinct keys in first-seen order and the cases of each.
func groupBy[T any](cases []T, key func(T) string) ([]string, map[string][]T) {
	var keys []string
	groups := map[string][]T{}
	for _, c := range cases {
		k := key(c)
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], c)
	}
	return keys, groups
}
