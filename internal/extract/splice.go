package extract

import "github.com/uritool/uritool/internal/ascii"

// reST and AsciiDoc references are often not written as they resolve: a
// Sphinx :doc: target has no extension, an AsciiDoc <<id>> no '#', a URL
// holds {attribute} references. A splice builds the reference in the
// arena, each byte mapped to the byte of the window it stands for (an
// inserted text to where it is inserted), so that findings point into
// the line as for decoded text.
type splice struct {
	a                   *arena
	textStart, srcStart int
}

func (a *arena) begin() splice {
	return splice{a: a, textStart: len(a.text), srcStart: len(a.src)}
}

// copy appends line[lo:hi], each byte at its own offset.
func (s *splice) copy(line string, lo, hi int) {
	s.a.text = append(s.a.text, line[lo:hi]...)
	for i := lo; i < hi; i++ {
		s.a.src = append(s.a.src, i)
	}
}

// insert appends text that stands at offset at of the window.
func (s *splice) insert(text string, at int) {
	s.a.text = append(s.a.text, text...)
	for range len(text) {
		s.a.src = append(s.a.src, at)
	}
}

// found returns the candidate built, starting at offset start of the
// window and ending at end.
func (s *splice) found(start, end int) Found {
	s.a.src = append(s.a.src, end)
	text := ascii.View(s.a.text[s.textStart:])
	return Found{Candidate: Candidate{Offset: start, Text: text}, sourceOf: s.a.src[s.srcStart:len(s.a.src):len(s.a.src)]}
}
