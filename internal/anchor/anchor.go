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
	return Nearest(name, s.names)
}

// Nearest returns the one of names nearest to name by edit distance
// (Levenshtein, over runes). Only names within max(2, n/3) edits of
// name's n runes count, so that a hint is plausible; of equally near
// ones the first wins. lint suggests anchors and file names by it.
func Nearest(name string, names []string) (string, bool) {
	want := []rune(name)
	limit := max(2, len(want)/3)
	best, found := "", false
	var cand []rune
	var rows [2][]int
	for _, a := range names {
		cand = cand[:0]
		for _, r := range a {
			cand = append(cand, r)
		}
		if d, ok := distance(want, cand, limit, &rows); ok {
			best, found = a, true
			if d == 0 {
				break
			}
			limit = d - 1 // only a strictly nearer name may replace it
		}
	}
	return best, found
}

// distance returns the edit distance of a and b, and whether it is at most
// limit; it gives up as soon as it must exceed limit. rows are the two rows
// of the dynamic program, kept by the caller to be reused.
func distance(a, b []rune, limit int, rows *[2][]int) (int, bool) {
	if limit < 0 || abs(len(a)-len(b)) > limit {
		return 0, false
	}
	prev, cur := rows[0][:0], rows[1][:0]
	for j := 0; j <= len(b); j++ {
		prev = append(prev, j)
	}
	cur = append(cur, prev...)
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		least := i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			least = min(least, cur[j])
		}
		if least > limit {
			rows[0], rows[1] = prev, cur
			return 0, false
		}
		prev, cur = cur, prev
	}
	rows[0], rows[1] = prev, cur
	if d := prev[len(b)]; d <= limit {
		return d, true
	}
	return 0, false
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
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
