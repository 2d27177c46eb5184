package render

import (
	"strconv"

	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/sink"
)

// Subject is what every result printed through a Table holds besides its
// own data: the input it is about (its number and text), the finding that
// failed it, and those that did not. (pipeline.Outcome is another thing:
// what became of an input in the pipeline.)
type Subject struct {
	Line  int
	Input string
	Err   *finding.Finding
	// Notes are warnings that do not fail the input, such as an A-label
	// to-iri kept; text shows them on stderr.
	Notes []finding.Finding
}

// Key is one key of a result type's JSON record: its name, what it holds
// (for --help and the man pages) and how its value is written.
type Key[R any] struct {
	Name  string
	Doc   string
	Write func(b []byte, r *R) []byte
	// Only, when set, writes the key only for the results it accepts
	// (scheme_added appears only when the scheme was added).
	Only func(r *R) bool
}

// Table is how one result type is written: its JSON record, key by key,
// and its text line. The JSON fields that --help lists are read from the
// same keys, so the docs cannot drift from the output.
type Table[R any] struct {
	// Per names what each record stands for: "input", "reference", ...
	Per  string
	Keys []Key[R]
	// Subject gives the Subject of a result.
	Subject func(r *R) *Subject
	// Text writes a successful result in text mode.
	Text func(w *sink.Part, r *R, o *TextOptions)
	// ErrorDoc, when set, documents "error" in place of errorDoc; Note
	// closes the docs.
	ErrorDoc, Note string
}

// errorDoc is the doc of the "error" key every fallible record ends with.
const errorDoc = `null, or {"offset", "rule", "message"}`

// Fields documents t's records: its keys, then "error".
func (t *Table[R]) Fields() Fields {
	f := Fields{Per: t.Per, Note: t.Note}
	for _, k := range t.Keys {
		f.Keys = append(f.Keys, FieldDoc{Names: []string{k.Name}, Doc: k.Doc})
	}
	doc := t.ErrorDoc
	if doc == "" {
		doc = errorDoc
	}
	f.Keys = append(f.Keys, FieldDoc{Names: []string{"error"}, Doc: doc})
	return f
}

// TextOptions configures a table's text renderer.
type TextOptions struct {
	ShowPassword bool
	Out, Err     *Palette
	// Unaligned drops the empty stdout line a failed input otherwise
	// gets: for output that is a list, not one line per input
	// (normalize --check, shape).
	Unaligned bool
}

// NewTableRenderer returns t's renderer for format, text or json.
func NewTableRenderer[R any](t *Table[R], format string, o TextOptions) Renderer[R] {
	if format == FormatJSON {
		heads := make([]string, len(t.Keys))
		for i, k := range t.Keys {
			heads[i] = `,"` + k.Name + `":`
		}
		return &tableJSON[R]{t: t, heads: heads}
	}
	return &tableText[R]{t: t, o: o}
}

type tableJSON[R any] struct {
	t *Table[R]
	// heads holds each key's name as it is written, after a comma: the
	// first one's becomes the record's '{'.
	heads []string
}

func (j *tableJSON[R]) Render(s *sink.Sink, r *R) {
	b := s.Out.AvailableBuffer()
	for i := range j.t.Keys {
		k := &j.t.Keys[i]
		if k.Only != nil && !k.Only(r) {
			continue
		}
		b = k.Write(append(b, j.heads[i]...), r)
	}
	b = AppendFinding(append(b, `,"error":`...), j.t.Subject(r).Err)
	b[0] = '{'
	b = append(b, '}', '\n')
	s.Out.Write(b)
}

// tableText writes one line per input on stdout, and a failed input's
// diagnostic on stderr with an empty stdout line in its place, so that
// stdout stays aligned with the input.
type tableText[R any] struct {
	t *Table[R]
	o TextOptions
}

func (t *tableText[R]) Render(s *sink.Sink, r *R) {
	o := t.t.Subject(r)
	if o.Err != nil {
		if !t.o.Unaligned {
			s.Out.WriteByte('\n')
		}
		Diagnostic(s.Err, t.o.Err, strconv.Itoa(o.Line), finding.ColumnOf(o.Input, o.Err.Offset), o.Input, o.Err, finding.Error, t.o.ShowPassword)
		return
	}
	t.t.Text(s.Out, r, &t.o)
	for i := range o.Notes {
		n := &o.Notes[i]
		Diagnostic(s.Err, t.o.Err, strconv.Itoa(o.Line), finding.ColumnOf(o.Input, n.Offset), o.Input, n, finding.Warning, t.o.ShowPassword)
	}
}
