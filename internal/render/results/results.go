// Package results holds the results of the commands that print through a
// render.Table (normalize, resolve, relativize, equal, edit, encode,
// decode, to-uri, to-iri, expand, match, recompose, shape, config), each
// with its table: the keys of its JSON record, with their docs, and its
// text line. An operation fills a result; its table prints it.
package results

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/uritool/uritool/internal/edit"
	"github.com/uritool/uritool/internal/explain"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/render/explainer"
	"github.com/uritool/uritool/internal/sink"
	"github.com/uritool/uritool/pkg/uritemplate"
)

// Normalized is normalize's result for one input.
type Normalized struct {
	render.Subject
	Original    string // the input line, before --default-scheme
	IRI         bool   // read as an IRI, so its text may need escaping
	SchemeAdded bool
	Normal      string
	Changed     bool
	Explain     bool // --explain: Steps say how Input became Normal
	Steps       []explain.Step
}

// plain reports whether r's texts are valid URIs, which JSON holds as
// they are.
func (r *Normalized) plain() bool { return r.Err == nil && !r.IRI }

// NormalizeTable writes normalize's results; NormalizeCheckTable is the
// same but for the text of --check, which lists the inputs that change.
var NormalizeTable = &render.Table[Normalized]{
	Per: "input",
	Keys: []render.Key[Normalized]{
		{Name: "input", Doc: "the input", Write: func(b []byte, r *Normalized) []byte { return render.AppendPlainOr(b, r.Input, r.plain()) }},
		{Name: "normalized", Doc: "the normal form, or null when the input is invalid",
			Write: func(b []byte, r *Normalized) []byte {
				return render.AppendOptPlainOr(b, r.Normal, r.Err == nil, r.plain())
			}},
		{Name: "changed", Doc: "whether normalizing changed it, or null",
			Write: func(b []byte, r *Normalized) []byte { return render.AppendOptBool(b, r.Changed, r.Err == nil) }},
		schemeAddedKey(func(r *Normalized) bool { return r.SchemeAdded }),
	},
	Subject: func(r *Normalized) *render.Subject { return &r.Subject },
	Text: func(w *sink.Part, r *Normalized, o *render.TextOptions) {
		if r.Explain {
			explainer.Normalization(w, o, r.Line, r.Input, r.Steps, r.Normal)
			return
		}
		w.WriteInputLine(r.Normal)
	},
}

var NormalizeCheckTable = &render.Table[Normalized]{
	Per: "input", Keys: NormalizeTable.Keys, Subject: func(r *Normalized) *render.Subject { return &r.Subject },
	Text: func(w *sink.Part, r *Normalized, _ *render.TextOptions) { w.WriteInputLine(r.Original) },
}

// schemeAddedKey is the key that says --default-scheme added the scheme;
// it is there only then.
func schemeAddedKey[R any](added func(r *R) bool) render.Key[R] {
	return render.Key[R]{Name: "scheme_added", Doc: "true when --default-scheme added the scheme (absent\notherwise); input is then the reference read",
		Write: func(b []byte, r *R) []byte { return render.AppendBool(b, true) }, Only: added}
}

// Resolved is resolve's result for one reference.
type Resolved struct {
	render.Subject
	Base    string
	Ref     string // with resolve --pairs or --ref, the reference; else Input is
	Target  string
	Explain bool // --explain: Trace says how
	Trace   explain.Trace
}

var ResolveTable = &render.Table[Resolved]{
	Per: "reference",
	Keys: []render.Key[Resolved]{
		{Name: "base", Doc: "the base as given", Write: func(b []byte, r *Resolved) []byte { return render.AppendPlainOr(b, r.Base, true) }},
		{Name: "ref", Doc: "the reference", Write: func(b []byte, r *Resolved) []byte { return render.AppendPlainOr(b, r.Input, r.Err == nil) }},
		{Name: "target", Doc: "the resolved URI, or null when resolution failed",
			Write: func(b []byte, r *Resolved) []byte { return render.AppendOptPlainOr(b, r.Target, r.Err == nil, true) }},
	},
	Subject: func(r *Resolved) *render.Subject { return &r.Subject },
	Text: func(w *sink.Part, r *Resolved, o *render.TextOptions) {
		if r.Explain {
			explainer.Resolution(w, o, r.Line, r.Base, r.Input, r.Trace)
			return
		}
		w.WriteInputLine(r.Target)
	},
}

// ResolvePairsTable writes resolve's results when each input brings its
// base (--pairs) or is the base (--ref): the input is the pair, or the
// base, and the record names both.
var ResolvePairsTable = &render.Table[Resolved]{
	Per: "input",
	Keys: []render.Key[Resolved]{
		{Name: "base", Doc: "the base as read (\"\" when the input is no pair)",
			Write: func(b []byte, r *Resolved) []byte { return render.AppendString(b, r.Base) }},
		{Name: "ref", Doc: "the reference as read (\"\" when the input is no pair)",
			Write: func(b []byte, r *Resolved) []byte { return render.AppendString(b, r.Ref) }},
		{Name: "target", Doc: "the resolved URI, or null when resolution failed",
			Write: func(b []byte, r *Resolved) []byte { return render.AppendOptPlainOr(b, r.Target, r.Err == nil, true) }},
	},
	Subject: func(r *Resolved) *render.Subject { return &r.Subject },
	Text:    func(w *sink.Part, r *Resolved, _ *render.TextOptions) { w.WriteLine(r.Target) },
}

// Relativized is relativize's result for one target.
type Relativized struct {
	render.Subject
	Base string
	Ref  string
}

var RelativizeTable = &render.Table[Relativized]{
	Per: "target",
	Keys: []render.Key[Relativized]{
		{Name: "base", Doc: "the base as given", Write: func(b []byte, r *Relativized) []byte { return render.AppendPlainOr(b, r.Base, true) }},
		{Name: "target", Doc: "the target", Write: func(b []byte, r *Relativized) []byte { return render.AppendPlainOr(b, r.Input, r.Err == nil) }},
		{Name: "ref", Doc: "the shortest reference from base to target, or null",
			Write: func(b []byte, r *Relativized) []byte { return render.AppendOptPlainOr(b, r.Ref, r.Err == nil, true) }},
	},
	Subject: func(r *Relativized) *render.Subject { return &r.Subject },
	Text:    func(w *sink.Part, r *Relativized, _ *render.TextOptions) { w.WriteLine(r.Ref) },
}

// Compared is equal's result for one B.
type Compared struct {
	render.Subject
	A, NormalA, NormalB string
	Equal               bool
}

var EqualTable = &render.Table[Compared]{
	Per: "B",
	Keys: []render.Key[Compared]{
		{Name: "a", Doc: "the input A", Write: func(b []byte, r *Compared) []byte { return render.AppendPlainOr(b, r.A, true) }},
		{Name: "b", Doc: "the input B", Write: func(b []byte, r *Compared) []byte { return render.AppendPlainOr(b, r.Input, r.Err == nil) }},
		{Name: "normalized_a", Doc: "the scheme-based normal form of A", Write: func(b []byte, r *Compared) []byte { return render.AppendPlainOr(b, r.NormalA, true) }},
		{Name: "normalized_b", Doc: "that of B, or null for an invalid B",
			Write: func(b []byte, r *Compared) []byte { return render.AppendOptPlainOr(b, r.NormalB, r.Err == nil, true) }},
		{Name: "equal", Doc: "true when those are the same, null for an invalid B",
			Write: func(b []byte, r *Compared) []byte { return render.AppendOptBool(b, r.Equal, r.Err == nil) }},
	},
	Subject: func(r *Compared) *render.Subject { return &r.Subject },
	Text: func(w *sink.Part, r *Compared, _ *render.TextOptions) {
		if r.Equal {
			w.WriteLine("equivalent")
			return
		}
		w.WriteLine("different\t" + r.NormalA + "\t" + r.NormalB)
	},
}

// Edited is edit's result for one input. With --iterate, and with a
// values edit of several values or --each, it holds a record of its own
// for each output, which the renderer writes in its place.
type Edited struct {
	render.Subject
	SchemeAdded bool
	Output      string
	// Iterating says the result is --iterate's: Values are the values a
	// combination took, in the order of the flags.
	Iterating bool
	Values    []Chosen
	// Replacing says the edits hold a values edit: Replaced are the pairs
	// whose values the output replaced, in the order of the query.
	Replacing bool
	Replaced  []edit.Replaced
	// Iterations are the records of every output of the input, when it
	// has several.
	Iterations []Edited
}

// Chosen is the value one --iterate took.
type Chosen struct{ Comp, Value string }

var EditTable = &render.Table[Edited]{
	Per:  "input",
	Note: "With --iterate, and with --values-from or --each, one object per output\ninstead, in the order of the text lines; line, iterate and replaced say\nwhich.",
	Keys: []render.Key[Edited]{
		{Name: "line", Doc: "with --iterate or a values edit: 1-based number of\nthe input, which may have a record for each output", Write: func(b []byte, r *Edited) []byte { return render.AppendInt(b, r.Line) },
			Only: func(r *Edited) bool { return r.Iterating || r.Replacing }},
		{Name: "input", Doc: "the reference read (with --default-scheme, after\nadding the scheme)", Write: func(b []byte, r *Edited) []byte { return render.AppendString(b, r.Input) }},
		{Name: "iterate", Doc: "with --iterate: the component each --iterate set,\nand the value it took, in the order of the flags", Write: writeChosen,
			Only: func(r *Edited) bool { return r.Iterating }},
		{Name: "replaced", Doc: "with a values edit: the pairs whose values the\noutput replaced, in the order of the query, each\n{index, key, old, new}: its place among the pairs\n(from 1), its key decoded, its value before as\nwritten (null for a key without \"=\") and after;\n[] when none was", Write: writeReplaced,
			Only: func(r *Edited) bool { return r.Replacing }},
		{Name: "output", Doc: "the edited reference, or null",
			Write: func(b []byte, r *Edited) []byte { return render.AppendOptString(b, r.Output, r.Err == nil) }},
		schemeAddedKey(func(r *Edited) bool { return r.SchemeAdded }),
	},
	Subject: func(r *Edited) *render.Subject { return &r.Subject },
	Text:    func(w *sink.Part, r *Edited, _ *render.TextOptions) { w.WriteInputLine(r.Output) },
}

// writeChosen writes the values of a combination as an object,
// component to value.
func writeChosen(b []byte, r *Edited) []byte {
	b = append(b, '{')
	for i, c := range r.Values {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(render.AppendString(b, c.Comp), ':')
		b = render.AppendString(b, c.Value)
	}
	return append(b, '}')
}

// writeReplaced writes the pairs a values edit replaced, as an array.
func writeReplaced(b []byte, r *Edited) []byte {
	b = append(b, '[')
	for i, p := range r.Replaced {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"index":`...)
		b = render.AppendInt(b, p.Index)
		b = append(b, `,"key":`...)
		b = render.AppendString(b, p.Key)
		b = append(b, `,"old":`...)
		b = render.AppendOptString(b, p.Old, !p.Bare)
		b = append(b, `,"new":`...)
		b = append(render.AppendString(b, p.New), '}')
	}
	return append(b, ']')
}

// NewEditRenderer writes edit's results in format: a result as EditTable
// does, or with --iterate the record of each combination, in the order
// of the combinations. An input that cannot be read keeps the place of
// every combination: in text one diagnostic and an empty line each, in
// JSON a record each with the error.
func NewEditRenderer(format string, o render.TextOptions) render.Renderer[Edited] {
	return &editRenderer{table: render.NewTableRenderer(EditTable, format, o), text: format != render.FormatJSON}
}

type editRenderer struct {
	table render.Renderer[Edited]
	text  bool
}

func (e *editRenderer) Render(s *sink.Sink, r *Edited) {
	if len(r.Iterations) == 0 {
		e.table.Render(s, r)
		return
	}
	if r.Err != nil && e.text {
		e.table.Render(s, r)
		for range len(r.Iterations) - 1 {
			s.Out.WriteByte('\n')
		}
		return
	}
	for i := range r.Iterations {
		e.table.Render(s, &r.Iterations[i])
	}
}

// EditLines gives the key of line i of r's output, a record or a line
// an output, and whether it is offered, for edit's --unique
// (pipeline.Distinct.Lines): each distinct output once, whatever input
// it came from; a failed output, and an input that cannot be read, which
// writes a line for each output it stands for, are not offered.
func EditLines(r *Edited, i int) (string, bool) {
	switch {
	case r.Err != nil:
		return "", false
	case len(r.Iterations) == 0:
		return r.Output, true
	case i < len(r.Iterations):
		it := &r.Iterations[i]
		return it.Output, it.Err == nil
	}
	return "", false
}

// Converted is the result of encode, decode, to-uri and to-iri: the input
// written another way.
type Converted struct {
	render.Subject
	Output string
}

// convertTable is the table of a conversion whose output goes under key.
func convertTable(inputDoc, key, doc string) *render.Table[Converted] {
	return &render.Table[Converted]{
		Per: "input",
		Keys: []render.Key[Converted]{
			{Name: "input", Doc: inputDoc, Write: func(b []byte, r *Converted) []byte { return render.AppendString(b, r.Input) }},
			{Name: key, Doc: doc, Write: func(b []byte, r *Converted) []byte { return render.AppendOptString(b, r.Output, r.Err == nil) }},
		},
		Subject: func(r *Converted) *render.Subject { return &r.Subject },
		Text:    func(w *sink.Part, r *Converted, _ *render.TextOptions) { w.WriteLine(r.Output) },
	}
}

var (
	ToURITable = convertTable("the IRI", "uri", "the URI, or null on error")
	ToIRITable = func() *render.Table[Converted] {
		t := convertTable("the URI", "iri", "the IRI, or null on error")
		t.Keys = append(t.Keys, render.Key[Converted]{Name: "notes", Doc: "the A-labels kept because their Unicode form is a look-alike:\n[{\"offset\", \"rule\", \"message\"}] (absent when none)",
			Write: func(b []byte, r *Converted) []byte { return render.AppendFindings(b, r.Notes) },
			Only:  func(r *Converted) bool { return len(r.Notes) > 0 }})
		return t
	}()
	// EncodeTable: encoding cannot fail.
	EncodeTable = func() *render.Table[Converted] {
		t := convertTable("the text", "output", "its encoding")
		t.ErrorDoc = "always null"
		return t
	}()
)

// DecodeTable adds output_base64 when the decoded bytes are not UTF-8,
// which JSON cannot hold as they are.
var DecodeTable = func() *render.Table[Converted] {
	t := convertTable("the input", "output", "the decoded text, or null on error")
	t.Keys = append(t.Keys, render.Key[Converted]{Name: "output_base64", Doc: "the decoded bytes in base64, when they are not UTF-8",
		Write: func(b []byte, r *Converted) []byte {
			return render.AppendString(b, base64.StdEncoding.EncodeToString([]byte(r.Output)))
		},
		Only: func(r *Converted) bool { return r.Err == nil && !utf8.ValidString(r.Output) }})
	return t
}()

// Expanded is expand's result for one set of variables.
type Expanded struct {
	render.Subject
	Template  string
	Expansion string
	Expanded  bool // false when the variables were not usable
}

var ExpandTable = &render.Table[Expanded]{
	Per: "expansion",
	Keys: []render.Key[Expanded]{
		{Name: "template", Doc: "the template", Write: func(b []byte, r *Expanded) []byte { return render.AppendString(b, r.Template) }},
		{Name: "expansion", Doc: "the expanded reference, or null when expansion failed",
			Write: func(b []byte, r *Expanded) []byte { return render.AppendOptString(b, r.Expansion, r.Expanded) }},
		{Name: "valid", Doc: "whether the expansion is a URI reference (RFC 3986)",
			Write: func(b []byte, r *Expanded) []byte { return render.AppendBool(b, r.Err == nil) }},
	},
	Subject:  func(r *Expanded) *render.Subject { return &r.Subject },
	ErrorDoc: "null, or {\"offset\", \"rule\", \"message\"}: a bad variable\nobject, or where the expansion is not a URI reference",
	Text:     func(w *sink.Part, r *Expanded, _ *render.TextOptions) { w.WriteLine(r.Expansion) },
}

// Matched is match's result for one reference.
type Matched struct {
	render.Subject
	Values uritemplate.Values
	Names  []string // the template's variables, in order
}

var MatchTable = &render.Table[Matched]{
	Per: "reference",
	Keys: []render.Key[Matched]{
		{Name: "input", Doc: "the reference", Write: func(b []byte, r *Matched) []byte { return render.AppendString(b, r.Input) }},
		{Name: "match", Doc: "true or false", Write: func(b []byte, r *Matched) []byte { return render.AppendBool(b, r.Err == nil) }},
		{Name: "vars", Doc: "the variables, as an object, or null without a match",
			Write: func(b []byte, r *Matched) []byte {
				if r.Err != nil {
					return append(b, "null"...)
				}
				return appendValues(b, r.Values, r.Names)
			}},
	},
	Subject: func(r *Matched) *render.Subject { return &r.Subject },
	Text: func(w *sink.Part, r *Matched, _ *render.TextOptions) {
		w.WriteLine(string(appendValues(nil, r.Values, r.Names)))
	},
}

// appendValues appends the variables as a JSON object, in the order of
// names.
func appendValues(b []byte, vals uritemplate.Values, names []string) []byte {
	b = append(b, '{')
	first := true
	for _, name := range names {
		v, ok := vals[name]
		if !ok {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		k, _ := json.Marshal(name)
		val, _ := v.MarshalJSON()
		b = append(b, k...)
		b = append(b, ':')
		b = append(b, val...)
	}
	return append(b, '}')
}

// Recomposed is recompose's result for one set of components.
type Recomposed struct {
	render.Subject
	URI string
}

var RecomposeTable = &render.Table[Recomposed]{
	Per: "input",
	Keys: []render.Key[Recomposed]{
		{Name: "uri", Doc: "the recomposed reference, or null",
			Write: func(b []byte, r *Recomposed) []byte { return render.AppendOptString(b, r.URI, r.Err == nil) }},
	},
	Subject: func(r *Recomposed) *render.Subject { return &r.Subject },
	Text:    func(w *sink.Part, r *Recomposed, _ *render.TextOptions) { w.WriteLine(r.URI) },
}

// Shaped is shape's result: an input and its shape with --sample, a
// shape and its count otherwise; or, closing the output of --max-shapes,
// what it dropped.
type Shaped struct {
	render.Subject
	Shape string
	Count int
	// Dropped marks the closing record of --max-shapes: DroppedInputs
	// inputs of about DroppedShapes shapes beyond the cap. Text shows it
	// on stderr, in the command's summary, so it has no line of its own.
	Dropped                      bool
	DroppedInputs, DroppedShapes int
}

var (
	ShapeSampleTable = &render.Table[Shaped]{
		Per:  "input passed",
		Note: "With --max-shapes, a closing record says what was dropped:\n{\"dropped_inputs\", \"dropped_shapes\", \"error\"}.",
		Keys: []render.Key[Shaped]{
			{Name: "input", Doc: "the input", Write: func(b []byte, r *Shaped) []byte { return render.AppendString(b, r.Input) }, Only: notDropped},
			{Name: "shape", Doc: "its shape, or null when the input is invalid",
				Write: func(b []byte, r *Shaped) []byte { return render.AppendOptString(b, r.Shape, r.Err == nil) }, Only: notDropped},
			droppedInputsKey, droppedShapesKey,
		},
		Subject: func(r *Shaped) *render.Subject { return &r.Subject },
		Text:    writeSample,
	}
	ShapeCountTable = &render.Table[Shaped]{
		Per: "shape, most common first",
		Note: "An invalid input has a record of its own, in input order before the counts.\n" +
			"With --max-shapes, a closing record says what was dropped:\n{\"dropped_inputs\", \"dropped_shapes\", \"error\"}.\n" +
			"With --sample, one object per input kept: {\"input\", \"shape\", \"error\"}.",
		Keys: []render.Key[Shaped]{
			{Name: "input", Doc: "in the record of an invalid input only: the input",
				Write: func(b []byte, r *Shaped) []byte { return render.AppendString(b, r.Input) }, Only: func(r *Shaped) bool { return !shaped(r) }},
			{Name: "shape", Doc: "the RFC 6570 template", Write: func(b []byte, r *Shaped) []byte { return render.AppendString(b, r.Shape) }, Only: counted},
			{Name: "count", Doc: "how many inputs have it", Write: func(b []byte, r *Shaped) []byte { return strconv.AppendInt(b, int64(r.Count), 10) }, Only: counted},
			droppedInputsKey, droppedShapesKey,
		},
		Subject: func(r *Shaped) *render.Subject { return &r.Subject },
		Text:    writeCount,
	}
	droppedInputsKey = render.Key[Shaped]{Name: "dropped_inputs", Doc: "in --max-shapes' closing record only: how many inputs\nhad a shape past the cap",
		Write: func(b []byte, r *Shaped) []byte { return strconv.AppendInt(b, int64(r.DroppedInputs), 10) }, Only: dropped}
	droppedShapesKey = render.Key[Shaped]{Name: "dropped_shapes", Doc: "in --max-shapes' closing record only: about how many\nshapes they had (an estimate, within about 1%)",
		Write: func(b []byte, r *Shaped) []byte { return strconv.AppendInt(b, int64(r.DroppedShapes), 10) }, Only: dropped}
)

// writeSample writes an input --sample kept; the closing record of
// --max-shapes has no line.
func writeSample(w *sink.Part, r *Shaped, _ *render.TextOptions) {
	if !r.Dropped {
		w.WriteLine(r.Input)
	}
}

// writeCount writes a shape's count and the shape; the closing record of
// --max-shapes has no line. The count is appended in place: a crawl has a
// line per shape, and a string built for each would be garbage enough to
// raise the peak memory of the run's end.
func writeCount(w *sink.Part, r *Shaped, _ *render.TextOptions) {
	if r.Dropped {
		return
	}
	var n [20]byte
	w.Write(strconv.AppendInt(n[:0], int64(r.Count), 10))
	w.WriteByte('\t')
	w.WriteLine(r.Shape)
}

func dropped(r *Shaped) bool    { return r.Dropped }
func notDropped(r *Shaped) bool { return !r.Dropped }
func counted(r *Shaped) bool    { return shaped(r) && !r.Dropped }

// shaped is false for an input that has no shape: its record holds the
// error alone.
func shaped(r *Shaped) bool { return r.Err == nil }

// Setting is one setting that uritool config shows, and where its value
// came from.
type Setting struct {
	render.Subject
	Key, Value, Source string
}

var SettingsTable = &render.Table[Setting]{
	Per: "setting",
	Keys: []render.Key[Setting]{
		{Name: "key", Doc: "the config key: \"color\", or \"COMMAND.FLAG\"", Write: func(b []byte, r *Setting) []byte { return render.AppendString(b, r.Key) }},
		{Name: "value", Doc: "the value in effect", Write: func(b []byte, r *Setting) []byte { return render.AppendString(b, r.Value) }},
		{Name: "source", Doc: "\"default\", \"flag\", \"env NAME\" or \"FILE:LINE\"", Write: func(b []byte, r *Setting) []byte { return render.AppendString(b, r.Source) }},
	},
	Subject:  func(r *Setting) *render.Subject { return &r.Subject },
	ErrorDoc: "always null",
	Text: func(w *sink.Part, r *Setting, _ *render.TextOptions) {
		w.WriteLine(fmt.Sprintf("%-26s %-18s %s", r.Key, r.Value, r.Source))
	},
}

// The Start methods begin a result for a new input, member by member:
// assigning a whole struct, as *r = Normalized{...} does, has the copy's
// 16-byte loads wait on the narrow stores that built it, which cost more
// than the rest of a normalize. TestStartClearsEverything holds each to
// every member.

// start begins the common part of a result.
func start(o *render.Subject, line int, input string) {
	o.Line, o.Input, o.Err, o.Notes = line, input, nil, nil
}

func (r *Normalized) Start(line int, input string) {
	start(&r.Subject, line, input)
	r.Original, r.IRI, r.SchemeAdded, r.Normal, r.Changed, r.Explain, r.Steps = "", false, false, "", false, false, nil
}

func (r *Resolved) Start(line int, input string) {
	start(&r.Subject, line, input)
	if r.Explain {
		// Only --explain sets the trace: the clearing of its 128 bytes,
		// built on the stack and copied, was 4% of a resolve.
		r.Trace = explain.Trace{}
	}
	r.Base, r.Ref, r.Target, r.Explain = "", "", "", false
}

func (r *Relativized) Start(line int, input string) {
	start(&r.Subject, line, input)
	r.Base, r.Ref = "", ""
}

func (r *Compared) Start(line int, input string) {
	start(&r.Subject, line, input)
	r.A, r.NormalA, r.NormalB, r.Equal = "", "", "", false
}

func (r *Edited) Start(line int, input string) {
	start(&r.Subject, line, input)
	r.SchemeAdded, r.Output, r.Iterating, r.Values, r.Iterations = false, "", false, nil, nil
	r.Replacing, r.Replaced = false, nil
}

func (r *Converted) Start(line int, input string) {
	start(&r.Subject, line, input)
	r.Output = ""
}
