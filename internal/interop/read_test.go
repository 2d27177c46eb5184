package interop

import (
	"fmt"
	"sync"
	"testing"

	"github.com/uritool/uritool/pkg/uri"
)

// TestReadConcurrent: Read runs per input line, from several goroutines,
// and shares only immutable parsers and the IDNA profile, so that each
// goroutine gets what one alone gets (and the race detector sees nothing).
func TestReadConcurrent(t *testing.T) {
	cases := loadCorpus(t)
	outcome := func(input string) string {
		s := fmt.Sprint(compareOf(readOf(Read, input), Components))
		if u, err := uri.Parse(input); err == nil {
			s += "|" + AuthorityDiff(u)
		}
		return s
	}
	want := make([]string, len(cases))
	for i, c := range cases {
		want[i] = outcome(c.Input)
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for i, c := range cases {
				if got := outcome(c.Input); got != want[i] {
					t.Errorf("%q: %s in a goroutine, %s alone", c.Input, got, want[i])
					return
				}
			}
		})
	}
	wg.Wait()
}

// BenchmarkRead reads every corpus input once per iteration.
func BenchmarkRead(b *testing.B) {
	cases := loadCorpus(b)
	var rs [3]Reading
	b.ReportAllocs()
	for b.Loop() {
		for _, c := range cases {
			Read(c.Input, &rs)
			Compare(&rs, SecurityComponents)
		}
	}
}

// BenchmarkBaseRead reads every corpus input once per iteration against
// a base, as interop --base does: the cost of resolving on top of Read.
func BenchmarkBaseRead(b *testing.B) {
	cases := loadCorpus(b)
	base := ParseBase("https://user@example.com:8443/a/b/c?q#f")
	var rs [3]Reading
	b.ReportAllocs()
	for b.Loop() {
		for _, c := range cases {
			base.Read(c.Input, &rs)
			Compare(&rs, SecurityComponents)
		}
	}
}
