// Package anchor finds the anchors of a document: the names a URI's
// fragment can point to. For HTML they are the id attributes of elements
// and the names of <a> elements; for Markdown they are also the slugs
// GitHub derives from headings. Documents are read as streams, so memory
// grows with the number of anchors, never with the size of a file or of
// one of its lines.
package anchor

import (
	"unicode"
	"unicode/utf8"

	"github.com/uritool/uritool/internal/nearest"
)

// Set is the anchors of one document. Its zero value is an empty set.
type Set struct {
	names []string            // in document order, each once
	index map[string]struct{} // names, for Has
	folds map[string]string   // foldKey of a name to the first name with it
	// base is the href of an HTML document's first <base> element.
	base    string
	hasBase bool
	// partial: the anchors of the document are not all in it.
	partial bool
}

// Partial reports whether the document's anchors are not all in it: it
// includes others (AsciiDoc's include::, reStructuredText's ..
// include::), whose anchors are its own once rendered, or it is itself
// a piece that others include (an AsciiDoc file with no document title),
// whose references name the anchors of the document it lands in.
func (s *Set) Partial() bool { return s != nil && s.partial }

// Base returns the href of the first <base> element of an HTML document
// that has one: the base URI its references resolve against (RFC 3986
// section 5.1.1), before the document's own.
func (s *Set) Base() (string, bool) {
	if s == nil {
		return "", false
	}
	return s.base, s.hasBase
}

// add puts name in s unless it is there already. An empty name is not an
// anchor: an empty fragment means the top of the document.
func (s *Set) add(name string) {
	if name == "" {
		return
	}
	if _, ok := s.index[name]; ok {
		return
	}
	if s.index == nil {
		s.index = map[string]struct{}{}
		s.folds = map[string]string{}
	}
	s.index[name] = struct{}{}
	s.names = append(s.names, name)
	if k := foldKey(name); s.folds[k] == "" {
		s.folds[k] = name
	}
}

// Len returns the number of anchors in s.
func (s *Set) Len() int {
	if s == nil {
		return 0
	}
	return len(s.names)
}

// Has reports whether name, a fragment already percent-decoded, is an
// anchor of s. Browsers match fragments to ids exactly, case included.
func (s *Set) Has(name string) bool {
	if s == nil {
		return false
	}
	_, ok := s.index[name]
	return ok
}

// Fold returns the anchor of s that equals name when case is ignored
// (Unicode simple case folding), the first in document order when several
// do.
func (s *Set) Fold(name string) (string, bool) {
	if s == nil {
		return "", false
	}
	a, ok := s.folds[foldKey(name)]
	return a, ok
}

// Closest returns the anchor of s nearest to name, by Nearest's rule, for
// a "did you mean" hint.
func (s *Set) Closest(name string) (string, bool) {
	if s == nil {
		return "", false
	}
	return nearest.Name(name, s.names)
}

// foldKey maps name to a key that every case variant of it shares: each
// rune becomes the least rune of its simple case folding orbit (so "K",
// "k" and the Kelvin sign all become "K").
func foldKey(name string) string {
	b := make([]byte, 0, len(name))
	for _, r := range name {
		least := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		b = utf8.AppendRune(b, least)
	}
	return string(b)
}
