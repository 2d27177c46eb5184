package uri_test

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/uritool/uritool/pkg/uri"
)

// messageCases reach every error message of the parser and the Builder,
// each from every branch that reports it, with the whole Error() text
// (message and offset) expected: a message must be true of its input.
var messageCases = []struct {
	name string
	err  error
	want string
}{
	// URI (3) and absolute-URI (4.3)
	{"no ':' after a scheme", perr(uri.ParseRule("foo", uri.RuleURI)), "missing scheme: a URI starts with a scheme and ':' at offset 3"},
	{"'/' before any ':'", perr(uri.ParseRule("a/b:c", uri.RuleURI)), "missing scheme: a URI starts with a scheme and ':' at offset 1"},
	{"bad scheme byte", perr(uri.ParseRule("a b:c", uri.RuleURI)), "invalid character ' ' in scheme at offset 1"},
	{"empty URI", perr(uri.ParseRule("", uri.RuleURI)), "empty input: a URI needs a scheme at offset 0"},
	{"digit first", perr(uri.ParseRule("1a:b", uri.RuleURI)), "a URI must begin with a scheme (a letter), not '1' at offset 0"},
	{"network-path reference as a URI", perr(uri.ParseRule("//a", uri.RuleAbsoluteURI)), "a URI must begin with a scheme (a letter), not '/' at offset 0"},
	{"fragment in absolute-URI", perr(uri.ParseRule("a:b#c", uri.RuleAbsoluteURI)), "an absolute URI cannot have a fragment at offset 3"},
	// relative-ref (4.2)
	{"colon in first segment", perr(uri.Parse("1a:b")), `':' in the first segment of a relative path (it would read as a scheme; write "./" before it) at offset 2`},
	{"bad byte in path", perr(uri.Parse("a b")), "invalid character ' ' in path at offset 1"},
	{"bad byte in query", perr(uri.Parse("?a b")), "invalid character ' ' in query at offset 2"},
	{"bad byte in fragment", perr(uri.Parse("#a#")), "invalid character '#' in fragment at offset 2"},
	{"control byte", perr(uri.Parse("a\x01")), "invalid character U+0001 in path at offset 1"},
	{"invalid UTF-8", perr(uri.Parse("a\xff")), `invalid character '\xff' in path at offset 1`},
	{"non-ASCII", perr(uri.Parse("aé")), "invalid character 'é' (U+00E9) in path at offset 1"},
	// pct-encoded (2.1)
	{"bad first hex digit", perr(uri.Parse("%zz")), "'%' not followed by two hex digits at offset 1"},
	{"bad second hex digit", perr(uri.Parse("%az")), "'%' not followed by two hex digits at offset 2"},
	{"input ends after '%'", perr(uri.Parse("a%")), "'%' not followed by two hex digits at offset 2"},
	{"input ends after one hex digit", perr(uri.Parse("a%4")), "'%' not followed by two hex digits at offset 3"},
	// authority (3.2)
	{"second '@' after the host", perr(uri.Parse("http://a@b@c/")), "second '@' in authority (userinfo ends at the first; encode others as %40) at offset 10"},
	{"second '@' after the port", perr(uri.Parse("http://u@h:80@x")), "second '@' in authority (userinfo ends at the first; encode others as %40) at offset 13"},
	{"'@' after an IP-literal", perr(uri.Parse("http://[::1]@host/")), "'@' after IP-literal: a userinfo cannot contain '[' (encode it as %5B) at offset 12"},
	{"'@' after an IP-literal and port", perr(uri.Parse("http://[::1]:80@h")), "'@' after IP-literal: a userinfo cannot contain '[' (encode it as %5B) at offset 15"},
	{"junk after an IP-literal", perr(uri.Parse("http://[::1]x/")), "invalid character 'x' after IP-literal at offset 12"},
	{"junk in host after userinfo", perr(uri.Parse("http://u@a b")), "invalid character ' ' in host at offset 10"},
	{"junk in port after userinfo", perr(uri.Parse("http://u@h:8x")), "invalid character 'x' in port at offset 12"},
	{"junk in host", perr(uri.Parse("http://a b")), "invalid character ' ' in host at offset 8"},
	{"junk after a port", perr(uri.Parse("http://a:80 b")), "invalid character ' ' in port at offset 11"},
	{"port not a number", perr(uri.Parse("http://a:b")), `port "b" is not a number, and no '@' follows to make "a:b" a userinfo at offset 10`},
	{"port not a number before path", perr(uri.Parse("http://a:8x/")), `port "8x" is not a number, and no '@' follows to make "a:8x" a userinfo at offset 11`},
	{"junk after a non-number port", perr(uri.Parse("http://a:b c")), "invalid character ' ' in authority at offset 10"},
	// IP-literal (3.2.2)
	{"unclosed IP-literal", perr(uri.Parse("http://[::1")), "input ends inside the IP-literal that begins at offset 7: ']' is missing at offset 11"},
	{"unclosed IPvFuture", perr(uri.Parse("//[v1.x")), "input ends inside the IP-literal that begins at offset 2: ']' is missing at offset 7"},
	{"zone identifier", perr(uri.Parse("http://[fe80::1%25en0]/")), "IPv6 zone identifiers are not allowed by RFC 3986 at offset 15"},
	{"junk in IPvFuture", perr(uri.Parse("http://[v1.x/]/")), "invalid character '/' in IPvFuture at offset 12"},
	{"junk after an IPv6 group", perr(uri.Parse("http://[::1/")), "invalid character '/' in IPv6 address at offset 11"},
	{"IPvFuture without version", perr(uri.Parse("http://[vx.1]/")), "IPvFuture needs a hex version number after 'v', not 'x' at offset 9"},
	{"IPvFuture without '.'", perr(uri.Parse("http://[v1x]/")), "IPvFuture needs '.' after its version number, not 'x' at offset 10"},
	{"IPvFuture without address", perr(uri.Parse("http://[v1.]/")), "IPvFuture needs an address after the '.', not ']' at offset 11"},
	{"single leading ':'", perr(uri.Parse("http://[:1::]/")), "IPv6 address cannot begin with a single ':' at offset 9"},
	{"empty IP-literal", perr(uri.Parse("http://[]/")), "IPv6 address has 0 groups; without '::' it needs 8 at offset 8"},
	{"too few groups", perr(uri.Parse("http://[1:2]/")), "IPv6 address has 2 groups; without '::' it needs 8 at offset 11"},
	{"group after 7 and '::'", perr(uri.Parse("http://[1:2:3:4:5:6:7::8]/")), "IPv6 address with '::' can have at most 7 other groups at offset 23"},
	{"':' after 7 groups and '::'", perr(uri.Parse("http://[1::2:3:4:5:6:7:8]/")), "IPv6 address with '::' can have at most 7 other groups at offset 22"},
	{"not a hex digit", perr(uri.Parse("http://[::g]/")), "invalid character 'g' in IPv6 address at offset 10"},
	{"not a hex digit after ':'", perr(uri.Parse("http://[1:x]/")), "invalid character 'x' in IPv6 address at offset 10"},
	{"five hex digits", perr(uri.Parse("http://[12345::]/")), "IPv6 group has more than 4 hex digits at offset 12"},
	{"ninth group", perr(uri.Parse("http://[1:2:3:4:5:6:7:8:9]/")), "IPv6 address already has 8 groups at offset 23"},
	{"second '::'", perr(uri.Parse("http://[1::2::3]/")), "IPv6 address has more than one '::' at offset 13"},
	{"single trailing ':'", perr(uri.Parse("http://[1::2:]/")), "IPv6 address cannot end with a single ':' at offset 13"},
	{"IPv4 too early", perr(uri.Parse("//[1.2.3.4]")), "an IPv4 address in an IPv6 address must be its last 32 bits: after 6 groups, or at most 5 with '::' at offset 4"},
	{"IPv4 first octet", perr(uri.Parse("http://[::01.2.3.4]/")), `"01" is not a dec-octet (0 to 255 without leading zeros), so '.' cannot follow it at offset 12`},
	{"IPv4 hex first octet", perr(uri.Parse("http://[::a.2.3.4]/")), `"a" is not a dec-octet (0 to 255 without leading zeros), so '.' cannot follow it at offset 11`},
	{"IPv4 short", perr(uri.Parse("http://[::1.2.3]/")), "IPv4 address has 3 octets; it needs 4 at offset 15"},
	{"IPv4 junk after octet", perr(uri.Parse("http://[::1.2x]/")), "invalid character 'x' in IPv4 address at offset 13"},
	{"IPv4 octet too large", perr(uri.Parse("http://[::1.256.1.1]/")), `IPv4 octet "256" is not 0 to 255 without leading zeros at offset 14`},
	{"IPv4 octet leading zero", perr(uri.Parse("http://[::1.2.3.04]/")), `IPv4 octet "04" is not 0 to 255 without leading zeros at offset 17`},
	{"IPv4 empty octet", perr(uri.Parse("http://[::1..2.3]/")), "invalid character '.' in IPv4 address at offset 12"},
	// Builder (5.3)
	{"Builder: empty scheme", perr(uri.Builder{Scheme: ptr("")}.Build()), "scheme: a scheme must begin with a letter at offset 0"},
	{"Builder: bad scheme byte", perr(uri.Builder{Scheme: ptr("ht_tp")}.Build()), "scheme: invalid character '_' in scheme at offset 2"},
	{"Builder: userinfo without host", perr(uri.Builder{Userinfo: ptr("u")}.Build()), "userinfo: userinfo needs a host (section 3.2) at offset 0"},
	{"Builder: port without host", perr(uri.Builder{Port: ptr("1")}.Build()), "port: a port needs a host (section 3.2) at offset 0"},
	{"Builder: bad userinfo", perr(uri.Builder{Host: ptr("h"), Userinfo: ptr("a@b")}.Build()), "userinfo: invalid character '@' in userinfo at offset 1"},
	{"Builder: bad host", perr(uri.Builder{Host: ptr("h:80")}.Build()), "host: invalid character ':' in host at offset 1"},
	{"Builder: bad IP-literal", perr(uri.Builder{Host: ptr("[::1")}.Build()), "host: input ends inside the IP-literal that begins at offset 0: ']' is missing at offset 4"},
	{"Builder: bad port", perr(uri.Builder{Host: ptr("h"), Port: ptr("8a")}.Build()), "port: invalid character 'a' in port at offset 1"},
	{"Builder: relative path with authority", perr(uri.Builder{Host: ptr("h"), Path: "p"}.Build()), "path: with an authority the path must be empty or begin with '/' (section 3.3) at offset 0"},
	{"Builder: '//' path without authority", perr(uri.Builder{Path: "//p"}.Build()), "path: without an authority the path cannot begin with '//' (section 3.3) at offset 0"},
	{"Builder: colon in first segment", perr(uri.Builder{Path: "a:b"}.Build()), "path: ':' in the first segment of a relative path (section 4.2) at offset 1"},
	{"Builder: bad path", perr(uri.Builder{Path: "a b"}.Build()), "path: invalid character ' ' in path at offset 1"},
	{"Builder: bad path pct", perr(uri.Builder{Path: "%g"}.Build()), "path: '%' not followed by two hex digits at offset 1"},
	{"Builder: bad query", perr(uri.Builder{Query: ptr("a#")}.Build()), "query: invalid character '#' in query at offset 1"},
	{"Builder: bad fragment", perr(uri.Builder{Fragment: ptr("#")}.Build()), "fragment: invalid character '#' in fragment at offset 0"},
}

func perr(_ uri.URI, err error) error { return err }

func TestErrorMessages(t *testing.T) {
	for _, c := range messageCases {
		if c.err == nil || c.err.Error() != c.want {
			t.Errorf("%s: got %v\n\twant %s", c.name, c.err, c.want)
		}
	}
}

// TestEveryMessageHasACase finds each message the parser and the Builder
// can report, from their source, and requires a case above for it.
func TestEveryMessageHasACase(t *testing.T) {
	var templates []*regexp.Regexp
	for _, name := range []string{"parse.go", "builder.go"} {
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn, _ := call.Fun.(*ast.Ident)
			switch {
			case fn == nil:
			case fn.Name == "errAt" || fn.Name == "buildErr":
				// buildErr passes its own format on to errAt.
				if lit, ok := call.Args[2].(*ast.BasicLit); ok {
					templates = append(templates, template(t, lit))
				}
			case fn.Name == "errChar":
				where := `.+`
				if lit, ok := call.Args[3].(*ast.BasicLit); ok {
					s, _ := strconv.Unquote(lit.Value)
					where = regexp.QuoteMeta(s)
				}
				templates = append(templates, regexp.MustCompile(`^invalid character .+ in `+where+`$`))
			case fn.Name == "errPct":
				templates = append(templates, regexp.MustCompile(`^'%' not followed by two hex digits$`))
			}
			return true
		})
	}
	if len(templates) < 30 {
		t.Fatalf("found only %d messages in the source", len(templates))
	}
	covered := make([]bool, len(templates))
	for _, c := range messageCases {
		var pe *uri.ParseError
		if !errors.As(c.err, &pe) {
			t.Errorf("%s: %v is not a ParseError", c.name, c.err)
			continue
		}
		found := false
		for i, re := range templates {
			if re.MatchString(pe.Msg) {
				covered[i], found = true, true
			}
		}
		if !found {
			t.Errorf("%s: message %q matches no message in the source", c.name, pe.Msg)
		}
	}
	for i, re := range templates {
		if !covered[i] {
			t.Errorf("no case reaches the message %s", re)
		}
	}
}

// template turns a format string literal into a regexp for its messages.
func template(t *testing.T, lit *ast.BasicLit) *regexp.Regexp {
	format, err := strconv.Unquote(lit.Value)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		switch {
		case format[i] == '%' && format[i+1] == '%':
			b.WriteString("%")
			i++
		case format[i] == '%':
			b.WriteString(".+")
			i++
		default:
			b.WriteString(regexp.QuoteMeta(format[i : i+1]))
		}
	}
	return regexp.MustCompile("^" + b.String() + "$")
}
