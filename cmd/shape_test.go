package cmd_test

import (
	"io"
	"os"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/uritool/uritool/cmd"
)

func TestCLIShape(t *testing.T) {
	t.Parallel()
	const log = "https://example.com/users/122/edit?page=2\n" +
		"https://example.com/users/7/edit\n" +
		"https://example.com/users/7/edit?sort=name&page=1\n" +
		"https://example.com/files/3f2a9c1e77b0\n" +
		"https://example.com/users/9/edit\n" +
		"https://example.com/d/2024-01-31\n"
	const badPath = "invalid character ' ' in path"
	runCases(t, []cliCase{
		// The examples of uritool shape --help.
		{name: "help: counts, most common first, ties as first seen", stdin: log, args: []string{"shape"}, want: want{out: exact(
			"2\thttps://example.com/users/{id}/edit\n" +
				"1\thttps://example.com/users/{id}/edit{?page}\n" +
				"1\thttps://example.com/users/{id}/edit{?sort,page}\n" +
				"1\thttps://example.com/files/{hex}\n" +
				"1\thttps://example.com/d/{date}\n")}},
		{name: "help: sample 1", stdin: log, args: []string{"shape", "--sample", "1"}, want: want{out: exact(
			"https://example.com/users/122/edit?page=2\n" +
				"https://example.com/users/7/edit\n" +
				"https://example.com/users/7/edit?sort=name&page=1\n" +
				"https://example.com/files/3f2a9c1e77b0\n" +
				"https://example.com/d/2024-01-31\n")}},
		{name: "help: no-heuristic hex, json", stdin: log, args: []string{"shape", "--no-heuristic", "hex", "--format", "json"}, want: want{records: []map[string]any{
			{"shape": "https://example.com/users/{id}/edit", "count": 2, "error": nil},
			{"shape": "https://example.com/users/{id}/edit{?page}", "count": 1, "error": nil},
			{"shape": "https://example.com/users/{id}/edit{?sort,page}", "count": 1, "error": nil},
			{"shape": "https://example.com/files/3f2a9c1e77b0", "count": 1, "error": nil},
			{"shape": "https://example.com/d/{date}", "count": 1, "error": nil},
		}}},

		// The heuristics, in order, and what does not look like an id.
		{name: "heuristics", args: []string{"shape", "https://a/550E8400-e29b-41d4-a716-446655440000", "https://a/2024-01-31", "https://a/12345678",
			"https://a/ABCDEF12", "https://a/1/2/x", "https://a/deadbeefcafe", "https://a/abc1234", "https://a/2024-13-45", "https://a/12.5"}, want: want{out: exact(
			"1\thttps://a/{uuid}\n1\thttps://a/{date}\n1\thttps://a/{id}\n1\thttps://a/{hex}\n1\thttps://a/{id}/{id2}/x\n" +
				"1\thttps://a/deadbeefcafe\n1\thttps://a/abc1234\n1\thttps://a/2024-13-45\n1\thttps://a/12.5\n")}},
		{name: "uuid off, hex still", args: []string{"shape", "--no-heuristic", "uuid", "https://a/550e8400-e29b-41d4-a716-446655440000", "https://a/550e8400e29b41d4a716446655440000"}, want: want{
			out: exact("1\thttps://a/550e8400-e29b-41d4-a716-446655440000\n1\thttps://a/{hex}\n")}},
		{name: "all off", args: []string{"shape", "--no-heuristic", "id,hex", "--no-heuristic", "date,uuid", "https://a/1/2024-01-01"}, want: want{out: exact("1\thttps://a/1/2024-01-01\n")}},

		// What a shape keeps: scheme, host and port as written, query
		// keys in their order; values, userinfo and fragment go.
		{name: "what a shape keeps", args: []string{"shape", "https://u:p@a:8080/x?b=1&a=2#f", "https://a:8080/x?b=3&a=4", "https://a:8080/x?a=1&b=2", "HTTPS://A:8080/x", "https://a:8080/x?"}, want: want{
			out: exact("2\thttps://a:8080/x{?b,a}\n1\thttps://a:8080/x{?a,b}\n1\tHTTPS://A:8080/x\n1\thttps://a:8080/x\n")}},
		{name: "repeated and encoded keys", args: []string{"shape", "http://a/x?a=1&a=2", "http://a/x?a", "http://a/x?a-b=1&%41=2"}, want: want{
			out: exact("2\thttp://a/x{?a}\n1\thttp://a/x{?a%2Db,A}\n")}},

		// --sample N: the first N of each shape, in input order.
		{name: "sample 2", args: []string{"shape", "--sample", "2", "https://a/1", "https://a/2", "https://a/3", "https://b/4", "https://a/5"}, want: want{
			out: exact("https://a/1\nhttps://a/2\nhttps://b/4\n")}},
		{name: "sample json", args: []string{"shape", "--sample", "1", "--json", "https://a/1", "https://a/2", "/p/x"}, want: want{records: []map[string]any{
			{"input": "https://a/1", "shape": "https://a/{id}", "error": nil},
			{"input": "/p/x", "shape": "/p/x", "error": nil},
		}}},

		// An input that is not a URI reference is a finding; the rest
		// are still counted, and no line is kept for it.
		{name: "invalid input", stdin: "https://a/1\na b\nhttps://a/2\n", args: []string{"shape"}, want: want{code: 1,
			out: exact("2\thttps://a/{id}\n"), err: exact("2:2: " + badPath + " [path]\n    a b\n     ^\n")}},
		{name: "invalid input, sample", args: []string{"shape", "--sample", "1", "https://a/1", "a b"}, want: want{code: 1,
			out: exact("https://a/1\n"), errHas: []string{"2:2: " + badPath + " [path]"}}},
		{name: "invalid input, json", args: []string{"shape", "--json", "a b", "https://a/1"}, want: want{code: 1, records: []map[string]any{
			{"error": map[string]any{"offset": 1.0, "rule": "path", "message": badPath}},
			{"shape": "https://a/{id}", "count": 1, "error": nil},
		}}},

		// --max-shapes N: the first N shapes kept, what came after
		// dropped and counted, on stderr and in a closing JSON record;
		// the exit status is the inputs'.
		{name: "max-shapes", stdin: log, args: []string{"shape", "--max-shapes", "2"}, want: want{
			out: exact("2\thttps://example.com/users/{id}/edit\n1\thttps://example.com/users/{id}/edit{?page}\n"),
			err: exact("--max-shapes 2: 2 shape(s) kept; 3 input(s) of about 3 other shape(s) dropped\n")}},
		{name: "max-shapes, json", stdin: log, args: []string{"shape", "--max-shapes", "2", "--json"}, want: want{records: []map[string]any{
			{"shape": "https://example.com/users/{id}/edit", "count": 2, "error": nil},
			{"shape": "https://example.com/users/{id}/edit{?page}", "count": 1, "error": nil},
			{"dropped_inputs": 3, "dropped_shapes": 3, "error": nil},
		}, errHas: []string{"3 input(s) of about 3 other shape(s) dropped"}}},
		{name: "max-shapes, nothing dropped", stdin: log, args: []string{"shape", "--max-shapes", "5", "--json"}, want: want{records: []map[string]any{
			{"shape": "https://example.com/users/{id}/edit", "count": 2, "error": nil},
			{"shape": "https://example.com/users/{id}/edit{?page}", "count": 1, "error": nil},
			{"shape": "https://example.com/users/{id}/edit{?sort,page}", "count": 1, "error": nil},
			{"shape": "https://example.com/files/{hex}", "count": 1, "error": nil},
			{"shape": "https://example.com/d/{date}", "count": 1, "error": nil},
			{"dropped_inputs": 0, "dropped_shapes": 0, "error": nil},
		}, err: exact("--max-shapes 5: 5 shape(s) kept, none dropped\n")}},
		{name: "max-shapes, sample", stdin: log, args: []string{"shape", "--max-shapes", "1", "--sample", "2"}, want: want{
			out: exact("https://example.com/users/122/edit?page=2\n"),
			err: exact("--max-shapes 1: 1 shape(s) kept; 5 input(s) of about 4 other shape(s) dropped\n")}},
		{name: "max-shapes, sample, json", args: []string{"shape", "--max-shapes", "1", "--sample", "1", "--json", "https://a/1", "a b", "https://b/1", "https://a/2", "https://b/2"}, want: want{code: 1, records: []map[string]any{
			{"input": "https://a/1", "shape": "https://a/{id}", "error": nil},
			{"input": "a b", "shape": nil, "error": map[string]any{"offset": 1.0, "rule": "path", "message": badPath}},
			{"dropped_inputs": 2, "dropped_shapes": 1, "error": nil},
		}, errHas: []string{"2 input(s) of about 1 other shape(s) dropped"}}},
		{name: "max-shapes 0: no cap", stdin: log, args: []string{"shape", "--max-shapes", "0"}, want: want{outHas: []string{"1\thttps://example.com/d/{date}\n"}, err: exact("")}},
		{name: "negative max-shapes", args: []string{"shape", "--max-shapes", "-1", "x"}, want: want{code: 2, out: exact(""),
			err: exact("uritool: error: --max-shapes \"-1\": want a count of 1 or more, or 0 for no cap\nRun 'uritool shape --help' for usage.\n")}},

		{name: "no input", args: []string{"shape"}, want: want{out: exact("")}},
		{name: "negative sample", args: []string{"shape", "--sample", "-1", "x"}, want: want{code: 2, out: exact(""),
			err: exact("uritool: error: --sample \"-1\": want a count of 1 or more\nRun 'uritool shape --help' for usage.\n")}},
		{name: "unknown heuristic", args: []string{"shape", "--no-heuristic", "nope", "x"}, want: want{code: 2, out: exact(""),
			errHas: []string{`invalid argument "nope" for "--no-heuristic" flag`, `unknown heuristic "nope" (want one of uuid,date,id,hex)`}}},
	})
}

// TestCollectorTargetRestored: shape and interop set the garbage
// collector's target for their run; the process (tests, a program that
// calls Main) gets its own back, and GOGC, when set, is left alone.
//
// Not in parallel: the target is the process's.
func TestCollectorTargetRestored(t *testing.T) {
	current := func() int { p := debug.SetGCPercent(100); debug.SetGCPercent(p); return p }
	defer debug.SetGCPercent(debug.SetGCPercent(123))
	for _, args := range [][]string{{"shape"}, {"interop"}} {
		for _, gogc := range []string{"", "77"} {
			var during int
			environ := testEnv(t, map[string]string{"GOGC": gogc})
			in := &probe{r: strings.NewReader("http://a/b\nhttp://a/c\n"), read: func() { during = current() }}
			cmd.Main(args, &cmd.IOStreams{In: in, Out: io.Discard, ErrOut: io.Discard, Environ: environ, Getwd: os.Getwd})
			if got := current(); got != 123 {
				t.Errorf("%v, GOGC=%q: target %d after the run, want 123 back", args, gogc, got)
			}
			if gogc != "" && during != 123 {
				t.Errorf("%v, GOGC=%q: target %d during the run, want it left at 123", args, gogc, during)
			}
			if gogc == "" && during == 123 {
				t.Errorf("%v: target left at 123 during the run", args)
			}
		}
	}
}

// probe is a reader that calls read on its first Read, from inside the
// run.
type probe struct {
	r    io.Reader
	read func()
}

func (p *probe) Read(b []byte) (int, error) {
	if p.read != nil {
		p.read()
		p.read = nil
	}
	return p.r.Read(b)
}
