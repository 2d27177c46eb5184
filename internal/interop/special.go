package interop

import (
	"strings"

	"github.com/uritool/uritool/internal/ascii"
)

// IsSpecial reports whether scheme is one that the WHATWG URL Standard
// calls special, file aside: those whose host it parses as a domain and
// finds after any number of slashes. It allocates nothing, whatever the
// case of scheme.
func IsSpecial(scheme string) bool {
	for _, s := range [...]string{"http", "https", "ws", "wss", "ftp"} {
		if strings.EqualFold(scheme, s) {
			return true
		}
	}
	return false
}

// EndsInNumber reports whether whatwg-url's host parser takes an ASCII
// domain for an IPv4 address: whether its last label, after one empty
// one, is digits or an IPv4 number (WHATWG URL Standard, "ends in a
// number"), signs included as ipv4Number says. It allocates nothing, so
// that the lint rule parser-differential can ask it of every host.
func EndsInNumber(host string) bool {
	last := strings.TrimSuffix(host, ".")
	last = last[strings.LastIndexByte(last, '.')+1:]
	// Every number starts with a digit or a sign: most names are out at
	// the first byte.
	if last == "" || !(last[0] >= '0' && last[0] <= '9' || last[0] == '+' || last[0] == '-') {
		return false
	}
	if ascii.IsDigits(last) {
		return true
	}
	ok, _ := ipv4Number(last)
	return ok
}

// ipv4Number reports whether whatwg-url's IPv4 number parser takes label
// for a number: decimal, "0x" hex or "0" octal, as the WHATWG URL
// Standard says, and whether it has a sign after the prefix, which the
// Standard does not allow but the library, parsing with strconv.ParseInt,
// does. Out-of-range numbers count: the library treats them as numbers.
func ipv4Number(label string) (ok, signed bool) {
	if label == "" {
		return false, false
	}
	digits := ascii.IsDigits
	switch {
	case len(label) >= 2 && (label[:2] == "0x" || label[:2] == "0X"):
		label, digits = label[2:], isHexDigits
		if label == "" {
			return true, false // "0x" is zero
		}
	case len(label) >= 2 && label[0] == '0':
		label, digits = label[1:], isOctal
	}
	if label[0] == '+' || label[0] == '-' {
		label, signed = label[1:], true
	}
	ok = label != "" && digits(label)
	return ok, ok && signed
}

func isOctal(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '7' {
			return false
		}
	}
	return true
}

func isHexDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !ascii.IsHex(s[i]) {
			return false
		}
	}
	return true
}
