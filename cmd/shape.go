package cmd

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/filter"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/flagval"
	"github.com/uritool/uritool/internal/pipeline"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/shape"
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
			AnnotationJSONFields: render.ShapeCountTable.Fields().String(),
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
			table := render.ShapeCountTable
			if opts.Sample > 0 {
				table = render.ShapeSampleTable
			}
			// The counts are nearly all of shape's heap, and the runtime
			// collects only once the garbage equals the live heap: the
			// errors and diagnostics of invalid inputs could pile up to
			// the size of the counts before a collection. A tenth keeps
			// memory to what the distinct shapes need.
			defer root.collectAt(10)()
			counts := &shapeCounts{counter: shape.Counter{Max: opts.MaxShapes}}
			var summary func(stream.Stats) string
			if opts.MaxShapes > 0 {
				summary = func(stream.Stats) string { return counts.dropSummary() }
			}
			// Counts follow input order (ties, --max-shapes) with shapes
			// worked out on every worker: each hands its shapes on, and
			// collect counts them unit by unit in input order. Samples are
			// the first inputs of each shape, which one worker sees in order.
			var collect func([]byte)
			if opts.Sample == 0 {
				collect = counts.collect
			}
			return run(root, args, pipeline.Command[render.Shaped]{
				Filter: &opts.Keep,
				NewOp: func() pipeline.Op[render.Shaped] {
					return &shapeOp{shaper: shape.Shaper{Options: shape.Options{Off: opts.Off.set}}, sample: opts.Sample, counts: counts}
				},
				NewRenderer: tableRenderer(table, opts.Format.Value, render.TextOptions{Out: outPal, Err: errPal, Unaligned: true}),
				InOrder:     opts.Sample > 0,
				Collect:     collect,
				Summary:     summary,
			})
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

// shapeCounts is the one count of shapes of a run, which every worker's
// shapeOp shares.
type shapeCounts struct {
	counter shape.Counter // with --sample too: the first inputs pass
	flushed bool          // the counts were given (by the first worker's Flush)
}

// collect counts the shapes a unit's inputs were given, which shapeOp.Do
// carried as a length (uvarint) and the shape's bytes each.
func (c *shapeCounts) collect(carry []byte) {
	for len(carry) > 0 {
		n, k := binary.Uvarint(carry)
		end := k + int(n)
		c.counter.Count(carry[k:end])
		carry = carry[end:]
	}
}

// shapeOp works out shapes and hands them on to be counted, or, with
// --sample, counts them itself and passes the first inputs of each.
type shapeOp struct {
	shaper shape.Shaper
	sample int
	counts *shapeCounts
}

func (o *shapeOp) Do(in *stream.Input, r *render.Shaped) pipeline.Outcome {
	sh, err := o.shaper.Shape(in.Text)
	if err != nil {
		*r = render.Shaped{Outcome: render.Outcome{Line: in.Line, Input: in.Text, Err: finding.Of(err, "uri")}}
		return pipeline.Fail
	}
	if o.sample == 0 {
		*in.Carry = append(binary.AppendUvarint(*in.Carry, uint64(len(sh))), sh...)
		return pipeline.Skip
	}
	if n := o.counts.counter.Add(sh); n > 0 && n <= o.sample { // 0: dropped by --max-shapes
		*r = render.Shaped{Outcome: render.Outcome{Line: in.Line, Input: in.Text}, Shape: string(sh)}
		return pipeline.Pass
	}
	return pipeline.Skip
}

// Flush gives the counts, most common first, through one result: a crawl
// has many shapes, and a result for each would be garbage. Under
// --max-shapes a closing record says what was dropped, even if nothing
// was, so that a script finds it in every run.
func (o *shapeOp) Flush(emit func(*render.Shaped)) {
	if o.counts.flushed {
		return
	}
	o.counts.flushed = true
	c := &o.counts.counter
	var r render.Shaped
	if o.sample == 0 {
		for sh, n := range c.Sorted() {
			r = render.Shaped{Shape: sh, Count: n}
			emit(&r)
		}
	}
	if c.Max > 0 {
		inputs, shapes := c.Dropped()
		r = render.Shaped{Dropped: true, DroppedInputs: inputs, DroppedShapes: shapes}
		emit(&r)
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
