package render

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/uritool/uritool/internal/explain"
	"github.com/uritool/uritool/internal/stream"
	"github.com/uritool/uritool/pkg/uritemplate"
)

// The results of the commands that turn each input into one output, each
// with its table: the keys of its JSON record and its text line.

// Normalized is normalize's result for one input.
type Normalized struct {
	Outcome
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
var NormalizeTable = &Table[Normalized]{
	Per: "input",
	Keys: []Key[Normalized]{
		{Name: "input", Doc: "the input", Write: func(b []byte, r *Normalized) []byte { return AppendPlainOr(b, r.Input, r.plain()) }},
		{Name: "normalized", Doc: "the normal form, or null when the input is invalid",
			Write: func(b []byte, r *Normalized) []byte { return AppendOptPlainOr(b, r.Normal, r.Err == nil, r.plain()) }},
		{Name: "changed", Doc: "whether normalizing changed it, or null",
			Write: func(b []byte, r *Normalized) []byte { return AppendOptBool(b, r.Changed, r.Err == nil) }},
		schemeAddedKey(func(r *Normalized) bool { return r.SchemeAdded }),
	},
	Outcome: func(r *Normalized) *Outcome { return &r.Outcome },
	Text: func(w *stream.Part, r *Normalized, o *TextOptions) {
		if r.Explain {
			o.Explainer().Normalization(w, r.Line, r.Input, r.Steps, r.Normal)
			return
		}
		w.WriteLine(r.Normal)
	},
}

var NormalizeCheckTable = &Table[Normalized]{
	Per: "input", Keys: NormalizeTable.Keys, Outcome: func(r *Normalized) *Outcome { return &r.Outcome },
	Text: func(w *stream.Part, r *Normalized, _ *TextOptions) { w.WriteLine(r.Original) },
}

// schemeAddedKey is the key that says --default-scheme added the scheme;
// it is there only then.
func schemeAddedKey[R any](added func(r *R) bool) Key[R] {
	return Key[R]{Name: "scheme_added", Doc: "true when --default-scheme added the scheme (absent\notherwise); input is then the reference read",
		Write: func(b []byte, r *R) []byte { return AppendBool(b, true) }, Only: added}
}

// Resolved is resolve's result for one reference.
type Resolved struct {
	Outcome
	Base    string
	Target  string
	Explain bool // --explain: Trace says how
	Trace   explain.Trace
}

var ResolveTable = &Table[Resolved]{
	Per: "reference",
	Keys: []Key[Resolved]{
		{Name: "base", Doc: "the base as given", Write: func(b []byte, r *Resolved) []byte { return AppendPlainOr(b, r.Base, true) }},
		{Name: "ref", Doc: "the reference", Write: func(b []byte, r *Resolved) []byte { return AppendPlainOr(b, r.Input, r.Err == nil) }},
		{Name: "target", Doc: "the resolved URI, or null when resolution failed",
			Write: func(b []byte, r *Resolved) []byte { return AppendOptPlainOr(b, r.Target, r.Err == nil, true) }},
	},
	Outcome: func(r *Resolved) *Outcome { return &r.Outcome },
	Text: func(w *stream.Part, r *Resolved, o *TextOptions) {
		if r.Explain {
			o.Explainer().Resolution(w, r.Line, r.Base, r.Input, r.Trace)
			return
		}
		w.WriteLine(r.Target)
	},
}

// Relativized is relativize's result for one target.
type Relativized struct {
	Outcome
	Base string
	Ref  string
}

var RelativizeTable = &Table[Relativized]{
	Per: "target",
	Keys: []Key[Relativized]{
		{Name: "base", Doc: "the base as given", Write: func(b []byte, r *Relativized) []byte { return AppendPlainOr(b, r.Base, true) }},
		{Name: "target", Doc: "the target", Write: func(b []byte, r *Relativized) []byte { return AppendPlainOr(b, r.Input, r.Err == nil) }},
		{Name: "ref", Doc: "the shortest reference from base to target, or null",
			Write: func(b []byte, r *Relativized) []byte { return AppendOptPlainOr(b, r.Ref, r.Err == nil, true) }},
	},
	Outcome: func(r *Relativized) *Outcome { return &r.Outcome },
	Text:    func(w *stream.Part, r *Relativized, _ *TextOptions) { w.WriteLine(r.Ref) },
}

// Compared is equal's result for one B.
type Compared struct {
	Outcome
	A, NormalA, NormalB string
	Equal               bool
}

var EqualTable = &Table[Compared]{
	Per: "B",
	Keys: []Key[Compared]{
		{Name: "a", Doc: "the input A", Write: func(b []byte, r *Compared) []byte { return AppendPlainOr(b, r.A, true) }},
		{Name: "b", Doc: "the input B", Write: func(b []byte, r *Compared) []byte { return AppendPlainOr(b, r.Input, r.Err == nil) }},
		{Name: "normalized_a", Doc: "the scheme-based normal form of A", Write: func(b []byte, r *Compared) []byte { return AppendPlainOr(b, r.NormalA, true) }},
		{Name: "normalized_b", Doc: "that of B, or null for an invalid B",
			Write: func(b []byte, r *Compared) []byte { return AppendOptPlainOr(b, r.NormalB, r.Err == nil, true) }},
		{Name: "equal", Doc: "true when those are the same, null for an invalid B",
			Write: func(b []byte, r *Compared) []byte { return AppendOptBool(b, r.Equal, r.Err == nil) }},
	},
	Outcome: func(r *Compared) *Outcome { return &r.Outcome },
	Text: func(w *stream.Part, r *Compared, _ *TextOptions) {
		if r.Equal {
			w.WriteLine("equivalent")
			return
		}
		w.WriteLine("different\t" + r.NormalA + "\t" + r.NormalB)
	},
}

// Edited is edit's result for one input. With --iterate it holds a
// record of its own for each combination of the values iterated over,
// which the renderer writes in its place.
type Edited struct {
	Outcome
	SchemeAdded bool
	Output      string
	// Iterating says the result is --iterate's: Values are the values a
	// combination took, in the order of the flags, and Iterations the
	// records of every combination of the input.
	Iterating  bool
	Values     []Chosen
	Iterations []Edited
}

// Chosen is the value one --iterate took.
type Chosen struct{ Comp, Value string }

var EditTable = &Table[Edited]{
	Per:  "input",
	Note: "With --iterate, one object per combination of values instead, in the\norder of the text lines; line and iterate say which.",
	Keys: []Key[Edited]{
		{Name: "line", Doc: "with --iterate: 1-based number of the input, which\nhas a record for each combination", Write: func(b []byte, r *Edited) []byte { return AppendInt(b, r.Line) },
			Only: func(r *Edited) bool { return r.Iterating }},
		{Name: "input", Doc: "the reference read (with --default-scheme, after\nadding the scheme)", Write: func(b []byte, r *Edited) []byte { return AppendString(b, r.Input) }},
		{Name: "iterate", Doc: "with --iterate: the component each --iterate set,\nand the value it took, in the order of the flags", Write: writeChosen,
			Only: func(r *Edited) bool { return r.Iterating }},
		{Name: "output", Doc: "the edited reference, or null",
			Write: func(b []byte, r *Edited) []byte { return AppendOptString(b, r.Output, r.Err == nil) }},
		schemeAddedKey(func(r *Edited) bool { return r.SchemeAdded }),
	},
	Outcome: func(r *Edited) *Outcome { return &r.Outcome },
	Text:    func(w *stream.Part, r *Edited, _ *TextOptions) { w.WriteLine(r.Output) },
}

// writeChosen writes the values of a combination as an object,
// component to value.
func writeChosen(b []byte, r *Edited) []byte {
	b = append(b, '{')
	for i, c := range r.Values {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(AppendString(b, c.Comp), ':')
		b = AppendString(b, c.Value)
	}
	return append(b, '}')
}

// NewEditRenderer writes edit's results in format: a result as EditTable
// does, or with --iterate the record of each combination, in the order
// of the combinations. An input that cannot be read keeps the place of
// every combination: in text one diagnostic and an empty line each, in
// JSON a record each with the error.
func NewEditRenderer(format string, o TextOptions) Renderer[Edited] {
	return &editRenderer{table: NewTableRenderer(EditTable, format, o), text: format != FormatJSON}
}

type editRenderer struct {
	table Renderer[Edited]
	text  bool
}

func (e *editRenderer) Render(s *stream.Sink, r *Edited) {
	if !r.Iterating {
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

// Converted is the result of encode, decode, to-uri and to-iri: the input
// written another way.
type Converted struct {
	Outcome
	Output string
}

// convertTable is the table of a conversion whose output goes under key.
func convertTable(inputDoc, key, doc string) *Table[Converted] {
	return &Table[Converted]{
		Per: "input",
		Keys: []Key[Converted]{
			{Name: "input", Doc: inputDoc, Write: func(b []byte, r *Converted) []byte { return AppendString(b, r.Input) }},
			{Name: key, Doc: doc, Write: func(b []byte, r *Converted) []byte { return AppendOptString(b, r.Output, r.Err == nil) }},
		},
		Outcome: func(r *Converted) *Outcome { return &r.Outcome },
		Text:    func(w *stream.Part, r *Converted, _ *TextOptions) { w.WriteLine(r.Output) },
	}
}

var (
	ToURITable = convertTable("the IRI", "uri", "the URI, or null on error")
	ToIRITable = func() *Table[Converted] {
		t := convertTable("the URI", "iri", "the IRI, or null on error")
		t.Keys = append(t.Keys, Key[Converted]{Name: "notes", Doc: "the A-labels kept because their Unicode form is a look-alike:\n[{\"offset\", \"rule\", \"message\"}] (absent when none)",
			Write: func(b []byte, r *Converted) []byte { return AppendFindings(b, r.Notes) },
			Only:  func(r *Converted) bool { return len(r.Notes) > 0 }})
		return t
	}()
	// EncodeTable: encoding cannot fail.
	EncodeTable = func() *Table[Converted] {
		t := convertTable("the text", "output", "its encoding")
		t.ErrorDoc = "always null"
		return t
	}()
)

// DecodeTable adds output_base64 when the decoded bytes are not UTF-8,
// which JSON cannot hold as they are.
var DecodeTable = func() *Table[Converted] {
	t := convertTable("the input", "output", "the decoded text, or null on error")
	t.Keys = append(t.Keys, Key[Converted]{Name: "output_base64", Doc: "the decoded bytes in base64, when they are not UTF-8",
		Write: func(b []byte, r *Converted) []byte {
			return AppendString(b, base64.StdEncoding.EncodeToString([]byte(r.Output)))
		},
		Only: func(r *Converted) bool { return r.Err == nil && !utf8.ValidString(r.Output) }})
	return t
}()

// Expanded is expand's result for one set of variables.
type Expanded struct {
	Outcome
	Template  string
	Expansion string
	Expanded  bool // false when the variables were not usable
}

var ExpandTable = &Table[Expanded]{
	Per: "expansion",
	Keys: []Key[Expanded]{
		{Name: "template", Doc: "the template", Write: func(b []byte, r *Expanded) []byte { return AppendString(b, r.Template) }},
		{Name: "expansion", Doc: "the expanded reference, or null when expansion failed",
			Write: func(b []byte, r *Expanded) []byte { return AppendOptString(b, r.Expansion, r.Expanded) }},
		{Name: "valid", Doc: "whether the expansion is a URI reference (RFC 3986)",
			Write: func(b []byte, r *Expanded) []byte { return AppendBool(b, r.Err == nil) }},
	},
	Outcome:  func(r *Expanded) *Outcome { return &r.Outcome },
	ErrorDoc: "null, or {\"offset\", \"rule\", \"message\"}: a bad variable\nobject, or where the expansion is not a URI reference",
	Text:     func(w *stream.Part, r *Expanded, _ *TextOptions) { w.WriteLine(r.Expansion) },
}

// Matched is match's result for one reference.
type Matched struct {
	Outcome
	Values uritemplate.Values
	Names  []string // the template's variables, in order
}

var MatchTable = &Table[Matched]{
	Per: "reference",
	Keys: []Key[Matched]{
		{Name: "input", Doc: "the reference", Write: func(b []byte, r *Matched) []byte { return AppendString(b, r.Input) }},
		{Name: "match", Doc: "true or false", Write: func(b []byte, r *Matched) []byte { return AppendBool(b, r.Err == nil) }},
		{Name: "vars", Doc: "the variables, as an object, or null without a match",
			Write: func(b []byte, r *Matched) []byte {
				if r.Err != nil {
					return append(b, "null"...)
				}
				return appendValues(b, r.Values, r.Names)
			}},
	},
	Outcome: func(r *Matched) *Outcome { return &r.Outcome },
	Text: func(w *stream.Part, r *Matched, _ *TextOptions) {
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
	Outcome
	URI string
}

var RecomposeTable = &Table[Recomposed]{
	Per: "input",
	Keys: []Key[Recomposed]{
		{Name: "uri", Doc: "the recomposed reference, or null",
			Write: func(b []byte, r *Recomposed) []byte { return AppendOptString(b, r.URI, r.Err == nil) }},
	},
	Outcome: func(r *Recomposed) *Outcome { return &r.Outcome },
	Text:    func(w *stream.Part, r *Recomposed, _ *TextOptions) { w.WriteLine(r.URI) },
}

// Shaped is shape's result: an input and its shape with --sample, a
// shape and its count otherwise; or, closing the output of --max-shapes,
// what it dropped.
type Shaped struct {
	Outcome
	Shape string
	Count int
	// Dropped marks the closing record of --max-shapes: DroppedInputs
	// inputs of about DroppedShapes shapes beyond the cap. Text shows it
	// on stderr, in the command's summary, so it has no line of its own.
	Dropped                      bool
	DroppedInputs, DroppedShapes int
}

var (
	ShapeSampleTable = &Table[Shaped]{
		Per:  "input passed",
		Note: "With --max-shapes, a closing record says what was dropped:\n{\"dropped_inputs\", \"dropped_shapes\", \"error\"}.",
		Keys: []Key[Shaped]{
			{Name: "input", Doc: "the input", Write: func(b []byte, r *Shaped) []byte { return AppendString(b, r.Input) }, Only: notDropped},
			{Name: "shape", Doc: "its shape, or null when the input is invalid",
				Write: func(b []byte, r *Shaped) []byte { return AppendOptString(b, r.Shape, r.Err == nil) }, Only: notDropped},
			droppedInputsKey, droppedShapesKey,
		},
		Outcome: func(r *Shaped) *Outcome { return &r.Outcome },
		Text:    writeSample,
	}
	ShapeCountTable = &Table[Shaped]{
		Per: "shape, most common first",
		Note: "An invalid input has a record of its own, in input order before the counts.\n" +
			"With --max-shapes, a closing record says what was dropped:\n{\"dropped_inputs\", \"dropped_shapes\", \"error\"}.\n" +
			"With --sample, one object per input kept: {\"input\", \"shape\", \"error\"}.",
		Keys: []Key[Shaped]{
			{Name: "input", Doc: "in the record of an invalid input only: the input",
				Write: func(b []byte, r *Shaped) []byte { return AppendString(b, r.Input) }, Only: func(r *Shaped) bool { return !shaped(r) }},
			{Name: "shape", Doc: "the RFC 6570 template", Write: func(b []byte, r *Shaped) []byte { return AppendString(b, r.Shape) }, Only: counted},
			{Name: "count", Doc: "how many inputs have it", Write: func(b []byte, r *Shaped) []byte { return strconv.AppendInt(b, int64(r.Count), 10) }, Only: counted},
			droppedInputsKey, droppedShapesKey,
		},
		Outcome: func(r *Shaped) *Outcome { return &r.Outcome },
		Text:    writeCount,
	}
	droppedInputsKey = Key[Shaped]{Name: "dropped_inputs", Doc: "in --max-shapes' closing record only: how many inputs\nhad a shape past the cap",
		Write: func(b []byte, r *Shaped) []byte { return strconv.AppendInt(b, int64(r.DroppedInputs), 10) }, Only: dropped}
	droppedShapesKey = Key[Shaped]{Name: "dropped_shapes", Doc: "in --max-shapes' closing record only: about how many\nshapes they had (an estimate, within about 1%)",
		Write: func(b []byte, r *Shaped) []byte { return strconv.AppendInt(b, int64(r.DroppedShapes), 10) }, Only: dropped}
)

// writeSample writes an input --sample kept; the closing record of
// --max-shapes has no line.
func writeSample(w *stream.Part, r *Shaped, _ *TextOptions) {
	if !r.Dropped {
		w.WriteLine(r.Input)
	}
}

// writeCount writes a shape's count and the shape; the closing record of
// --max-shapes has no line. The count is appended in place: a crawl has a
// line per shape, and a string built for each would be garbage enough to
// raise the peak memory of the run's end.
func writeCount(w *stream.Part, r *Shaped, _ *TextOptions) {
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
	Outcome
	Key, Value, Source string
}

var SettingsTable = &Table[Setting]{
	Per: "setting",
	Keys: []Key[Setting]{
		{Name: "key", Doc: "the config key: \"color\", or \"COMMAND.FLAG\"", Write: func(b []byte, r *Setting) []byte { return AppendString(b, r.Key) }},
		{Name: "value", Doc: "the value in effect", Write: func(b []byte, r *Setting) []byte { return AppendString(b, r.Value) }},
		{Name: "source", Doc: "\"default\", \"flag\", \"env NAME\" or \"FILE:LINE\"", Write: func(b []byte, r *Setting) []byte { return AppendString(b, r.Source) }},
	},
	Outcome:  func(r *Setting) *Outcome { return &r.Outcome },
	ErrorDoc: "always null",
	Text: func(w *stream.Part, r *Setting, _ *TextOptions) {
		w.WriteLine(fmt.Sprintf("%-26s %-18s %s", r.Key, r.Value, r.Source))
	},
}

// WriteAll renders results that are not a stream's, such as the
// settings, to out and errOut.
func WriteAll[R any](out, errOut io.Writer, r Renderer[R], results []R) error {
	s := stream.NewSink()
	for i := range results {
		r.Render(s, &results[i])
	}
	return s.WriteTo(out, errOut)
}

// The Start methods begin a result for a new input, member by member:
// assigning a whole struct, as *r = Normalized{...} does, has the copy's
// 16-byte loads wait on the narrow stores that built it, which cost more
// than the rest of a normalize. TestStartClearsEverything holds each to
// every member.

func (o *Outcome) start(line int, input string) {
	o.Line, o.Input, o.Err, o.Notes = line, input, nil, nil
}

func (r *Normalized) Start(line int, input string) {
	r.start(line, input)
	r.Original, r.IRI, r.SchemeAdded, r.Normal, r.Changed, r.Explain, r.Steps = "", false, false, "", false, false, nil
}

func (r *Resolved) Start(line int, input string) {
	r.start(line, input)
	r.Base, r.Target, r.Explain, r.Trace = "", "", false, explain.Trace{}
}

func (r *Relativized) Start(line int, input string) {
	r.start(line, input)
	r.Base, r.Ref = "", ""
}

func (r *Compared) Start(line int, input string) {
	r.start(line, input)
	r.A, r.NormalA, r.NormalB, r.Equal = "", "", "", false
}

func (r *Edited) Start(line int, input string) {
	r.start(line, input)
	r.SchemeAdded, r.Output, r.Iterating, r.Values, r.Iterations = false, "", false, nil, nil
}

func (r *Converted) Start(line int, input string) {
	r.start(line, input)
	r.Output = ""
}
