package uritemplate

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

type suiteGroup struct {
	Level     int
	Variables json.RawMessage
	Testcases [][2]json.RawMessage
}

type suiteCase struct {
	group, template string
	vals            Values
	want            []string // acceptable expansions; nil when the template must be refused
}

// loadSuite reads one file of the uritemplate-test suite (testdata/README.md).
func loadSuite(t testing.TB, file string) []suiteCase {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	var groups map[string]suiteGroup
	if err := json.Unmarshal(data, &groups); err != nil {
		t.Fatal(err)
	}
	var cases []suiteCase
	for name, g := range groups {
		vals, err := ValuesFromJSON(g.Variables)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, tc := range g.Testcases {
			c := suiteCase{group: name, vals: vals}
			if err := json.Unmarshal(tc[0], &c.template); err != nil {
				t.Fatal(err)
			}
			var one string
			if json.Unmarshal(tc[1], &one) == nil {
				c.want = []string{one}
			} else if json.Unmarshal(tc[1], &c.want) != nil && string(tc[1]) != "false" {
				t.Fatalf("%s %s: expected value %s", name, c.template, tc[1])
			}
			cases = append(cases, c)
		}
	}
	return cases
}

var suiteFiles = []string{"spec-examples.json", "spec-examples-by-section.json", "negative-tests.json"}

func TestSuite(t *testing.T) {
	for _, file := range suiteFiles {
		t.Run(file, func(t *testing.T) {
			cases := loadSuite(t, file)
			pass := 0
			for _, c := range cases {
				tmpl, err := Parse(c.template)
				var got string
				if err == nil {
					got, err = tmpl.Expand(c.vals)
				}
				switch {
				case c.want == nil && err == nil:
					t.Errorf("%s: %q expanded to %q, want refusal", c.group, c.template, got)
				case c.want != nil && err != nil:
					t.Errorf("%s: %q: %v", c.group, c.template, err)
				case c.want != nil && !slices.Contains(c.want, got):
					t.Errorf("%s: %q = %q, want one of %q", c.group, c.template, got, c.want)
				default:
					pass++
				}
			}
			t.Logf("%s: %d/%d cases pass", file, pass, len(cases))
		})
	}
}
