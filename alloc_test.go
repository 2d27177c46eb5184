package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/uritool/uritool/cmd"
)

// TestNoAllocationPerValidInput runs each streaming command in this
// process on valid input ten times over, and twenty times over, and
// counts what the second run allocated more. Each worker and each block
// in flight sets itself up once, lazily, and there are as many as
// GOMAXPROCS says: on 32 Ps, a run of 2,000 lines used some and one of
// 20,000 all, some 10,000 allocations more, and the test failed on a CI
// machine with more cores. So it runs on two Ps, and both runs are long
// enough to use every worker and block. interop is not among them:
// it runs net/url and a WHATWG parser on every input, and they allocate.
// Nor are --get's {surt}, which builds the key a piece at a time (some
// eight allocations an input), and its Public Suffix fields, whose
// library allocates for some hosts. The test of package main
// is built with default.pgo, as the binary is, and a profile changes
// what the compiler inlines and so what escapes: a package's own
// allocation tests, built without it, passed while edit allocated once
// for every input with a query.
func TestNoAllocationPerValidInput(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every streaming command on 60,000 lines")
	}
	forms := []string{
		"https://www.example%d.com/",
		"http://archive.example.org/msg/%d/index.htm",
		"https://example.com/a/b%d?id=1&q=two&page=3",
		"https://user@example.net:8443/p/%d?x=1#top",
		"http://192.0.2.%d/a;b?c",
		"https://[2001:db8::%d]/",
		"https://example.com/%%E2%%82%%AC/%d?k=v%%20w+x&a+b=1#frag",
		"mailto:someone%d@example.com",
		"urn:isbn:0451450%d",
		"ftp://ftp.example.com/pub/file%d.tar.gz",
	}
	var once bytes.Buffer
	for i := range 2000 {
		fmt.Fprintf(&once, forms[i%len(forms)]+"\n", i%250)
	}
	tenfold := bytes.Repeat(once.Bytes(), 10)
	twentyfold := bytes.Repeat(once.Bytes(), 20)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	scope := filepath.Join(t.TempDir(), "scope.txt")
	if err := os.WriteFile(scope, []byte("*.com\n*.org\n!ads.*\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"validate", "--filter", "valid"},
		{"validate", "--format", "json"},
		{"normalize"},
		{"normalize", "--format", "json"},
		{"normalize", "--scope", scope},
		{"normalize", "--unique"},
		{"resolve", "https://example.com/a/b/c"},
		{"resolve", "--format", "json", "https://example.com/a/b/c"},
		{"resolve", "--ref", "../x?y"},
		{"parse"},
		{"parse", "--get", "{scheme}://{host}{path}?{query:k} {form:query-all:k} {query-keys}"},
		{"parse", "--get", "scheme,host,query,fragment"},
		{"parse", "--each", "pairs"},
		{"parse", "--get", "{segment:1} {segment:-1} {host:1} {host:-2}"},
		{"parse", "--format", "json"},
		{"parse", "--color", "always"},
		{"lint", "--format", "json", "-"},
		{"lint", "--format", "sarif", "-"},
		{"lint", "--format", "junit", "-"},
		{"lint", "--format", "markdown", "-"},
		{"edit", "--delete-query", "utm_*"},
		{"edit", "--replace-values", "X"},
		{"shape"},
		{"shape", "--sample", "1"},
	} {
		run := func(in []byte) uint64 {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			var out, errOut bytes.Buffer
			code := cmd.Main(args, &cmd.IOStreams{
				In: bytes.NewReader(in), Out: &out, ErrOut: &errOut,
				Environ: []string{"XDG_CONFIG_HOME=" + t.TempDir()},
				Getwd:   func() (string, error) { return t.TempDir(), nil },
			})
			runtime.ReadMemStats(&after)
			if code != 0 {
				t.Fatalf("%v: exit %d\n%s", args, code, errOut.Bytes())
			}
			return after.Mallocs - before.Mallocs
		}
		lines := strings.Count(once.String(), "\n")
		a, b := run(tenfold), run(twentyfold)
		// What does not grow with the input (flags, workers, blocks)
		// cancels out; buffers grown to their size for a longer run add
		// some allocations, which do not grow further: one per input of
		// a form, a tenth of them, would add 2,000.
		more := int64(b) - int64(a)
		if more > int64(10*lines/50) {
			t.Errorf("%s: %d more allocations for %d more valid inputs", strings.Join(args, " "), more, 10*lines)
		}
	}
}
