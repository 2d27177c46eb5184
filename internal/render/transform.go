package render

import (
	"strconv"

	"github.com/uritool/uritool/internal/check"
	"github.com/uritool/uritool/internal/stream"
)

// Renderer writes one command's results in one format. Each worker of the
// stream has its own, so a Renderer may keep buffers.
type Renderer[R any] interface {
	Render(s *stream.Sink, r *R)
}

// Field is one key of a transform's JSON record. The zero Field writes
// null.
type Field struct {
	Key   string
	Value string // the string, or the JSON of a raw field
	kind  fieldKind
	truth bool // a bool field's value
}

// fieldKind is how a Field's value is written.
type fieldKind uint8

const (
	fieldNull   fieldKind = iota
	fieldString           // Value, escaped
	fieldPlain            // Value, which has nothing to escape (SetURI)
	fieldBool
	fieldRaw // Value is JSON already (an object or array)
)

// SetStr, SetURI, SetNull, SetBool and SetRaw set a Field in place, one
// member at a time: building a Field and copying it in, as f = Str(...)
// does, has the copy's 16-byte loads wait on the narrow stores that built
// it, which cost more than the rest of a JSON record.
func (f *Field) SetStr(key, v string) { f.Key, f.Value, f.kind = key, v, fieldString }

// SetURI sets a string field whose value is the text of a valid reference
// parsed as a URI, not an IRI: unreserved, reserved and '%' characters
// only, which JSON holds as they are, so it is written without a look at
// its bytes.
func (f *Field) SetURI(key, text string) { f.Key, f.Value, f.kind = key, text, fieldPlain }

func (f *Field) SetNull(key string) { f.Key, f.Value, f.kind = key, "", fieldNull }

func (f *Field) SetBool(key string, v bool) { f.Key, f.Value, f.kind, f.truth = key, "", fieldBool, v }

func (f *Field) SetRaw(key, json string) { f.Key, f.Value, f.kind = key, json, fieldRaw }

// Str, Null and Raw make Fields, for records built once; a worker's
// reused fields are set in place with SetStr and the like.
func Str(key, v string) Field    { return Field{Key: key, Value: v, kind: fieldString} }
func Null(key string) Field      { return Field{Key: key} }
func Raw(key, json string) Field { return Field{Key: key, Value: json, kind: fieldRaw} }

// Transformed is the outcome of resolve, normalize, relativize, recompose
// or equal for one input: one line of text, one JSON record.
type Transformed struct {
	Line   int
	Fields []Field // the JSON record, in key order, without "error"
	Output string  // the text-mode line
	Quiet  bool    // no output for this input (normalize --check on a normal input, --unique on a repeat)
	// Explain, set with --explain, writes the explanation that replaces
	// Output in text mode.
	Explain func(w Writer, e *Explainer)
	// Input and Err describe a failure: the text that broke and where.
	Input string
	Err   *check.Finding
}

// Reset starts the result for a new input, one member at a time for the
// same reason as SetStr.
func (t *Transformed) Reset(line int, input string, fields []Field) {
	t.Line, t.Input, t.Fields = line, input, fields
	t.Output, t.Quiet, t.Explain, t.Err = "", false, nil, nil
}

// TransformOptions configures a transform renderer.
type TransformOptions struct {
	Format       string // text or json
	ShowPassword bool
	Out, Err     *Palette
	// Unaligned drops the empty stdout line a failed input otherwise
	// gets in text mode: for output that is a list, not one line per
	// input (normalize --check).
	Unaligned bool
}

// NewTransformRenderer returns the renderer for o.Format.
func NewTransformRenderer(o TransformOptions) Renderer[Transformed] {
	if o.Format == FormatJSON {
		return &transformJSON{}
	}
	return &transformText{o: o, explainer: NewExplainer(o.Out, o.ShowPassword)}
}

type transformJSON struct {
	_   stream.CacheLinePad
	buf []byte
	_   stream.CacheLinePad
}

func (t *transformJSON) Render(s *stream.Sink, r *Transformed) {
	if r.Quiet && r.Err == nil {
		return
	}
	b := append(t.buf[:0], '{')
	for _, f := range r.Fields {
		b = appendKey(b, f.Key)
		switch f.kind {
		case fieldNull:
			b = append(b, "null"...)
		case fieldBool:
			b = appendBool(b, f.truth)
		case fieldRaw:
			b = append(b, f.Value...)
		default:
			b = appendPlainOr(b, f.Value, f.kind == fieldPlain)
		}
	}
	b = appendFinding(appendKey(b, "error"), r.Err)
	b = append(b, '}', '\n')
	t.buf = b
	s.Out.Write(b)
}

// transformText writes one line per input on stdout, and a failed input's
// diagnostic on stderr with an empty stdout line in its place, so that
// stdout stays aligned with the input.
type transformText struct {
	o         TransformOptions
	explainer *Explainer
}

func (t *transformText) Render(s *stream.Sink, r *Transformed) {
	switch {
	case r.Err != nil:
		if !t.o.Unaligned {
			s.Out.WriteByte('\n')
		}
		Diagnostic(s.Err, t.o.Err, strconv.Itoa(r.Line), check.ColumnOf("", r.Input, r.Err.Offset), r.Input, r.Err, false, t.o.ShowPassword)
	case r.Quiet:
	case r.Explain != nil:
		r.Explain(s.Out, t.explainer)
	default:
		s.Out.WriteString(r.Output)
		s.Out.WriteByte('\n')
	}
}

// Diagnostic writes "LOC:COL: message [rule]", then the input and a caret
// under the offending byte. It is the one format of findings for humans;
// a warning says so before its message, and its caret has its color.
// col is the 1-based column in code points (check.ColumnOf).
func Diagnostic(w Writer, pal *Palette, loc string, col int, input string, f *check.Finding, warning, showPassword bool) {
	line, caretAt := CaretView(input, f.Offset, showPassword)
	pal.paint(w, pal.Label, loc+":"+strconv.Itoa(col))
	w.WriteString(": ")
	caret := pal.Caret
	if warning {
		caret = pal.Warning
		pal.paint(w, pal.Warning, "warning: ")
		w.WriteString(f.Message)
	} else {
		pal.paint(w, pal.Error, f.Message)
	}
	w.WriteByte(' ')
	pal.paint(w, pal.Dim, "["+f.Rule+"]")
	w.WriteString("\n    ")
	w.WriteString(line)
	w.WriteString("\n    ")
	for range caretAt {
		w.WriteByte(' ')
	}
	pal.paint(w, caret, "^")
	w.WriteByte('\n')
}
