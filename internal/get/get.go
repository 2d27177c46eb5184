// Package get is parse --get's language: a list of fields, or a
// template of text and {field} parts, each with modifiers, and its
// evaluation against a parsed reference. The operation evaluates it, once
// per input, to the line parse prints and to the finding of a must: field
// the reference has no value for.
package get

import (
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/net/publicsuffix"

	"github.com/uritool/uritool/internal/ascii"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/idn"
	"github.com/uritool/uritool/internal/nearest"
	"github.com/uritool/uritool/internal/password"
	"github.com/uritool/uritool/internal/pct"
	"github.com/uritool/uritool/internal/surt"
	"github.com/uritool/uritool/pkg/uri"
)

// PublicSuffixList names the version of the Public Suffix List that
// {registrable}, {suffix} and {subdomain} use, for --version.
func PublicSuffixList() string { return fmt.Sprint(publicsuffix.List) }

// RuleMust is the rule of an input that lacks a field its --get template
// marks must:.
const RuleMust = "must"

// Fields lists what a --get list can print, and a template's fields
// without an argument: the components, the user and password of the
// userinfo (section 3.2.1), the host type and the kind of reference.
var Fields = []string{"scheme", "authority", "userinfo", "user", "password", "host", "host_type", "port", "path", "query", "fragment", "kind"}

// Options are what evaluation needs beyond the reference.
type Options struct {
	// ShowPassword shows a password as it is, not as password.Mask.
	ShowPassword bool
	// DefaultPorts adds default ports by lowercase scheme (--default-port)
	// to pkg/uri's, for {default:port} and {surt}.
	DefaultPorts map[string]string
}

// Template is a --get value: a list of fields, or text with {field}
// parts, each replaced by a part of the parsed reference; "{{" and "}}"
// are braces. A field may carry modifiers before it, each once and in any
// order: {must:default:port}.
type Template struct {
	parts []part
}

type part struct {
	kind  partKind
	field field  // for partField
	text  string // literal text, or the field's name
	arg   string // KEY of query:KEY and query-all:KEY
	n     int    // N of segment:N
	mods  modifier
	// spelled is the field as the template writes it, for diagnostics.
	spelled string
}

// partKind is what a part of a template writes, looked up once.
type partKind uint8

const (
	partLiteral partKind = iota
	partField            // one of Fields
	partDefaultPort
	partQueryFirst
	partQueryAll
	partQueryKeys
	partSegment
	partPublicSuffix
	partSURT
	partLabel // host:N
	partPuny  // puny:host
	partIDN   // idn:host
	partURL
)

// modifier is a set of the prefixes a template field may carry.
type modifier uint8

const (
	modMust    modifier = 1 << iota // no value is a finding
	modDefault                      // port: the scheme's default when none is given
	modRaw                          // query:KEY, query-all:KEY, query-keys: as written
	modEncode                       // percent-encode all but unreserved
	modForm                         // query:KEY, query-all:KEY, query-keys: decoded as form data
)

// TemplateFields are the fields a template knows beyond Fields, as help
// and completion show them.
var TemplateFields = []string{"query:KEY", "query-all:KEY", "query-keys", "segment:N", "host:N", "puny:host", "idn:host", "url", "registrable", "suffix", "subdomain", "surt"}

// Modifiers are the modifiers a template field may carry, in the order of
// their bits.
var Modifiers = []string{"must:", "default:", "raw:", "encode:", "form:"}

// plainTemplateFields are the template fields without an argument.
var plainTemplateFields = map[string]partKind{"query-keys": partQueryKeys, "registrable": partPublicSuffix,
	"suffix": partPublicSuffix, "subdomain": partPublicSuffix, "surt": partSURT, "url": partURL}

// List reads a --get list of fields, which prints them tab-separated.
func List(fields []string) (*Template, error) {
	t := &Template{}
	for i, f := range fields {
		if _, inTemplates := plainTemplateFields[f]; inTemplates {
			return nil, fmt.Errorf("invalid --get field %q: it is a template field, as in --get '{%s}'", f, f)
		}
		if !slices.Contains(Fields, f) {
			return nil, fmt.Errorf("invalid --get field %q%s (want %s)", f, didYouMean(f, Fields, "%q"), strings.Join(Fields, ", "))
		}
		if i > 0 {
			t.parts = append(t.parts, part{text: "\t"})
		}
		t.parts = append(t.parts, part{kind: partField, field: lookupField(f), text: f, spelled: f})
	}
	return t, nil
}

// Parse reads a --get template; an unknown field or a lone brace is an
// error naming its offset.
func Parse(s string) (*Template, error) {
	t := &Template{}
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			t.parts = append(t.parts, part{text: lit.String()})
			lit.Reset()
		}
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '{' && strings.HasPrefix(s[i:], "{{"), c == '}' && strings.HasPrefix(s[i:], "}}"):
			lit.WriteByte(c)
			i++
		case c == '}':
			return nil, fmt.Errorf("--get template: lone '}' at offset %d (write '}}' for a brace)", i)
		case c == '{':
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				return nil, fmt.Errorf("--get template: '{' at offset %d is not closed", i)
			}
			p, err := parseField(s[i+1 : i+end])
			if err != nil {
				return nil, fmt.Errorf("--get template, at offset %d: %v", i, err)
			}
			flush()
			t.parts = append(t.parts, p)
			i += end
		default:
			lit.WriteByte(c)
		}
	}
	flush()
	return t, nil
}

func parseField(f string) (part, error) {
	p := part{spelled: f}
	rest := f
	for {
		head, tail, ok := strings.Cut(rest, ":")
		mod := modifierNamed(head)
		if !ok || mod == 0 {
			break
		}
		if p.mods&mod != 0 {
			return p, fmt.Errorf("{%s} has %s: twice", f, head)
		}
		p.mods |= mod
		rest = tail
	}
	name, arg, hasArg := strings.Cut(rest, ":")
	p.text, p.arg = name, arg
	plain, isPlain := plainTemplateFields[name]
	switch {
	case name == "query" && hasArg, name == "query-all":
		// The empty key is a key like any other: "?=bar" is one pair.
		if !hasArg {
			return p, fmt.Errorf("{%s} needs a key, as {%s:KEY}", f, name)
		}
		p.kind = partQueryAll
		if name == "query" {
			p.kind, p.text = partQueryFirst, "query-first"
		}
	case name == "segment":
		n, err := strconv.Atoi(arg)
		if err != nil || n == 0 {
			return p, fmt.Errorf("{%s} needs a segment number other than 0, as {segment:1} or {segment:-1}", f)
		}
		p.kind, p.n = partSegment, n
	case name == "host" && hasArg:
		n, err := strconv.Atoi(arg)
		if err != nil || n == 0 {
			return p, fmt.Errorf("{%s} needs a label number other than 0, as {host:1} or {host:-1}", f)
		}
		p.kind, p.n, p.text = partLabel, n, "host-label"
	case name == "puny" || name == "idn":
		if !hasArg || arg != "host" {
			return p, fmt.Errorf("{%s}: %s: applies to {host} only, as {%s:host}", f, name, name)
		}
		p.kind, p.text = partPuny, "puny:host"
		if name == "idn" {
			p.kind, p.text = partIDN, "idn:host"
		}
	case hasArg:
		return p, fmt.Errorf("unknown field {%s}%s", f, didYouMean(name, []string{"query", "query-all", "segment", "host", "puny", "idn"}, "{"+f[:len(f)-len(rest)]+"%s:"+arg+"}"))
	case isPlain:
		p.kind = plain
	case slices.Contains(Fields, name):
		p.kind, p.field = partField, lookupField(name)
	default:
		return p, fmt.Errorf("unknown field {%s}%s (want %s, or %s before one)", f, didYouMean(name, append(Fields[:len(Fields):len(Fields)], templateNames...), "{"+f[:len(f)-len(rest)]+"%s}"),
			strings.Join(append(Fields[:len(Fields):len(Fields)], TemplateFields...), ", "), strings.Join(Modifiers, ", "))
	}
	if p.mods&modDefault != 0 {
		if name != "port" {
			return p, fmt.Errorf("{%s}: default: applies to {port} only", f)
		}
		p.kind = partDefaultPort
	}
	if p.mods&modRaw != 0 && p.kind != partQueryFirst && p.kind != partQueryAll && p.kind != partQueryKeys {
		return p, fmt.Errorf("{%s}: raw: applies to {query:KEY}, {query-all:KEY} and {query-keys}, which are decoded; the other fields are as written", f)
	}
	if p.mods&modForm != 0 && p.kind != partQueryFirst && p.kind != partQueryAll && p.kind != partQueryKeys {
		return p, fmt.Errorf("{%s}: form: applies to {query:KEY}, {query-all:KEY} and {query-keys}, the fields of form data", f)
	}
	if p.mods&modForm != 0 && p.mods&modRaw != 0 {
		return p, fmt.Errorf("{%s}: form: decodes and raw: does not: give one of them", f)
	}
	return p, nil
}

func modifierNamed(name string) modifier {
	for i, m := range Modifiers {
		if m == name+":" {
			return 1 << i
		}
	}
	return 0
}

// Append appends the line t makes of u, a valid reference, to dst. When
// u has no value for a field t marks must:, the first such, it stops
// there and returns the finding that says which, at the offset in u's
// text where the value would be.
func (t *Template) Append(dst []byte, u *uri.URI, o *Options) ([]byte, *finding.Finding) {
	for i := range t.parts {
		p := &t.parts[i]
		if p.kind == partLiteral {
			dst = append(dst, p.text...)
			continue
		}
		var ok bool
		if dst, ok = p.appendValue(dst, u, o); !ok && p.mods&modMust != 0 {
			return dst, &finding.Finding{Severity: finding.Error, Offset: whereMissing(*u, p.text), Rule: RuleMust,
				Message: p.missing() + ", which {" + p.spelled + "} requires"}
		}
	}
	return dst, nil
}

// missing says what a reference without a value for p lacks.
func (p *part) missing() string {
	switch p.text {
	case "query-first", "query-all":
		return fmt.Sprintf("no key %q in the query", p.arg)
	case "query-keys":
		return "no key in the query"
	case "segment":
		return fmt.Sprintf("no path segment %d", p.n)
	case "host-label":
		return fmt.Sprintf("no host label %d", p.n)
	case "puny:host", "idn:host":
		return "no host that IDNA (UTS #46) can convert"
	case "port":
		if p.mods&modDefault != 0 {
			return "no port, and no default port for the scheme"
		}
	case "registrable":
		return "no registrable domain"
	case "suffix":
		return "no public suffix"
	case "surt":
		return "no SURT (a relative reference has none)"
	case "host_type":
		return "no host"
	}
	return "no " + p.text
}

// appendValue appends the value of p for r and reports whether r has one:
// a defined component (empty or not), a key present in the query, a
// segment, a port or default port, a Public Suffix List part, a SURT.
func (p *part) appendValue(dst []byte, u *uri.URI, o *Options) ([]byte, bool) {
	switch p.kind {
	case partField:
		v, ok := p.field.value(u, o.ShowPassword)
		return p.appendText(dst, v), ok
	case partQueryFirst, partQueryAll, partQueryKeys:
		return p.appendQuery(dst, u)
	case partSegment:
		// The segments as uri.Segments yields them: none for an empty
		// path, an absolute path's leading empty one left out.
		path := u.Path()
		if path == "" {
			return dst, false
		}
		return p.appendNth(dst, strings.TrimPrefix(path, "/"), '/')
	case partLabel:
		// The labels as uri.Labels yields them: a reg-name's, not empty.
		host, _ := u.Host()
		if u.HostType() != uri.HostRegName || host == "" {
			return dst, false
		}
		return p.appendNth(dst, host, '.')
	case partPuny, partIDN:
		host, ok := u.Host()
		if !ok {
			return dst, false
		}
		if u.HostType() != uri.HostRegName {
			return p.appendText(dst, host), true // an IP address has one form
		}
		ascii, unicode, err := idn.HostForms(host)
		if err != nil {
			return dst, false
		}
		if p.kind == partIDN {
			return p.appendText(dst, unicode), true
		}
		return p.appendText(dst, ascii), true
	case partURL:
		v := u.String()
		if !o.ShowPassword {
			v = password.Masked(v)
		}
		return p.appendText(dst, v), true
	case partPublicSuffix:
		v := publicSuffixPart(u, p.text)
		return p.appendText(dst, v), v != ""
	case partSURT:
		key, ok := surt.Key(*u, o.defaultPort)
		return p.appendText(dst, key), ok
	case partDefaultPort:
		v := defaultedPort(u, o)
		return p.appendText(dst, v), v != ""
	}
	panic("get: unknown template part")
}

// appendNth appends piece p.n of s between each sep (empty ones too),
// from 1, or from the end when p.n is negative, and reports whether there
// is one. Ranging over uri.Segments here allocated three to five times
// an input: the loop's state escaped into the iterator it was handed.
func (p *part) appendNth(dst []byte, s string, sep byte) ([]byte, bool) {
	v, ok := nthPiece(s, sep, p.n)
	if !ok {
		return dst, false
	}
	return p.appendText(dst, v), true
}

// nthPiece is piece n of s between each sep, empty ones too, from 1, or
// from the end when n is negative; there is no piece 0.
func nthPiece(s string, sep byte, n int) (string, bool) {
	switch {
	case n == 0:
		return "", false
	case n < 0:
		for ; n < -1; n++ {
			i := strings.LastIndexByte(s, sep)
			if i < 0 {
				return "", false
			}
			s = s[:i]
		}
		return s[strings.LastIndexByte(s, sep)+1:], true
	}
	for ; n > 1; n-- {
		i := strings.IndexByte(s, sep)
		if i < 0 {
			return "", false
		}
		s = s[i+1:]
	}
	if i := strings.IndexByte(s, sep); i >= 0 {
		s = s[:i]
	}
	return s, true
}

// queryPair is one pair of a query, as written: the piece between two
// "&", and its key and value, cut at its first "=" (without one, the
// value is empty).
type queryPair struct{ piece, key, value string }

// queryPairs yields the pairs of query, in order, repeats kept: the one
// reading of a query's pairs, which the query fields and parse --each
// share. A piece with nothing in it ("a&&b", a trailing "&") is no pair.
func queryPairs(query string) iter.Seq[queryPair] {
	return func(yield func(queryPair) bool) {
		for piece := range strings.SplitSeq(query, "&") {
			if piece == "" {
				continue
			}
			k, v, _ := strings.Cut(piece, "=")
			if !yield(queryPair{piece, k, v}) {
				return
			}
		}
	}
}

// appendQuery appends the values of key p.arg, or every key, from the
// query's pairs, space-separated.
func (p *part) appendQuery(dst []byte, u *uri.URI) ([]byte, bool) {
	q, ok := u.Query()
	if !ok {
		return dst, false
	}
	found := false
	// What a key or value decodes into, on the stack as most fit: it
	// is read before the next is decoded.
	var room [256]byte
	for pair := range queryPairs(q) {
		item := pair.key
		if p.kind != partQueryKeys {
			if p.decode(room[:0], pair.key) != p.arg {
				continue
			}
			item = pair.value
		}
		if p.mods&modRaw == 0 {
			item = p.decode(room[:0], item)
		}
		if found {
			dst = append(dst, ' ')
		}
		dst = p.appendText(dst, item)
		found = true
		if p.kind == partQueryFirst {
			break
		}
	}
	return dst, found
}

// decode decodes a query's key or value, into buf where it changes: by
// RFC 3986, which gives "+" no meaning, or under form: as form data, "+"
// a space.
func (p *part) decode(buf []byte, s string) string {
	form := p.mods&modForm != 0
	if strings.IndexByte(s, '%') < 0 && (!form || strings.IndexByte(s, '+') < 0) {
		return s
	}
	if form {
		return ascii.View(pct.AppendFormDecoded(buf, s))
	}
	buf, _ = ascii.AppendPercentDecoded(buf, s)
	return ascii.View(buf)
}

// appendText appends v, percent-encoded under encode:.
func (p *part) appendText(dst []byte, v string) []byte {
	if p.mods&modEncode != 0 {
		return appendEncoded(dst, v)
	}
	joined := (p.kind == partQueryAll || p.kind == partQueryKeys) && p.mods&modRaw == 0
	if escapes(v, joined) {
		return appendEscaped(dst, v, joined)
	}
	return append(dst, v...)
}

// escapes reports whether v holds a byte that appendEscaped encodes. A
// decoded value is one item of one line: a control character would break
// the line or a tab-separated list, and in the fields that join their
// values with spaces (joined) a space or a '%' would make two readings
// of one output. Those bytes are written percent-encoded, nothing else.
func escapes(v string, joined bool) bool {
	for i := 0; i < len(v); i++ {
		if c := v[i]; c < ' ' || c == 0x7F || joined && (c == ' ' || c == '%') {
			return true
		}
	}
	return false
}

// appendEscaped appends v with its control characters, and with joined
// its spaces and '%', percent-encoded.
func appendEscaped(dst []byte, v string, joined bool) []byte {
	const hex = "0123456789ABCDEF"
	for i := 0; i < len(v); i++ {
		if c := v[i]; c < ' ' || c == 0x7F || joined && (c == ' ' || c == '%') {
			dst = append(dst, '%', hex[c>>4], hex[c&15])
		} else {
			dst = append(dst, c)
		}
	}
	return dst
}

// appendEncoded percent-encodes every byte of v but the unreserved
// characters (RFC 3986 section 2.3), "%" included, in uppercase hex: what
// is left can stand in any component of another reference, and decodes
// back to v.
func appendEncoded(dst []byte, v string) []byte {
	const hex = "0123456789ABCDEF"
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '-', c == '.', c == '_', c == '~':
			dst = append(dst, c)
		default:
			dst = append(dst, '%', hex[c>>4], hex[c&15])
		}
	}
	return dst
}

// defaultedPort is the port of u, or when it has none or an empty one
// (which means the default, section 3.2.3) the default port of its
// scheme.
func defaultedPort(u *uri.URI, o *Options) string {
	if port, _ := u.Port(); port != "" {
		return port
	}
	scheme, ok := u.Scheme()
	if !ok {
		return ""
	}
	port, _ := o.defaultPort(scheme)
	return port
}

// defaultPort looks scheme up in --default-port, then in the table of
// pkg/uri that normalize uses.
func (o *Options) defaultPort(scheme string) (string, bool) {
	if port, ok := o.DefaultPorts[strings.ToLower(scheme)]; ok {
		return port, true
	}
	return uri.DefaultPort(scheme)
}

// publicSuffixPart is {registrable}, {suffix} or {subdomain} of u's host,
// by the Public Suffix List; empty for an IP address or no host.
func publicSuffixPart(u *uri.URI, part string) string {
	host, ok := u.Host()
	if !ok || u.HostType() != uri.HostRegName || host == "" {
		return ""
	}
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	if part == "suffix" {
		suffix, _ := publicsuffix.PublicSuffix(host)
		return suffix
	}
	// EffectiveTLDPlusOne looks the suffix up itself.
	registrable, err := publicsuffix.EffectiveTLDPlusOne(host)
	if err != nil {
		return ""
	}
	if part == "registrable" {
		return registrable
	}
	if host == registrable {
		return ""
	}
	return strings.TrimSuffix(host, "."+registrable)
}

// whereMissing is the offset in u's text where a field u lacks would be,
// for the caret of a must: finding.
func whereMissing(u uri.URI, field string) int {
	s := u.String()
	at := func(c uri.Component, end bool) (int, bool) {
		start, stop, ok := u.Span(c)
		if end {
			return stop, ok
		}
		return start, ok
	}
	switch field {
	case "scheme", "surt":
		return 0
	case "password", "port":
		c := uri.ComponentUserinfo
		if field == "port" {
			c = uri.ComponentHost
		}
		if i, ok := at(c, true); ok {
			return i
		}
	case "query", "segment":
		i, _ := at(uri.ComponentPath, true)
		if field == "segment" {
			i, _ = at(uri.ComponentPath, false)
		}
		return i
	case "query-first", "query-all", "query-keys":
		if i, ok := at(uri.ComponentQuery, false); ok {
			return i
		}
		i, _ := at(uri.ComponentPath, true)
		return i
	case "fragment":
		return len(s)
	}
	// The authority and what is in it go after "scheme:".
	if i, ok := at(uri.ComponentHost, false); ok && field != "authority" && field != "userinfo" && field != "user" {
		return i
	}
	if i, ok := at(uri.ComponentAuthority, false); ok {
		return i
	}
	if i, ok := at(uri.ComponentScheme, true); ok {
		return i + 1
	}
	return 0
}

// templateNames are the names of TemplateFields, without their
// arguments, for a hint.
var templateNames = func() (names []string) {
	for _, f := range TemplateFields {
		name, _, _ := strings.Cut(f, ":")
		names = append(names, name)
	}
	return names
}()

// didYouMean is ", did you mean X?" for the known name nearest to name,
// in format, or "" when none is near.
func didYouMean(name string, known []string, format string) string {
	if near, ok := nearest.Name(name, known); ok {
		return "; did you mean " + fmt.Sprintf(format, near) + "?"
	}
	return ""
}
