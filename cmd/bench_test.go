package cmd_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"testing"

	"github.com/uritool/uritool/cmd"
)

// sampleInput is the 20,000 real URLs of pkg/uri's benchmark sample, as
// one input of lines.
func sampleInput(b *testing.B) []byte {
	f, err := os.Open("../pkg/uri/testdata/urls-sample.txt.gz")
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		b.Fatal(err)
	}
	data, err := io.ReadAll(z)
	if err != nil {
		b.Fatal(err)
	}
	return data
}

// BenchmarkCommands runs whole command lines in-process over the sample,
// output discarded; ns/op is per input line. bench/run measures the same
// through the binary against a line-copy floor.
func BenchmarkCommands(b *testing.B) {
	input := sampleInput(b)
	lines := bytes.Count(input, []byte{'\n'})
	for _, c := range []struct {
		name string
		args []string
	}{
		{"validate-filter", []string{"validate", "--filter", "valid"}},
		{"validate-json", []string{"validate", "--format", "json"}},
		{"normalize", []string{"normalize"}},
		{"normalize-json", []string{"normalize", "--format", "json"}},
		{"resolve", []string{"resolve", "https://example.com/a/b/c"}},
		{"resolve-json", []string{"resolve", "--format", "json", "https://example.com/a/b/c"}},
		{"parse-json", []string{"parse", "--format", "json"}},
		{"lint-json", []string{"lint", "--format", "json", "-"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			getenv := testEnv(b, nil)
			b.SetBytes(int64(len(input)) / int64(lines))
			b.ResetTimer()
			for i := 0; i < b.N; i += lines {
				code := cmd.Main(c.args, &cmd.IOStreams{In: bytes.NewReader(input), Out: io.Discard, ErrOut: io.Discard, Getenv: getenv})
				if code > cmd.ExitFindings {
					b.Fatalf("exit %d", code)
				}
			}
		})
	}
}
