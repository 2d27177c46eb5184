package cmd_test

import (
	"os"
	"path/filepath"
	"testing"
)

func writeConfig(t *testing.T, content string) (dir, file string) {
	t.Helper()
	dir = t.TempDir()
	file = filepath.Join(dir, "uritool", "config.yaml")
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, file
}

func TestCLIConfig(t *testing.T) {
	t.Parallel()
	xdg, file := writeConfig(t, "validate:\n  format: json\nlint:\n  format: json\n")
	_, listFile := writeConfig(t, "validate:\n  scheme: [https, mailto]\n  no-userinfo: true\n")
	_, badValue := writeConfig(t, "normalize:\n  level: extreme\n")
	_, topLevel := writeConfig(t, "format: github\n")
	_, unknown := writeConfig(t, "color: never\nvalidate:\n  formt: json\n")
	_, otherCommand := writeConfig(t, "lint:\n  format: github\n")
	_, malformed := writeConfig(t, "format: [json\n  bad: : :\n")
	emptyXDG := t.TempDir()
	home := t.TempDir()
	if err := os.MkdirAll(filepath.Join(home, ".config", "uritool"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, ".config", "uritool", "config.yaml"), []byte("validate:\n  format: json\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	jsonRec := []map[string]any{{"line": 1, "input": "foo", "valid": false}}
	fooText := "1:4: missing scheme: a URI starts with a scheme and ':' [scheme]\n    foo\n       ^\n"
	runCases(t, []cliCase{
		{name: "file in XDG_CONFIG_HOME", env: map[string]string{"XDG_CONFIG_HOME": xdg}, args: []string{"validate", "foo"}, want: want{code: 1, records: jsonRec}},
		{name: "file under HOME/.config", env: map[string]string{"HOME": home}, args: []string{"validate", "foo"}, want: want{code: 1, records: jsonRec}},
		{name: "XDG_CONFIG_HOME wins over HOME", env: map[string]string{"HOME": home, "XDG_CONFIG_HOME": t.TempDir()}, args: []string{"validate", "foo"}, want: want{code: 1, err: exact(fooText)}},
		{name: "flag overrides file", env: map[string]string{"XDG_CONFIG_HOME": xdg}, args: []string{"validate", "--format", "text", "foo"}, want: want{code: 1, err: exact(fooText)}},
		{name: "env overrides file", env: map[string]string{"XDG_CONFIG_HOME": xdg, "URITOOL_FORMAT": "text"}, args: []string{"validate", "foo"}, want: want{code: 1, err: exact(fooText)}},
		{name: "command env overrides generic env", env: map[string]string{"XDG_CONFIG_HOME": emptyXDG, "URITOOL_FORMAT": "text", "URITOOL_VALIDATE_FORMAT": "json"}, args: []string{"validate", "foo"}, want: want{code: 1, records: jsonRec}},
		{name: "bad env value names the variable", env: map[string]string{"XDG_CONFIG_HOME": emptyXDG, "URITOOL_LINT": "yes"}, args: []string{"validate", "http://a/"}, want: want{code: 2,
			err: exact("uritool: error: env URITOOL_LINT: validate.lint: invalid value \"yes\" (want true or false)\nRun 'uritool validate --help' for usage.\n")}},
		{name: "a command's key does not break another command", env: map[string]string{}, args: []string{"--config", otherCommand, "validate", "http://a/"}, want: want{out: exact("")}},
		{name: "command keys at the top level are refused", env: map[string]string{}, args: []string{"--config", topLevel, "validate", "http://a/"}, want: want{code: 2,
			errHas: []string{topLevel + `:1: unknown key "format" (did you mean "validate.format"?)`}}},
		{name: "unknown key names file, line and closest key", env: map[string]string{}, args: []string{"--config", unknown, "validate", "http://a/"}, want: want{code: 2,
			errHas: []string{unknown + `:3: unknown key "validate.formt" (did you mean "validate.format"?)`}}},
		{name: "flag overrides env", env: map[string]string{"XDG_CONFIG_HOME": emptyXDG, "URITOOL_FORMAT": "text"}, args: []string{"validate", "--format", "json", "foo"}, want: want{code: 1, records: jsonRec}},
		{name: "explicit --config", env: map[string]string{}, args: []string{"--config", file, "validate", "foo"}, want: want{code: 1, records: jsonRec}},
		{name: "URITOOL_CONFIG", env: map[string]string{"URITOOL_CONFIG": file}, args: []string{"validate", "foo"}, want: want{code: 1, records: jsonRec}},
		{name: "list and bool keys", env: map[string]string{}, args: []string{"--config", listFile, "validate", "https://a", "ftp://b", "https://u@c"}, want: want{code: 1,
			errHas: []string{"2:1: ", "[scheme-not-allowed]", "3:9: ", "[userinfo-not-allowed]"}}},
		{name: "config applies to other commands", env: map[string]string{"XDG_CONFIG_HOME": xdg}, args: []string{"lint", "-"}, stdin: "foo\n", want: want{code: 1,
			records: []map[string]any{{"file": "<stdin>", "line": 1, "valid": false}}}},
		{name: "bad value in file", env: map[string]string{}, args: []string{"--config", badValue, "normalize", "x:"}, want: want{code: 2, out: exact(""),
			errHas: []string{badValue + `:2: normalize.level: invalid value "extreme" (want syntax or scheme)`}}},
		{name: "missing --config", env: map[string]string{}, args: []string{"--config", filepath.Join(emptyXDG, "missing.yaml"), "validate", "http://a"}, want: want{code: 2, out: exact(""),
			errHas: []string{"missing.yaml"}}},
		{name: "missing URITOOL_CONFIG", env: map[string]string{"URITOOL_CONFIG": filepath.Join(emptyXDG, "missing.yaml")}, args: []string{"validate", "http://a"}, want: want{code: 2,
			errHas: []string{"missing.yaml"}}},
		{name: "malformed YAML", env: map[string]string{}, args: []string{"--config", malformed, "validate", "http://a"}, want: want{code: 2, out: exact(""),
			errHas: []string{malformed + ":"}}},
		{name: "malformed default file", env: map[string]string{"XDG_CONFIG_HOME": filepath.Dir(filepath.Dir(malformed))}, args: []string{"validate", "http://a"}, want: want{code: 2,
			errHas: []string{malformed + ":"}}},
		{name: "malformed file does not break completion", env: map[string]string{"URITOOL_CONFIG": malformed, "URITOOL_COLOR": "bogus"}, args: []string{"completion", "bash"}, want: want{
			outHas: []string{"bash completion"}}},
		{name: "malformed file does not break __complete", env: map[string]string{"URITOOL_CONFIG": malformed}, args: []string{"__complete", "parse", "--format", ""}, want: want{errAny: true,
			outHas: []string{"text\njson\n:4\n"}}},
		{name: "missing default file is fine", env: map[string]string{"XDG_CONFIG_HOME": emptyXDG}, args: []string{"validate", "http://a"}, want: want{out: exact("")}},
		{name: "no HOME and no XDG", env: map[string]string{}, args: []string{"validate", "http://a"}, want: want{out: exact("")}},
	})
}
