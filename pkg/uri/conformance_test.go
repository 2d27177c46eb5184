package uri_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/uritool/uritool/pkg/uri"
)

// The corpus under testdata/conformance is a copy of the project's shared
// RFC 3986 vectors; each case names its source.

func loadCases[T any](t testing.TB, name string) []T {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "conformance", name))
	if err != nil {
		t.Fatal(err)
	}
	var cases []T
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return cases
}

type parseCase struct {
	Input    string  `json:"input"`
	Valid    bool    `json:"valid"`
	Kind     string  `json:"kind"`
	Scheme   *string `json:"scheme"`
	Userinfo *string `json:"userinfo"`
	Host     *string `json:"host"`
	Port     *string `json:"port"`
	Path     *string `json:"path"`
	Query    *string `json:"query"`
	Fragment *string `json:"fragment"`
	HostType *string `json:"host_type"`
	Source   string  `json:"source"`
}

func opt(s string, ok bool) *string {
	if !ok {
		return nil
	}
	return &s
}

func show(p *string) string {
	if p == nil {
		return "<undefined>"
	}
	return "\"" + *p + "\""
}

func TestConformanceParse(t *testing.T) {
	cases := loadCases[parseCase](t, "parse.json")
	for _, c := range cases {
		u, err := uri.Parse(c.Input)
		if err != nil {
			t.Errorf("%q (%s): unexpected error %v", c.Input, c.Source, err)
			continue
		}
		kind := "relative-ref"
		if u.IsAbsolute() {
			kind = "uri"
		}
		var hostType *string
		if ht := u.HostType().String(); ht != "" {
			hostType = &ht
		}
		path := u.Path()
		for _, f := range []struct {
			name      string
			got, want *string
		}{
			{"kind", &kind, &c.Kind},
			{"scheme", opt(u.Scheme()), c.Scheme},
			{"userinfo", opt(u.Userinfo()), c.Userinfo},
			{"host", opt(u.Host()), c.Host},
			{"port", opt(u.Port()), c.Port},
			{"path", &path, c.Path},
			{"query", opt(u.Query()), c.Query},
			{"fragment", opt(u.Fragment()), c.Fragment},
			{"host_type", hostType, c.HostType},
		} {
			if show(f.got) != show(f.want) {
				t.Errorf("%q (%s): %s = %s, want %s", c.Input, c.Source, f.name, show(f.got), show(f.want))
			}
		}
		if u.String() != c.Input {
			t.Errorf("%q: String() = %q", c.Input, u.String())
		}
	}
}

type validityCase struct {
	Input  string `json:"input"`
	Valid  bool   `json:"valid"`
	As     string `json:"as"`
	Note   string `json:"note"`
	Source string `json:"source"`
}

func TestConformanceValidity(t *testing.T) {
	parsers := map[string]func(string) (uri.URI, error){
		"URI-reference": uri.Parse,
		"URI":           parseURI,
		"absolute-URI":  parseAbsolute,
	}
	for _, c := range loadCases[validityCase](t, "validity.json") {
		u, err := parsers[c.As](c.Input)
		if (err == nil) != c.Valid {
			t.Errorf("%s %q (%s; %s): valid = %v, want %v (err %v)", c.As, c.Input, c.Source, c.Note, err == nil, c.Valid, err)
			continue
		}
		if err == nil && u.String() != c.Input {
			t.Errorf("%q: String() = %q", c.Input, u.String())
		}
		if pe, ok := err.(*uri.ParseError); err != nil && (!ok || pe.Offset < 0 || pe.Offset > len(c.Input)) {
			t.Errorf("%q: error %v has no offset inside the input", c.Input, err)
		}
	}
}

type resolveCase struct {
	Base   string  `json:"base"`
	Ref    string  `json:"ref"`
	Target *string `json:"target"`
	Error  string  `json:"error"`
	Source string  `json:"source"`
}

func TestConformanceResolve(t *testing.T) {
	for _, c := range loadCases[resolveCase](t, "resolve.json") {
		base, err := uri.Parse(c.Base)
		if err != nil {
			t.Errorf("base %q (%s): %v", c.Base, c.Source, err)
			continue
		}
		ref, err := uri.Parse(c.Ref)
		if err != nil {
			t.Errorf("ref %q (%s): %v", c.Ref, c.Source, err)
			continue
		}
		got, err := uri.Resolve(base, ref)
		switch {
		case c.Target == nil && err == nil:
			t.Errorf("Resolve(%q, %q) = %q, want error %q (%s)", c.Base, c.Ref, got, c.Error, c.Source)
		case c.Target != nil && err != nil:
			t.Errorf("Resolve(%q, %q): %v, want %q (%s)", c.Base, c.Ref, err, *c.Target, c.Source)
		case c.Target != nil && got.String() != *c.Target:
			t.Errorf("Resolve(%q, %q) = %q, want %q (%s)", c.Base, c.Ref, got, *c.Target, c.Source)
		}
	}
}

type normalizeCase struct {
	Input      string `json:"input"`
	Normalized string `json:"normalized"`
	Level      string `json:"level"`
	Source     string `json:"source"`
}

func TestConformanceNormalize(t *testing.T) {
	levels := map[string]uri.Level{"syntax": uri.SyntaxLevel, "scheme": uri.SchemeLevel}
	for _, c := range loadCases[normalizeCase](t, "normalize.json") {
		u, err := uri.Parse(c.Input)
		if err != nil {
			t.Errorf("%q (%s): %v", c.Input, c.Source, err)
			continue
		}
		got := uri.Normalize(u, levels[c.Level])
		if got.String() != c.Normalized {
			t.Errorf("Normalize(%q, %s) = %q, want %q (%s)", c.Input, c.Level, got, c.Normalized, c.Source)
		}
		if again := uri.Normalize(got, levels[c.Level]); again.String() != got.String() {
			t.Errorf("Normalize is not idempotent on %q: %q then %q", c.Input, got, again)
		}
	}
}

type dotCase struct {
	Input  string `json:"input"`
	Output string `json:"output"`
	Source string `json:"source"`
}

func TestConformanceRemoveDotSegments(t *testing.T) {
	for _, c := range loadCases[dotCase](t, "remove_dot_segments.json") {
		if got := uri.RemoveDotSegments(c.Input); got != c.Output {
			t.Errorf("RemoveDotSegments(%q) = %q, want %q (%s)", c.Input, got, c.Output, c.Source)
		}
	}
}

type relativizeCase struct {
	Base   string `json:"base"`
	Target string `json:"target"`
	Ref    string `json:"ref"`
	Source string `json:"source"`
}

// The corpus's ref is one valid answer; the requirement is that resolving
// ours gives the target back, and that ours is no longer than theirs.
func TestConformanceRelativize(t *testing.T) {
	for _, c := range loadCases[relativizeCase](t, "relativize.json") {
		base, err1 := uri.Parse(c.Base)
		target, err2 := uri.Parse(c.Target)
		if err1 != nil || err2 != nil {
			t.Errorf("%q, %q (%s): %v %v", c.Base, c.Target, c.Source, err1, err2)
			continue
		}
		ref, err := uri.Relativize(base, target)
		if err != nil {
			t.Errorf("Relativize(%q, %q): %v", c.Base, c.Target, err)
			continue
		}
		back, err := uri.Resolve(base, ref)
		if err != nil || back.String() != c.Target {
			t.Errorf("Relativize(%q, %q) = %q, which resolves to %q (%v)", c.Base, c.Target, ref, back, err)
		}
		if len(ref.String()) > len(c.Ref) {
			t.Errorf("Relativize(%q, %q) = %q, longer than %q (%s)", c.Base, c.Target, ref, c.Ref, c.Source)
		}
	}
}
