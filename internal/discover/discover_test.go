package discover

import (
	"errors"
	"testing"
)

func TestExcluder(t *testing.T) {
	var none *Excluder
	if none.Match("http://a/") {
		t.Error("a nil Excluder excludes")
	}
	var pe *PatternError
	if _, err := Discover(Options{Dir: t.TempDir(), Exclude: []string{"("}}, nil); !errors.As(err, &pe) || pe.Pattern != "(" {
		t.Errorf("a bad --exclude: %v", err)
	}
	p, err := Discover(Options{Dir: t.TempDir(), Exclude: []string{`^https://a\.example/`}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for s, want := range map[string]bool{"https://a.example/x": true, "http://c.example/": false} {
		if p.Excluder("-").Match(s) != want {
			t.Errorf("Match(%q) = %v", s, !want)
		}
	}
}
