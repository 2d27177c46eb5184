package cmd_test

import (
	"strings"
	"testing"
)

func TestConformanceCLIParseRecomposeRoundTrip(t *testing.T) {
	cases, skipped := parseCorpusInputs(t)
	var in strings.Builder
	n := 0
	for _, c := range cases {
		if c.Valid {
			in.WriteString(c.Input + "\n")
			n++
		}
	}
	parsed := run(t, in.String(), nil, "parse", "--json")
	if parsed.code != 0 || parsed.stderr != "" {
		t.Fatalf("parse --json: exit %d, stderr %q", parsed.code, parsed.stderr)
	}
	res := run(t, parsed.stdout, nil, "recompose")
	if res.code != 0 || res.stderr != "" {
		t.Errorf("recompose: exit %d, want 0; stderr %q", res.code, head(res.stderr, 500))
	}
	want := strings.Split(in.String(), "\n")
	got := strings.Split(res.stdout, "\n")
	if len(got) != len(want) {
		t.Fatalf("recompose gave %d lines for %d inputs", len(got)-1, len(want)-1)
	}
	pass := 0
	for i := range want[:len(want)-1] {
		if got[i] != want[i] {
			t.Errorf("line %d: parse --json | recompose gave %q, want %q", i+1, got[i], want[i])
			continue
		}
		pass++
	}
	if pass == n && res.stdout != in.String() {
		t.Errorf("output differs from the input outside the lines")
	}
	t.Logf("parse.json via parse --json | recompose: %d/%d round-tripped (%d skipped)", pass, n, skipped)
}
