package uri_test

import (
	"encoding/json"
	"net/netip"
	"strings"
	"testing"

	"github.com/uritool/uritool/pkg/uri"
)

var canonicalIPv6 = uri.NormalizeOptions{Level: uri.SchemeLevel, CanonicalIPv6: true}

// TestCanonicalIPv6: NormalizeOptions.CanonicalIPv6 writes the canonical
// text of RFC 5952.
func TestCanonicalIPv6(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		// RFC 5952 section 2.1: eight texts of one address.
		{"2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"},
		{"2001:0db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"},
		{"2001:db8::1:0:0:1", "2001:db8::1:0:0:1"},
		{"2001:db8::0:1:0:0:1", "2001:db8::1:0:0:1"},
		{"2001:0db8::1:0:0:1", "2001:db8::1:0:0:1"},
		{"2001:db8:0:0:1::1", "2001:db8::1:0:0:1"},
		{"2001:db8:0000:0:1::1", "2001:db8::1:0:0:1"},
		{"2001:DB8:0:0:1::1", "2001:db8::1:0:0:1"},
		// 4.1: leading zeros suppressed.
		{"2001:0db8::0001", "2001:db8::1"},
		{"2001:db8::0000", "2001:db8::"},
		// 4.2.1: "::" as long as it can be.
		{"2001:db8:0:0:0:0:2:1", "2001:db8::2:1"},
		{"2001:db8::0:1", "2001:db8::1"},
		// 4.2.2: never for one zero group.
		{"2001:db8::1:1:1:1:1", "2001:db8:0:1:1:1:1:1"},
		// 4.2.3: the longest run, and the first of equal runs.
		{"2001:0:0:1:0:0:0:1", "2001:0:0:1::1"},
		{"2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"},
		// 4.3: lowercase.
		{"2001:DB8::AB:CD", "2001:db8::ab:cd"},
		{"0:0:0:0:0:0:0:0", "::"},
		{"0000:0000:0000::1", "::1"}, // yescallop/fluent-uri-rs tests/normalize.rs
		// Section 5: an IPv4-mapped address keeps its IPv4 part, also
		// when written in hex (RFC 4291 2.5.5.2)...
		{"0:0:0:0:0:ffff:192.0.2.1", "::ffff:192.0.2.1"},
		{"::FFFF:C000:0201", "::ffff:192.0.2.1"},
		{"::ffff:6464:6464", "::ffff:100.100.100.100"},
		// ... any other is hex, the last 32 bits not known to be IPv4.
		{"::192.0.2.1", "::c000:201"},
		{"64:ff9b::192.0.2.1", "64:ff9b::c000:201"},
		{"1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8"},
	} {
		for _, form := range []string{"http://[%s]/", "//u@[%s]:8080/a?q#f"} {
			in := strings.Replace(form, "%s", c.in, 1)
			want := strings.Replace(form, "%s", c.want, 1)
			got := canonicalIPv6.Normalize(uri.MustParse(in))
			if got.String() != want {
				t.Errorf("Normalize(%q) with CanonicalIPv6 = %q, want %q", in, got, want)
			}
			if again := canonicalIPv6.Normalize(got); again != got {
				t.Errorf("Normalize(%q) with CanonicalIPv6 = %q, and again %q", in, got, again)
			}
		}
	}
	// Other hosts as before: an IPvFuture is only lowercased (6.2.2.1).
	for in, want := range map[string]string{"http://[v1.X]/": "http://[v1.x]/", "http://[::A]/": "http://[::a]/"} {
		if got := uri.Normalize(uri.MustParse(in), uri.SchemeLevel).String(); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
	if got := canonicalIPv6.Normalize(uri.MustParse("http://[v1.X]/")).String(); got != "http://[v1.x]/" {
		t.Errorf("Normalize(http://[v1.X]/) with CanonicalIPv6 = %q", got)
	}
}

// TestCanonicalIPv6Allocations: canonical text comes back without an
// allocation, other text with one, the growth of a mapped address included.
func TestCanonicalIPv6Allocations(t *testing.T) {
	for _, c := range []struct {
		in   string
		want float64
	}{
		{"http://[2001:db8::1]/", 0}, {"http://[::ffff:192.0.2.1]/", 0}, {"http://h/", 0},
		{"http://[2001:db8:1234:5678:9abc:def0:1234:5678]/", 0},
		{"http://[2001:db8::0:1]/", 1}, {"http://[::ffff:6464:6464]", 1}, {"http://[::FFFF:1.2.3.4]/", 1},
	} {
		u := uri.MustParse(c.in)
		if n := testing.AllocsPerRun(100, func() { sink = canonicalIPv6.Normalize(u) }); n != c.want {
			t.Errorf("Normalize(%q) with CanonicalIPv6 allocates %v times, want %v", c.in, n, c.want)
		}
	}
}

// FuzzCanonicalIPv6: the canonical text is the same address, a valid
// IP-literal, its own canonical text, and the one text of that address.
func FuzzCanonicalIPv6(f *testing.F) {
	for _, s := range []string{"::", "1::", "::ffff:1.2.3.4", "0:0:0:0:0:FFFF:0:0", "2001:db8:0:0:1:0:0:1", "1:0:0:2:0:0:0:3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := uri.Parse("//[" + s + "]")
		if err != nil || u.HostType() != uri.HostIPv6 {
			return
		}
		n := canonicalIPv6.Normalize(u)
		if p, err := uri.Parse(n.String()); err != nil || p != n || p.HostType() != uri.HostIPv6 {
			t.Fatalf("Normalize(%q) = %q, which Parse reads as %q, %v", u, n, p, err)
		}
		if again := canonicalIPv6.Normalize(n); again != n {
			t.Fatalf("Normalize(%q) = %q, and again %q", u, n, again)
		}
		h, _ := n.Host()
		a, b := netip.MustParseAddr(s), netip.MustParseAddr(h[1:len(h)-1])
		if a != b {
			t.Fatalf("Normalize(%q) = %q, another address", u, n)
		}
		// The one text: the address written in full, eight groups of
		// four uppercase hex digits, normalizes to the same.
		full := strings.ToUpper(a.StringExpanded())
		if other := canonicalIPv6.Normalize(uri.MustParse("//[" + full + "]")); other != n {
			t.Fatalf("%q and %q normalize to %q and %q", u, full, n, other)
		}
	})
}

// TestCanonicalIPv6Disputed: the corpus records fluent-uri's RFC 5952
// normal forms as disputed, RFC 3986 having none; CanonicalIPv6 agrees.
func TestCanonicalIPv6Disputed(t *testing.T) {
	type disputed struct {
		Kind, Input, Source string
		Expects             json.RawMessage `json:"source_expects"`
	}
	n := 0
	for _, c := range loadCases[disputed](t, "disputed.json") {
		u, err := uri.Parse(c.Input)
		var want string
		if c.Kind != "normalize" || err != nil || u.HostType() != uri.HostIPv6 || json.Unmarshal(c.Expects, &want) != nil {
			continue
		}
		if got := canonicalIPv6.Normalize(u).String(); got != want {
			t.Errorf("%s: %q normalizes to %q with CanonicalIPv6, the source to %q", c.Source, c.Input, got, want)
		}
		n++
	}
	if n < 3 {
		t.Errorf("compared %d disputed IPv6 cases, want 3", n)
	}
}
