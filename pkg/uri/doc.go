// Package uri parses, recomposes, resolves, normalizes and compares URI
// references strictly by RFC 3986.
//
// A [URI] is the input string plus the offsets of its components;
// accessors return substrings of the input, so parsing a valid reference
// allocates nothing. Components that may be undefined are returned with a
// flag that keeps "undefined" apart from "empty": "http://h" has no query,
// while "http://h?" has an empty one.
//
// # Why not net/url
//
// net/url parses what browsers and HTTP servers meet, and keeps only what
// they need. This package is for programs that must agree with RFC 3986:
//
//   - Strictness: [Parse] accepts exactly the URI-reference rule of
//     Appendix A, and [ParseRule] the rule it is given: URI,
//     absolute-URI, or one of RFC 3987's IRI rules. net/url accepts spaces in a path or fragment,
//     bad percent-encodings in a query and IPv6 zone identifiers, and
//     rejects IPvFuture literals and some percent-encoded hosts.
//   - Undefined versus empty: an empty query, fragment, port, userinfo or
//     authority is kept apart from an absent one, as section 5.3 needs to
//     recompose a reference; net/url loses an empty fragment and reads
//     "///x" as a path.
//   - As written: components are returned as written, not decoded or
//     lowercased, so [URI.String] is always the input byte for byte.
//   - Offsets: a [ParseError] names the ABNF rule and an offset with one
//     exact meaning, the longest prefix of the input that a valid
//     reference can begin with.
//   - Speed: Parse allocates nothing for valid input and takes a fraction
//     of net/url's time.
//
// # The zero URI
//
// As with net/netip's types, the zero URI is not a parsed value: it is
// what Parse returns with an error, [URI.IsValid] reports false for it,
// and each function that takes a URI says what it does with it. The
// empty reference "" is valid and is not the zero URI.
//
// # Tracing
//
// [ResolveOptions.Trace] and [NormalizeOptions.Trace] show the work of
// Resolve and Normalize step by step, for people learning RFC 3986 or
// debugging a reference: the branch of section 5.2.2 taken, each turn of
// remove_dot_segments as the RFC's tables show it, and each rule of
// normalization that changed something. They run the same code as Resolve
// and Normalize, so a trace ends where those do; Resolve and Normalize
// record nothing, and pay for tracing only a check that no trace is asked
// for.
//
// # Decisions and departures from the RFC's letter
//
// Where RFC 3986 leaves a choice, or its letter gives a result that cannot
// be written down, this package decides as follows:
//
//   - Dot-segments in a rootless path ("a:b/../c"). Section 5.2.2 gives a
//     reference with a scheme the target path remove_dot_segments(R.path)
//     whatever the path's form, and section 6.2.2.3 tells normalizers to
//     apply the same algorithm of section 5.2.4 to "the path", with no
//     exception for rootless ones. So [Resolve] against any base and
//     [Normalize] both give "a:/c", and [Equal] holds between the two.
//     Relative references keep their dot-segments under Normalize: they
//     mean something until resolved against a base (6.2.2.3).
//     [NormalizeOptions].RelativeDots removes those that do not depend on
//     the base: all of an absolute path's, and a relative path's "." and
//     the ".." that follow a segment of their own, keeping the leading
//     ".." segments.
//   - A path that would begin with "//" without an authority. The letter
//     of sections 5.2.4 and 5.3 can produce one ("a:/.//b" normalized, or
//     ".//b" resolved against "a:/"), and it would then read as an
//     authority. Resolve and Normalize write "/." before such a path;
//     remove_dot_segments removes it again, so the meaning is unchanged.
//   - Equivalent ports. Section 6.2.3 removes a port that is empty or
//     "the default for the scheme"; a port is a decimal number (3.2.3), so
//     ":080" is the default port 80 of http and is removed too. Other
//     ports are kept as written.
//   - Default ports are known for http, ws (80), https, wss (443) and ftp
//     (21); see [DefaultPort]. [NormalizeOptions].DefaultPorts adds
//     others for one call. An empty path with an authority is written "/"
//     (6.2.3) for these schemes only, an empty port is removed for all.
//   - Resolution is strict (5.2.2); [ResolveOptions].NonStrict gives the
//     backward-compatible reading that ignores a scheme equal to the
//     base's.
//   - IPv6 zone identifiers (RFC 6874) are rejected: they are not RFC
//     3986 syntax.
//   - IPv6 text is only lowercased by Normalize, as 6.2.2.1 says of any
//     host; [NormalizeOptions].CanonicalIPv6 writes the canonical text of
//     RFC 5952, so that two texts of one address compare equal.
//   - Text encoding: [URI.UnmarshalText] of empty text gives the zero
//     URI, as net/netip does, so an absent value stays unset; the empty
//     reference cannot be told apart in text.
package uri
