package extract

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkExtractor runs the extractor over the real documents of
// testdata/corpus, one sub-benchmark per kind, as lint --extract reads
// them: a new Extractor per file, then its lines in order.
func BenchmarkExtractor(b *testing.B) {
	paths, err := filepath.Glob("testdata/corpus/*/*")
	if err != nil {
		b.Fatal(err)
	}
	byType := map[Type][][]string{}
	for _, p := range paths {
		kind := TypeOf(p)
		if kind == Text {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		byType[kind] = append(byType[kind], strings.Split(string(data), "\n"))
	}
	for _, kind := range []Type{Markdown, HTML, RST, AsciiDoc} {
		files := byType[kind]
		if len(files) == 0 {
			b.Fatalf("no %v file in testdata/corpus", kind)
		}
		size := 0
		for _, lines := range files {
			for _, l := range lines {
				size += len(l) + 1
			}
		}
		b.Run(Types[kind], func(b *testing.B) {
			b.SetBytes(int64(size))
			b.ReportAllocs()
			var found []Found
			for b.Loop() {
				for _, lines := range files {
					e := New(Options{Type: kind})
					for _, l := range lines {
						found = e.Line(found[:0], l)
					}
				}
			}
		})
	}
}
