package uri

import (
	"strings"

	"github.com/uritool/uritool/internal/ascii"
)

// PercentDecode decodes the percent-encodings (section 2.1) of s, as a
// component of a valid reference has them. A "%" not followed by two
// hex digits is kept as it is. It returns s itself when there is nothing
// to decode. Decode a component only to use its data: once decoded,
// reserved characters no longer delimit (section 2.4).
func PercentDecode(s string) string {
	i := strings.IndexByte(s, '%')
	if i < 0 {
		return s
	}
	b, _ := ascii.AppendPercentDecoded(append(make([]byte, 0, len(s)), s[:i]...), s[i:])
	return string(b)
}
