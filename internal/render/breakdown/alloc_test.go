package breakdown_test

import (
	"testing"

	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/render/breakdown"
	"github.com/uritool/uritool/internal/sink"
)

// plainInputs are references the breakdown draws without allocating:
// ASCII, no password, in every shape of breakdownInputs.
var plainInputs = []string{
	"https://alice@example.com:8443/a/b;v=1?x=1&y=two#frag",
	"http://h",
	"http://@h:/?#",
	"urn:example:animal:ferret:nose",
	"ldap://[2001:db8::7]/c=GB?objectClass?one",
	"telnet://192.0.2.16:80/",
	"../g;x?y#s",
	"",
	"https://www.example.com/a/very/long/path/that/goes/on/and/on/past/the/sixty-four/columns/of/a/run?q=1",
}

// TestBreakdownAllocs: the breakdown of a plain reference allocates
// nothing, colored or not, with its diagram or without (issue 27: it was
// 150 times the line-copy floor, most of it allocation and fmt).
func TestBreakdownAllocs(t *testing.T) {
	for _, color := range []bool{false, true} {
		for _, width := range []int{0, 40} {
			p := breakdown.NewRenderer(breakdown.Options{Out: render.NewPalette(color, passwords), Err: render.NewPalette(color, passwords), Width: width})
			s := sink.NewSink()
			for i, in := range plainInputs {
				r := parsed(i+1, in)
				if n := testing.AllocsPerRun(100, func() {
					s.Out.Truncate(0)
					p.Render(s, &r)
				}); n != 0 {
					t.Errorf("color %v, width %d: %q: %v allocations, want 0", color, width, in, n)
				}
			}
		}
	}
}

// BenchmarkBreakdown renders the breakdown of plain references, one per
// op; allocs/op guards the fast path.
func BenchmarkBreakdown(b *testing.B) {
	for _, bc := range []struct {
		name  string
		color bool
	}{{"text", false}, {"color", true}} {
		b.Run(bc.name, func(b *testing.B) {
			p := breakdown.NewRenderer(breakdown.Options{Out: render.NewPalette(bc.color, passwords), Err: render.NewPalette(bc.color, passwords)})
			s := sink.NewSink()
			rs := make([]breakdown.Parsed, len(plainInputs))
			for i, in := range plainInputs {
				rs[i] = parsed(i+1, in)
			}
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				s.Out.Truncate(0)
				p.Render(s, &rs[i%len(rs)])
			}
		})
	}
}
