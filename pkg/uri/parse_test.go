package uri_test

import (
	"errors"
	"iter"
	"slices"
	"testing"

	"github.com/uritool/uritool/pkg/uri"
)

var parsers = []struct {
	name  string // the ABNF rule (Appendix A)
	parse func(string) (uri.URI, error)
}{
	{"URI-reference", uri.Parse},
	{"URI", parseURI},
	{"absolute-URI", parseAbsolute},
}

type parseErrorCase struct {
	parse  func(string) (uri.URI, error)
	name   string
	in     string
	offset int
	rule   string
}

func checkParseErrors(t *testing.T, cases []parseErrorCase) {
	t.Helper()
	for _, c := range cases {
		_, err := c.parse(c.in)
		var pe *uri.ParseError
		if !errors.As(err, &pe) {
			t.Errorf("%s(%q): err = %v, want a *uri.ParseError", c.name, c.in, err)
			continue
		}
		if pe.Offset != c.offset || pe.Rule != c.rule {
			t.Errorf("%s(%q): offset %d rule %q (%v), want offset %d rule %q", c.name, c.in, pe.Offset, pe.Rule, pe, c.offset, c.rule)
		}
		if pe.Msg == "" {
			t.Errorf("%s(%q): error has no message", c.name, c.in)
		}
	}
}

func TestParseErrors(t *testing.T) {
	p, pu, pa := uri.Parse, parseURI, parseAbsolute
	checkParseErrors(t, []parseErrorCase{
		// authority (3.2)
		{p, "Parse", "http://a b/", 8, "host"},
		{p, "Parse", "http://a@b@c/", 10, "host"},
		{p, "Parse", "http://a]/", 8, "host"},
		{p, "Parse", "http://a:8x/", 11, "port"},
		{p, "Parse", "http://a:b", 10, "port"},
		{p, "Parse", "http://a:b@c:d@e", 13, "port"},
		{p, "Parse", "http://[::1]x/", 12, "authority"},
		{p, "Parse", "http://[::1]]", 12, "authority"},
		{p, "Parse", "http://[::1]:x/", 13, "port"},
		{p, "Parse", "//a b", 3, "host"},
		// IP-literal (3.2.2)
		{p, "Parse", "http://[::1%25lo]/", 11, "IP-literal"},
		{p, "Parse", "http://[fe80::1%eth0]/", 15, "IP-literal"},
		{p, "Parse", "http://[1:2:3:4:5:6:7:8:9]/", 23, "IPv6address"},
		{p, "Parse", "http://[]/", 8, "IPv6address"},
		{p, "Parse", "http://[::1/", 11, "IPv6address"},
		{p, "Parse", "http://[v1x]/", 10, "IPvFuture"},
		{p, "Parse", "http://[v.x]/", 9, "IPvFuture"},
		{p, "Parse", "http://[vg.x]/", 9, "IPvFuture"},
		{p, "Parse", "http://[v1.]/", 11, "IPvFuture"},
		{p, "Parse", "http://[v1.x/]/", 12, "IPvFuture"},
		{p, "Parse", "http://[v1.x%41]/", 12, "IPvFuture"},
		// pct-encoded (2.1), wherever it stands
		{p, "Parse", "%zz", 1, "pct-encoded"},
		{p, "Parse", "%", 1, "pct-encoded"},
		{p, "Parse", "a%4", 3, "pct-encoded"},
		{p, "Parse", "http://a%2/", 10, "pct-encoded"},
		{p, "Parse", "http://a/%g0", 10, "pct-encoded"},
		{p, "Parse", "http://a/?%0g", 12, "pct-encoded"},
		{p, "Parse", "http://a/#%", 11, "pct-encoded"},
		// paths (3.3, 4.2)
		{p, "Parse", "1a:b", 2, "path-noscheme"},
		{p, "Parse", ":a", 0, "path-noscheme"},
		{p, "Parse", "a_b:c", 3, "path-noscheme"},
		{p, "Parse", "http://a/b c", 10, "path"},
		{p, "Parse", "http://a/[", 9, "path"},
		{p, "Parse", "a:b\\c", 3, "path"},
		{p, "Parse", "[::1]", 0, "path"},
		{p, "Parse", "\x00", 0, "path"},
		{p, "Parse", "é", 0, "path"},
		{p, "Parse", " a", 0, "path"},
		{p, "Parse", "a ", 1, "path"},
		// query (3.4) and fragment (3.5)
		{p, "Parse", "http://a/b?c d", 12, "query"},
		{p, "Parse", "?[", 1, "query"},
		{p, "Parse", "http://a/b#c#d", 12, "fragment"},
		{p, "Parse", "?a#b[", 4, "fragment"},
		{p, "Parse", "#a\"", 2, "fragment"},
		// URI (3): a scheme is required
		{pu, "ParseURI", "foo", 3, "scheme"},
		{pu, "ParseURI", "", 0, "scheme"},
		{pu, "ParseURI", "1a:b", 0, "scheme"},
		{pu, "ParseURI", "//a/b", 0, "scheme"},
		{pu, "ParseURI", "/a:b", 0, "scheme"},
		{pu, "ParseURI", "a_b:c", 1, "scheme"},
		{pu, "ParseURI", "a b:c", 1, "scheme"},
		{pu, "ParseURI", "http://a b/", 8, "host"},
		// absolute-URI (4.3): no fragment
		{pa, "ParseAbsolute", "a:b#c", 3, "absolute-URI"},
		{pa, "ParseAbsolute", "http://a/b?q#", 12, "absolute-URI"},
		{pa, "ParseAbsolute", "foo", 3, "scheme"},
		{pa, "ParseAbsolute", "#f", 0, "scheme"},
	})
}

// Section 3.2.2: each of the nine forms of IPv6address.
var validIPv6 = []string{
	// 6( h16 ":" ) ls32
	"1:2:3:4:5:6:7:8",
	"1:2:3:4:5:6:1.2.3.4",
	"ABCD:EF01:2345:6789:abcd:ef01:2345:6789",
	"0000:0000:0000:0000:0000:0000:0000:0000",
	// "::" 5( h16 ":" ) ls32
	"::2:3:4:5:6:7:8",
	"::2:3:4:5:6:1.2.3.4",
	// [ h16 ] "::" 4( h16 ":" ) ls32
	"1::3:4:5:6:7:8",
	"::3:4:5:6:7:8",
	"1::3:4:5:6:1.2.3.4",
	// [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
	"1:2::4:5:6:7:8",
	"2::4:5:6:7:8",
	"::4:5:6:1.2.3.4",
	// [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
	"1:2:3::5:6:7:8",
	"::5:6:7:8",
	// [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32
	"1:2:3:4::6:7:8",
	"1:2:3:4::6:1.2.3.4",
	"::6:7:8",
	// [ *4( h16 ":" ) h16 ] "::" ls32
	"1:2:3:4:5::7:8",
	"1:2:3:4:5::1.2.3.4",
	"::ffff:192.0.2.1",
	"::1.2.3.4",
	"::0.0.0.0",
	"::255.255.255.255",
	// [ *5( h16 ":" ) h16 ] "::" h16
	"1:2:3:4:5:6::8",
	"::1",
	"2001:db8::7",
	// [ *6( h16 ":" ) h16 ] "::"
	"1:2:3:4:5:6:7::",
	"1::",
	"::",
	"fe80::",
}

func TestIPv6Valid(t *testing.T) {
	for _, a := range validIPv6 {
		s := "http://[" + a + "]:80/p"
		u, err := uri.Parse(s)
		if err != nil {
			t.Errorf("Parse(%q): %v", s, err)
			continue
		}
		if h, _ := u.Host(); h != "["+a+"]" || u.HostType() != uri.HostIPv6 {
			t.Errorf("Parse(%q): host %q type %v, want %q ipv6", s, h, u.HostType(), "["+a+"]")
		}
		if port, _ := u.Port(); port != "80" {
			t.Errorf("Parse(%q): port %q", s, port)
		}
	}
}

func TestIPv6Invalid(t *testing.T) {
	p := uri.Parse
	// The address starts at offset 8 in "http://[".
	var cases []parseErrorCase
	for _, c := range []struct {
		addr   string
		offset int
		rule   string
	}{
		{":::", 10, "IPv6address"},
		{"1:::2", 11, "IPv6address"},
		{":1::", 9, "IPv6address"},
		{":1:2:3:4:5:6:7", 9, "IPv6address"},
		{"1::2:", 13, "IPv6address"},
		{"1:2:3:4:5:6:7:", 22, "IPv6address"},
		{"12345::", 12, "h16"},
		{"::12345", 14, "h16"},
		{"::01.2.3.4", 12, "IPv4address"},
		{"::1.2.3", 15, "IPv4address"},
		{"::1.2.3.4.5", 17, "IPv6address"},
		{"::256.1.1.1", 13, "IPv4address"},
		{"1.2.3.4::", 9, "IPv6address"},
		{"::1.2.3.4:5", 17, "IPv6address"},
		{"1:2:3:4:5:6:7", 21, "IPv6address"},
		{"1:2:3:4:5:6:7:8:9", 23, "IPv6address"},
		{"1:2:3:4:5:6:7::8", 23, "IPv6address"},
		{"1:2:3:4:5:6:7:1.2.3.4", 23, "IPv6address"},
		{"1:2:3:4:5:6::1.2.3.4", 22, "IPv6address"},
		{"1::2::3", 13, "IPv6address"},
		{"::g", 10, "IPv6address"},
		{"1:2:3:4:5:6:7:8 ", 23, "IPv6address"},
	} {
		cases = append(cases, parseErrorCase{p, "Parse", "http://[" + c.addr + "]/", c.offset, c.rule})
	}
	checkParseErrors(t, cases)
}

func TestIPvFuture(t *testing.T) {
	for _, h := range []string{"[v1.x]", "[V1.x]", "[vF.a:b]", "[vAbC0.~-_.!$&'()*+,;=:]", "[v7.::]"} {
		s := "http://" + h + "/"
		u, err := uri.Parse(s)
		if err != nil {
			t.Errorf("Parse(%q): %v", s, err)
			continue
		}
		if got, _ := u.Host(); got != h || u.HostType() != uri.HostIPvFuture {
			t.Errorf("Parse(%q): host %q type %v, want %q ipvfuture", s, got, u.HostType(), h)
		}
	}
}

func TestHostType(t *testing.T) {
	for _, c := range []struct {
		in, host string
		typ      uri.HostType
		name     string
	}{
		{"http://1.2.3.4/", "1.2.3.4", uri.HostIPv4, "ipv4"},
		{"http://0.0.0.0", "0.0.0.0", uri.HostIPv4, "ipv4"},
		{"http://255.255.255.255:1", "255.255.255.255", uri.HostIPv4, "ipv4"},
		{"http://199.249.250.9", "199.249.250.9", uri.HostIPv4, "ipv4"},
		// not dec-octets: first-match-wins falls through to reg-name (3.2.2)
		{"http://1.2.3.256/", "1.2.3.256", uri.HostRegName, "reg-name"},
		{"http://01.2.3.4/", "01.2.3.4", uri.HostRegName, "reg-name"},
		{"http://1.2.3.04/", "1.2.3.04", uri.HostRegName, "reg-name"},
		{"http://1.2.3/", "1.2.3", uri.HostRegName, "reg-name"},
		{"http://1.2.3.4.5/", "1.2.3.4.5", uri.HostRegName, "reg-name"},
		{"http://1.2.3.4./", "1.2.3.4.", uri.HostRegName, "reg-name"},
		{"http://%31.2.3.4/", "%31.2.3.4", uri.HostRegName, "reg-name"},
		{"http://0x7f.1/", "0x7f.1", uri.HostRegName, "reg-name"},
		{"http://example.com", "example.com", uri.HostRegName, "reg-name"},
		{"file:///etc", "", uri.HostRegName, "reg-name"},
		{"//", "", uri.HostRegName, "reg-name"},
		{"http://[::1]", "[::1]", uri.HostIPv6, "ipv6"},
		{"http://[v1.x]", "[v1.x]", uri.HostIPvFuture, "ipvfuture"},
		{"mailto:a@b", "", uri.HostNone, ""},
		{"/a/b", "", uri.HostNone, ""},
		{"", "", uri.HostNone, ""},
	} {
		u := mustParse(t, c.in)
		h, _ := u.Host()
		if h != c.host || u.HostType() != c.typ || u.HostType().String() != c.name {
			t.Errorf("Parse(%q): host %q type %q, want %q %q", c.in, h, u.HostType(), c.host, c.name)
		}
	}
}

type component struct {
	name string
	get  func(uri.URI) (string, bool)
}

var components = []component{
	{"scheme", uri.URI.Scheme},
	{"authority", uri.URI.Authority},
	{"userinfo", uri.URI.Userinfo},
	{"host", uri.URI.Host},
	{"port", uri.URI.Port},
	{"query", uri.URI.Query},
	{"fragment", uri.URI.Fragment},
}

// undef marks an undefined component in TestComponents.
const undef = "\x00undefined"

func TestComponents(t *testing.T) {
	for _, c := range []struct {
		in                                                             string
		scheme, authority, userinfo, host, port, path, query, fragment string
	}{
		// undefined versus empty (5.3 keeps them apart)
		{"http://h", "http", "h", undef, "h", undef, "", undef, undef},
		{"http://h?", "http", "h", undef, "h", undef, "", "", undef},
		{"http://h#", "http", "h", undef, "h", undef, "", undef, ""},
		{"http://h?#", "http", "h", undef, "h", undef, "", "", ""},
		{"http://@h:", "http", "@h:", "", "h", "", "", undef, undef},
		{"http://@h:/", "http", "@h:", "", "h", "", "/", undef, undef},
		{"http://:@:", "http", ":@:", ":", "", "", "", undef, undef},
		{"http://", "http", "", undef, "", undef, "", undef, undef},
		{"http:", "http", undef, undef, undef, undef, "", undef, undef},
		{"http:?#", "http", undef, undef, undef, undef, "", "", ""},
		{"//", undef, "", undef, "", undef, "", undef, undef},
		{"", undef, undef, undef, undef, undef, "", undef, undef},
		{"?", undef, undef, undef, undef, undef, "", "", undef},
		{"#", undef, undef, undef, undef, undef, "", undef, ""},
		// section 3
		{"foo://example.com:8042/over/there?name=ferret#nose", "foo", "example.com:8042", undef, "example.com", "8042", "/over/there", "name=ferret", "nose"},
		{"urn:example:animal:ferret:nose", "urn", undef, undef, undef, undef, "example:animal:ferret:nose", undef, undef},
		// section 1.1.2
		{"ldap://[2001:db8::7]/c=GB?objectClass?one", "ldap", "[2001:db8::7]", undef, "[2001:db8::7]", undef, "/c=GB", "objectClass?one", undef},
		{"mailto:John.Doe@example.com", "mailto", undef, undef, undef, undef, "John.Doe@example.com", undef, undef},
		{"tel:+1-816-555-1212", "tel", undef, undef, undef, undef, "+1-816-555-1212", undef, undef},
		{"telnet://192.0.2.16:80/", "telnet", "192.0.2.16:80", undef, "192.0.2.16", "80", "/", undef, undef},
		{"urn:oasis:names:specification:docbook:dtd:xml:4.1.2", "urn", undef, undef, undef, undef, "oasis:names:specification:docbook:dtd:xml:4.1.2", undef, undef},
		// the userinfo ends at the first "@"; ":" may stand in it
		{"ftp://u:p@h:21/a;type=i", "ftp", "u:p@h:21", "u:p", "h", "21", "/a;type=i", undef, undef},
		{"s://[::1]:/", "s", "[::1]:", undef, "[::1]", "", "/", undef, undef},
		{"s://h:00080", "s", "h:00080", undef, "h", "00080", "", undef, undef},
		// "?" and "/" may stand in the query and fragment
		{"s:/p?q?r/s#f?g/h", "s", undef, undef, undef, undef, "/p", "q?r/s", "f?g/h"},
		// relative references (4.2)
		{"./a:b", undef, undef, undef, undef, undef, "./a:b", undef, undef},
		{"a/b:c", undef, undef, undef, undef, undef, "a/b:c", undef, undef},
		{"/a:b", undef, undef, undef, undef, undef, "/a:b", undef, undef},
		{"//u@h:1/p?q#f", undef, "u@h:1", "u", "h", "1", "/p", "q", "f"},
		{"a+b.c-d", undef, undef, undef, undef, undef, "a+b.c-d", undef, undef},
		{"a+b.c-d:", "a+b.c-d", undef, undef, undef, undef, "", undef, undef},
	} {
		u := mustParse(t, c.in)
		want := []string{c.scheme, c.authority, c.userinfo, c.host, c.port, c.query, c.fragment}
		for i, comp := range components {
			v, ok := comp.get(u)
			got := v
			if !ok {
				got = undef
			}
			if got != want[i] {
				t.Errorf("Parse(%q): %s = %q, want %q", c.in, comp.name, got, want[i])
			}
		}
		if u.Path() != c.path {
			t.Errorf("Parse(%q): path = %q, want %q", c.in, u.Path(), c.path)
		}
		if u.String() != c.in {
			t.Errorf("Parse(%q).String() = %q", c.in, u)
		}
		if u.IsAbsolute() != (c.scheme != undef) {
			t.Errorf("Parse(%q).IsAbsolute() = %v", c.in, u.IsAbsolute())
		}
	}
	// The zero value is the empty relative reference.
	var zero uri.URI
	if zero.String() != "" || zero.IsAbsolute() || zero.Path() != "" || zero.HostType() != uri.HostNone {
		t.Errorf("zero URI = %q", zero)
	}
	for _, comp := range components {
		if _, ok := comp.get(zero); ok {
			t.Errorf("zero URI has a %s", comp.name)
		}
	}
}

func TestParseRules(t *testing.T) {
	// Each input is valid for exactly the rules marked.
	for _, c := range []struct {
		in                string
		ref, uri, absRule bool
	}{
		{"http://a/b?c#d", true, true, false},
		{"http://a/b?c", true, true, true},
		{"a:", true, true, true},
		{"a:#", true, true, false},
		{"//a/b", true, false, false},
		{"b", true, false, false},
		{"", true, false, false},
		{"#f", true, false, false},
		{"1a:b", false, false, false},
	} {
		for i, want := range []bool{c.ref, c.uri, c.absRule} {
			u, err := parsers[i].parse(c.in)
			if (err == nil) != want {
				t.Errorf("%s(%q): err = %v, want valid = %v", parsers[i].name, c.in, err, want)
			}
			if err == nil && u.String() != c.in {
				t.Errorf("%s(%q).String() = %q", parsers[i].name, c.in, u)
			}
		}
	}
}

// TestLabels: a reg-name's labels as written; an IP address, an empty
// host and no host have none.
func TestLabels(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"http://www.Example.co.uk/", []string{"www", "Example", "co", "uk"}},
		{"http://h", []string{"h"}},
		{"http://example.com./", []string{"example", "com", ""}},
		{"http://a..b/", []string{"a", "", "b"}},
		{"http://caf%C3%A9.example:80/", []string{"caf%C3%A9", "example"}},
		{"//u:p@a.b:1", []string{"a", "b"}},
		{"http://192.0.2.1/", nil},
		{"http://[2001:db8::1]/", nil},
		{"http://[v1.a.b]/", nil},
		{"http://999.1.1.1/", []string{"999", "1", "1", "1"}}, // not an IPv4address: a reg-name
		{"file:///etc/hosts", nil},
		{"mailto:a@b.example", nil},
		{"a.b/c", nil},
		{"", nil},
	} {
		got := slices.Collect(mustParse(t, c.in).Labels())
		if !slices.Equal(got, c.want) {
			t.Errorf("Labels(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if first := firstTwo(mustParse(t, "http://a.b.c/").Labels()); !slices.Equal(first, []string{"a", "b"}) {
		t.Errorf("Labels with break = %q", first)
	}
}

// firstTwo takes an iterator's first two items and stops it, which it
// must allow.
func firstTwo(seq iter.Seq[string]) []string {
	var first []string
	for x := range seq {
		first = append(first, x)
		if len(first) == 2 {
			break
		}
	}
	return first
}

func TestSegments(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"http://h", nil},
		{"http://h?a/b", nil},
		{"/", []string{""}},
		{"http://h/", []string{""}},
		{"/a/b", []string{"a", "b"}},
		{"a/b", []string{"a", "b"}},
		{"a/b/", []string{"a", "b", ""}},
		{"http://h/a//b", []string{"a", "", "b"}},
		{"mailto:x@y", []string{"x@y"}},
		{"urn:a:b/c", []string{"a:b", "c"}},
		{"./../a%2Fb/.", []string{".", "..", "a%2Fb", "."}},
		{"s://h/a/b?c/d#e/f", []string{"a", "b"}},
	} {
		got := slices.Collect(mustParse(t, c.in).Segments())
		if !slices.Equal(got, c.want) {
			t.Errorf("Segments(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	// The iterator stops when told to.
	if first := firstTwo(mustParse(t, "/a/b/c").Segments()); !slices.Equal(first, []string{"a", "b"}) {
		t.Errorf("Segments with break = %q", first)
	}
}

func ptr(s string) *string { return &s }

func TestBuilderValid(t *testing.T) {
	for _, c := range []struct {
		b    uri.Builder
		want string
	}{
		{uri.Builder{Scheme: ptr("http"), Host: ptr("example.com"), Path: "/a/b", Query: ptr("q=1"), Fragment: ptr("f")}, "http://example.com/a/b?q=1#f"},
		{uri.Builder{Scheme: ptr("ftp"), Userinfo: ptr("u:p"), Host: ptr("h"), Port: ptr("21"), Path: "/"}, "ftp://u:p@h:21/"},
		{uri.Builder{Scheme: ptr("http"), Userinfo: ptr(""), Host: ptr("h"), Port: ptr("")}, "http://@h:"},
		{uri.Builder{Scheme: ptr("http"), Host: ptr("h"), Query: ptr(""), Fragment: ptr("")}, "http://h?#"},
		{uri.Builder{Scheme: ptr("http"), Host: ptr("h")}, "http://h"},
		{uri.Builder{Scheme: ptr("file"), Host: ptr(""), Path: "/etc/hosts"}, "file:///etc/hosts"},
		{uri.Builder{Scheme: ptr("s"), Host: ptr("[::1]"), Port: ptr("8080")}, "s://[::1]:8080"},
		{uri.Builder{Scheme: ptr("s"), Host: ptr("[v1.x]")}, "s://[v1.x]"},
		{uri.Builder{Scheme: ptr("s"), Host: ptr("1.2.3.4")}, "s://1.2.3.4"},
		{uri.Builder{Scheme: ptr("mailto"), Path: "a@b"}, "mailto:a@b"},
		{uri.Builder{Scheme: ptr("urn"), Path: "a:b"}, "urn:a:b"},
		{uri.Builder{Scheme: ptr("s")}, "s:"},
		{uri.Builder{Host: ptr("h"), Path: "/p"}, "//h/p"},
		{uri.Builder{Host: ptr("")}, "//"},
		{uri.Builder{Path: "./a:b"}, "./a:b"},
		{uri.Builder{Path: "/a:b"}, "/a:b"},
		{uri.Builder{Path: "a/b:c"}, "a/b:c"},
		{uri.Builder{Path: "%41%2F"}, "%41%2F"},
		{uri.Builder{}, ""},
		{uri.Builder{Query: ptr("a/?b")}, "?a/?b"},
		{uri.Builder{Fragment: ptr("a/?b")}, "#a/?b"},
	} {
		u, err := c.b.Build()
		if err != nil {
			t.Errorf("Build(%q): %v", c.want, err)
			continue
		}
		if u.String() != c.want {
			t.Errorf("Build() = %q, want %q", u, c.want)
		}
		checkRebuild(t, mustParse(t, c.want))
	}
	// Every reference in the conformance corpus rebuilds to itself.
	for _, c := range loadCases[parseCase](t, "parse.json") {
		if u, err := uri.Parse(c.Input); err == nil {
			checkRebuild(t, u)
		}
	}
}

// checkRebuild builds a reference from the components of u and wants u.
func checkRebuild(t *testing.T, u uri.URI) {
	t.Helper()
	b := uri.Builder{
		Scheme:   opt(u.Scheme()),
		Userinfo: opt(u.Userinfo()),
		Host:     opt(u.Host()),
		Port:     opt(u.Port()),
		Path:     u.Path(),
		Query:    opt(u.Query()),
		Fragment: opt(u.Fragment()),
	}
	got, err := b.Build()
	if err != nil {
		t.Errorf("rebuilding %q: %v", u, err)
		return
	}
	if got.String() != u.String() {
		t.Errorf("rebuilding %q gives %q", u, got)
	}
}

func TestBuilderErrors(t *testing.T) {
	for _, c := range []struct {
		b         uri.Builder
		component string
		offset    int
	}{
		// with an authority the path must be empty or begin with "/" (3.3)
		{uri.Builder{Scheme: ptr("http"), Host: ptr("h"), Path: "p"}, "path", 0},
		{uri.Builder{Host: ptr(""), Path: "p"}, "path", 0},
		// without one it cannot begin with "//" (3.3)
		{uri.Builder{Scheme: ptr("s"), Path: "//x"}, "path", 0},
		{uri.Builder{Path: "//x"}, "path", 0},
		// a colon in the first segment of a relative path (4.2)
		{uri.Builder{Path: "a:b"}, "path", 1},
		{uri.Builder{Path: "ab:c/d"}, "path", 2},
		{uri.Builder{Path: ":"}, "path", 0},
		// characters out of place
		{uri.Builder{Path: "a?b"}, "path", 1},
		{uri.Builder{Path: "a#b"}, "path", 1},
		{uri.Builder{Path: "%zz"}, "path", 1},
		{uri.Builder{Query: ptr("a#b")}, "query", 1},
		{uri.Builder{Query: ptr("a b")}, "query", 1},
		{uri.Builder{Fragment: ptr("a#b")}, "fragment", 1},
		{uri.Builder{Fragment: ptr("%4")}, "fragment", 2},
		// scheme (3.1)
		{uri.Builder{Scheme: ptr("")}, "scheme", 0},
		{uri.Builder{Scheme: ptr("1http")}, "scheme", 0},
		{uri.Builder{Scheme: ptr("ht_tp")}, "scheme", 2},
		{uri.Builder{Scheme: ptr("http:")}, "scheme", 4},
		// userinfo and port need a host (3.2)
		{uri.Builder{Scheme: ptr("s"), Userinfo: ptr("u"), Path: "/p"}, "userinfo", 0},
		{uri.Builder{Scheme: ptr("s"), Port: ptr("80"), Path: "/p"}, "port", 0},
		{uri.Builder{Userinfo: ptr("")}, "userinfo", 0},
		{uri.Builder{Host: ptr("h"), Userinfo: ptr("a@b")}, "userinfo", 1},
		// port = *DIGIT (3.2.3)
		{uri.Builder{Host: ptr("h"), Port: ptr("8a")}, "port", 1},
		{uri.Builder{Host: ptr("h"), Port: ptr("-1")}, "port", 0},
		{uri.Builder{Host: ptr("h"), Port: ptr(":80")}, "port", 0},
		// host (3.2.2)
		{uri.Builder{Host: ptr("a b")}, "host", 1},
		{uri.Builder{Host: ptr("h:80")}, "host", 1},
		{uri.Builder{Host: ptr("u@h")}, "host", 1},
		{uri.Builder{Host: ptr("h/p")}, "host", 1},
		{uri.Builder{Host: ptr("[::1]x")}, "host", 5},
		{uri.Builder{Host: ptr("[1:2]")}, "host", 4},
	} {
		u, err := c.b.Build()
		var be *uri.BuildError
		if !errors.As(err, &be) {
			t.Errorf("Build(%+v) = %q, %v; want a *uri.BuildError", c.b, u, err)
			continue
		}
		var pe *uri.ParseError
		if be.Component != c.component || !errors.As(err, &pe) || pe.Offset != c.offset {
			t.Errorf("Build(%+v): %v (component %q, %+v), want component %q offset %d", c.b, err, be.Component, be.Err, c.component, c.offset)
		}
	}
}

var (
	sink       uri.URI
	stringSink string
)

func TestAllocations(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage counters change allocation counts")
	}
	long := "https://user:pass@[2001:db8::7]:8443/a/b%20c/d;p=1?q=1&r=%2F#frag/x?y"
	for _, s := range []string{long, "http://1.2.3.4/", "http://[v1.x]/", "urn:a:b", "../a/b?c", ""} {
		if n := testing.AllocsPerRun(100, func() { sink, _ = uri.Parse(s) }); n != 0 {
			t.Errorf("Parse(%q) allocates %v times, want 0", s, n)
		}
		if !mustParse(t, s).IsAbsolute() {
			continue
		}
		if n := testing.AllocsPerRun(100, func() { sink, _ = uri.ParseRule(s, uri.RuleURI) }); n != 0 {
			t.Errorf("ParseRule(%q, RuleURI) allocates %v times, want 0", s, n)
		}
	}

	base := mustParseURI(t, rfcBase)
	for _, c := range normalExamples {
		ref := mustParse(t, c.ref)
		want := 1.0
		if c.ref == c.target {
			want = 0 // ref is its own target
		}
		if n := testing.AllocsPerRun(100, func() { stringSink, _ = uri.ResolveOptions{}.ResolveString(base, c.ref) }); n != want {
			t.Errorf("ResolveString(%q, %q) allocates %v times, want %v", rfcBase, c.ref, n, want)
		}
		if n := testing.AllocsPerRun(100, func() { sink, _ = uri.Resolve(base, ref) }); n != want {
			t.Errorf("Resolve(%q, %q) allocates %v times, want %v", rfcBase, c.ref, n, want)
		}
		buf := make([]byte, 0, 256)
		var got []byte
		if n := testing.AllocsPerRun(100, func() { got, _ = uri.ResolveOptions{}.AppendResolved(buf[:0], &base, &ref) }); n != 0 || string(got) != c.target {
			t.Errorf("AppendResolved(%q, %q) = %q, allocating %v times, want %q and none", rfcBase, c.ref, got, n, c.target)
		}
	}
	for _, c := range loadCases[resolveCase](t, "resolve.json") {
		base, err1 := uri.Parse(c.Base)
		ref, err2 := uri.Parse(c.Ref)
		if err1 != nil || err2 != nil || c.Target == nil {
			continue
		}
		if n := testing.AllocsPerRun(10, func() { sink, _ = uri.Resolve(base, ref) }); n > 1 {
			t.Errorf("Resolve(%q, %q) allocates %v times, want at most 1", c.Base, c.Ref, n)
		}
	}

	for _, c := range []struct {
		in    string
		level uri.Level
		want  float64
	}{
		{"http://example.com/a/b?q#f", uri.SyntaxLevel, 0},
		{"http://example.com/a/b?q#f", uri.SchemeLevel, 0},
		{"http://example.com", uri.SyntaxLevel, 0},
		{"http://example.com", uri.SchemeLevel, 1},
		{"http://example.com:80/", uri.SchemeLevel, 1},
		{"HTTP://example.com/", uri.SyntaxLevel, 1},
		{"http://a/%7e", uri.SyntaxLevel, 1},
		{"http://a/%2f", uri.SyntaxLevel, 1},
		{"http://a/%2F", uri.SyntaxLevel, 0},
		{"http://a/b/../c", uri.SyntaxLevel, 1},
		{"a:/.//b", uri.SyntaxLevel, 1},
		{"eXAMPLE://a/./b/../b/%63/%7bfoo%7d", uri.SchemeLevel, 1},
	} {
		u := mustParse(t, c.in)
		if n := testing.AllocsPerRun(100, func() { sink = uri.Normalize(u, c.level) }); n != c.want {
			t.Errorf("Normalize(%q, %d) allocates %v times, want %v", c.in, c.level, n, c.want)
		}
	}
	for _, c := range loadCases[normalizeCase](t, "normalize.json") {
		u, err := uri.Parse(c.Input)
		if err != nil {
			continue
		}
		level := uri.SyntaxLevel
		if c.Level == "scheme" {
			level = uri.SchemeLevel
		}
		want := 1.0
		if c.Input == c.Normalized {
			want = 0
		}
		if n := testing.AllocsPerRun(10, func() { sink = uri.Normalize(u, level) }); n != want {
			t.Errorf("Normalize(%q, %s) allocates %v times, want %v", c.Input, c.Level, n, want)
		}
		o := uri.NormalizeOptions{Level: level}
		if n := testing.AllocsPerRun(10, func() { stringSink, _ = o.NormalizeString(c.Input) }); n != want {
			t.Errorf("NormalizeString(%q) at %s allocates %v times, want %v", c.Input, c.Level, n, want)
		}
	}
}

// TestParseFacts holds the facts the parse records to what the strings of
// the benchmark sample say (uri.CheckFacts; FuzzParseFacts does the same
// for any input).
func TestParseFacts(t *testing.T) {
	lines, err := benchSample()
	if err != nil {
		t.Fatal(err)
	}
	var pct, upper, dots int
	for _, s := range lines {
		u, err := uri.Parse(s)
		if err != nil {
			continue
		}
		if err := uri.CheckFacts(u); err != nil {
			t.Error(err)
		}
		p, up, d := uri.Facts(u)
		if p {
			pct++
		}
		if up {
			upper++
		}
		if d {
			dots++
		}
	}
	// The sample must hold every fact, or this test proves little.
	if pct == 0 || upper == 0 || dots == 0 {
		t.Fatalf("the sample has %d references with pct-encodings, %d with an uppercase authority, %d with a \"/.\"", pct, upper, dots)
	}
	t.Logf("%d of %d references hold pct-encodings, %d an uppercase letter in the authority, %d a \"/.\" in the path", pct, len(lines), upper, dots)
}

// The rules as functions, for the tables.
func parseURI(s string) (uri.URI, error)          { return uri.ParseRule(s, uri.RuleURI) }
func parseAbsolute(s string) (uri.URI, error)     { return uri.ParseRule(s, uri.RuleAbsoluteURI) }
func parseIRIReference(s string) (uri.URI, error) { return uri.ParseRule(s, uri.RuleIRIReference) }
func parseIRI(s string) (uri.URI, error)          { return uri.ParseRule(s, uri.RuleIRI) }
func parseAbsoluteIRI(s string) (uri.URI, error)  { return uri.ParseRule(s, uri.RuleAbsoluteIRI) }
