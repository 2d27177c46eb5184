package render

import (
	"strconv"

	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/stream"
)

// Renderer writes one command's results in one format. Each worker of the
// stream has its own, so a Renderer may keep buffers.
type Renderer[R any] interface {
	Render(s *stream.Sink, r *R)
}

// Diagnostic writes "LOC:COL: message [rule]", then the input and a caret
// under the offending byte. It is the one format of findings for humans;
// a warning or a note says so before its message, and its caret has its
// color.
// col is the 1-based column in code points (finding.ColumnOf).
func Diagnostic(w Writer, pal *Palette, loc string, col int, input string, f *finding.Finding, level finding.Severity, showPassword bool) {
	line, caretAt := CaretView(input, f.Offset, showPassword)
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
