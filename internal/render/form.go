package render

import "strings"

// Pair is one key=value pair of a query read by the HTML form convention
// (application/x-www-form-urlencoded), which is not part of RFC 3986:
// pairs split at "&", key and value at the first "=", "+" is a space and
// percent-encodings are decoded.
type Pair struct {
	Key, Value string
}

// FormPairs splits query into decoded pairs, keeping order and repeats.
// Empty pieces ("a&&b") are skipped, as browsers do.
func FormPairs(query string) []Pair {
	var pairs []Pair
	for piece := range strings.SplitSeq(query, "&") {
		if piece == "" {
			continue
		}
		k, v, _ := strings.Cut(piece, "=")
		pairs = append(pairs, Pair{formDecode(k), formDecode(v)})
	}
	return pairs
}

// formDecode decodes "+" and percent-encodings. The query came from a
// valid URI, so every "%" starts a valid triplet (RFC 3986 section 2.1).
func formDecode(s string) string {
	if !strings.ContainsAny(s, "+%") {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '+':
			b = append(b, ' ')
		case '%':
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
		default:
			b = append(b, c)
		}
	}
	return string(b)
}

func unhex(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}
