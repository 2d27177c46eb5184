package cmd

import (
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
	Keep   filter.Filter // --has, --ext, --host, ...
	Format *flagval.Choice
	Sample int
	Off    heuristics
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
` + strconv.Itoa(shape.PerShape) + ` bytes.`,
		Example: `  uritool shape < access-log-urls.txt | head
  uritool shape --sample 1 < crawl.txt > one-per-endpoint.txt
  uritool shape --no-heuristic hex --format json < urls.txt`,
		Annotations: map[string]string{
			AnnotationJSONFields: render.ShapeCountTable.Fields().String(),
		},
		ValidArgsFunction: flagval.NoCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			if opts.Sample < 0 {
				return badValue("sample", strconv.Itoa(opts.Sample), "want a count of 1 or more")
			}
			outPal, errPal := opts.palettes()
			table := render.ShapeCountTable
			if opts.Sample > 0 {
				table = render.ShapeSampleTable
			}
			return run(root, args, pipeline.Command[render.Shaped]{
				Filter: &opts.Keep,
				NewOp: func() pipeline.Op[render.Shaped] {
					return &shapeOp{shaper: shape.Shaper{Options: shape.Options{Off: opts.Off.set}}, sample: opts.Sample}
				},
				NewRenderer: tableRenderer(table, opts.Format.Value, render.TextOptions{Out: outPal, Err: errPal, Unaligned: true}),
				InOrder:     true, // counts and samples follow input order
			})
		},
	}
	opts.Format = flagval.AddFormat(c, "text", "json")
	c.Flags().IntVar(&opts.Sample, "sample", 0, "print the first `N` inputs of each shape instead of counts")
	c.Flags().Var(&opts.Off, "no-heuristic", "switch off these heuristics: uuid, date, id, hex")
	_ = c.RegisterFlagCompletionFunc("no-heuristic", flagval.ListCompletion([]string{"uuid", "date", "id", "hex"}))
	_ = c.RegisterFlagCompletionFunc("sample", cobra.NoFileCompletions)
	addFilterFlags(c, &opts.Keep)
	return c
}

// shapeOp counts shapes, or passes the first inputs of each.
type shapeOp struct {
	shaper  shape.Shaper
	sample  int
	counter shape.Counter // with --sample too: the first inputs pass
}

func (o *shapeOp) Do(in *stream.Input, r *render.Shaped) pipeline.Outcome {
	sh, err := o.shaper.Shape(in.Text)
	if err != nil {
		*r = render.Shaped{Outcome: render.Outcome{Line: in.Line, Input: in.Text, Err: finding.Of(err, "uri")}}
		return pipeline.Fail
	}
	if o.sample == 0 {
		o.counter.Count(sh)
		return pipeline.Skip
	}
	if o.counter.Add(sh) <= o.sample {
		*r = render.Shaped{Outcome: render.Outcome{Line: in.Line, Input: in.Text}, Shape: string(sh)}
		return pipeline.Pass
	}
	return pipeline.Skip
}

// Flush gives the counts, most common first, through one result: a crawl
// has many shapes, and a result for each would be garbage.
func (o *shapeOp) Flush(emit func(*render.Shaped)) {
	if o.sample > 0 {
		return
	}
	var r render.Shaped
	for sh, n := range o.counter.Sorted() {
		r = render.Shaped{Shape: sh, Count: n}
		emit(&r)
	}
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
