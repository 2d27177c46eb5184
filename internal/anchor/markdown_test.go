package anchor

import (
	"io"
	"runtime"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

func TestMarkdown(t *testing.T) {
	for _, c := range []struct {
		name, doc string
		want      []string
	}{
		{"atx", "# One\n## Two ##\n###### Six\n####### Seven\n#5 bolt\n#\n", []string{"one", "two", "six"}},
		{"atx closing", "# a ##\n# b#\n# c \\#\n#  d  #  \n# ###\n", []string{"a", "b", "c-", "d"}},
		{"atx indent", "   # three\n    # four\n", []string{"three"}},
		{"atx tab", "#\ttab\n", []string{"tab"}},
		{"duplicates", "# Foo\n# Foo\n# Foo-1\nFoo\n---\n", []string{"foo", "foo-1", "foo-1-1", "foo-2"}},
		{"entity space", "# &#x20;a\n", []string{"-a"}}, // github-slugger's fixture
		{"image", "# ![logo](x.png) Title\n", []string{"-title"}},
		{"shortcode", "# :tada: Release\n", []string{"tada-release"}},
		{"heading id", "## Options {#options}\n# Lifecycle {#life .big}\n# No {id}\n", []string{"options-options", "options", "lifecycle-life-big", "life", "no-id"}},
		{"inline", "## `--flag` option\n## [Install](#i) *now*\n## <em>HTML</em> _x_\n", []string{"--flag-option", "install-now", "html-x"}},
		{"setext", "Foo\n===\n\nBar\n---\n", []string{"foo", "bar"}},
		{"setext lines", "Foo  \n  bar\nbaz\n=\n", []string{"foobarbaz"}},
		{"setext indent", "Foo\n   ---\n\nBar\n    ---\n", []string{"foo"}},
		{"setext empty item", "Foo\n- \n", []string{"foo"}},
		{"thematic", "---\n\nFoo\n***\n\n- - -\n", nil},
		{"front yaml", "---\ntitle: x\n# no\n...\n# yes\n", []string{"yes"}},
		{"front toml", "+++\n# no\n+++\n# yes\n", []string{"yes"}},
		{"front unclosed", "---\n# no\n", nil},
		{"not front", "\n---\n# yes\n", []string{"yes"}},
		{"fence", "```\n# no\n```\n# yes\n", []string{"yes"}},
		{"fence tilde", "~~~~ go\n# no\n~~~\n# no\n````\n# no\n~~~~~\n# yes\n", []string{"yes"}},
		{"fence unclosed", "```\n# no\n", nil},
		{"fence backtick info", "``` a`b\n# yes\n", []string{"yes"}},
		{"fence in list", "- ```\n  # no\n  ```\n# yes\n", []string{"yes"}},
		{"fence ends with quote", "> ```\n# yes\n", []string{"yes"}},
		{"indented code", "    # no\n\n    # no\n# yes\n", []string{"yes"}},
		{"indented continuation", "Foo\n    # no\n", nil},
		{"comment", "<!--\n# no\n-->\n# yes\n<!-- one line -->\n# yes too\n", []string{"yes", "yes-too"}},
		{"html block", "<div>\n# no\n</div>\n\n# yes\n", []string{"yes"}},
		{"html details", "<details>\n\n# yes\n\n</details>\n", []string{"yes"}},
		{"html kind 7", "<custom-tag>\n# no\n\n# yes\n", []string{"yes"}},
		{"html script", "<script>\n# no\n\n# no\n</script>\n# yes\n", []string{"yes"}},
		{"quote", "> # quoted\n> > ## deeper\n", []string{"quoted", "deeper"}},
		{"lists", "- # bullet\n* # star\n1. # ordered\n2) # paren\n> - # both\n", []string{"bullet", "star", "ordered", "paren", "both"}},
		{"list continuation", "- item\n\n  # inside\n", []string{"inside"}},
		{"list setext", "- Foo\n  ---\n", []string{"foo"}},
		{"lazy", "> foo\nbar\n===\n# yes\n", []string{"yes"}},
		{"quote ends", "> foo\n---\n", nil},
		{"thematic not list", "* * *\n# yes\n", []string{"yes"}},
		{"bom crlf", "\uFEFF# One\r\nTwo\r\n===\r\n", []string{"one", "two"}},
		{"a name", "<a name=\"install\"></a>\n\n## Install\n", []string{"install"}},
		{"ids", "Text <span id=\"x\">and</span> <h2 id='y'>\n<a\nid=\"multi\">\n", []string{"x", "y", "multi"}},
		{"ids in heading", "## Install <a id=\"Inst\"></a>\n", []string{"install-", "Inst"}},
		{"ids not in code", "`<a id=\"no\">` \\<a id=no2> ``<b id=no3>``\n\n```\n<a id=no4>\n```\n\n    <a id=no5>\n", nil},
		{"ids in html block", "<div id=\"box\">\n<p id=para>\n</div>\n", []string{"box", "para"}},
		{"name only on a", "<div name=\"n\"></div><a name=\"m\">\n", []string{"m"}},
		{"tag ends with block", "<a\n\nid=\"no\">\n", nil},
		{"ids in comment", "<!-- <a id=\"no\"> -->\nText <!-- <a id=\"no2\"> -->\n", nil},
		{"escaped entity id", "<a id=\"a&amp;b\">\n", []string{"a&b"}},
		// Attribute lists (MkDocs' attr_list, kramdown): an id after an
		// inline element or on a line of its own.
		{"attr list", "*   **`locale`**{ #mkdocs-locale }: The locale\n\nText [x](y){: #link .c }\n{: #block }\n", []string{"mkdocs-locale", "link", "block"}},
		{"attr list quoted", "A{ #q title=\"a b\" data-x='c d' }\n", []string{"q"}},
		// "id=" sets the id too (Material for MkDocs' changelog: "### 9.7.0
		// <small>date</small> { id="9.7.0" }").
		{"attr list id=", "A{ id=\"x.1\" } B{: id='y' .c } C{ id=z }\n### 9.7.0 <small>d</small> { id=\"9.7.0\" }\n", []string{"x.1", "y", "z", "970-d--id970-", "9.7.0"}},
		{"attr list id= empty", "A{ id=\"\" } B{ id= }\n", nil},
		{"not attr list", "{{ x }} {# note #} {#} {a #b} `{#code}` {#open\n", nil},
	} {
		got, err := Markdown(strings.NewReader(c.doc), GitHubSlugs)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got.names, c.want) {
			t.Errorf("%s: Markdown(%q) = %q, want %q", c.name, c.doc, got.names, c.want)
		}
		// The parser keeps no state between reads, only between lines.
		one, _ := Markdown(iotest.OneByteReader(strings.NewReader(c.doc)), GitHubSlugs)
		if !slices.Equal(one.names, got.names) {
			t.Errorf("%s: byte by byte, Markdown(%q) = %q, want %q", c.name, c.doc, one.names, got.names)
		}
	}
}

func TestMarkdownError(t *testing.T) {
	r := io.MultiReader(strings.NewReader("# a\n"), iotest.ErrReader(io.ErrUnexpectedEOF))
	if _, err := Markdown(r, GitHubSlugs); err != io.ErrUnexpectedEOF {
		t.Errorf("Markdown(failing reader) error = %v, want %v", err, io.ErrUnexpectedEOF)
	}
}

// TestMarkdownLongLines holds lines longer than maxLine to their
// documented treatment, and to memory that does not grow with them.
func TestMarkdownLongLines(t *testing.T) {
	const huge = 25 << 20
	filler := strings.Repeat("x", maxLine)
	for _, c := range []struct {
		name string
		doc  io.Reader
		want []string
	}{
		{
			"prose",
			io.MultiReader(
				strings.NewReader("<span id=\"start\">"),
				repeat("words `<a id=\"code\">` and <b>bold</b> ", huge),
				strings.NewReader("<a id=\"end\">\n# After\n")),
			[]string{"start", "end", "after"},
		},
		{
			"heading",
			io.MultiReader(strings.NewReader("# Foo "), repeat("y", huge), strings.NewReader(" <a id=\"end\">\n# Foo\n")),
			[]string{"end", "foo"},
		},
		{
			"setext",
			io.MultiReader(strings.NewReader("Foo\n"), repeat("y", huge), strings.NewReader("\n---\n# Foo\n")),
			[]string{"foo"},
		},
		{
			"code",
			io.MultiReader(strings.NewReader("```\n<a id=no>"), repeat("z", huge), strings.NewReader("\n```\n# yes\n")),
			[]string{"yes"},
		},
		{
			// "-->" straddles the end of the first maxLine bytes.
			"comment",
			strings.NewReader("<!--" + filler[:maxLine-5] + "-->" + filler + "\n# after\n"),
			[]string{"after"},
		},
	} {
		var got *Set
		grew := allocated(func() {
			var err error
			if got, err = Markdown(c.doc, GitHubSlugs); err != nil {
				t.Fatal(err)
			}
		})
		if !slices.Equal(got.names, c.want) {
			t.Errorf("%s: Markdown = %.80q, want %.80q", c.name, got.names, c.want)
		}
		if grew > 1<<20 {
			t.Errorf("%s: Markdown allocated %d bytes", c.name, grew)
		}
	}
}

// repeat reads as n bytes of s over and over, without holding them.
func repeat(s string, n int) io.Reader {
	return &repeater{s: s, left: n}
}

type repeater struct {
	s    string
	at   int
	left int
}

func (r *repeater) Read(p []byte) (int, error) {
	if r.left == 0 {
		return 0, io.EOF
	}
	n := 0
	for n < len(p) && r.left > 0 {
		k := copy(p[n:min(len(p), n+r.left)], r.s[r.at:])
		n += k
		r.left -= k
		r.at = (r.at + k) % len(r.s)
	}
	return n, nil
}

// allocated returns the bytes that f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
