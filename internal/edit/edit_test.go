package edit

import (
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/uritool/uritool/pkg/uri"
)

func mustOp(op Op, err error) Op {
	if err != nil {
		panic(err)
	}
	return op
}

func TestApply(t *testing.T) {
	for _, c := range []struct {
		in   string
		ops  []Op
		want string // "" for an error
	}{
		{"https://example.com/a?b#c", []Op{mustOp(ParseSet("--set", "host=example.org")), mustOp(ParseSet("--set", "port=8443"))}, "https://example.org:8443/a?b#c"},
		{"http://h/x", []Op{mustOp(ParseSet("--set", "path=/a b/c"))}, "http://h/a%20b/c"},
		{"http://h/x", []Op{mustOp(ParseSet("--set", "path=a"))}, ""},
		{"http://h/x", []Op{mustOp(ParseSet("--set", "path:=/a%20b"))}, "http://h/a%20b"},
		{"http://h/x", []Op{mustOp(ParseSet("--set", "path:=/a b"))}, ""},
		{"http://a/", []Op{mustOp(ParseSet("--set", "host=2001:db8::1"))}, "http://[2001:db8::1]/"},
		{"http://a/", []Op{mustOp(ParseSet("--set", "host=b ü"))}, ""},
		{"http://a/", []Op{mustOp(ParseSet("--set", "host=Bücher.example"))}, "http://xn--bcher-kva.example/"},
		{"http://a/", []Op{mustOp(ParseSet("--set", "host=XN--bcher-kva.example"))}, "http://XN--bcher-kva.example/"},
		{"http://a/", []Op{mustOp(ParseSet("--set", "host=xn--zz.example"))}, ""},
		{"http://a/", []Op{mustOp(ParseSet("--set", "host=a%41"))}, ""},
		{"http://a/", []Op{mustOp(ParseSet("--set", "host=my_host.example"))}, "http://my_host.example/"},
		{"http://a/", []Op{mustOp(ParseSet("--set", "host=[::1]"))}, "http://[::1]/"},
		{"http://a/", []Op{mustOp(ParseSet("--set", "host=[v7.a:b]"))}, "http://[v7.a:b]/"},
		{"http://a/", []Op{mustOp(ParseSet("--set", "host=[fe80::1%25x]"))}, ""},
		{"http://a/", []Op{mustOp(ParseSet("--set", "host=fe80::1%x"))}, ""},
		{"http://a/", []Op{mustOp(ParseSet("--set", "host=a:1"))}, ""},
		{"http://h/?q", []Op{mustOp(ParseUnset("--unset", "query"))}, "http://h/"},
		{"http://h/", []Op{mustOp(ParseSet("--set", "query="))}, "http://h/?"},
		{"http://h/#f", []Op{mustOp(ParseSet("--set", "fragment=a b#c"))}, "http://h/#a%20b%23c"},
		{"mailto:a@b", []Op{mustOp(ParseSet("--set", "path=c@d"))}, "mailto:c@d"},
		{"/a/b", []Op{mustOp(ParseSet("--set", "scheme=https")), mustOp(ParseSet("--set", "host=h"))}, "https://h/a/b"},
		{"http://u@h:1/", []Op{mustOp(ParseUnset("--unset", "host"))}, ""},
		{"http://u:p:q@h/", []Op{mustOp(ParseSet("--set", "user=v"))}, "http://v:p:q@h/"},
		{"http://u:p:q@h/", []Op{mustOp(ParseUnset("--unset", "password"))}, "http://u@h/"},
		{"http://u:p@h/", []Op{mustOp(ParseUnset("--unset", "password")), mustOp(ParseUnset("--unset", "user"))}, "http://h/"},
		// In either order (issue 36: user then password gave "http://@h/"):
		// ":p" is a password without a user.
		{"http://u:p@h/", []Op{mustOp(ParseUnset("--unset", "user")), mustOp(ParseUnset("--unset", "password"))}, "http://h/"},
		{"http://:p@h/", []Op{mustOp(ParseUnset("--unset", "password"))}, "http://h/"},
		{"http://@h/", []Op{mustOp(ParseUnset("--unset", "password"))}, "http://@h/"},
		{"http://h/", []Op{mustOp(ParseSet("--set", "password=p"))}, "http://:p@h/"},
		{"http://h/", []Op{mustOp(ParseSet("--set", "user="))}, "http://@h/"},
		{"http://h:1/", []Op{mustOp(ParseSet("--set", "port?=2"))}, "http://h:1/"},
		{"http://h:/", []Op{mustOp(ParseSet("--set", "port?=2"))}, "http://h:2/"},
		{"http://h/?", []Op{mustOp(ParseSet("--set", "query?=a b"))}, "http://h/?a%20b"},
		{"http://h/?q", []Op{mustOp(ParseSet("--set", "query?:=a"))}, "http://h/?q"},
		{"http://:p@h/", []Op{mustOp(ParseSet("--set", "user?=u")), mustOp(ParseSet("--set", "password?=q"))}, "http://u:p@h/"},
		{"http://u:@h/", []Op{mustOp(ParseSet("--set", "password?=q"))}, "http://u:q@h/"},
		{"http://h/d/", []Op{mustOp(ParseAppend("--append", "path=a/b c"))}, "http://h/d/a%2Fb%20c"},
		{"http://h", []Op{mustOp(ParseAppend("--append", "path=x"))}, "http://h/x"},
		{"http://h/?%41=1", []Op{mustOp(ParseAppend("--append", "query=k&=v w"))}, "http://h/?%41=1&k%26=v%20w"},
		{"http://h/?z=1&utm_a=2&a=%7e", []Op{mustOp(ParseGlob(DeleteQuery, "--delete-query", "utm_*")), {Action: SortQuery, Flag: "--sort-query"}}, "http://h/?a=%7e&z=1"},
		{"http://h/?utm_a=2", []Op{mustOp(ParseGlob(DeleteQuery, "--delete-query", "utm_*"))}, "http://h/"},
		{"http://h/?", []Op{mustOp(ParseGlob(DeleteQuery, "--delete-query", "utm_*"))}, "http://h/?"},
		{"http://h/?a=b&c=d&", []Op{{Action: SortQuery, Flag: "--sort-query"}}, "http://h/?a=b&c=d"},
		{"http://h/?a=b&c=d&", []Op{mustOp(ParseGlob(DeleteQuery, "--delete-query", "a"))}, "http://h/?c=d"},
		{"http://h/?a=b&&c=d&", []Op{mustOp(ParseGlob(DeleteQuery, "--delete-query", "x"))}, "http://h/?a=b&&c=d&"},
		{"http://h/?a=1&b=2&c=3", []Op{{Action: KeepQuery, Globs: []string{"a", "c"}, Flag: "--keep-query"}}, "http://h/?a=1&c=3"},
		{"http://h/?p=1&x=1&p=3", []Op{mustOp(ParseSetQuery("--set-query", "p=2"))}, "http://h/?p=2&x=1"},
		{"http://h/?x=1", []Op{mustOp(ParseSetQuery("--set-query", "p=2"))}, "http://h/?x=1&p=2"},
		{"http://h/?p=1&x", []Op{mustOp(ParseSetQuery("--set-query", "p"))}, "http://h/?p&x"},
		{"http://h/?x", []Op{mustOp(ParseAppend("--append", "query=moo"))}, "http://h/?x&moo"},
		{"http://h/?%75tm_a=1", []Op{mustOp(ParseGlob(DeleteQuery, "--delete-query", "utm_*"))}, "http://h/"},
	} {
		u := uri.MustParse(c.in)
		got, err := Apply(u, c.ops, Options{})
		if c.want == "" {
			if err == nil {
				t.Errorf("%s %v: %q, want an error", c.in, c.ops, got)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%s: got %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	if _, err := Apply(uri.MustParse("http://h/?a;b=1"), []Op{mustOp(ParseGlob(DeleteQuery, "--delete-query", "b"))}, Options{Separator: ';'}); err != nil {
		t.Error(err)
	}
	for host, rule := range map[string]string{"[fe80::1%25x]": "IP-literal", "fe80::1%x": "IP-literal", "[::1": "IP-literal", "[::1]x": "host", "a:1": "reg-name", "a[": "reg-name",
		"a b": "reg-name", "bü_cher.de": "idna-disallowed", "-ü.de": "idna-hyphen", "xn--zz": "idna-punycode"} {
		_, err := Apply(uri.MustParse("http://a/"), []Op{mustOp(ParseSet("--set", "host="+host))}, Options{})
		var e *Error
		if !errors.As(err, &e) || e.Rule != rule || e.Flag != "--set host="+host {
			t.Errorf("--set host=%s: %#v, want an *Error naming the flag and rule %s", host, err, rule)
		}
	}
	if got, err := Apply(uri.MustParse("http://a/"), []Op{mustOp(ParseSet("--set", "host=Bücher.example"))}, Options{IRI: true}); got != "http://bücher.example/" || err != nil {
		t.Errorf("--iri --set host=Bücher.example: %q, %v; want its U-labels", got, err)
	}
	for _, sep := range Separators {
		in := "http://h/?b=1" + string(sep) + "a=2"
		got, err := Apply(uri.MustParse(in), []Op{{Action: SortQuery}, mustOp(ParseAppend("--append", "query=k"+string(sep)+"=v"))}, Options{Separator: byte(sep)})
		want := fmt.Sprintf("http://h/?a=2%cb=1%ck%%%02X=v", sep, sep, sep)
		if got != want || err != nil {
			t.Errorf("separator %c: %q, %v; want %q", sep, got, err, want)
		}
	}
	for _, bad := range []string{"", "&&", "a", "~", "=", "#", "%", "[", " "} {
		if _, err := ParseSeparator(bad); err == nil {
			t.Errorf("ParseSeparator(%q) accepted", bad)
		}
	}
	if _, err := Apply(uri.URI{}, nil, Options{}); err == nil {
		t.Error("zero URI accepted")
	}
	for _, bad := range []string{"", "query="} {
		if _, err := ParseAppend("--append", bad); err == nil {
			t.Errorf("ParseAppend(%q) accepted", bad)
		}
	}
	if _, err := ParseSetQuery("--set-query", ""); err == nil {
		t.Error("ParseSetQuery accepted an empty pair")
	}
	for _, bad := range []string{"nope=1", "host", "query", "port:?=1", "port??=1", "?=1"} {
		if _, err := ParseSet("--set", bad); err == nil {
			t.Errorf("ParseSet(%q) accepted", bad)
		}
	}
}

// TestEditsTouchOnlyTheirComponent is the property the issue asks for:
// for real references and random edits, the result is a valid reference
// and every component no edit touched is byte for byte the input's.
func TestEditsTouchOnlyTheirComponent(t *testing.T) {
	f, err := os.Open("../../pkg/uri/testdata/urls-sample.txt.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var refs []uri.URI
	sc := bufio.NewScanner(z)
	for sc.Scan() && len(refs) < 5000 {
		if u, err := uri.Parse(sc.Text()); err == nil {
			refs = append(refs, u)
		}
	}
	// Queries with empty pairs, which the sample lacks.
	for _, s := range []string{"http://h/?a=1&&b=2&", "http://h/?&x", "https://h/p?z=&&a&", "h?&&"} {
		refs = append(refs, uri.MustParse(s))
	}
	rng := rand.New(rand.NewPCG(1, 2))
	values := []string{"", "x", "a b", "/p/q", "ü", "%zz", "2001:db8::1", "8080", "k=v&w"}
	comps := Components
	applied := 0
	for i := 0; i < 20000; i++ {
		u := refs[rng.IntN(len(refs))]
		if i%10 == 0 {
			u = refs[len(refs)-1-rng.IntN(4)]
		}
		var op Op
		switch rng.IntN(5) {
		case 0:
			cond := []string{"", "?"}[rng.IntN(2)]
			op = mustOp(ParseSet("--set", comps[rng.IntN(len(comps))]+cond+"="+values[rng.IntN(len(values))]))
		case 1:
			op = mustOp(ParseUnset("--unset", comps[rng.IntN(len(comps))]))
		case 2:
			op = mustOp(ParseAppend("--append", "query=k="+values[rng.IntN(len(values))]))
		case 3:
			op = mustOp(ParseGlob(DeleteQuery, "--delete-query", "[a-m]*"))
		default:
			op = Op{Action: SortQuery, Flag: "--sort-query"}
		}
		out, err := Apply(u, []Op{op}, Options{})
		if err != nil {
			continue
		}
		applied++
		v, err := uri.Parse(out)
		if err != nil {
			t.Fatalf("%s %s gave %q, not a reference: %v", u, op.Flag, out, err)
		}
		// A conditional set leaves a component that has a value alone.
		if op.IfAbsent && out != u.String() {
			p := parts{scheme: opt(u.Scheme()), userinfo: opt(u.Userinfo()), host: opt(u.Host()), port: opt(u.Port()),
				path: u.Path(), query: opt(u.Query()), fragment: opt(u.Fragment())}
			if p.has(op.Comp) {
				t.Fatalf("%s %s changed it to %q", u, op.Flag, out)
			}
		}
		touched := op.Comp
		switch {
		case op.Action != Set && op.Action != Unset:
			touched = "query"
		case touched == "user" || touched == "password":
			touched = "userinfo"
		}
		// A query that a query edit writes has no empty pair.
		if q, ok := v.Query(); ok && (op.Action == AppendQuery || op.Action == SortQuery) && q != "" {
			if before, _ := u.Query(); q != before || op.Action == AppendQuery {
				if strings.HasPrefix(q, "&") || strings.HasSuffix(q, "&") || strings.Contains(q, "&&") {
					t.Fatalf("%s %s: query %q has an empty pair", u, op.Flag, q)
				}
			}
		}
		for _, c := range []struct {
			name string
			get  func(uri.URI) (string, bool)
		}{
			{"scheme", uri.URI.Scheme}, {"userinfo", uri.URI.Userinfo}, {"port", uri.URI.Port},
			{"query", uri.URI.Query}, {"fragment", uri.URI.Fragment},
			{"path", func(x uri.URI) (string, bool) { return x.Path(), true }},
		} {
			if c.name == touched || touched == "host" && (c.name == "userinfo" || c.name == "port") {
				continue
			}
			a, aok := c.get(u)
			b, bok := c.get(v)
			if a != b || aok != bok {
				t.Fatalf("%s %s: %s changed from %q to %q", u, op.Flag, c.name, a, b)
			}
		}
	}
	if applied < 5000 {
		t.Errorf("only %d of 20000 random edits applied", applied)
	}
}

// BenchmarkDeleteQuery is the pipeline edit the issue times:
// --delete-query 'utm_*' over real URLs.
func BenchmarkDeleteQuery(b *testing.B) {
	refs := []uri.URI{uri.MustParse("https://example.com/a?utm_source=x&id=1"), uri.MustParse("https://example.com/a/b?id=1&q=2"), uri.MustParse("https://example.com/")}
	ops := []Op{mustOp(ParseGlob(DeleteQuery, "--delete-query", "utm_*"))}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := Apply(refs[i%len(refs)], ops, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func TestIterate(t *testing.T) {
	ops := []Op{
		mustOp(ParseIterate("--iterate", "scheme=http https ftp")),
		mustOp(ParseSet("--set", "host=h")),
		mustOp(ParseIterate("--iterate", "port:=80  8080")),
	}
	if err := Check(ops); err != nil {
		t.Fatal(err)
	}
	if n := Combinations(ops); n != 6 {
		t.Fatalf("Combinations = %d, want 6", n)
	}
	// The first --iterate varies slowest, as nested loops in flag order.
	var got []string
	var buf []Op
	for k := range 6 {
		buf = Combination(ops, k, buf)
		out, err := Apply(uri.MustParse("//x/p"), buf, Options{})
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, out)
		if buf[2].Flag != "--iterate port:="+[]string{"80", "8080"}[k%2] {
			t.Errorf("combination %d: flag %q", k, buf[2].Flag)
		}
	}
	want := []string{"http://h:80/p", "http://h:8080/p", "https://h:80/p", "https://h:8080/p", "ftp://h:80/p", "ftp://h:8080/p"}
	if !slices.Equal(got, want) {
		t.Errorf("combinations: %q, want %q", got, want)
	}
	if Combinations(ops[1:2]) != 0 {
		t.Error("combinations without --iterate")
	}
	if _, err := Apply(uri.MustParse("//x/p"), ops, Options{}); err == nil {
		t.Error("Apply made an --iterate edit")
	}
	for _, bad := range [][]Op{
		{mustOp(ParseIterate("--iterate", "port=1 2")), mustOp(ParseIterate("--iterate", "port=3"))},
		{mustOp(ParseSet("--set", "port=1")), mustOp(ParseIterate("--iterate", "port=3"))},
		{mustOp(ParseIterate("--iterate", "port=3")), mustOp(ParseUnset("--unset", "port"))},
		manyCombinations(),
	} {
		if err := Check(bad); err == nil {
			t.Errorf("Check(%v) accepted", bad)
		}
	}
	for _, bad := range []string{"port", "port=", "port=  ", "port?=1 2", "port?:=1", "nope=1"} {
		if _, err := ParseIterate("--iterate", bad); err == nil {
			t.Errorf("ParseIterate(%q) accepted", bad)
		}
	}
}

// manyCombinations iterates every component over 8 values: 8^9
// combinations, more than Check lets through.
func manyCombinations() []Op {
	var ops []Op
	for _, c := range Components {
		ops = append(ops, mustOp(ParseIterate("--iterate", c+"=1 2 3 4 5 6 7 8")))
	}
	return ops
}

// FuzzEdit: whatever the value, the component and the separator, an edit
// gives a valid reference or an error naming its flag, never a reference
// RFC 3986 forbids (the house rule "strict").
func FuzzEdit(f *testing.F) {
	f.Add("http://u:p@h:1/a?b=1&c#f", "[::1]", uint8(4), uint8(0), false)
	f.Add("http://h/?a=b&c=d&", "fe80::1%eth0", uint8(4), uint8(2), false)
	f.Add("//h", "bücher.de", uint8(4), uint8(9), true)
	f.Add("a/b?x:y", "k=v:w", uint8(7), uint8(10), false)
	f.Add("mailto:a@b", "a:b", uint8(2), uint8(5), false)
	f.Fuzz(func(t *testing.T, ref, value string, comp, sep uint8, iri bool) {
		u, err := uri.Parse(ref)
		if err != nil {
			return
		}
		c := Components[int(comp)%len(Components)]
		o := Options{Separator: Separators[int(sep)%len(Separators)], IRI: iri}
		var ops []Op
		for _, s := range []string{c + "=" + value, c + ":=" + value, c + "?=" + value} {
			if op, err := ParseSet("--set", s); err == nil {
				ops = append(ops, op)
			}
		}
		for _, s := range []string{"query=" + value, "path=" + value} {
			if op, err := ParseAppend("--append", s); err == nil {
				ops = append(ops, op)
			}
		}
		if op, err := ParseSetQuery("--set-query", value); err == nil {
			ops = append(ops, op)
		}
		ops = append(ops, Op{Action: SortQuery, Flag: "--sort-query"})
		for _, op := range ops {
			out, err := Apply(u, []Op{op}, o)
			if err != nil {
				if e := (*Error)(nil); !errors.As(err, &e) || e.Flag != op.Flag {
					t.Fatalf("%s %s: error %v does not name the flag", ref, op.Flag, err)
				}
				continue
			}
			rule := uri.RuleURIReference
			if iri {
				rule = uri.RuleIRIReference
			}
			if _, err := uri.ParseRule(out, rule); err != nil {
				t.Fatalf("%s %s gave %q, not a reference: %v", ref, op.Flag, out, err)
			}
		}
	})
}
