package pct

import (
	"slices"
	"testing"

	"github.com/uritool/uritool/pkg/uri"
)

func TestEncode(t *testing.T) {
	for _, c := range []struct {
		comp    Component
		in, out string
	}{
		{Path, "a b/c?d#e%f", "a%20b/c%3Fd%23e%25f"},
		{Segment, "a/b", "a%2Fb"},
		{Query, "a=b c&d?/", "a=b%20c&d?/"},
		{QueryValue, "a=b c&d+e;f", "a%3Db%20c%26d%2Be%3Bf"},
		{Fragment, "x y#z", "x%20y%23z"},
		{Userinfo, "us er:p@ss", "us%20er:p%40ss"},
		{Host, "bü cher.example", "b%C3%BC%20cher.example"},
		{Path, "", ""},
		{Component(9), "a/b", "a%2Fb"},
	} {
		if got := Encode(c.comp, c.in); got != c.out {
			t.Errorf("Encode(%v, %q) = %q, want %q", c.comp, c.in, got, c.out)
		}
	}
}

func TestDecode(t *testing.T) {
	got, err := Decode("a%20b%C3%BC%ff%2f")
	if err != nil || string(got) != "a bü\xff/" {
		t.Errorf("Decode = %q, %v", got, err)
	}
	// The offset is the byte that breaks the triplet, as pkg/uri has it.
	for in, off := range map[string]int{"%": 1, "a%2": 3, "ab%zz": 3, "%2%41": 2} {
		_, err := Decode(in)
		if e, ok := err.(*Error); !ok || e.Offset != off {
			t.Errorf("Decode(%q) error %v, want offset %d", in, err, off)
		}
	}
}

func TestComponentNames(t *testing.T) {
	for i, n := range Components {
		if c, err := ParseComponent(n); err != nil || c != Component(i) {
			t.Errorf("ParseComponent(%q) = %v, %v; want %v", n, c, err, i)
		}
	}
	if _, err := ParseComponent("scheme"); err == nil {
		t.Error(`ParseComponent("scheme") succeeded`)
	}
}

// FuzzEncode: decoding gives back the text, and the encoding stands where
// its component does in a URI.
func FuzzEncode(f *testing.F) {
	f.Add("a b/c?d#e%f&=+;é\x00")
	f.Fuzz(func(t *testing.T, s string) {
		for c := range Component(len(allowed)) {
			enc := Encode(c, s)
			dec, err := Decode(enc)
			if err != nil || string(dec) != s {
				t.Fatalf("%v: Decode(Encode(%q)) = %q, %v", c, s, dec, err)
			}
			var ref string
			switch c {
			case Path:
				ref = "s://h/" + enc
			case Segment:
				ref = "s:/" + enc
			case Query, QueryValue:
				ref = "s:?" + enc
			case Fragment:
				ref = "s:#" + enc
			case Userinfo:
				ref = "s://" + enc + "@h"
			case Host:
				ref = "s://" + enc
			}
			if _, err := uri.Parse(ref); err != nil {
				t.Fatalf("%v: %q does not parse: %v", c, ref, err)
			}
		}
	})
}

func TestEncodeIRI(t *testing.T) {
	for _, tc := range []struct {
		c        Component
		in, want string
	}{
		{Path, "/straße a", "/straße%20a"},
		{Segment, "a/ü", "a%2Fü"},
		{Path, "/\ue000", "/%EE%80%80"},           // iprivate only in a query
		{QueryValue, "\ue000&", "\ue000%26"},      // iprivate in a query
		{Path, "a\xffb", "a%FFb"},                 // invalid UTF-8
		{Path, "\u00a0\ufdd0", "\u00a0%EF%B7%90"}, // a noncharacter is no ucschar
	} {
		if got := EncodeIRI(tc.c, tc.in); got != tc.want {
			t.Errorf("EncodeIRI(%v, %q) = %q, want %q", tc.c, tc.in, got, tc.want)
		}
	}
}

func TestAppendFormPairs(t *testing.T) {
	for _, c := range []struct {
		query string
		want  []Pair
	}{
		{"a=1&b=2", []Pair{{"a", "1"}, {"b", "2"}}},
		{"a&&b=&=c", []Pair{{"a", ""}, {"b", ""}, {"", "c"}}},
		{"q=a+b&k%20=v%2Bw", []Pair{{"q", "a b"}, {"k ", "v+w"}}},
		// "+" is a space before decoding, so "%2B" stays a plus.
		{"x+y%2B=%41+%zz", []Pair{{"x y+", "A %zz"}}},
		{"é=%C3%A9&%=%2", []Pair{{"é", "é"}, {"%", "%2"}}},
	} {
		// Each query twice: on an empty buffer, which grows while
		// earlier pairs view it, then on that buffer reused.
		var buf []byte
		for range 2 {
			buf = buf[:0]
			got := AppendFormPairs(nil, &buf, c.query)
			if !slices.Equal(got, c.want) {
				t.Errorf("AppendFormPairs(%q) = %q, want %q", c.query, got, c.want)
			}
		}
	}
	// A buffer reused for each query: nothing is allocated.
	buf := make([]byte, 0, 64)
	pairs := make([]Pair, 0, 8)
	if n := testing.AllocsPerRun(100, func() {
		buf = buf[:0]
		pairs = AppendFormPairs(pairs[:0], &buf, "q=a+b&k%20=v%2Bw&plain=1")
	}); n != 0 {
		t.Errorf("AppendFormPairs with a reused buffer: %v allocations, want 0", n)
	}
}

func TestAppendFormDecoded(t *testing.T) {
	for in, want := range map[string]string{
		"plain": "plain", "a+b": "a b", "%2B+%41": "+ A", "%zz+%2": "%zz %2", "%": "%", "%C3%A9": "é",
	} {
		if got := string(AppendFormDecoded(nil, in)); got != want {
			t.Errorf("AppendFormDecoded(nil, %q) = %q, want %q", in, got, want)
		}
		if got := string(AppendFormDecoded([]byte("x"), in)); got != "x"+want {
			t.Errorf("AppendFormDecoded(x, %q) = %q, want %q", in, got, "x"+want)
		}
	}
}
