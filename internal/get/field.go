package get

import (
	"strings"

	"github.com/uritool/uritool/internal/password"
	"github.com/uritool/uritool/pkg/uri"
)

// kindOf names the rule of section 4.1 that u matched, as parse's JSON
// record does.
func kindOf(u uri.URI) string {
	if u.IsAbsolute() {
		return "uri"
	}
	return "relative-ref"
}

// field is one of Fields, looked up once, so that each input costs
// a switch on a number rather than comparisons of names.
type field struct {
	of fieldOf
	c  uri.Component // for fieldComponent
}

type fieldOf uint8

const (
	fieldComponent fieldOf = iota
	fieldHostType
	fieldKind
	fieldUser
	fieldPassword
)

// lookupField finds name, one of Fields.
func lookupField(name string) field {
	switch name {
	case "host_type":
		return field{of: fieldHostType}
	case "kind":
		return field{of: fieldKind}
	case "user":
		return field{of: fieldUser}
	case "password":
		return field{of: fieldPassword}
	}
	for c := range uri.ComponentFragment + 1 {
		if c.String() == name {
			return field{c: c}
		}
	}
	panic("get: unknown field " + name) // List and Parse refuse it first
}

// value returns the field of u, a valid reference, and whether it is
// defined. Unless showPassword, a password shows as password.Mask (section 7.5),
// alone or in the userinfo or the authority; an empty one is no password.
func (f *field) value(u *uri.URI, showPassword bool) (string, bool) {
	switch f.of {
	case fieldHostType:
		t := u.HostType().String()
		return t, t != ""
	case fieldKind:
		return kindOf(*u), true
	case fieldUser, fieldPassword:
		// userinfo = user [ ":" password ] (section 3.2.1)
		userinfo, ok := u.Userinfo()
		user, pw, hasPassword := strings.Cut(userinfo, ":")
		if f.of == fieldUser {
			return user, ok
		}
		if pw != "" && !showPassword {
			pw = password.Mask
		}
		return pw, hasPassword
	}
	start, end, ok := u.Span(f.c)
	v := u.String()[start:end]
	if !showPassword {
		switch f.c {
		case uri.ComponentUserinfo:
			v = maskPassword(v, len(v))
		case uri.ComponentAuthority:
			// The first "@" ends the userinfo, which cannot hold one.
			if at := strings.IndexByte(v, '@'); at >= 0 {
				v = maskPassword(v, at)
			}
		}
	}
	return v, ok
}

// maskPassword writes as password.Mask the password of the userinfo v[:end]: end
// is len(v) for a userinfo, the "@" for an authority.
func maskPassword(v string, end int) string {
	colon := strings.IndexByte(v[:end], ':')
	if colon < 0 || colon+1 == end {
		return v
	}
	return v[:colon+1] + password.Mask + v[end:]
}
