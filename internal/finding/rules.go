package finding

import "slices"

// Rule describes one rule that findings name.
type Rule struct {
	ID       string   `json:"id"`
	Severity Severity `json:"-"`
	// Section is where the rule is defined: an RFC section, a standard.
	Section     string `json:"section"`
	Description string `json:"description"`
}

// The rule table, in groups: the ABNF rules of RFC 3986 Appendix A that
// parse errors name, the IRI and IDNA rules of the conversions, the
// policies of validate and lint, the security lints of section 7, lint's
// checks of where a document's references lead, a template's source (and
// a malformed template) where a URI was looked for, and the failures of
// the commands that read JSON, templates, edits or bases.
var (
	grammarRules = []Rule{
		{"URI", Error, "RFC 3986 section 3", "The input is not a URI: scheme \":\" hier-part [ \"?\" query ] [ \"#\" fragment ]."},
		{"URI-reference", Error, "RFC 3986 section 4.1", "The input is neither a URI nor a relative reference."},
		{"relative-ref", Error, "RFC 3986 section 4.2", "The input is not a relative reference."},
		{"absolute-URI", Error, "RFC 3986 section 4.3", "An absolute URI was asked for, and it has a fragment."},
		{"scheme", Error, "RFC 3986 section 3.1", "The scheme is missing or holds a character other than a letter, digit, \"+\", \"-\" or \".\" after its first letter."},
		{"authority", Error, "RFC 3986 section 3.2", "The authority is not [ userinfo \"@\" ] host [ \":\" port ]."},
		{"userinfo", Error, "RFC 3986 section 3.2.1", "The userinfo holds a character that is not unreserved, pct-encoded, a sub-delim or \":\"."},
		{"host", Error, "RFC 3986 section 3.2.2", "The host is not an IP-literal, an IPv4 address or a reg-name."},
		{"IP-literal", Error, "RFC 3986 section 3.2.2", "A bracketed host is not closed, or holds a zone identifier."},
		{"IPvFuture", Error, "RFC 3986 section 3.2.2", "An IPvFuture host is not \"v\" HEXDIG \".\" followed by its address."},
		{"IPv6address", Error, "RFC 3986 section 3.2.2", "A bracketed host is not an IPv6 address: wrong groups, \"::\" or embedded IPv4."},
		{"h16", Error, "RFC 3986 section 3.2.2", "An IPv6 group has more than four hex digits."},
		{"IPv4address", Error, "RFC 3986 section 3.2.2", "A dotted-decimal host is not four decimal octets."},
		{"dec-octet", Error, "RFC 3986 section 3.2.2", "An octet of an IPv4 address is above 255 or has a leading zero."},
		{"reg-name", Error, "RFC 3986 section 3.2.2", "A registered name holds a character that is not unreserved, pct-encoded or a sub-delim."},
		{"port", Error, "RFC 3986 section 3.2.3", "The port holds something other than digits."},
		{"path", Error, "RFC 3986 section 3.3", "A path segment holds a character that is not a pchar or \"/\"."},
		{"path-noscheme", Error, "RFC 3986 section 4.2", "The first segment of a relative path has a \":\", which would read as a scheme."},
		{"query", Error, "RFC 3986 section 3.4", "The query holds a character that is not a pchar, \"/\" or \"?\"."},
		{"fragment", Error, "RFC 3986 section 3.5", "The fragment holds a character that is not a pchar, \"/\" or \"?\"."},
		{"pct-encoded", Error, "RFC 3986 section 2.1", "A \"%\" is not followed by two hex digits."},
	}
	conversionRules = []Rule{
		{"nfc", Error, "RFC 3987 section 3.1 step 1", "The IRI is not in Unicode Normalization Form C (use --nfc)."},
		{"idna", Error, "RFC 3987 section 3.1", "The host's percent-encodings are not UTF-8, so IDNA cannot read it."},
		{"idna-punycode", Error, "RFC 3492; UTS #46 section 4", "A host label cannot be written or read as Punycode."},
		{"idna-disallowed", Error, "UTS #46 section 4.1", "A host label holds a code point UTS #46 disallows."},
		{"idna-hyphen", Error, "UTS #46 section 4.1", "A host label begins or ends with \"-\", or has \"--\" in its third and fourth places."},
		{"idna-leading-mark", Error, "UTS #46 section 4.1", "A host label begins with a combining mark."},
		{"idna-joiner", Error, "RFC 5892 appendix A", "A host label has a zero-width joiner or non-joiner where the ContextJ rules forbid it."},
		{"idna-bidi", Error, "RFC 5893 section 2", "A host label breaks the Bidi rule for right-to-left text."},
		{"idna-nfc", Error, "UTS #46 section 4.1", "A host label is not in Normalization Form C."},
		{"idna-length", Error, "RFC 1034 section 3.1", "A host label is empty or longer than 63 octets, or the name longer than 253."},
	}
	policyRules = []Rule{
		{"scheme-not-allowed", Error, "policy (--scheme)", "The URI's scheme is not in the allowed list."},
		{"userinfo-not-allowed", Error, "policy (--no-userinfo)", "The URI has userinfo, which the policy forbids."},
		{"host-required", Error, "policy (--require-host)", "The URI has no host, or an empty one, which the policy requires."},
		{"not-normalized", Error, "RFC 3986 section 6.2.3 (--normalized)", "The URI is not in scheme-based normal form."},
	}
	securityRules = []Rule{
		{"password-in-userinfo", Warning, "RFC 3986 section 7.5", "A password in clear text in the userinfo."},
		{"deceptive-userinfo", Warning, "RFC 3986 section 7.6", "Userinfo that looks like a host name or address, to pass for the host."},
		{"rare-ip-format", Warning, "RFC 3986 section 7.4", "A host that some resolvers read as an IPv4 address in a rare form (octal, hex, fewer parts)."},
		{"encoded-control", Warning, "RFC 3986 section 7.3", "A percent-encoded control character."},
		{"non-ascii-host-lookalike", Warning, "RFC 3986 section 7.6; UTS #39", "A host label, percent-encoded or in its xn-- form, whose characters mix scripts or look like ASCII."},
		{"invalid-punycode", Warning, "RFC 3492; UTS #46 section 4", "An xn-- host label whose Punycode does not decode to a label IDNA accepts."},
		{"idna-deviation", Warning, "UTS #46 section 4 (deviation characters)", "A host with ß, ς, ZWJ or ZWNJ, which IDNA 2003 and IDNA 2008 map to different names."},
		{"bidi-control", Warning, "RFC 3987 section 4.1", "A bidirectional formatting character, which can make the URI read differently than it is."},
		{"parser-differential", Warning, "RFC 3986 section 7.6; WHATWG URL; Go net/url", "The WHATWG URL parser or Go's net/url reads the host differently than RFC 3986 does."},
	}
	targetRules = []Rule{
		{RuleBrokenLink, Error, "CommonMark 0.31.2 section 6.3 (lint)", "A [text](destination) whose destination holds a blank is no link: CommonMark reads it as text, and GitHub shows it so. Write the destination in <...>, or the space as %20."},
		{"missing-target", Error, "RFC 3986 section 5.2 (lint)", "A reference of a document leads to nothing in the tree: no file or directory at its resolved, percent-decoded path (or a directory without --index-files)."},
		{"target-case", Error, "RFC 3986 section 5.2 (lint)", "A reference of a document leads to a file that exists only with a different case: it works on macOS and Windows, not on Linux or GitHub's web view."},
		{"outside-root", Error, "RFC 3986 section 5.2.4 (lint)", "A relative reference of a document climbs with \"..\" above the root of the checked tree (the repository, or --root-dir)."},
		{"missing-fragment", Error, "RFC 3986 section 3.5 (lint)", "A fragment names no anchor of its target: no heading slug (by GitHub's rules) or id in a Markdown document, no id or anchor name in an HTML page, no such line (#L12) in a code file."},
		{"fragment-case", Warning, "RFC 3986 section 3.5 (lint)", "A fragment matches an anchor of its target only when case is ignored: github.com's script lowercases it, no other renderer does."},
	}
	commandRules = []Rule{
		{"json", Error, "RFC 8259", "An input line is not a JSON object of the shape the command reads."},
		{"input", Error, "uritool recompose", "A parse --format json record that says its input was invalid."},
		{"expansion", Error, "RFC 6570", "The template cannot be expanded with these variables."},
		{"match", Error, "RFC 6570", "The reference does not match the template, or the template cannot be matched."},
		{"must", Error, "uritool parse --get", "The reference has no value for a field that the --get template marks must:."},
		{"edit", Error, "uritool edit", "An edit cannot be applied to the reference."},
		{"relativize", Error, "RFC 3986 section 5", "No relative reference leads from the base to the target."},
		{"reference", Error, "RFC 3986 section 5.2", "The reference cannot be resolved against the base."},
		ruleURI,
		{"iri", Error, "RFC 3987 section 3.2", "The URI cannot be shown as an IRI."},
	}
	templateRules = []Rule{
		{RuleTemplate, Note, "uritool lint", "A candidate holds the expressions of a template language ({{ }}, {% %}, ${ }, #{ }), or in prose those of an RFC 6570 template ({var}): it is the source of a URI, not one, and is not checked as a URI. A note fails nothing."},
		{RuleURITemplate, Error, "RFC 6570 section 2", "The template is not a URI Template: an expression is not closed, or holds what the grammar does not allow."},
	}
	markerRules = []Rule{
		{RuleSuppression, Warning, "uritool lint", "A suppression marker names a rule that does not exist (lint --list-rules lists them), so it suppresses nothing."},
	}
	ioRules = []Rule{
		{RuleIO, Error, "uritool lint", "A file lint was asked to check cannot be read; it makes the exit status 3."},
	}
)

// Rules is every rule any command reports, in a stable order.
var Rules = slices.Concat(grammarRules, conversionRules, policyRules, securityRules, targetRules, templateRules, commandRules, markerRules, ioRules)

// LintRules are the rules lint can report, for --list-rules: the
// grammar's (and "uri", for an input no grammar rule describes), the
// policies', the security lints', where references lead, a template's
// source, and a file that cannot be read; not those of the commands that
// read JSON, expand templates, edit or resolve, nor the conversions'.
var LintRules = slices.Concat(grammarRules, []Rule{ruleURI}, policyRules, securityRules, targetRules, templateRules, markerRules, ioRules)

// ruleURI names an input that no rule of the grammar describes.
var ruleURI = Rule{"uri", Error, "RFC 3986", "The input cannot be read as a URI reference."}

// RuleURITemplate is the rule of a malformed URI Template (RFC 6570).
const RuleURITemplate = "uri-template"

// RuleTemplate is the rule of a candidate that is a template's source,
// not a URI: a note.
const RuleTemplate = "template"

// RuleBrokenLink is the rule of a Markdown link that a blank in its
// destination makes text.
const RuleBrokenLink = "broken-link"

// RuleSuppression is the rule of a suppression marker that names an
// unknown rule.
const RuleSuppression = "suppression"

// RuleIO is the rule of a file that cannot be read, in the formats that
// report it among the findings.
const RuleIO = "io"

// Describe returns the rule with id, and whether it is in the table.
func Describe(id string) (Rule, bool) {
	for _, r := range Rules {
		if r.ID == id {
			return r, true
		}
	}
	return Rule{ID: id, Severity: Error, Section: "RFC 3986 Appendix A",
		Description: "The input does not match the RFC 3986 ABNF rule " + id + "."}, false
}
