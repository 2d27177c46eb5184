package uri

import "strings"

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
	b := make([]byte, 0, len(s))
	b = append(b, s[:i]...)
	for ; i < len(s); i++ {
		if s[i] == '%' && len(s)-i >= 3 && hexDig[s[i+1]] && hexDig[s[i+2]] {
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return string(b)
}
