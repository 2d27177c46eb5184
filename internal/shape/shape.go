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
	"net/url"
	"strconv"
	"strings"
	"time"

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

// Options control Of. The zero value applies every heuristic.
type Options struct {
	// Off is the set of heuristics not to apply.
	Off Heuristic
}

// classify returns the first enabled heuristic that matches the whole
// segment, or 0.
func (o Options) classify(seg string) Heuristic {
	on := All &^ o.Off
	switch {
	case on&UUID != 0 && isUUID(seg):
		return UUID
	case on&Date != 0 && isDate(seg):
		return Date
	case on&Decimal != 0 && seg != "" && strings.Trim(seg, "0123456789") == "":
		return Decimal
	case on&Hex != 0 && isHexID(seg):
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

func isDate(s string) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	_, err := time.Parse(time.DateOnly, s)
	return err == nil
}

// isHexID requires a digit so that words such as "deadbeef" or "facade00"
// minus digits stay literal, and a letter so that plain numbers are left
// to the Decimal heuristic and switching it off keeps them literal.
func isHexID(s string) bool {
	var digit, letter bool
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case ascii.IsDigit(c):
			digit = true
		case ascii.IsHex(c):
			letter = true
		default:
			return false
		}
	}
	return len(s) >= 8 && digit && letter
}

// Of returns the shape of the URI reference ref, and the values that
// expand the shape back to ref without its userinfo and fragment, with
// its query reduced to the first value of each key.
func Of(ref string, opts Options) (string, uritemplate.Values, error) {
	u, err := uri.Parse(ref)
	if err != nil {
		return "", nil, err
	}
	vals := uritemplate.Values{}
	var b strings.Builder
	if scheme, ok := u.Scheme(); ok {
		b.WriteString(scheme + ":")
	}
	if host, ok := u.Host(); ok {
		b.WriteString("//" + host)
		if port, ok := u.Port(); ok {
			b.WriteString(":" + port)
		}
	}
	query, _ := u.Query()
	keys := queryKeys(query, vals)
	for i, seg := range strings.Split(u.Path(), "/") {
		if i > 0 {
			b.WriteByte('/')
		}
		h := opts.classify(seg)
		if h == 0 {
			b.WriteString(seg)
			continue
		}
		name := freeName(h.String(), vals)
		vals[name] = uritemplate.String(seg)
		b.WriteString("{" + name + "}")
	}
	if len(keys) > 0 {
		b.WriteString("{?" + strings.Join(keys, ",") + "}")
	}
	return b.String(), vals, nil
}

// freeName returns base, or base followed by the smallest number from 2
// up that no variable has taken yet.
func freeName(base string, vals uritemplate.Values) string {
	name := base
	for n := 2; ; n++ {
		if _, taken := vals[name]; !taken {
			return name
		}
		name = base + strconv.Itoa(n)
	}
}

// queryKeys returns the query's distinct non-empty keys as variable
// names in the order first seen, and records each one's first value,
// percent-decoded, in vals. A key without "=" gets the empty value, which
// the "?" operator expands as "key=".
func queryKeys(query string, vals uritemplate.Values) []string {
	var keys []string
	for field := range strings.SplitSeq(query, "&") {
		key, value, _ := strings.Cut(field, "=")
		if key == "" {
			continue
		}
		name := varname(key)
		if _, seen := vals[name]; seen {
			continue
		}
		if v, err := url.PathUnescape(value); err == nil {
			value = v
		}
		vals[name] = uritemplate.String(value)
		keys = append(keys, name)
	}
	return keys
}

// varname spells a query key as an RFC 6570 varname (section 2.3): the
// key is percent-decoded, so that spellings of one key are one variable,
// then every byte other than ALPHA, DIGIT and "_" is pct-encoded, and so is
// a "." that does not sit between two of those. The "?" operator writes
// the name as it is, so a key with "-" or "~" comes back
// percent-encoding-equivalent (RFC 3986 section 6.2.2.2), and one with a
// sub-delim such as "+" comes back encoded.
func varname(key string) string {
	if k, err := url.PathUnescape(key); err == nil {
		key = k
	}
	var b strings.Builder
	for i := 0; i < len(key); i++ {
		c := key[i]
		switch {
		case 'A' <= c && c <= 'Z', 'a' <= c && c <= 'z', '0' <= c && c <= '9', c == '_':
			b.WriteByte(c)
		case c == '.' && i > 0 && key[i-1] != '.' && i+1 < len(key) && key[i+1] != '.':
			b.WriteByte(c)
		default:
			const hex = "0123456789ABCDEF"
			b.Write([]byte{'%', hex[c>>4], hex[c&15]})
		}
	}
	return b.String()
}
