package pipeline_test

import (
	"bytes"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/uritool/uritool/internal/filter"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/password"
	"github.com/uritool/uritool/internal/pipeline"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/render/results"
	"github.com/uritool/uritool/internal/sink"
	"github.com/uritool/uritool/internal/stream"
	"github.com/uritool/uritool/pkg/uri"
)

// upper is an operation that fails on "bad" and skips "skip".
func upper() pipeline.Op[results.Converted] {
	return pipeline.Func[results.Converted](func(in *stream.Input, r *results.Converted) pipeline.Outcome {
		r.Start(in.Line, in.Text)
		switch in.Text {
		case "bad":
			r.Err = &finding.Finding{Rule: "test", Message: "bad"}
			return pipeline.Fail
		case "skip":
			return pipeline.Skip
		}
		r.Output = strings.ToUpper(in.Text)
		return pipeline.Pass
	})
}

func run(t *testing.T, input string, c pipeline.Command[results.Converted]) (string, stream.Stats) {
	t.Helper()
	var out, errOut bytes.Buffer
	c.NewOp = upper
	c.NewRenderer = func() render.Renderer[results.Converted] {
		return render.NewTableRenderer(results.EncodeTable, render.FormatText, render.TextOptions{Err: render.NewPalette(false, render.Passwords{Find: password.Find, Mask: password.Mask})})
	}
	stats, err := pipeline.Run(pipeline.Env{Stdin: strings.NewReader(input), Stdout: &out, Stderr: &errOut}, nil, c)
	if err != nil {
		t.Fatal(err)
	}
	return out.String(), stats
}

func TestOutcomes(t *testing.T) {
	out, stats := run(t, "a\nskip\nbad\nb\n", pipeline.Command[results.Converted]{})
	if out != "A\n\nB\n" || stats.Checked != 3 || stats.Findings != 1 {
		t.Errorf("out %q, stats %+v", out, stats)
	}
}

func TestUnique(t *testing.T) {
	out, _ := run(t, "a\nbad\nb\na\nB\nb\n", pipeline.Command[results.Converted]{Distinct: pipeline.Unique[results.Converted](true)})
	if out != "A\nB\n" {
		t.Errorf("unique: %q, want %q", out, "A\nB\n")
	}
}

// TestUniqueLines: a result that writes several lines has each admitted
// on its own, by the key Lines gives; a line not offered (a failed
// output's) is kept, but for an empty one, which is dropped.
func TestUniqueLines(t *testing.T) {
	for _, c := range []struct {
		key  func(string) string
		want string
	}{
		{func(s string) string { return s }, "A\nB\nC\nC1\nX!\nX!\nD\n"},
		{func(s string) string { return strings.TrimRight(s, "0123456789") }, "A\nB\nC\nX!\nX!\nD\n"},
	} {
		var out bytes.Buffer
		_, err := pipeline.Run(pipeline.Env{Stdin: strings.NewReader("a,b,a\nb\nbad,c,c\nc1,x!,x!,bad\nd\n"), Stdout: &out, Stderr: &bytes.Buffer{}}, nil, pipeline.Command[results.Converted]{
			NewOp: func() pipeline.Op[results.Converted] {
				op := upper()
				return pipeline.Func[results.Converted](func(in *stream.Input, r *results.Converted) pipeline.Outcome {
					o := op.Do(in, r)
					// An output a line, a failed one ("BAD") empty.
					r.Output = strings.ReplaceAll(strings.ReplaceAll(r.Output, "BAD", ""), ",", "\n")
					return o
				})
			},
			NewRenderer: func() render.Renderer[results.Converted] {
				return render.NewTableRenderer(results.EncodeTable, render.FormatText, render.TextOptions{})
			},
			Distinct: &pipeline.Distinct[results.Converted]{Lines: func(r *results.Converted, i int) (string, bool) {
				line := strings.Split(r.Output, "\n")[i]
				return c.key(line), line != "" && !strings.HasSuffix(line, "!")
			}},
		})
		if err != nil || out.String() != c.want {
			t.Errorf("unique lines: %q, %v; want %q", out.String(), err, c.want)
		}
	}
}

func TestFilter(t *testing.T) {
	f := &filter.Filter{Has: []uri.Component{uri.ComponentQuery}}
	out, _ := run(t, "http://a/?x\nhttp://b/\n%zz\n", pipeline.Command[results.Converted]{Filter: f})
	if out != "HTTP://A/?X\n%ZZ\n" {
		t.Errorf("filter: %q", out)
	}
}

// TestEcho: an input the echo test accepts is written as it stands, uppercase or
// not, and counted as checked; the others take the Op. A filter or
// Distinct sees results, so there it is not used.
func TestEcho(t *testing.T) {
	lower := func() func(string) bool {
		return func(text string) bool { return strings.ToLower(text) == text && text != "bad" && text != "skip" }
	}
	for _, c := range []struct {
		name, in string
		cmd      pipeline.Command[results.Converted]
		want     string
		checked  int
	}{
		{"echo", "a\r\nB\nbad\nskip\nc", pipeline.Command[results.Converted]{NewEcho: lower}, "a\nB\n\nc\n", 4},
		{"filter", "http://a/?x\nhttp://b/\n", pipeline.Command[results.Converted]{NewEcho: lower, Filter: &filter.Filter{Has: []uri.Component{uri.ComponentQuery}}}, "HTTP://A/?X\n", 1},
		// Each distinct output once, the echoed ones too: keyed by
		// their output, or, with Key, by their text.
		{"distinct", "a\nb\na\n", pipeline.Command[results.Converted]{NewEcho: lower, Distinct: pipeline.Unique[results.Converted](true)}, "a\nb\n", 3},
		{"distinct key", "a\nB\na\nb\n", pipeline.Command[results.Converted]{NewEcho: lower, Distinct: &pipeline.Distinct[results.Converted]{Key: func(r *results.Converted) string { return strings.ToLower(r.Output) }}}, "a\nB\n", 4},
		{"distinct lines", "a\nb\na\n", pipeline.Command[results.Converted]{NewEcho: lower, Distinct: &pipeline.Distinct[results.Converted]{Lines: func(r *results.Converted, _ int) (string, bool) { return r.Output, true }}}, "A\nB\n", 3},
	} {
		out, stats := run(t, c.in, c.cmd)
		if out != c.want || stats.Checked != c.checked {
			t.Errorf("%s: out %q, checked %d; want %q, %d", c.name, out, stats.Checked, c.want, c.checked)
		}
	}
}

// recordFunc renders a result with a function, as a record renderer does.
type recordFunc func(s *sink.Sink, r *results.Converted)

func (f recordFunc) Render(s *sink.Sink, r *results.Converted) { f(s, r) }

// TestEchoRecord: where an echo's output is a record, the record learnt
// from the sentinels is the one the renderer writes, and where a record
// depends on more than the text (its line, an escape), or too few
// sentinels pass the test to tell, there is no echo.
func TestEchoRecord(t *testing.T) {
	const in = "a\nx\nbad\nhttp://q/?a=1&b\nB\n"
	json := func() render.Renderer[results.Converted] {
		return render.NewTableRenderer(results.EncodeTable, render.FormatJSON, render.TextOptions{Err: render.NewPalette(false, render.Passwords{Find: password.Find, Mask: password.Mask})})
	}
	withLine := func() render.Renderer[results.Converted] {
		return recordFunc(func(s *sink.Sink, r *results.Converted) { fmt.Fprintf(s.Out, "%d %s\n", r.Line, r.Output) })
	}
	escaping := func() render.Renderer[results.Converted] {
		return recordFunc(func(s *sink.Sink, r *results.Converted) {
			fmt.Fprintf(s.Out, "<%s>\n", strings.ReplaceAll(r.Output, "&", "&amp;"))
		})
	}
	// The Op passes its input on as it is, but for "x" and "bad".
	all := func(text string) bool { return text != "x" && text != "bad" }
	// Of the sentinels, only "urn:echo:c" passes.
	oneSentinel := func(text string) bool {
		return all(text) && !strings.Contains(text, "//") && !strings.Contains(text, "echo.invalid")
	}
	for _, c := range []struct {
		name   string
		render func() render.Renderer[results.Converted]
		test   func(string) bool
		echoed bool
	}{
		{"json", json, all, true},
		{"line number", withLine, all, false},
		{"escape", escaping, all, false},
		{"one sentinel", json, oneSentinel, false},
	} {
		var seen []string // inputs the Op saw, not the sentinels
		var mu sync.Mutex
		op := func() pipeline.Op[results.Converted] {
			return pipeline.Func[results.Converted](func(in *stream.Input, r *results.Converted) pipeline.Outcome {
				r.Start(in.Line, in.Text)
				if !strings.Contains(in.Text, "echo") && !strings.Contains(in.Text, "2001:db8") {
					mu.Lock()
					seen = append(seen, in.Text)
					mu.Unlock()
				}
				switch in.Text {
				case "bad":
					r.Err = &finding.Finding{Rule: "test", Message: "bad"}
					return pipeline.Fail
				case "x":
					r.Output = "X"
				default:
					r.Output = in.Text
				}
				return pipeline.Pass
			})
		}
		runWith := func(echo bool) string {
			var out, errOut bytes.Buffer
			cmd := pipeline.Command[results.Converted]{NewOp: op, NewRenderer: c.render}
			if echo {
				cmd.NewEcho, cmd.EchoRecord = func() func(string) bool { return c.test }, true
			}
			if _, err := pipeline.Run(pipeline.Env{Stdin: strings.NewReader(in), Stdout: &out, Stderr: &errOut}, nil, cmd); err != nil {
				t.Fatal(err)
			}
			return out.String()
		}
		want := runWith(false)
		seen = nil
		got := runWith(true)
		if got != want {
			t.Errorf("%s: echoed %q, want %q", c.name, got, want)
		}
		if echoed := len(seen) < 5; echoed != c.echoed {
			t.Errorf("%s: the Op saw %q: echoed %v, want %v", c.name, seen, echoed, c.echoed)
		}
	}
}

// held is a block's inputs, passed on to be gathered into texts.
type held struct {
	texts *[]string
	block []string
}

func (h *held) Gather(*sink.Sink) {
	*h.texts = append(*h.texts, h.block...)
	h.block = h.block[:0]
}

type writes struct {
	bytes.Buffer
	n int
}

func (w *writes) Write(p []byte) (int, error) {
	w.n++
	return w.Buffer.Write(p)
}

// TestFinishWrittenAsItComes: what the blocks carried is gathered in
// input order over several workers, and what Finish writes of it is
// written out as it is rendered, not held whole until the last.
func TestFinishWrittenAsItComes(t *testing.T) {
	var input strings.Builder
	for i := range 20000 {
		fmt.Fprintf(&input, "%0199d\n", i)
	}
	var out writes
	var texts []string
	_, err := pipeline.Run(pipeline.Env{Stdin: strings.NewReader(input.String()), Stdout: &out, Stderr: &bytes.Buffer{}}, nil, pipeline.Command[results.Converted]{
		NewOp: func() pipeline.Op[results.Converted] {
			return pipeline.Func[results.Converted](func(in *stream.Input, _ *results.Converted) pipeline.Outcome {
				h := sink.CarryOf(in.Carry, func() *held { return &held{texts: &texts} })
				h.block = append(h.block, strings.Clone(in.Text))
				return pipeline.Skip
			})
		},
		NewRenderer: func() render.Renderer[results.Converted] { return nil },
		Finish: func(s *sink.Sink) {
			rd := render.NewTableRenderer(results.EncodeTable, render.FormatText, render.TextOptions{})
			var r results.Converted
			for i, text := range texts {
				r.Start(i+1, text)
				r.Output = text
				rd.Render(s, &r)
				s.Spill()
			}
		},
	})
	if err != nil || out.String() != input.String() {
		t.Fatalf("err %v, %d bytes out, want the %d of the input in order", err, out.Len(), input.Len())
	}
	if out.n < 2 {
		t.Errorf("%d bytes written at once, want them written as they came", input.Len())
	}
}

// TestDistinctAcrossWorkers: over many blocks and workers, --unique keeps
// the first of each output in input order, and a key and an admit of the
// command's own decide as the default does.
func TestDistinctAcrossWorkers(t *testing.T) {
	var input, want, firstTwo strings.Builder
	count := map[int]int{}
	for i := range 100000 {
		k := (i * 7919) % 1000
		fmt.Fprintf(&input, "x%d\n", k)
		if count[k]++; count[k] == 1 {
			fmt.Fprintf(&want, "X%d\n", k)
		}
		if count[k] <= 2 {
			fmt.Fprintf(&firstTwo, "X%d\n", k)
		}
	}
	out, _ := run(t, input.String(), pipeline.Command[results.Converted]{Distinct: pipeline.Unique[results.Converted](true)})
	if out != want.String() {
		t.Errorf("unique: %d bytes, want %d", len(out), want.Len())
	}
	seen := map[string]int{}
	out, _ = run(t, input.String(), pipeline.Command[results.Converted]{Distinct: &pipeline.Distinct[results.Converted]{
		Key: func(r *results.Converted) string { return r.Output },
		Admit: func(keys []byte, ends []int, admit []bool) {
			start := 0
			for i, end := range ends {
				key := string(keys[start:end])
				seen[key]++
				admit[i] = seen[key] <= 2
				start = end
			}
		},
	}})
	if out != firstTwo.String() {
		t.Errorf("first two of each key: %d bytes, want %d", len(out), firstTwo.Len())
	}
	// With Refuse, which the workers ask, by the counts Admit keeps as
	// blocks are written: the same, with most inputs refused there. The
	// input is some ten blocks; on two Ps all but the first two are cut
	// after the first is written, where 16 workers took them all before
	// and refused few.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	var counts [1000]atomic.Int32
	var refused atomic.Int64
	keyOf := func(key []byte) int { k, _ := strconv.Atoi(string(key[1:])); return k }
	out, _ = run(t, input.String(), pipeline.Command[results.Converted]{Distinct: &pipeline.Distinct[results.Converted]{
		Key: func(r *results.Converted) string { return r.Output },
		Admit: func(keys []byte, ends []int, admit []bool) {
			start := 0
			for i, end := range ends {
				admit[i] = counts[keyOf(keys[start:end])].Add(1) <= 2
				start = end
			}
		},
		Refuse: func(keys []byte, ends []int, refuse []bool) {
			start := 0
			for i, end := range ends {
				refuse[i] = counts[keyOf(keys[start:end])].Load() >= 2
				if refuse[i] {
					refused.Add(1)
				}
				start = end
			}
		},
	}})
	if out != firstTwo.String() || refused.Load() < 50000 {
		t.Errorf("first two of each key, with Refuse: %d bytes, want %d; %d refused by workers", len(out), firstTwo.Len(), refused.Load())
	}
}

// TestDistinctLines: with Lines, each line of a result is kept or dropped
// on its own, by its own key, in input order over many blocks; a failed
// input keeps its diagnostic and offers nothing.
func TestDistinctLines(t *testing.T) {
	var input, want strings.Builder
	seen := map[string]bool{}
	for i := range 30000 {
		// Three items an input, the key of each its first byte and
		// what follows a ":" ignored: keys repeat across inputs and
		// within one.
		items := []string{fmt.Sprintf("k%d:%d", i%500, i), fmt.Sprintf("k%d:x", (i*7)%900), fmt.Sprintf("k%d:y", i%500)}
		fmt.Fprintf(&input, "%s\n", strings.Join(items, " "))
		if i%1000 == 999 {
			input.WriteString("bad\n")
		}
		for _, it := range items {
			if k, _, _ := strings.Cut(it, ":"); !seen[k] {
				seen[k] = true
				want.WriteString(strings.ToUpper(it) + "\n")
			}
		}
	}
	var out, errOut bytes.Buffer
	_, err := pipeline.Run(pipeline.Env{Stdin: strings.NewReader(input.String()), Stdout: &out, Stderr: &errOut}, nil, pipeline.Command[results.Converted]{
		NewOp: func() pipeline.Op[results.Converted] {
			op := upper()
			return pipeline.Func[results.Converted](func(in *stream.Input, r *results.Converted) pipeline.Outcome {
				o := op.Do(in, r)
				r.Output = strings.ReplaceAll(r.Output, " ", "\n")
				return o
			})
		},
		NewRenderer: func() render.Renderer[results.Converted] {
			return render.NewTableRenderer(results.EncodeTable, render.FormatText, render.TextOptions{Err: render.NewPalette(false, render.Passwords{Find: password.Find, Mask: password.Mask})})
		},
		Distinct: &pipeline.Distinct[results.Converted]{Lines: func(r *results.Converted, i int) (string, bool) {
			if r.Err != nil {
				return "", false
			}
			k, _, _ := strings.Cut(strings.Split(r.Output, "\n")[i], ":")
			return k, true
		}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if out.String() != want.String() {
		t.Errorf("distinct lines: %d bytes, want %d; starts %q", out.Len(), want.Len(), head(out.String()))
	}
	if n := strings.Count(errOut.String(), "[test]"); n != 30 {
		t.Errorf("%d diagnostics of a failed input, want 30", n)
	}
}

func head(s string) string { return s[:min(len(s), 80)] }

// BenchmarkPlug is the cost of the plug alone: the stream, the generic
// worker, an outcome and a renderer, around an operation that does
// nothing but hand its input on. ns/op is per line; run it with -cpu 1
// to compare with the one-core line copy of bench/run.
func BenchmarkPlug(b *testing.B) {
	var input bytes.Buffer
	for i := range 20000 {
		fmt.Fprintf(&input, "https://example.com/some/path/%d?query=value#fragment\n", i)
	}
	data := input.Bytes()
	lines := 20000
	c := pipeline.Command[results.Converted]{
		NewOp: func() pipeline.Op[results.Converted] {
			return pipeline.Func[results.Converted](func(in *stream.Input, r *results.Converted) pipeline.Outcome {
				r.Start(in.Line, in.Text)
				r.Output = in.Text
				return pipeline.Pass
			})
		},
		NewRenderer: func() render.Renderer[results.Converted] {
			return render.NewTableRenderer(results.EncodeTable, render.FormatText, render.TextOptions{})
		},
	}
	b.SetBytes(int64(len(data)) / int64(lines))
	b.ResetTimer()
	for i := 0; i < b.N; i += lines {
		if _, err := pipeline.Run(pipeline.Env{Stdin: bytes.NewReader(data), Stdout: io.Discard, Stderr: io.Discard}, nil, c); err != nil {
			b.Fatal(err)
		}
	}
}

// TestStdinHint: a person at a terminal is told what each line of
// standard input should hold, and a pipe is told nothing.
func TestStdinHint(t *testing.T) {
	for _, c := range []struct {
		lines string
		tty   bool
		want  string
	}{
		{"", true, "uritool: reading references from standard input, one per line; end with Ctrl-D\n"},
		{"pairs (BASE<TAB>REF, or JSON records)", true, "uritool: reading pairs (BASE<TAB>REF, or JSON records) from standard input, one per line; end with Ctrl-D\n"},
		{"pairs", false, ""},
	} {
		var out, errOut bytes.Buffer
		env := pipeline.Env{Stdin: strings.NewReader("a\n"), Stdout: &out, Stderr: &errOut,
			IsTerminal: func(io.Reader) bool { return c.tty }}
		_, err := pipeline.Run(env, nil, pipeline.Command[results.Converted]{Lines: c.lines, NewOp: upper,
			NewRenderer: func() render.Renderer[results.Converted] {
				return render.NewTableRenderer(results.EncodeTable, render.FormatText, render.TextOptions{})
			}})
		if err != nil || errOut.String() != c.want || out.String() != "A\n" {
			t.Errorf("Lines %q, terminal %v: err %v, stderr %q, stdout %q; want stderr %q", c.lines, c.tty, err, errOut.String(), out.String(), c.want)
		}
	}
}
