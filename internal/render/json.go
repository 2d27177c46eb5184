package render

import (
	"encoding/base64"
	"encoding/binary"
	"strconv"
	"unicode/utf8"
	"unsafe"

	"github.com/uritool/uritool/internal/ascii"
	"github.com/uritool/uritool/internal/finding"
)

// The JSON writers here append to a byte slice by hand, and every record
// is written with them: validate --format json runs once per input line,
// and reflection-based encoding would cost more than the parse.

const hexDigits = "0123456789abcdef"

// jsonSafe marks the bytes a JSON string holds as they are: printable
// ASCII but '"' and '\\'. Valid URIs consist of nothing else.
var jsonSafe = func() (t [256]bool) {
	for c := 0x20; c < 0x7f; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// AppendString appends s as a JSON string. Invalid UTF-8 becomes U+FFFD,
// as encoding/json does, so the output is always valid JSON.
func AppendString(b []byte, s string) []byte {
	i := plainPrefix(s)
	b = append(b, '"')
	if i == len(s) {
		b = append(b, s...)
		return append(b, '"')
	}
	return appendEscaped(b, s, i)
}

// appendEscaped finishes AppendString from s[i], the first byte that
// needs care.
func appendEscaped(b []byte, s string, i int) []byte {
	start := 0
	for i < len(s) {
		c := s[i]
		if jsonSafe[c] {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&15])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			start = i + 1
		case r == '\u2028' || r == '\u2029':
			// Valid JSON, but they end a line in JavaScript.
			b = append(b, s[start:i]...)
			b = append(b, `\u202`...)
			b = append(b, hexDigits[r&15])
			start = i + size
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// JSONPlain reports whether JSON holds s as it is, with no byte to
// escape. A valid URI is all unreserved, reserved and '%' characters, so
// it is plain, and so is every substring of it: its components.
func JSONPlain(s string) bool { return plainPrefix(s) == len(s) }

// plainPrefix returns how many bytes at the start of s JSON holds as they
// are: whole words first, then byte by byte.
func plainPrefix(s string) int {
	i := safePrefix(s)
	for i < len(s) && jsonSafe[s[i]] {
		i++
	}
	return i
}

// AppendPlainOr appends s as a JSON string, without looking at its bytes
// when the caller knows it is plain.
func AppendPlainOr(b []byte, s string, plain bool) []byte {
	if !plain {
		return AppendString(b, s)
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// AppendOptPlainOr is AppendPlainOr for a component, null when undefined.
func AppendOptPlainOr(b []byte, s string, ok, plain bool) []byte {
	if !ok {
		return append(b, "null"...)
	}
	return AppendPlainOr(b, s, plain)
}

// AppendOptString appends s, or null when it is undefined.
func AppendOptString(b []byte, s string, ok bool) []byte {
	if !ok {
		return append(b, "null"...)
	}
	return AppendString(b, s)
}

// AppendKey starts a member of an object, after a comma unless it is the
// first; keys are plain ASCII names.
func AppendKey(b []byte, key string) []byte {
	if len(b) > 0 && b[len(b)-1] != '{' && b[len(b)-1] != '[' {
		b = append(b, ',')
	}
	b = append(b, '"')
	b = append(b, key...)
	return append(b, '"', ':')
}

// AppendInt appends n as a JSON number.
func AppendInt(b []byte, n int) []byte { return strconv.AppendInt(b, int64(n), 10) }

// AppendBool appends v as a JSON boolean.
func AppendBool(b []byte, v bool) []byte { return strconv.AppendBool(b, v) }

// AppendOptBool appends a bool, or null when !ok.
func AppendOptBool(b []byte, v, ok bool) []byte {
	if !ok {
		return append(b, "null"...)
	}
	return AppendBool(b, v)
}

// AppendInput writes the "input" key and, when the input is not UTF-8 and
// so cannot be carried exactly by a JSON string, "input_base64" too.
func AppendInput(b []byte, input string) []byte {
	return AppendInputPlainOr(b, input, JSONPlain(input))
}

// AppendInputPlainOr is AppendInput for a caller that knows whether the
// input is plain (JSONPlain).
func AppendInputPlainOr(b []byte, input string, plain bool) []byte {
	b = AppendPlainOr(AppendKey(b, "input"), input, plain)
	if !plain && !ascii.IsASCII(input) && !utf8.ValidString(input) {
		b = AppendKey(b, "input_base64")
		b = append(b, '"')
		b = base64.StdEncoding.AppendEncode(b, []byte(input))
		b = append(b, '"')
	}
	return b
}

// AppendFinding appends f as {"offset", "rule", "message"}, with
// "severity" for a note, "baseline" when a baseline knows it and
// "change" when lint --since looked at it; null
// when f is nil.
func AppendFinding(b []byte, f *finding.Finding) []byte {
	if f == nil {
		return append(b, "null"...)
	}
	b = AppendInt(append(b, `{"offset":`...), f.Offset)
	b = AppendString(append(b, `,"rule":`...), f.Rule)
	b = AppendString(append(b, `,"message":`...), f.Message)
	if f.Severity == finding.Note {
		// Where the record puts a finding says error or warning; a
		// note, among the warnings, says what it is.
		b = AppendString(append(b, `,"severity":`...), "note")
	}
	if f.Baseline != "" {
		b = AppendString(append(b, `,"baseline":`...), f.Baseline)
	}
	if f.Change != "" {
		b = AppendString(append(b, `,"change":`...), f.Change)
	}
	return append(b, '}')
}

// AppendFindings appends findings as a JSON array.
func AppendFindings(b []byte, fs []finding.Finding) []byte {
	b = append(b, '[')
	for i := range fs {
		if i > 0 {
			b = append(b, ',')
		}
		b = AppendFinding(b, &fs[i])
	}
	return append(b, ']')
}

// SWAR constants: a byte of each in every lane of a 64-bit word.
const (
	lanes01 = 0x0101010101010101
	lanes80 = 0x8080808080808080
)

// hasZeroByte reports whether some byte of v is zero.
func hasZeroByte(v uint64) bool { return (v-lanes01)&^v&lanes80 != 0 }

// safePrefix returns how many bytes at the start of s, in whole 8-byte
// words, JSON holds as they are. It tests a word at a time: the JSON
// writers spend most of their time on this scan, and URIs are almost all
// safe bytes.
func safePrefix(s string) int {
	if len(s) < 8 {
		return 0
	}
	b := unsafe.Slice(unsafe.StringData(s), len(s))
	i := 0
	for ; i+8 <= len(b); i += 8 {
		w := binary.LittleEndian.Uint64(b[i:])
		if w&lanes80 != 0 || // not ASCII
			(w-0x20*lanes01)&^w&lanes80 != 0 || // a control byte
			hasZeroByte(w^('"'*lanes01)) || hasZeroByte(w^('\\'*lanes01)) || hasZeroByte(w^(0x7f*lanes01)) {
			break
		}
	}
	return i
}
