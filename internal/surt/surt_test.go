package surt_test

import (
	"testing"

	"github.com/uritool/uritool/internal/surt"
	"github.com/uritool/uritool/pkg/uri"
)

func TestKey(t *testing.T) {
	cases := []struct{ in, want string }{
		// The surt package's own examples (tests/test_surt.py, from
		// webarchive-commons' WaybackURLKeyMakerTest), those RFC 3986
		// accepts.
		{`http://www.archive.org/`, `org,archive)/`},
		{`http://archive.org/`, `org,archive)/`},
		{`http://archive.org/goo/`, `org,archive)/goo`},
		{`http://archive.org/goo/?`, `org,archive)/goo`},
		{`http://archive.org/goo/?b&a`, `org,archive)/goo?a&b`},
		{`http://archive.org/goo/?a=2&b&a=1`, `org,archive)/goo?a=1&a=2&b`},
		{`http://archive.org/index.php?PHPSESSID=0123456789abcdefghijklemopqrstuv&action=profile;u=4221`, `org,archive)/index.php?action=profile;u=4221`},
		{`whois://whois.isoc.org.il/shaveh.co.il`, `il,org,isoc,whois)/shaveh.co.il`},
		{`mailto:foo@example.com`, `mailto:foo@example.com`},
		{`dns:archive.org`, `dns:archive.org`},
		{`http://example.com/app?item=Wroc%C5%82aw`, `com,example)/app?item=wroc%c5%82aw`},
		{`http://192.168.1.254/info/`, `254,1,168,192)/info`},
		{`ftp://www.example.com/`, `com,example)/`},

		// Derived from the rules of the package doc; each checked against
		// surt 0.3.1's surt.surt() with its defaults.

		// Rules 1 to 6 at once: userinfo and fragment dropped, host reversed
		// without "www", port, path and query canonical.
		{`http://visit.webhosting.yahoo.com/visit.gif?&r=http%3A//web.archive.org/web/20090517140029/http%3A//anthonystewarthead.electric-chi.com/&b=Netscape%205.0%20%28Windows%3B%20en-US%29&s=1366x768&o=Win32&c=24&j=true&v=1.2`, `com,yahoo,webhosting,visit)/visit.gif?&b=netscape%205.0%20(windows;%20en-us)&c=24&j=true&o=win32&r=http://web.archive.org/web/20090517140029/http://anthonystewarthead.electric-chi.com/&s=1366x768&v=1.2`},
		{`https://WWW.Example.COM:443/A/B/?Z=1&a=%41#Frag`, `com,example)/a/b?a=a&z=1`},
		{`http://user:pass@www2.example.com:8080/`, `com,example:8080)/`},

		// Rule 2, the host: "www" and digits as a label only; decoded, IDNA
		// (transitional: ß is ss), dots, IPv4 forms, IP-literals.
		{`http://www2foo.com/`, `com,www2foo)/`},
		{`http://www2.www2foo.com/`, `com,www2foo)/`},
		{`http://%77%77%77.example.com/`, `com,example)/`},
		{`http://ex%41mple.com/`, `com,example)/`},
		{`http://b%C3%BCcher.de/`, `de,xn--bcher-kva)/`},
		{`http://fa%C3%9F.de/`, `de,fass)/`},
		{`http://a..b.../`, `b,a)/`},
		{`http://%20leadingspace.com/`, `com,%20leadingspace)/`},
		{`http://3279880203/blah`, `11,0,127,195)/blah`},
		{`http://99999999999/`, `255,231,118,72)/`},
		{`http://127.1/`, `1,0,0,127)/`},
		{`http://0177.0.0.1/`, `1,0,0,127)/`},
		{`http://1.010/`, `8,0,0,1)/`},
		{`http://1.08/`, `08,1)/`},
		{`http://1.2.3.999/`, `999,3,2,1)/`},
		{`http://010.1.2.3.4/`, `4,3,2,1,010)/`},
		{`http://[2001:DB8::1]:8080/x`, `2001:db8::1:8080)/x`},
		{`http://[v1.Fe]/`, `fe,v1)/`},

		// Rule 3, the port.
		{`http://h:0/`, `h)/`},
		{`http://h:080/`, `h)/`},
		{`http://h:00081/`, `h:81)/`},
		{`https://h:80/`, `h:80)/`},
		{`http://example.com:/`, `com,example)/`},

		// Rule 4, the path: decoded until nothing changes, dot-segments,
		// empty segments, escaping, session ids, one trailing "/".
		{`http://example.com./a/./b/../c//d/`, `com,example)/a/c/d`},
		{`http://example.com/..`, `com,example)/..`},
		{`http://example.com/../../a`, `com,example)/a`},
		{`http://example.com/a%2Fb`, `com,example)/a/b`},
		{`http://example.com/%2525/%7E`, `com,example)/%25/~`},
		{`http://example.com/a%20b#x`, `com,example)/a%20b`},
		{`http://example.com/(S(4hqa0555fwsecu455xqckv45))/mileg.aspx`, `com,example)/mileg.aspx`},
		{`http://example.com/x/(4hqa0555fwsecu455xqckv45)/Mileg.aspx?page=2`, `com,example)/x/mileg.aspx?page=2`},

		// Rule 5, the query: decoded then escaped once (so "%26" splits a
		// pair), session ids, sorted with a key alone first.
		{`http://example.com/?a=%2526&b=%20&c=%23`, `com,example)/?&a=&b=%20&c=%23`},
		{`http://example.com/?q=a+b+%26+c&grape=wine`, `com,example)/?+c&grape=wine&q=a+b+`},
		{`http://example.com/?one=two&jsessionid=0123456789abcdefghijklemopqrstuv`, `com,example)/?&one=two`},
		{`http://example.com/?jsessionid=0123456789abcdefghijklemopqrstuv`, `com,example)/`},
		{`http://example.com/?CFID=1169580&CFTOKEN=48630702&dtstamp=22%2F08%2F2006`, `com,example)/?dtstamp=22/08/2006`},
		{`http://example.com/?aspsessionidABCDEFGH=ABCDEFGHIJKLMNOPQRSTUVWX&x=y`, `com,example)/?x=y`},
		{`http://example.com/?sid=9682993c8daa2c5497996114facdc805&x=y`, `com,example)/?x=y`},
		{`http://example.com/?b=1&a&a=&a=0&=z&`, `com,example)/?&=z&a&a=&a=0&b=1`},

		// Rule 6, no host: the scheme stays, no dot-segment step.
		{`http://./x`, `http:/x`},
		{`file:///etc/Hosts/`, `file:/etc/hosts`},
		{`foo:?x`, `foo:/?x`},
		{`urn:ISBN:0-395-36341-1`, `urn:isbn:0-395-36341-1`},
		{`tag:example.com,2000:A/B/?Q#f`, `tag:example.com,2000:a/b?q`},
	}
	for _, c := range cases {
		u, err := uri.Parse(c.in)
		if err != nil {
			t.Fatalf("%q: %v", c.in, err)
		}
		if got, ok := surt.Key(u, uri.DefaultPort); !ok || got != c.want {
			t.Errorf("Key(%q) = %q, %v; want %q", c.in, got, ok, c.want)
		}
	}
}

// TestKeyDifferences covers what the package doc says differs from the
// surt package, on purpose.
func TestKeyDifferences(t *testing.T) {
	gopher := func(scheme string) (string, bool) {
		if scheme == "gopher" {
			return "70", true
		}
		return uri.DefaultPort(scheme)
	}
	cases := []struct{ in, want string }{
		// uritool's default ports: the surt package keeps ":21" and ":80".
		{"ftp://h:21/", "h)/"},
		{"ws://h:80/", "h)/"},
		{"gopher://h:70/", "h)/"},
		{"gopher://h:71/", "h:71)/"},
		// The surt package fails on a port above 65535.
		{"http://h:123456/", "h:123456)/"},
		// Read by RFC 3986: "https" is a host with an empty port here,
		// where the surt package first turns the input into
		// https://order.example/.
		{"http://https://order.example/", "https)/order.example"},
	}
	for _, c := range cases {
		u, err := uri.Parse(c.in)
		if err != nil {
			t.Fatalf("%q: %v", c.in, err)
		}
		if got, ok := surt.Key(u, gopher); !ok || got != c.want {
			t.Errorf("Key(%q) = %q, %v; want %q", c.in, got, ok, c.want)
		}
	}
}

func TestKeyRelative(t *testing.T) {
	for _, in := range []string{"//example.com/", "/a", "a?b", ""} {
		u, err := uri.Parse(in)
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := surt.Key(u, uri.DefaultPort); ok {
			t.Errorf("Key(%q) = %q, want none for a relative reference", in, got)
		}
	}
}

// FuzzKey: every URI has a key, printable ASCII without a space or "#"
// (rule 7), and a relative reference has none.
func FuzzKey(f *testing.F) {
	for _, s := range []string{"http://www.a.b:80/c/../d?z&a=%41#f", "mailto:A@B", "http://[::1]/", "http://%C3%BC/", "//h/p", "x:%2525"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := uri.Parse(s)
		if err != nil {
			return
		}
		key, ok := surt.Key(u, uri.DefaultPort)
		if ok != u.IsAbsolute() {
			t.Fatalf("Key(%q): ok = %v for IsAbsolute %v", s, ok, u.IsAbsolute())
		}
		for i := 0; i < len(key); i++ {
			if c := key[i]; c <= ' ' || c >= 0x7f || c == '#' {
				t.Fatalf("Key(%q) = %q: byte %q at %d", s, key, c, i)
			}
		}
	})
}
