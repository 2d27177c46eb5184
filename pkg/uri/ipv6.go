package uri

import "net/netip"

// maxIPv6Growth is how much longer than the input the canonical text of
// an IPv6address can be: "::ffff:6464:6464" is "::ffff:100.100.100.100".
// Every other address has no shorter text than its canonical one.
const maxIPv6Growth = 6

// appendCanonicalIPv6 appends the IP-literal literal, which holds an
// IPv6address, in the canonical text of RFC 5952 section 4: hex digits in
// lowercase (4.3) without leading zeros (4.1), the longest run of two or
// more zero groups as "::", the first of equal runs (4.2). An
// IPv4-mapped address (RFC 4291 2.5.5.2), the well-known prefix RFC 5952
// section 5 recommends mixed notation for, keeps its IPv4 part in dotted
// decimal: "[::ffff:192.0.2.1]". Other addresses are hex throughout, since
// their last 32 bits are not known to hold an IPv4 address.
func appendCanonicalIPv6(b []byte, literal string) []byte {
	a, err := netip.ParseAddr(literal[1 : len(literal)-1])
	if err != nil {
		// Every IPv6address of section 3.2.2 is one netip reads.
		panic("uri: an IPv6address netip cannot read: " + err.Error())
	}
	b = append(b, '[')
	b = a.AppendTo(b)
	return append(b, ']')
}

// canonicalIPv6 reports whether the IP-literal literal is already in the
// canonical text appendCanonicalIPv6 writes.
func canonicalIPv6(literal string) bool {
	// Sized for the longest canonical text, not the longest growth:
	// eight full groups are 41 bytes.
	var buf [len("[ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255]")]byte
	return string(appendCanonicalIPv6(buf[:0], literal)) == literal
}
