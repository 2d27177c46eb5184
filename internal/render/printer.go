package render

import (
	"io"

	"github.com/uritool/uritool/internal/sink"
)

// Printer is how one format prints a command's results: a Renderer for
// each worker and, for a report written whole after the last input,
// Finish, which writes it.
type Printer[R any] struct {
	NewRenderer func() Renderer[R]
	Finish      func(s *sink.Sink) // nil for a stream of records
}

// WriteAll renders results that are not a stream's, such as the
// settings, to out and errOut.
func WriteAll[R any](out, errOut io.Writer, r Renderer[R], results []R) error {
	s := sink.NewSink()
	for i := range results {
		r.Render(s, &results[i])
	}
	return s.WriteTo(out, errOut)
}
