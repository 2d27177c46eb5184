package uritemplate

import (
	"encoding/json"
	"errors"
	"testing"
)

func TestExpand(t *testing.T) {
	vals := Values{
		"s":     String("a b/c%2Fd"),
		"u":     String("ü€"),
		"e":     String(""),
		"pct":   String("%zz%41"),
		"l":     List("x y", "", "z"),
		"nil":   List(),
		"kv":    Assoc(Pair{"b", "2"}, Pair{"a", ""}, Pair{"k y", "v/w"}),
		"empty": Assoc(),
	}
	tests := []struct{ tmpl, want string }{
		// U versus U+R (section 3.2.1); U+R keeps existing triplets.
		{"{s}", "a%20b%2Fc%252Fd"},
		{"{+s}", "a%20b/c%2Fd"},
		{"{#s}", "#a%20b/c%2Fd"},
		{"{+pct}", "%25zz%41"},
		// UTF-8 is encoded byte by byte; prefixes count characters.
		{"{u}", "%C3%BC%E2%82%AC"},
		{"{u:1}", "%C3%BC"},
		{"{s:9999}", "a%20b%2Fc%252Fd"},
		{"ä{e}", "%C3%A4"},
		// Empty strings and the ifemp column of Appendix A.
		{"{;e}", ";e"},
		{"{?e}", "?e="},
		{"{&e}", "&e="},
		{"{.e}", "."},
		{"{/e}", "/"},
		{"{#e}", "#"},
		{"{e}", ""},
		// Empty composites are undefined (section 2.3).
		{"{?nil,empty,undef}", ""},
		{"{/nil*,empty*}", ""},
		// Lists.
		{"{l}", "x%20y,,z"},
		{"{l*}", "x%20y,,z"},
		{"{;l*}", ";l=x%20y;l;l=z"},
		{"{?l*}", "?l=x%20y&l=&l=z"},
		{"{/l*}", "/x%20y//z"},
		// Associative arrays keep their order.
		{"{kv}", "b,2,a,,k%20y,v%2Fw"},
		{"{kv*}", "b=2,a=,k%20y=v%2Fw"},
		{"{+kv*}", "b=2,a=,k%20y=v/w"},
		{"{;kv*}", ";b=2;a;k%20y=v%2Fw"},
		{"{?kv*}", "?b=2&a=&k%20y=v%2Fw"},
		{"{?kv}", "?kv=b,2,a,,k%20y,v%2Fw"},
		// A prefix on an undefined composite is not an error.
		{"{nil:1}", ""},
	}
	for _, tt := range tests {
		got, err := MustParse(tt.tmpl).Expand(vals)
		if err != nil || got != tt.want {
			t.Errorf("Expand(%q) = %q, %v; want %q", tt.tmpl, got, err, tt.want)
		}
	}
}

func TestExpandPrefixOnComposite(t *testing.T) {
	vals := Values{"l": List("a"), "kv": Assoc(Pair{"k", "v"})}
	for tmpl, off := range map[string]int{"{l:1}": 1, "x{+y,kv:2}": 5} {
		_, err := MustParse(tmpl).Expand(vals)
		var e *Error
		if !errors.As(err, &e) || e.Offset != off {
			t.Errorf("Expand(%q) error = %v, want *Error at offset %d", tmpl, err, off)
		}
	}
}

func TestValuesFromJSON(t *testing.T) {
	vals, err := ValuesFromJSON([]byte(`{"s":"x","n":-1.50e3,"b":true,"u":null,
		"l":["a",2],"kv":{"z":"1","a":false,"m":"3"}}`))
	if err != nil {
		t.Fatal(err)
	}
	got, err := json.Marshal(vals)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"b":"true","kv":{"z":"1","a":"false","m":"3"},"l":["a","2"],"n":"-1.50e3","s":"x","u":null}`
	if string(got) != want {
		t.Errorf("round trip through JSON:\n got %s\nwant %s", got, want)
	}
	for _, bad := range []string{``, `[]`, `{"x":[[]]}`, `{"x":{"k":{}}}`, `{"x":[null]}`, `{"x":1}{}`, `{"x":`} {
		if _, err := ValuesFromJSON([]byte(bad)); err == nil {
			t.Errorf("ValuesFromJSON(%q) succeeded", bad)
		}
	}
}
