package uri_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/uritool/uritool/pkg/uri"
)

// TestDotStepsAsTheRFCShowsThem holds the steps to the two tables of
// section 5.2.4.
func TestDotStepsAsTheRFCShowsThem(t *testing.T) {
	for _, c := range []struct {
		base, ref string
		want      [][3]string // rule, output, input
	}{
		{"http://a/", "/a/b/c/./../../g", [][3]string{
			{"E", "/a", "/b/c/./../../g"},
			{"E", "/a/b", "/c/./../../g"},
			{"E", "/a/b/c", "/./../../g"},
			{"B", "/a/b/c", "/../../g"},
			{"C", "/a/b", "/../g"},
			{"C", "/a", "/g"},
			{"E", "/a/g", ""},
		}},
		{"a:", "a:mid/content=5/../6", [][3]string{
			{"E", "mid", "/content=5/../6"},
			{"E", "mid/content=5", "/../6"},
			{"C", "mid", "/6"},
			{"E", "mid/6", ""},
		}},
		{"a:", "a:../.././x/.", [][3]string{
			{"A", "", ".././x/."},
			{"A", "", "./x/."},
			{"A", "", "x/."},
			{"E", "x", "/."},
			{"B", "x", "/"},
			{"E", "x/", ""},
		}},
		{"http://a/", "x/..", [][3]string{
			{"E", "/x", "/.."},
			{"C", "", "/"},
			{"E", "/", ""},
		}},
		{"a:", "a:..", [][3]string{{"D", "", ""}}},
	} {
		tr, err := uri.ResolveOptions{}.Trace(uri.MustParse(c.base), uri.MustParse(c.ref))
		if err != nil {
			t.Fatalf("Resolve(%q, %q): %v", c.base, c.ref, err)
		}
		var got [][3]string
		for _, s := range tr.DotSteps {
			got = append(got, [3]string{s.Rule, s.Output, s.Input})
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("Resolve(%q, %q): steps\n%q, want\n%q", c.base, c.ref, got, c.want)
		}
	}
}

func TestBranchString(t *testing.T) {
	if got := uri.BranchMerge.String(); !strings.Contains(got, "merged") {
		t.Errorf("BranchMerge.String() = %q", got)
	}
	if got := uri.Branch(7).String(); got != "Branch(7)" {
		t.Errorf("Branch(7).String() = %q, want Branch(7)", got)
	}
}
