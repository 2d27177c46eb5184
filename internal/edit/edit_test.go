package edit

import (
	"bufio"
	"cmp"
	"compress/gzip"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/uritool/uritool/internal/glob"
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
		{"http://h/?a=1&b=2&c=3", []Op{{Action: KeepQuery, Globs: []glob.Name{glob.MustParseName("a"), glob.MustParseName("c")}, Flag: "--keep-query"}}, "http://h/?a=1&c=3"},
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
	// Under Form a "+" in a key is a space, which the query as written
	// does not hold.
	if got, err := Apply(uri.MustParse("http://h/?a+b=1&c=2"), []Op{mustOp(ParseGlob(DeleteQuery, "--delete-query", "a b"))}, Options{Form: true}); err != nil || got != "http://h/?c=2" {
		t.Errorf("form key: %q, %v", got, err)
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
		switch rng.IntN(6) {
		case 0:
			cond := []string{"", "?"}[rng.IntN(2)]
			op = mustOp(ParseSet("--set", comps[rng.IntN(len(comps))]+cond+"="+values[rng.IntN(len(values))]))
		case 1:
			op = mustOp(ParseUnset("--unset", comps[rng.IntN(len(comps))]))
		case 2:
			op = mustOp(ParseAppend("--append", "query=k="+values[rng.IntN(len(values))]))
		case 3:
			op = mustOp(ParseGlob(DeleteQuery, "--delete-query", "[a-m]*"))
		case 4:
			op = replaceOp(t, Options{}, []string{"[a-m]*"}, false, rng.IntN(2) == 0, values[rng.IntN(len(values))])
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
		if q, ok := v.Query(); ok && (op.Action == AppendQuery || op.Action == SortQuery || op.Action == Replace) && q != "" {
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

// FuzzDeleteQuery: dropping or keeping pairs by their keys gives what
// the general path, which rebuilds, gives, whatever the keys' encoding,
// the separator and the form convention.
func FuzzDeleteQuery(f *testing.F) {
	f.Add("http://h/?utm_a=1&b=2", "utm_*", uint8(0), false, false)
	f.Add("http://h/?%75tm_a=1", "utm_*", uint8(0), false, false)
	f.Add("?a+b=1&c", "a b", uint8(0), true, false)
	f.Add("?x=utm_&y;utm_z", "utm_*", uint8(1), false, true)
	f.Fuzz(func(t *testing.T, ref, pattern string, sep uint8, form, keep bool) {
		u, err := uri.Parse(ref)
		if err != nil {
			return
		}
		action := DeleteQuery
		if keep {
			action = KeepQuery
		}
		op, err := ParseGlob(action, "--delete-query", pattern)
		if err != nil {
			return
		}
		o := Options{Separator: Separators[int(sep)%len(Separators)], Form: form}
		got, gerr := Apply(u, []Op{op}, o)
		want, _, werr := rebuild(&u, []Op{op}, o, nil)
		if (gerr == nil) != (werr == nil) || got != want {
			t.Errorf("%q, keep %v %q: %q (%v), rebuilt %q (%v)", ref, keep, pattern, got, gerr, want, werr)
		}
	})
}

// replaceOp is a Replace of plain values, the way cmd builds one.
func replaceOp(t testing.TB, o Options, keys []string, each, add bool, vs ...string) Op {
	op := Op{Action: Replace, Each: each, Append: add, Flag: "--replace-values"}
	for _, k := range keys {
		op.Globs = append(op.Globs, glob.MustParseName(k))
	}
	for _, v := range vs {
		e, err := EncodeValue(v, false, o)
		if err != nil {
			t.Fatal(err)
		}
		op.Values = append(op.Values, e)
	}
	return op
}

// outputs collects what Outputs yields, an error as "ERR".
func outputs(u uri.URI, ops []Op, o Options) (outs []string, reps [][]Replaced) {
	Outputs(&u, ops, o, nil, nil, nil, func(out string, r []Replaced, err error) {
		if err != nil {
			out = "ERR"
		}
		outs, reps = append(outs, out), append(reps, slices.Clone(r))
	})
	return outs, reps
}

func TestReplaceValues(t *testing.T) {
	semi := Options{Separator: ';'}
	iri := Options{IRI: true}
	for _, c := range []struct {
		name string
		in   string
		o    Options
		keys []string
		each bool
		add  bool
		vals []string
		want []string
	}{
		{name: "every value", in: "https://h/p?a=1&b=2&c", vals: []string{"X"}, want: []string{"https://h/p?a=X&b=X&c=X"}},
		{name: "plain text is encoded", in: "http://h/?q=1", vals: []string{"a b&c=d+e#f;g%h"}, want: []string{"http://h/?q=a%20b%26c%3Dd%2Be%23f%3Bg%25h"}},
		{name: "already encoded text is text", in: "http://h/?q=1", vals: []string{"%27"}, want: []string{"http://h/?q=%2527"}},
		{name: "keys glob", in: "http://h/?id=1&utm_a=2&page=3&utm_b", keys: []string{"utm_*"}, vals: []string{"X"}, want: []string{"http://h/?id=1&utm_a=X&page=3&utm_b=X"}},
		{name: "keys: any glob", in: "http://h/?id=1&q=2&page=3", keys: []string{"id", "p*"}, vals: []string{"X"}, want: []string{"http://h/?id=X&q=2&page=X"}},
		{name: "no chosen key: as written", in: "http://h/?a=1&&b=2&", keys: []string{"z"}, vals: []string{"X"}, want: []string{"http://h/?a=1&&b=2&"}},
		{name: "each: one output per pair, in order", in: "http://h/?a=1&b=2&c=3", each: true, vals: []string{"X"},
			want: []string{"http://h/?a=X&b=2&c=3", "http://h/?a=1&b=X&c=3", "http://h/?a=1&b=2&c=X"}},
		{name: "each with keys", in: "http://h/?a=1&b=2&c=3", keys: []string{"[ac]"}, each: true, vals: []string{"X"},
			want: []string{"http://h/?a=X&b=2&c=3", "http://h/?a=1&b=2&c=X"}},
		{name: "values without each: one output per value", in: "http://h/?a=1&b=2", vals: []string{"X", "Y"},
			want: []string{"http://h/?a=X&b=X", "http://h/?a=Y&b=Y"}},
		{name: "values × each: pair by pair, each value in turn", in: "http://h/?a=1&b=2", each: true, vals: []string{"X", "Y", "Z"},
			want: []string{"http://h/?a=X&b=2", "http://h/?a=Y&b=2", "http://h/?a=Z&b=2", "http://h/?a=1&b=X", "http://h/?a=1&b=Y", "http://h/?a=1&b=Z"}},
		{name: "append", in: "http://h/?a=1&b=&c", add: true, vals: []string{"'\""}, want: []string{"http://h/?a=1'%22&b='%22&c='%22"}},
		{name: "append each", in: "http://h/?a=1&b=2", add: true, each: true, vals: []string{"X"}, want: []string{"http://h/?a=1X&b=2", "http://h/?a=1&b=2X"}},
		{name: "key without =", in: "http://h/?moo&a=1", vals: []string{"X"}, want: []string{"http://h/?moo=X&a=X"}},
		{name: "empty value", in: "http://h/?a=&b=", vals: []string{"X"}, want: []string{"http://h/?a=X&b=X"}},
		{name: "empty replacement", in: "http://h/?a=1&b", vals: []string{""}, want: []string{"http://h/?a=&b="}},
		{name: "value holding =", in: "http://h/?a=b=c", vals: []string{"X"}, want: []string{"http://h/?a=X"}},
		{name: "repeated keys", in: "http://h/?a=1&a=2&b=3", keys: []string{"a"}, each: true, vals: []string{"X"},
			want: []string{"http://h/?a=X&a=2&b=3", "http://h/?a=1&a=X&b=3"}},
		{name: "encoded keys match decoded", in: "http://h/?%61=1&a%20b=2&c=3", keys: []string{"a", "a b"}, vals: []string{"X"}, want: []string{"http://h/?%61=X&a%20b=X&c=3"}},
		{name: "separator ;", in: "http://h/?a=1;b=2&c=3", o: semi, vals: []string{"x;y&z"}, want: []string{"http://h/?a=x%3By%26z;b=x%3By%26z"}},
		{name: "separator : encodes ':'", in: "http://h/?a=1:b=2", o: Options{Separator: ':'}, vals: []string{"x:y"}, want: []string{"http://h/?a=x%3Ay:b=x%3Ay"}},
		{name: "fragment kept", in: "http://h/?a=1#frag?a=1", vals: []string{"X"}, want: []string{"http://h/?a=X#frag?a=1"}},
		{name: "fragment kept, each", in: "http://h/?a=1&b#f", each: true, vals: []string{"X"}, want: []string{"http://h/?a=X&b#f", "http://h/?a=1&b=X#f"}},
		{name: "empty pairs go when the query is written", in: "http://h/?&a=1&&b=2&", each: true, vals: []string{"X"}, want: []string{"http://h/?a=X&b=2", "http://h/?a=1&b=X"}},
		{name: "no query", in: "http://h/p#f", vals: []string{"X"}, want: []string{"http://h/p#f"}},
		{name: "no query, several values and each: one output", in: "http://h/p", each: true, vals: []string{"X", "Y"}, want: []string{"http://h/p"}},
		{name: "empty query", in: "http://h/p?", vals: []string{"X"}, want: []string{"http://h/p?"}},
		{name: "relative reference", in: "?a=1", vals: []string{"X"}, want: []string{"?a=X"}},
		{name: "form: a space is +, and + in a key a space", in: "http://h/?first+name=a&b=c", o: Options{Form: true}, keys: []string{"first name"}, vals: []string{"x y+z"},
			want: []string{"http://h/?first+name=x+y%2Bz&b=c"}},
		{name: "not form: + in a key is +", in: "http://h/?first+name=a&b=c", keys: []string{"first name"}, vals: []string{"x"}, want: []string{"http://h/?first+name=a&b=c"}},
		{name: "IRI keeps its characters", in: "http://bücher.example/?q=1&ü=2", o: iri, keys: []string{"ü"}, vals: []string{"straße ü"}, want: []string{"http://bücher.example/?q=1&ü=straße%20ü"}},
		{name: "a URI encodes them", in: "http://h/?q=1", vals: []string{"ü"}, want: []string{"http://h/?q=%C3%BC"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			u, err := uri.ParseRule(c.in, map[bool]uri.Rule{false: uri.RuleURIReference, true: uri.RuleIRIReference}[c.o.IRI])
			if err != nil {
				t.Fatal(err)
			}
			op := replaceOp(t, c.o, c.keys, c.each, c.add, c.vals...)
			ops := []Op{op}
			var got []string
			if op.several() {
				got, _ = outputs(u, ops, c.o)
			} else {
				out, err := Apply(u, ops, c.o)
				if err != nil {
					t.Fatal(err)
				}
				got = []string{out}
				// The same through the general path, which rebuilds.
				o := c.o
				o.Separator = cmp.Or(o.Separator, '&')
				slow, _, err := rebuild(&u, ops, o, nil)
				if err != nil || slow != out {
					t.Errorf("rebuilt: %q, %v; fast: %q", slow, err, out)
				}
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
		})
	}
}

// TestReplaced: what each output says it replaced.
func TestReplaced(t *testing.T) {
	u := uri.MustParse("http://h/?%61=1&b&&a=&c=2")
	o := Options{}
	_, reps := outputs(u, []Op{replaceOp(t, o, []string{"a", "b"}, true, false, "X", "Y")}, o)
	want := [][]Replaced{
		{{Index: 1, Key: "a", Old: "1", New: "X"}}, {{Index: 1, Key: "a", Old: "1", New: "Y"}},
		{{Index: 2, Key: "b", Bare: true, New: "X"}}, {{Index: 2, Key: "b", Bare: true, New: "Y"}},
		{{Index: 3, Key: "a", Old: "", New: "X"}}, {{Index: 3, Key: "a", Old: "", New: "Y"}},
	}
	if len(reps) != len(want) {
		t.Fatalf("%d outputs, want %d", len(reps), len(want))
	}
	for i := range want {
		for j := range reps[i] {
			reps[i][j].at, reps[i][j].end = 0, 0
		}
		if !slices.Equal(reps[i], want[i]) {
			t.Errorf("output %d: %+v, want %+v", i, reps[i], want[i])
		}
	}
	// Without Each, an output reports every pair; appended values whole.
	for _, ops := range [][]Op{
		{replaceOp(t, o, nil, false, true, "X")},
		{replaceOp(t, o, nil, false, true, "X"), {Action: SortQuery, Flag: "--sort-query"}},
	} {
		out, rep, err := ApplyReplacing(&u, ops, o, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		news := []string{}
		for _, r := range rep {
			news = append(news, fmt.Sprint(r.Index, r.Key, "=", r.New))
		}
		if want := []string{"1a=1X", "2b=X", "3a=X", "4c=2X"}; !slices.Equal(news, want) {
			t.Errorf("%d edits: %s reports %q, want %q", len(ops), out, news, want)
		}
	}
}

// TestReplaceAmongEdits: the values edit takes its place in flag order,
// and an edit that fails fails the input once.
func TestReplaceAmongEdits(t *testing.T) {
	o := Options{}
	u := uri.MustParse("http://h/?utm_a=1&id=2")
	for _, c := range []struct {
		ops  []Op
		want []string
	}{
		{[]Op{mustOp(ParseGlob(DeleteQuery, "--delete-query", "utm_*")), replaceOp(t, o, nil, true, false, "X")}, []string{"http://h/?id=X"}},
		{[]Op{replaceOp(t, o, nil, false, false, "X"), mustOp(ParseAppend("--append", "query=k=v"))}, []string{"http://h/?utm_a=X&id=X&k=v"}},
		{[]Op{mustOp(ParseAppend("--append", "query=k=v")), replaceOp(t, o, []string{"k"}, false, false, "X", "Y")}, []string{"http://h/?utm_a=1&id=2&k=X", "http://h/?utm_a=1&id=2&k=Y"}},
		{[]Op{replaceOp(t, o, nil, true, false, "X"), {Action: SortQuery}}, []string{"http://h/?id=2&utm_a=X", "http://h/?id=X&utm_a=1"}},
		{[]Op{mustOp(ParseSet("--set", "port=x")), replaceOp(t, o, nil, true, false, "X", "Y")}, []string{"ERR"}},
		{[]Op{mustOp(ParseUnset("--unset", "query")), replaceOp(t, o, nil, true, false, "X", "Y")}, []string{"http://h/"}},
	} {
		if got, _ := outputs(u, c.ops, o); !slices.Equal(got, c.want) {
			t.Errorf("%v: %q, want %q", c.ops, got, c.want)
		}
	}
	if _, err := Apply(u, []Op{replaceOp(t, o, nil, false, false, "X", "Y")}, o); err == nil {
		t.Error("Apply made a values edit of two values")
	}
	for _, bad := range [][]Op{
		{replaceOp(t, o, nil, false, false, "X"), replaceOp(t, o, nil, false, false, "Y")},
		{mustOp(ParseIterate("--iterate", "port=1 2")), replaceOp(t, o, nil, false, false, "X", "Y")},
		{replaceOp(t, o, nil, true, false, "X"), mustOp(ParseIterate("--iterate", "port=1 2"))},
		{{Action: Replace, Flag: "--values-from empty.txt"}},
	} {
		if err := Check(bad); err == nil {
			t.Errorf("Check(%v) accepted", bad)
		}
	}
	// One value and no Each is one edit among the others, --iterate too.
	if err := Check([]Op{mustOp(ParseIterate("--iterate", "port=1 2")), replaceOp(t, o, nil, false, false, "X")}); err != nil {
		t.Error(err)
	}
}

func TestEncodeValue(t *testing.T) {
	form := Options{Form: true}
	for _, c := range []struct {
		v    string
		raw  bool
		o    Options
		want string // "" for an error
	}{
		{"a b+c", false, Options{}, "a%20b%2Bc"},
		{"a b+c", false, form, "a+b%2Bc"},
		{"a%20b", false, form, "a%2520b"},
		{"/?:@!$'()*,", false, Options{}, "/?:@!$'()*,"},
		{"a,b", false, Options{Separator: ','}, "a%2Cb"},
		{"1&admin=1", true, Options{}, "1&admin=1"},
		{"%2527", true, Options{}, "%2527"},
		{"a+b", true, form, "a+b"},
		{"a b", true, Options{}, ""},
		{"a#b", true, Options{}, ""},
		{"%zz", true, Options{}, ""},
		{"ü", true, Options{}, ""},
		{"ü", true, Options{IRI: true}, "ü"},
		{"ü ", false, Options{IRI: true}, "ü%20"},
	} {
		got, err := EncodeValue(c.v, c.raw, c.o)
		if c.want == "" {
			var e *Error
			if !errors.As(err, &e) || e.Rule == "" {
				t.Errorf("EncodeValue(%q, %v): %q, %v; want an *Error with its rule", c.v, c.raw, got, err)
			}
			continue
		}
		if got != c.want || err != nil {
			t.Errorf("EncodeValue(%q, %v): %q, %v; want %q", c.v, c.raw, got, err, c.want)
		}
	}
}

func TestReadValues(t *testing.T) {
	for in, want := range map[string][]string{
		"a\nb\n":           {"1 a", "2 b"},
		"a\nb":             {"1 a", "2 b"},
		"a\r\nb\r\n":       {"1 a", "2 b"},
		"\n\na\n\r\n \n\n": {"3 a", "5  "},
		"":                 nil,
		"\n":               nil,
		"x=1&y\tz\r\r\n":   {"1 x=1&y\tz\r"},
		"<script>\n' OR 1": {"1 <script>", "2 ' OR 1"},
	} {
		var got []string
		err := ReadValues(strings.NewReader(in), func(line int, v string) error {
			got = append(got, fmt.Sprint(line, " ", v))
			return nil
		})
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("ReadValues(%q): %q, %v; want %q", in, got, err, want)
		}
	}
	stop := errors.New("stop")
	if err := ReadValues(strings.NewReader("a\nb\n"), func(int, string) error { return stop }); err != stop {
		t.Errorf("ReadValues: %v, want the error of add", err)
	}
}

// BenchmarkReplaceValues is --replace-values X over real-looking URLs.
func BenchmarkReplaceValues(b *testing.B) {
	refs := []uri.URI{uri.MustParse("https://example.com/a?utm_source=x&id=1"), uri.MustParse("https://example.com/a/b?id=1&q=2"), uri.MustParse("https://example.com/")}
	ops := []Op{replaceOp(b, Options{}, nil, false, false, "X")}
	var rep []Replaced
	var scratch Scratch
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		var err error
		scratch.Reset()
		if _, rep, err = ApplyReplacing(&refs[i%len(refs)], ops, Options{}, &scratch, rep[:0]); err != nil {
			b.Fatal(err)
		}
	}
}

// TestScratch: the outputs of one input, written in a scratch that has
// to grow for them, stay what they were until Reset, and once the
// scratch has grown, replacing values allocates nothing.
func TestScratch(t *testing.T) {
	u := uri.MustParse("https://example.com/a?id=1&q=2&id=3")
	values := []string{"X", strings.Repeat("long", 40), "", "Y"}
	op := Op{Action: Replace, Values: values, Each: true, Flag: "--replace-values"}
	collect := func(scratch *Scratch) (outs, news []string) {
		Outputs(&u, []Op{op}, Options{}, scratch, nil, nil, func(out string, rep []Replaced, err error) {
			if err != nil {
				t.Fatal(err)
			}
			outs = append(outs, out)
			for _, r := range rep {
				news = append(news, r.New)
			}
		})
		return outs, news
	}
	wantOuts, wantNews := collect(nil)
	if len(wantOuts) != 3*len(values) {
		t.Fatalf("%d outputs, want %d", len(wantOuts), 3*len(values))
	}
	var scratch Scratch
	for range 2 {
		scratch.Reset()
		outs, news := collect(&scratch)
		if !slices.Equal(outs, wantOuts) || !slices.Equal(news, wantNews) {
			t.Fatalf("with a scratch: %q, %q\nwant %q, %q", outs, news, wantOuts, wantNews)
		}
	}
	one := []Op{{Action: Replace, Values: values[1:2], Flag: "--replace-values"}}
	var rep []Replaced
	allocs := testing.AllocsPerRun(100, func() {
		scratch.Reset()
		_, rep, _ = ApplyReplacing(&u, one, Options{}, &scratch, rep[:0])
	})
	if allocs != 0 {
		t.Errorf("ApplyReplacing with a scratch: %v allocations, want 0", allocs)
	}
}

// FuzzReplaceValues: for any reference and any value, replacing query
// values gives a reference, whose parts outside the query are the input's
// byte for byte, and the general path (which rebuilds) agrees with the
// fast one.
func FuzzReplaceValues(f *testing.F) {
	f.Add("http://h/p?a=1&b&&c=#f", "x y", "*", uint8(0), uint8(0), false, false, false)
	f.Add("?a=1;b=2", "1&admin=1", "a", uint8(2), uint8(1), true, false, false)
	f.Add("//h?%61=1:%62", "a:b", "[ab]", uint8(1), uint8(8), true, true, false)
	f.Add("http://bücher.example/?ü=1", "straße", "ü", uint8(0), uint8(0), false, false, true)
	f.Add("mailto:a@b?subject=hi#x", "%zz", "", uint8(2), uint8(0), false, false, false)
	f.Fuzz(func(t *testing.T, ref, value, pattern string, enc, sep uint8, each, add, iri bool) {
		rule := uri.RuleURIReference
		if iri {
			rule = uri.RuleIRIReference
		}
		u, err := uri.ParseRule(ref, rule)
		if err != nil {
			return
		}
		o := Options{Separator: Separators[int(sep)%len(Separators)], IRI: iri}
		o.Form = enc%3 == 1
		v, err := EncodeValue(value, enc%3 == 2, o)
		if err != nil {
			return // a raw value that is no query text: refused before any input
		}
		op := Op{Action: Replace, Values: []string{v}, Append: add, Each: each, Flag: "--replace-values"}
		if g, err := glob.ParseName(pattern); err == nil && pattern != "" {
			op.Globs = []glob.Name{g}
		}
		qs, qe, hasQuery := u.Span(uri.ComponentQuery)
		check := func(out string, err error) {
			if err != nil {
				t.Fatalf("%q: %v", ref, err)
			}
			if _, err := uri.ParseRule(out, rule); err != nil {
				t.Fatalf("%q gave %q, not a reference: %v", ref, out, err)
			}
			if !hasQuery {
				if out != ref {
					t.Fatalf("%q without a query gave %q", ref, out)
				}
				return
			}
			tail := ref[qe:]
			if !strings.HasPrefix(out, ref[:qs]) || !strings.HasSuffix(out, tail) || len(out) < qs+len(tail) {
				t.Fatalf("%q gave %q: the parts outside the query changed", ref, out)
			}
		}
		var outs []string
		var scratch Scratch
		Outputs(&u, []Op{op}, o, &scratch, nil, nil, func(out string, _ []Replaced, err error) {
			check(out, err)
			outs = append(outs, out)
		})
		op.Each = false
		out, err := Apply(u, []Op{op}, o)
		check(out, err)
		slow, _, err := rebuild(&u, []Op{op}, o, nil)
		if err != nil || slow != out {
			t.Fatalf("%q: rebuilt %q, %v; fast %q", ref, slow, err, out)
		}
		if !each && (len(outs) != 1 || outs[0] != out) {
			t.Fatalf("%q: Outputs gave %q, Apply %q", ref, outs, out)
		}
	})
}
