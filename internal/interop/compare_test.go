package interop

import (
	"slices"
	"testing"

	"github.com/uritool/uritool/pkg/uri"
)

func TestReadHost(t *testing.T) {
	// What each parser reads as the host, "!" for a rejection.
	tests := []struct {
		in                   string
		rfc3986, whatwg, net string
	}{
		{"http://0x7f.1/", "0x7f.1", "127.0.0.1", "0x7f.1"},
		{`http://a\@b/`, "!", "a", "!"},
		{"http://1.1.1.1 &@2.2.2.2# @3.3.3.3/", "!", "2.2.2.2", "!"},
		{"http://evil.com#@good.com/", "evil.com", "evil.com", "evil.com"},
		{"http://[::1]:8080/", "[::1]", "[::1]", "[::1]"},
		// net/url stores the host decoded; Read re-encodes its "%".
		{"http://a%2541/", "a%2541", "!", "a%2541"},
		{"http://b%C3%BCcher.example/", "b%C3%BCcher.example", "xn--bcher-kva.example", "bücher.example"},
	}
	for _, tt := range tests {
		rs := readOf(Read, tt.in)
		for i, want := range []string{tt.rfc3986, tt.whatwg, tt.net} {
			got := rs[i].Host
			if !rs[i].OK {
				got = "!"
			}
			if got != want {
				t.Errorf("Read(%q) %s host %q (%s), want %q", tt.in, rs[i].Parser, got, rs[i].Err, want)
			}
		}
	}
}

func TestReadErr(t *testing.T) {
	// Errors are one line without the input, which the caller has.
	tests := []struct{ in, rfc3986, whatwg, net string }{
		{`http://a\b/`, `invalid character '\' in host at offset 8`, "", `invalid character "\\" in host name`},
		{"http://.0x7f/", "", "An IPv4 address contains a non-numeric part: An IPv4 address ends with a U+002E (.)", ""},
	}
	for _, tt := range tests {
		rs := readOf(Read, tt.in)
		for i, want := range []string{tt.rfc3986, tt.whatwg, tt.net} {
			if rs[i].Err != want {
				t.Errorf("Read(%q) %s Err %q, want %q", tt.in, rs[i].Parser, rs[i].Err, want)
			}
		}
	}
}

func TestReadDefined(t *testing.T) {
	// Defined versus absent: "http:/a" has no authority for RFC 3986 and
	// net/url; an empty query and fragment are defined where kept apart.
	rs := readOf(Read, "http:/a?#")
	for i, want := range [][5]bool{
		{false, false, false, true, true}, // rfc3986
		{false, true, false, true, true},  // whatwg: special scheme, host "a"
		{false, false, false, true, false},
	} {
		r := rs[i]
		got := [5]bool{r.HasUserinfo, r.HasHost, r.HasPort, r.HasQuery, r.HasFragment}
		if got != want {
			t.Errorf("%s: HasUserinfo, HasHost, HasPort, HasQuery, HasFragment = %v, want %v", r.Parser, got, want)
		}
	}
}

func TestCompare(t *testing.T) {
	tests := []struct {
		in         string
		components []string
		want       []string
	}{
		{"http://example.com/", Components, nil},
		{"http://evil.com#@good.com/", Components, nil},
		{"http://0x7f.1/", SecurityComponents, []string{"host"}},
		{`http://a\@b/`, SecurityComponents, []string{"accepted"}},
		{"http://a:080/", SecurityComponents, nil},    // effective port 80 for all
		{"http://a:443/", SecurityComponents, nil},    // not a default for http
		{"http://[0:0::1]/", SecurityComponents, nil}, // one address
		{"http://user:@a/", SecurityComponents, nil},  // WHATWG has no empty password
		{"HTTP://EXAMPLE.com/", Components, nil},
		{"http://a/%2e%2e/b", SecurityComponents, nil},
		{"http://a/%2e%2e/b", Components, []string{"path"}}, // WHATWG removes the dot-segment
		{"http://a/a b", Components, []string{"accepted"}},
		{"http:/a", Components, []string{"host", "path"}},
		{"http://[", Components, nil}, // all reject
		{"http://0x7f.1/", []string{"path", "host"}, []string{"host"}},
		{"http://0x7f.1/", []string{"path"}, nil},
	}
	for _, tt := range tests {
		if got := compareOf(readOf(Read, tt.in), tt.components); !slices.Equal(got, tt.want) {
			t.Errorf("Compare(Read(%q), %v) = %q, want %q", tt.in, tt.components, got, tt.want)
		}
	}
}

func TestAuthorityDiff(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://0x7f.1/", `whatwg reads host "127.0.0.1", rfc3986 and net/url read "0x7f.1"`},
		{"http:///a", `whatwg reads host "a", rfc3986 and net/url read none`},
		{"http:///a:8080", `whatwg reads host "a", rfc3986 and net/url read none; whatwg reads port 8080, rfc3986 and net/url read 80`},
		{"file://localhost/x", `whatwg reads host none, rfc3986 and net/url read "localhost"`},
		{"http://evil.com#@good.com/", ""},
		{"http://example.com/", ""},
		{"http:a", ""}, // rfc3986 reads no authority
		{"//a/b", ""},  // whatwg rejects: only accepting parsers count
		{"http://１２７.1/", `whatwg reads host "127.0.0.1", rfc3986 and net/url read "１２７.1"`},
		// IDNA mapping is notation: all three reach 127.0.0.1.
		{"http://１２７.0.0.1/", ""},
	}
	for _, tt := range tests {
		u, err := uri.ParseRule(tt.in, uri.RuleIRIReference)
		if err != nil {
			t.Fatal(err)
		}
		if got := AuthorityDiff(u); got != tt.want {
			t.Errorf("AuthorityDiff(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestHostKeyASCII backs hostKey's shortcut: the IDNA profile leaves
// lowercase ASCII as it is, or fails.
func TestHostKeyASCII(t *testing.T) {
	hosts := []string{"xn--bcher-kva.example", "xn--zz", "a..b.", "-a-.b_c", "0x7f.1"}
	for c := range 0x80 {
		if c < 'A' || c > 'Z' {
			hosts = append(hosts, string(rune(c)), "a"+string(rune(c))+".b")
		}
	}
	for _, h := range hosts {
		if a, err := hostProfile.ToASCII(h); err == nil && a != h {
			t.Errorf("ToASCII(%q) = %q", h, a)
		}
	}
}

// TestSameInput: agreeOn skips the keys when sameInput says the fields
// that key reads are equal, so they must then give equal keys; and
// sameInput must see a difference in each of those fields. Compare skips
// everything when alike, which must then hold for every component.
func TestSameInput(t *testing.T) {
	var inputs []string
	for _, c := range loadCorpus(t) {
		inputs = append(inputs, c.Input)
	}
	for _, c := range loadWPT(t) {
		inputs = append(inputs, c.Input)
	}
	for _, s := range inputs {
		rs := readFull(s)
		if alike(&rs) && len(compareOf(rs, Components)) > 0 {
			t.Errorf("%q: alike, yet Compare = %q", s, compareOf(rs, Components))
		}
		for _, c := range Components {
			if alike(&rs) && !sameInput(&rs, c) {
				t.Errorf("%q: alike, yet not sameInput on %s", s, c)
			}
			if !sameInput(&rs, c) {
				continue
			}
			var keys []string
			for _, r := range rs {
				if r.OK {
					keys = append(keys, key(r, c))
				}
			}
			if len(slices.Compact(keys)) > 1 {
				t.Errorf("%q: sameInput on %s, yet the keys are %q", s, c, keys)
			}
		}
	}
	a := Reading{Parser: RFC3986, OK: true, Scheme: "http", Host: "a", HasHost: true, Path: "/"}
	for c, edit := range map[string]func(*Reading){
		"scheme":   func(r *Reading) { r.Scheme = "HTTP" },
		"userinfo": func(r *Reading) { r.Userinfo = "u" },
		"host":     func(r *Reading) { r.Host = "A" },
		"port":     func(r *Reading) { r.Port = "80" },
		"path":     func(r *Reading) { r.Path = "/%61" },
		"query":    func(r *Reading) { r.Query = "q" },
		"fragment": func(r *Reading) { r.Fragment = "f" },
	} {
		b := a
		edit(&b)
		if sameInput(&[3]Reading{a, a, b}, c) {
			t.Errorf("sameInput misses a change of %s", c)
		}
		if alike(&[3]Reading{a, b, a}) {
			t.Errorf("alike misses a change of %s", c)
		}
	}
	// key reads the scheme for the port too, and the host for the path.
	b := a
	b.Scheme = "https"
	if sameInput(&[3]Reading{a, b, a}, "port") {
		t.Error("sameInput on port misses a change of scheme")
	}
	b = a
	b.HasHost = false
	if sameInput(&[3]Reading{a, b, a}, "path") {
		t.Error("sameInput on path misses the host")
	}
}

// compareOf is Compare of readings held by value, as tests have them.
func compareOf(rs [3]Reading, components []string) []string { return Compare(&rs, components) }

// readOf is what read, Read or a Base's Read, gives for s, as a value.
func readOf(read func(string, *[3]Reading), s string) (rs [3]Reading) {
	read(s, &rs)
	return rs
}
