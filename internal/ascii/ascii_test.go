package ascii

import (
	"strconv"
	"strings"
	"testing"
)

// TestClasses holds each test to the ABNF rule it names, over every byte.
func TestClasses(t *testing.T) {
	const (
		alpha = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
		digit = "0123456789"
		hex   = digit + "ABCDEFabcdef"
	)
	for _, c := range []struct {
		name  string
		is    func(byte) bool
		chars string
	}{
		{"IsAlpha", IsAlpha, alpha},
		{"IsDigit", IsDigit, digit},
		{"IsHex", IsHex, hex},
		{"IsUnreserved", IsUnreserved, alpha + digit + "-._~"},
	} {
		for b := 0; b < 256; b++ {
			if got, want := c.is(byte(b)), strings.IndexByte(c.chars, byte(b)) >= 0; got != want {
				t.Errorf("%s(%q) = %v, want %v", c.name, byte(b), got, want)
			}
		}
	}
}

func TestUnhex(t *testing.T) {
	for _, c := range []byte("0123456789ABCDEFabcdef") {
		want, _ := strconv.ParseUint(string(c), 16, 8)
		if got := Unhex(c); uint64(got) != want {
			t.Errorf("Unhex(%q) = %d, want %d", c, got, want)
		}
	}
}

func TestStrings(t *testing.T) {
	for _, c := range []struct {
		s             string
		ascii, digits bool
	}{
		{"", true, true},
		{"0123456789", true, true},
		{"12a", true, false},
		{"\x7f", true, false},
		{"ü", false, false},
		{"1\x80", false, false},
	} {
		if got := IsASCII(c.s); got != c.ascii {
			t.Errorf("IsASCII(%q) = %v", c.s, got)
		}
		if got := IsDigits(c.s); got != c.digits {
			t.Errorf("IsDigits(%q) = %v", c.s, got)
		}
	}
}

func TestAppendPercentDecoded(t *testing.T) {
	for _, c := range []struct {
		s, want string
		bad     int
	}{
		{"", "", -1},
		{"abc", "abc", -1},
		{"%41%62c", "Abc", -1},
		{"a%2fb%2F", "a/b/", -1},
		{"%e2%82%ac", "€", -1},
		{"%ff", "\xff", -1},
		{"100%", "100%", 3},
		{"%4", "%4", 0},
		{"%zz%41", "%zzA", 0},
		{"%41%g1%", "A%g1%", 3},
	} {
		got, bad := AppendPercentDecoded([]byte("x"), c.s)
		if string(got) != "x"+c.want || bad != c.bad {
			t.Errorf("AppendPercentDecoded(x, %q) = %q, %d; want %q, %d", c.s, got, bad, "x"+c.want, c.bad)
		}
	}
}

// TestIsASCIIWords puts one byte from 0x80 at every place of strings up
// to three words long, where IsASCII reads eight bytes at a time, and
// holds it to a loop over bytes.
func TestIsASCIIWords(t *testing.T) {
	for n := 0; n <= 24; n++ {
		b := []byte(strings.Repeat("\x7f", n))
		if !IsASCII(string(b)) {
			t.Fatalf("IsASCII(%q) = false", b)
		}
		for i := range b {
			for _, c := range []byte{0x80, 0xc3, 0xff} {
				b[i] = c
				if IsASCII(string(b)) {
					t.Fatalf("IsASCII(%q) = true", b)
				}
			}
			b[i] = '\x7f'
		}
	}
}

// TestAllIn holds AllIn to a loop over bytes: every byte value at every
// place of strings up to three words long, for ranges with ends at the
// edges of ASCII and within it.
func TestAllIn(t *testing.T) {
	loop := func(s string, lo, hi byte) bool {
		for i := 0; i < len(s); i++ {
			if s[i] < lo || s[i] > hi {
				return false
			}
		}
		return true
	}
	for _, r := range [][2]byte{{' ', '~'}, {'!', '~'}, {1, 0x7f}, {'a', 'a'}, {'0', '9'}} {
		lo, hi := r[0], r[1]
		for n := 0; n <= 24; n++ {
			b := []byte(strings.Repeat(string(rune(lo)), n))
			if !AllIn(string(b), lo, hi) {
				t.Fatalf("AllIn(%q, %q, %q) = false", b, lo, hi)
			}
			for i := range b {
				for c := 0; c < 256; c++ {
					b[i] = byte(c)
					if got, want := AllIn(string(b), lo, hi), loop(string(b), lo, hi); got != want {
						t.Fatalf("AllIn(%q, %q, %q) = %v, want %v", b, lo, hi, got, want)
					}
				}
				b[i] = hi
			}
		}
	}
}
