package breakdown

import (
	"strconv"
	"strings"

	"github.com/uritool/uritool/pkg/uri"
)

// The component list is mostly constant: each row's name and padding, the
// colors, the rows of the components that are absent. Copied a piece at a
// time, the constants cost more than the values between them, so the list
// is written from stop to stop instead. A stop is a place that writes
// something of the input's own: a component's value, an empty component's
// row, the host's type, the segments. Between two stops comes only
// constant text (the end of the one, the rows of the absent components
// between, the start of the other), and bridge holds it for each pair of
// stops, joined: one copy.
type stop uint8

const (
	stopRelative stop = iota // the list's start, before the kind row of a relative reference
	stopURI                  // the list's start, before the kind row of a URI
	// stopComponents+2*c is the row of component c with its value, and
	// stopComponents+2*c+1 its row when empty: see valueStop, emptyStop.
	stopComponents
	stopOtherForm      = stopComponents + 2*stop(uri.ComponentFragment+1) // the host's other IDNA form
	stopIDNAError      = stopOtherForm + 1                                // why IDNA refuses the host
	stopHostType       = stopIDNAError + 1                                // the end of the host's row, one per uri.HostType
	stopSegments       = stopHostType + stop(uri.HostRegName) + 1         // the path's segments, as they are
	stopQuotedSegments = stopSegments + 1                                 // the path's segments, quoted
	stopParams         = stopQuotedSegments + 1                           // the query's form pairs
	stopEnd            = stopParams + 1
	numStops           = stopEnd + 1
)

func valueStop(c uri.Component) stop { return stopComponents + 2*stop(c) }
func emptyStop(c uri.Component) stop { return valueStop(c) + 1 }

// stopPlaces orders the stops as the list writes them: a component's
// stops at 10 for each row above it, what ends the host's row after it.
var stopPlaces = func() (at [numStops]int) {
	for c := range uri.ComponentFragment + 1 {
		at[valueStop(c)], at[emptyStop(c)] = 10*int(c+1), 10*int(c+1)
	}
	host, path, query := 10*int(uri.ComponentHost+1), 10*int(uri.ComponentPath+1), 10*int(uri.ComponentQuery+1)
	at[stopOtherForm], at[stopIDNAError] = host+1, host+1
	for t := range uri.HostRegName + 1 {
		at[stopHostType+stop(t)] = host + 2
	}
	at[stopSegments], at[stopQuotedSegments] = path+1, path+1
	at[stopParams] = query + 1
	at[stopEnd] = 1 << 10
	return at
}()

// stopEnds is what each stop writes before and after what is its own.
func (st *breakdownStyle) stopEnds() (head, tail [numStops]string) {
	tail[stopRelative], tail[stopURI] = st.kindRow[0], st.kindRow[1]
	for c := range uri.ComponentFragment + 1 {
		head[valueStop(c)], tail[valueStop(c)] = st.valueHead[c], st.valueTail[c]
		head[emptyStop(c)] = st.emptyRow[c]
	}
	// The host's row goes on after its value: its other form, its type.
	host := st.component[uri.ComponentHost]
	head[valueStop(uri.ComponentHost)] = st.head[uri.ComponentHost] + host.On
	tail[valueStop(uri.ComponentHost)] = host.Off
	head[emptyStop(uri.ComponentHost)] = st.head[uri.ComponentHost] + st.empty
	head[stopOtherForm], tail[stopOtherForm] = " ("+host.On, host.Off+")"
	head[stopIDNAError], tail[stopIDNAError] = " "+st.warning.On+"(not a valid IDNA name: ", "])"+st.warning.Off
	for t := range uri.HostRegName + 1 {
		head[stopHostType+stop(t)] = st.hostType[t]
	}
	head[stopSegments], tail[stopSegments] = st.segmentsOpen, st.segmentsClose
	head[stopQuotedSegments], tail[stopQuotedSegments] = st.segmentsHead, "\n"
	head[stopParams] = st.formData
	return head, tail
}

// bridges joins, for each pair of stops in order, the text between
// them: the end of the first, the rows of the components between, which
// are absent, and the start of the second. The userinfo, host and port
// have no rows when the authority between is absent. The bridges are
// cut from one string: one allocation rather than some four hundred.
func (st *breakdownStyle) bridges() (bridge [numStops][numStops]string) {
	head, tail := st.stopEnds()
	var all []byte
	var end [numStops][numStops]int
	for from := range numStops {
		for to := range numStops {
			if stopPlaces[from] < stopPlaces[to] {
				all = append(all, tail[from]...)
				for c := range uri.ComponentFragment + 1 {
					at := stopPlaces[valueStop(c)]
					sub := c == uri.ComponentUserinfo || c == uri.ComponentHost || c == uri.ComponentPort
					if stopPlaces[from] < at && at < stopPlaces[to] && !(sub && stopPlaces[from] < stopPlaces[valueStop(uri.ComponentAuthority)]) {
						all = append(all, st.absentRow[c]...)
					}
				}
				all = append(all, head[to]...)
			}
			end[from][to] = len(all)
		}
	}
	text, start := string(all), 0
	for from := range numStops {
		for to := range numStops {
			bridge[from][to], start = text[start:end[from][to]], end[from][to]
		}
	}
	return bridge
}

// row writes c's row, which is at pt in shown, after the stop last:
// the row with its value, or the row of an empty component. An absent
// one has no stop: its row is part of the next bridge.
func (st *breakdownStyle) row(b []byte, last stop, c uri.Component, shown string, pt part) ([]byte, stop) {
	if pt.start == pt.end {
		return append(b, st.bridge[last][emptyStop(c)]...), emptyStop(c)
	}
	return append(append(b, st.bridge[last][valueStop(c)]...), shown[pt.start:pt.end]...), valueStop(c)
}

// appendList writes each component with its value, marking undefined
// ones as absent so they differ from empty ones.
func (st *breakdownStyle) appendList(b []byte, r *Parsed, shown string, ascii bool, parts *[uri.ComponentFragment + 1]part) []byte {
	u := &r.URI
	last := stopRelative
	if u.IsAbsolute() {
		last = stopURI
	}
	if pt := parts[uri.ComponentScheme]; pt.ok {
		b, last = st.row(b, last, uri.ComponentScheme, shown, pt)
	}
	if pt := parts[uri.ComponentAuthority]; pt.ok {
		b, last = st.row(b, last, uri.ComponentAuthority, shown, pt)
		if pt := parts[uri.ComponentUserinfo]; pt.ok {
			b, last = st.row(b, last, uri.ComponentUserinfo, shown, pt)
		}
		b, last = st.row(b, last, uri.ComponentHost, shown, parts[uri.ComponentHost])
		switch forms := &r.Forms; {
		case forms.Err != nil:
			b = append(append(append(append(b, st.bridge[last][stopIDNAError]...), forms.Err.Error()...), " ["...), forms.Err.Rule...)
			last = stopIDNAError
		case forms.ASCII != forms.Unicode:
			// Both forms: the one as written first, then the other.
			other := forms.ASCII
			if h, _ := u.Host(); strings.EqualFold(h, forms.ASCII) {
				other = forms.Unicode
			}
			b = append(append(b, st.bridge[last][stopOtherForm]...), other...)
			last = stopOtherForm
		}
		t := stopHostType + stop(min(u.HostType(), uri.HostRegName))
		b, last = append(b, st.bridge[last][t]...), t
		if pt := parts[uri.ComponentPort]; pt.ok {
			b, last = st.row(b, last, uri.ComponentPort, shown, pt)
		}
	}
	b, last = st.row(b, last, uri.ComponentPath, shown, parts[uri.ComponentPath])
	if path := u.Path(); path != "" {
		b, last = st.appendSegments(b, last, path, ascii)
	}
	if pt := parts[uri.ComponentQuery]; pt.ok {
		b, last = st.row(b, last, uri.ComponentQuery, shown, pt)
		if pt.start < pt.end && len(r.Params) > 0 {
			query := st.component[uri.ComponentQuery]
			b, last = append(b, st.bridge[last][stopParams]...), stopParams
			for _, pair := range r.Params {
				b = query.Close(appendQuoted(query.Open(append(b, "      "...)), pair.Key))
				b = query.Close(appendQuoted(query.Open(append(b, " = "...)), pair.Value))
				b = append(b, '\n')
			}
		}
	}
	if pt := parts[uri.ComponentFragment]; pt.ok {
		b, last = st.row(b, last, uri.ComponentFragment, shown, pt)
	}
	return append(b, st.bridge[last][stopEnd]...)
}

// appendSegments writes the row of the path's segments, after the stop
// last, as uri.Segments yields them: split at "/", an absolute path's
// leading empty segment left out; path is not empty. Segments' byte loop,
// and then a look at each segment's bytes for escapes, were the list's
// hottest code: it splits with IndexByte, and looks for escapes only in
// an IRI's path. An ASCII path needs none, as pchar (RFC 3986 section
// 3.3) holds no control, quote or backslash; ascii says the path is
// ASCII.
func (st *breakdownStyle) appendSegments(b []byte, last stop, path string, ascii bool) ([]byte, stop) {
	path = strings.TrimPrefix(path, "/")
	if !ascii && needsEscapes(path) {
		k := st.component[uri.ComponentPath]
		b = append(b, st.bridge[last][stopQuotedSegments]...)
		for {
			seg, rest, more := strings.Cut(path, "/")
			b = k.Close(strconv.AppendQuote(k.Open(b), seg))
			if !more {
				return b, stopQuotedSegments
			}
			b = append(b, st.separator...)
			path = rest
		}
	}
	// Each segment as it is, and between two the closing quote, the
	// separator and the opening quote in one piece.
	b = append(b, st.bridge[last][stopSegments]...)
	for {
		slash := strings.IndexByte(path, '/')
		if slash < 0 {
			return append(b, path...), stopSegments
		}
		b = append(append(b, path[:slash]...), st.segmentsBetween...)
		path = path[slash+1:]
	}
}
