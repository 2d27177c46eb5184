package uritemplate

import (
	"errors"
	"fmt"
	"maps"
	"strings"
	"testing"
)

func TestMatchable(t *testing.T) {
	tests := []struct {
		tmpl   string
		offset int // -1 when matchable
		msg    string
	}{
		{"/users/{id}/edit{?page,sort}", -1, ""},
		{"{x,y}/{/a,b}{;c,d}{?e,f}{&g}{#h}", -1, ""},
		{"{/x}{/y}", -1, ""},
		{"{?x}{?y}", -1, ""},
		{"/files{+path}", -1, ""},
		{"/{name}.{ext}", 1, `may contain '.'`},
		{"{?e,f}{&g}{&h,i}", -1, ""},
		{"{x}{/y}/{z}", -1, ""},
		{"{?e,f}&g", 0, `may contain '&'`},
		{"{&e,f}{+g}", 0, "ambiguous"},
		{"{?e}{+g}", 0, "ambiguous"},
		{"{x*}", 1, "exploded"},
		{"{x:3}", 1, "prefix"},
		{"{x}/{x}", 5, "more than once"},
		{"{.x,y}", 0, `separator "."`},
		{"{+x,y}", 0, `separator ","`},
		{"{#x,y}", 0, `separator ","`},
		{"{+path}/here", 0, `may contain '/'`},
		{"{#f}{?q}", 0, `may contain '?'`},
		{"{x}{y}", 0, "ambiguous"},
		{"/{name}{.ext}", 1, `may contain '.'`},
		{"{x}{/y}{z}", 0, "ambiguous"},
		{"{x,y}a", 0, `may contain 'a'`},
		{"{?x}=", 0, `may contain '='`},
		{"{/x}%41", 0, `may contain '%'`},
		{"{/x,y}/", 0, `may contain '/'`},
	}
	for _, tt := range tests {
		err := MustParse(tt.tmpl).Matchable()
		var e *Error
		switch {
		case tt.offset < 0 && err != nil:
			t.Errorf("Matchable(%q) = %v", tt.tmpl, err)
		case tt.offset < 0:
		case !errors.As(err, &e):
			t.Errorf("Matchable(%q) = %v, want *Error", tt.tmpl, err)
		case e.Offset != tt.offset || !strings.Contains(e.Msg, tt.msg):
			t.Errorf("Matchable(%q) = offset %d %q, want offset %d containing %q", tt.tmpl, e.Offset, e.Msg, tt.offset, tt.msg)
		}
	}
}

func TestMatch(t *testing.T) {
	tests := []struct {
		tmpl, in string
		want     map[string]string // nil for no match
	}{
		{"/users/{id}/edit{?page,sort}", "/users/42/edit?page=2&sort=a%20b",
			map[string]string{"id": "42", "page": "2", "sort": "a b"}},
		{"/users/{id}/edit{?page,sort}", "/users/42/edit?sort=", map[string]string{"id": "42", "sort": ""}},
		{"/users/{id}/edit{?page,sort}", "/users/42/edit", map[string]string{"id": "42"}},
		{"/users/{id}/edit{?page,sort}", "/users/42/edit?sort=1&page=2", nil},
		{"/users/{id}/edit{?page,sort}", "/users/42/edit?page", nil},
		{"/users/{id}/edit{?page,sort}", "/users/4/2/edit", nil},
		{"/users/{id}", "/users/", map[string]string{"id": ""}},
		{"/users/{id}", "/users/%c3%bc", nil}, // Expand never writes lowercase hex
		{"/users/{id}", "/users/%C3%BC", map[string]string{"id": "ü"}},
		{"{x,y}", "", map[string]string{"x": ""}},
		{"{x,y}", ",b", map[string]string{"x": "", "y": "b"}},
		{"{x,y}", "a,b,c", nil},
		{"{/x,y}", "/a", map[string]string{"x": "a"}},
		{"{/x,y}", "", map[string]string{}},
		{"{/x}{/y}", "/a", map[string]string{"x": "a"}},
		{"{/x}{/y}", "/a/b", map[string]string{"x": "a", "y": "b"}},
		{"{/x}/lit", "/lit", map[string]string{}},
		{"{?x}{?y}", "?y=1", map[string]string{"y": "1"}},
		{"{;x,y}", ";x;y=2", map[string]string{"x": "", "y": "2"}},
		{"{;x,y}", ";y", map[string]string{"y": ""}},
		{"{;x}", ";x=", nil},
		{"{?a.b,c%20d}", "?c%20d=1", map[string]string{"c%20d": "1"}},
		{"{?e,f}{&g}", "?f=1&g=2", map[string]string{"f": "1", "g": "2"}},
		{"{?e,f}{&g}", "&g=2", map[string]string{"g": "2"}},
		{"{?e,f}{&g}", "?e=1&g=2&f=3", nil},
		{"{x}{/y}/{z}", "a/c", map[string]string{"x": "a", "z": "c"}},
		{"{.x}", ".a.b", map[string]string{"x": "a.b"}},
		{"/files{+path}", "/files/a/b%2F?c#d", map[string]string{"path": "/a/b%2F?c#d"}},
		{"/files{+path}", "/files/a b", nil},
		{"x{#f}", "x#a,b", map[string]string{"f": "a,b"}},
		{"x{#f}", "x", map[string]string{}},
		{"ä/{x}", "%C3%A4/1", map[string]string{"x": "1"}},
		{"{x:2}", "ab", nil}, // not matchable
	}
	for _, tt := range tests {
		vals, ok := MustParse(tt.tmpl).Match(tt.in)
		if ok != (tt.want != nil) {
			t.Errorf("Match(%q, %q) = %v, %v", tt.tmpl, tt.in, vals, ok)
			continue
		}
		got := map[string]string{}
		for k, v := range vals {
			if v.Kind != StringKind {
				t.Errorf("Match(%q, %q)[%s] is a %v", tt.tmpl, tt.in, k, v.Kind)
			}
			got[k] = v.Str
		}
		if ok && !maps.Equal(got, tt.want) {
			t.Errorf("Match(%q, %q) = %v, want %v", tt.tmpl, tt.in, got, tt.want)
		}
	}
}

// TestMatchSuiteRoundTrip expands every matchable suite template whose
// variables are all defined strings, matches the result, and checks that
// the values come back: exactly for percent-decoded operators, and as
// values that expand to the same string for "+" and "#".
func TestMatchSuiteRoundTrip(t *testing.T) {
	checked := 0
	for _, file := range suiteFiles {
		for _, c := range loadSuite(t, file) {
			tmpl, err := Parse(c.template)
			if err != nil || tmpl.Matchable() != nil || !allStrings(tmpl, c.vals) {
				continue
			}
			out, err := tmpl.Expand(c.vals)
			if err != nil {
				t.Fatal(err)
			}
			got, ok := tmpl.Match(out)
			if !ok {
				t.Errorf("%q: no match for its expansion %q", c.template, out)
				continue
			}
			if again, _ := tmpl.Expand(got); again != out {
				t.Errorf("%q: %q matched %v, which expands to %q", c.template, out, got, again)
			}
			for _, p := range tmpl.parts {
				for _, v := range p.vars {
					if !p.op.reserved && got[v.name].Str != c.vals[v.name].Str {
						t.Errorf("%q: %q matched %s=%q, want %q", c.template, out, v.name, got[v.name].Str, c.vals[v.name].Str)
					}
				}
			}
			checked++
		}
	}
	if checked < 20 {
		t.Errorf("only %d suite templates were round-tripped", checked)
	}
	t.Logf("%d suite templates round-tripped", checked)
}

func allStrings(tmpl *Template, vals Values) bool {
	for _, name := range tmpl.Names() {
		if vals[name].Kind != StringKind {
			return false
		}
	}
	return true
}

// TestMatchManyVariables guards the size of the pattern, which once grew
// with the square of the number of named variables and failed to compile.
func TestMatchManyVariables(t *testing.T) {
	var query, path []string
	vals := Values{}
	for i := range 2000 {
		query = append(query, fmt.Sprintf("q%d", i))
		if i%3 == 0 {
			vals[query[i]] = String(fmt.Sprint(i))
		}
		if i < 500 {
			path = append(path, fmt.Sprintf("p%d", i))
			vals[path[i]] = String(fmt.Sprint(i))
		}
	}
	tmpl := MustParse("{/" + strings.Join(path, ",") + "}{?" + strings.Join(query, ",") + "}")
	out, err := tmpl.Expand(vals)
	if err != nil {
		t.Fatal(err)
	}
	got, ok := tmpl.Match(out)
	if !ok || len(got) != len(vals) {
		t.Errorf("Match of a 2500-variable template: %d values, %v; %v", len(got), ok, tmpl.Matchable())
	}
	tmpl = MustParse("{/" + strings.Join(query, ",") + "}")
	if err := tmpl.Matchable(); err == nil || !strings.Contains(err.Error(), "too large") {
		t.Errorf("Matchable() with 2000 unnamed variables = %v", err)
	}
}
