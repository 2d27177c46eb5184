package uri_test

import (
	"encoding/json"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/uritool/uritool/pkg/uri"
)

// Like net/netip, every exported type has a usable zero value and every
// method is total. These are the values each exported type is tried with:
// its zero value, and for enumerations a value out of range.
var totalityValues = map[string][]any{
	"URI":              {uri.URI{}, &uri.URI{}},
	"HostType":         {uri.HostType(0), uri.HostType(200)},
	"Component":        {uri.Component(0), uri.Component(9), uri.Component(255)},
	"Level":            {uri.Level(200)},
	"Rule":             {uri.Rule(0), uri.Rule(200)},
	"ParseError":       {&uri.ParseError{}},
	"BuildError":       {&uri.BuildError{}},
	"Builder":          {uri.Builder{}},
	"NormalizeOptions": {uri.NormalizeOptions{}, uri.NormalizeOptions{Level: 200}},
	"ResolveOptions":   {uri.ResolveOptions{}, uri.ResolveOptions{NonStrict: true}},
	"Branch":           {uri.Branch(0), uri.Branch(200)},
	"DotStep":          {uri.DotStep{}},
	"ResolveTrace":     {uri.ResolveTrace{}},
	"NormalizeRule":    {uri.NormalizeRule(0), uri.NormalizeRule(1 << 15)},
	"NormalizeStep":    {uri.NormalizeStep{}},
}

// exportedTypes lists the exported type names declared in the package's
// non-test files, so that a new type cannot be left out of the test above.
func exportedTypes(t *testing.T) []string {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.TYPE {
				for _, s := range g.Specs {
					if n := s.(*ast.TypeSpec).Name.Name; ast.IsExported(n) {
						names = append(names, n)
					}
				}
			}
		}
	}
	return names
}

// argFor gives a method's parameter the zero value of its type, or an
// out-of-range value for an enumeration.
func argFor(typ reflect.Type) reflect.Value {
	switch typ {
	case reflect.TypeFor[uri.Component]():
		return reflect.ValueOf(uri.Component(200))
	case reflect.TypeFor[[]byte]():
		return reflect.ValueOf([]byte(nil))
	}
	return reflect.Zero(typ)
}

func TestTotality(t *testing.T) {
	for _, name := range exportedTypes(t) {
		values, ok := totalityValues[name]
		if !ok {
			t.Errorf("exported type %s has no values in totalityValues", name)
		}
		for _, v := range values {
			rv := reflect.ValueOf(v)
			for i := range rv.NumMethod() {
				m := rv.Type().Method(i)
				args := make([]reflect.Value, m.Type.NumIn()-1)
				for j := range args {
					args[j] = argFor(m.Type.In(j + 1))
				}
				func() {
					defer func() {
						if r := recover(); r != nil {
							t.Errorf("(%#v).%s panics: %v", v, m.Name, r)
						}
					}()
					out := rv.Method(i).Call(args)
					if seq, ok := out[0].Interface().(func(func(string) bool)); ok {
						for range seq {
						}
					}
				}()
			}
		}
	}
}

func TestZeroURI(t *testing.T) {
	var z uri.URI
	if z.IsValid() || z.IsAbsolute() || z.String() != "" || z.Path() != "" || z.HostType() != uri.HostNone {
		t.Errorf("zero URI: valid %v, absolute %v, %q, path %q, host type %v",
			z.IsValid(), z.IsAbsolute(), z.String(), z.Path(), z.HostType())
	}
	for c := range uri.ComponentFragment + 2 {
		if start, end, ok := z.Span(c); start != 0 || end != 0 || ok {
			t.Errorf("URI{}.Span(%v) = %d, %d, %v; want 0, 0, false", c, start, end, ok)
		}
	}
	for name, get := range map[string]func(uri.URI) (string, bool){
		"Scheme": uri.URI.Scheme, "Authority": uri.URI.Authority, "Userinfo": uri.URI.Userinfo,
		"Host": uri.URI.Host, "Port": uri.URI.Port, "Query": uri.URI.Query, "Fragment": uri.URI.Fragment,
	} {
		if s, ok := get(z); s != "" || ok {
			t.Errorf("URI{}.%s() = %q, %v; want \"\", false", name, s, ok)
		}
	}
	for range z.Segments() {
		t.Error("URI{}.Segments() yields a segment")
	}

	// A failed parse gives the zero URI, never the empty reference.
	bad, err := uri.Parse("http://a b/")
	empty := uri.MustParse("")
	if err == nil || bad != z || !empty.IsValid() || empty == z {
		t.Errorf("Parse(bad) = %#v, %v; Parse(\"\") = %#v", bad, err, empty)
	}

	base := uri.MustParse("http://a/b")
	if _, err := uri.Resolve(base, bad); !errors.Is(err, uri.ErrZeroURI) {
		t.Errorf("Resolve(base, zero): err = %v, want ErrZeroURI", err)
	}
	if _, err := uri.Resolve(z, empty); !errors.Is(err, uri.ErrBaseNotAbsolute) {
		t.Errorf("Resolve(zero, \"\"): err = %v, want ErrBaseNotAbsolute", err)
	}
	if _, err := uri.Relativize(z, base); !errors.Is(err, uri.ErrBaseNotAbsolute) {
		t.Errorf("Relativize(zero, base): err = %v, want ErrBaseNotAbsolute", err)
	}
	if _, err := uri.Relativize(base, z); !errors.Is(err, uri.ErrTargetNotAbsolute) {
		t.Errorf("Relativize(base, zero): err = %v, want ErrTargetNotAbsolute", err)
	}
	for _, level := range []uri.Level{uri.SyntaxLevel, uri.SchemeLevel} {
		if n := uri.Normalize(z, level); n != z {
			t.Errorf("Normalize(zero, %d) = %#v, want the zero URI", level, n)
		}
	}
	if !uri.Equal(z, z) || uri.Equal(z, empty) || uri.Equal(empty, z) {
		t.Errorf("Equal: zero with zero %v, zero with \"\" %v; want true, false", uri.Equal(z, z), uri.Equal(z, empty))
	}
}

func TestEnumStrings(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{uri.ComponentScheme.String(), "scheme"},
		{uri.ComponentFragment.String(), "fragment"},
		{uri.Component(9).String(), "Component(9)"},
		{uri.HostNone.String(), ""},
		{uri.HostRegName.String(), "reg-name"},
		{uri.HostType(77).String(), "HostType(77)"},
		{(&uri.BuildError{Component: "host"}).Error(), "host: invalid"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

func TestMustParsePanics(t *testing.T) {
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), `"http://a b"`) {
			t.Errorf("MustParse of an invalid input: recovered %v", r)
		}
	}()
	uri.MustParse("http://a b")
}

func TestTextEncoding(t *testing.T) {
	type config struct {
		Base uri.URI   `json:"base"`
		Opt  uri.URI   `json:"opt"`
		Refs []uri.URI `json:"refs"`
	}
	in := config{Base: uri.MustParse("http://a/b?c#d"), Refs: []uri.URI{uri.MustParse("../x"), uri.MustParse("#f")}}
	data, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"base":"http://a/b?c#d","opt":"","refs":["../x","#f"]}`; string(data) != want {
		t.Errorf("json.Marshal = %s, want %s", data, want)
	}
	var out config
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(in, out) {
		t.Errorf("round trip: %#v, want %#v", out, in)
	}
	var u uri.URI
	err = u.UnmarshalText([]byte("http://a b/"))
	var pe *uri.ParseError
	if !errors.As(err, &pe) || pe.Offset != 8 || u != (uri.URI{}) {
		t.Errorf("UnmarshalText(invalid) = %v, leaves %#v; want a ParseError at 8 and the zero URI", err, u)
	}
	if b, err := uri.MustParse("a:b").AppendText([]byte("x=")); string(b) != "x=a:b" || err != nil {
		t.Errorf("AppendText = %q, %v", b, err)
	}
}

func TestTextAllocations(t *testing.T) {
	u := uri.MustParse("https://example.com/a?b#c")
	buf := make([]byte, 0, 64)
	if n := testing.AllocsPerRun(100, func() { buf, _ = u.AppendText(buf[:0]) }); n != 0 {
		t.Errorf("AppendText into a large enough buffer allocates %v times, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { buf, _ = u.MarshalText() }); n != 1 {
		t.Errorf("MarshalText allocates %v times, want 1", n)
	}
	text := []byte(u.String())
	var v uri.URI
	// One copy: the URI keeps a string, and text may be reused.
	if n := testing.AllocsPerRun(100, func() { _ = v.UnmarshalText(text) }); n != 1 {
		t.Errorf("UnmarshalText allocates %v times, want 1", n)
	}
}
