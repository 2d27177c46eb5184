package cmd

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/ascii"
	"github.com/uritool/uritool/internal/errfinding"
	"github.com/uritool/uritool/internal/filter"
	"github.com/uritool/uritool/internal/flagval"
	"github.com/uritool/uritool/internal/pipeline"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/render/results"
	"github.com/uritool/uritool/internal/shape"
	"github.com/uritool/uritool/internal/sink"
	"github.com/uritool/uritool/internal/stream"
)

// ShapeOptions are the options of uritool shape.
type ShapeOptions struct {
	*RootOptions
	Keep      filter.Filter // --has, --ext, --host, ...
	Format    *flagval.Choice
	Sample    int
	MaxShapes int
	Off       heuristics
}

// NewShapeCmd builds uritool shape.
func NewShapeCmd(root *RootOptions) *cobra.Command {
	opts := &ShapeOptions{RootOptions: root}
	var list strings.Builder
	for _, h := range []shape.Heuristic{shape.UUID, shape.Date, shape.Decimal, shape.Hex} {
		list.WriteString("  " + h.String() + strings.Repeat(" ", 6-len(h.String())) + h.Description() + "\n")
	}
	c := &cobra.Command{
		Use:   "shape [flags] [REF ...]",
		Short: "Group URLs by shape: the templates of a URL list, with counts",
		Long: `Read a list of URI references and print each distinct shape as an RFC 6570
URI Template with the number of inputs of that shape, most common first
(ties in the order first seen): https://example.com/users/{id}/edit{?page,sort}.

A shape keeps the scheme, host, port and path as written, except that a path
segment that looks like an identifier becomes a variable; query values are
dropped and the keys kept, in the order first seen; userinfo and fragment are
dropped. The heuristics, tried in this order, each switched off with
--no-heuristic NAME:

` + list.String() + `
--sample N prints instead, as they come, the first N inputs of each shape: a
de-duplication by shape. An input that is not a URI reference is reported on
stderr and counts as a finding (exit 1). Memory grows with the number of
distinct shapes only, not of inputs: each takes its length plus at most
` + strconv.Itoa(shape.PerShape) + ` bytes.

--max-shapes N keeps the first N distinct shapes and drops the inputs of any
later one, so that memory stops growing there, for crawls with millions of
shapes. The end of the run says on stderr what was dropped: how many inputs,
exactly, and about how many other shapes they had (an estimate, within about
1%); with --format json, a closing record says it too. Dropping is not a
finding: the exit status stays that of the inputs.`,
		Example: `  uritool shape < access-log-urls.txt | head
  uritool shape --sample 1 < crawl.txt > one-per-endpoint.txt
  uritool shape --no-heuristic hex --format json < urls.txt
  uritool shape --max-shapes 100000 < crawl.txt > shapes.txt`,
		Annotations: map[string]string{
			AnnotationJSONFields: results.ShapeCountTable.Fields().String(),
		},
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			if opts.Sample < 0 {
				return badValue("sample", strconv.Itoa(opts.Sample), "want a count of 1 or more")
			}
			if opts.MaxShapes < 0 {
				return badValue("max-shapes", strconv.Itoa(opts.MaxShapes), "want a count of 1 or more, or 0 for no cap")
			}
			outPal, errPal := opts.palettes()
			table := results.ShapeCountTable
			if opts.Sample > 0 {
				table = results.ShapeSampleTable
			}
			// The counts are nearly all of shape's heap, and the runtime
			// collects only once the garbage equals the live heap: the
			// errors and diagnostics of invalid inputs could pile up to
			// the size of the counts before a collection. A tenth keeps
			// memory to what the distinct shapes need.
			defer root.collectAt(10)()
			counts := &shapeCounts{counter: shape.NewCounter(opts.MaxShapes), sample: opts.Sample,
				render: tableRenderer(table, opts.Format.Value, render.TextOptions{Out: outPal, Err: errPal, Unaligned: true})}
			var summary func(stream.Stats) string
			if opts.MaxShapes > 0 {
				summary = func(stream.Stats) string { return counts.dropSummary() }
			}
			cmd := pipeline.Command[results.Shaped]{
				Filter:      &opts.Keep,
				NewOp:       func() pipeline.Op[results.Shaped] { return counts.newOp(shape.Options{Off: opts.Off.set}) },
				NewRenderer: counts.render,
				Finish:      counts.finish,
				Summary:     summary,
			}
			// Shapes are worked out on every worker and counted in input
			// order (ties, --max-shapes), as the blocks are gathered: each
			// block carries its shapes, or, with --sample, its inputs, of
			// which the first of each shape are written.
			if opts.Sample > 0 {
				cmd.Distinct = &pipeline.Distinct[results.Shaped]{Key: func(r *results.Shaped) string { return r.Shape }, Admit: counts.admit, Refuse: counts.refuse}
			}
			return run(root, args, cmd)
		},
	}
	opts.Format = flagval.AddFormat(c, "text", "json")
	c.Flags().IntVar(&opts.Sample, "sample", 0, "print the first `N` inputs of each shape instead of counts")
	c.Flags().IntVar(&opts.MaxShapes, "max-shapes", 0, "keep the first `N` distinct shapes, drop the inputs of later ones and say how many (0: no cap)")
	c.Flags().Var(&opts.Off, "no-heuristic", "switch off these heuristics: uuid, date, id, hex")
	_ = c.RegisterFlagCompletionFunc("no-heuristic", flagval.ListCompletion([]string{"uuid", "date", "id", "hex"}))
	_ = c.RegisterFlagCompletionFunc("sample", cobra.NoFileCompletions)
	_ = c.RegisterFlagCompletionFunc("max-shapes", cobra.NoFileCompletions)
	addFilterFlags(c, &opts.Keep)
	return c
}

// shapeCounts is the one count of shapes of a run, kept in the goroutine
// that gathers the blocks.
type shapeCounts struct {
	counter *shape.Counter // with --sample too: the first inputs pass
	sample  int
	counts  []int // admit's, for a block's shapes
	render  func() render.Renderer[results.Shaped]
}

// shapeCarry is what of a block's shapes is left to count in input
// order, with their sums: the workers work those out, and count the
// inputs of the shapes the counter holds already, so that the one
// goroutine that counts need not.
type shapeCarry struct {
	_       sink.CacheLinePad
	counter *shape.Counter
	shapes  []byte
	ends    []int
	sums    []uint64
	looked  int // the first entries, those AddKnown left
	_       sink.CacheLinePad
}

// knownBatch is how many shapes a worker holds before it counts those
// the counter knows: two of AddKnown's batches. The fewer, the more of a
// block's last shapes Gather counts.
const knownBatch = 64

// add hands on one input's shape, whose sum is sum.
func (c *shapeCarry) add(sh []byte, sum uint64) {
	c.shapes = append(c.shapes, sh...)
	c.ends = append(c.ends, len(c.shapes))
	c.sums = append(c.sums, sum)
	if len(c.ends)-c.looked >= knownBatch {
		c.countKnown()
	}
}

// countKnown counts the inputs of the shapes the counter holds among
// those not looked up yet, and keeps the others.
func (c *shapeCarry) countKnown() {
	n := c.counter.AddKnown(c.shapes, c.ends, c.sums, c.looked)
	end := 0
	if n > 0 {
		end = c.ends[n-1]
	}
	c.shapes, c.ends, c.sums, c.looked = c.shapes[:end], c.ends[:n], c.sums[:n], n
}

func (c *shapeCarry) Gather(*sink.Sink) {
	c.counter.AddAll(c.shapes, c.ends, c.sums, nil)
	c.shapes, c.ends, c.sums, c.looked = c.shapes[:0], c.ends[:0], c.sums[:0], 0
}

func (c *shapeCounts) newOp(so shape.Options) pipeline.Op[results.Shaped] {
	o := &shapeOp{shaper: shape.Shaper{Options: so}, sample: c.sample > 0}
	o.newCarry = func() *shapeCarry { return &shapeCarry{counter: c.counter} }
	return o
}

// admit passes the first inputs of each shape, with --sample: a block's
// shapes are counted together, so that their lookups overlap.
func (c *shapeCounts) admit(shapes []byte, ends []int, admit []bool) {
	c.counts = slices.Grow(c.counts[:0], len(ends))[:len(ends)]
	c.counter.AddAll(shapes, ends, nil, c.counts)
	for i, n := range c.counts {
		admit[i] = n > 0 && n <= c.sample // 0: dropped by --max-shapes
	}
}

// refuse refuses, on a worker, the inputs of the shapes counted --sample
// times: counts grow as blocks are written, in input order, and the
// block at hand is not written yet, so such a shape was counted that
// often by inputs before these, which are not among its first.
func (c *shapeCounts) refuse(shapes []byte, ends []int, refuse []bool) {
	c.counter.Reached(shapes, ends, c.sample, refuse)
}

// shapeOp works out shapes and hands them on to be counted, or, with
// --sample, passes each input with its shape, for admit.
type shapeOp struct {
	_        sink.CacheLinePad
	shaper   shape.Shaper
	sample   bool
	newCarry func() *shapeCarry
	_        sink.CacheLinePad
}

func (o *shapeOp) Do(in *stream.Input, r *results.Shaped) pipeline.Outcome {
	sh, err := o.shaper.Shape(in.Text)
	if err != nil {
		*r = results.Shaped{Subject: render.Subject{Line: in.Line, Input: in.Text, Err: errfinding.Of(err, "uri")}}
		return pipeline.Fail
	}
	if !o.sample {
		c := sink.CarryOf(in.Carry, o.newCarry)
		c.add(sh, c.counter.Sum(sh))
		return pipeline.Skip
	}
	// The shaper's buffer, valid until the next input: admit reads it
	// from the result before then.
	*r = results.Shaped{Subject: render.Subject{Line: in.Line, Input: in.Text}, Shape: ascii.View(sh)}
	return pipeline.Pass
}

// finish gives the counts, most common first, through one result: a
// crawl has many shapes, and a result for each would be garbage. Under
// --max-shapes a closing record says what was dropped, even if nothing
// was, so that a script finds it in every run.
func (c *shapeCounts) finish(s *sink.Sink) {
	rd := c.render()
	var r results.Shaped
	if c.sample == 0 {
		for sh, n := range c.counter.Sorted() {
			r = results.Shaped{Shape: sh, Count: n}
			rd.Render(s, &r)
			s.Spill()
		}
	}
	if c.counter.Max > 0 {
		inputs, shapes := c.counter.Dropped()
		r = results.Shaped{Dropped: true, DroppedInputs: inputs, DroppedShapes: shapes}
		rd.Render(s, &r)
	}
}

// dropSummary is the stderr line of --max-shapes.
func (c *shapeCounts) dropSummary() string {
	kept := fmt.Sprintf("--max-shapes %d: %d shape(s) kept", c.counter.Max, c.counter.Len())
	inputs, shapes := c.counter.Dropped()
	if inputs == 0 {
		return kept + ", none dropped"
	}
	return kept + fmt.Sprintf("; %d input(s) of about %d other shape(s) dropped", inputs, shapes)
}

// heuristics is --no-heuristic: names of shape heuristics.
type heuristics struct{ set shape.Heuristic }

func (h *heuristics) Type() string { return "NAME,..." }
func (h *heuristics) String() string {
	if h.set == 0 {
		return ""
	}
	return h.set.String()
}
func (h *heuristics) Set(s string) error {
	for _, name := range strings.Split(s, ",") {
		one, err := shape.ParseHeuristic(name)
		if err != nil {
			return err
		}
		h.set |= one
	}
	return nil
}
