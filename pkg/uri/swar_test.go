package uri

import (
	"strings"
	"testing"
)

// The word-at-a-time filters must agree with their byte-wise definitions
// on every length and position, including words that overlap at the end
// and pairs that straddle two words.
func TestWordFilters(t *testing.T) {
	cases := []string{"", "A", "a", "/.", "./", "ab/.", "/a.b/c.d/e.f/g.h"}
	for n := 0; n <= 24; n++ {
		for i := 0; i < n; i++ {
			cases = append(cases, strings.Repeat("a", i)+"Z"+strings.Repeat("a", n-i-1))
			cases = append(cases, strings.Repeat("x", i)+"@"+strings.Repeat("x", n-i-1))    // '@' is 'A'-1
			cases = append(cases, strings.Repeat("x", i)+"["+strings.Repeat("x", n-i-1))    // '[' is 'Z'+1
			cases = append(cases, strings.Repeat("x", i)+"\xc1"+strings.Repeat("x", n-i-1)) // 'A'|0x80
			if i > 0 {
				cases = append(cases, strings.Repeat("a", i-1)+"/."+strings.Repeat("a", n-i-1))
				cases = append(cases, strings.Repeat("a", i-1)+"./"+strings.Repeat("a", n-i-1))
				cases = append(cases, strings.Repeat("a", i-1)+"\xaf\xae"+strings.Repeat("a", n-i-1)) // '/'|0x80, '.'|0x80
			}
		}
	}
	for _, s := range cases {
		checkWordFilters(t, s)
	}
}

// TestSlashDotPairs puts every pair of bytes at every place of a string of
// two overlapping words, so that no pair can pass for "/." by accident of
// arithmetic: the word test or-s two comparisons into one.
func TestSlashDotPairs(t *testing.T) {
	b := []byte(strings.Repeat("a", 15))
	for pair := 0; pair < 1<<16; pair++ {
		for i := 0; i+1 < len(b); i++ {
			b[i], b[i+1] = byte(pair), byte(pair>>8)
			s := string(b)
			if got, want := hasSlashDot(s), strings.Contains(s, "/."); got != want {
				t.Fatalf("hasSlashDot(%q) = %v, want %v", s, got, want)
			}
			b[i], b[i+1] = 'a', 'a'
		}
	}
}

func FuzzWordFilters(f *testing.F) {
	f.Add("http://Example.COM/a/./b")
	f.Add("/aaaaaaa/.bbbbbbb")
	f.Fuzz(checkWordFilters)
}

func checkWordFilters(t *testing.T, s string) {
	upper := strings.IndexFunc(s, func(r rune) bool { return r >= 'A' && r <= 'Z' }) >= 0
	if got := anyUpper(s); got != upper {
		t.Errorf("anyUpper(%q) = %v, want %v", s, got, upper)
	}
	slashDot := strings.Contains(s, "/.")
	if got := hasSlashDot(s); got != slashDot {
		t.Errorf("hasSlashDot(%q) = %v, want %v", s, got, slashDot)
	}
}
