package render

import "github.com/uritool/uritool/internal/stream"

// Printer is how one format prints a command's results: a Renderer for
// each worker and, for a report written whole after the last input,
// Finish, which writes it.
type Printer[R any] struct {
	NewRenderer func() Renderer[R]
	Finish      func(s *stream.Sink) // nil for a stream of records
}
