package anchor

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// GitHub's heading anchors. GitHub documents the rule loosely (docs.github.com,
// "Basic writing and formatting syntax", section links: lowercase, spaces
// to hyphens, other punctuation removed, "-1", "-2"... for duplicates).
// The exact rule below is the one of the npm package github-slugger 2.x,
// whose test fixtures (test/fixtures.json) are anchors read back from
// GitHub's own rendering of headings sampling every Unicode category:
//
//   - the text is lowercased (full mapping: GitHub's Ruby downcase);
//   - a character is kept if it is Alphabetic (letters, letter numbers and
//     the Other_Alphabetic symbols such as circled letters "Ⓔ"), a mark
//     (variation selectors included, so "🏛️" leaves U+FE0F behind), a
//     decimal digit, connector punctuation ("_", "‿") or "-";
//   - each space U+0020 becomes "-", with no collapsing and no trimming:
//     "a  b" is "a--b" and "😄 x" is "-x";
//   - everything else goes: other punctuation, symbols and emoji, other
//     numbers ("²", "½"), other separators (NBSP, U+3000), controls (so a
//     newline too), format characters (ZWJ) and unassigned code points.
//
// Emoji shortcodes are text to the anchor: the fixture heading
// ":smile: - a gemoji" has the anchor "smile---a-gemoji".

// SlugRule is how a site makes the anchor of a Markdown heading from its
// text. Duplicates are numbered the same way by all of them.
type SlugRule uint8

const (
	// GitHubSlugs is GitHub's rule, above, which Docusaurus, Hugo's
	// default and rehype-slug follow too.
	GitHubSlugs SlugRule = iota
	// VitePressSlugs is the rule of VitePress and VuePress 2 (the
	// slugify of @mdit-vue/shared): the text decomposed (NFKD) and its
	// combining accents (U+0300 to U+036F) and controls dropped, each run
	// of whitespace, ASCII punctuation and the curly quotes "“”‘’" made
	// one "-", a leading or trailing "-" dropped, "_" before
	// a leading digit, and the whole lowercased: "`build.target`" is
	// "build-target", where GitHub's is "buildtarget".
	VitePressSlugs
)

// SlugRules names each rule as lint's --slugs does.
var SlugRules = []string{GitHubSlugs: "github", VitePressSlugs: "vitepress"}

// Slugger makes the anchors for the headings of one document, in order,
// numbering duplicates, by Rule. Its zero value is ready to use, by
// GitHub's rule.
type Slugger struct {
	Rule SlugRule
	// taken holds every slug given out, and for each base slug the last
	// number tried with it, so that numbering resumes where it stopped.
	taken map[string]int
}

// Slug returns the anchor of the next heading, whose rendered text is
// text. The first heading with a given slug keeps it; later ones get
// "-1", "-2"... appended, skipping any slug already given out, so
// "Foo", "Foo-1", "Foo" give foo, foo-1, foo-2.
func (s *Slugger) Slug(text string) string {
	if s.taken == nil {
		s.taken = map[string]int{}
	}
	var base string
	switch s.Rule {
	case VitePressSlugs:
		base = vitePressSlug(text)
	default:
		base = slugify(text)
	}
	slug := base
	for {
		if _, ok := s.taken[slug]; !ok {
			break
		}
		s.taken[base]++
		slug = base + "-" + strconv.Itoa(s.taken[base])
	}
	s.taken[slug] = 0
	return slug
}

// slugify is the anchor of a heading with text, before duplicates are
// numbered.
func slugify(text string) string {
	var b strings.Builder
	for _, r := range text {
		if r == 'İ' {
			// The one unconditional lowercase mapping of more than one
			// rune (Unicode SpecialCasing.txt), which unicode.ToLower
			// lacks.
			b.WriteString("i\u0307")
			continue
		}
		switch r = unicode.ToLower(r); {
		case r == ' ':
			b.WriteByte('-')
		case keep(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// keep reports whether a heading's anchor keeps r, lowercased.
func keep(r rune) bool {
	if r < 0x80 {
		return 'a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '_' || r == '-'
	}
	return unicode.In(r, unicode.L, unicode.M, unicode.Nd, unicode.Nl, unicode.Pc, unicode.Other_Alphabetic)
}

// vitePressSlug is text's anchor by VitePressSlugs, before duplicates are
// numbered.
func vitePressSlug(text string) string {
	if !utf8.ValidString(text) {
		// Decoded first, as a site's reading of its file is: NFKD leaves
		// what follows a bad byte as it is.
		text = string([]rune(text))
	}
	var b strings.Builder
	sep := false // a separator is due before the next kept rune
	for _, r := range norm.NFKD.String(text) {
		switch {
		case 0x300 <= r && r <= 0x36F, r < 0x20:
			continue
		case vitePressSeparator(r):
			sep = true
			continue
		}
		if sep && b.Len() > 0 {
			b.WriteByte('-')
		}
		sep = false
		if b.Len() == 0 && '0' <= r && r <= '9' {
			b.WriteByte('_')
		}
		b.WriteRune(r)
	}
	return strings.ToLower(b.String()) // NFKD took İ apart, so no rune lowers to two
}

// vitePressSeparator reports whether r is one of the runes a run of
// which VitePressSlugs makes one "-": JavaScript's whitespace (\s) and
// ~`!@#$%^&*()-_+=[]{}|\;:"'“”‘’<>,.?/. The controls among the
// whitespace (tab, newline) are dropped before, as controls.
func vitePressSeparator(r rune) bool {
	if r < 0x80 {
		return r == ' ' || strings.ContainsRune("~`!@#$%^&*()-_+=[]{}|\\;:\"'<>,.?/", r)
	}
	switch r {
	case '“', '”', '‘', '’', '\u00a0', '\u1680', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff':
		return true
	}
	return 0x2000 <= r && r <= 0x200a
}
