package render_test

import (
	"strings"
	"testing"

	"github.com/uritool/uritool/internal/render"
)

// getLine renders template for input as parse --get does.
func getLine(t *testing.T, template, input string, opts render.ParseOptions) string {
	t.Helper()
	tpl, err := render.ParseGetTemplate(template)
	if err != nil {
		t.Fatalf("ParseGetTemplate(%q): %v", template, err)
	}
	r := parsed(1, input)
	if r.Err != nil {
		t.Fatalf("%q does not parse: %v", input, r.Err)
	}
	_ = opts
	return string(tpl.Append(nil, &r))
}

func TestGetTemplate(t *testing.T) {
	cases := []struct {
		template, input, want string
	}{
		// Components as written; undefined is empty.
		{"{scheme}|{authority}|{userinfo}|{host}|{port}|{path}|{query}|{fragment}", "s://u@h:1/p%20?q#f", "s|u@h:1|u|h|1|/p%20|q|f"},
		{"{scheme}|{host}|{port}|{query}|{fragment}", "a/b", "||||"},
		{"{{{host}}}", "//h", "{h}"},

		// {query:KEY}: the first value, percent-decoded ("+" stays).
		{"{query:a}", "?a=1%202+3&a=2", "1 2+3"},
		{"{query-all:a}", "?a=1&b=0&a=2", "1 2"},
		{"{query:%}", "?%25=x", "x"},
		// The empty key is a key (trurl's suite: "?=bar").
		{"{query:}", "http://localhost/?=bar", "bar"},
		{"{query-all:}", "?=1&a=2&=3", "1 3"},
		{"{query:b}", "?a=1", ""},
	}
	for _, c := range cases {
		if got := getLine(t, c.template, c.input, render.ParseOptions{}); got != c.want {
			t.Errorf("--get %q %q = %q, want %q", c.template, c.input, got, c.want)
		}
	}
}

func TestGetTemplateErrors(t *testing.T) {
	cases := []struct{ template, wantErr string }{
		{"{nope}", "unknown field {nope}"},
		{"{query-all}", "{query-all} needs a key"},
		{"{segment:0}", "segment number other than 0"},
		{"{host", "not closed"},
		{"host}", "lone '}'"},
	}
	for _, c := range cases {
		_, err := render.ParseGetTemplate(c.template)
		if err == nil || !strings.Contains(err.Error(), c.wantErr) {
			t.Errorf("ParseGetTemplate(%q) = %v, want an error with %q", c.template, err, c.wantErr)
		}
	}
}
