package uri_test

import (
	"bufio"
	"compress/gzip"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/uritool/uritool/pkg/uri"
)

// The benchmarks share one sample of real-world URLs: 20,000 of the valid
// URIs of the pool that /work/shared/bench/make-urls draws from, picked by
//
//	make-urls 141181 | (keep lines parseURI accepts) |
//	    shuf -n 20000 --random-source=<(yes) | gzip -9n
//
// The pool's 394 invalid lines are in urls-invalid.txt.gz, for
// BenchmarkParseInvalid: the promise of zero allocations is for valid
// input, and an error, which carries a message, costs a few. Every
// benchmark op is one pass over a whole file, so ns/op of benchmarks over
// the same file compare directly, and MB/s counts the bytes of the lines.

const benchBase = "http://a/b/c/d;p?q" // RFC 3986 section 5.4

var (
	benchSample  = sync.OnceValues(func() ([]string, error) { return readLines("urls-sample.txt.gz") })
	benchInvalid = sync.OnceValues(func() ([]string, error) { return readLines("urls-invalid.txt.gz") })
)

func readLines(name string) ([]string, error) {
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, err
	}
	var lines []string
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines, sc.Err()
}

// sampleLines returns the sample and its size in bytes.
func sampleLines(b *testing.B) ([]string, int64) { return fileLines(b, benchSample) }

func fileLines(b *testing.B, load func() ([]string, error)) ([]string, int64) {
	b.Helper()
	lines, err := load()
	if err != nil {
		b.Fatal(err)
	}
	if len(lines) == 0 {
		b.Fatal("empty benchmark sample")
	}
	var n int64
	for _, l := range lines {
		n += int64(len(l))
	}
	return lines, n
}

// validRefs returns the parsed lines that are valid URI references.
func validRefs(b *testing.B, lines []string) []uri.URI {
	b.Helper()
	refs := make([]uri.URI, 0, len(lines))
	for _, l := range lines {
		if u, err := uri.Parse(l); err == nil {
			refs = append(refs, u)
		}
	}
	return refs
}

// benchSink keeps results alive so that no call is optimized away.
var benchSink int

// reportPerLine adds ns/line, and allocs/line when allocsPerPass >= 0,
// for a benchmark whose op is one pass over lines inputs.
func reportPerLine(b *testing.B, lines int, allocsPerPass float64) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(lines), "ns/line")
	if allocsPerPass >= 0 {
		b.ReportMetric(allocsPerPass/float64(lines), "allocs/line")
	}
}

func benchParser[T any](b *testing.B, lines []string, size int64, parse func(string) (T, error)) {
	b.ReportAllocs()
	b.SetBytes(size)
	bad := 0
	for b.Loop() {
		bad = 0
		for _, l := range lines {
			if _, err := parse(l); err != nil {
				bad++
			}
		}
	}
	benchSink += bad
	reportPerLine(b, len(lines), -1)
	b.ReportMetric(float64(bad), "invalid")
}

func BenchmarkParse(b *testing.B) {
	lines, size := sampleLines(b)
	benchParser(b, lines, size, uri.Parse)
}

func BenchmarkParseURI(b *testing.B) {
	lines, size := sampleLines(b)
	benchParser(b, lines, size, parseURI)
}

// BenchmarkParseInvalid measures the error path: finding the offset and
// rule, and building the message.
func BenchmarkParseInvalid(b *testing.B) {
	lines, size := fileLines(b, benchInvalid)
	benchParser(b, lines, size, parseURI)
}

func BenchmarkNetURLParse(b *testing.B) {
	lines, size := sampleLines(b)
	benchParser(b, lines, size, url.Parse)
}

// BenchmarkResolve resolves references against the base of RFC 3986
// section 5.4; parsing is done before the timer. "sample" takes the valid
// lines as they are: nearly all have a scheme, so it measures the
// scheme branch (5.2.2) and its dot-segment check. "relative" takes each
// valid line's path without its leading "/", query and fragment as a
// relative reference, so it measures merging (5.2.3), dot-segment removal
// (5.2.4) and building the target. An op is one pass over the references.
func BenchmarkResolve(b *testing.B) {
	lines, _ := sampleLines(b)
	base, err := uri.ParseRule(benchBase, uri.RuleURI)
	if err != nil {
		b.Fatal(err)
	}
	sample := validRefs(b, lines)
	var relative []uri.URI
	for _, u := range sample {
		s := strings.TrimPrefix(u.Path(), "/")
		if q, ok := u.Query(); ok {
			s += "?" + q
		}
		if f, ok := u.Fragment(); ok {
			s += "#" + f
		}
		if r, err := uri.Parse(s); err == nil && !r.IsAbsolute() {
			relative = append(relative, r)
		}
	}
	for _, c := range []struct {
		name string
		refs []uri.URI
	}{{"sample", sample}, {"relative", relative}} {
		b.Run(c.name, func(b *testing.B) { benchResolve(b, base, c.refs) })
	}
}

func benchResolve(b *testing.B, base uri.URI, refs []uri.URI) {
	var size int64
	for _, r := range refs {
		size += int64(len(r.String()))
	}
	pass := func() int {
		n := 0
		for _, r := range refs {
			t, err := uri.Resolve(base, r)
			if err != nil {
				b.Fatalf("Resolve(%q, %q): %v", base, r, err)
			}
			n += len(t.String())
		}
		return n
	}
	allocs := testing.AllocsPerRun(1, func() { benchSink += pass() })
	b.ReportAllocs()
	b.SetBytes(size)
	for b.Loop() {
		benchSink += pass()
	}
	reportPerLine(b, len(refs), allocs)
}

// BenchmarkNormalize normalizes every valid reference of the sample at
// the scheme level; parsing is done before the timer.
func BenchmarkNormalize(b *testing.B) {
	lines, _ := sampleLines(b)
	refs := validRefs(b, lines)
	var size int64
	for _, r := range refs {
		size += int64(len(r.String()))
	}
	pass := func() int {
		n := 0
		for _, r := range refs {
			n += len(uri.Normalize(r, uri.SchemeLevel).String())
		}
		return n
	}
	allocs := testing.AllocsPerRun(1, func() { benchSink += pass() })
	b.ReportAllocs()
	b.SetBytes(size)
	for b.Loop() {
		benchSink += pass()
	}
	reportPerLine(b, len(refs), allocs)
}
