package cmd_test

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/uritool/uritool/cmd"
)

// TestMain lets testscript run uritool as a command of its scripts: the
// test binary itself, through cmd.Main, with real standard streams.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"uritool": func() {
			os.Exit(cmd.Main(os.Args[1:], &cmd.IOStreams{In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr, Environ: os.Environ(), Getwd: os.Getwd}))
		},
	})
}

// TestScripts runs the user sessions in testdata/script: each .txtar is a
// command line, its input files, and the stdout, stderr and exit status
// it must give.
func TestScripts(t *testing.T) {
	t.Parallel()
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
	return runIn(t, "", stdin, env, args...)
}

// runIn is run with dir as the working directory ("" for the test's), as
// main hands it in: relative names are read from it, and the process's
// own is left alone, so that tests run side by side.
func runIn(t testing.TB, dir, stdin string, env map[string]string, args ...string) result {
	t.Helper()
	var out, errOut bytes.Buffer
	getwd := os.Getwd
	if dir != "" {
		getwd = func() (string, error) { return dir, nil }
	}
	code := cmd.Main(args, &cmd.IOStreams{In: strings.NewReader(stdin), Out: &out, ErrOut: &errOut, Environ: testEnv(t, env), Getwd: getwd})
	return result{out.String(), errOut.String(), code}
}

// testEnv is the environment of a run: env, and nothing of the
// developer's. With a nil env, the config directory is an empty one.
func testEnv(t testing.TB, env map[string]string) []string {
	t.Helper()
	if env == nil {
		return []string{"XDG_CONFIG_HOME=" + t.TempDir()}
	}
	environ := make([]string, 0, len(env))
	for k, v := range env {
		environ = append(environ, k+"="+v)
	}
	return environ
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
			t.Parallel()
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

// ---- color ----

func TestCLIColor(t *testing.T) {
	t.Parallel()
	const esc = "\x1b["
	in := "https://alice:s3cr3t@example.com:8443/a?b#c"
	runCases(t, []cliCase{
		{name: "always", args: []string{"--color", "always", "parse", in}, want: want{outHas: []string{esc, "****"}, outLacks: []string{"s3cr3t"}}},
		{name: "always after the command", args: []string{"parse", "--color=always", in}, want: want{outHas: []string{esc}}},
		{name: "never", args: []string{"--color", "never", "parse", in}, want: want{outLacks: []string{esc}}},
		{name: "auto on a buffer", args: []string{"parse", in}, want: want{outLacks: []string{esc}}},
		{name: "NO_COLOR with auto", env: map[string]string{"NO_COLOR": "1"}, args: []string{"--color", "auto", "parse", in}, want: want{outLacks: []string{esc}}},
		{name: "always beats NO_COLOR", env: map[string]string{"NO_COLOR": "1"}, args: []string{"--color", "always", "parse", in}, want: want{outHas: []string{esc}}},
		{name: "always in a diagnostic", args: []string{"--color", "always", "validate", "a b"}, want: want{code: 1, out: exact(""), errHas: []string{esc}}},
		{name: "always on stderr", args: []string{"--color", "always", "resolve", "http://a/", "a b"}, want: want{code: 1, errHas: []string{esc}}},
		{name: "never on stderr", args: []string{"--color", "never", "resolve", "http://a/", "a b"}, want: want{code: 1, errHas: []string{"1:2:"}, errLacks: []string{esc}}},
		{name: "json never colored", args: []string{"--color", "always", "parse", "--json", in}, want: want{outLacks: []string{esc}}},
		{name: "get never colored", args: []string{"--color", "always", "parse", "--get", "host", in}, want: want{out: exact("example.com\n")}},
		{name: "filter never colored", args: []string{"--color", "always", "validate", "--filter", "invalid", "a b"}, want: want{code: 1, out: exact("a b\n")}},
	})
}

// ---- version and completion ----

func TestCLIVersionAndCompletion(t *testing.T) {
	t.Parallel()
	res := run(t, "", nil, "--version")
	if res.code != 0 || !regexp.MustCompile(`^uritool \S.*\npublicsuffix.org's public_suffix_list.dat, git revision [0-9a-f]+ .*\n$`).MatchString(res.stdout) {
		t.Errorf("--version: exit %d, stdout %q; want \"uritool VERSION\" and the Public Suffix List's", res.code, res.stdout)
	}
	// uritool version, which many users type, says the same (issue 37).
	if cmd := run(t, "", nil, "version"); cmd != res {
		t.Errorf("version gave %+v, --version %+v", cmd, res)
	}
	completes := func(values ...string) string { return strings.Join(values, "\n") + "\n:" }
	runCases(t, []cliCase{
		{name: "completion bash", args: []string{"completion", "bash"}, want: want{outHas: []string{"bash completion", "__uritool"}}},
		{name: "completion zsh", args: []string{"completion", "zsh"}, want: want{outHas: []string{"#compdef uritool"}}},
		{name: "validate --format", args: []string{"__complete", "validate", "--format", ""}, want: want{errAny: true, outHas: []string{completes("text", "json", "github", "sarif", "junit", "markdown", "codeclimate", "checkstyle")}}},
		{name: "references do not complete files", args: []string{"__complete", "parse", ""}, want: want{errAny: true, out: exact(":4\n")}},
		{name: "lint's files complete", args: []string{"__complete", "lint", ""}, want: want{errAny: true, out: exact(":0\n")}},
		{name: "lint --format", args: []string{"__complete", "lint", "--format", ""}, want: want{errAny: true, outHas: []string{completes("text", "json", "github", "sarif", "junit", "markdown", "codeclimate", "checkstyle")}}},
		{name: "parse --get", args: []string{"__complete", "parse", "--get", ""}, want: want{errAny: true,
			outHas: []string{completes("scheme", "authority", "userinfo", "user", "password", "host", "host_type", "port", "path", "query", "fragment", "kind")}}},
		{name: "parse --get after a comma", args: []string{"__complete", "parse", "--get", "host,"}, want: want{errAny: true,
			outHas: []string{"host,scheme\n", "host,port\n"}, outLacks: []string{"host,host\n"}}},
		{name: "validate --as", args: []string{"__complete", "validate", "--as", ""}, want: want{errAny: true, outHas: []string{completes("uri", "reference", "absolute")}}},
		{name: "normalize --level", args: []string{"__complete", "normalize", "--level", ""}, want: want{errAny: true, outHas: []string{completes("syntax", "scheme")}}},
		{name: "--color", args: []string{"__complete", "--color", ""}, want: want{errAny: true, outHas: []string{completes("auto", "always", "never")}}},
		{name: "subcommands", args: []string{"__complete", ""}, want: want{errAny: true,
			outHas: []string{"parse\t", "validate\t", "lint\t", "recompose\t", "resolve\t", "normalize\t", "equal\t", "relativize\t"}}},
		{name: "completion reads no stdin", stdin: "http://a\n", args: []string{"__complete", "validate", ""}, want: want{errAny: true, outLacks: []string{"http://a"}}},
	})
}

// ---- hostile input ----

// splitLines splits data as the line reader does: at "\n", dropping one
// trailing "\r", with a last line kept even without its newline.
func splitLines(data []byte) [][]byte {
	var lines [][]byte
	for len(data) > 0 {
		i := strings.IndexByte(string(data), '\n')
		var line []byte
		if i < 0 {
			line, data = data, nil
		} else {
			line, data = data[:i], data[i+1:]
		}
		if n := len(line); n > 0 && line[n-1] == '\r' {
			line = line[:n-1]
		}
		lines = append(lines, line)
	}
	return lines
}

// checkRecords decodes validate --format json output for input and checks
// one record per line, in order, each carrying its input exactly.
func checkRecords(t *testing.T, input []byte, stdout string) {
	t.Helper()
	lines := splitLines(input)
	out := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if stdout == "" {
		out = nil
	}
	if len(out) != len(lines) {
		t.Fatalf("%d records for %d lines", len(out), len(lines))
	}
	for i, line := range lines {
		var rec struct {
			Line        int     `json:"line"`
			Column      *int    `json:"column"`
			Input       *string `json:"input"`
			InputBase64 *string `json:"input_base64"`
			Valid       *bool   `json:"valid"`
		}
		if err := json.Unmarshal([]byte(out[i]), &rec); err != nil {
			t.Fatalf("record %d is not valid JSON: %v: %q", i+1, err, head(out[i], 200))
		}
		if rec.Line != i+1 || rec.Input == nil || rec.Valid == nil {
			t.Fatalf("record %d: line %d, input %v, valid %v", i+1, rec.Line, rec.Input != nil, rec.Valid != nil)
		}
		got := []byte(*rec.Input)
		if utf8.Valid(line) {
			if rec.InputBase64 != nil {
				t.Errorf("record %d: input_base64 on a UTF-8 input", i+1)
			}
		} else {
			if rec.InputBase64 == nil {
				t.Errorf("record %d: no input_base64 for an input that is not UTF-8: %q", i+1, head(string(line), 100))
				continue
			}
			var err error
			if got, err = base64.StdEncoding.DecodeString(*rec.InputBase64); err != nil {
				t.Errorf("record %d: input_base64: %v", i+1, err)
				continue
			}
		}
		if string(got) != string(line) {
			t.Errorf("record %d: input %q, want %q", i+1, head(string(got), 100), head(string(line), 100))
		}
		if rec.Column != nil && (*rec.Column < 1 || *rec.Column > len(line)+1) {
			t.Errorf("record %d: column %d outside the line of %d bytes", i+1, *rec.Column, len(line))
		}
	}
}

// printable reports text output that a terminal shows as is: UTF-8 with
// no control character but newline.
func printable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if r < 0x20 && r != '\n' || r == 0x7f || r >= 0x80 && r < 0xa0 || unicode.Is(unicode.Bidi_Control, r) {
			return false
		}
	}
	return true
}

func TestCLIHostileInput(t *testing.T) {
	t.Parallel()
	t.Run("10MB line", func(t *testing.T) {
		long := "http://a/" + strings.Repeat("x", 10<<20)
		input := long + "\nfoo\nhttp://b\n"
		res := run(t, input, nil, "validate", "--format", "json")
		if res.code != 1 || res.stderr != "" {
			t.Errorf("exit %d, stderr %q", res.code, res.stderr)
		}
		checkRecords(t, []byte(input), res.stdout)

		// An invalid 10 MB line gives a short diagnostic, then later lines keep their numbers.
		bad := "http://a/" + strings.Repeat("x", 5<<20) + " " + strings.Repeat("y", 5<<20)
		res = run(t, bad+"\nfoo\n", nil, "validate")
		if res.code != 1 || !strings.HasPrefix(res.stderr, fmt.Sprintf("1:%d: ", 9+5<<20+1)) || !strings.Contains(res.stderr, "\n2:4: ") || len(res.stderr) > 2000 {
			t.Errorf("exit %d, %d bytes of diagnostics: %q", res.code, len(res.stderr), head(res.stderr, 600))
		}
	})
	t.Run("NUL bytes", func(t *testing.T) {
		input := "a\x00b\nhttp://h/\x00\n\x00\n"
		res := run(t, input, nil, "validate", "--format", "json")
		if res.code != 1 {
			t.Errorf("exit %d", res.code)
		}
		checkRecords(t, []byte(input), res.stdout)
		text := run(t, input, nil, "validate")
		if strings.Contains(text.stderr, "\x00") || !strings.Contains(text.stderr, `a\x00b`) || !strings.Contains(text.stderr, "3:1: ") {
			t.Errorf("text diagnostics:\n%q", text.stderr)
		}
	})
	t.Run("invalid UTF-8", func(t *testing.T) {
		input := "http://h/\xff\xfe\n\xc3\x28\nhttp://h/ok\nmailto:\xe2\x82\n"
		res := run(t, input, nil, "validate", "--format", "json")
		if res.code != 1 {
			t.Errorf("exit %d", res.code)
		}
		checkRecords(t, []byte(input), res.stdout)
		parsed := run(t, input, nil, "parse", "--json")
		for i, line := range strings.Split(strings.TrimSuffix(parsed.stdout, "\n"), "\n") {
			var rec map[string]any
			if err := json.Unmarshal([]byte(line), &rec); err != nil {
				t.Errorf("parse --json record %d: %v", i+1, err)
			} else if b64, _ := rec["input_base64"].(string); i != 2 && b64 == "" {
				t.Errorf("parse --json record %d has no input_base64", i+1)
			}
		}
	})
	t.Run("escape sequences stay out of text output", func(t *testing.T) {
		input := "http://h/\x1b[31mred\x1b[0m\n\x1b]0;title\x07\n\u0085x\nhttp://\u202eh/\tx\n"
		for _, args := range [][]string{{"validate"}, {"parse"}, {"normalize"}, {"resolve", "http://a/"}, {"lint", "-"}, {"interop"}} {
			res := run(t, input, nil, args...)
			if res.code != 1 || !printable(res.stdout) || !printable(res.stderr) {
				t.Errorf("%v: exit %d, stdout %q, stderr %q", args, res.code, head(res.stdout, 300), head(res.stderr, 300))
			}
		}
	})
	t.Run("random binary", func(t *testing.T) {
		r := rand.New(rand.NewPCG(1, 2))
		data := make([]byte, 64<<10)
		for i := range data {
			data[i] = byte(r.Uint32())
		}
		res := run(t, string(data), nil, "validate", "--format", "json")
		if res.code != 1 || res.stderr != "" {
			t.Errorf("exit %d, stderr %q", res.code, head(res.stderr, 300))
		}
		checkRecords(t, data, res.stdout)
		if n := len(splitLines(data)); n < 200 {
			t.Errorf("only %d lines in 64 KiB of random data", n)
		}
		text := run(t, string(data), nil, "validate")
		if text.code != 1 || !printable(text.stderr) {
			t.Errorf("text diagnostics: exit %d, printable %v", text.code, printable(text.stderr))
		}
	})
}

// ---- I/O errors ----

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// failingReader gives data, then an error instead of io.EOF.
type failingReader struct{ r io.Reader }

func (f *failingReader) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	if err == io.EOF {
		return n, errors.New("connection reset")
	}
	return n, err
}

func TestCLIIOErrors(t *testing.T) {
	t.Parallel()
	environ := testEnv(t, nil)
	exec := func(in io.Reader, out io.Writer, args ...string) (string, int) {
		var errOut bytes.Buffer
		code := cmd.Main(args, &cmd.IOStreams{In: in, Out: out, ErrOut: &errOut, Environ: environ, Getwd: os.Getwd})
		return errOut.String(), code
	}
	for _, args := range [][]string{
		{"validate", "--format", "json"}, {"parse"}, {"parse", "--json"}, {"normalize"}, {"resolve", "http://a/"},
		{"relativize", "http://a/"}, {"lint", "--format", "json", "-"}, {"equal", "--json", "http://a/", "http://a/"},
	} {
		t.Run("write "+strings.Join(args, " "), func(t *testing.T) {
			stderr, code := exec(strings.NewReader("http://a/b\n"), failingWriter{}, args...)
			if code != 3 || !strings.Contains(stderr, "disk full") {
				t.Errorf("exit %d, stderr %q; want 3 and the write error", code, stderr)
			}
		})
		if args[0] == "equal" {
			continue
		}
		t.Run("read "+strings.Join(args, " "), func(t *testing.T) {
			var out bytes.Buffer
			stderr, code := exec(&failingReader{strings.NewReader("http://a/b\n")}, &out, args...)
			if code != 3 || !strings.Contains(stderr, "connection reset") {
				t.Errorf("exit %d, stderr %q; want 3 and the read error", code, stderr)
			}
			if out.Len() == 0 {
				t.Errorf("the line read before the error gave no output")
			}
		})
	}
	t.Run("lint a directory walks it", func(t *testing.T) {
		dir := t.TempDir()
		ok := filepath.Join(dir, "ok.txt")
		if err := os.WriteFile(ok, []byte("foo\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		// A directory is walked for the files lint reads: with
		// --list, ok.txt is checked twice here, once found in the
		// directory; by default a walk reads documents only.
		expect(t, run(t, "", nil, "lint", "--list", dir, ok), want{code: 1, outHas: []string{ok + ":1:4:"}, errHas: []string{"2 checked, 2 finding(s)"}})
		expect(t, run(t, "", nil, "lint", dir, ok), want{code: 1, outHas: []string{ok + ":1:4:"}, errHas: []string{"1 checked, 1 finding(s)"}})
		empty := t.TempDir()
		expect(t, run(t, "http://stdin/ is not read\n", nil, "lint", empty), want{code: 0, out: exact(""), err: exact("0 checked, 0 finding(s)\n")})
	})
}

// ---- flags every command takes ----

// TestEveryCommandTakesFormat: --format json and its alias --json give the
// same records for every command (issue 10: validate and lint took only
// --format, the others only --json).
func TestEveryCommandTakesFormat(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"parse", "http://a/b"},
		{"validate", "http://a/b"},
		{"lint", "-"},
		{"resolve", "http://a/b", "c"},
		{"normalize", "HTTP://a/b"},
		{"relativize", "http://a/b", "http://a/c"},
		{"equal", "http://a/b", "HTTP://a/b"},
		{"recompose", `{"path":"/x"}`},
		{"expand", "{/x}", `{"x":"y"}`},
		{"match", "{/x}", "/y"},
		{"shape", "http://a/1"},
		{"config", "parse"},
	} {
		t.Run(args[0], func(t *testing.T) {
			withFormat := append([]string{args[0], "--format", "json"}, args[1:]...)
			withAlias := append([]string{args[0], "--json"}, args[1:]...)
			a := run(t, "http://a/b\n", nil, withFormat...)
			b := run(t, "http://a/b\n", nil, withAlias...)
			if args[0] == "config" {
				// It names on stderr the file it looked for, in each
				// run's own temporary home.
				a.stderr, b.stderr = "", ""
			}
			if a.code != 0 || a.stderr != "" || !strings.HasPrefix(a.stdout, "{") {
				t.Fatalf("%q: exit %d, stdout %q, stderr %q", withFormat, a.code, a.stdout, a.stderr)
			}
			if a != b {
				t.Errorf("--json gave %+v, --format json %+v", b, a)
			}
			bad := run(t, "", nil, append([]string{args[0], "--format", "xml"}, args[1:]...)...)
			if bad.code != 2 || !strings.Contains(bad.stderr, `invalid argument "xml" for "--format" flag`) ||
				!strings.Contains(bad.stderr, "Run 'uritool "+args[0]+" --help' for usage.") {
				t.Errorf("--format xml: exit %d, stderr %q", bad.code, bad.stderr)
			}
		})
	}
}

// TestPortAndSchemeValues: flag values are checked by their type, so a
// bad scheme or port is a usage error wherever it is given.
func TestPortAndSchemeValues(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"validate", "--default-port", "x=-1", "http://a/"},
		{"normalize", "--default-port", "gopher=99999", "http://a/"},
		{"equal", "--default-port", "1x=80", "http://a/", "http://a/"},
		{"validate", "--scheme", "https:", "http://a/"},
		{"lint", "--scheme", "http://", "-"},
	} {
		res := run(t, "", nil, args...)
		if res.code != 2 || res.stdout != "" || !strings.Contains(res.stderr, "invalid") {
			t.Errorf("%q: exit %d, stderr %q; want a usage error", args, res.code, res.stderr)
		}
	}
	if res := run(t, "", nil, "normalize", "--default-port", "Gopher=070", "gopher://h:70/"); res.stdout != "gopher://h/\n" {
		t.Errorf("--default-port Gopher=070: %q", res.stdout)
	}
}

// ---- write errors on endless input ----

// endless yields the same line forever.
type endless struct{ line []byte }

func (e *endless) Read(p []byte) (int, error) {
	n := 0
	for n+len(e.line) <= len(p) {
		n += copy(p[n:], e.line)
	}
	return n, nil
}

type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestWriteErrorOnEndlessInput: with output that cannot be written, every
// command stops with exit 3 and no usage hint, although its input never
// ends. A command that went on reading would never return.
func TestWriteErrorOnEndlessInput(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		line string
		args []string
	}{
		{"http://a/", []string{"parse"}},
		{"http://a/", []string{"parse", "--format", "json"}},
		{"a b", []string{"parse", "--get", "host"}},
		{"http://a/", []string{"validate", "--filter", "valid"}},
		{"http://a/", []string{"validate", "--format", "json"}},
		{"a b", []string{"validate"}},
		{"http://a/", []string{"lint", "--format", "json", "-"}},
		{"a b", []string{"lint", "-"}},
		{"see http://a/", []string{"lint", "--extract", "--format", "json", "-"}},
		{"g", []string{"resolve", "http://a/b/"}},
		{"HTTP://A/", []string{"normalize"}},
		{"http://a/b", []string{"relativize", "http://a/"}},
		{"http://A/", []string{"equal", "http://a/"}},
		{`{"path":"/a"}`, []string{"recompose"}},
		{"http://a/", []string{"edit", "--set", "path=/b"}},
		{"http://a/?q=1", []string{"edit", "--replace-values", "X"}},
		{"http://a/?q=1&r=2", []string{"edit", "--each", "--replace-values", "X", "--unique"}},
		{"a b", []string{"encode"}},
		{"a%20b", []string{"decode"}},
		{"https://bücher.example/ü", []string{"to-uri"}},
		{"http://a/%C3%BC", []string{"to-iri"}},
		{"https://bücher.example/", []string{"parse", "--iri"}},
		{"http://0x7f.1/", []string{"interop"}},
		{"http://0x7f.1/", []string{"interop", "--format", "json"}},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			var errOut strings.Builder
			stderr := fullWriter{}
			code := cmd.Main(c.args, &cmd.IOStreams{In: &endless{[]byte(c.line + "\n")}, Out: fullWriter{}, ErrOut: stderr, Environ: testEnv(t, nil), Getwd: os.Getwd})
			if code != cmd.ExitIO {
				t.Errorf("exit %d, want %d; stderr %q", code, cmd.ExitIO, errOut.String())
			}
		})
	}
}

// TestWriteErrorMessage: the message names the failure, and no help hint
// follows, since the command line was fine.
func TestWriteErrorMessage(t *testing.T) {
	t.Parallel()
	var errOut strings.Builder
	code := cmd.Main([]string{"normalize"}, &cmd.IOStreams{In: &endless{[]byte("http://a/\n")}, Out: fullWriter{}, ErrOut: &errOut, Environ: testEnv(t, nil), Getwd: os.Getwd})
	if code != cmd.ExitIO || !strings.Contains(errOut.String(), "no space left on device") || strings.Contains(errOut.String(), "--help") {
		t.Errorf("exit %d, stderr %q", code, errOut.String())
	}
}

// ---- benchmarks ----

// sampleInput is the 20,000 real URLs of pkg/uri's benchmark sample, as
// one input of lines.
func sampleInput(b *testing.B) []byte {
	f, err := os.Open("../pkg/uri/testdata/urls-sample.txt.gz")
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		b.Fatal(err)
	}
	data, err := io.ReadAll(z)
	if err != nil {
		b.Fatal(err)
	}
	return data
}

// BenchmarkCommands runs whole command lines in-process over the sample,
// output discarded; ns/op is per input line. bench/run measures the same
// through the binary against a line-copy floor. The sample is read ten
// times over in each run, 200,000 lines, as the URLs of a crawl repeat:
// what a run sets up once (the command tree, its buffers) would
// otherwise weigh a third of the time, most of it in the collector, and
// bench/pgo's profile would be of that.
func BenchmarkCommands(b *testing.B) {
	input := bytes.Repeat(sampleInput(b), 10)
	lines := bytes.Count(input, []byte{'\n'})
	for _, c := range []struct {
		name string
		args []string
	}{
		{"validate-filter", []string{"validate", "--filter", "valid"}},
		{"validate-json", []string{"validate", "--format", "json"}},
		{"normalize", []string{"normalize"}},
		{"normalize-json", []string{"normalize", "--format", "json"}},
		{"resolve", []string{"resolve", "https://example.com/a/b/c"}},
		{"resolve-json", []string{"resolve", "--format", "json", "https://example.com/a/b/c"}},
		{"parse-json", []string{"parse", "--format", "json"}},
		{"lint-json", []string{"lint", "--format", "json", "-"}},
		{"edit-replace", []string{"edit", "--replace-values", "X"}},
		{"edit-delete-query", []string{"edit", "--delete-query", "utm_*"}},
		{"parse", []string{"parse"}},
		{"parse-color", []string{"parse", "--color", "always"}},
		{"lint-sarif", []string{"lint", "--format", "sarif", "-"}},
		{"resolve-ref", []string{"resolve", "--ref", "../x?y"}},
		{"normalize-unique", []string{"normalize", "--unique"}},
		{"shape", []string{"shape"}},
		{"interop", []string{"interop"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			environ := testEnv(b, nil)
			b.SetBytes(int64(len(input)) / int64(lines))
			b.ResetTimer()
			for i := 0; i < b.N; i += lines {
				code := cmd.Main(c.args, &cmd.IOStreams{In: bytes.NewReader(input), Out: io.Discard, ErrOut: io.Discard, Environ: environ, Getwd: os.Getwd})
				if code > cmd.ExitFindings {
					b.Fatalf("exit %d", code)
				}
			}
		})
	}
}

// enospc fails every write, as /dev/full does.
type enospc struct{}

func (enospc) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestWriteErrorsOutsideTheStream: help, version and completion output
// is written by cobra, not by the stream, and a failure to write it is
// exit 3 with the stream's message, as for any other output (issue:
// "completion bash >/dev/full" and "--version >/dev/full" exited 2, and
// "--help >/dev/full" 0).
func TestWriteErrorsOutsideTheStream(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"--help"},
		{"-h"},
		{"parse", "--help"},
		{"--version"},
		{"help"},
		{"help", "parse"},
		{"completion", "bash"},
		{"completion", "zsh"},
		{"completion", "fish"},
		{"completion", "powershell"},
		{"__complete", "parse", "--format", ""},
		{"config"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var errOut strings.Builder
			code := cmd.Main(args, &cmd.IOStreams{In: strings.NewReader(""), Out: enospc{}, ErrOut: &errOut, Environ: testEnv(t, nil), Getwd: os.Getwd})
			const want = "uritool: error: write error: no space left on device\n"
			got := errOut.String()
			if args[0] == "__complete" {
				// It always names its directive on stderr first.
				got = strings.TrimPrefix(got, "Completion ended with directive: ShellCompDirectiveNoFileComp\n")
			}
			if code != cmd.ExitIO || got != want {
				t.Errorf("exit %d, stderr %q; want exit %d, stderr %q", code, got, cmd.ExitIO, want)
			}
		})
	}
}

// TestQuiet: --quiet leaves stdout and the exit status as they are and
// writes no diagnostic of an input and no summary; what stops or breaks a
// run (an unreadable file, a usage error) is still written (issue 37).
func TestQuiet(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.md"), []byte("[a](gone.md)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name       string
		stdin      string
		args       []string
		code       int
		out, err   string
		errLacks   string
		errContain string
	}{
		{"validate", "http://a b/\nhttp://ok/\n", []string{"-q", "validate"}, 1, "", "", "", ""},
		{"filter", "http://a b/\nhttp://ok/\n", []string{"validate", "--quiet", "--filter", "valid"}, 1, "http://ok/\n", "", "", ""},
		{"normalize keeps its lines", "http://a b/\nHTTP://ok/\n", []string{"normalize", "-q"}, 1, "\nhttp://ok/\n", "", "", ""},
		{"lint keeps its findings", "", []string{"lint", "-q", "a.md", "missing.md"}, 3, "a.md:1:5: nothing at gone.md [missing-target]\n    gone.md\n    ^\n", "",
			"checked", "open missing.md"},
		{"usage", "", []string{"-q", "resolve"}, 2, "", "", "", "missing BASE"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := runIn(t, dir, c.stdin, nil, c.args...)
			if r.code != c.code || r.stdout != c.out {
				t.Errorf("exit %d, stdout %q; want %d, %q", r.code, r.stdout, c.code, c.out)
			}
			if c.errContain == "" && c.errLacks == "" && r.stderr != c.err {
				t.Errorf("stderr %q, want %q", r.stderr, c.err)
			}
			if c.errLacks != "" && strings.Contains(r.stderr, c.errLacks) || !strings.Contains(r.stderr, c.errContain) {
				t.Errorf("stderr %q: want %q in it and not %q", r.stderr, c.errContain, c.errLacks)
			}
		})
	}
}

// TestFlagFilesInWorkdir: the files flags name (--scope, --values-from,
// --baseline, --write-baseline, --vars) are read and written relative to the
// working directory the command is given, not the process's; one that
// cannot be opened is a usage error naming the flag.
func TestFlagFilesInWorkdir(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for name, body := range map[string]string{"scope.txt": "*.example.com\n", "values.txt": "V\n", "links.txt": "http://a b/\n", "vars.json": `{"q": "x"}`} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if r := runIn(t, dir, "", nil, "parse", "--get", "host", "--scope", "scope.txt", "http://www.example.com/", "http://other.org/"); r.code != 0 || r.stdout != "www.example.com\n" {
		t.Errorf("--scope: %+v", r)
	}
	if r := runIn(t, dir, "", nil, "edit", "--values-from", "values.txt", "http://h/?a=1"); r.code != 0 || r.stdout != "http://h/?a=V\n" {
		t.Errorf("--values-from: %+v", r)
	}
	if r := runIn(t, dir, "", nil, "expand", "--vars", "vars.json", "http://h/{?q}"); r.code != 0 || r.stdout != "http://h/?q=x\n" {
		t.Errorf("--vars: %+v", r)
	}
	if r := runIn(t, dir, "", nil, "lint", "--write-baseline", "base.json", "links.txt"); r.code != 0 {
		t.Errorf("--write-baseline: %+v", r)
	}
	if r := runIn(t, dir, "", nil, "lint", "--baseline", "base.json", "links.txt"); r.code != 0 || !strings.Contains(r.stderr, "1 in the baseline") {
		t.Errorf("--baseline: %+v", r)
	}
	for _, args := range [][]string{
		{"parse", "--scope", "nope.txt", "x"},
		{"edit", "--values-from", "nope.txt", "x"},
		{"lint", "--baseline", "nope.json", "links.txt"},
		{"expand", "--vars", "nope.json", "http://h/{?q}"},
	} {
		flag := args[1]
		if r := runIn(t, dir, "", nil, args...); r.code != 2 || !strings.HasPrefix(r.stderr, "uritool: error: "+flag+` "nope.`) || !strings.Contains(r.stderr, "no such file or directory") {
			t.Errorf("%v: exit %d, stderr %q; want 2 naming %s and the file", args, r.code, r.stderr, flag)
		}
	}
}
