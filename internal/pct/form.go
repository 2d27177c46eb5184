package pct

import (
	"strings"

	"github.com/uritool/uritool/pkg/uri"
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
func AppendFormPairs(pairs []Pair, query string) []Pair {
	for piece := range strings.SplitSeq(query, "&") {
		if piece == "" {
			continue
		}
		k, v, _ := strings.Cut(piece, "=")
		pairs = append(pairs, Pair{FormDecode(k), FormDecode(v)})
	}
	return pairs
}

// FormDecode decodes "+" as a space, then the percent-encodings, so that
// "%2B" stays a plus sign: a key or value of form data.
func FormDecode(s string) string {
	return uri.PercentDecode(strings.ReplaceAll(s, "+", " "))
}
