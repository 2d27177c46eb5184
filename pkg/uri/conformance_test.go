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
		"URI":           uri.ParseURI,
		"absolute-URI":  uri.ParseAbsolute,
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
