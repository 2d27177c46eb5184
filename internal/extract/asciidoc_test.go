package extract

import (
	"strings"
	"testing"
)

// TestAsciiDoc: each construct of AsciiDoc, with the offsets and columns
// of its candidates, as columnsOf describes them.
func TestAsciiDoc(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       []string
	}{
		{"url macro ends at its bracket", "See https://a.example/x[the docs] and https://b.example/.", []string{"1:5:https://a.example/x", "1:39:https://b.example/"}},
		{"url macro with an attribute list", "https://a.example/[Text, window=_blank] mailto:m@a.example[Mail]", []string{"1:1:https://a.example/", "1:41:mailto:m@a.example"}},
		{"link macro", "link:guide/index.html[Guide] and link:https://l.example/{x}[L]", []string{"1:6:rel guide/index.html", "1:39:https://l.example/{x}"}},
		{"image macros", "image::img/a.png[A]\nAn image:icons/b.svg[B,16] here", []string{"1:8:rel img/a.png", "2:10:rel icons/b.svg"}},
		{"imagesdir", ":imagesdir: images\nimage::a.png[]\nimage::/abs.png[]\nimage::https://i.example/c.png[]", []string{"2:8:rel images/a.png", "3:8:rel /abs.png", "4:8:https://i.example/c.png"}},
		{"xref macro", "xref:other.adoc#sec[S] xref:other#sec[] xref:top[] xref:doc.adoc[]", []string{"1:6:rel other.adoc#sec", "1:29:rel other.adoc#sec", "1:46:rel #top", "1:57:rel doc.adoc"}},
		{"cross references", "See <<intro>>, <<guide.adoc#setup,Setup>> and <<Section Title>>.", []string{"1:7:rel #intro", "1:18:rel guide.adoc#setup"}},
		{"attribute references", ":url-repo: https://github.com/o/r\n:ver: 2.1\nSee {url-repo}/blob/main/x.adoc[x], link:{url-repo}[repo] https://d.example/v{ver}/ https://d.example/{unset}/", []string{"1:12:https://github.com/o/r", "3:5:https://github.com/o/r/blob/main/x.adoc", "3:59:https://d.example/v2.1/", "3:85:https://d.example/{unset}/"}},
		{"bare attribute is its entry's", ":u: https://u.example/\n{u}[U]", []string{"1:5:https://u.example/"}},
		{"unset attribute", ":u: https://u.example/\n:u!:\n{u}/x[U]", []string{"1:5:https://u.example/"}},
		{"listing and literal blocks", "----\nhttps://a.example/{x}\n----\n....\nhttps://b.example/{x}\n....\nhttps://c.example/", []string{"2:1:~https://a.example/{x}", "5:1:~https://b.example/{x}", "7:1:https://c.example/"}},
		{"longer delimiter", "------\n----\nhttps://a.example/{x}\n------\nhttps://b.example/", []string{"3:1:~https://a.example/{x}", "5:1:https://b.example/"}},
		{"source paragraph", "[source,sh]\ncurl https://a.example/{x}\ncurl https://b.example/{x}\n\nhttps://c.example/", []string{"2:6:~https://a.example/{x}", "3:6:~https://b.example/{x}", "5:1:https://c.example/"}},
		{"source block", "[source]\n----\nlink:x.html[]\n----\nlink:y.html[]", []string{"5:6:rel y.html"}},
		{"fenced code", "```go\nhttps://a.example/{x}\n```\nhttps://b.example/", []string{"2:1:~https://a.example/{x}", "4:1:https://b.example/"}},
		{"literal paragraph", "Text\n\n  https://a.example/{x}\n  more https://b.example/{x}\n\nhttps://c.example/", []string{"3:3:~https://a.example/{x}", "4:8:~https://b.example/{x}", "6:1:https://c.example/"}},
		{"indented continuation is prose", "* item\n  https://a.example/", []string{"2:3:https://a.example/"}},
		{"comments", "// https://a.example/{x}\n////\nlink:b.html[]\n////\n/// https://c.example/", []string{"5:5:https://c.example/"}},
		{"inline code", "`https://a.example/{x}` and `link:b.html[]` https://c.example/", []string{"1:2:~https://a.example/{x}", "1:45:https://c.example/"}},
		{"markers in comments", "// uritool-disable-next-line\nhttps://a.example/{x}\nlink:b.html[] // uritool-disable-line target", []string{"2:1:~https://a.example/{x}", "3:6:~target rel b.html"}},
		// "----" as long as the line above, give or take one, underlines
		// a section title: no listing opens.
		{"two-line section title", "NAME\n----\nsee https://a.example/\n\nx\n----\nhttps://b.example/{x}\n----", []string{"3:5:https://a.example/", "7:1:~https://b.example/{x}"}},
		{"built-in attribute", "git://host/{tilde}alice/foo", []string{"1:1:git://host/~alice/foo"}},
		{"conflict markers", "the +<<<<<<<+, `=======`, and +>>>>>>>+ markers", nil},
		{"word before a macro", "hyperlink:x.html[] \\link:y.html[]", nil},
		// A backslash keeps "..." from the ellipsis, and is gone once
		// rendered.
		{"escaped replacement", ":r: https://g.example/r\nhttps://g.example/c/v1\\...v2[diff] {r}/c/v1\\...v2[diff]", []string{"1:5:https://g.example/r", "2:1:https://g.example/c/v1...v2", "2:36:https://g.example/r/c/v1...v2"}},
		{"attribute line alone", "[source", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := columnsOf(Options{Type: AsciiDoc}, c.text)
			if strings.Join(got, "|") != strings.Join(c.want, "|") {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
		})
	}
}
