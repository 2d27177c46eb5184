// Package render is the printing core: how a result is written, not which
// results there are. It holds the Renderer of a result type in a format,
// the Printer that gives each worker one, the Table of a result's JSON
// keys and text line, the hand-written JSON writers every record is
// appended with, the diagnostic with its caret, the palette, terminal
// columns and the text of an input as a terminal shows it. What each
// command prints is in the packages below it: report (validate and lint),
// breakdown (parse), readings (interop), results (the commands that print
// through a Table) and explainer (--explain).
package render

import (
	"io"
	"strconv"

	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/sink"
)

// The formats every command has: text for people, JSON Lines for
// programs. validate and lint add the formats of CI tools to them.
const (
	FormatText = "text"
	FormatJSON = "json"
)

// Writer is where renderers write: a part of a sink.Sink, or any
// buffer in tests. A record built by appending to AvailableBuffer's slice
// and then written is not copied again.
type Writer interface {
	io.Writer
	io.StringWriter
	io.ByteWriter
	AvailableBuffer() []byte
}

// Renderer writes one command's results in one format. Each worker of the
// stream has its own, so a Renderer may keep buffers.
type Renderer[R any] interface {
	Render(s *sink.Sink, r *R)
}

// Diagnostic writes "LOC:COL: message [rule]", then the input and a caret
// under the offending byte. It is the one format of findings for humans;
// a warning or a note says so before its message, and its caret has its
// color.
// col is the 1-based column in code points (finding.ColumnOf).
func Diagnostic(w Writer, pal *Palette, loc string, col int, input string, f *finding.Finding, level finding.Severity, showPassword bool) {
	line, caretAt := CaretView(input, f.Offset, pal.Passwords, showPassword)
	pal.paint(w, pal.Label, loc+":"+strconv.Itoa(col))
	w.WriteString(": ")
	caret := pal.Caret
	switch level {
	case finding.Warning:
		caret = pal.Warning
		pal.paint(w, pal.Warning, "warning: ")
		w.WriteString(f.Message)
	case finding.Note:
		caret = pal.Note
		pal.paint(w, pal.Note, "note: ")
		w.WriteString(f.Message)
	default:
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
