package scope

import (
	"errors"
	"regexp"
	"strings"
	"testing"
)

func TestIn(t *testing.T) {
	s, err := Parse("scope.txt", strings.NewReader(`# the program's scope
*.example.com
example.com
re:^api[0-9]+\.example\.net$
*.bücher.de
!admin.example.com
!re:^internal\.
`))
	if err != nil {
		t.Fatal(err)
	}
	for host, want := range map[string]bool{
		"example.com": true, "www.example.com": true, "WWW.Example.COM": true,
		"admin.example.com": false, "internal.example.com": false,
		"api7.example.net": true, "api.example.net": false, "example.org": false,
		"shop.bücher.de": true, "shop.xn--bcher-kva.de": true, "shop.B%C3%BCcher.de": true, "SHOP.XN--BCHER-KVA.DE": true,
		"shop.SHOP.BÜCHER.DE": true, "nonxn--bcher-kva.de": false,
		"": false,
	} {
		if got := s.In(host); got != want {
			t.Errorf("In(%q) = %v, want %v", host, got, want)
		}
	}
	excludesOnly, _ := Parse("x", strings.NewReader("!*.gov\n"))
	if !excludesOnly.In("example.com") || excludesOnly.In("www.nasa.gov") {
		t.Error("a scope of excludes alone includes every other host")
	}
}

func TestParseErrors(t *testing.T) {
	for input, want := range map[string]string{
		"ok.example\nre:(\n": "scope.txt:2: invalid regular expression",
		"[a\n":               "scope.txt:1: invalid glob",
		"\n\n!\n":            "scope.txt:3: empty pattern",
	} {
		_, err := Parse("scope.txt", strings.NewReader(input))
		var le *LineError
		if !errors.As(err, &le) || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("Parse(%q) = %v, want %q...", input, err, want)
		}
	}
}

func TestMustHold(t *testing.T) {
	for expr, want := range map[string][2]string{
		`^(www\.)?[a-z]+\.io$`:      {".io", ".io"},
		`^api[0-9]+\.example\.net$`: {".example.net", ".example.net"},
		`internal\.`:                {"internal.", ""},
		`a|b`:                       {"", ""},
		`(?i)EXAMPLE\.com$`:         {"", ""},
		`^(dev|stage)\.x\.org$`:     {".x.org", ".x.org"},
		`(ab)+cd`:                   {"ab", ""},
		`(ab)*cdef`:                 {"cdef", ""},
		`x?`:                        {"", ""},
		`ab$|cd$`:                   {"", ""},
		`abcdef(gh)?$`:              {"abcdef", ""},
		`[`:                         {"", ""},
	} {
		if must, end := mustHold(expr); must != want[0] || end != want[1] {
			t.Errorf("mustHold(%q) = %q, %q; want %q, %q", expr, must, end, want[0], want[1])
		}
	}
}

// FuzzMustHold: whatever a regular expression matches holds its literal.
func FuzzMustHold(f *testing.F) {
	f.Add(`^(www\.)?[a-z]+\.io$`, "www.abc.io")
	f.Add(`(ab)+c`, "ababc")
	f.Fuzz(func(t *testing.T, expr, s string) {
		re, err := regexp.Compile(expr)
		if err != nil {
			return
		}
		must, end := mustHold(expr)
		if re.MatchString(s) && (!strings.Contains(s, must) || !strings.HasSuffix(s, end)) {
			t.Errorf("%q matches %q, which lacks %q or does not end in %q", expr, s, must, end)
		}
	})
}
