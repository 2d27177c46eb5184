package extract

import (
	"strings"

	"github.com/uritool/uritool/internal/ascii"
)

// GitHub Flavored Markdown links more than CommonMark does (GFM 6.9,
// "Autolinks (extension)"): a "www." domain in prose, which it links as
// an http: URI, and an email address, as a mailto: one. What it links is
// a candidate, as the URI a reader follows; a bare URI with a scheme is
// the prose scan's.

// extendedAutolinks appends the candidates of a Markdown line's "www."
// links and email addresses outside code spans, autolinks and the
// candidates already found (found), and returns the first offset it
// could not decide in a window.
func (e *Extractor) extendedAutolinks(dst []Found, w *window, spans [][2]int, found []Found) ([]Found, int) {
	line := w.text
	taken := func(at int) bool {
		return inSpans(spans, at) || inLinks(e.links, at) || inFound(found, at)
	}
	// Each pass reads the whole window; what one leaves undecided, the
	// window is cut before, and what lies past the cut is read again.
	undecided := len(line)
www:
	for i := w.from; i < len(line); {
		k := strings.Index(line[i:], "www.")
		if k < 0 {
			// "www." may begin at the end of the window.
			for t := 3; w.past != nil && t >= 1; t-- {
				if len(line)-t >= i && strings.HasSuffix(line, "www."[:t]) {
					undecided = len(line) - t
					break
				}
			}
			break
		}
		at := i + k
		i = at + 4
		if at > 0 && strings.IndexByte(" \t*_~(", line[at-1]) < 0 || taken(at) {
			continue
		}
		end := at + 4
		// A blank or '<' ends it (GFM 6.9), and so does a bracket, which
		// ends the text it stands in: "[www.x.example](...)".
		for end < len(line) && strings.IndexByte(" \t<[]", line[end]) < 0 {
			end++
		}
		if end == len(line) && w.past != nil {
			undecided = at
			break www
		}
		end = trimExtended(line, at, end)
		if !validDomain(line[at:domainEnd(line, at, end)]) {
			continue
		}
		text, sourceOf := e.decoded.prefixed("http://", line, at, end)
		dst = append(dst, Found{Candidate: Candidate{Offset: at, Text: text}, sourceOf: sourceOf, Followed: true})
		w.cover(at, end)
		i = end
	}
	for i := w.from; i < len(line); {
		k := strings.IndexByte(line[i:], '@')
		if k < 0 {
			break
		}
		at := i + k
		i = at + 1
		start := at
		for start > w.from && emailLocal(line[start-1]) {
			start--
		}
		end := at + 1
		for end < len(line) && (ascii.IsAlpha(line[end]) || ascii.IsDigit(line[end]) || strings.IndexByte("-_.", line[end]) >= 0) {
			end++
		}
		if end == len(line) && w.past != nil {
			return dst, min(undecided, start)
		}
		if end > at+1 && line[end-1] == '.' {
			end-- // a full stop after the address is the sentence's
		}
		domain := line[at+1 : end]
		if start == at || taken(start) || taken(at) || !strings.Contains(domain, ".") || domain[len(domain)-1] == '-' || domain[len(domain)-1] == '_' {
			continue
		}
		text, sourceOf := e.decoded.prefixed("mailto:", line, start, end)
		dst = append(dst, Found{Candidate: Candidate{Offset: start, Text: text}, sourceOf: sourceOf, Followed: true})
		w.cover(start, end)
		i = end
	}
	return dst, undecided
}

// emailLocal reports whether c may stand in the local part of an email
// address that GFM links.
func emailLocal(c byte) bool {
	return ascii.IsAlpha(c) || ascii.IsDigit(c) || c == '.' || c == '-' || c == '_' || c == '+'
}

// trimExtended drops from line[start:end], an extended autolink up to a
// blank or '<', what GFM leaves out at its end: trailing punctuation, a
// ')' that closes nothing in it, and what looks like an entity
// reference, "&hl;".
func trimExtended(line string, start, end int) int {
	for end > start {
		switch c := line[end-1]; {
		case strings.IndexByte("?!.,:*_~", c) >= 0:
			end--
			continue
		case c == ')' && strings.Count(line[start:end], ")") > strings.Count(line[start:end], "("):
			end--
			continue
		case c == ';':
			j := end - 2
			for j >= start && (ascii.IsAlpha(line[j]) || ascii.IsDigit(line[j])) {
				j--
			}
			if j >= start && j < end-2 && line[j] == '&' {
				end = j
				continue
			}
		}
		break
	}
	return end
}

// domainEnd returns where the domain of the link line[start:end] ends.
func domainEnd(line string, start, end int) int {
	i := start
	for i < end && (ascii.IsAlpha(line[i]) || ascii.IsDigit(line[i]) || strings.IndexByte("-_.", line[i]) >= 0) {
		i++
	}
	return i
}

// validDomain reports whether d is a domain GFM links: segments of
// letters, digits, '_' and '-' between periods, with no '_' in the last
// two.
func validDomain(d string) bool {
	segs := strings.Split(d, ".")
	if len(segs) < 2 || segs[len(segs)-1] == "" {
		return false
	}
	for k, s := range segs {
		if s == "" || k >= len(segs)-2 && strings.IndexByte(s, '_') >= 0 {
			return false
		}
	}
	return true
}

// inFound reports whether off stands inside the text of one of found.
func inFound(found []Found, off int) bool {
	for i := range found {
		if f := &found[i]; off >= f.Offset && off < f.SourceOffset(len(f.Text)) {
			return true
		}
	}
	return false
}
