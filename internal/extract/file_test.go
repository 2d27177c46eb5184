package extract

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// extractAll runs an Extractor over the lines of text and describes each
// candidate as "LINE:TEXT", with "~" before it when suppressed wholly,
// "~rule,rule " when for some rules, and "rel " when relative.
func extractAll(opts Options, text string) []string {
	e := New(opts)
	var out []string
	var found []Found
	for i, line := range strings.Split(text, "\n") {
		found = e.Line(found[:0], line)
		for _, f := range found {
			s := f.Text
			if f.Relative {
				s = "rel " + s
			}
			if f.Base {
				s = "base " + s
			}
			if f.BrokenAt > 0 {
				s = fmt.Sprintf("broken@%d %s", f.BrokenAt, s)
			}
			switch {
			case f.Suppress.All:
				s = "~" + s
			case len(f.Suppress.Rules) > 0:
				s = "~" + strings.Join(f.Suppress.Rules, ",") + " " + s
			}
			out = append(out, fmt.Sprintf("%02d:%s", i+1, s))
		}
	}
	return out
}

func TestExtractorFiles(t *testing.T) {
	md := Options{Type: Markdown}
	for _, c := range []struct {
		name string
		opts Options
		text string
		want []string
	}{
		{"fenced code skipped", md, "http://a/\n```console\n$ uritool validate 'http://a b/'\n```\nhttp://c/", []string{"01:http://a/", "03:~http://a b/", "05:http://c/"}},
		{"tilde fence and longer close", md, "~~~~\nhttp://x y\n~~~\nhttp://in/\n~~~~\nhttp://out/", []string{"02:~http://x", "04:~http://in/", "06:http://out/"}},
		{"fence included on request", Options{Type: Markdown, IncludeCode: true}, "```\nhttp://a{b}/\n```", []string{"02:http://a{b}/"}},
		{"indented code after a blank line", md, "text http://a/\n\n    http://code{x}/\nhttp://b/", []string{"01:http://a/", "03:~http://code{x}/", "04:http://b/"}},
		{"indented line continuing a paragraph is prose", md, "text\n    http://a/", []string{"02:http://a/"}},
		{"code span", md, "run `curl http://a{b}` and see http://c/", []string{"01:~http://a{b}", "01:http://c/"}},
		{"double backtick span", md, "``a ` http://x{y} `` http://ok/", []string{"01:~http://x{y}", "01:http://ok/"}},
		// A code span may wrap to the paragraph's next lines (6.1): a
		// run the line does not close is taken to open one, as it does
		// when a later line closes it; one never closed is text, which
		// a reader of one line at a time cannot know.
		{"code span across lines", md, "run `curl http://a/{x}\nhttp://b/{y}` then http://ok/\n\nnew ` http://c/\n\n# h\nhttp://d/", []string{"01:~http://a/{x}", "02:~http://b/{y}", "02:http://ok/", "04:~http://c/", "07:http://d/"}},
		{"code spans in text files are checked", Options{Type: Text}, "run `curl http://a/b`", []string{"01:http://a/b"}},
		// Block structure (CommonMark 5.1, 5.2, 4.6): containers shift
		// what indentation makes code.
		{"list continuation is prose", md, "- a\n\n    http://x/[1", []string{"03:http://x/[1"}},
		{"list item opening with code", md, "*     x http://x/[e", []string{"01:~http://x/[e"}},
		{"code in a block quote", md, "> a\n>\n>     http://q{x}/\n> http://p/", []string{"03:~http://q{x}/", "04:http://p/"}},
		{"lazy continuation", md, "> a\n    http://lazy/", []string{"02:http://lazy/"}},
		{"nested list content", md, "1. a\n\n   - b\n\n     [c](/d)\n\n         http://code{x}/", []string{"05:rel /d", "07:~http://code{x}/"}},
		{"html block holds no markdown link", md, "<div>\n[a](/x) http://a/\n</div>\n\n[b](/y)", []string{"02:http://a/", "05:rel /y"}},
		{"script body is code", md, "<script>\nlet u = 'http://a/{b}';\n</script>\nhttp://c/", []string{"02:~http://a/{b}", "04:http://c/"}},
		{"script on its block's first line", md, "<script>f('http://a/{b}')</script> http://c/", []string{"01:~http://a/{b}", "01:http://c/"}},
		{"css import", Options{Type: HTML}, `<style>@import "https://f.example/a.css"; /* see http://x.example/ */</style>`, []string{"01:https://f.example/a.css", "01:~http://x.example/"}},
		{"destination whole", md, "[x](https://a.example/b?hl=en…) [y](https://a.example/?d=<yyyy>)", []string{"01:https://a.example/b?hl=en…", "01:https://a.example/?d=<yyyy>"}},
		{"destination whole in a definition", md, "[z]: https://a.example/b—c", []string{"01:https://a.example/b—c"}},
		// GFM's extended autolinks: what GitHub links is what is followed.
		{"www link", md, "Visit www.commonmark.org/help. (www.x.example/a_(b))", []string{"01:http://www.commonmark.org/help", "01:http://www.x.example/a_(b)"}},
		{"www link in link text", md, "[www.a.example](http://b.example/)", []string{"01:http://b.example/"}},
		{"email", md, "mail a.b+c@d.example. or hello@mail+xyz.example", []string{"01:mailto:a.b+c@d.example"}},
		{"email in a URI is the URI's", md, "http://user@h.example/", []string{"01:http://user@h.example/"}},
		// Links do not nest, and a ']' closes the nearest '[' of its
		// paragraph (6.3).
		{"links do not nest", md, "[a [b](/in)](/out) \\[c](/esc) [d] e](/f)", []string{"01:rel /in"}},
		{"link text across lines", md, "See [the\ndocs](/d) and [x [y\n](/z)](/w)", []string{"02:rel /d", "03:rel /z"}},
		// Raw HTML is a tag only when all of it is (6.6).
		{"not a tag", md, `<a href='bar'title=title> </a href="foo"> <a href="ok">`, []string{"01:rel ok"}},
		// A title that does not end the link makes it text (6.3).
		{"malformed title", md, `[a](/u "t "x" t") [b](/v 't "x" t')`, []string{"01:broken@2 rel /u \"t \"x\" t\"", "01:rel /v"}},
		{"definition on the next line", md, "[foo]:\n/url\n\n[bar]:\n\n/not", []string{"02:rel /url"}},
		// What follows it there must let it be one too (4.7).
		{"next line's title", md, "[a]:\n/u \"t\"\n\n[b]:\n/v junk\n\n[c]:\n/w\v5\n\n[d]:\n<x y> 't'", []string{"02:rel /u", "11:rel x y"}},
		{"markdown link keeps braces", md, "[a](http://x.example/{id})", []string{"01:http://x.example/{id}"}},

		{"disable next line", md, "<!-- uritool-disable-next-line -->\nhttp://a b/\nhttp://c/", []string{"02:~http://a", "03:http://c/"}},
		{"disable next line with rules", md, "# uritool-disable-next-line password-in-userinfo, path\nhttp://u:p@h/", []string{"02:~password-in-userinfo,path http://u:p@h/"}},
		{"disable line", md, "http://u:p@h/ <!-- uritool-disable-line password-in-userinfo -->", []string{"01:~password-in-userinfo http://u:p@h/"}},
		{"region", md, "http://a/\n<!-- uritool-disable -->\nhttp://b/\nhttp://c/\n<!-- uritool-enable -->\nhttp://d/", []string{"01:http://a/", "03:~http://b/", "04:~http://c/", "06:http://d/"}},
		{"region with rules", md, "// uritool-disable rare-ip-format\nhttp://0x7f.1/\n// uritool-enable\nhttp://0x7f.1/", []string{"02:~rare-ip-format http://0x7f.1/", "04:http://0x7f.1/"}},

		{"html href decoded", Options{Type: HTML}, `<a href="http://a/x?a=1&amp;b=2">x</a>`, []string{"01:http://a/x?a=1&b=2"}},
		{"html relative", Options{Type: HTML}, `<img src="/img/a.png"> <a href='//cdn.example/x'>`, []string{"01:rel /img/a.png", "01:rel //cdn.example/x"}},
		{"html unquoted and numeric", Options{Type: HTML}, `<form action=https://a/&#x2F;x method=post>`, []string{"01:https://a//x"}},
		{"html prose", Options{Type: HTML}, `<p>See http://a/b.</p>`, []string{"01:http://a/b"}},
		{"html attribute value whole", Options{Type: HTML}, `<a href="http://a/{id} x">`, []string{"01:http://a/{id} x"}},
		{"html attribute keeps a pipe", Options{Type: HTML}, `<a href='http://a/x|y'>`, []string{"01:http://a/x|y"}},
		{"html not an attribute", Options{Type: HTML}, `<p>the href=x</p>`, nil},

		// Character references are decoded in HTML text, as in attribute
		// values, and in Markdown outside code, as CommonMark does (issue
		// 26: a zero-width space written &#8203; after a URL was read as
		// part of its fragment).
		{"html text zero-width space", Options{Type: HTML}, `<p>https://example.com/#top&#8203;</p>`, []string{"01:https://example.com/#top"}},
		{"html text amp", Options{Type: HTML}, `<p>https://a.example/?a=1&amp;b=2 and &lt;https://b.example/x y&gt;</p>`, []string{"01:https://a.example/?a=1&b=2", "01:https://b.example/x y"}},
		{"html text nbsp", Options{Type: HTML}, `https://a.example/x&nbsp;y`, []string{"01:https://a.example/x"}},
		{"html text any named reference", Options{Type: HTML}, `https://a.example/f&lpar;x&rpar; https://a.example/?a&ampx;`, []string{"01:https://a.example/f(x)", "01:https://a.example/?a&ampx"}},
		{"md text and destination", md, `https://a.example/?a=1&amp;b=2 [t](https://a.example/?c&#61;3)`, []string{"01:https://a.example/?a=1&b=2", "01:https://a.example/?c=3"}},
		// An autolink is literal (CommonMark 6.5): neither character
		// references nor escapes are undone in it.
		{"md autolink literal", md, `<https://a.example/?a&amp;b> <http://a/&#x5b;> <a+b+c:d> <foo@bar.example>`, []string{"01:https://a.example/?a&amp;b", "01:http://a/&#x5b;", "01:a+b+c:d", "01:mailto:foo@bar.example"}},
		{"md zero-width space", md, `https://example.com/#top&#8203;`, []string{"01:https://example.com/#top"}},
		{"md code span literal", md, "`https://a.example/?a&amp;b` &amp; https://c.example/", []string{"01:~https://a.example/?a&amp;b", "01:https://c.example/"}},
		{"md code span literal with code", Options{Type: Markdown, IncludeCode: true}, "`https://a.example/?a&amp;b`", []string{"01:https://a.example/?a&amp;b"}},
		{"md code block literal", Options{Type: Markdown, IncludeCode: true}, "```\nhttps://a.example/?a&amp;b\n```", []string{"02:https://a.example/?a&amp;b"}},
		{"text keeps references", Options{Type: Text}, `https://a.example/?a&amp;b`, []string{"01:https://a.example/?a&amp;b"}},

		// Markdown backslash escapes are undone in text and destinations,
		// not in autolinks, code or raw HTML (issue 26: link text
		// [https://a.example/x\_y](...) reported '\').
		{"md escapes in link text", md, `[https://a.example/x\_y](https://a.example/x_y)`, []string{"01:https://a.example/x_y", "01:https://a.example/x_y"}},
		{"md escaped parens in destination", md, `[t](https://a.example/A_\(b\)) [u](https://a.example/x\))`, []string{"01:https://a.example/A_(b)", "01:https://a.example/x)"}},
		{"md escaped pipe in a table", md, `| https://a.example/x\|y |`, []string{"01:https://a.example/x|y"}},
		{"md escaped backslash", md, `https://a.example/x\\_y`, []string{`01:https://a.example/x\_y`}},
		{"md escaped ampersand", md, `https://a.example/?a\&amp;b`, []string{"01:https://a.example/?a&amp;b"}},
		{"md angle destinations unescaped", md, "[t](<https://a.example/x\\_y>)\n[id]: <https://a.example/x\\_y>", []string{"01:https://a.example/x_y", "02:https://a.example/x_y"}},
		{"md autolinks keep escapes", md, `<https://a.example/x\_y> (<https://a.example/x\_y>)`, []string{`01:https://a.example/x\_y`, `01:https://a.example/x\_y`}},
		{"md code keeps escapes", Options{Type: Markdown, IncludeCode: true}, "`https://a.example/x\\_y`", []string{`01:https://a.example/x\_y`}},
		{"md raw html keeps escapes", md, `<a href="https://a.example/x\_y" title="https://a.example/x\_y">`, []string{`01:https://a.example/x\_y`, `01:https://a.example/x\_y`}},
		{"text keeps escapes", Options{Type: Text}, `https://a.example/x\_y`, []string{`01:https://a.example/x\_y`}},

		// Other attributes' values are prose (issue 26: alt="https://x logo"
		// reported a space in the host).
		{"html alt is prose", Options{Type: HTML}, `<img alt="https://x.example logo">`, []string{"01:https://x.example"}},
		{"html title and href", Options{Type: HTML}, `<a title='see https://t.example/.' href="https://h.example/{x}">`, []string{"01:https://t.example/", "01:https://h.example/{x}"}},
		{"html data-* decoded", Options{Type: HTML}, `<div data-url="https://a.example/?a=1&amp;b=2 x" data=/o.bin>`, []string{"01:https://a.example/?a=1&b=2", "01:rel /o.bin"}},
		{"html srcset", Options{Type: HTML}, `<img srcset="https://a.example/1.png 1x, https://a.example/2.png 2x">`, []string{"01:https://a.example/1.png", "01:https://a.example/2.png"}},
		{"html unquoted other attribute", Options{Type: HTML}, `<meta content=https://c.example/x name=y>`, []string{"01:https://c.example/x"}},
		{"html attribute name case", Options{Type: HTML}, `<A HREF="https://a.example/x y" ALT="https://b.example/ z">`, []string{"01:https://a.example/x y", "01:https://b.example/"}},
		{"html tag from the line before", Options{Type: HTML}, "<img\n  alt=\"https://x.example logo\" src=\"https://a.example/i.png\">", []string{"02:https://x.example", "02:https://a.example/i.png"}},
		{"md raw html", md, `<img alt="https://x.example logo" src="https://a.example/i.png?a&amp;b">`, []string{"01:https://x.example", "01:https://a.example/i.png?a&b"}},
		{"md indented code after a heading", md, "# h\n    x http://x/[i", []string{"02:~http://x/[i"}},
		{"md indented code after a fence", md, "```\na\n```\n    x http://x/[f", []string{"04:~http://x/[f"}},
		{"md indented paragraph continuation", md, "para\n    x http://x/[p", []string{"02:http://x/[p"}},
		{"md hard line break", md, "see http://a/b\\\nnext", []string{"01:http://a/b"}},
		{"html base", Options{Type: HTML}, `<BASE target=x HREF="docs/"><a href="a.html">`, []string{"01:base rel docs/", "01:rel a.html"}},
		{"html meta refresh", Options{Type: HTML}, `<meta http-equiv="refresh" content="0; URL='../new/page.html'">`, []string{"01:rel ../new/page.html"}},
		{"html meta refresh bare", Options{Type: HTML}, `<meta http-equiv="refresh" content="5, next.html">`, []string{"01:rel next.html"}},
		{"html meta refresh absolute is the scan's", Options{Type: HTML}, `<meta http-equiv="refresh" content="0; url=https://a.example/">`, []string{"01:https://a.example/"}},
		{"html meta description is no refresh", Options{Type: HTML}, `<meta name="description" content="a; b.html">`, nil},
		{"html style attribute", Options{Type: HTML}, `<div style="background: url('img/a.png') no-repeat, url( b.svg )">`, []string{"01:rel img/a.png", "01:rel b.svg"}},
		// A script's or style sheet's text is code, but for url()'s target.
		{"html script body", Options{Type: HTML}, "<script>\nlet u = 'http://a/{b}';\n</script><a href=\"/z\">http://q/</a>", []string{"02:~http://a/{b}", "03:rel /z", "03:http://q/"}},
		{"html script on one line", Options{Type: HTML}, `<SCRIPT type="module">f("http://x/{y}")</SCRIPT> http://after/`, []string{"01:~http://x/{y}", "01:http://after/"}},
		{"html style body", Options{Type: HTML}, "<style>a{background:url( 'https://i.example/x.png')} /* http://c.example/ */</style>", []string{"01:https://i.example/x.png", "01:~http://c.example/"}},
		{"html style element", Options{Type: HTML}, "<style>\n.x { background: url(\"../img/x.png\"); }\n</style>", []string{"02:rel ../img/x.png"}},
		{"html url in an attribute is the attribute's", Options{Type: HTML}, `<a title="url(x.png)" href="y.html">`, []string{"01:rel y.html"}},
		{"md raw html relative", md, `<img src="/i.png" alt="logo">`, []string{"01:rel /i.png"}},
		{"md inline link", md, `see [guide](../setup/install.md#top "Title") and ![i](img/a.png)`, []string{"01:rel ../setup/install.md#top", "01:rel img/a.png"}},
		{"md link in angle brackets", md, `[x](<my file.md>)`, []string{"01:rel my file.md"}},
		{"md destination escapes and references", md, `[x](a\)b&amp;c.md)`, []string{"01:rel a)b&c.md"}},
		{"md balanced parentheses", md, `[x](a(b).md) (c)`, []string{"01:rel a(b).md"}},
		{"md destination then no title is no link", md, `[k][prow]([Kubernetes CI bot][prow]) [c]("a b") [t](t.md "Title") [n](n.md
)`, []string{"01:rel t.md", "01:rel n.md"}},
		{"md destination with a space", md, "[a](http://example.com/a b) and [c](my file.md) x", []string{"01:broken@20 http://example.com/a b", "01:broken@2 rel my file.md"}},
		{"md destination with a space, no close", md, "[a](b c and more", nil},
		{"md fragment only", md, `[x](#usage)`, []string{"01:rel #usage"}},
		{"md empty destination", md, `[x]() [y](<>)`, nil},
		{"md absolute destination is the scan's", md, `[x](https://a.example/b)`, []string{"01:https://a.example/b"}},
		{"md escaped bracket is no link", md, `\](a.md)`, nil},
		{"md reference definition", md, `[guide]: ./docs/guide.md "Guide"`, []string{"01:rel ./docs/guide.md"}},
		{"md reference definition indented", md, `   [a]: <b c.md>`, []string{"01:rel b c.md"}},
		{"md footnote is no definition", md, `[^1]: see notes.md`, nil},
		{"md link in a code span", md, "`[x](a.md)`", nil},
		{"md link in a code block", md, "```\n[x](a.md)\n```", nil},
		{"md links in column order", md, `[a](a.md) http://b.example/ [c](c.md)`, []string{"01:rel a.md", "01:http://b.example/", "01:rel c.md"}},
		{"md tag in a code span is code", md, "`<a title=\"https://x y\">`", []string{"01:~https://x y"}},
		{"md tag in a code span with code", Options{Type: Markdown, IncludeCode: true}, "`<a title=\"https://x y\">`", []string{"01:https://x y"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := extractAll(c.opts, c.text)
			if strings.Join(got, "|") != strings.Join(c.want, "|") {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
		})
	}
}

// TestSourceOffset: a column in decoded text points at the source.
// TestFollowed: a candidate that a reader follows as written (a link
// destination or definition, a URL attribute) says so; a bare URL of
// prose does not.
func TestFollowed(t *testing.T) {
	for _, c := range []struct {
		name string
		kind Type
		line string
		want []bool
	}{
		{"prose", Markdown, "see https://a.example/{x}", []bool{false}},
		{"inline link", Markdown, "[a](https://a.example/{x}) and https://b.example/", []bool{true, false}},
		{"definition", Markdown, "[a]: https://a.example/{{y}}", []bool{true}},
		// A blank in the destination makes it no definition (4.7): prose.
		{"no definition", Markdown, "[a]: https://a.example/{{ y }}", []bool{false}},
		{"relative destination", Markdown, "[a](x/{y}.md)", []bool{true}},
		{"broken link", Markdown, "[a](https://a.example/{{ y }})", []bool{true}},
		{"URL attribute", HTML, `<a href="https://a.example/{x}" title="https://t.example/">`, []bool{true, false}},
		{"text file", Text, "[a](https://a.example/{x})", []bool{false}},
	} {
		var got []bool
		for _, f := range New(Options{Type: c.kind}).Line(nil, c.line) {
			got = append(got, f.Followed)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: %q: followed %v, want %v", c.name, c.line, got, c.want)
		}
	}
}

func TestSourceOffset(t *testing.T) {
	line := `<a href="http://h/?a&amp;b&#37;zz">`
	f := New(Options{Type: HTML}).Line(nil, line)
	if len(f) != 1 || f[0].Text != "http://h/?a&b%zz" {
		t.Fatalf("found %+v", f)
	}
	pct := strings.IndexByte(f[0].Text, '%')
	if got := f[0].SourceOffset(pct); line[got:got+5] != "&#37;" {
		t.Errorf("SourceOffset(%d) = %d (%q), want the start of &#37;", pct, got, line[got:])
	}
	if got := f[0].SourceOffset(pct + 1); line[got] != 'z' {
		t.Errorf("after the entity: %d (%q)", got, line[got:])
	}
}

func TestKinds(t *testing.T) {
	for name, want := range map[string]Type{"a.md": Markdown, "B.MARKDOWN": Markdown, "x.html": HTML, "x.htm": HTML, "notes.txt": Text, "README": Text, "a.rst": RST, "b.REST": RST, "c.adoc": AsciiDoc, "d.asciidoc": AsciiDoc, "e.asc": AsciiDoc} {
		if got := TypeOf(name); got != want {
			t.Errorf("TypeOf(%q) = %v, want %v", name, got, want)
		}
	}
	for _, k := range Types {
		if got, err := ParseType(k); err != nil || Types[got] != k {
			t.Errorf("ParseType(%q) = %v, %v", k, got, err)
		}
	}
	if _, err := ParseType("pdf"); err == nil {
		t.Error("ParseType(pdf) succeeded")
	}
}

// FuzzExtractor: for any lines and kind, extraction never panics, every
// candidate lies in its line, and its source offsets stay in the line.
func FuzzExtractor(f *testing.F) {
	f.Add(uint8(1), "[a](http://x/{id})\n```\nhttp://a b\n```\n`http://c` <!-- uritool-disable-next-line x -->\nhttp://d")
	f.Add(uint8(2), `<a href="http://h/?a&amp;b&#37;zz" src='/x'>http://y/</a>`)
	f.Add(uint8(0), "see http://a.example/x. and <urn:x>")
	f.Fuzz(func(t *testing.T, kind uint8, text string) {
		e := New(Options{Type: Type(int(kind) % len(Types)), IncludeCode: kind&4 != 0})
		var found []Found
		for _, line := range strings.Split(text, "\n") {
			found = e.Line(found[:0], line)
			for i := range found {
				c := &found[i]
				if c.Offset < 0 || c.Offset > len(line) {
					t.Fatalf("offset %d outside %q", c.Offset, line)
				}
				for off := 0; off <= len(c.Text); off++ {
					if s := c.SourceOffset(off); s < c.Offset || s > len(line) {
						t.Fatalf("SourceOffset(%d) = %d outside [%d, %d] in %q", off, s, c.Offset, len(line), line)
					}
				}
			}
		}
	})
}

// TestSourceOffsetOtherAttribute: a URI in another attribute's decoded
// text maps back to the source too.
func TestSourceOffsetOtherAttribute(t *testing.T) {
	line := `<p title="x &amp; https://h/a&#37;zz">`
	f := New(Options{Type: HTML}).Line(nil, line)
	if len(f) != 1 || f[0].Text != "https://h/a%zz" || line[f[0].Offset:f[0].Offset+8] != "https://" {
		t.Fatalf("found %+v", f)
	}
	pct := strings.IndexByte(f[0].Text, '%')
	if got := f[0].SourceOffset(pct); line[got:got+5] != "&#37;" {
		t.Errorf("SourceOffset(%d) = %d (%q), want the start of &#37;", pct, got, line[got:])
	}
	if got := f[0].SourceOffset(len(f[0].Text)); line[got:] != `">` {
		t.Errorf("SourceOffset(end) = %d (%q), want the closing quote", got, line[got:])
	}
}

// TestSourceOffsetText: a URI after a character reference in HTML text,
// and one holding a reference, map back to the source.
func TestSourceOffsetText(t *testing.T) {
	line := `<p>&amp; https://h/a&#37;zz</p>`
	f := New(Options{Type: HTML}).Line(nil, line)
	if len(f) != 1 || f[0].Text != "https://h/a%zz" || line[f[0].Offset:f[0].Offset+8] != "https://" {
		t.Fatalf("found %+v", f)
	}
	pct := strings.IndexByte(f[0].Text, '%')
	if got := f[0].SourceOffset(pct); line[got:got+5] != "&#37;" {
		t.Errorf("SourceOffset(%d) = %d (%q), want the start of &#37;", pct, got, line[got:])
	}
	if got := f[0].SourceOffset(len(f[0].Text)); line[got:] != "</p>" {
		t.Errorf("SourceOffset(end) = %d (%q)", got, line[got:])
	}
}

// TestSourceOffsetEscapes: an escaped character points at itself in the
// line, past the backslashes removed before it.
func TestSourceOffsetEscapes(t *testing.T) {
	line := `see https://a.example/a\_b\|c&amp;d.`
	f := New(Options{Type: Markdown}).Line(nil, line)
	if len(f) != 1 || f[0].Text != "https://a.example/a_b|c&d" {
		t.Fatalf("found %+v", f)
	}
	for _, c := range []string{"_", "|", "&", "d"} {
		at := strings.Index(f[0].Text, c)
		want := strings.LastIndex(line, c)
		if c == "&" {
			want = strings.Index(line, "&amp;")
		}
		if got := f[0].SourceOffset(at); got != want {
			t.Errorf("SourceOffset of %q = %d, want %d", c, got, want)
		}
	}
	if got := f[0].SourceOffset(len(f[0].Text)); line[got:] != "." {
		t.Errorf("SourceOffset(end) = %d (%q)", got, line[got:])
	}
}

// TestExtractorLinear: lines that would make a search for the enclosing
// tag from every attribute-like word take quadratic time.
func TestExtractorLinear(t *testing.T) {
	const size = 1 << 20
	for _, kind := range []Type{HTML, Markdown} {
		for _, unit := range []string{" a=b", " a=\"x", "<a b=c ", "> a=b", "&", "&a", "&#", "\\&", "http://a\\_"} {
			line := strings.Repeat(unit, size/len(unit))
			start := time.Now()
			New(Options{Type: kind}).Line(nil, line)
			if elapsed := time.Since(start); elapsed > 5*time.Second {
				t.Errorf("%v: %d bytes of %q took %v", kind, len(line), unit, elapsed)
			}
		}
	}
}

// TestHTMLColumnOrder: on a line with both prose and URL attributes, the
// candidates come in column order (issue 24: the attribute's came first,
// so column 33 was reported before column 13).
func TestHTMLColumnOrder(t *testing.T) {
	e := New(Options{Type: HTML})
	found := e.Line(nil, `text http://{a} <a href="http://{b}">x</a> and http://c/`)
	var got []int
	for _, f := range found {
		got = append(got, f.Offset)
	}
	if want := []int{5, 25, 47}; !slices.Equal(got, want) {
		t.Errorf("offsets %v, want %v", got, want)
	}
}
