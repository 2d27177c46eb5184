package main

import (
	"archive/tar"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// The GitHub Action (action.yml) is tested by running its steps as a runner
// does: each step's run: script under bash with the step's env, the
// expressions ${{ inputs.X }}, ${{ github.action_ref }} and ${{ steps.ID.outputs.K }}
// filled in, a fresh GITHUB_OUTPUT and GITHUB_STEP_SUMMARY per step, and
// the GITHUB_PATH a step writes added to the PATH of the later ones. Nothing
// is fetched: a release is a file:// directory, and Go is a fake.

type actionFile struct {
	Inputs  map[string]struct{ Default string }
	Outputs map[string]struct{ Value string }
	Runs    struct {
		Using string
		Steps []struct {
			ID, Shell, Run string
			Env            map[string]string
		}
	}
}

func readAction(t *testing.T) actionFile {
	t.Helper()
	data, err := os.ReadFile("action.yml")
	if err != nil {
		t.Fatal(err)
	}
	var a actionFile
	if err := yaml.Unmarshal(data, &a); err != nil {
		t.Fatalf("action.yml: %v", err)
	}
	return a
}

// actionEnv is a job's environment: a runner's variables, a workspace and a PATH.
type actionEnv struct {
	workspace string
	path      string            // PATH at the action's start
	vars      map[string]string // more of the runner's variables, or overrides
	inputs    map[string]string // the workflow's with:
	actionRef string            // github.action_ref
}

type actionRun struct {
	failed  string // the id of the step that failed, if one did
	code    int    // its exit status
	log     string // what the steps printed, stdout and stderr
	summary string // what they added to the job summary
	outputs map[string]string
	path    string // PATH after the action
}

var expression = regexp.MustCompile(`\$\{\{\s*(.*?)\s*\}\}`)

func runAction(t *testing.T, a actionFile, e actionEnv) actionRun {
	t.Helper()
	if a.Runs.Using != "composite" {
		t.Fatalf("action.yml: runs.using %q, want composite", a.Runs.Using)
	}
	root, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	temp := t.TempDir()
	base := map[string]string{
		"PATH": e.path, "HOME": os.Getenv("HOME"), "LANG": "C.UTF-8",
		"GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": e.workspace, "GITHUB_ACTION_PATH": root,
		"GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "octo/docs", "GITHUB_SHA": "0123abc",
		"RUNNER_OS":   map[string]string{"linux": "Linux", "darwin": "macOS", "windows": "Windows"}[runtime.GOOS],
		"RUNNER_ARCH": map[string]string{"amd64": "X64", "arm64": "ARM64"}[runtime.GOARCH],
		"RUNNER_TEMP": temp,
	}
	for k, v := range e.vars {
		base[k] = v
	}
	stepOutputs := map[string]map[string]string{}
	eval := func(where, s string) string {
		return expression.ReplaceAllStringFunc(s, func(m string) string {
			expr := expression.FindStringSubmatch(m)[1]
			parts := strings.Split(expr, ".")
			switch {
			case expr == "github.action_ref":
				return e.actionRef
			case len(parts) == 2 && parts[0] == "inputs":
				in, ok := a.Inputs[parts[1]]
				if !ok {
					t.Fatalf("action.yml %s: %s names no input", where, m)
				}
				if v, given := e.inputs[parts[1]]; given {
					return v
				}
				return in.Default
			case len(parts) == 4 && parts[0] == "steps" && parts[2] == "outputs":
				return stepOutputs[parts[1]][parts[3]]
			}
			t.Fatalf("action.yml %s: this test does not know %s", where, m)
			return ""
		})
	}
	for name := range e.inputs {
		if _, ok := a.Inputs[name]; !ok {
			t.Fatalf("the test gives input %q, which action.yml does not declare", name)
		}
	}
	var run actionRun
	var log, summary strings.Builder
	for i, step := range a.Runs.Steps {
		if step.Shell != "bash" {
			t.Fatalf("action.yml step %q: shell %q; the steps run under bash on every runner", step.ID, step.Shell)
		}
		dir := filepath.Join(temp, fmt.Sprint("step", i))
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		files := map[string]string{}
		for _, f := range []string{"GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY", "GITHUB_PATH"} {
			files[f] = filepath.Join(dir, f)
			if err := os.WriteFile(files[f], nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		script := filepath.Join(dir, "run.sh")
		if err := os.WriteFile(script, []byte(eval("run", step.Run)), 0o644); err != nil {
			t.Fatal(err)
		}
		env := []string{}
		for k, v := range base {
			env = append(env, k+"="+v)
		}
		for k, v := range files {
			env = append(env, k+"="+v)
		}
		for k, v := range step.Env {
			env = append(env, k+"="+eval("env "+k, v))
		}
		// The runner's own command line for shell: bash.
		cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", script)
		cmd.Dir, cmd.Env = e.workspace, env
		out, err := cmd.CombinedOutput()
		log.Write(out)
		if s, err := os.ReadFile(files["GITHUB_STEP_SUMMARY"]); err == nil {
			summary.Write(s)
		}
		stepOutputs[step.ID] = readKeyValues(t, files["GITHUB_OUTPUT"])
		if p, err := os.ReadFile(files["GITHUB_PATH"]); err == nil {
			for _, line := range strings.Fields(string(p)) {
				base["PATH"] = line + string(os.PathListSeparator) + base["PATH"]
			}
		}
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			run.failed, run.code = step.ID, exit.ExitCode()
			break
		} else if err != nil {
			t.Fatal(err)
		}
	}
	run.log, run.summary, run.path = log.String(), summary.String(), base["PATH"]
	run.outputs = map[string]string{}
	for name, o := range a.Outputs {
		run.outputs[name] = eval("output "+name, o.Value)
	}
	return run
}

// readKeyValues reads a GITHUB_OUTPUT file: NAME=VALUE lines (the action
// writes no multi-line values).
func readKeyValues(t *testing.T, file string) map[string]string {
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	kv := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			kv[k] = v
		}
	}
	return kv
}

// actionTools is what the action's scripts run besides uritool and go:
// what a runner has. A script that needs more fails the tests until the
// tool is listed here.
var actionTools = []string{"bash", "sh", "jq", "curl", "tar", "gzip", "unzip", "awk", "cut",
	"sha256sum", "mktemp", "mkdir", "dirname", "rm", "cp", "git"}

// toolsPath is a PATH of the action's tools alone: no uritool, no go.
func toolsPath(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range actionTools {
		p, err := exec.LookPath(name)
		if err != nil {
			t.Fatalf("the action needs %s: %v", name, err)
		}
		if err := os.Symlink(p, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

const (
	badREADME  = "# Docs\n\nSee [the guide](https://example.com/guide/{id}) and <https://example.com/>.\n"
	goodREADME = "# Docs\n\nSee [the guide](https://example.com/guide/42) and <https://example.com/>.\n"
)

// TestActionLint: a repository with a bad link in README.md goes red, with
// the annotation, the summary and the outputs right, and green once the link
// is fixed.
func TestActionLint(t *testing.T) {
	bin := buildBinary(t)
	a := readAction(t)
	path := filepath.Dir(bin) + string(os.PathListSeparator) + toolsPath(t)
	var ws string // the last job's workspace
	job := func(files map[string]string, inputs map[string]string) actionRun {
		ws = t.TempDir()
		writeFiles(t, ws, files)
		// actions/checkout leaves the repository's .git in the workspace.
		if err := os.Mkdir(filepath.Join(ws, ".git"), 0o755); err != nil {
			t.Fatal(err)
		}
		return runAction(t, a, actionEnv{workspace: ws, path: path, inputs: inputs, actionRef: "v1.2.3"})
	}

	t.Run("red", func(t *testing.T) {
		// The default inputs: every Markdown file, annotations.
		run := job(map[string]string{"README.md": badREADME, "docs/ok.md": "<https://example.com/ok>\n"}, nil)
		if run.failed != "lint" || run.code != 1 {
			t.Errorf("step %q failed with %d, want lint with 1\n%s", run.failed, run.code, run.log)
		}
		annotation := "::error file=README.md,line=3,col=43,title=uritool path::invalid character '{' in path\n"
		if !strings.Contains(run.log, annotation) {
			t.Errorf("log lacks %q:\n%s", annotation, run.log)
		}
		if !strings.Contains(run.log, "uritool: uritool devel") {
			t.Errorf("the install step does not name the uritool on PATH:\n%s", run.log)
		}
		for _, want := range []string{
			"## uritool lint\n",
			"1 finding(s) in 1 file(s); 3 URI(s) checked.\n",
			"| rule | findings | what it means |\n|---|---:|---|\n| `path` | 1 |",
			"| [`README.md:3:43`](https://github.com/octo/docs/blob/0123abc/README.md#L3) | error | `path` | invalid character '{' in path | `https://example.com/guide/{id}` |\n",
		} {
			if !strings.Contains(run.summary, want) {
				t.Errorf("summary lacks %q:\n%s", want, run.summary)
			}
		}
		if run.outputs["exit_code"] != "1" || run.outputs["findings"] != "1" || run.outputs["path"] != bin {
			t.Errorf("outputs %v, want exit_code 1, findings 1, path %s", run.outputs, bin)
		}
	})

	t.Run("green after the fix", func(t *testing.T) {
		run := job(map[string]string{"README.md": goodREADME}, nil)
		if run.failed != "" {
			t.Errorf("step %q failed with %d\n%s", run.failed, run.code, run.log)
		}
		if strings.Contains(run.log, "::error") {
			t.Errorf("annotations on a clean repository:\n%s", run.log)
		}
		if want := "## uritool lint\n\nNo findings: 2 URI(s) checked.\n"; run.summary != want {
			t.Errorf("summary %q, want %q", run.summary, want)
		}
		if run.outputs["exit_code"] != "0" || run.outputs["findings"] != "0" {
			t.Errorf("outputs %v, want exit_code 0, findings 0", run.outputs)
		}
	})

	// Green with a template's source: a note, which is no finding
	// (issue 33, item 4).
	t.Run("green with a template", func(t *testing.T) {
		run := job(map[string]string{"README.md": "[v]: https://github.com/x/{{YEAR}}/voters.yaml\n"}, nil)
		if run.failed != "" || run.outputs["exit_code"] != "0" || run.outputs["findings"] != "0" {
			t.Errorf("failed step %q, outputs %v; want none failed, exit_code 0, findings 0\n%s", run.failed, run.outputs, run.log)
		}
		if !strings.Contains(run.summary, "No findings: 1 URI(s) checked.") {
			t.Errorf("summary counts the note as a finding:\n%s", run.summary)
		}
		if !strings.Contains(run.log, "::notice file=README.md,line=1,col=27,title=uritool template::") {
			t.Errorf("no notice for the template:\n%s", run.log)
		}
	})

	// Green when the finding is in the baseline: the repository adopts
	// lint with the findings it has (issue 26, item 3).
	t.Run("green with the finding in the baseline", func(t *testing.T) {
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"README.md": badREADME})
		record := exec.Command(bin, "lint", "--write-baseline", "base.json", ".")
		record.Dir = dir
		if out, err := record.CombinedOutput(); err != nil {
			t.Fatalf("writing the baseline: %v\n%s", err, out)
		}
		base, err := os.ReadFile(filepath.Join(dir, "base.json"))
		if err != nil {
			t.Fatal(err)
		}
		run := job(map[string]string{"README.md": badREADME, "base.json": string(base)}, map[string]string{"args": "--baseline base.json ."})
		if run.failed != "" || run.outputs["exit_code"] != "0" || run.outputs["findings"] != "0" {
			t.Errorf("failed step %q, outputs %v; want none failed, exit_code 0, findings 0\n%s", run.failed, run.outputs, run.log)
		}
		if want := "No findings: 2 URI(s) checked. 1 more in the baseline."; !strings.Contains(run.summary, want) {
			t.Errorf("summary lacks %q:\n%s", want, run.summary)
		}
		if strings.Contains(run.log, "::error") {
			t.Errorf("an annotation for a finding in the baseline:\n%s", run.log)
		}
	})

	// A usage error says so in the summary and the outputs (issue 35:
	// the step failed, and the summary said "No findings: 0 URI(s)
	// checked").
	t.Run("a usage error", func(t *testing.T) {
		run := job(map[string]string{"README.md": goodREADME}, map[string]string{"args": "--extrct ."})
		if run.failed != "lint" || run.code != 2 {
			t.Errorf("step %q failed with %d, want lint with 2\n%s", run.failed, run.code, run.log)
		}
		if want := "## uritool lint\n\nlint stopped with exit status 2: unknown flag: --extrct (did you mean --extract?)\n"; run.summary != want {
			t.Errorf("summary %q, want %q\n%s", run.summary, want, run.log)
		}
		if run.outputs["exit_code"] != "2" || run.outputs["findings"] != "" || run.outputs["error"] != "unknown flag: --extrct (did you mean --extract?)" {
			t.Errorf("outputs %v, want exit_code 2, no findings, the error", run.outputs)
		}
	})

	// A file that cannot be read: the error, then what was checked.
	t.Run("an unreadable file", func(t *testing.T) {
		run := job(map[string]string{"README.md": badREADME}, map[string]string{"args": "README.md missing.md"})
		if run.failed != "lint" || run.code != 3 {
			t.Errorf("step %q failed with %d, want lint with 3\n%s", run.failed, run.code, run.log)
		}
		for _, want := range []string{"## uritool lint\n\nlint stopped with exit status 3: open missing.md: no such file or directory\n\n1 finding(s) in 1 file(s); 2 URI(s) checked. 1 file(s) could not be read.\n", "- could not read: open missing.md"} {
			if !strings.Contains(run.summary, want) {
				t.Errorf("summary lacks %q:\n%s", want, run.summary)
			}
		}
		if run.outputs["exit_code"] != "3" || run.outputs["findings"] != "1" || run.outputs["error"] != "open missing.md: no such file or directory" {
			t.Errorf("outputs %v, want exit_code 3, findings 1, the error", run.outputs)
		}
	})

	t.Run("fail false, an absolute path", func(t *testing.T) {
		run := job(map[string]string{"README.md": badREADME}, map[string]string{"fail": "false", "args": `"$GITHUB_WORKSPACE/README.md"`})
		if run.failed != "" || run.outputs["exit_code"] != "1" || run.outputs["findings"] != "1" {
			t.Errorf("failed step %q, outputs %v; want none failed, exit_code 1, findings 1\n%s", run.failed, run.outputs, run.log)
		}
		if want := "(https://github.com/octo/docs/blob/0123abc/README.md#L3)"; !strings.Contains(run.summary, want) {
			t.Errorf("summary lacks %q:\n%s", want, run.summary)
		}
	})

	t.Run("a usage error fails even with fail false", func(t *testing.T) {
		run := job(map[string]string{"README.md": goodREADME}, map[string]string{"fail": "false", "args": "--as nonsense ."})
		if run.failed != "lint" || run.code != 2 || run.outputs["exit_code"] != "2" {
			t.Errorf("failed step %q with %d, outputs %v; want lint with 2\n%s", run.failed, run.code, run.outputs, run.log)
		}
	})

	t.Run("sarif, text log, shell words", func(t *testing.T) {
		files := map[string]string{"my docs/README.md": badREADME}
		run := job(files, map[string]string{"args": "'my docs'", "format": "text", "sarif": "out/uritool.sarif", "summary": "false"})
		if run.outputs["exit_code"] != "1" || !strings.Contains(run.log, "my docs/README.md:3:43: invalid character '{' in path [path]") {
			t.Errorf("outputs %v; log:\n%s", run.outputs, run.log)
		}
		if run.summary != "" {
			t.Errorf("summary: false wrote %q", run.summary)
		}
		if data, err := os.ReadFile(filepath.Join(ws, "out/uritool.sarif")); err != nil || !strings.Contains(string(data), `"ruleId": "path"`) {
			t.Errorf("SARIF log: %v\n%s", err, data)
		}
	})

	t.Run("summary escapes, links and counts", func(t *testing.T) {
		ws := t.TempDir()
		writeFiles(t, ws, map[string]string{
			"lists/links.txt": "http://example.com/a|b\nhttp://example.com/a<b>\nhttp://user:pw@example.com/\n",
		})
		if err := os.Mkdir(filepath.Join(ws, ".git"), 0o755); err != nil {
			t.Fatal(err)
		}
		// Run from a subdirectory: links are still relative to the repository.
		sub := filepath.Join(ws, "lists")
		run := runAction(t, a, actionEnv{workspace: sub, path: path, actionRef: "main",
			vars:   map[string]string{"GITHUB_WORKSPACE": ws},
			inputs: map[string]string{"args": "--lint links.txt", "sarif": "uritool.sarif"}})
		for _, want := range []string{
			"3 finding(s) in 1 file(s); 3 URI(s) checked.\n",
			"| `path` | 2 |",
			"| `password-in-userinfo` | 1 |",
			"| [`links.txt:1:21`](https://github.com/octo/docs/blob/0123abc/lists/links.txt#L1) | error | `path` | invalid character '\\|' in path | `http://example.com/a\\|b` |\n",
			"| [`links.txt:2:21`](https://github.com/octo/docs/blob/0123abc/lists/links.txt#L2) | error | `path` | invalid character '&lt;' in path | `http://example.com/a<b>` |\n",
			"| [`links.txt:3:13`](https://github.com/octo/docs/blob/0123abc/lists/links.txt#L3) | warning | `password-in-userinfo` |",
		} {
			if !strings.Contains(run.summary, want) {
				t.Errorf("summary lacks %q:\n%s", want, run.summary)
			}
		}
		if run.outputs["findings"] != "3" {
			t.Errorf("findings %q, want 3", run.outputs["findings"])
		}
		var sarif struct {
			Runs []struct{ Results []json.RawMessage }
		}
		data, err := os.ReadFile(filepath.Join(sub, "uritool.sarif"))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, &sarif); err != nil || len(sarif.Runs) != 1 || len(sarif.Runs[0].Results) != 3 {
			t.Errorf("SARIF log: %v, %d runs, want 1 run with 3 results\n%s", err, len(sarif.Runs), data)
		}
	})
}

// TestActionSince: on a pull request, the action reports what the pull
// request broke, and no older finding (issue 35, item 2). The workspace
// is what actions/checkout leaves: a clone of one commit, the pull
// request's head, with origin the repository; the action fetches the
// history down to the merge base with the base.
func TestActionSince(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git on PATH")
	}
	bin := buildBinary(t)
	a := readAction(t)
	path := filepath.Dir(bin) + string(os.PathListSeparator) + toolsPath(t)
	home := t.TempDir()
	gitEnv := []string{"HOME=" + home, "GIT_CONFIG_NOSYSTEM=1", "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com", "PATH=" + os.Getenv("PATH")}
	git := func(dir string, args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Env = dir, gitEnv
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return strings.TrimSpace(string(out))
	}
	origin := t.TempDir()
	git(origin, "init", "-q", "-b", "main")
	writeFiles(t, origin, map[string]string{
		"README.md":     "# Docs\n\nSee [setup](docs/setup.md#install) and [the old page](docs/never.md).\nGo to [usage](docs/guide.md#usage).\n",
		"docs/guide.md": "# Guide\n\n## Usage\n",
		"docs/setup.md": "# Setup\n\n## Install\n",
	})
	git(origin, "add", "-A")
	git(origin, "commit", "-q", "-m", "base")
	// Some history on the branch, so that one commit is not enough.
	git(origin, "checkout", "-q", "-b", "feature")
	for i := range 3 {
		writeFiles(t, origin, map[string]string{"notes.txt": fmt.Sprint(i)})
		git(origin, "add", "-A")
		git(origin, "commit", "-q", "-m", fmt.Sprint("note ", i))
	}
	// The pull request: an edited line with a broken link, a deleted
	// target, a renamed heading.
	writeFiles(t, origin, map[string]string{
		"README.md":     "# Docs\n\nSee [setup](docs/setup.md#install) and [the old page](docs/never.md).\nGo to [usage](docs/guide.md#usage).\nSee [the FAQ](docs/faq.md).\n",
		"docs/guide.md": "# Guide\n\n## Using it\n",
	})
	git(origin, "rm", "-q", "docs/setup.md")
	git(origin, "commit", "-q", "-a", "-m", "change")
	// The base moves on after the branch: the merge base stays.
	git(origin, "checkout", "-q", "main")
	writeFiles(t, origin, map[string]string{"other.md": "# Other\n"})
	git(origin, "add", "-A")
	git(origin, "commit", "-q", "-m", "main moves on")
	mainHead := git(origin, "rev-parse", "HEAD")
	git(origin, "config", "uploadpack.allowReachableSHA1InWant", "true") // as GitHub allows

	event := filepath.Join(t.TempDir(), "event.json")
	if err := os.WriteFile(event, []byte(`{"pull_request":{"base":{"sha":"`+mainHead+`","ref":"main"}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	job := func(eventName string, inputs map[string]string) actionRun {
		ws := filepath.Join(t.TempDir(), "ws")
		git(filepath.Dir(ws), "clone", "-q", "--depth=1", "--no-tags", "--branch", "feature", "file://"+origin, ws)
		return runAction(t, a, actionEnv{workspace: ws, path: path, inputs: inputs, actionRef: "v1.2.3",
			vars: map[string]string{"GITHUB_EVENT_NAME": eventName, "GITHUB_EVENT_PATH": event, "HOME": home, "GIT_CONFIG_NOSYSTEM": "1"}})
	}
	errors := func(log string) []string {
		var found []string
		for _, line := range strings.Split(log, "\n") {
			if strings.HasPrefix(line, "::error ") {
				found = append(found, line)
			}
		}
		return found
	}

	t.Run("pull request", func(t *testing.T) {
		run := job("pull_request", nil)
		if run.failed != "lint" || run.code != 1 || run.outputs["findings"] != "3" {
			t.Errorf("step %q failed with %d, outputs %v; want lint with 1, findings 3\n%s", run.failed, run.code, run.outputs, run.log)
		}
		want := []string{
			"::error file=README.md,line=3,col=13,title=uritool missing-target::nothing at docs/setup.md (target deleted in this change)",
			"::error file=README.md,line=4,col=29,title=uritool missing-fragment::docs/guide.md has no anchor \"usage\" (anchor removed in this change)",
			"::error file=README.md,line=5,col=15,title=uritool missing-target::nothing at docs/faq.md",
		}
		if got := errors(run.log); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("annotations:\n%s\nwant:\n%s\nlog:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"), run.log)
		}
		if want := "3 finding(s) in 1 file(s); 4 URI(s) checked. 1 more older than `" + mainHead + "`, left out."; !strings.Contains(run.summary, want) {
			t.Errorf("summary lacks %q:\n%s", want, run.summary)
		}
	})

	t.Run("a branch name, fetched", func(t *testing.T) {
		run := job("push", map[string]string{"since": "origin/main"})
		if run.code != 1 || len(errors(run.log)) != 3 {
			t.Errorf("exit %d, annotations %q; want 1 and 3\n%s", run.code, errors(run.log), run.log)
		}
	})

	t.Run("none reports everything", func(t *testing.T) {
		run := job("pull_request", map[string]string{"since": "none"})
		if run.code != 1 || run.outputs["findings"] != "4" {
			t.Errorf("exit %d, outputs %v; want 1 and findings 4\n%s", run.code, run.outputs, run.log)
		}
	})

	t.Run("a push reports everything", func(t *testing.T) {
		run := job("push", nil)
		if run.code != 1 || run.outputs["findings"] != "4" {
			t.Errorf("exit %d, outputs %v; want 1 and findings 4\n%s", run.code, run.outputs, run.log)
		}
	})

	t.Run("a ref that is nowhere", func(t *testing.T) {
		run := job("push", map[string]string{"since": "no-such-branch"})
		if run.code != 2 || run.outputs["error"] != `--since "no-such-branch": not a commit of this repository (this is a shallow clone: fetch more history, as with git fetch --unshallow, or fetch-depth: 0 in actions/checkout)` {
			t.Errorf("exit %d, outputs %v; want 2 and the error\n%s", run.code, run.outputs, run.log)
		}
	})
}

// TestActionInstall: the install step uses the uritool on PATH, else a
// release binary checked against checksums.txt, else go install at the ref.
func TestActionInstall(t *testing.T) {
	bin := buildBinary(t)
	a := readAction(t)
	noUritool := toolsPath(t)
	exe := ""
	if runtime.GOOS == "windows" {
		exe = ".exe"
	}

	// A release v9.9.9 as .goreleaser.yaml names its files, for this machine.
	releases := t.TempDir()
	archive := fmt.Sprintf("uritool_9.9.9_%s_%s.tar.gz", runtime.GOOS, runtime.GOARCH)
	sum := writeTarGz(t, filepath.Join(releases, "download/v9.9.9", archive), "uritool"+exe, bin)
	checksums := filepath.Join(releases, "download/v9.9.9/checksums.txt")
	writeChecksums := func(sum string) {
		writeFiles(t, filepath.Dir(checksums), map[string]string{"checksums.txt": sum + "  " + archive + "\n" + strings.Repeat("0", 64) + "  other.zip\n"})
	}

	// A fake go: records its arguments and "installs" the built binary.
	fakeGo := t.TempDir()
	goLog := filepath.Join(fakeGo, "args")
	writeFiles(t, fakeGo, map[string]string{"go": fmt.Sprintf("#!/bin/sh\necho \"$@ GOBIN=$GOBIN\" > %q\ncp %q \"$GOBIN/uritool%s\"\n", goLog, bin, exe)})
	if err := os.Chmod(filepath.Join(fakeGo, "go"), 0o755); err != nil {
		t.Fatal(err)
	}
	withGo := fakeGo + string(os.PathListSeparator) + noUritool

	job := func(path, version, ref string) actionRun {
		ws := t.TempDir()
		writeFiles(t, ws, map[string]string{"README.md": goodREADME})
		os.Remove(goLog)
		return runAction(t, a, actionEnv{workspace: ws, path: path, actionRef: ref,
			inputs: map[string]string{"version": version}, vars: map[string]string{"UT_RELEASES": "file://" + releases}})
	}
	installed := func(t *testing.T, run actionRun) {
		t.Helper()
		if run.failed != "" {
			t.Fatalf("step %q failed with %d\n%s", run.failed, run.code, run.log)
		}
		got := run.outputs["path"]
		if filepath.Base(filepath.Dir(got)) != "uritool-bin" || !strings.HasPrefix(run.path, filepath.Dir(got)+string(os.PathListSeparator)) {
			t.Errorf("path output %q, PATH %q: want RUNNER_TEMP/uritool-bin/uritool, first on PATH", got, run.path)
		}
	}
	goArgs := func() string {
		data, _ := os.ReadFile(goLog)
		return strings.TrimSpace(string(data))
	}

	t.Run("release of the action's ref, checked", func(t *testing.T) {
		writeChecksums(sum)
		run := job(noUritool, "", "v9.9.9")
		installed(t, run)
		if !strings.Contains(run.log, "downloading file://"+releases+"/download/v9.9.9/"+archive) || goArgs() != "" {
			t.Errorf("not the release download (go: %q):\n%s", goArgs(), run.log)
		}
	})

	t.Run("a release whose archive does not match its checksum", func(t *testing.T) {
		writeChecksums(strings.Repeat("f", 64))
		run := job(noUritool, "v9.9.9", "main")
		if run.failed != "install" || run.code != 1 || !strings.Contains(run.log, "::error title=uritool action::release v9.9.9: "+archive+" has SHA-256 "+sum) {
			t.Errorf("step %q failed with %d, want install with 1 and the mismatch\n%s", run.failed, run.code, run.log)
		}
	})

	t.Run("go install at a branch", func(t *testing.T) {
		run := job(withGo, "", "main")
		installed(t, run)
		if got := goArgs(); !strings.HasPrefix(got, "install github.com/uritool/uritool@main GOBIN=") {
			t.Errorf("go %q, want install github.com/uritool/uritool@main", got)
		}
	})

	t.Run("go install at a tag without a release", func(t *testing.T) {
		run := job(withGo, "v9.9.8", "main")
		installed(t, run)
		if got := goArgs(); !strings.HasPrefix(got, "install github.com/uritool/uritool@v9.9.8 ") {
			t.Errorf("go %q, want install github.com/uritool/uritool@v9.9.8", got)
		}
	})

	t.Run("no release and no Go", func(t *testing.T) {
		run := job(noUritool, "", "main")
		if run.failed != "install" || run.code != 2 || !strings.Contains(run.log, "no Go to build it") {
			t.Errorf("step %q failed with %d, want install with 2\n%s", run.failed, run.code, run.log)
		}
	})

	t.Run("version path without uritool", func(t *testing.T) {
		run := job(withGo, "path", "v9.9.9")
		if run.failed != "install" || run.code != 2 || !strings.Contains(run.log, "version: path, but there is no uritool on PATH") || goArgs() != "" {
			t.Errorf("step %q failed with %d, want install with 2 and nothing fetched\n%s", run.failed, run.code, run.log)
		}
	})

	t.Run("uritool on PATH fetches nothing", func(t *testing.T) {
		writeChecksums(sum)
		run := job(filepath.Dir(bin)+string(os.PathListSeparator)+withGo, "", "v9.9.9")
		if run.failed != "" || run.outputs["path"] != bin || goArgs() != "" || strings.Contains(run.log, "downloading") {
			t.Errorf("step %q failed, path %q (want %s), go %q\n%s", run.failed, run.outputs["path"], bin, goArgs(), run.log)
		}
	})
}

// writeTarGz writes a tar.gz holding the file src as name, and returns the
// archive's SHA-256.
func writeTarGz(t *testing.T, archive, name, src string) string {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(archive), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(archive)
	if err != nil {
		t.Fatal(err)
	}
	h := sha256.New()
	gz := gzip.NewWriter(io.MultiWriter(f, h))
	tw := tar.NewWriter(gz)
	if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o755, Size: int64(len(data))}); err != nil {
		t.Fatal(err)
	}
	if _, err := tw.Write(data); err != nil {
		t.Fatal(err)
	}
	for _, c := range []interface{ Close() error }{tw, gz, f} {
		if err := c.Close(); err != nil {
			t.Fatal(err)
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// TestREADMEWorkflow holds the README's workflow to action.yml: its with:
// names inputs, the outputs it reads exist, the SARIF it writes is the one
// it uploads, even after a red lint. Then it runs the action step with
// those inputs on a clean repository, which must be green.
func TestREADMEWorkflow(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	var block string
	for _, b := range regexp.MustCompile("(?s)```yaml\n(.*?)```").FindAllStringSubmatch(string(readme), -1) {
		if strings.Contains(b[1], "uses: uritool/uritool@") {
			if block != "" {
				t.Fatal("README: two workflows use the action; this test reads one")
			}
			block = b[1]
		}
	}
	type step struct {
		ID, If, Uses, Run string
		With              map[string]string
	}
	var workflow struct {
		On          any `yaml:"on"`
		Permissions map[string]string
		Jobs        map[string]struct {
			RunsOn string `yaml:"runs-on"`
			Steps  []step
		}
	}
	if err := yaml.Unmarshal([]byte(block), &workflow); err != nil || workflow.On == nil || len(workflow.Jobs) != 1 {
		t.Fatalf("README: want a workflow with on: and one job that uses the action: %v\n%s", err, block)
	}
	a := readAction(t)
	var uses *step
	for _, job := range workflow.Jobs {
		checkedOut := false
		for i, s := range job.Steps {
			switch {
			case strings.HasPrefix(s.Uses, "actions/checkout@"):
				checkedOut = true
			case strings.HasPrefix(s.Uses, "uritool/uritool@"):
				if !checkedOut {
					t.Error("README workflow: the action runs before actions/checkout")
				}
				uses = &job.Steps[i]
				for name := range s.With {
					if _, ok := a.Inputs[name]; !ok {
						t.Errorf("README workflow: with: %s, which action.yml does not declare", name)
					}
				}
			case strings.HasPrefix(s.Uses, "github/codeql-action/upload-sarif@"):
				if uses == nil || s.With["sarif_file"] != uses.With["sarif"] || s.With["sarif_file"] == "" {
					t.Errorf("README workflow: upload-sarif's sarif_file %q is not the action's sarif before it", s.With["sarif_file"])
				}
				if !strings.Contains(s.If, "!cancelled()") && !strings.Contains(s.If, "always()") {
					t.Errorf("README workflow: upload-sarif has if: %q, so it does not run after a red lint", s.If)
				}
				if workflow.Permissions["security-events"] != "write" {
					t.Error("README workflow: upload-sarif needs permissions: security-events: write")
				}
			}
		}
	}
	if uses == nil {
		t.Fatal("README workflow: no step uses uritool/uritool")
	}
	for _, m := range regexp.MustCompile(`steps\.([\w-]+)\.outputs\.([\w-]+)`).FindAllStringSubmatch(block, -1) {
		if _, ok := a.Outputs[m[2]]; m[1] == uses.ID && !ok {
			t.Errorf("README workflow: %s is not an output of action.yml", m[0])
		}
	}

	// A clean repository with Markdown in git; the SARIF log goes elsewhere.
	bin := buildBinary(t)
	ws := t.TempDir()
	writeFiles(t, ws, map[string]string{"README.md": goodREADME, "docs/guide.md": "[spec](https://www.rfc-editor.org/rfc/rfc3986)\n"})
	if out, err := exec.Command("sh", "-c", "cd \"$0\" && git init -q && git add .", ws).CombinedOutput(); err != nil {
		t.Fatalf("git: %v\n%s", err, out)
	}
	tools := toolsPath(t)
	inputs := map[string]string{}
	for k, v := range uses.With {
		inputs[k] = v
	}
	inputs["sarif"] = filepath.Join(t.TempDir(), "uritool.sarif")
	run := runAction(t, a, actionEnv{workspace: ws, path: filepath.Dir(bin) + string(os.PathListSeparator) + tools,
		inputs: inputs, actionRef: strings.TrimPrefix(uses.Uses, "uritool/uritool@")})
	if run.failed != "" || run.outputs["exit_code"] != "0" {
		t.Errorf("the README's workflow on this repository: step %q failed with %d, outputs %v\n%s", run.failed, run.code, run.outputs, run.log)
	}
	if want := "No findings: 3 URI(s) checked."; !strings.Contains(run.summary, want) {
		t.Errorf("summary %q, want %q: did the workflow's args find the Markdown in git?", run.summary, want)
	}
}

// TestREADMEGitLab runs the README's GitLab job as its runner would, but
// for the go install (the uritool under test is on PATH): in a clone of a
// merge request's branch, its script must write the Code Quality report
// its artifacts name, holding what the merge request broke and no older
// finding. GitLab itself is not here; the report's fields are held to
// GitLab's documented ones by cmd's TestLintCodeClimate.
func TestREADMEGitLab(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git on PATH")
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	var job struct {
		Variables map[string]any
		Script    []string
		Artifacts struct {
			When    string
			Reports struct{ Codequality string }
		}
	}
	found := 0
	for _, b := range regexp.MustCompile("(?s)```yaml\n(.*?)```").FindAllStringSubmatch(string(readme), -1) {
		if !strings.Contains(b[1], "codequality:") {
			continue
		}
		var jobs map[string]yaml.Node
		if err := yaml.Unmarshal([]byte(b[1]), &jobs); err != nil || len(jobs) != 1 {
			t.Fatalf("README: the GitLab job: %v, %d jobs", err, len(jobs))
		}
		for _, n := range jobs {
			if err := n.Decode(&job); err != nil {
				t.Fatal(err)
			}
		}
		found++
	}
	if found != 1 || job.Artifacts.Reports.Codequality == "" || job.Artifacts.When != "always" {
		t.Fatalf("README: want one GitLab job with artifacts: when: always, reports: codequality:; got %d, %+v", found, job.Artifacts)
	}
	bin := buildBinary(t)
	home := t.TempDir()
	env := []string{"HOME=" + home, "GIT_CONFIG_NOSYSTEM=1", "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com",
		"PATH=" + filepath.Dir(bin) + string(os.PathListSeparator) + os.Getenv("PATH"),
		"CI_MERGE_REQUEST_TARGET_BRANCH_NAME=main", "CI_PIPELINE_SOURCE=merge_request_event"}
	for k, v := range job.Variables {
		env = append(env, fmt.Sprintf("%s=%v", k, v))
	}
	sh := func(dir, script string) {
		t.Helper()
		cmd := exec.Command("bash", "-eo", "pipefail", "-c", script)
		cmd.Dir, cmd.Env = dir, env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", script, err, out)
		}
	}
	origin := t.TempDir()
	writeFiles(t, origin, map[string]string{"README.md": "# Docs\n\n[old](docs/old.md) is broken already.\n"})
	sh(origin, "git init -q -b main && git add -A && git commit -qm base && git checkout -q -b feature")
	writeFiles(t, origin, map[string]string{"README.md": "# Docs\n\n[old](docs/old.md) is broken already.\n[new](docs/new.md) is broken by this merge request.\n"})
	sh(origin, "git commit -qam change")
	ws := filepath.Join(t.TempDir(), "ws")
	sh(origin, "git clone -q --branch feature file://"+origin+" "+ws)
	for _, line := range job.Script {
		if strings.HasPrefix(line, "go install ") {
			continue
		}
		// lint exits 1 on the finding; GitLab keeps the artifact (when: always).
		cmd := exec.Command("bash", "-c", line)
		cmd.Dir, cmd.Env = ws, env
		out, err := cmd.CombinedOutput()
		if exit, ok := err.(*exec.ExitError); err != nil && !(ok && exit.ExitCode() == 1 && strings.Contains(line, "uritool lint")) {
			t.Fatalf("%s: %v\n%s", line, err, out)
		}
	}
	data, err := os.ReadFile(filepath.Join(ws, job.Artifacts.Reports.Codequality))
	if err != nil {
		t.Fatal(err)
	}
	var issues []struct {
		Description string
		Location    struct {
			Path  string
			Lines struct{ Begin int }
		}
	}
	if err := json.Unmarshal(data, &issues); err != nil || len(issues) != 1 || issues[0].Location.Path != "README.md" || issues[0].Location.Lines.Begin != 4 {
		t.Errorf("report: %v, %+v, want the one finding at README.md:4\n%s", err, issues, data)
	}
}
