package anchor

import (
	"slices"
	"testing"
)

func TestSlugify(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		// From github-slugger's test/fixtures.json, anchors read back from
		// GitHub's rendering of the headings.
		{"heading with a - dash", "heading-with-a---dash"},
		{"heading with an _ underscore", "heading-with-an-_-underscore"},
		{"heading with a period.txt", "heading-with-a-periodtxt"},
		{"exchange.bind_headers(exchange, routing [, bindCallback])", "exchangebind_headersexchange-routing--bindcallback"},
		{" a ", "-a-"},
		{"apostrophe’s should be trimmed", "apostrophes-should-be-trimmed"},
		{"I ♥ unicode", "i--unicode"},
		{"en–dash", "endash"},
		{"😄 unicode emoji", "-unicode-emoji"},
		{"😄-😄 unicode emoji", "--unicode-emoji"},
		{"😄_😄 unicode emoji", "_-unicode-emoji"},
		{":smile: - a gemoji", "smile---a-gemoji"},
		{":ok_hand::hatched_chick: Two in a row with no spaces", "ok_handhatched_chick-two-in-a-row-with-no-spaces"},
		{"Привет non-latin 你好", "привет-non-latin-你好"},
		{"a² ¹ ½b", "a--b"},                                // Other_Number goes
		{"aⒺ Ⓣ ①b", "aⓔ-ⓣ-b"},                              // Other_Symbol goes, but for Other_Alphabetic
		{"a‿ ⁀ ＿b", "a‿-⁀-＿b"},                             // Connector_Punctuation stays
		{"aᛮ Ⅻb", "aᛮ-ⅻb"},                                 // Letter_Number stays
		{"a\u00a0\u3000\u2028\u2029b", "ab"},               // separators but U+0020 go
		{"a\u200d\u200c\u00adb", "ab"},                     // Format goes
		{"a\ufe0f\u0301 \u0903b", "a\ufe0f\u0301-\u0903b"}, // marks stay
		{"ǅ ᾼ 𐐆", "ǆ-ᾳ-𐐮"},                                 // Cased_Letter: lowercased
		// The brief's hard cases.
		{"C++", "c"},
		{"what's new?", "whats-new"},
		{"API v2.0 (beta)", "api-v20-beta"},
		{"🎉 Release 🎉", "-release-"},
		{"❤️ love", "\ufe0f-love"}, // U+FE0F is a mark, so GitHub keeps it
		{"安装", "安装"},
		{"a  b", "a--b"},
		{"tab\there", "tabhere"},
		{"line\nbreak", "linebreak"},
		{"İstanbul", "i\u0307stanbul"},
		{"KELVIN \u212a", "kelvin-k"},
		{"$100 & 50%", "100--50"},
		{"", ""},
		{"\xff", ""},
	} {
		if got := slugify(c.text); got != c.want {
			t.Errorf("slugify(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

func TestSlugger(t *testing.T) {
	for _, c := range []struct{ texts, want []string }{
		{[]string{"Foo", "Foo", "Foo"}, []string{"foo", "foo-1", "foo-2"}},
		{[]string{"Foo", "Foo-1", "Foo"}, []string{"foo", "foo-1", "foo-2"}},
		{[]string{"Foo", "Foo", "Foo-1", "Foo"}, []string{"foo", "foo-1", "foo-1-1", "foo-2"}},
		// github-slugger's fixtures, read back from GitHub.
		{[]string{"echo", "echo", "echo 1", "echo-1", "echo"}, []string{"echo", "echo-1", "echo-1-1", "echo-1-2", "echo-2"}},
		{[]string{"foxtrot-1", "foxtrot", "foxtrot"}, []string{"foxtrot-1", "foxtrot", "foxtrot-2"}},
		{[]string{" a ", "-a-"}, []string{"-a-", "-a--1"}},
		{[]string{"?", "!", "a"}, []string{"", "-1", "a"}},
		{[]string{"Bar", "bar", "BAR"}, []string{"bar", "bar-1", "bar-2"}},
	} {
		var s Slugger
		var got []string
		for _, text := range c.texts {
			got = append(got, s.Slug(text))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("Slug(%q...) = %q, want %q", c.texts, got, c.want)
		}
	}
}

func TestHeadingText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain", "plain"},
		{"`--flag` option", "--flag option"},
		{"`` a`b ``", "a`b"},
		{"``  ``", "  "},
		{"unclosed `code", "unclosed `code"},
		{"[Install](#x) guide", "Install guide"},
		{"[a](b(c)d \"title\") e", "a e"},
		{"[a](<b c> 't') d", "a d"},
		{"[a](b 'unclosed) c", "[a](b 'unclosed) c"},
		{"[text][ref] and [text][]", "text and text"},
		{"[shortcut]", "[shortcut]"},
		{"![logo](x.png) Title", " Title"},
		{"![logo][ref]Title", "Title"},
		{"[![badge](b.svg)](u) Name", " Name"},
		{"[a [b](c) d](e)", "[a b d](e)"}, // links do not nest: the inner one wins
		{"<https://x.y/z?a=1> site", "https://x.y/z?a=1 site"},
		{"<me@example.com>", "me@example.com"},
		{"<span>HTML</span> in <b class=\"x\">tags</b>", "HTML in tags"},
		{"a <!-- note --> b", "a  b"},
		{"a < b > c", "a < b > c"},
		{"_snake_case_", "snake_case"},
		{"snake_case_name", "snake_case_name"},
		{"__init__", "init"},
		{"x_y_", "x_y_"},
		{"**bold** and *it*", "bold and it"},
		{"*a **b** c*", "a b c"},
		{"a *b _c_ d* e", "a b c d e"},
		{"*foo**bar*", "foo**bar"},
		{"*foo**bar**baz*", "foobarbaz"},
		{"**unclosed", "**unclosed"},
		{"~~old~~ ~new~ ~~~three~~~", "old new ~~~three~~~"},
		{"*[a*](b)", "*a*"}, // emphasis does not cross a link's edge
		{"\\*escaped\\* \\_x\\_ \\a", "*escaped* _x_ \\a"},
		{"&amp; &#35; &#x41; &copy; &copy 2 &bogus; &ampx;", "& # A © &copy 2 &bogus; &ampx;"},
		{"&#0; &#99999999;", "\ufffd &#99999999;"},
		{"&#42;not emphasis&#42;", "*not emphasis*"},
		{"line\\\nbreak", "line\nbreak"},
	} {
		if got := HeadingText(c.in); got != c.want {
			t.Errorf("HeadingText(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestVitePressSlug(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		// Headings of vitejs/vite's docs (a VitePress site) and the
		// fragments its own pages link them by.
		{"build.assetsInlineLimit", "build-assetsinlinelimit"},
		{"index.html and Project Root", "index-html-and-project-root"}, // "`index.html`" in the source
		{"input ", "input"}, // "input <NonInheritBadge />": the component is no text
		{"Removed Deprecated Features ", "removed-deprecated-features"},
		// The rule's parts.
		{"  Hello,  World!  ", "hello-world"},
		{"a - b", "a-b"},
		{"foo_bar(baz)", "foo-bar-baz"},
		{"“Quoted” ‘too’", "quoted-too"},
		{"1. Getting started", "_1-getting-started"},
		{"Café Ⅻ ﬁ", "cafe-xii-fi"},      // NFKD, then the accents go
		{"en–dash — em", "en–dash-—-em"}, // dashes beyond ASCII stay
		{"a\tb\x01c", "abc"},             // controls go before the separators
		{"a\u00a0b\u3000c\u2009d", "a-b-c-d"},
		{"安装 指南", "安装-指南"},
		{"İstanbul", "istanbul"}, // NFKD makes its dot a combining mark
		{"?!", ""},
		{"C++", "c"},
	} {
		if got := vitePressSlug(c.text); got != c.want {
			t.Errorf("vitePressSlug(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

func TestSluggerRule(t *testing.T) {
	s := Slugger{Rule: VitePressSlugs}
	var got []string
	for _, text := range []string{"a.b", "A b", "a-b", "`build.target`"} {
		got = append(got, s.Slug(HeadingText(text)))
	}
	if want := []string{"a-b", "a-b-1", "a-b-2", "build-target"}; !slices.Equal(got, want) {
		t.Errorf("Slug = %q, want %q", got, want)
	}
	if got := (&Slugger{}).Slug("a.b"); got != "ab" {
		t.Errorf("the zero Slugger's Slug(%q) = %q, want GitHub's %q", "a.b", got, "ab")
	}
}
