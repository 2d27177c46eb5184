package extract

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/uritool/uritool/internal/ascii"
)

var lineTests = []struct {
	name string
	line string
	want []string // candidate texts, left to right
}{
	// Plain text and sentence punctuation.
	{"empty", "", nil},
	{"alone", "http://example.com/", []string{"http://example.com/"}},
	{"in prose", "see http://example.com/a?b=c#d for more", []string{"http://example.com/a?b=c#d"}},
	{"full stop", "Go to http://example.com/path.", []string{"http://example.com/path"}},
	{"comma", "http://a.example/, then more", []string{"http://a.example/"}},
	{"several punctuation", "is it http://a.example/x?!", []string{"http://a.example/x"}},
	{"semicolon and colon", "http://a.example/x;: next", []string{"http://a.example/x"}},
	{"emphasis", "**http://a.example/x** and _https://b.example/y_", []string{"http://a.example/x", "https://b.example/y"}},
	{"strikethrough", "~~https://e.example/g~~ and ~https://e.example/h~.", []string{"https://e.example/g", "https://e.example/h"}},
	{"inner tilde kept", "https://a.example/~user/x~y", []string{"https://a.example/~user/x~y"}},
	{"tilde in angle brackets kept", "<https://a.example/x~>", []string{"https://a.example/x~"}},
	{"apostrophe", "it's at http://a.example/x' really", []string{"http://a.example/x"}},
	{"inner dots kept", "http://a.example/v1.2.3/file.tar.gz.", []string{"http://a.example/v1.2.3/file.tar.gz"}},
	{"uppercase scheme", "HTTPS://A.EXAMPLE/", []string{"HTTPS://A.EXAMPLE/"}},
	{"tab and CR end", "\thttp://a.example/x\r", []string{"http://a.example/x"}},
	{"several on one line", "http://a.example/ and ftp://b.example/f, also <urn:isbn:0451450523>.",
		[]string{"http://a.example/", "ftp://b.example/f", "urn:isbn:0451450523"}},
	{"glued by colon", "see:http://a.example/", []string{"http://a.example/"}},
	{"backtick code", "run `curl https://a.example/x` now", []string{"https://a.example/x"}},
	// Characters that cannot belong to a URI stay in: cutting there would
	// check a valid prefix and hide the error (issue 12).
	// Issue 33, item 3: wrong findings from lines that are easy to meet.
	{"bare URI before a link", "See http://a/b[link](http://c/) x", []string{"http://a/b", "http://c/"}},
	{"ip literal then a path", "http://[::1]/x(y) and http://[v1.x]:80/", []string{"http://[::1]/x(y)", "http://[v1.x]:80/"}},
	{"unmatched brace", "{see http://a/b} and \\url{https://example.com/paper}", []string{"http://a/b", "https://example.com/paper"}},
	{"matched braces stay", "http://a/{b}", []string{"http://a/{b}"}},
	{"footnote reference", "See http://a/b[^1] for more.", []string{"http://a/b"}},
	{"ip literal stays", "http://[::1]/x", []string{"http://[::1]/x"}},
	{"scheme mid-word", "Check_for_news:_a{b} here and x_mailto:y", nil},
	{"scheme after emphasis", "_mailto:a@b.example_", []string{"mailto:a@b.example"}},
	{"template braces", "{{https://a.example/x}}", []string{"https://a.example/x}}"}},
	// A known scheme without "//" after '{' is a template's expression
	// (issue 26: curl's --expand-data {{data:json}} reported '}').
	{"template expression", "Use {{data:json}} here", nil},
	{"template expression spaced", "{{ data:json }} and ${mailto:x} and {tel:1}", nil},
	{"template expression then URI", "{{data:json}} data:text/plain,hi", []string{"data:text/plain,hi"}},
	{"template in a URI", "https://a.example/{{var:trim}}", []string{"https://a.example/{{var:trim}}"}},
	{"braces in a path", "- http://x.example/{id}", []string{"http://x.example/{id}"}},
	{"md link with braces", "[a](http://x.example/{id})", []string{"http://x.example/{id}"}},

	// '|' separates table cells and lists (issue 26), but for <...>, where
	// it stays in and is reported, and a Markdown destination, which
	// CommonMark takes literally to its ')'.
	{"pipe without spaces", "| https://a.example/x|https://b.example/y |", []string{"https://a.example/x", "https://b.example/y"}},
	{"pipe table", "| https://a.example/x | https://b.example/y |", []string{"https://a.example/x", "https://b.example/y"}},
	{"pipe table cell", "| a |https://curl.se/| b |", []string{"https://curl.se/"}},
	{"pipe list in quotes", `GOPROXY="https://a.example|https://b.example"`, []string{"https://a.example", "https://b.example"}},
	{"pipe list in single quotes", `GOPROXY='https://a.example|direct'`, []string{"https://a.example"}},
	{"pipe in angle brackets kept", "<https://a.example/x|y>", []string{"https://a.example/x|y"}},
	{"pipe in md destination kept", "[t](https://a.example/x|y)", []string{"https://a.example/x|y"}},

	// Word boundary before the scheme.
	{"digit first", "1http://a.example/", nil},
	{"glued to a word", "xhttp://a.example/", []string{"xhttp://a.example/"}},
	{"dotted scheme", "see.http://a.example/", []string{"see.http://a.example/"}},
	{"leading dots", "...http://a.example/", nil},
	{"after non-ASCII", "参见http://a.example/。", []string{"http://a.example/"}},

	// Parentheses and brackets.
	{"balanced parens kept", "(see http://x.example/a_(b))", []string{"http://x.example/a_(b)"}},
	{"enclosing parens", "(http://x.example/)", []string{"http://x.example/"}},
	{"paren then full stop", "(at http://x.example/a).", []string{"http://x.example/a"}},
	{"unmatched paren inside kept", "http://x.example/a)b", []string{"http://x.example/a)b"}},
	{"enclosing brackets", "[http://x.example/]", []string{"http://x.example/"}},
	{"IP-literal", "http://[::1]:8080/ and http://[v7.x]/.", []string{"http://[::1]:8080/", "http://[v7.x]/"}},
	{"IP-literal in brackets", "[http://[::1]/]", []string{"http://[::1]/"}},

	// Appendix C delimiters.
	{"appendix C quotes", `Yes, Jim, I found it under "http://www.w3.org/Addressing/",`, []string{"http://www.w3.org/Addressing/"}},
	{"appendix C angle", "Note the warning in <http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING>.",
		[]string{"http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING"}},
	{"angle with trailing dot inside", "<http://a.example/x.>", []string{"http://a.example/x."}},
	{"angle with inner space", "<http://a.example/ b/c>", []string{"http://a.example/ b/c"}},
	{"angle with inner quote", `<http://a.example/"x">`, []string{`http://a.example/"x"`}},
	{"angle unclosed", "<http://a.example/x and more", []string{"http://a.example/x"}},
	{"angle reopened before close", "<http://a.example/x <http://b.example/>", []string{"http://a.example/x", "http://b.example/"}},
	{"angle mailto", "Jane <mailto:jane@a.example>", []string{"mailto:jane@a.example"}},
	{"quotes with inner space", `"http://a.example/ b"`, []string{"http://a.example/ b"}},
	{"quotes unclosed", `"http://a.example/x, she said`, []string{"http://a.example/x"}},
	{"single quotes", `'http://a.example/x?q=1'`, []string{"http://a.example/x?q=1"}},
	{"single quotes unclosed", `'http://a.example/x.`, []string{"http://a.example/x"}},
	{"empty body in delimiters", `<http://> "mailto:"`, nil},

	// Markdown.
	{"md link", "[text](http://a.example/x) after", []string{"http://a.example/x"}},
	{"md image", "![alt](https://a.example/i.png)", []string{"https://a.example/i.png"}},
	{"md balanced parens", "[t](http://a.example/wiki/A_(b)) after", []string{"http://a.example/wiki/A_(b)"}},
	{"md literal trailing dot", "[t](http://a.example/x.)", []string{"http://a.example/x."}},
	{"md title", `[t](http://a.example/x "Title here")`, []string{"http://a.example/x"}},
	{"md angle destination", "[t](<http://a.example/x y>)", []string{"http://a.example/x y"}},
	{"md autolink", "<https://a.example/x>", []string{"https://a.example/x"}},
	{"md URI as link text", "[http://a.example/](http://b.example/)", []string{"http://a.example/", "http://b.example/"}},
	{"md image in link", "[![b](http://a.example/b.svg)](http://c.example/)", []string{"http://a.example/b.svg", "http://c.example/"}},
	{"md unclosed", "[t](http://a.example/x.", []string{"http://a.example/x"}},
	{"md reference definition", `[id]: http://a.example/x "Title"`, []string{"http://a.example/x"}},
	{"md reference definition angle", "[id]: <http://a.example/x>", []string{"http://a.example/x"}},

	// HTML.
	{"href", `<a href="http://a.example/x?a=1&amp;b=2">link</a>`, []string{"http://a.example/x?a=1&amp;b=2"}},
	{"src single quoted", `<img src='https://a.example/i.png' alt="">`, []string{"https://a.example/i.png"}},
	{"href with space", `<a href="http://a.example/my file.html">`, []string{"http://a.example/my file.html"}},
	{"unquoted attribute", `<a href=http://a.example/x>`, []string{"http://a.example/x"}},

	// YAML.
	{"yaml plain", "url: https://a.example/y", []string{"https://a.example/y"}},
	{"yaml comment", "homepage: https://a.example/ # main site", []string{"https://a.example/"}},
	{"yaml double quoted", `key: "https://a.example/x"`, []string{"https://a.example/x"}},
	{"yaml single quoted", "key: 'https://a.example/x'", []string{"https://a.example/x"}},
	{"yaml list", "  - https://a.example/x", []string{"https://a.example/x"}},

	// Schemes written without "//" against prose that merely has a colon.
	{"mailto", "see mailto:a@b.example.", []string{"mailto:a@b.example"}},
	{"urn", "urn:ietf:rfc:3986, the standard", []string{"urn:ietf:rfc:3986"}},
	{"tel", "call tel:+1-816-555-1212!", []string{"tel:+1-816-555-1212"}},
	{"data", "data:text/plain;charset=utf-8,hi", []string{"data:text/plain;charset=utf-8,hi"}},
	{"known scheme any case", "MailTo:a@b.example", []string{"MailTo:a@b.example"}},
	{"known scheme with slashes", "news://n.example/comp.lang", []string{"news://n.example/comp.lang"}},
	{"known scheme empty", "use mailto: or tel: links, or http:// and https://.", nil},
	{"prose colon", "note: this", nil},
	{"prose no space", "Example:foo", nil},
	{"time", "Time: 10:30", nil},
	{"windows path", `C:\path\to C:/path`, nil},
	{"host and port", "localhost:8080/x", nil},
	{"scp-like", "git@github.com:owner/repo.git", nil},
	{"cpp scope", "std::vector", nil},
	{"yaml key with known name", "data: 1", nil},

	// Malformed candidates stay whole for the parser to report.
	{"bad percent escape", "see http://a.example/%zz/x.", []string{"http://a.example/%zz/x"}},
	{"truncated percent escape", "http://a.example/%4", []string{"http://a.example/%4"}},
	{"non-ASCII letter", "http://a.example/café.", []string{"http://a.example/café"}},
	{"typographic quotes", "“http://a.example/x”", []string{"http://a.example/x"}},
	{"zero-width space", "http://a.example/#top\u200b, http://b.example/\u2060x and http://c.example/\ufeff", []string{"http://a.example/#top", "http://b.example/", "http://c.example/"}},
	{"NUL inside", "http://a.example/\x00x", []string{"http://a.example/\x00x"}},
	{"invalid UTF-8 inside", "http://a.example/\xff\xfex y", []string{"http://a.example/\xff\xfex"}},
	{"invalid UTF-8 around", "\xffhttp://a.example/\xc3", []string{"http://a.example/\xc3"}},
	{"unmatched bracket ends", "http://a.example/x]y", []string{"http://a.example/x"}},
	{"caret", "http://a.example/x^y", []string{"http://a.example/x^y"}},
	{"backslash", `http://a.example/x\y.`, []string{`http://a.example/x\y`}},

	// A backslash escapes ASCII punctuation (CommonMark 2.4): the
	// character neither ends the candidate nor is trimmed. Line keeps the
	// backslash; Markdown's Extractor removes it.
	{"escaped paren in destination", `[t](https://a.example/x\))`, []string{`https://a.example/x\)`}},
	{"escaped parens balanced", `[t](https://a.example/A_\(b\)) after`, []string{`https://a.example/A_\(b\)`}},
	{"escaped pipe", `| https://a.example/x\|y |`, []string{`https://a.example/x\|y`}},
	{"escaped bracket", `[https://a.example/x\]y](z)`, []string{`https://a.example/x\]y`}},
	{"escaped trailing underscore", `https://a.example/x\_ and`, []string{`https://a.example/x\_`}},
	{"escaped backslash then full stop", `https://a.example/x\\.`, []string{`https://a.example/x\\`}},
	{"backslash before space", `https://a.example/x\ y`, []string{`https://a.example/x\`}},

	// A template's expression runs to its closer, blanks and all, within
	// the line and maxExpression (issue 33, item 4).
	{"liquid with blanks", "see https://github.com/{{ author }} now", []string{"https://github.com/{{ author }}"}},
	{"liquid tag", "https://a.example/{% if x %}y{% endif %}.", []string{"https://a.example/{% if x %}y{% endif %}"}},
	{"shell and ruby", "https://a.example/${ id }/#{ n } x", []string{"https://a.example/${ id }/#{ n }"}},
	{"unclosed is no expression", "https://a.example/{{ a and", []string{"https://a.example/{{"}},
	{"closer too far", "https://a.example/{{ " + strings.Repeat("a", maxExpression) + " }}", []string{"https://a.example/{{"}},
	{"RFC 6570 braces", "https://tile.example/{z}/{x}.png", []string{"https://tile.example/{z}/{x}.png"}},
}

func TestLine(t *testing.T) {
	for _, tt := range lineTests {
		t.Run(tt.name, func(t *testing.T) {
			got := Line(nil, tt.line)
			checkInvariants(t, tt.line, got)
			var texts []string
			for _, c := range got {
				texts = append(texts, c.Text)
			}
			if !slices.Equal(texts, tt.want) {
				t.Errorf("Line(%q)\n got %q\nwant %q", tt.line, texts, tt.want)
			}
		})
	}
}

func TestLineOffsets(t *testing.T) {
	line := "é <http://a.example/> x \"mailto:b@c.example\""
	want := []Candidate{
		{Offset: 4, Text: "http://a.example/"},
		{Offset: 26, Text: "mailto:b@c.example"},
	}
	if got := Line(nil, line); !slices.Equal(got, want) {
		t.Errorf("Line(%q) = %+v, want %+v", line, got, want)
	}
}

func TestLineAppends(t *testing.T) {
	prior := Candidate{Offset: 7, Text: "kept"}
	got := Line([]Candidate{prior}, "http://a.example/")
	want := []Candidate{prior, {Offset: 0, Text: "http://a.example/"}}
	if !slices.Equal(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

// TestLineLinear feeds lines that would make a scanner which searches for a
// closing delimiter afresh per candidate, or backtracks, take quadratic time.
func TestLineLinear(t *testing.T) {
	const size = 1 << 20
	for _, unit := range []string{"<a://", "\"a://x ", "\"a://|", "'a://", "](a://(", "a://[", "(a://", "a:a:a:", "a://" + strings.Repeat(")", 8), "a://\\\\.", "](a://\\)"} {
		line := strings.Repeat(unit, size/len(unit))
		start := time.Now()
		checkInvariants(t, line, Line(nil, line))
		if elapsed := time.Since(start); elapsed > 5*time.Second {
			t.Errorf("%d bytes of %q took %v", len(line), unit, elapsed)
		}
	}
}

func FuzzLine(f *testing.F) {
	for _, tt := range lineTests {
		f.Add(tt.line)
	}
	f.Fuzz(func(t *testing.T, line string) {
		checkInvariants(t, line, Line(nil, line))
	})
}

// checkInvariants asserts what any caller relies on: each candidate is the
// substring of line at its offset, begins with a scheme and its ':', and
// candidates come left to right without overlapping.
func checkInvariants(t *testing.T, line string, got []Candidate) {
	t.Helper()
	prevEnd := 0
	for _, c := range got {
		if c.Offset < prevEnd || c.Offset+len(c.Text) > len(line) || line[c.Offset:c.Offset+len(c.Text)] != c.Text {
			t.Fatalf("Line(%q): candidate %+v is not in order or not a substring at its offset", line, c)
		}
		if c.Text == "" || !ascii.IsAlpha(c.Text[0]) || !strings.Contains(c.Text, ":") {
			t.Fatalf("Line(%q): candidate %q does not begin with a scheme", line, c.Text)
		}
		prevEnd = c.Offset + len(c.Text)
	}
}
