package uri

import (
	"strings"

	"github.com/uritool/uritool/internal/ascii"
)

// Builder makes a reference from components. A nil component is
// undefined and a pointer to "" is defined but empty, the distinction
// section 5.3 keeps. The path is always defined.
type Builder struct {
	Scheme, Userinfo, Host, Port *string
	Path                         string
	Query, Fragment              *string
	// IRI builds an IRI reference (RFC 3987 section 2.2): the components
	// may hold the non-ASCII characters that the IRI rules accept.
	IRI bool
}

// Build checks each component against its own rule and where it stands,
// then recomposes them by section 5.3. A component that cannot stand where
// it is put is an error, never silently changed.
func (b Builder) Build() (URI, error) {
	if err := b.check(); err != nil {
		return URI{}, err
	}
	var s strings.Builder
	if b.Scheme != nil {
		s.WriteString(*b.Scheme)
		s.WriteByte(':')
	}
	if b.Host != nil {
		s.WriteString("//")
		if b.Userinfo != nil {
			s.WriteString(*b.Userinfo)
			s.WriteByte('@')
		}
		s.WriteString(*b.Host)
		if b.Port != nil {
			s.WriteByte(':')
			s.WriteString(*b.Port)
		}
	}
	s.WriteString(b.Path)
	if b.Query != nil {
		s.WriteByte('?')
		s.WriteString(*b.Query)
	}
	if b.Fragment != nil {
		s.WriteByte('#')
		s.WriteString(*b.Fragment)
	}
	if b.IRI {
		return ParseRule(s.String(), RuleIRIReference)
	}
	return Parse(s.String())
}

func buildErr(component string, offset int, format string, args ...any) error {
	return &BuildError{Component: component, Err: errAt(offset, component, format, args...)}
}

func (b Builder) check() error {
	ucs := asciiOnly
	if b.IRI {
		ucs = ucschars
	}
	if b.Scheme != nil {
		s := *b.Scheme
		if s == "" || !ascii.IsAlpha(s[0]) {
			return buildErr("scheme", 0, "a scheme must begin with a letter")
		}
		for i := 1; i < len(s); i++ {
			if schemeChar.of[s[i]] == 0 {
				return &BuildError{"scheme", errChar(s, i, "scheme", "scheme")}
			}
		}
	}
	if b.Host == nil {
		switch {
		case b.Userinfo != nil:
			return buildErr("userinfo", 0, "userinfo needs a host (section 3.2)")
		case b.Port != nil:
			return buildErr("port", 0, "a port needs a host (section 3.2)")
		}
	}
	if err := checkClass("userinfo", b.Userinfo, &userinfoChar, ucs); err != nil {
		return err
	}
	if b.Host != nil {
		h := *b.Host
		var u URI
		end, err := u.parseHost(h, 0, ucs)
		if err == nil && end < len(h) {
			err = errChar(h, end, "host", "host")
		}
		if err != nil {
			return &BuildError{"host", err.(*ParseError)}
		}
	}
	if b.Port != nil {
		for i := 0; i < len(*b.Port); i++ {
			if !ascii.IsDigit((*b.Port)[i]) {
				return &BuildError{"port", errChar(*b.Port, i, "port", "port")}
			}
		}
	}
	if err := checkClass("path", &b.Path, &pathChar, ucs); err != nil {
		return err
	}
	p := b.Path
	switch {
	case b.Host != nil && p != "" && p[0] != '/':
		return buildErr("path", 0, "with an authority the path must be empty or begin with '/' (section 3.3)")
	case b.Host == nil && strings.HasPrefix(p, "//"):
		return buildErr("path", 0, "without an authority the path cannot begin with '//' (section 3.3)")
	case b.Scheme == nil && b.Host == nil:
		first := p
		if i := strings.IndexByte(p, '/'); i >= 0 {
			first = p[:i]
		}
		if i := strings.IndexByte(first, ':'); i >= 0 {
			return buildErr("path", i, "':' in the first segment of a relative path (section 4.2)")
		}
	}
	if err := checkClass("query", b.Query, &queryChar, ucs.inQuery()); err != nil {
		return err
	}
	return checkClass("fragment", b.Fragment, &queryChar, ucs)
}

func checkClass(component string, v *string, class *charClass, ucs nonASCII) error {
	if v == nil {
		return nil
	}
	var f flags
	end, err := scanPct(*v, 0, class, &f)
	if ucs != asciiOnly {
		end, err = scanUcs(*v, end, err, class, ucs, &f)
	}
	if err == nil && end < len(*v) {
		err = errChar(*v, end, component, component)
	}
	if err != nil {
		return &BuildError{component, err.(*ParseError)}
	}
	return nil
}
