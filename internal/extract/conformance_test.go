package extract

import (
	"encoding/json"
	"fmt"
	"html"
	"os"
	"regexp"
	"strings"
	"testing"
)

type mdExample struct {
	Markdown, HTML, Section, Extension string
	Number                             int
}

var hrefRE = regexp.MustCompile(`(?:href|src)="([^"]*)"`)

// renderedHref is how a CommonMark renderer writes a destination in
// href: percent-encoded but for the characters it keeps, and for a '%'
// that starts an escape.
func renderedHref(s string) string {
	const keep = ";/?:@&=+$,-_.!~*'()#"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', strings.IndexByte(keep, c) >= 0:
			b.WriteByte(c)
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func TestMarkdownConformanceStats(t *testing.T) {
	for _, file := range []string{"commonmark-0.31.2.json", "gfm-0.29.0.gfm.json"} {
		raw, err := os.ReadFile("testdata/markdown/" + file)
		if err != nil {
			t.Fatal(err)
		}
		var examples []mdExample
		if err := json.Unmarshal(raw, &examples); err != nil {
			t.Fatal(err)
		}
		var total, miss, failed int
		for _, ex := range examples {
			var want []string
			for _, m := range hrefRE.FindAllStringSubmatch(ex.HTML, -1) {
				want = append(want, html.UnescapeString(m[1]))
			}
			e := New(Options{Kind: Markdown})
			var got []string
			var found []Found
			for _, line := range strings.Split(strings.TrimSuffix(ex.Markdown, "\n"), "\n") {
				found = e.Line(found[:0], line)
				for _, f := range found {
					if !f.Code {
						got = append(got, f.Text)
					}
				}
			}
			total += len(want)
			var missing []string
			left := append([]string(nil), got...)
			for _, w := range want {
				k := -1
				for j, g := range left {
					if g == w || renderedHref(g) == w {
						k = j
						break
					}
				}
				if k < 0 {
					missing = append(missing, w)
					continue
				}
				left = append(left[:k], left[k+1:]...)
			}
			miss += len(missing)
			if len(missing) > 0 || len(left) > 0 {
				failed++
				if os.Getenv("CMV") != "" {
					t.Logf("%s #%d (%s): missing %q extra %q\n%s", file, ex.Number, ex.Section, missing, left, ex.Markdown)
				}
			}
		}
		t.Logf("%s: %d examples, %d hrefs, %d missed, %d examples differ", file, len(examples), total, miss, failed)
	}
}
