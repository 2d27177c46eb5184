// Package inetaton reads an IPv4 address as inet_aton(3) does, in the
// forms RFC 3986 section 7.4 warns about: "0x7f.1", "017700000001",
// "2130706433". lint flags hosts written so; surt reads them as the web
// archives' keys do.
package inetaton

import (
	"net/netip"
	"strings"

	"github.com/uritool/uritool/internal/ascii"
)

// Parse reads s as inet_aton does: one to four parts separated by ".",
// each decimal, octal after a leading "0" or hexadecimal after "0x", the
// last filling the remaining bytes. Like the WHATWG URL host parser it
// also takes one trailing "." and reads a bare "0x" as 0.
func Parse(s string) (netip.Addr, bool) {
	s = strings.TrimSuffix(s, ".")
	var parts [4]uint64
	n := 0
	for more := true; more; n++ {
		if n == len(parts) {
			return netip.Addr{}, false
		}
		var p string
		p, s, more = strings.Cut(s, ".")
		v, ok := parseNum(p)
		if !ok {
			return netip.Addr{}, false
		}
		parts[n] = v
	}
	a := parts[n-1]
	if a >= 1<<(8*(5-n)) {
		return netip.Addr{}, false
	}
	for i, p := range parts[:n-1] {
		if p > 0xff {
			return netip.Addr{}, false
		}
		a |= p << (24 - 8*i)
	}
	return netip.AddrFrom4([4]byte{byte(a >> 24), byte(a >> 16), byte(a >> 8), byte(a)}), true
}

// parseNum reads one part, capped at 32 bits.
func parseNum(p string) (uint64, bool) {
	base := uint64(10)
	switch {
	case len(p) >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'):
		base, p = 16, p[2:]
	case len(p) >= 2 && p[0] == '0':
		base, p = 8, p[1:]
	case p == "":
		return 0, false
	}
	var v uint64
	for i := 0; i < len(p); i++ {
		if !ascii.IsHex(p[i]) {
			return 0, false
		}
		d := uint64(ascii.Unhex(p[i]))
		if d >= base {
			return 0, false
		}
		if v = v*base + d; v > 0xffffffff {
			return 0, false
		}
	}
	return v, true
}
