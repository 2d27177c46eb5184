package interop

import (
	"bufio"
	"flag"
	"os"
	"testing"
)

// The shortcut of plainReadings must give what the parsers give: Read and
// readFull agree on every input, reading for reading, field for field.

var urlsFile = flag.String("urls", "", "also check the shortcut on each line of this file (go test -run PlainReadings -args -urls FILE)")

// plainPieces combine into references, each piece chosen to be on either
// side of a condition of plainReadings, or to be what a parser rewrites.
var plainPieces = struct{ schemes, authorities, paths, queries, fragments []string }{
	schemes: []string{"", "http:", "https:", "ws:", "wss:", "ftp:", "file:", "foo:", "HTTP:", "Foo:", "fiLe:", "mailto:", "a+b.c-d:"},
	authorities: []string{
		"", "//", "//a", "//localhost", "//LOCALHOST", "//a.b", "//A.b", "//1.2.3.4", "//a.0x1", "//a.1", "//a.-1",
		"//a.0", "//1a", "//a.1b", "//xn--a", "//a.xn--nxasmq6b", "//xn--", "//a..b", "//a.b.", "//.a", "//a_b", "//a~b",
		"//a-", "//-a", "//a%41", "//a%2e", "//u@a", "//@a", "//a:80", "//a:", "//a:8080", "//c:", "//c", "//a!b",
		"//[::1]", "//a.b.c.d.e.f", "//ab--cd",
	},
	paths: []string{
		"", "/", "/a", "//a", "/./a", "/../a", "/a/.", "/a/..", "/.", "/..", "/%2e", "/%2E%2e/", "/.%2E/", "/a.b", "/.a",
		"/..a", "/a..", "a", "a/b", ".", "..", "./a", "/C:/x", "/c:", "/C|", "/a:b", "/%41", "/%7e", "/%7E",
		"/!$&'()*+,;=:@", "/~_-.", "/a//b",
	},
	queries:   []string{"-", "", "a=b", "'", "a?b", "%27", "!$&'()*+,;=:@/?", "%2e", "a'b"},
	fragments: []string{"-", "", "f", "'", "%20", "!$&'()*+,;=:@/?#", "%2e"},
}

// plainInputs combines plainPieces: every scheme, authority and path,
// and every scheme and authority with each query and fragment, which
// plainReadings judges apart from the path. "-" is an absent query or
// fragment.
func plainInputs() []string {
	p := plainPieces
	var out []string
	for _, s := range p.schemes {
		for _, a := range p.authorities {
			for _, path := range p.paths {
				out = append(out, s+a+path)
			}
			for _, q := range p.queries {
				for _, f := range p.fragments {
					in := s + a + "/p"
					if q != "-" {
						in += "?" + q
					}
					if f != "-" {
						in += "#" + f
					}
					out = append(out, in)
				}
			}
		}
	}
	return out
}

func TestPlainReadings(t *testing.T) {
	inputs := plainInputs()
	for _, c := range loadCorpus(t) {
		inputs = append(inputs, c.Input)
	}
	for _, c := range loadWPT(t) {
		inputs = append(inputs, c.Input)
	}
	taken := 0
	for _, s := range inputs {
		if checkPlain(t, s) {
			taken++
		}
	}
	t.Logf("the shortcut took %d of %d inputs", taken, len(inputs))
	if taken == 0 {
		t.Error("the shortcut took no input")
	}
	if *urlsFile != "" {
		checkPlainFile(t, *urlsFile)
	}
}

// checkPlain fails the test when Read(s) differs from readFull(s), and
// reports whether the shortcut took s.
func checkPlain(t *testing.T, s string) bool {
	t.Helper()
	taken := plainReadings(&[3]Reading{readRFC3986(s)})
	if got, want := readOf(Read, s), readFull(s); got != want {
		t.Errorf("Read(%q) (shortcut %v)\n = %+v,\nthe parsers read %+v", s, taken, got, want)
	}
	return taken
}

func checkPlainFile(t *testing.T, name string) {
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	lines, taken := 0, 0
	for sc.Scan() {
		lines++
		if checkPlain(t, sc.Text()) {
			taken++
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: the shortcut took %d of %d lines", name, taken, lines)
}

// TestPlainTakes pins which inputs the shortcut takes, so that a
// condition dropped or added shows here, not only as a slowdown.
func TestPlainTakes(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"https://example.com/a/b?q=1#f", true},
		{"http://example.com", true},
		{"file:///Users/a/b.js?x=1", true},
		{"file://deps/a/b.c", true},
		{"tapmock://a1614fc8.bf43ef98/?url=%40tapjs%2Fcore", true},
		{"node:module", true},
		{"mailto:a@example.com", true},
		{"urn:a:b", true},
		{"foo:/a/b", true},
		{"foo:", true},
		{"HTTP://example.com/", false},           // WHATWG and net/url lower the scheme
		{"http://Example.com/", false},           // WHATWG lowers the host
		{"http://example.com:80/", false},        // WHATWG drops a default port
		{"http://u@example.com/", false},         // userinfo
		{"http://0x7f.1/", false},                // an IPv4 number to WHATWG
		{"http://a.1/", false},                   // ends in a number
		{"http://xn--nxasmq6b.com/", false},      // IDNA checks an A-label
		{"http://a..b/", false},                  // empty label
		{"http://example.com./", false},          // empty last label
		{"http://.example.com/", false},          // empty first label
		{"http://a.xn--nxasmq6b/", false},        // an A-label last
		{"http://a.2b/", false},                  // the last label starts with a digit
		{"http://1a.b-2/", true},                 // a letter
		{"http://a_b/", false},                   // not LDH
		{"http:/a", false},                       // WHATWG finds host "a"
		{"http://a/b/../c", false},               // dot-segment
		{"http://a/%2e/c", false},                // encoded dot-segment
		{"http://a/?it's", false},                // "'" in a special query
		{"foo://a/?it's", true},                  // not in another's
		{"file://localhost/a", false},            // WHATWG empties the host
		{"file:///C:/a", false},                  // drive letter
		{"file:a", false},                        // no authority in a file URL
		{"//example.com/", false},                // relative: WHATWG needs a base
		{"http://[::1]/", false},                 // IP-literal
		{"http://example.com/a b", false},        // rfc3986 rejects it
		{"foo://A-b.C_d~e/x", true},              // an opaque host keeps its case
		{"foo://a%41/", false},                   // percent-encoded opaque host
		{"foo:./a", true},                        // an opaque path keeps dots
		{"foo:/./a", false},                      // a path that does not
		{"http://example.com/a/.b/..c/d.", true}, // dots that are not segments
	} {
		if got := plainReadings(&[3]Reading{readRFC3986(tt.in)}); got != tt.want {
			t.Errorf("plainReadings(%q) takes it: %v, want %v", tt.in, got, tt.want)
		}
	}
}

// FuzzPlainReadings: on any input, the shortcut gives what the parsers
// give. Seeded from the corpus, the WPT inputs and TestPlainTakes.
func FuzzPlainReadings(f *testing.F) {
	for _, c := range loadCorpus(f) {
		f.Add(c.Input)
	}
	for _, c := range loadWPT(f) {
		f.Add(c.Input)
	}
	f.Add("https://example.com/a/b?q=1#f")
	f.Add("file:///Users/a/b.js?x=1")
	f.Add("tapmock://a1614fc8.bf43ef98/?url=%40tapjs%2Fcore")
	f.Fuzz(func(t *testing.T, s string) {
		checkPlain(t, s)
	})
}

func TestHasDotSegment(t *testing.T) {
	for path, want := range map[string]bool{
		"": false, "/": false, "/a/b": false, ".": true, "..": true, "/.": true, "/..": true, "/./a": true,
		"/a/../b": true, "/a/.": true, "/.a": false, "/a.": false, "/..a": false, "/a../b": false, "/...": false,
		"/%2e": true, "/%2E": true, "/a%2eb": true, "/%2f": false, "/%20e": false, "/%2": false, "a/./b": true,
		"/a.b/.": true, "/a.b.c/..": true, "/a.b.c": false, "/%25/%2e": true, "%": false, "/%41%2E": true, "/a.%2f": false,
	} {
		if got := hasDotSegment(path); got != want {
			t.Errorf("hasDotSegment(%q) = %v, want %v", path, got, want)
		}
	}
}
