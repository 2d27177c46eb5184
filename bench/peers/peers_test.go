// Package peers measures uritool against the test suites of other URL
// tools: curl/trurl's command-line cases, and examples of
// sporkmonger/addressable and python-hyper/rfc3986 (issue 25). The suites
// are copied under testdata/peers (each with a SOURCE note), and
// testdata/peers/<peer>.json translates them, case by case and by meaning,
// into uritool command lines with their expected output, or a verdict: the
// input is one RFC 3986 forbids, or uritool has no equivalent.
//
// TestPeers runs every translated case against the built binary. It fails
// when the translations do not cover their suites or are malformed, and
// when a case listed in testdata/peers/baseline.txt no longer passes. A case
// outside the baseline may fail: many wait for features still being built
// (features.json). The counts the issue asks for are printed by
//
//	bench/peers/run
//
// and "bench/peers/run -update-baseline" records the cases that pass now.
package peers

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

var (
	report         = flag.Bool("report", false, "print the counts per peer, the failures, and the cases each feature of features.json waits for")
	updateBaseline = flag.Bool("update-baseline", false, "rewrite testdata/peers/baseline.txt with the cases that pass")
)

const dataDir = "../../testdata/peers"

// suites are the translation files, in report order.
var suites = []string{"trurl", "addressable", "rfc3986"}

// suite is one translation file.
type suite struct {
	Peer  string `json:"peer"`
	Data  string `json:"data"`
	About string `json:"about"`
	Cases []kase `json:"cases"`
}

// kase is one peer case and its translation. Args is the uritool command;
// each Pipe stage reads the output of the one before, as in a shell
// pipeline. Exactly one of Stdout, StdoutFile and JSON says what the last
// stage must print; JSON lists, per output line, the keys that line's
// object must have, with these values.
type kase struct {
	ID         string           `json:"id"`
	Peer       json.RawMessage  `json:"peer"`
	Verdict    string           `json:"verdict"`
	Needs      []string         `json:"needs"`
	Args       []string         `json:"args"`
	Pipe       [][]string       `json:"pipe"`
	Stdin      *string          `json:"stdin"`
	StdinFile  string           `json:"stdin_file"`
	Stdout     *string          `json:"stdout"`
	StdoutFile string           `json:"stdout_file"`
	JSON       []map[string]any `json:"json"`
	Exit       int              `json:"exit"`
	StderrHas  string           `json:"stderr_has"`
	Note       string           `json:"note"`
}

// Verdicts. A "same" or "differs" case passes when uritool prints what
// the translation expects; a "rejected" one when uritool refuses the input
// as the translation expects; "no-equivalent" is not run.
const (
	same         = "same"
	differs      = "differs"
	rejected     = "rejected"
	noEquivalent = "no-equivalent"
)

// feature is an entry of features.json: a part of issue 25 that some
// cases wait for, and the syntax their translation assumes.
type feature struct {
	What    string `json:"what"`
	Assumed string `json:"assumed"`
}

// result is the outcome of one case.
type result struct {
	suite  string
	k      *kase
	ran    bool
	passed bool
	why    string // what differed, for a failure
}

func TestPeers(t *testing.T) {
	features := loadFeatures(t)
	loaded := map[string]*suite{}
	for _, name := range suites {
		s := loadSuite(t, name)
		checkSuite(t, name, s, features)
		loaded[name] = s
	}
	if t.Failed() {
		t.FailNow()
	}
	if testing.Short() {
		t.Skip("builds and runs uritool for every case")
	}
	bin := build(t)

	var results []*result
	for _, name := range suites {
		for i := range loaded[name].Cases {
			results = append(results, &result{suite: name, k: &loaded[name].Cases[i]})
		}
	}
	runAll(t, bin, results)

	passing := map[string]bool{}
	for _, r := range results {
		if r.passed {
			passing[r.k.ID] = true
		}
	}
	baseline := readBaseline(t)
	for _, id := range baseline {
		found := slices.ContainsFunc(results, func(r *result) bool { return r.k.ID == id })
		switch {
		case !found:
			t.Errorf("baseline.txt lists %s, which no translation has", id)
		case !passing[id]:
			r := results[slices.IndexFunc(results, func(r *result) bool { return r.k.ID == id })]
			t.Errorf("%s passed before and fails now (baseline.txt): %s\n%s", id, commandLine(r.k), r.why)
		}
	}
	newly := 0
	for id := range passing {
		if !slices.Contains(baseline, id) {
			newly++
		}
	}
	if newly > 0 && !*updateBaseline {
		t.Logf("%d cases pass that baseline.txt does not list yet: bench/peers/run -update-baseline records them", newly)
	}
	if *updateBaseline {
		writeBaseline(t, passing)
	}

	var out bytes.Buffer
	writeCounts(&out, loaded, results)
	if *report {
		writeFailures(&out, results)
		writeNeeds(&out, features, results)
		fmt.Print(out.String())
	} else {
		t.Log("\n" + out.String())
	}
}

func loadFeatures(t *testing.T) map[string]feature {
	t.Helper()
	var features map[string]feature
	decodeStrict(t, filepath.Join(dataDir, "features.json"), &features)
	return features
}

func loadSuite(t *testing.T, name string) *suite {
	t.Helper()
	s := &suite{}
	decodeStrict(t, filepath.Join(dataDir, name+".json"), s)
	return s
}

// decodeStrict reads a JSON file, refusing keys the type does not have,
// so that a misspelt key in a translation is an error, not a silent
// default.
func decodeStrict(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// checkSuite holds a translation to its peer's data and to the shape the
// runner reads.
func checkSuite(t *testing.T, name string, s *suite, features map[string]feature) {
	t.Helper()
	ids := map[string]bool{}
	for i := range s.Cases {
		k := &s.Cases[i]
		if ids[k.ID] {
			t.Errorf("%s: case %s appears twice", name, k.ID)
		}
		ids[k.ID] = true
		checkCase(t, name, k, features)
	}
	if name == "trurl" {
		checkTrurl(t, s)
	} else {
		checkSpecLines(t, name, s)
	}
}

func checkCase(t *testing.T, name string, k *kase, features map[string]feature) {
	t.Helper()
	where := name + " " + k.ID
	for _, tag := range k.Needs {
		if _, ok := features[tag]; !ok {
			t.Errorf("%s needs %q, which features.json does not list", where, tag)
		}
	}
	if k.Verdict != same && k.Note == "" {
		t.Errorf("%s: a %s case needs a note saying why", where, k.Verdict)
	}
	expected := 0
	for _, set := range []bool{k.Stdout != nil, k.StdoutFile != "", k.JSON != nil} {
		if set {
			expected++
		}
	}
	switch k.Verdict {
	case noEquivalent:
		if len(k.Args) > 0 || expected > 0 || len(k.Needs) > 0 {
			t.Errorf("%s: a no-equivalent case has no command, expectation or needs", where)
		}
		return
	case same, differs, rejected:
	default:
		t.Errorf("%s: unknown verdict %q", where, k.Verdict)
		return
	}
	if len(k.Args) == 0 {
		t.Errorf("%s: no command", where)
	}
	if expected != 1 {
		t.Errorf("%s: want exactly one of stdout, stdout_file and json", where)
	}
	if k.Stdin != nil && k.StdinFile != "" {
		t.Errorf("%s: stdin and stdin_file both given", where)
	}
	if k.Verdict == rejected && k.Exit == 0 {
		t.Errorf("%s: a rejected input must make uritool fail (exit 1)", where)
	}
}

// checkTrurl: the translation has each case of tests.json once, and its
// copy of the case (peer) is the one in tests.json.
func checkTrurl(t *testing.T, s *suite) {
	t.Helper()
	var tests []struct {
		Input struct {
			Arguments []string `json:"arguments"`
		} `json:"input"`
		Expected struct {
			Stdout     json.RawMessage `json:"stdout"`
			Returncode int             `json:"returncode"`
		} `json:"expected"`
	}
	data, err := os.ReadFile(filepath.Join(dataDir, s.Data))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &tests); err != nil {
		t.Fatalf("%s: %v", s.Data, err)
	}
	covered := make([]bool, len(tests))
	for _, k := range s.Cases {
		var p struct {
			Index  int             `json:"index"`
			Args   []string        `json:"args"`
			Stdout json.RawMessage `json:"stdout"`
			Exit   int             `json:"exit"`
		}
		if err := json.Unmarshal(k.Peer, &p); err != nil {
			t.Errorf("%s: peer: %v", k.ID, err)
			continue
		}
		if p.Index < 0 || p.Index >= len(tests) {
			t.Errorf("%s: index %d is not a case of %s", k.ID, p.Index, s.Data)
			continue
		}
		if covered[p.Index] {
			t.Errorf("%s: case %d is translated twice", k.ID, p.Index)
		}
		covered[p.Index] = true
		want := tests[p.Index]
		if !slices.Equal(p.Args, want.Input.Arguments) || !sameJSON(p.Stdout, want.Expected.Stdout) || p.Exit != want.Expected.Returncode {
			t.Errorf("%s: peer is not case %d of %s", k.ID, p.Index, s.Data)
		}
	}
	for i, ok := range covered {
		if !ok {
			t.Errorf("case %d of %s has no translation", i, s.Data)
		}
	}
}

func sameJSON(a, b json.RawMessage) bool {
	var x, y any
	return json.Unmarshal(a, &x) == nil && json.Unmarshal(b, &y) == nil && reflect.DeepEqual(x, y)
}

// checkSpecLines: each case names the line of the peer's test file it
// translates, and that line still holds the text the case quotes, so a
// newer copy of the file cannot drift away from the translation unseen.
func checkSpecLines(t *testing.T, name string, s *suite) {
	t.Helper()
	files := map[string][]string{}
	for _, k := range s.Cases {
		var p struct {
			File string `json:"file"`
			Line int    `json:"line"`
			Text string `json:"text"`
			Says string `json:"says"`
		}
		if err := json.Unmarshal(k.Peer, &p); err != nil {
			t.Errorf("%s %s: peer: %v", name, k.ID, err)
			continue
		}
		lines, ok := files[p.File]
		if !ok {
			data, err := os.ReadFile(filepath.Join(dataDir, p.File))
			if err != nil {
				t.Errorf("%s %s: %v", name, k.ID, err)
				continue
			}
			lines = strings.Split(string(data), "\n")
			files[p.File] = lines
		}
		if p.Line < 1 || p.Line > len(lines) || p.Text == "" || !strings.Contains(lines[p.Line-1], p.Text) {
			t.Errorf("%s %s: line %d of %s does not hold %q", name, k.ID, p.Line, p.File, p.Text)
		}
		if p.Says == "" {
			t.Errorf("%s %s: peer.says is empty: what does the peer expect?", name, k.ID)
		}
	}
}

// build compiles uritool from this tree.
func build(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "uritool")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Dir = "../.."
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// runAll runs the cases on every core, each in an environment with no
// config file, no URITOOL_ variables and no color.
func runAll(t *testing.T, bin string, results []*result) {
	t.Helper()
	home := t.TempDir()
	env := []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config"),
		"NO_COLOR=1", "TERM=dumb", "COLUMNS=100", "LC_ALL=C.UTF-8",
	}
	work := make(chan *result)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var errs []error
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for r := range work {
				if err := runCase(bin, env, r); err != nil {
					mu.Lock()
					errs = append(errs, fmt.Errorf("%s: %w", r.k.ID, err))
					mu.Unlock()
				}
			}
		})
	}
	for _, r := range results {
		if r.k.Verdict != noEquivalent {
			work <- r
		}
	}
	close(work)
	wg.Wait()
	for _, err := range errs {
		t.Error(err)
	}
}

// runCase runs a case's pipeline and compares what the last stage printed,
// the exit status and stderr with the translation. An error is a case the
// runner could not run at all.
func runCase(bin string, env []string, r *result) error {
	k := r.k
	var input []byte
	if k.Stdin != nil {
		input = []byte(*k.Stdin)
	}
	if k.StdinFile != "" {
		var err error
		if input, err = os.ReadFile(filepath.Join(dataDir, k.StdinFile)); err != nil {
			return err
		}
	}
	exit := 0
	var stderr bytes.Buffer
	for _, stage := range append([][]string{k.Args}, k.Pipe...) {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		cmd := exec.CommandContext(ctx, bin, stage...)
		cmd.Env = env
		cmd.Stdin = bytes.NewReader(input)
		var stdout bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		cancel()
		var exitErr *exec.ExitError
		switch {
		case errors.As(err, &exitErr) && exitErr.ExitCode() > 0:
			exit = exitErr.ExitCode() // the last failing stage, as bash's pipefail
		case err != nil:
			return err
		}
		input = stdout.Bytes()
	}
	r.ran = true
	got := string(input)
	var problems []string
	if why := compareStdout(k, got); why != "" {
		problems = append(problems, why)
	}
	if exit != k.Exit {
		problems = append(problems, fmt.Sprintf("exit %d, want %d", exit, k.Exit))
	}
	if k.StderrHas != "" && !strings.Contains(stderr.String(), k.StderrHas) {
		problems = append(problems, fmt.Sprintf("stderr lacks %q", k.StderrHas))
	}
	if len(problems) > 0 && stderr.Len() > 0 {
		problems = append(problems, "stderr: "+clip(stderr.String()))
	}
	r.passed = len(problems) == 0
	r.why = strings.Join(problems, "\n")
	return nil
}

func compareStdout(k *kase, got string) string {
	switch {
	case k.Stdout != nil:
		if got != *k.Stdout {
			return fmt.Sprintf("stdout %s\n  want %s", clip(strconv.Quote(got)), clip(strconv.Quote(*k.Stdout)))
		}
	case k.StdoutFile != "":
		want, err := os.ReadFile(filepath.Join(dataDir, k.StdoutFile))
		if err != nil {
			return err.Error()
		}
		if got != string(want) {
			return fmt.Sprintf("stdout %s\n  want the content of %s", clip(strconv.Quote(got)), k.StdoutFile)
		}
	default:
		var lines []string
		if got != "" {
			lines = strings.Split(strings.TrimSuffix(got, "\n"), "\n")
		}
		if len(lines) != len(k.JSON) {
			return fmt.Sprintf("%d output lines, want %d JSON objects: %s", len(lines), len(k.JSON), clip(strconv.Quote(got)))
		}
		for i, line := range lines {
			var obj map[string]any
			if err := json.Unmarshal([]byte(line), &obj); err != nil {
				return fmt.Sprintf("line %d is not a JSON object: %s", i+1, clip(line))
			}
			for key, want := range k.JSON[i] {
				if v, ok := obj[key]; !ok || !reflect.DeepEqual(v, want) {
					g, _ := json.Marshal(v)
					w, _ := json.Marshal(want)
					return fmt.Sprintf("line %d: %q is %s, want %s", i+1, key, clip(string(g)), clip(string(w)))
				}
			}
		}
	}
	return ""
}

func clip(s string) string {
	s = strings.TrimRight(s, "\n")
	if len(s) > 300 {
		return s[:300] + "…"
	}
	return s
}

// commandLine writes a case's pipeline as a shell line, to paste.
func commandLine(k *kase) string {
	var stages []string
	for _, stage := range append([][]string{k.Args}, k.Pipe...) {
		words := []string{"uritool"}
		for _, a := range stage {
			words = append(words, shellQuote(a))
		}
		stages = append(stages, strings.Join(words, " "))
	}
	line := strings.Join(stages, " | ")
	switch {
	case k.StdinFile != "":
		line += " < testdata/peers/" + k.StdinFile
	case k.Stdin != nil:
		line = "printf %s " + shellQuote(*k.Stdin) + " | " + line
	}
	return line
}

func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:=,@%+", r))
	}) < 0 {
		return s
	}
	if strings.IndexFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f }) >= 0 {
		return "$" + ansiQuote(s)
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// ansiQuote writes s as bash's $'...' string.
func ansiQuote(s string) string {
	var b strings.Builder
	b.WriteString("'")
	for _, r := range s {
		switch {
		case r == '\'' || r == '\\':
			b.WriteString(`\` + string(r))
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteString("'")
	return b.String()
}

func readBaseline(t *testing.T) []string {
	t.Helper()
	f, err := os.Open(filepath.Join(dataDir, "baseline.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var ids []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" && !strings.HasPrefix(line, "#") {
			ids = append(ids, line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return ids
}

func writeBaseline(t *testing.T, passing map[string]bool) {
	t.Helper()
	ids := make([]string, 0, len(passing))
	for id := range passing {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	var b strings.Builder
	b.WriteString("# The peer cases that pass (bench/peers): TestPeers fails when one of them\n")
	b.WriteString("# stops passing. Rewritten by bench/peers/run -update-baseline.\n")
	for _, id := range ids {
		b.WriteString(id + "\n")
	}
	if err := os.WriteFile(filepath.Join(dataDir, "baseline.txt"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// tally is the counts of one peer, or of several.
type tally struct {
	cases, same, differs, rejected, noEquivalent int
	failWaiting, failOther                       int
}

func (c *tally) add(r *result) {
	c.cases++
	switch {
	case !r.ran:
		c.noEquivalent++
	case !r.passed && len(r.k.Needs) > 0:
		c.failWaiting++
	case !r.passed:
		c.failOther++
	case r.k.Verdict == rejected:
		c.rejected++
	case r.k.Verdict == differs:
		c.differs++
	default:
		c.same++
	}
}

// unicode151 is the tag of the cases that wait for UTS #46 tables newer
// than x/net/idna's (the "ẞ" cases): issue 25 allows them as failures.
const unicode151 = "idna-unicode-15.1"

func writeCounts(w io.Writer, loaded map[string]*suite, results []*result) {
	counts := map[string]*tally{}
	for _, name := range suites {
		counts[name] = &tally{}
	}
	libs := &tally{}
	libsIDNA := 0
	for _, r := range results {
		counts[r.suite].add(r)
		if r.suite != "trurl" {
			libs.add(r)
			if r.ran && !r.passed && slices.Contains(r.k.Needs, unicode151) {
				libsIDNA++
			}
		}
	}
	fmt.Fprintf(w, "%-26s %5s %5s %8s %8s %6s %8s %6s\n", "peer", "cases", "pass", "(differ)", "rejected", "fail", "(waiting)", "no-eq")
	row := func(name string, c *tally) {
		fmt.Fprintf(w, "%-26s %5d %5d %8d %8d %6d %8d %6d\n", name, c.cases, c.same+c.differs, c.differs,
			c.rejected, c.failWaiting+c.failOther, c.failWaiting, c.noEquivalent)
	}
	for _, name := range suites {
		row(loaded[name].Peer, counts[name])
	}
	row("addressable + rfc3986", libs)
	fmt.Fprintln(w, `
pass: uritool prints what the translation expects; (differ): of those, the
cases where that is not the peer's answer, for the reason each note cites.
rejected: RFC 3986 forbids the input, and uritool refuses it. fail
(waiting): of the failures, those that wait for a feature of issue 25.`)
	tr := counts["trurl"]
	met := func(ok bool) string {
		if ok {
			return "met"
		}
		return "not met"
	}
	fmt.Fprintf(w, "\nissue 25, done when:\n")
	fmt.Fprintf(w, "  trurl: 0 failures (%d) and at most 10 with no equivalent (%d): %s\n",
		tr.failWaiting+tr.failOther, tr.noEquivalent, met(tr.failWaiting+tr.failOther == 0 && tr.noEquivalent <= 10))
	beyond := libs.failWaiting + libs.failOther - libsIDNA
	missing := libs.noEquivalent + libs.failWaiting - libsIDNA
	fmt.Fprintf(w, "  addressable + rfc3986: no failures beyond the %d ẞ cases (%d), at most 4 missing (%d): %s\n",
		libsIDNA, beyond, missing, met(beyond == 0 && libsIDNA <= 3 && missing <= 4))
	fmt.Fprintf(w, "  (missing: no equivalent, or waiting for a feature)\n")
}

func writeFailures(w io.Writer, results []*result) {
	fmt.Fprintf(w, "\nfailures:\n")
	for _, r := range results {
		if !r.ran || r.passed {
			continue
		}
		waits := "no feature named: a gap or a regression"
		if len(r.k.Needs) > 0 {
			waits = "waits for " + strings.Join(r.k.Needs, ", ")
		}
		fmt.Fprintf(w, "\n%s (%s; %s)\n  $ %s\n  %s\n", r.k.ID, r.k.Verdict, waits, commandLine(r.k),
			strings.ReplaceAll(r.why, "\n", "\n  "))
	}
}

func writeNeeds(w io.Writer, features map[string]feature, results []*result) {
	fmt.Fprintf(w, "\ncases per feature (assumed syntax; ✓ passes now):\n")
	tags := make([]string, 0, len(features))
	for tag := range features {
		tags = append(tags, tag)
	}
	sort.Strings(tags)
	for _, tag := range tags {
		var ids []string
		for _, r := range results {
			if slices.Contains(r.k.Needs, tag) {
				id := r.k.ID
				if r.passed {
					id += " ✓"
				}
				ids = append(ids, id)
			}
		}
		fmt.Fprintf(w, "\n%s: %s\n  assumed: %s\n  %d cases: %s\n", tag, features[tag].What, features[tag].Assumed,
			len(ids), strings.Join(ids, " "))
	}
}
