package cmd_test

import (
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// reportTree writes a repository whose links.txt has four findings: one
// twice, a password (masked in reports) and a bad escape, below above;
// it returns its directory.
func reportTree(t *testing.T, above string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	links := above + "http://example.com/a b\nhttps://user:secret@h.example/\nhttp://h.example/%zz\nhttp://example.com/a b\n"
	if err := os.WriteFile(filepath.Join(dir, "links.txt"), []byte(links), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestLintCodeClimate holds --format codeclimate to what GitLab's Code
// Quality widget reads (its documented fields: description, check_name,
// fingerprint, severity, location.path, location.lines.begin), and its
// fingerprints to surviving lines added above the findings.
func TestLintCodeClimate(t *testing.T) {
	t.Parallel()
	fingerprints := func(above string) []string {
		dir := reportTree(t, above)
		r := run(t, "", nil, "lint", "--lint", "--format", "codeclimate", filepath.Join(dir, "links.txt"))
		if r.code != 1 || strings.Contains(r.stdout, "secret") {
			t.Fatalf("exit %d, stdout %s", r.code, r.stdout)
		}
		var issues []map[string]any
		if err := json.Unmarshal([]byte(r.stdout), &issues); err != nil {
			t.Fatalf("not a JSON array: %v\n%s", err, r.stdout)
		}
		if len(issues) != 4 {
			t.Fatalf("%d issues, want 4 (two 'a b', %%zz, the password)\n%s", len(issues), r.stdout)
		}
		var fps []string
		for _, is := range issues {
			for _, key := range []string{"description", "check_name", "fingerprint", "severity"} {
				if s, ok := is[key].(string); !ok || s == "" {
					t.Errorf("%q is no non-empty string in %v", key, is)
				}
			}
			if !slices.Contains([]string{"info", "minor", "major", "critical", "blocker"}, is["severity"].(string)) {
				t.Errorf("severity %v is none of Code Climate's", is["severity"])
			}
			loc, _ := is["location"].(map[string]any)
			lines, _ := loc["lines"].(map[string]any)
			if path, _ := loc["path"].(string); path != "links.txt" {
				t.Errorf("location.path %v, want links.txt, from the repository's root", loc["path"])
			}
			if begin, ok := lines["begin"].(float64); !ok || begin < 1 || begin != float64(int(begin)) {
				t.Errorf("location.lines.begin %v is no line number", lines["begin"])
			}
			fps = append(fps, is["fingerprint"].(string))
		}
		if len(slices.Compact(slices.Sorted(slices.Values(fps)))) != len(fps) {
			t.Errorf("fingerprints repeat: %v", fps)
		}
		return fps
	}
	before := fingerprints("")
	after := fingerprints("# a line above\nhttp://ok.example/\n")
	if !slices.Equal(before, after) {
		t.Errorf("fingerprints moved with the lines:\n%v\n%v", before, after)
	}
	r := run(t, "http://ok/\n", nil, "lint", "--format", "codeclimate", "-")
	if r.code != 0 || strings.TrimSpace(r.stdout) != "[]" {
		t.Errorf("no findings: exit %d, %q, want []", r.code, r.stdout)
	}
}

// TestLintCheckstyle holds --format checkstyle to Checkstyle's XML, as its
// DTD has it (checkstyle > file[name] > error[line, column, severity,
// message, source]) and as Jenkins' warnings plugin and reviewdog read it.
func TestLintCheckstyle(t *testing.T) {
	t.Parallel()
	dir := reportTree(t, "")
	r := run(t, "", nil, "lint", "--lint", "--format", "checkstyle", filepath.Join(dir, "links.txt"))
	if r.code != 1 || strings.Contains(r.stdout, "secret") || !strings.HasPrefix(r.stdout, `<?xml version="1.0" encoding="UTF-8"?>`) {
		t.Fatalf("exit %d, stdout %s", r.code, r.stdout)
	}
	var report struct {
		XMLName xml.Name `xml:"checkstyle"`
		Version string   `xml:"version,attr"`
		Files   []struct {
			Name   string `xml:"name,attr"`
			Errors []struct {
				Line     int    `xml:"line,attr"`
				Column   int    `xml:"column,attr"`
				Severity string `xml:"severity,attr"`
				Message  string `xml:"message,attr"`
				Source   string `xml:"source,attr"`
			} `xml:"error"`
		} `xml:"file"`
	}
	dec := xml.NewDecoder(strings.NewReader(r.stdout))
	dec.Strict = true
	if err := dec.Decode(&report); err != nil {
		t.Fatalf("not Checkstyle XML: %v\n%s", err, r.stdout)
	}
	if report.Version == "" || len(report.Files) != 1 || len(report.Files[0].Errors) != 4 {
		t.Fatalf("want one file with 4 errors:\n%s", r.stdout)
	}
	for _, e := range report.Files[0].Errors {
		if e.Line < 1 || e.Column < 1 || e.Message == "" || !strings.HasPrefix(e.Source, "uritool.") ||
			!slices.Contains([]string{"error", "warning", "info", "ignore"}, e.Severity) {
			t.Errorf("an error Checkstyle's readers would refuse: %+v", e)
		}
	}
}

// TestValidateReportsNameTheirInputs: validate's inputs come from no file,
// and a report that groups by file names them as JUnit does, never "".
func TestValidateReportsNameTheirInputs(t *testing.T) {
	t.Parallel()
	cs := run(t, "http://a b/\n", nil, "validate", "--format", "checkstyle", "-")
	if !strings.Contains(cs.stdout, `<file name="uritool validate">`) {
		t.Errorf("checkstyle:\n%s", cs.stdout)
	}
	cc := run(t, "http://a b/\n", nil, "validate", "--format", "codeclimate", "-")
	if !strings.Contains(cc.stdout, `"path": "uritool validate"`) {
		t.Errorf("codeclimate:\n%s", cc.stdout)
	}
}
