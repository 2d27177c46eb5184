package uri

import (
	"bytes"
	"strings"

	"github.com/uritool/uritool/internal/ascii"
)

// RemoveDotSegments applies remove_dot_segments (section 5.2.4) to path.
// It returns path itself, without allocating, when there is nothing to
// remove.
func RemoveDotSegments(path string) string {
	if !hasDotSegment(path) {
		return path
	}
	b := []byte(path)
	return ascii.View(b[:removeDotSegments(b, nil)])
}

// hasDotSegment reports whether path has a "." or ".." segment. It only
// looks where one can start: the beginning and each "/.", which most
// paths do not have at all.
func hasDotSegment(path string) bool {
	if dotSegmentAt(path) {
		return true
	}
	if !hasSlashDot(path) {
		return false
	}
	for {
		i := strings.Index(path, "/.")
		if i < 0 {
			return false
		}
		path = path[i+1:]
		if dotSegmentAt(path) {
			return true
		}
	}
}

// dotSegmentAt reports whether p starts with a whole "." or ".." segment.
func dotSegmentAt(p string) bool {
	switch {
	case p == "." || p == "..":
		return true
	case strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../"):
		return true
	}
	return false
}

// removeDotSegments runs the loop of section 5.2.4 in place: the output
// buffer is b[:w] and the input buffer b[r:]. The output never outgrows
// what has been read, so w <= r throughout. It returns the output length,
// and appends each turn of the loop to steps unless it is nil.
func removeDotSegments(b []byte, steps *[]DotStep) int {
	r, w := 0, 0
	n := len(b)
	if steps == nil && n > 0 && b[0] != '.' {
		// Every segment before the first "/." is moved by rule E onto
		// itself: start there. (A merged path is mostly the base's.)
		i := bytes.Index(b, slashDot)
		if i < 0 {
			return n
		}
		r, w = i, i
	}
	at := func(s string) bool { return n-r >= len(s) && string(b[r:r+len(s)]) == s }
	rest := func(s string) bool { return n-r == len(s) && string(b[r:]) == s }
	for r < n {
		var rule byte
		switch {
		case b[r] != '.' && !at("/."): // most segments: A to D all need "." or "/." here
			rule = 'E'
			r, w = moveSegment(b, r, w)
		case at("../"):
			rule, r = 'A', r+3
		case at("./"):
			rule, r = 'A', r+2
		case at("/./"):
			rule, r = 'B', r+2
		case rest("/."): // replace "/." with "/"
			rule, r = 'B', r+1
			b[r] = '/'
		case at("/../"):
			rule, r = 'C', r+3
			w = lastSlash(b[:w])
		case rest("/.."): // replace "/.." with "/"
			rule, r = 'C', r+2
			b[r] = '/'
			w = lastSlash(b[:w])
		case rest(".") || rest(".."):
			rule, r = 'D', n
		default:
			rule = 'E'
			r, w = moveSegment(b, r, w)
		}
		if steps != nil {
			*steps = append(*steps, DotStep{Rule: string(rule), Output: string(b[:w]), Input: string(b[r:])})
		}
	}
	return w
}

var slashDot = []byte("/.")

// moveSegment is rule E of section 5.2.4: it moves the first segment of
// the input buffer b[r:], with its leading "/", to the end of the output
// buffer b[:w], and returns where both buffers then start and end.
func moveSegment(b []byte, r, w int) (int, int) {
	j := r
	if b[j] == '/' {
		j++
	}
	for j < len(b) && b[j] != '/' {
		j++
	}
	return j, w + copy(b[w:], b[r:j])
}

// lastSlash returns the index of the last '/' in out, or 0: where the
// output buffer ends once its last segment is removed (section 5.2.4, C).
func lastSlash(out []byte) int {
	for i := len(out) - 1; i >= 0; i-- {
		if out[i] == '/' {
			return i
		}
	}
	return 0
}

// removeRelativeDots removes the dot-segments of the path of a
// relative-path reference (section 4.2) in place and returns the result.
// Resolution merges such a path with the base's directory (5.2.3) before
// remove_dot_segments (5.2.4), so the base decides what a ".." removes
// from it; what the path says on its own is kept:
//
//   - a "." segment is removed;
//   - a ".." removes the segment before it in the path, and one with no
//     segment before it stays, as a leading "../";
//   - a path left empty is written "./", since an empty path would take
//     the base's whole path and query (5.2.2), and a lone "." or ".." ends
//     with "/" like any other directory;
//   - "./" is written before a first segment that is empty or holds a
//     colon, which would read as an authority or a scheme (4.2).
//
// The result is never more than one byte longer than p ("." gives "./"),
// and p must have the capacity for that byte.
func removeRelativeDots(p []byte) []byte {
	n := len(p)
	p = p[:n+1]
	r, w := 0, 0
	up := 0 // length of the leading "../" segments of the output
	for r < n {
		j := r
		for j < n && p[j] != '/' {
			j++
		}
		switch {
		case j-r == 1 && p[r] == '.':
		case j-r == 2 && p[r] == '.' && p[r+1] == '.':
			if w > up {
				// Every segment of the output ends with "/" here.
				w = up + bytes.LastIndexByte(p[up:w-1], '/') + 1
			} else {
				// w <= r, so this writes over ".." and the "/" after it,
				// or over the spare byte when ".." ends the path.
				w += copy(p[w:], "../")
				up = w
			}
		default:
			w += copy(p[w:], p[r:j])
			if j < n {
				p[w] = '/'
				w++
			}
		}
		r = j + 1
	}
	switch {
	case w == 0:
		return append(p[:0], "./"...)
	case up == 0 && needsDotSlash(ascii.View(p[:w])):
		// The input's first segment is gone, and with it at least two
		// bytes ("./", or "x/../"), so there is room.
		copy(p[2:], p[:w])
		p[0], p[1] = '.', '/'
		w += 2
	}
	return p[:w]
}

// needsDotSlash reports whether the relative path p must be written after
// "./": its first segment is empty, so that p reads as an absolute path,
// or holds a colon, so that it reads as a scheme (section 4.2).
func needsDotSlash(p string) bool {
	first, _, _ := strings.Cut(p, "/")
	return first == "" || strings.IndexByte(first, ':') >= 0
}

// relativeDotsNormal reports whether removeRelativeDots would give the
// relative path p back: it has no dot-segments beyond its leading "../"
// segments and the "./" that needsDotSlash asks for.
func relativeDotsNormal(p string) bool {
	rest := p
	for strings.HasPrefix(rest, "../") {
		rest = rest[3:]
	}
	if len(rest) == len(p) && strings.HasPrefix(rest, "./") {
		rest = rest[2:]
		if rest != "" && !needsDotSlash(rest) {
			return false
		}
	}
	return !hasDotSegment(rest)
}
