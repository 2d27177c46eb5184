package anchor

import (
	"bytes"
	"io"
	"strconv"
	"strings"
)

// Lines returns the number of lines of the file r, for GitHub's line
// anchors "#L12": a final line without a '\n' counts, an empty file has
// none.
func Lines(r io.Reader) (int, error) {
	buf := make([]byte, 32<<10)
	n, last := 0, byte('\n')
	for {
		k, err := r.Read(buf)
		if k > 0 {
			n += bytes.Count(buf[:k], []byte{'\n'})
			last = buf[k-1]
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return 0, err
		}
	}
	if last != '\n' {
		n++
	}
	return n, nil
}

// LineAnchor parses the line anchors of GitHub's file views: "L12",
// "L12-L20", and either with columns, "L12C3" or "L12C3-L14C1". It
// returns the first and last line, in order whichever way the range is
// written, and ok = false for any other fragment; lines and columns count
// from 1.
func LineAnchor(fragment string) (first, last int, ok bool) {
	from, to, isRange := strings.Cut(fragment, "-")
	first, ok = linePosition(from)
	last = first
	if ok && isRange {
		last, ok = linePosition(to)
	}
	if !ok {
		return 0, 0, false
	}
	return min(first, last), max(first, last), true
}

// linePosition parses "L" line, with an optional "C" column, returning the
// line.
func linePosition(s string) (int, bool) {
	rest, ok := strings.CutPrefix(s, "L")
	if !ok {
		return 0, false
	}
	line, col, hasCol := strings.Cut(rest, "C")
	n, ok := positive(line)
	if ok && hasCol {
		_, ok = positive(col)
	}
	return n, ok
}

// positive parses a number of decimal digits, no sign, that is at least 1.
func positive(s string) (int, bool) {
	if s == "" || s[0] < '0' || s[0] > '9' {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= 1
}
