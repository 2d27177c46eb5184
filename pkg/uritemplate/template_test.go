package uritemplate

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestParseErrors(t *testing.T) {
	tests := []struct {
		in     string
		offset int
		msg    string
	}{
		{"{/id*", 0, "not closed"},
		{"ab{x", 2, "not closed"},
		{"{x.", 0, "not closed"},
		{"{var:", 0, "not closed"},
		{"/id*}", 4, `'}' not allowed`},
		{"{/?id}", 2, "expected a variable name"},
		{"{}", 1, "expected a variable name"},
		{"{x,}", 3, "expected a variable name"},
		{"{var:prefix}", 5, "expected a prefix length"},
		{"{var:}", 5, "expected a prefix length"},
		{"{var:0}", 5, "must not begin with 0"},
		{"{var:01}", 5, "must not begin with 0"},
		{"{var:10000}", 5, "exceeds 9999"},
		{"{hello:2*}", 8, "want , or }"},
		{"{!hello}", 1, "reserved"},
		{"{=path}", 1, "reserved"},
		{"{|var*}", 1, "reserved"},
		{"{,x}", 1, "reserved"},
		{"{@x}", 1, "reserved"},
		{"{with space}", 5, "want , or }"},
		{"{ leading_space}", 1, "expected a variable name"},
		{"{x.}", 3, "must be followed"},
		{"{x..y}", 3, "must be followed"},
		{"{%2x}", 3, "two hex digits"}, // at the byte that breaks the triplet
		{"{x%4}", 4, "two hex digits"},
		{"/people/{~thing}", 9, "expected a variable name"},
		{"a%2", 3, "two hex digits"},
		{"a b", 1, "not allowed in a literal"},
		{"a<b", 1, "not allowed in a literal"},
		{"é\xff", 2, "invalid UTF-8"},
		{"\u0085", 0, "U+0085 not allowed"},
		{"x\U000E0001", 1, "U+E0001 not allowed"},
		{"\uFFFE", 0, "U+FFFE not allowed"},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Parse(%q) error = %v, want *Error", tt.in, err)
			continue
		}
		if e.Offset != tt.offset || !strings.Contains(e.Msg, tt.msg) {
			t.Errorf("Parse(%q) = offset %d %q, want offset %d containing %q", tt.in, e.Offset, e.Msg, tt.offset, tt.msg)
		}
		if !strings.Contains(err.Error(), "offset ") {
			t.Errorf("Parse(%q) error %q does not mention the offset", tt.in, err)
		}
	}
}

func TestParseStringNames(t *testing.T) {
	tests := []struct {
		in    string
		names []string
	}{
		{"", nil},
		{"plain/literal?x=1#f", nil},
		{"{a}{+b}{#c}{.d}{/e}{;f}{?g}{&h}", []string{"a", "b", "c", "d", "e", "f", "g", "h"}},
		{"{x,y:3,z*}/{x}", []string{"x", "y", "z"}},
		{"{a.b,a%20c,_1}", []string{"a.b", "a%20c", "_1"}},
		{"http://例え.jp/{p:9999}", []string{"p"}},
		{"'{var}'", []string{"var"}},
	}
	for _, tt := range tests {
		tmpl, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if got := tmpl.String(); got != tt.in {
			t.Errorf("Parse(%q).String() = %q", tt.in, got)
		}
		if got := tmpl.Names(); !slices.Equal(got, tt.names) {
			t.Errorf("Parse(%q).Names() = %q, want %q", tt.in, got, tt.names)
		}
	}
}

func TestZeroTemplate(t *testing.T) {
	var tmpl Template
	if s, err := tmpl.Expand(Values{"x": String("y")}); s != "" || err != nil {
		t.Errorf("zero Template expands to %q, %v", s, err)
	}
	if vals, ok := tmpl.Match(""); !ok || len(vals) != 0 {
		t.Errorf(`zero Template Match("") = %v, %v`, vals, ok)
	}
	if _, ok := tmpl.Match("x"); ok {
		t.Errorf(`zero Template matches "x"`)
	}
}
