package render

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"

	"github.com/uritool/uritool/internal/check"
)

// Field is one key of a transform's JSON record.
type Field struct {
	Key     string
	Value   string
	Defined bool  // false writes null
	Bool    *bool // set for a boolean field
}

// Str, Null and Bool make Fields.
func Str(key, v string) Field { return Field{Key: key, Value: v, Defined: true} }
func Null(key string) Field   { return Field{Key: key} }
func Bool(key string, v bool) Field {
	return Field{Key: key, Defined: true, Bool: &v}
}

// Transformed is the outcome of resolve, normalize, relativize or equal
// for one input.
type Transformed struct {
	Line   int
	Fields []Field // the JSON record, in key order, without "error"
	Output string  // the text-mode line
	Quiet  bool    // text mode prints nothing for this input (normalize --check on a normal input)
	// Input and Err describe a failure: the text that broke and where.
	Input string
	Err   *check.Finding
}

// Transformer renders Transformed results as text lines or JSON Lines.
type Transformer struct {
	out, errw    *bufio.Writer
	json         bool
	showPassword bool
	errPal       *Palette
	buf          []byte
}

// NewTransformer returns a renderer writing results to out and, in text
// mode, diagnostics to errw.
func NewTransformer(out, errw *bufio.Writer, json, showPassword bool, errPal *Palette) *Transformer {
	return &Transformer{out: out, errw: errw, json: json, showPassword: showPassword, errPal: errPal}
}

// Result renders one outcome.
func (t *Transformer) Result(r *Transformed) error {
	if t.json {
		b := append(t.buf[:0], '{')
		for _, f := range r.Fields {
			b = appendKey(b, f.Key)
			switch {
			case !f.Defined:
				b = append(b, "null"...)
			case f.Bool != nil:
				b = appendBool(b, *f.Bool)
			default:
				b = appendString(b, f.Value)
			}
		}
		b = appendFinding(appendKey(b, "error"), r.Err)
		b = append(b, '}', '\n')
		t.buf = b
		_, err := t.out.Write(b)
		return err
	}
	if r.Err != nil {
		Diagnostic(t.errw, t.errPal, strconv.Itoa(r.Line), 0, r.Input, r.Err, false, t.showPassword)
		return nil
	}
	if r.Quiet {
		return nil
	}
	t.out.WriteString(r.Output)
	return t.out.WriteByte('\n')
}

// Diagnostic writes "LOC:COL: message [rule]", then the input and a caret
// under the offending byte. It is the one format of findings for humans;
// a warning says so before its message.
// base is the byte offset of input within its line, for the column.
func Diagnostic(w Writer, pal *Palette, loc string, base int, input string, f *check.Finding, warning, showPassword bool) {
	line, col := CaretView(input, f.Offset, showPassword)
	msg := pal.Error.Sprint(f.Message)
	if warning {
		msg = pal.Warning.Sprint("warning: ") + f.Message
	}
	fmt.Fprintf(w, "%s: %s %s\n    %s\n    %s%s\n",
		pal.Label.Sprintf("%s:%d", loc, base+f.Offset+1), msg, pal.Dim.Sprintf("[%s]", f.Rule),
		line, strings.Repeat(" ", col), pal.Caret.Sprint("^"))
}
