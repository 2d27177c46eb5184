package pct

import (
	"strings"

	"github.com/uritool/uritool/internal/ascii"
)

// Pair is one key=value pair of a query read by the HTML form convention
// (application/x-www-form-urlencoded), which is not part of RFC 3986:
// pairs split at "&", key and value at the first "=", "+" is a space and
// percent-encodings are decoded.
type Pair struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

// AppendFormPairs appends the decoded pairs of query to pairs, keeping
// order and repeats. Empty pieces ("a&&b") are skipped, as browsers do.
// A key or value that decoding changes is written in *buf, which the
// pair then views: a caller that reuses *buf for each query allocates
// nothing, and the pairs hold until *buf is written again.
func AppendFormPairs(pairs []Pair, buf *[]byte, query string) []Pair {
	for piece := range strings.SplitSeq(query, "&") {
		if piece == "" {
			continue
		}
		k, v, _ := strings.Cut(piece, "=")
		pairs = append(pairs, Pair{formDecode(buf, k), formDecode(buf, v)})
	}
	return pairs
}

// formDecode is s decoded as AppendFormDecoded decodes it, written in
// *buf: s itself when it has no "+" and no "%".
func formDecode(buf *[]byte, s string) string {
	if strings.IndexByte(s, '+') < 0 && strings.IndexByte(s, '%') < 0 {
		return s
	}
	start := len(*buf)
	*buf = AppendFormDecoded(*buf, s)
	return ascii.View((*buf)[start:])
}

// AppendFormDecoded appends s decoded as a key or value of form data:
// "+" as a space and the percent-encodings, in one pass, so that "%2B"
// stays a plus sign. A "%" not followed by two hex digits is kept, as
// uri.PercentDecode keeps it.
func AppendFormDecoded(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '+':
			b = append(b, ' ')
		case c == '%' && i+2 < len(s) && ascii.IsHex(s[i+1]) && ascii.IsHex(s[i+2]):
			b = append(b, ascii.Unhex(s[i+1])<<4|ascii.Unhex(s[i+2]))
			i += 2
		default:
			b = append(b, c)
		}
	}
	return b
}
