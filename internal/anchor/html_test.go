package anchor

import (
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

func TestHTML(t *testing.T) {
	for _, c := range []struct {
		doc  string
		want []string
	}{
		{`<h2 id="install">Install</h2><a name="top"></a>`, []string{"install", "top"}},
		{`<div id="a&amp;b"><p id="&#35;x&#x41;&lt;">`, []string{"a&b", "#xA<"}},
		{`<p ID=Caps><A NAME='Up'></A><DIV Id = "spaced" >`, []string{"Caps", "Up", "spaced"}},
		{`<a id=unquoted><img src=x id=img/><br/id=slash>`, []string{"unquoted", "img/", "slash"}},
		{`<b name=notA><div name=no>`, nil},
		{`<a id=first id=second name=n1 name=n2>`, []string{"first", "n1"}},
		{`<div id><div id=""><div id="x y">`, []string{"x y"}},
		{`</div id=end><div id="unclosed"`, nil},
		{`<!-- <div id="c1"> --><div id=after>`, []string{"after"}},
		{`<!--><div id=abrupt><!---><div id=two><!-- a --!><div id=bang>`, []string{"abrupt", "two", "bang"}},
		{`<!-- -- > <a id=no> --><!DOCTYPE html id=no2><?xml id=no3?><a id=yes>`, []string{"yes"}},
		{`<script>var s = "<div id='s'>"; if (a</scrip) {}</SCRIPT ><a id=after>`, []string{"after"}},
		{`<style>#x { }</style/><a id=after>`, []string{"after"}},
		{`<textarea><a id=no></textarea><title><a id=no2></title><a id=yes>`, []string{"yes"}},
		{`<scriptx id=sx>text<script></script x="<a id=no>"><a id=after>`, []string{"sx", "after"}},
		{`a < b <3 <= <a id=ok>`, []string{"ok"}},
		{`<a id=dup><b id=dup>`, []string{"dup"}},
		{`<div id="` + strings.Repeat("x", maxValue) + `"><div id="` + strings.Repeat("y", maxValue+1) + `">`, []string{strings.Repeat("x", maxValue)}},
	} {
		got, err := HTML(strings.NewReader(c.doc))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got.names, c.want) {
			t.Errorf("HTML(%.80q) = %.80q, want %.80q", c.doc, got.names, c.want)
		}
		// The tokenizer keeps its state between reads.
		one, _ := HTML(iotest.OneByteReader(strings.NewReader(c.doc)))
		if !slices.Equal(one.names, got.names) {
			t.Errorf("byte by byte, HTML(%.80q) = %.80q, want %.80q", c.doc, one.names, got.names)
		}
	}
}

func TestHTMLBase(t *testing.T) {
	for doc, want := range map[string]string{
		`<head><base href="https://a.example/docs/"><base href="/second/"></head>`: "https://a.example/docs/",
		`<BASE target=_blank><base HREF=' ../up/ '>`:                               "../up/",
		`<base href="a&amp;b/">`:                                                   "a&b/",
		`<a href="x"><link href=y>`:                                                "(none)",
	} {
		s, err := HTML(strings.NewReader(doc))
		if err != nil {
			t.Fatal(err)
		}
		got, ok := s.Base()
		if !ok {
			got = "(none)"
		}
		if got != want {
			t.Errorf("%s: base %q, want %q", doc, got, want)
		}
	}
}

func TestHTMLError(t *testing.T) {
	r := io.MultiReader(strings.NewReader("<a id=x>"), iotest.ErrReader(io.ErrUnexpectedEOF))
	if _, err := HTML(r); err != io.ErrUnexpectedEOF {
		t.Errorf("HTML(failing reader) error = %v, want %v", err, io.ErrUnexpectedEOF)
	}
}

// TestHTMLConstantMemory reads 25 MB one-line documents, as minified
// pages are, and holds HTML to memory that does not grow with them.
func TestHTMLConstantMemory(t *testing.T) {
	const huge = 25 << 20
	for _, c := range []struct {
		name string
		doc  io.Reader
		want []string
	}{
		{"markup", repeat(`<div class="c" data-x='1'>text &amp; more<br/></div>`, huge), nil},
		{"ids", repeat(`<p id="a"><a name="b" id="c">x</a><p id="a">`, huge), []string{"a", "c", "b"}},
		{"value", io.MultiReader(strings.NewReader(`<div id="`), repeat("v", huge), strings.NewReader(`"><a id=end>`)), []string{"end"}},
		{"comment", io.MultiReader(strings.NewReader(`<!--`), repeat("<a id=no> -", huge), strings.NewReader(`--><a id=end>`)), []string{"end"}},
		{"script", io.MultiReader(strings.NewReader(`<script>`), repeat("x</scrip<a id=no>", huge), strings.NewReader(`</script><a id=end>`)), []string{"end"}},
		{"tag", io.MultiReader(strings.NewReader(`<div `), repeat("a=b ", huge), strings.NewReader(`id=end>`)), []string{"end"}},
	} {
		var got *Set
		grew := allocated(func() {
			var err error
			if got, err = HTML(c.doc); err != nil {
				t.Fatal(err)
			}
		})
		if !slices.Equal(got.names, c.want) {
			t.Errorf("%s: HTML = %.80q, want %.80q", c.name, got.names, c.want)
		}
		if grew > 256<<10 {
			t.Errorf("%s: HTML allocated %d bytes", c.name, grew)
		}
	}
}
