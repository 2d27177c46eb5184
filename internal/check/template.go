package check

import (
	"errors"
	"strings"

	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/pkg/uritemplate"
)

// openers are the starts of the expressions of template languages, each
// with its closer: Liquid, Jinja, Handlebars and Go templates, then
// shell and JavaScript, then Ruby.
var openers = [...]struct{ open, close string }{
	{"{{", "}}"}, {"{%", "%}"}, {"${", "}"}, {"#{", "}"},
}

// templateOf says whether text, a candidate of a document, is a
// template's source: it holds expressions of a template language, or,
// in prose (not followed: a reader does not follow a bare URL as a link
// destination is followed), one of RFC 6570. For such a candidate it
// returns the finding: a note naming the expressions, or, for an RFC 6570
// template that does not parse, the template's error.
//
// In AsciiDoc, {name} is an attribute reference, which Asciidoctor (or
// Antora, for page-component-version and the like) fills before anyone
// follows the link: one that the file does not define is left in the
// candidate, and is a template expression wherever it stands.
func templateOf(text string, followed, asciidoc bool) (finding.Finding, bool) {
	if strings.IndexByte(text, '{') < 0 {
		return finding.Finding{}, false // nearly every candidate
	}
	first, exprs := -1, []string(nil)
	for i := 0; i < len(text); i++ {
		if n := attributeReference(text[i:]); asciidoc && n > 0 {
			if first < 0 {
				first = i
			}
			exprs = append(exprs, text[i:i+n])
			i += n - 1
			continue
		}
		for _, o := range openers {
			if !strings.HasPrefix(text[i:], o.open) {
				continue
			}
			if n := strings.Index(text[i+len(o.open):], o.close); n >= 0 {
				end := i + len(o.open) + n + len(o.close)
				if first < 0 {
					first = i
				}
				exprs = append(exprs, text[i:end])
				i = end - 1
				break
			}
		}
	}
	if first < 0 && !followed {
		if _, err := uritemplate.Parse(text); err != nil {
			var te *uritemplate.Error
			if !errors.As(err, &te) {
				return finding.Finding{}, false
			}
			return finding.Finding{Severity: finding.Error, Offset: te.Offset, Rule: finding.RuleURITemplate,
				Message: "an RFC 6570 template, which does not parse: " + te.Msg}, true
		}
		for i := strings.IndexByte(text, '{'); i >= 0; {
			end := i + strings.IndexByte(text[i:], '}') + 1 // it parsed: each '{' is closed
			if first < 0 {
				first = i
			}
			exprs = append(exprs, text[i:end])
			n := strings.IndexByte(text[end:], '{')
			if n < 0 {
				break
			}
			i = end + n
		}
	}
	if first < 0 {
		return finding.Finding{}, false
	}
	return finding.Finding{Severity: finding.Note, Offset: first, Rule: finding.RuleTemplate,
		Message: "template expressions " + strings.Join(exprs, ", ") + ": not checked as a URI"}, true
}

// attributeReference returns the length of the AsciiDoc attribute
// reference that s starts with, {name} with a name of word characters
// and '-', or 0.
func attributeReference(s string) int {
	if len(s) < 3 || s[0] != '{' {
		return 0
	}
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == '}' && i > 1:
			return i + 1
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '_', c == '-' && i > 1:
		default:
			return 0
		}
	}
	return 0
}
