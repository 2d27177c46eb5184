package uri

import (
	"errors"
	"fmt"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// ParseError reports where an input stops being a URI reference.
type ParseError struct {
	// Offset is the length of the longest prefix of the input that some
	// valid string of the requested rule begins with: the 0-based offset
	// of the first byte that no valid string can have there, or the input
	// length when the input ends where more is required ("foo" parsed as
	// a URI needs a ":"; "http://[::1" needs a "]"). There are no
	// exceptions: a bad percent-encoding is reported at the first byte
	// after the "%" that is not a hex digit, and "http://a:b" at its end,
	// since "http://a:b@c" is valid.
	// (An input longer than MaxLen is reported at MaxLen, the limit of
	// this package rather than of the grammar.)
	Offset int
	// Rule is the ABNF rule of Appendix A being matched at Offset.
	Rule string
	// Msg is a short description without the offset.
	Msg string
}

func (e *ParseError) Error() string {
	return e.Msg + " at offset " + strconv.Itoa(e.Offset)
}

func errAt(offset int, rule, format string, args ...any) *ParseError {
	return &ParseError{Offset: offset, Rule: rule, Msg: fmt.Sprintf(format, args...)}
}

// errChar describes the byte at s[i] that cannot stand in rule.
func errChar(s string, i int, rule, where string) *ParseError {
	// Not errAt: without fmt, a long run of invalid input costs less.
	return &ParseError{Offset: i, Rule: rule, Msg: "invalid character " + quoteAt(s, i) + " in " + where}
}

// quoteAt shows the character starting at s[i]: printable runes as
// themselves, anything else as an escape, so messages stay one clean line.
func quoteAt(s string, i int) string {
	r, size := utf8.DecodeRuneInString(s[i:])
	switch {
	case r == utf8.RuneError && size <= 1:
		return fmt.Sprintf(`'\x%02x'`, s[i])
	case r < utf8.RuneSelf && unicode.IsPrint(r):
		return "'" + string(r) + "'"
	case unicode.IsPrint(r):
		return fmt.Sprintf("'%c' (U+%04X)", r, r)
	default:
		return fmt.Sprintf("%U", r)
	}
}

// ErrZeroURI is returned by Resolve for a zero reference: the zero URI is
// what a failed Parse returns, not a reference to resolve.
var ErrZeroURI = errors.New("the zero URI is not a reference")

// ErrTooLong is returned by Resolve when the target would be longer than
// MaxLen bytes.
var ErrTooLong = errors.New("the target reference would be longer than uri.MaxLen bytes")

// ErrBaseNotAbsolute is returned by Resolve and Relativize when the base
// has no scheme, as the zero URI has none: section 5.2.1 requires the base
// to be a URI.
var ErrBaseNotAbsolute = errors.New("base is not a URI: RFC 3986 section 5.2.1 requires a scheme")

// ErrTargetNotAbsolute is returned by Relativize when the target has no
// scheme, as the zero URI has none.
var ErrTargetNotAbsolute = errors.New("target is not a URI: it needs a scheme")

// ErrUnreachable is returned by Relativize for a target that no reference
// resolves to: its path has dot-segments, which resolution removes.
var ErrUnreachable = errors.New("no reference resolves to this target: its path has dot-segments, which resolution removes (RFC 3986 section 5.2.2); normalize it first")

// BuildError reports a component that cannot stand where a Builder puts it.
type BuildError struct {
	Component string
	// Err locates the problem inside the component's own text.
	Err *ParseError
}

func (e *BuildError) Error() string {
	if e.Err == nil {
		return e.Component + ": invalid"
	}
	return e.Component + ": " + e.Err.Error()
}

// Unwrap returns Err, or nil when there is none.
func (e *BuildError) Unwrap() error {
	if e.Err == nil {
		return nil
	}
	return e.Err
}
