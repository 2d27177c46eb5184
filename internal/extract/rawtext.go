package extract

import "strings"

// The content of an HTML <script> or <style> element is no HTML: a
// script's template literal or a style sheet's selector is not prose,
// and the attributes it seems to hold are no one's. Its byte ranges are
// told apart as a Markdown line's code spans are, and an element open at
// the end of a line (or of a window) goes on in the next.

// rawElements are HTML's raw text elements that hold references as code
// does: scripts and style sheets, by the number a window hands on.
var rawElements = [...]string{1: "script", 2: "style"}

// rawBodies appends to dst the byte ranges of the raw text bodies of w's
// text from w.from, the element open there (w.raw) first, with each
// one's element in kinds. It returns where it stopped undecided (at a
// tag that may end past the window; len(text) otherwise) and the element
// open where it stopped, or 0.
func rawBodies(dst [][2]int, kinds []uint8, w *window) ([][2]int, []uint8, int, uint8) {
	line := w.text
	i, kind := w.from, w.raw
	for {
		if kind != 0 {
			closer := "</" + rawElements[kind]
			j := indexFold(line, i, closer)
			if j < 0 {
				end := len(line)
				if w.past != nil {
					end = partialAt(line, i, closer)
				}
				return append(dst, [2]int{i, end}), append(kinds, kind), end, kind
			}
			dst, kinds = append(dst, [2]int{i, j}), append(kinds, kind)
			w.cover(j, j+len(closer))
			i, kind = j+len(closer), 0
		}
		j, k := nextRawOpener(line, i)
		if j < 0 {
			if w.past != nil {
				return dst, kinds, partialOpener(line, i), 0
			}
			return dst, kinds, len(line), 0
		}
		gt := strings.IndexByte(line[j:], '>')
		if gt < 0 {
			if w.past.mayHold('>') {
				return dst, kinds, j, 0
			}
			return dst, kinds, len(line), 0 // a tag that goes on to the next line
		}
		w.cover(j, j+gt+1)
		i, kind = j+gt+1, k
	}
}

// nextRawOpener returns where the next "<script" or "<style" tag at or
// after i begins, and which it is, or -1.
func nextRawOpener(line string, i int) (int, uint8) {
	for {
		k := strings.IndexByte(line[i:], '<')
		if k < 0 {
			return -1, 0
		}
		i += k
		for kind := uint8(1); kind < uint8(len(rawElements)); kind++ {
			name := rawElements[kind]
			if n := i + 1 + len(name); n < len(line) && strings.EqualFold(line[i+1:n], name) && strings.IndexByte(" \t/>", line[n]) >= 0 {
				return i, kind
			}
		}
		i++
	}
}

// indexFold returns the first index at or after i of s, lowercase, in
// line, whatever its case there, or -1.
func indexFold(line string, i int, s string) int {
	for {
		k := strings.IndexByte(line[i:], s[0])
		if k < 0 {
			return -1
		}
		i += k
		if i+len(s) <= len(line) && strings.EqualFold(line[i:i+len(s)], s) {
			return i
		}
		i++
	}
}

// partialAt returns where a tail of line, from i on, begins that may be
// the start of s, cut by the window's end, or len(line).
func partialAt(line string, i int, s string) int {
	for n := min(len(s)-1, len(line)-i); n > 0; n-- {
		if strings.EqualFold(line[len(line)-n:], s[:n]) {
			return len(line) - n
		}
	}
	return len(line)
}

// partialOpener returns where a tail of line, from i on, begins that may
// be the start of a raw text element's tag, or len(line).
func partialOpener(line string, i int) int {
	at := len(line)
	for kind := 1; kind < len(rawElements); kind++ {
		at = min(at, partialAt(line, i, "<"+rawElements[kind]+" "))
	}
	return at
}
