package uri

import "testing"

// FuzzUnchanged holds Normalize's shortcut to the long way: whenever
// unchanged says an input is already normal, building its normal form
// must give the input back. (Idempotence cannot catch a shortcut that
// wrongly says so: it would return the input both times.)
func FuzzUnchanged(f *testing.F) {
	for _, s := range []string{
		"http://Example.com/", "http://U@example.COM/", "HTTP://u@h/", "http://USER@h/",
		"http://h:80", "http://h:/", "//H/p", "//u@H", "a:b/./c", "a:/%7e", "http://h/%4a",
		"http://%4A.com/", "mailto:A@B", "http://[V1.X]/", "http://h/a/.b", "http://h/a/.",
		"../a", "./a:b", "./a", ".//a", "./", "..", "../../", "a/./b", "/a/../b", "//h/./a",
		"//[::1]", "//[0::1]", "http://[::ffff:1.2.3.4]", "http://[::ffff:102:304]:80",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		if err != nil {
			return
		}
		for _, o := range []NormalizeOptions{{Level: SyntaxLevel}, {Level: SchemeLevel}, {RelativeDots: true}, {CanonicalIPv6: true}} {
			rules := normalizer{o.Level, o.DefaultPorts}.plan(&u) | o.furtherRules(&u)
			if unchanged(&u, rules) {
				if built := build(&u, rules).String(); built != s {
					t.Fatalf("%+v: unchanged says %q is normal, but its normal form is %q", o, s, built)
				}
			}
			// A relative path's shortcut is exact, so that a normal one
			// is returned without allocating.
			if path := u.Path(); rules&NormalizeRelativeDots != 0 {
				b := append(make([]byte, 0, len(path)+1), path...)
				if got := string(removeRelativeDots(b)); (got == path) != relativeDotsNormal(path) {
					t.Fatalf("relativeDotsNormal(%q) = %v, but removeRelativeDots gives %q", path, got != path, got)
				}
			}
		}
	})
}

// FuzzParseFacts holds the facts the parse records for Normalize to what
// the string says (CheckFacts), for URIs and IRIs.
func FuzzParseFacts(f *testing.F) {
	for _, s := range []string{
		"http://Example.com/", "http://U@example.com/", "http://u@Example.com/", "HTTP://h/",
		"http://%4A.com/", "http://%4a.com/", "http://h/%7E", "http://h/?%41#%42", "//[::FFFF:1.2.3.4]",
		"//[V1.X]", "//[v1.x]", "http://h:80/A", "a%41:b", "//ex%C3%A9.com", "//éX.com", "//ÉX.com",
		"file://deps/undici/src/node_modules/streamsearch/.github/workflows/lint.yml",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, rule := range []Rule{RuleURIReference, RuleIRIReference} {
			u, err := ParseRule(s, rule)
			if err != nil {
				continue
			}
			if err := CheckFacts(u); err != nil {
				t.Error(err)
			}
		}
	})
}
