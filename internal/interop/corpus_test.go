package interop

import (
	"encoding/json"
	"os"
	"slices"
	"testing"
)

// corpusCase is one entry of testdata/interop/corpus.json at the
// repository root: an input of a known kind of confusion, and whether the
// parsers agree on SecurityComponents, and if not, on what they disagree.
type corpusCase struct {
	Input    string   `json:"input"`
	Agree    bool     `json:"agree"`
	Disagree []string `json:"disagree"`
	Note     string   `json:"note"` // what happens, and a source
}

func loadCorpus(tb testing.TB) []corpusCase {
	tb.Helper()
	data, err := os.ReadFile("../../testdata/interop/corpus.json")
	if err != nil {
		tb.Fatal(err)
	}
	var cases []corpusCase
	if err := json.Unmarshal(data, &cases); err != nil {
		tb.Fatal(err)
	}
	return cases
}

func TestCorpus(t *testing.T) {
	inputs := map[string]bool{}
	for _, c := range loadCorpus(t) {
		if inputs[c.Input] {
			t.Errorf("%q is in the corpus twice", c.Input)
		}
		inputs[c.Input] = true
		if c.Note == "" {
			t.Errorf("%q has no note", c.Input)
		}
		got := compareOf(readOf(Read, c.Input), SecurityComponents)
		if len(got) == 0 != c.Agree || !slices.Equal(got, c.Disagree) {
			t.Errorf("%q: parsers disagree on %q, corpus says agree %v, disagree %q", c.Input, got, c.Agree, c.Disagree)
		}
	}
}
