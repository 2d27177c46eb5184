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

// TestSkip holds skip and skipWords, which read sixteen bytes or a word
// at a time and the last ones of a string overlapped, to a loop over
// bytes: every class, every length up to two and a half vectors, every
// start, and every byte value at every place after it in a run of
// members. For pathChar, skip and skipPathWords must also say
// whether the run holds "/.".
func TestSkip(t *testing.T) { checkSkips(t) }

// checkSkips is TestSkip and TestSkipPathPairs, for skip_amd64_test.go to
// run again without the vector scan.
func checkSkips(t *testing.T) {
	checkSkipClasses(t)
	checkSkipPathPairs(t)
	checkSkipThenPaths(t)
}

func checkSkipClasses(t *testing.T) {
	classes := map[string]*charClass{
		"authorityRun": &authorityRunChar, "regNameLower": &regNameLowerChar, "segmentNzNc": &segmentNzNcChar,
		"path": &pathChar, "query": &queryChar, "scheme": &schemeChar, "unreserved": &unreserved,
		"userinfo": &userinfoChar, "regName": &regNameChar, "ipvFuture": &ipvFutureChar,
	}
	for name, class := range classes {
		for n := 0; n <= 40; n++ {
			b := []byte(strings.Repeat("a", n))
			for i := 0; i <= n; i++ {
				for p := i; p < n; p++ {
					for c := 0; c < 256; c++ {
						b[p] = byte(c)
						checkSkip(t, name, string(b), i, class)
					}
					b[p] = 'a'
				}
				checkSkip(t, name, string(b), i, class)
			}
		}
	}
}

// TestSkipPathPairs puts "/." at every place around a run, cut short at
// every place by a byte not in the path, over every start: pairs within
// a word, across two, in the overlapped last word, and just outside the
// run; and in a query, where it is recorded for no class but pathChar.
func TestSkipPathPairs(t *testing.T) { checkSkipPathPairs(t) }

func checkSkipPathPairs(t *testing.T) {
	for n := 2; n <= 40; n++ {
		for i := 0; i <= n; i++ {
			for p := 0; p+1 < n; p++ {
				for cut := i; cut <= n; cut++ {
					b := []byte(strings.Repeat("a", n))
					b[p], b[p+1] = '/', '.'
					if cut < n {
						b[cut] = ' '
					}
					checkSkip(t, "path", string(b), i, &pathChar)
					checkSkip(t, "query", string(b), i, &queryChar) // "/." is no dot-segment there
				}
			}
		}
	}
}

// FuzzSkipPath holds skip over pathChar, and skipThenPath, to loops over
// bytes.
func FuzzSkipPath(f *testing.F) {
	f.Add("/a/./b/../c%2e/.d", 0)
	f.Add("aaaaaaa/.aaaaaaa/", 3)
	f.Add("Example.COM:80/x/.", 2)
	f.Add("file://deps/undici/src/node_modules/streamsearch/.github/workflows/lint.yml", 7)
	f.Fuzz(func(t *testing.T, s string, i int) {
		if i < 0 || i > len(s) {
			return
		}
		checkSkip(t, "path", s, i, &pathChar)
		checkSkipThenPath(t, s, i)
	})
}

// TestSkipThenPath holds skipThenPath, the authority's run and the
// path's in one call, to two loops over bytes: a '/' ending the first run
// at every place, a "/." at every place after it, and the path's run cut
// short at every place, over every start.
func TestSkipThenPath(t *testing.T) { checkSkipThenPaths(t) }

func checkSkipThenPaths(t *testing.T) {
	for n := 1; n <= 40; n++ {
		for i := 0; i < n; i++ {
			checkSkipThenPathsAt(t, n, i)
		}
	}
	// Past two windows of 32 bytes, and across the end of the second,
	// from a few starts.
	for _, n := range []int{48, 63, 64, 65, 66, 70, 95, 96, 97, 100, 129, 130} {
		for _, i := range []int{0, 1, 3, 31, 32, 33} {
			checkSkipThenPathsAt(t, n, i)
		}
	}
}

// checkSkipThenPathsAt checks strings of n bytes from i: runs ending at
// a '/', a path after it cut by a '?' or by the end, "/." pairs in it.
func checkSkipThenPathsAt(t *testing.T, n, i int) {
	for q := i; q < n; q++ {
		for cut := q + 1; cut <= n; cut++ {
			b := []byte(strings.Repeat("a", n))
			b[q] = '/'
			if cut < n {
				b[cut] = '?'
			}
			checkSkipThenPath(t, string(b), i)
			if q+1 < cut {
				b[q+1] = '.'
				checkSkipThenPath(t, string(b), i)
				b[q+1] = 'a'
			}
			if q+3 < cut {
				b[q+2], b[q+3] = '/', '.'
				checkSkipThenPath(t, string(b), i)
				b[q+2], b[q+3] = 'a', 'a'
			}
			if q+4 < cut {
				// A pair far from the path's start, in the last
				// bytes of its run.
				b[cut-2], b[cut-1] = '/', '.'
				checkSkipThenPath(t, string(b), i)
				b[cut-2], b[cut-1] = 'a', 'a'
			}
			if cut < n {
				// A pair after the path's end does not count.
				if cut+2 < n {
					b[cut+1], b[cut+2] = '/', '.'
				}
				checkSkipThenPath(t, string(b), i)
			}
		}
		// The first run ends at a byte other than '/'.
		b := []byte(strings.Repeat("a", n))
		b[q] = ':'
		checkSkipThenPath(t, string(b), i)
	}
	checkSkipThenPath(t, strings.Repeat("a", n), i)
}

// checkSkipThenPath holds skipThenPath over authorityRunChar to loops
// over bytes.
func checkSkipThenPath(t *testing.T, s string, i int) {
	t.Helper()
	run := func(class *charClass, i int) int {
		for i < len(s) && class.of[s[i]] != 0 {
			i++
		}
		return i
	}
	want, wantPath, wantDotted := run(&authorityRunChar, i), -1, false
	if want < len(s) && s[want] == '/' {
		wantPath = run(&pathChar, want)
		wantDotted = strings.Contains(s[want:wantPath], "/.")
	}
	var f flags
	if end, path := skipThenPath(s, i, &authorityRunChar, &f); end != want || path != wantPath || (f&dotted != 0) != wantDotted {
		t.Fatalf("skipThenPath(%q, %d) = %d, %d, dotted %v; want %d, %d, %v", s, i, end, path, f&dotted != 0, want, wantPath, wantDotted)
	}
}

// checkSkip holds skip and skipWords (skipPathWords for pathChar) to a
// loop over bytes, and the record of "/." to strings.Contains.
func checkSkip(t *testing.T, name, s string, i int, class *charClass) {
	t.Helper()
	want := i
	for want < len(s) && class.of[s[want]] != 0 {
		want++
	}
	wantDotted := class == &pathChar && strings.Contains(s[i:want], "/.")
	var f flags
	if got := skip(s, i, class, &f); got != want || (f&dotted != 0) != wantDotted {
		t.Fatalf("%s: skip(%q, %d) = %d, dotted %v; want %d, %v", name, s, i, got, f&dotted != 0, want, wantDotted)
	}
	if class != &pathChar {
		if got := skipWords(s, i, class); got != want {
			t.Fatalf("%s: skipWords(%q, %d) = %d, want %d", name, s, i, got, want)
		}
		return
	}
	f = 0
	if got := skipPathWords(s, i, &f); got != want || (f&dotted != 0) != wantDotted {
		t.Fatalf("skipPathWords(%q, %d) = %d, dotted %v; want %d, %v", s, i, got, f&dotted != 0, want, wantDotted)
	}
}

// TestSchemeRun holds schemeRun's word of letters before a ':' to the
// loop over scheme characters: schemes short and long, cut at every
// length, and every byte value at every place of their first nine bytes.
func TestSchemeRun(t *testing.T) {
	loop := func(s string) int {
		j := 1
		for j < len(s) && schemeChar.of[s[j]] != 0 {
			j++
		}
		return j
	}
	check := func(s string) {
		t.Helper()
		var f flags
		got := schemeRun(s, &f)
		if want := loop(s); got != want {
			t.Fatalf("schemeRun(%q) = %d, want %d", s, got, want)
		}
		upper := got < len(s) && s[got] == ':' && strings.ToLower(s[:got]) != s[:got]
		if f&upperScheme != 0 != upper {
			t.Fatalf("schemeRun(%q): upperScheme is %v", s, !upper)
		}
	}
	for _, full := range []string{
		"https://host/p", "http://host/p", "file:///x", "mailto:a@b.c", "a:bcdefgh", "ab1:cdefgh",
		"ab+c:xxxxx", "aB:xxxxxx", "HTTP://h", "httpS://h", "abcdefg:h", "abcdefgh:", "a/b:cdefgh",
	} {
		for n := 1; n <= len(full); n++ {
			check(full[:n])
		}
		b := []byte(full)
		for p := 1; p < 9 && p < len(b); p++ {
			old := b[p]
			for c := 0; c < 256; c++ {
				b[p] = byte(c)
				check(string(b))
			}
			b[p] = old
		}
	}
}

// TestLowerLetters holds lowerLetters to its definition for every pair of
// byte values side by side: a sum that carried would show in the next.
func TestLowerLetters(t *testing.T) {
	for c := 0; c < 256; c++ {
		for d := 0; d < 256; d++ {
			x := uint64(c)<<24 | uint64(d)<<32
			got := lowerLetters(x)
			for k := 0; k < 8; k++ {
				b := byte(x >> (8 * k))
				if want := b >= 'a' && b <= 'z'; (got>>(8*k+7)&1 != 0) != want {
					t.Fatalf("lowerLetters(%#x): byte %d (%#x) = %v, want %v", x, k, b, !want, want)
				}
			}
		}
	}
}
