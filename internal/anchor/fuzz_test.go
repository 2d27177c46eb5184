package anchor

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"golang.org/x/text/unicode/norm"
)

// The fuzz targets check that any input parses without panic, to the same
// anchors however the reads split it, and with no empty anchor.

func FuzzMarkdown(f *testing.F) {
	for _, s := range []string{
		"# Foo\n# Foo\nBar\n===\n",
		"---\na: b\n---\n> - # x\n```\n# y\n```\n",
		"<!--\n# no\n-->\n<div id=\"a\">\n\n## [b](c) `d` *e* ![f](g)\n",
		"- a\n\n      code\n  > b\nlazy\n---\n",
		"# a _b_ **c** ~~d~~ <e id=f> &amp; \\# [g][h] <http://i>\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		s, err := Markdown(bytes.NewReader(doc), GitHubSlugs)
		if err != nil {
			t.Fatal(err)
		}
		checkSet(t, s)
		one, _ := Markdown(iotest.OneByteReader(bytes.NewReader(doc)), GitHubSlugs)
		if !slices.Equal(one.names, s.names) {
			t.Errorf("byte by byte: %q, want %q", one.names, s.names)
		}
		HeadingText(string(doc))
	})
}

func FuzzHTML(f *testing.F) {
	for _, s := range []string{
		`<a id="x" name=y><!-- <b id=z> --><script>"</script>"</script>`,
		`<p ID=&amp;><style>a</style ><?x?><!DOCTYPE x><div id='q'`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		s, err := HTML(bytes.NewReader(doc))
		if err != nil {
			t.Fatal(err)
		}
		checkSet(t, s)
		one, _ := HTML(iotest.OneByteReader(bytes.NewReader(doc)))
		if !slices.Equal(one.names, s.names) {
			t.Errorf("byte by byte: %q, want %q", one.names, s.names)
		}
	})
}

// checkSet checks that s holds its anchors once each, none empty, and
// finds each.
func checkSet(t *testing.T, s *Set) {
	for i, a := range s.names {
		if a == "" || slices.Contains(s.names[:i], a) || !s.Has(a) {
			t.Fatalf("bad anchors %q", s.names)
		}
		if _, ok := s.Fold(a); !ok {
			t.Fatalf("Fold(%q) fails", a)
		}
		if got, ok := s.Closest(a); got != a || !ok {
			t.Fatalf("Closest(%q) = %q", a, got)
		}
	}
}

// FuzzVitePressSlug checks what VitePressSlugs promises of any text: no
// "-" at either end or twice in a row, nothing it drops (a control, a
// separator, an upper case letter), and the same slug for its own output
// made again where that output is normal (NFKD).
func FuzzVitePressSlug(f *testing.F) {
	for _, s := range []string{"`build.target`", " a  -- b ", "1. Café", "İ\t“x”", "\x80\xff a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s := vitePressSlug(text)
		if strings.HasPrefix(s, "-") || strings.HasSuffix(s, "-") || strings.Contains(s, "--") {
			t.Errorf("vitePressSlug(%q) = %q: a stray separator", text, s)
		}
		for i, r := range s {
			if r != '-' && (vitePressSeparator(r) || r < 0x20) && !(i == 0 && r == '_') { // "_" before a digit
				t.Errorf("vitePressSlug(%q) = %q keeps %q", text, s, r)
			}
		}
		if strings.ToLower(s) != s {
			t.Errorf("vitePressSlug(%q) = %q, not lowercase", text, s)
		}
		// Dropping a control can leave marks out of canonical order, as
		// it does in JavaScript, which normalizes first too; a slug
		// that is normal is its own.
		if again := vitePressSlug(s); again != s && norm.NFKD.IsNormalString(s) {
			t.Errorf("vitePressSlug(%q) = %q, but of that %q", text, s, again)
		}
	})
}
