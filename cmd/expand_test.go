package cmd_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/uritool/uritool/pkg/uritemplate"
)

// TestExpandSuite runs every case of the official RFC 6570 test suite
// (pkg/uritemplate/testdata, from github.com/uri-templates/uritemplate-test)
// through "uritool expand --vars FILE TEMPLATE". A refused template must be
// a usage error (exit 2), a refused expansion a finding (exit 1), and
// every expansion the suite expects is a URI reference by RFC 3986, so it
// must exit 0.
func TestExpandSuite(t *testing.T) {
	t.Parallel()
	for _, file := range []string{"spec-examples.json", "spec-examples-by-section.json", "negative-tests.json"} {
		t.Run(file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("..", "pkg", "uritemplate", "testdata", file))
			if err != nil {
				t.Fatal(err)
			}
			var groups map[string]struct {
				Variables json.RawMessage
				Testcases [][2]json.RawMessage
			}
			if err := json.Unmarshal(data, &groups); err != nil {
				t.Fatal(err)
			}
			pass, total := 0, 0
			for name, g := range groups {
				vars := filepath.Join(t.TempDir(), "vars.json")
				if err := os.WriteFile(vars, g.Variables, 0o644); err != nil {
					t.Fatal(err)
				}
				for _, tc := range g.Testcases {
					total++
					var template string
					json.Unmarshal(tc[0], &template)
					var want []string
					var one string
					if json.Unmarshal(tc[1], &one) == nil {
						want = []string{one}
					} else {
						json.Unmarshal(tc[1], &want)
					}
					res := run(t, "", nil, "expand", "--vars", vars, template)
					got := strings.TrimSuffix(res.stdout, "\n")
					switch {
					case want == nil:
						// A malformed template is a usage error; a
						// well-formed one that cannot take these values
						// (a prefix on a list) fails this input.
						wantCode, wantOut := 2, ""
						if _, err := uritemplate.Parse(template); err == nil {
							wantCode, wantOut = 1, "\n"
						}
						if res.code != wantCode || res.stdout != wantOut || res.stderr == "" {
							t.Errorf("%s: %q: exit %d, stdout %q, stderr %q; want exit %d", name, template, res.code, res.stdout, res.stderr, wantCode)
							continue
						}
					case !slices.Contains(want, got):
						t.Errorf("%s: %q = %q (exit %d, %s), want one of %q", name, template, got, res.code, res.stderr, want)
						continue
					case res.code != 0:
						t.Errorf("%s: %q = %q: exit %d, stderr %q", name, template, got, res.code, res.stderr)
						continue
					}
					pass++
				}
			}
			t.Logf("%s: %d/%d cases pass through uritool expand", file, pass, total)
		})
	}
}
