package get

import (
	"strings"

	"github.com/uritool/uritool/internal/ascii"
	"github.com/uritool/uritool/pkg/uri"
)

// Each is what parse --each explodes a reference into, an item a line:
// the keys, values or pairs of its query, the segments of its path, the
// labels of its host.
type Each uint8

const (
	EachKeys Each = iota + 1
	EachValues
	EachPairs
	EachSegments
	EachLabels
)

// EachKinds names the kinds of Each, in their order, as --each takes them.
var EachKinds = []string{"keys", "values", "pairs", "segments", "labels"}

// EachNamed is the Each that name names, or 0 for none.
func EachNamed(name string) Each {
	for i, k := range EachKinds {
		if k == name {
			return Each(i + 1)
		}
	}
	return 0
}

func (e Each) String() string { return EachKinds[e-1] }

// Item is one item of a reference.
type Item struct {
	// Text is the item as its line shows it: a key or a value decoded as
	// {query:KEY} decodes it; a pair, a segment or a label as written. A
	// control character is written percent-encoded, as the --get fields
	// write it, so that an item is one line.
	Text string
	// Key and Value are a pair's key and value, decoded and exact
	// (control characters too); set for pairs only.
	Key, Value string
}

// Append appends the items of kind e of u, a valid reference, to items,
// in order, repeats kept, and returns them. What it decodes it writes in
// *buf, which it grows and a caller reuses: the items are valid until
// *buf is written again, and until u's text is.
//
// Keys, values and pairs are the pairs of the query as the query fields
// read them; segments are numbered as {segment:N} numbers them (an
// empty path has none, "/a/" has "a" and ""), labels as {host:N} does
// (an IP address has none).
func (e Each) Append(items []Item, buf *[]byte, u *uri.URI) []Item {
	switch e {
	case EachSegments:
		for seg := range u.Segments() {
			items = append(items, Item{Text: oneLine(buf, seg)})
		}
	case EachLabels:
		for label := range u.Labels() {
			items = append(items, Item{Text: oneLine(buf, label)})
		}
	case EachKeys, EachValues, EachPairs:
		q, ok := u.Query()
		if !ok {
			break
		}
		for pair := range queryPairs(q) {
			switch e {
			case EachKeys:
				items = append(items, Item{Text: oneLine(buf, decode(buf, pair.key))})
			case EachValues:
				items = append(items, Item{Text: oneLine(buf, decode(buf, pair.value))})
			default:
				items = append(items, Item{Text: oneLine(buf, pair.piece), Key: decode(buf, pair.key), Value: decode(buf, pair.value)})
			}
		}
	}
	return items
}

// decode is s percent-decoded (section 2.1), s itself when it has no
// "%", else written in *buf.
func decode(buf *[]byte, s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	start := len(*buf)
	*buf, _ = ascii.AppendPercentDecoded(*buf, s)
	return ascii.View((*buf)[start:])
}

// oneLine is s with its control characters percent-encoded, as the --get
// fields write a value that is not joined with others: s itself when it
// has none, else written in *buf.
func oneLine(buf *[]byte, s string) string {
	if !escapes(s, false) {
		return s
	}
	start := len(*buf)
	*buf = appendEscaped(*buf, s, false)
	return ascii.View((*buf)[start:])
}
