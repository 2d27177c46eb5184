package render

import (
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/net/publicsuffix"

	"github.com/uritool/uritool/pkg/uri"
)

// PublicSuffixList names the version of the Public Suffix List that
// {registrable}, {suffix} and {subdomain} use, for --version.
func PublicSuffixList() string { return fmt.Sprint(publicsuffix.List) }

// GetTemplate is a --get value with braces: text with {name} fields, each
// replaced by a part of the parsed reference; "{{" and "}}" are braces.
type GetTemplate struct{ parts []getPart }

type getPart struct {
	text string // literal text, or the field's name
	arg  string // after ':' in {query:KEY}, {query-all:KEY}, {segment:N}
	n    int    // segment:N
	lit  bool
}

// getTemplateFields are the fields a template knows beyond GetFields.
var getTemplateFields = []string{"registrable", "suffix", "subdomain"}

// ParseGetTemplate reads a --get template; an unknown field or a lone
// brace is an error naming its offset.
func ParseGetTemplate(s string) (*GetTemplate, error) {
	t := &GetTemplate{}
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			t.parts = append(t.parts, getPart{text: lit.String(), lit: true})
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
			p, err := parseGetField(s[i+1 : i+end])
			if err != nil {
				return nil, fmt.Errorf("--get template: %v at offset %d", err, i)
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

func parseGetField(f string) (getPart, error) {
	name, arg, hasArg := strings.Cut(f, ":")
	p := getPart{text: name, arg: arg}
	switch {
	case name == "query" && hasArg, name == "query-all":
		// The empty key is a key like any other: "?=bar" is one pair.
		if !hasArg {
			return p, fmt.Errorf("{%s} needs a key, as {%s:KEY}", f, name)
		}
		if name == "query" {
			p.text = "query-first"
		}
		return p, nil
	case name == "segment":
		n, err := strconv.Atoi(arg)
		if err != nil || n == 0 {
			return p, fmt.Errorf("{%s} needs a segment number other than 0, as {segment:1} or {segment:-1}", f)
		}
		p.n = n
		return p, nil
	case hasArg:
		return p, fmt.Errorf("unknown field {%s}", f)
	}
	for _, known := range append(GetFields, getTemplateFields...) {
		if name == known {
			return p, nil
		}
	}
	return p, fmt.Errorf("unknown field {%s} (want %s, query:KEY, query-all:KEY or segment:N)", f, strings.Join(append(GetFields, getTemplateFields...), ", "))
}

// Append renders t for r onto dst.
func (t *GetTemplate) Append(dst []byte, r *Parsed) []byte {
	for _, p := range t.parts {
		if p.lit {
			dst = append(dst, p.text...)
			continue
		}
		dst = append(dst, templateField(r, p)...)
	}
	return dst
}

func templateField(r *Parsed, p getPart) string {
	u := r.URI
	switch p.text {
	case "query-first", "query-all":
		q, _ := u.Query()
		var vals []string
		for _, pair := range strings.Split(q, "&") {
			k, v, _ := strings.Cut(pair, "=")
			if uri.PercentDecode(k) == p.arg {
				if p.text == "query-first" {
					return uri.PercentDecode(v)
				}
				vals = append(vals, uri.PercentDecode(v))
			}
		}
		return strings.Join(vals, " ")
	case "segment":
		var segs []string
		for s := range u.Segments() {
			segs = append(segs, s)
		}
		i := p.n - 1
		if p.n < 0 {
			i = len(segs) + p.n
		}
		if i < 0 || i >= len(segs) {
			return ""
		}
		return segs[i]
	case "registrable", "suffix", "subdomain":
		host, ok := u.Host()
		if !ok || u.HostType() != uri.HostRegName || host == "" {
			return ""
		}
		host = strings.TrimSuffix(strings.ToLower(host), ".")
		suffix, _ := publicsuffix.PublicSuffix(host)
		registrable, err := publicsuffix.EffectiveTLDPlusOne(host)
		switch p.text {
		case "suffix":
			return suffix
		case "registrable":
			if err != nil {
				return ""
			}
			return registrable
		}
		if err != nil || host == registrable {
			return ""
		}
		return strings.TrimSuffix(host, "."+registrable)
	}
	v, _ := field(r, p.text)
	return v
}
