// Package shape reduces URI references to their shapes: RFC 6570
// templates in which the parts that vary between requests for the same
// kind of resource are variables, so a URL list can be summarized as
// "https://example.com/users/{id}/edit{?page,sort}" with a count.
//
// A shape keeps the scheme, host, port and every path segment as written,
// except that a whole segment that looks like an identifier becomes a
// variable (see Heuristic). The query's values are replaced by one "?"
// expression naming its keys in the order first seen; the order is kept
// rather than sorted because servers may give it meaning and because the
// shape must expand back to its input. Userinfo is dropped, as it holds
// credentials rather than naming a resource, and so is the fragment,
// which is never sent to the server.
package shape

import (
	"errors"
	"math/bits"
	"net/url"
	"strconv"
	"strings"

	"github.com/uritool/uritool/internal/ascii"
	"github.com/uritool/uritool/pkg/uri"
	"github.com/uritool/uritool/pkg/uritemplate"
)

// Heuristic is a set of the rules that turn path segments into
// variables. Each rule's name is also its variable's name.
type Heuristic uint8

// The heuristics, in the order they are tried on a segment.
const (
	UUID    Heuristic = 1 << iota // "uuid": 8-4-4-4-12 hex digits, any case
	Date                          // "date": a calendar date YYYY-MM-DD
	Decimal                       // "id": decimal digits only
	Hex                           // "hex": 8 or more hex digits with at least one digit and one letter
	All     = UUID | Date | Decimal | Hex
)

var names = [...]string{"uuid", "date", "id", "hex"}

// descriptions are for help texts, so that they list what the code does.
var descriptions = [...]string{
	"a UUID: 8-4-4-4-12 hex digits, any case",
	"a calendar date YYYY-MM-DD",
	"a decimal number: digits only",
	"8 or more hex digits with at least one digit and one letter",
}

// Description says which segments h turns into a variable; h must be a
// single heuristic.
func (h Heuristic) Description() string {
	for i, d := range descriptions {
		if h == 1<<i {
			return d
		}
	}
	return ""
}

// String returns the names of the heuristics in h, comma-separated.
func (h Heuristic) String() string {
	var s []string
	for i, name := range names {
		if h&(1<<i) != 0 {
			s = append(s, name)
		}
	}
	return strings.Join(s, ",")
}

// ParseHeuristic returns the heuristic with the given name, as a flag
// like --no-heuristic would name it.
func ParseHeuristic(name string) (Heuristic, error) {
	for i, n := range names {
		if n == name {
			return 1 << i, nil
		}
	}
	return 0, errors.New("shape: unknown heuristic " + strconv.Quote(name) + " (want one of " + All.String() + ")")
}

// Options control Of and a Shaper. The zero value applies every heuristic.
type Options struct {
	// Off is the set of heuristics not to apply.
	Off Heuristic
}

// The classes of bytes the heuristics tell apart. A shape looks at each
// byte of the path once, and a segment's heuristic comes from the classes
// its bytes fell in, and from its length.
const (
	seenDigit     = 1 << iota // 0-9
	seenHexLetter             // a-f, A-F
	seenOther
	slash // ends the segment
)

var byteClass = func() (c [256]uint8) {
	for i := range c {
		c[i] = seenOther
	}
	for i := '0'; i <= '9'; i++ {
		c[i] = seenDigit
	}
	for i := 'a'; i <= 'f'; i++ {
		c[i], c[i-'a'+'A'] = seenHexLetter, seenHexLetter
	}
	c['/'] = slash
	return c
}()

// classify returns the first enabled heuristic that matches the whole
// segment, or 0; seen holds the classes of its bytes.
func (o Options) classify(seg string, seen uint8) Heuristic {
	on := All &^ o.Off
	switch {
	case on&UUID != 0 && isUUID(seg):
		return UUID
	case on&Date != 0 && isDate(seg):
		return Date
	case on&Decimal != 0 && seen == seenDigit:
		return Decimal
	// Hex wants a digit so that words such as "deadbeef" stay literal,
	// and a letter so that plain numbers are left to Decimal and
	// switching it off keeps them literal.
	case on&Hex != 0 && seen == seenDigit|seenHexLetter && len(seg) >= 8:
		return Hex
	}
	return 0
}

func isUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if i == 8 || i == 13 || i == 18 || i == 23 {
			if s[i] != '-' {
				return false
			}
		} else if !ascii.IsHex(s[i]) {
			return false
		}
	}
	return true
}

// isDate accepts what time.Parse(time.DateOnly, s) accepts: four digits
// of year, a month 01 to 12 and a day that month has that year; checked
// by hand because time.Parse costs more than the rest of a shape.
func isDate(s string) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	for _, i := range [...]int{0, 1, 2, 3, 5, 6, 8, 9} {
		if !ascii.IsDigit(s[i]) {
			return false
		}
	}
	num := func(i, n int) int {
		v := 0
		for _, c := range []byte(s[i : i+n]) {
			v = v*10 + int(c-'0')
		}
		return v
	}
	year, month, day := num(0, 4), num(5, 2), num(8, 2)
	if month < 1 || month > 12 || day < 1 {
		return false
	}
	days := [...]int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[month-1]
	if month == 2 && year%4 == 0 && (year%100 != 0 || year%400 == 0) {
		days = 29
	}
	return day <= days
}

// Shaper computes shapes in buffers it keeps, so that once they have grown
// it allocates nothing for a valid input: a crawl of millions of URLs is
// shaped without garbage. Its zero value applies every heuristic.
type Shaper struct {
	Options
	out     []byte              // the shape
	names   []byte              // the query's variable names, one after another
	ends    []int               // where each name in names ends
	key     []byte              // a query key, percent-decoded
	many    map[string]struct{} // the names, once there are too many to compare one by one
	indexed int                 // how many names many holds
}

// Shape returns the shape of the URI reference ref, in a buffer that is
// valid until the next call.
func (s *Shaper) Shape(ref string) ([]byte, error) {
	if err := s.shape(ref, nil); err != nil {
		return nil, err
	}
	return s.out, nil
}

// Of returns the shape of the URI reference ref, and the values that
// expand the shape back to ref without its userinfo and fragment, with
// its query reduced to the first value of each key.
func Of(ref string, opts Options) (string, uritemplate.Values, error) {
	s := Shaper{Options: opts}
	vals := uritemplate.Values{}
	if err := s.shape(ref, vals); err != nil {
		return "", nil, err
	}
	return string(s.out), vals, nil
}

// shape writes the shape of ref to s.out and, when vals is not nil, the
// values of its variables to vals.
func (s *Shaper) shape(ref string, vals uritemplate.Values) error {
	u, err := uri.Parse(ref)
	if err != nil {
		return err
	}
	// The query's names first: a path variable must not take one.
	query, _ := u.Query()
	s.queryNames(query, vals)
	b := s.out[:0]
	if _, ok := u.Userinfo(); !ok {
		// The shape's scheme, host and port are then the reference's
		// start as it is, copied with the path's first literal run.
		start, end, _ := u.Span(uri.ComponentPath)
		b = s.appendPath(b, u.String()[:end], start, vals)
	} else {
		if scheme, ok := u.Scheme(); ok {
			b = append(append(b, scheme...), ':')
		}
		host, _ := u.Host()
		b = append(append(b, "//"...), host...)
		if port, ok := u.Port(); ok {
			b = append(append(b, ':'), port...)
		}
		b = s.appendPath(b, u.Path(), 0, vals)
	}
	if len(s.ends) > 0 {
		b = append(b, "{?"...)
		start := 0
		for i, end := range s.ends {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, s.names[start:end]...)
			start = end
		}
		b = append(b, '}')
	}
	s.out = b
	return nil
}

// appendPath appends text, whose path starts at from, with each segment
// of the path that a heuristic matches replaced by its variable. The
// literal runs between variables are copied whole.
func (s *Shaper) appendPath(b []byte, text string, from int, vals uritemplate.Values) []byte {
	var used [len(names)]int // per heuristic, how many of its names the path took
	literal := 0             // where the text to copy begins
	for start := from; ; {
		// One loop to the segment's end: where it ends is the input's,
		// and each loop that stops there is mispredicted about once a
		// segment. (A loop to the first byte of no heuristic's, then a
		// search for the '/' eight bytes at a time, were two or three.)
		end, seen := start, uint8(0)
		for ; end < len(text); end++ {
			c := byteClass[text[end]]
			if c == slash {
				break
			}
			seen |= c
		}
		// Most segments are words: none of the heuristics can match
		// them, whatever their length but a UUID's or a date's.
		maybe := seen&seenOther == 0 || end-start == 36 || end-start == 10
		if h := Heuristic(0); maybe {
			if h = s.classify(text[start:end], seen); h != 0 {
				name := s.freeName(h, &used)
				if vals != nil {
					vals[string(name)] = uritemplate.String(text[start:end])
				}
				b = append(append(append(append(b, text[literal:start]...), '{'), name...), '}')
				literal = end
			}
		}
		if end == len(text) {
			return append(b, text[literal:]...)
		}
		start = end + 1
	}
}

// freeName returns the name of the next variable of heuristic h: its
// name, or its name followed by the smallest number from 2 up that
// neither an earlier path variable nor a query key has taken. The name is
// valid until the next call.
func (s *Shaper) freeName(h Heuristic, used *[len(names)]int) []byte {
	k := bits.TrailingZeros8(uint8(h))
	for {
		used[k]++
		s.key = append(s.key[:0], names[k]...)
		if used[k] > 1 {
			s.key = strconv.AppendInt(s.key, int64(used[k]), 10)
		}
		if !s.hasName(s.key) {
			return s.key
		}
	}
}

// queryNames sets s.names to the query's distinct non-empty keys as
// variable names in the order first seen and, when vals is not nil,
// records each one's first value, percent-decoded. A key without "="
// gets the empty value, which the "?" operator expands as "key=".
func (s *Shaper) queryNames(query string, vals uritemplate.Values) {
	s.names, s.ends, s.indexed = s.names[:0], s.ends[:0], 0
	clear(s.many)
	for query != "" {
		field, rest, _ := strings.Cut(query, "&")
		query = rest
		key, value, _ := strings.Cut(field, "=")
		if key == "" {
			continue
		}
		start := len(s.names)
		s.names = s.appendVarname(s.names, key)
		name := s.names[start:]
		if s.hasName(name) {
			s.names = s.names[:start]
			continue
		}
		s.ends = append(s.ends, len(s.names))
		if vals != nil {
			if v, err := url.PathUnescape(value); err == nil {
				value = v
			}
			vals[string(name)] = uritemplate.String(value)
		}
	}
}

// maxScan is how many query names hasName compares one by one before it
// indexes them in a map: a query of thousands of keys must not cost the
// square of their number.
const maxScan = 16

// hasName tells whether name is one of the query's names.
func (s *Shaper) hasName(name []byte) bool {
	if len(s.ends) <= maxScan {
		start := 0
		for _, end := range s.ends {
			if string(s.names[start:end]) == string(name) {
				return true
			}
			start = end
		}
		return false
	}
	if s.many == nil {
		s.many = map[string]struct{}{}
	}
	for ; s.indexed < len(s.ends); s.indexed++ {
		start := 0
		if s.indexed > 0 {
			start = s.ends[s.indexed-1]
		}
		s.many[string(s.names[start:s.ends[s.indexed]])] = struct{}{}
	}
	_, ok := s.many[string(name)]
	return ok
}

// appendVarname appends a query key spelled as an RFC 6570 varname
// (section 2.3): the key is percent-decoded, so that spellings of one key
// are one variable, then every byte other than ALPHA, DIGIT and "_" is
// pct-encoded, and so is a "." that does not sit between two of those.
// The "?" operator writes the name as it is, so a key with "-" or "~"
// comes back percent-encoding-equivalent (RFC 3986 section 6.2.2.2), and
// one with a sub-delim such as "+" comes back encoded.
func (s *Shaper) appendVarname(b []byte, key string) []byte {
	// The key passed uri.Parse: every "%" starts a pct-encoded octet
	// (RFC 3986 section 2.1).
	s.key, _ = ascii.AppendPercentDecoded(s.key[:0], key)
	k := s.key
	for i, c := range k {
		switch {
		case 'A' <= c && c <= 'Z', 'a' <= c && c <= 'z', '0' <= c && c <= '9', c == '_':
			b = append(b, c)
		case c == '.' && i > 0 && k[i-1] != '.' && i+1 < len(k) && k[i+1] != '.':
			b = append(b, c)
		default:
			b = append(b, '%', ascii.UpperHex[c>>4], ascii.UpperHex[c&15])
		}
	}
	return b
}
