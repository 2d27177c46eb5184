package extract

import "bytes"

// Facts are what extraction needs to know of a whole line before reading
// it in pieces: the runs of its suppression markers, which apply to the
// candidates before them too, and where the bytes that may close a
// candidate or a code span last occur, so that a window knows whether
// its line holds one further on. A first pass gathers them (Scan, then
// End) in constant memory, but for the markers' text.
type Facts struct {
	n int // bytes scanned
	// last holds the offset of the last of each of the closing bytes, or
	// -1.
	last [256]int
	// runs maps a length to the offset of the last run of exactly that
	// many backticks; run is the run the last piece ended in.
	runs             map[int]int
	runStart, runLen int
	// markers holds each stretch of marker text, from a "uritool-" to
	// the byte after the rule lists that follow it (or to the end of the
	// line): all that Extractor.markers reads of the line.
	markers   []string
	capturing bool
	capture   []byte
	// tail is the end of the last piece, when it may begin a marker.
	tail []byte
	// What the block structure asks of a line (blocks.begin): the offset
	// of its last byte that is not a space or tab, of its last byte that
	// is neither that nor each of runChars, and how many of each it holds.
	lastNonBlank int
	lastOther    [len(runChars)]int
	runChars     [len(runChars)]int
}

// closers are the bytes whose last offset Facts keeps: the quotes and
// '>' that close a candidate, the '<' and '>' of tags, the '&' of a
// character reference that may stand for any of them, the backtick, and
// the '}' that closes a template's expression.
const closers = "\"'<>&`}"

// Reset makes f ready for a new line.
func (f *Facts) Reset() {
	runs, capture, tail := f.runs, f.capture[:0], f.tail[:0]
	clear(runs)
	if runs == nil {
		runs = map[int]int{}
	}
	*f = Facts{runs: runs, capture: capture, tail: tail, lastNonBlank: -1, lastOther: [len(runChars)]int{-1, -1, -1, -1}}
	for _, c := range []byte(closers) {
		f.last[c] = -1
	}
}

// Scan reads the next piece of the line, without its line ending.
func (f *Facts) Scan(b []byte) {
	for _, c := range []byte(closers) {
		if i := bytes.LastIndexByte(b, c); i >= 0 {
			f.last[c] = f.n + i
		}
	}
	f.scanRuns(b)
	f.scanMarkers(b)
	f.scanBlocks(b)
	f.n += len(b)
}

// End says that the line is over.
func (f *Facts) End() {
	if f.runLen > 0 {
		f.runs[f.runLen] = f.runStart
		f.runLen = 0
	}
	if f.capturing {
		f.markers = append(f.markers, string(f.capture))
		f.capturing = false
	}
}

func (f *Facts) scanRuns(b []byte) {
	i := 0
	if f.runLen > 0 { // the last piece ended in a run
		for i < len(b) && b[i] == '`' {
			i++
		}
		f.runLen += i
		if i == len(b) {
			return
		}
		f.runs[f.runLen], f.runLen = f.runStart, 0
	}
	for {
		n := bytes.IndexByte(b[i:], '`')
		if n < 0 {
			return
		}
		start := i + n
		i = start
		for i < len(b) && b[i] == '`' {
			i++
		}
		if i == len(b) { // the run may go on
			f.runStart, f.runLen = f.n+start, i-start
			return
		}
		f.runs[i-start] = f.n + start
	}
}

// markerByte holds the bytes a marker and its rule lists are made of.
var markerByte = func() (t [256]bool) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] = true
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for _, c := range []byte("- \t,") {
		t[c] = true
	}
	return t
}()

func (f *Facts) scanMarkers(b []byte) {
	for i := 0; i < len(b); {
		if f.capturing {
			j := i
			for j < len(b) && markerByte[b[j]] {
				j++
			}
			f.capture = append(f.capture, b[i:j]...)
			if j == len(b) {
				return
			}
			f.markers = append(f.markers, string(append(f.capture, b[j])))
			f.capture, f.capturing = f.capture[:0], false
			i = j + 1
			continue
		}
		// A marker may begin in the tail of the last piece.
		var joined [2 * len(markerPrefix)]byte
		t := len(f.tail)
		both := append(append(joined[:0], f.tail...), b[i:min(len(b), i+len(markerPrefix)-1)]...)
		if k := bytes.Index(both, []byte(markerPrefix)); k >= 0 && k < t {
			f.tail = f.tail[:0]
			f.capture, f.capturing = append(f.capture[:0], markerPrefix...), true
			i += k + len(markerPrefix) - t
			continue
		}
		n := bytes.Index(b[i:], []byte(markerPrefix))
		if n < 0 {
			// Keep the last bytes, which may begin a marker.
			f.tail = append(f.tail, b[max(i, len(b)-len(markerPrefix)+1):]...)
			f.tail = f.tail[:copy(f.tail, f.tail[max(0, len(f.tail)-len(markerPrefix)+1):])]
			return
		}
		f.tail = f.tail[:0]
		f.capturing, f.capture = true, f.capture[:0]
		i += n
	}
}

func (f *Facts) scanBlocks(b []byte) {
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] != ' ' && b[i] != '\t' {
			f.lastNonBlank = f.n + i
			break
		}
	}
	for k := range len(runChars) {
		c := runChars[k]
		f.runChars[k] += bytes.Count(b, []byte{c})
		for i := len(b) - 1; i >= 0; i-- {
			if b[i] != ' ' && b[i] != '\t' && b[i] != c {
				f.lastOther[k] = f.n + i
				break
			}
		}
	}
}
