package readings_test

import (
	"testing"

	"github.com/uritool/uritool/internal/interop"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/render/readings"
	"github.com/uritool/uritool/internal/sink"
)

// interopSample is what interop renders for most inputs: plain URLs that
// every parser reads alike, and a few that they do not.
var interopSample = []string{
	"https://themuslimvibe.com/",
	"http://archives.subscribermail.com/msg/6e2f7d40e7fa4ff49403f9ca20de27d8.htm",
	"file://deps/openssl/openssl/crypto/engine/tb_rsa.c",
	"file:///Users/isaacs/dev/tapjs/tapjs/node_modules/glob/dist/esm/pattern.js?tapmock=a1614fc8fa65ebf7.451ad10dc5d34275",
	"https://www.information-management.com/issues/2007_45/10000894-1.html?utm_source=x#top",
	"http://0x7f.1/",
	`"https://en.wikipedia.org/wiki/Gateway`,
}

// benchmarkInterop renders the sample, reading by reading, into one sink
// that is emptied as the stream would.
func benchmarkInterop(b *testing.B, format string, pal *render.Palette) {
	results := make([]readings.Result, len(interopSample))
	for i, s := range interopSample {
		results[i] = readings.Result{Line: i + 1, Input: s}
		interop.Read(s, &results[i].Readings)
		results[i].Disagree = interop.Compare(&results[i].Readings, interop.SecurityComponents)
	}
	r := readings.NewRenderer(readings.Options{Format: format, Out: pal})
	s := sink.NewSink()
	b.ReportAllocs()
	for b.Loop() {
		s.Out.Truncate(0)
		for i := range results {
			r.Render(s, &results[i])
		}
	}
}

func BenchmarkInteropText(b *testing.B) {
	benchmarkInterop(b, render.FormatText, render.NewPalette(false, passwords))
}
func BenchmarkInteropColor(b *testing.B) {
	benchmarkInterop(b, render.FormatText, render.NewPalette(true, passwords))
}
func BenchmarkInteropJSON(b *testing.B) { benchmarkInterop(b, render.FormatJSON, nil) }
