package interop

import (
	"sync"
	"testing"

	"github.com/uritool/uritool/pkg/uri"
)

// TestReadConcurrent gives the race detector something to look at: Read
// runs per input line, possibly from several goroutines, and shares only
// immutable parsers and the IDNA profile.
func TestReadConcurrent(t *testing.T) {
	cases := loadCorpus(t)
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for _, c := range cases {
				Compare(Read(c.Input), Components)
				if u, err := uri.Parse(c.Input); err == nil {
					AuthorityDiff(u)
				}
			}
		})
	}
	wg.Wait()
}

// BenchmarkRead reads every corpus input once per iteration.
func BenchmarkRead(b *testing.B) {
	cases := loadCorpus(b)
	b.ReportAllocs()
	for b.Loop() {
		for _, c := range cases {
			Compare(Read(c.Input), SecurityComponents)
		}
	}
}

// BenchmarkBaseRead reads every corpus input once per iteration against
// a base, as interop --base does: the cost of resolving on top of Read.
func BenchmarkBaseRead(b *testing.B) {
	cases := loadCorpus(b)
	base := ParseBase("https://user@example.com:8443/a/b/c?q#f")
	b.ReportAllocs()
	for b.Loop() {
		for _, c := range cases {
			Compare(base.Read(c.Input), SecurityComponents)
		}
	}
}
