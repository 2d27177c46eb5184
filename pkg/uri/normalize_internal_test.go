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
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		if err != nil {
			return
		}
		for _, level := range []Level{SyntaxLevel, SchemeLevel} {
			o := NormalizeOptions{Level: level}
			rules := o.plan(&u)
			if unchanged(&u, rules) {
				if built := build(&u, rules).String(); built != s {
					t.Fatalf("level %d: unchanged says %q is normal, but its normal form is %q", level, s, built)
				}
			}
		}
	})
}
