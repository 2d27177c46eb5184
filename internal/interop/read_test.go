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
