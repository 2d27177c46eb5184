package get_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/get"
	"github.com/uritool/uritool/internal/pct"
	"github.com/uritool/uritool/pkg/uri"
)

// getLine evaluates template for input as parse --get does.
func getLine(t *testing.T, template, input string, opts get.Options) string {
	t.Helper()
	tpl, err := get.Parse(template)
	if err != nil {
		t.Fatalf("Parse(%q): %v", template, err)
	}
	u, err := uri.Parse(input)
	if err != nil {
		t.Fatalf("%q does not parse: %v", input, err)
	}
	line, _ := tpl.Append(nil, &u, &opts)
	return string(line)
}

var (
	showPassword = get.Options{ShowPassword: true}
	imapPort     = get.Options{DefaultPorts: map[string]string{"redis": "6379", "http": "8080"}}
)

func TestGetTemplate(t *testing.T) {
	cases := []struct {
		template, input, want string
		opts                  get.Options
	}{
		// Components as written; undefined is empty.
		{template: "{scheme}|{authority}|{userinfo}|{host}|{port}|{path}|{query}|{fragment}", input: "s://u@h:1/p%20?q#f", want: "s|u@h:1|u|h|1|/p%20|q|f"},
		{template: "{scheme}|{host}|{port}|{query}|{fragment}|{kind}", input: "a/b", want: "|||||relative-ref"},
		{template: "{{{host}}}", input: "//h", want: "{h}"},

		// userinfo = user [ ":" password ] (RFC 3986 section 3.2.1); the
		// password is masked unless --show-password (section 7.5), an
		// empty one is no password.
		{template: "{user}|{password}", input: "s://u:p@h", want: "u|****"},
		{template: "{user}|{password}", input: "s://u:p@h", want: "u|p", opts: showPassword},
		{template: "{user}|{password}", input: "s://u:p:q@h", want: "u|p:q", opts: showPassword},
		{template: "{user}|{password}", input: "s://u:@h", want: "u|"},
		{template: "{user}|{password}", input: "s://:p@h", want: "|****"},
		{template: "{user}|{password}", input: "s://u%3A@h", want: "u%3A|"},
		{template: "{user}|{password}", input: "s://h", want: "|"},
		{template: "{userinfo}|{authority}", input: "s://u:p:q@h:1", want: "u:****|u:****@h:1"},
		{template: "{userinfo}|{authority}", input: "s://u:p:q@h:1", want: "u:p:q|u:p:q@h:1", opts: showPassword},
		{template: "{userinfo}|{authority}|{encode:userinfo}", input: "s://u:@h:1", want: "u:|u:@h:1|u%3A"},
		{template: "{userinfo}|{authority}", input: "s://h:1", want: "|h:1"},

		// {default:port}: the port, or the scheme's default (pkg/uri's
		// table, then --default-port, which wins); an empty port is the
		// default (section 3.2.3).
		{template: "{port}|{default:port}", input: "http://h", want: "|80"},
		{template: "{port}|{default:port}", input: "HTTPS://h", want: "|443"},
		{template: "{port}|{default:port}", input: "http://h:8081", want: "8081|8081"},
		{template: "{port}|{default:port}", input: "http://h:/", want: "|80"},
		{template: "{port}|{default:port}", input: "redis://h", want: "|"},
		{template: "{port}|{default:port}", input: "redis://h", want: "|6379", opts: imapPort},
		{template: "{port}|{default:port}", input: "http://h", want: "|8080", opts: imapPort},
		{template: "{default:port}", input: "mailto:a@b", want: ""},
		{template: "{default:port}", input: "//h", want: ""},

		// {query:KEY}: the first value, percent-decoded ("+" stays); the
		// key matches the decoded key, case and all.
		{template: "{query:a}", input: "?a=1%202+3&a=2", want: "1 2+3"},
		{template: "{query-all:a}", input: "?a=1&b=0&a=2", want: "1 2"},
		{template: "{query:%}", input: "?%25=x", want: "x"},
		{template: "{query:a b}", input: "?a%20b=1", want: "1"},
		{template: "{query:b}", input: "?a=1", want: ""},
		{template: "{query:a}", input: "?A=1", want: ""},
		// The empty key is a key (trurl's suite: "?=bar"); an empty piece
		// is no pair.
		{template: "{query:}", input: "http://localhost/?=bar", want: "bar"},
		{template: "{query-all:}", input: "?=1&a=2&=3", want: "1 3"},
		{template: "[{query-all:}]", input: "?a&&b&", want: "[]"},

		// raw: as written; encode: percent-encoded but for unreserved, so
		// the value can go into another reference and decodes back.
		{template: "{raw:query:a}|{encode:query:a}|{encode:raw:query:a}|{raw:encode:query:a}", input: "?a=1%202+3", want: "1%202+3|1%202%2B3|1%25202%2B3|1%25202%2B3"},
		{template: "{query:b}\t{query-all:a}\n{encode:query:b}\t{encode:query-all:a}", input: "https://example.org/foo?a=1&b=%23&a=%26#hello", want: "#\t1 &\n%23\t1 %26"},
		{template: "{query:utm_source}|{encode:query:utm_source}|{query:utm_}|{query:address }|{query:thisthen}", input: "https://example.com?utm_source=tra%20cker&address%20=home&here=now&thisthen", want: "tra cker|tra%20cker||home|"},
		{template: "{encode:path}|{encode:host}|{encode:port}", input: "http://[::1]:8/a%20b/c", want: "%2Fa%2520b%2Fc|%5B%3A%3A1%5D|8"},
		{template: "{encode:query:k}", input: "?k=%C3%A9~-._!*'()", want: "%C3%A9~-._%21%2A%27%28%29"},

		// {query-keys}: every key, decoded, space-separated, repeats kept.
		{template: "{query-keys}|{raw:query-keys}|{encode:query-keys}", input: "?a=1&b%20c=2&a=3&&d", want: "a b%20c a d|a b%20c a d|a b%20c a d"},
		// One rule: "+" is a "+" but where the view says form data.
		{template: "{query:q}|{form:query:q}|{form:encode:query:q}", input: "?q=a+b%20c%2B", want: "a+b c+|a b c+|a%20b%20c%2B"},
		{template: "{form:query:a b}|{query:a+b}|{form:query:a+b}", input: "?a+b=1", want: "1|1|"},
		{template: "{form:query-keys}|{query-keys}|{form:query-all:k}", input: "?a+b=1&k=x+y&k=z", want: "a%20b k k|a+b k k|x%20y z"},
		{template: "[{query-keys}]", input: "http://h/", want: "[]"},
		{template: "[{query-keys}]", input: "http://h/?", want: "[]"},

		// {segment:N}: as written, from 1, negative from the end.
		{template: "{segment:1}|{segment:-1}|{segment:3}|{segment:-3}|{encode:segment:-1}", input: "/a/b%20c", want: "a|b%20c|||b%2520c"},
		{template: "{segment:1}|[{segment:-1}]", input: "/a/", want: "a|[]"},

		// {surt}: Common Crawl's key; none for a relative reference.
		{template: "{surt}", input: "https://www.Example.com:443/a/?b=2&a=1#x", want: "com,example)/a?a=1&b=2"},
		{template: "{surt}", input: "http://h:8080/", want: "h)/", opts: imapPort},
		{template: "[{surt}]", input: "//h/", want: "[]"},
		{template: "{encode:surt}", input: "http://a.b/", want: "b%2Ca%29%2F"},

		// The Public Suffix List.
		{template: "{registrable}|{suffix}|{subdomain}", input: "https://www.sub.example.co.uk/", want: "example.co.uk|co.uk|www.sub"},
		{template: "{registrable}|{suffix}|{subdomain}", input: "http://[::1]/", want: "||"},

		// must: changes nothing in what is written.
		{template: "{must:query}|{must:default:port}|{default:must:port}", input: "http://h/?q", want: "q|80|80"},
	}
	for _, c := range cases {
		if got := getLine(t, c.template, c.input, c.opts); got != c.want {
			t.Errorf("--get %q %q = %q, want %q", c.template, c.input, got, c.want)
		}
	}
}

// TestGetTemplateUnmet: a must: field the reference has no value for is a
// finding, which says what is missing and where it would be.
func TestGetTemplateUnmet(t *testing.T) {
	cases := []struct {
		template, input string
		opts            get.Options
		want            string // "" when every must: field has a value
		at              int
	}{
		{template: "{must:query}", input: "https://example.com/", want: "no query, which {must:query} requires", at: 20},
		{template: "{must:query}", input: "https://example.com/?"},
		{template: "{must:fragment}", input: "https://example.com/", want: "no fragment, which {must:fragment} requires", at: 20},
		{template: "{must:fragment}", input: "https://example.com/#"},
		{template: "{must:query:utm}", input: "http://h/?a=1", want: `no key "utm" in the query, which {must:query:utm} requires`, at: 10},
		{template: "{must:query-all:utm}", input: "http://h/", want: `no key "utm" in the query, which {must:query-all:utm} requires`, at: 9},
		{template: "{must:query:utm}", input: "http://h/?utm"},
		{template: "{must:query-keys}", input: "http://h/?&", want: "no key in the query, which {must:query-keys} requires", at: 10},
		{template: "{must:default:port}", input: "redis://h/", want: "no port, and no default port for the scheme, which {must:default:port} requires", at: 9},
		{template: "{must:default:port}", input: "redis://h/", opts: imapPort},
		{template: "{must:port}", input: "http://h/", want: "no port, which {must:port} requires", at: 8},
		{template: "{must:port}", input: "http://h:/"},
		{template: "{must:password}", input: "http://u@h/", want: "no password, which {must:password} requires", at: 8},
		{template: "{must:password}", input: "http://u:@h/"},
		{template: "{must:user}", input: "http://h/", want: "no user, which {must:user} requires", at: 7},
		{template: "{must:userinfo}", input: "http://h/", want: "no userinfo, which {must:userinfo} requires", at: 7},
		{template: "{must:host}", input: "mailto:x", want: "no host, which {must:host} requires", at: 7},
		{template: "{must:authority}", input: "a/b", want: "no authority, which {must:authority} requires", at: 0},
		{template: "{must:host_type}", input: "a/b", want: "no host, which {must:host_type} requires", at: 0},
		{template: "{must:segment:2}", input: "http://h/a", want: "no path segment 2, which {must:segment:2} requires", at: 8},
		{template: "{must:surt}", input: "/a", want: "no SURT (a relative reference has none), which {must:surt} requires", at: 0},
		{template: "{must:registrable}", input: "http://[::1]/", want: "no registrable domain, which {must:registrable} requires", at: 7},
		{template: "{must:path}{must:kind}", input: ""},
		// The first unmet field is the one named.
		{template: "{host}{must:scheme}{must:query}", input: "//h", want: "no scheme, which {must:scheme} requires", at: 0},
	}
	for _, c := range cases {
		tpl, err := get.Parse(c.template)
		if err != nil {
			t.Fatal(err)
		}
		u, err := uri.Parse(c.input)
		if err != nil {
			t.Fatal(err)
		}
		_, f := tpl.Append(nil, &u, &c.opts)
		switch {
		case f == nil && c.want != "":
			t.Errorf("%q %q: no finding, want %q at %d", c.template, c.input, c.want, c.at)
		case f != nil && (f.Message != c.want || f.Offset != c.at || f.Rule != get.RuleMust || f.Severity != finding.Error):
			t.Errorf("%q %q: %+v, want %q at %d", c.template, c.input, *f, c.want, c.at)
		}
	}
	if _, ok := finding.Describe(get.RuleMust); !ok {
		t.Errorf("rule %q is not in finding.Rules", get.RuleMust)
	}
}

func TestGetTemplateErrors(t *testing.T) {
	cases := []struct{ template, wantErr string }{
		{"{nope}", "unknown field {nope}"},
		{"{query-all}", "{query-all} needs a key"},
		{"{segment:0}", "segment number other than 0"},
		{"{segment:x}", "segment number other than 0"},
		{"{host", "not closed"},
		{"host}", "lone '}'"},
		{"{must:must:query}", "{must:must:query} has must: twice"},
		{"{default:host}", "default: applies to {port} only"},
		{"{raw:host}", "raw: applies to {query:KEY}"},
		{"{raw:segment:1}", "raw: applies to {query:KEY}"},
		{"{form:host}", "form: applies to {query:KEY}"},
		{"{form:raw:query:a}", "form: decodes and raw: does not"},
		{"{must:}", "unknown field {must:}"},
		{"{encode}", "unknown field {encode}"},
		{"{url:query:a}", "unknown field {url:query:a}"},
		{"{query-keys:a}", "unknown field {query-keys:a}"},
		{"{host:x}", "{host:x} needs a label number other than 0"},
		{"{host:0}", "{host:0} needs a label number other than 0"},
		{"{puny:path}", "{puny:path}: puny: applies to {host} only"},
		{"{idn}", "{idn}: idn: applies to {host} only"},
		{"{hots:1}", "did you mean {host:1}?"},
		// A near field is named, with the modifiers and key as written.
		{"{hots}", "unknown field {hots}; did you mean {host}?"},
		{"{must:prot}", "unknown field {must:prot}; did you mean {must:port}?"},
		{"{qurey:a}", "unknown field {qurey:a}; did you mean {query:a}?"},
		{"{subdmain}", "did you mean {subdomain}?"},
		{"{nope}", "unknown field {nope} (want"},
	}
	for _, c := range cases {
		_, err := get.Parse(c.template)
		if err == nil || !strings.Contains(err.Error(), c.wantErr) {
			t.Errorf("Parse(%q) = %v, want an error with %q", c.template, err, c.wantErr)
		}
	}
}

// TestList: a list prints its fields tab-separated, as the template of
// the same fields would; a template field or an unknown one is refused.
func TestList(t *testing.T) {
	list, err := get.List([]string{"host", "password", "kind"})
	if err != nil {
		t.Fatal(err)
	}
	u, _ := uri.Parse("http://u:pw@h/")
	if line, f := list.Append(nil, &u, &get.Options{}); string(line) != "h\t****\turi" || f != nil {
		t.Errorf("List = %q, %v", line, f)
	}
	for _, c := range []struct{ field, wantErr string }{
		{"surt", "it is a template field"},
		{"nope", "invalid --get field \"nope\" (want"},
		{"prot", "invalid --get field \"prot\"; did you mean \"port\"?"},
	} {
		if _, err := get.List([]string{"host", c.field}); err == nil || !strings.Contains(err.Error(), c.wantErr) {
			t.Errorf("List(%q) = %v, want an error with %q", c.field, err, c.wantErr)
		}
	}
}

// FuzzGetEncode: encode: writes only unreserved characters and %XX, and
// each value it writes decodes back to the value without it, for every
// field of every valid reference.
func FuzzGetEncode(f *testing.F) {
	for _, s := range []string{"http://u:p@h:1/a%20b/c?k=v%26w&k=2&=x#f", "mailto:a@b", "//[::1]/?%C3%A9=%00", "a/b?k=+%2B"} {
		f.Add(s, "k")
	}
	fields := append(append([]string{}, get.Fields...), "query:KEY", "query-all:KEY", "query-keys", "segment:1", "segment:-1", "host:1", "host:-1", "puny:host", "idn:host", "url", "surt", "default:port")
	f.Fuzz(func(t *testing.T, input, key string) {
		if _, err := uri.Parse(input); err != nil || strings.ContainsAny(key, "{}") {
			return
		}
		for _, field := range fields {
			field = strings.ReplaceAll(field, "KEY", key)
			plain := getLine(t, "{"+field+"}", input, showPassword)
			encoded := getLine(t, "{encode:"+field+"}", input, showPassword)
			// Fields of several values encode each; the spaces between
			// them stay.
			items := []string{encoded}
			if field == "query-all:"+key || field == "query-keys" {
				items = strings.Split(encoded, " ")
			}
			var got []string
			for _, item := range items {
				if strings.Trim(item, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~%") != "" {
					t.Fatalf("{encode:%s} of %q = %q: not unreserved or %%XX", field, input, encoded)
				}
				d, err := pct.Decode(item)
				if err != nil {
					t.Fatalf("{encode:%s} of %q = %q: %v", field, input, encoded, err)
				}
				// The plain field writes what would break its line
				// percent-encoded (TestDecodedStaysOnItsLine).
				got = append(got, onItsLine(string(d), len(items) > 1 || field == "query-all:"+key || field == "query-keys"))
			}
			if strings.Join(got, " ") != plain {
				t.Fatalf("{encode:%s} of %q = %q, decodes to %q, want %q", field, input, encoded, strings.Join(got, " "), plain)
			}
		}
	})
}

// onItsLine is v as a plain field writes it: control characters, and in
// the fields joined by spaces a space and a '%', percent-encoded.
func onItsLine(v string, joined bool) string {
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if c := v[i]; c < ' ' || c == 0x7F || joined && (c == ' ' || c == '%') {
			fmt.Fprintf(&b, "%%%02X", c)
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// TestDecodedStaysOnItsLine: a decoded value's control characters are
// percent-encoded, so that one input is one line and a tab-separated list
// keeps its columns; in the fields joined by spaces, a space and a '%' are
// too, so that "?a%20b=1&c=2" and "?a=1&b=2&c=3" differ (issue 36).
func TestDecodedStaysOnItsLine(t *testing.T) {
	for _, c := range []struct{ template, input, want string }{
		{"{query:k}", "http://a/?k=a%0Ab", "a%0Ab"},
		{"{query:k}", "http://a/?k=x%09y%7F", "x%09y%7F"},
		{"{query:k}", "http://a/?k=hello%20world%25", "hello world%"},
		{"{query-keys}", "http://a/?a%20b=1&c=2", "a%20b c"},
		{"{query-keys}", "http://a/?a=1&b=2&c=3", "a b c"},
		{"{query-keys}", "http://a/?a%2520b=1", "a%2520b"},
		{"{query-all:k}", "http://a/?k=1%202&k=3", "1%202 3"},
		{"{raw:query:k}", "http://a/?k=a%0Ab", "a%0Ab"},
		{"{raw:query-keys}", "http://a/?a%20b=1", "a%20b"},
		{"{encode:query:k}", "http://a/?k=a%0Ab", "a%0Ab"},
	} {
		tmpl, err := get.Parse(c.template)
		if err != nil {
			t.Fatal(err)
		}
		u, err := uri.Parse(c.input)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := tmpl.Append(nil, &u, &get.Options{}); string(got) != c.want {
			t.Errorf("%s of %s = %q, want %q", c.template, c.input, got, c.want)
		}
	}
}

// TestHostAndURLFields: a host's labels by index, its IDNA forms (an IP
// address as it is, a name IDNA refuses has none), and the whole
// reference with its password masked (issue 36).
func TestHostAndURLFields(t *testing.T) {
	for _, c := range []struct{ template, input, want string }{
		{"{host:1}|{host:2}|{host:-1}|{host:-3}", "http://www.example.co.uk/", "www|example|uk|example"},
		{"{host:4}|{host:-5}", "http://a.b.c/", "|"},
		{"{host:1}", "mailto:a@b", ""},
		// Only a reg-name has labels: an IP address has none, where
		// they were once its dotted numbers and its brackets.
		{"{host:1}|{host:-1}", "http://192.0.2.1/", "|"},
		{"{host:1}", "http://[v1.a.b]/", ""},
		{"{host:1}", "file:///etc", ""},
		{"{host:-1}|{host:-2}", "http://example.com./", "|com"},
		{"{puny:host} {idn:host}", "http://xn--bcher-kva.de/", "xn--bcher-kva.de bücher.de"},
		{"{puny:host} {idn:host}", "http://Bücher.de/", "xn--bcher-kva.de bücher.de"},
		{"{puny:host}", "http://192.0.2.1/", "192.0.2.1"},
		{"{puny:host}", "http://xn--a.com/", ""},
		{"{url}", "http://u:secret@h/p?q#f", "http://u:****@h/p?q#f"},
	} {
		tmpl, err := get.Parse(c.template)
		if err != nil {
			t.Fatal(err)
		}
		u, err := uri.ParseRule(c.input, uri.RuleIRIReference)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := tmpl.Append(nil, &u, &get.Options{}); string(got) != c.want {
			t.Errorf("%s of %s = %q, want %q", c.template, c.input, got, c.want)
		}
	}
	tmpl, _ := get.Parse("{url}")
	u, _ := uri.Parse("http://u:secret@h/")
	if got, _ := tmpl.Append(nil, &u, &get.Options{ShowPassword: true}); string(got) != "http://u:secret@h/" {
		t.Errorf("{url} with ShowPassword = %q", got)
	}
	tmpl, _ = get.Parse("{must:host:3}")
	u, _ = uri.Parse("http://a.b/")
	if _, f := tmpl.Append(nil, &u, &get.Options{}); f == nil || f.Message != "no host label 3, which {must:host:3} requires" || f.Offset != 7 {
		t.Errorf("{must:host:3} of http://a.b/: %+v", f)
	}
}

// FuzzNth: {segment:N} and {host:N} give item N of what uri.Segments and
// uri.Labels yield, from the end when N is negative, and "must:" fails
// where there is none.
func FuzzNth(f *testing.F) {
	for _, s := range []string{"http://a.b.example/x//y/", "mailto:a@b", "//[::1]/", "a/b", "/", "", "http://h", "//a..b./c"} {
		f.Add(s, int8(1))
		f.Add(s, int8(-2))
	}
	f.Fuzz(func(t *testing.T, input string, n int8) {
		u, err := uri.Parse(input)
		if err != nil || n == 0 {
			return
		}
		for field, items := range map[string][]string{"segment": slices.Collect(u.Segments()), "host": slices.Collect(u.Labels())} {
			i := int(n) - 1
			if n < 0 {
				i = len(items) + int(n)
			}
			want, ok := "", 0 <= i && i < len(items)
			if ok {
				want = items[i]
			}
			// A valid URI's segments and labels hold nothing that a
			// plain field escapes.
			if got := getLine(t, fmt.Sprintf("{%s:%d}", field, n), input, showPassword); got != want {
				t.Errorf("{%s:%d} of %q = %q, want %q", field, n, input, got, want)
			}
			tpl := fmt.Sprintf("{must:%s:%d}", field, n)
			p, _ := get.Parse(tpl)
			if _, unmet := p.Append(nil, &u, &showPassword); (unmet == nil) != ok {
				t.Errorf("%s of %q: unmet %v, want an item: %v", tpl, input, unmet, ok)
			}
		}
	})
}
