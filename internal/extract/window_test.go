package extract

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// seen is what a caller can see of a Found, with its columns and source
// offsets spelled out.
type seen struct {
	Offset, Runes int
	Text          string
	Relative      bool
	Followed      bool
	Suppress      Suppression
	Decoded       bool
	Sources       []int
	Source        string // the line from Offset to the end of the candidate's source
}

func see(f *Found) seen {
	// Copies: what a candidate holds is valid until the next Piece.
	s := seen{Offset: f.Offset, Runes: f.Runes, Text: strings.Clone(f.Text), Relative: f.Relative, Followed: f.Followed, Suppress: f.Suppress, Decoded: f.Decoded()}
	for k := 0; k <= len(f.Text); k++ {
		s.Sources = append(s.Sources, f.SourceOffset(k))
	}
	s.Source = strings.Clone(f.Source[:f.SourceOffset(len(f.Text))-f.Offset])
	return s
}

// wholeLines is what Line gives for each line of a file.
func wholeLines(opts Options, lines []string) [][]seen {
	e := New(opts)
	var out [][]seen
	for _, line := range lines {
		var got []seen
		for _, f := range e.Line(nil, line) {
			got = append(got, see(&f))
		}
		out = append(out, got)
	}
	return out
}

// inPieces is what Piece gives, for the lines split picks, cut into
// pieces of the sizes size gives; its Facts are gathered over pieces of
// other sizes, as a first pass reads them.
func inPieces(opts Options, lines []string, split func(int) bool, size func() int) [][]seen {
	e := New(opts)
	var facts Facts
	var out [][]seen
	for i, line := range lines {
		var got []seen
		if !split(i) {
			for _, f := range e.Line(nil, line) {
				got = append(got, see(&f))
			}
			out = append(out, got)
			continue
		}
		facts.Reset()
		for rest := line; rest != ""; {
			n := min(size(), len(rest))
			facts.Scan([]byte(rest[:n]))
			rest = rest[n:]
		}
		facts.End()
		rest := line
		for {
			n := min(size(), len(rest))
			found := e.Piece(nil, []byte(rest[:n]), &facts, n == len(rest))
			for _, f := range found {
				got = append(got, see(&f))
			}
			rest = rest[n:]
			if rest == "" {
				break
			}
		}
		out = append(out, got)
	}
	return out
}

// tokens make up the lines of the test: every construct whose extent a
// window may not see the end of.
var tokens = []string{
	"see", "and", " ", " ", " ", "  ", "\t", "https://example.com/a?b=17", "http://a.example/x_(y)", "mailto:a@b.example",
	"data:x", "{", "{ ", "}", "{{ data:x }}", "]", "(", "](", "[t](https://l.example/p_(q))", "<", ">", "<https://auto.example/>",
	"<http://x", "\"", "'", "\"https://q.example/a b\"", "'http://s.example/'", "`", "``", "```", "`https://code.example/`",
	"\\", "\\_", "\\)", "\\&", "&amp;", "&#37;", "&quot;", "&#x22;", "&gt;", "&lt;", "&", "&am", ";", "#", "é", "日本", "\xe2\x80",
	"\u00a0", "\u200b", "|", "http://exa mple.com", "http://[::1", "https://bad^host/", "http://%zz/", ".", ",", ")", "!", "*", "~",
	"<a href=\"https://h.example/?a=1&amp;b=2\" title=\"see http://t.example/\">x</a>", "<img src='/i.png' alt=logo>",
	"<a HREF = \"x\">", "href=", "src=", "=", "<p>", "</p>", " title=", "data-x=\"http://d.example/\"", "srcset=\"a.png 1x, https://b.example/b.png 2x\"",
	"<!-- uritool-disable-line -->", "uritool-disable-next-line url-userinfo", "uritool-disable", "uritool-enable", "uritool-",
	"uritool-disable-line a,b", "<script>", "</script>", "<style type=x>", "</STYLE>", "url(", "<scr", "www.", "www.a.example/p?q=(x)", "w", "ww", "@", "a.b+c@d.example", "x@y_z", "urn:isbn:1", "xhttp://no", "1http://no", "HTTP://UP.EXAMPLE/", "h", "ttp", "://",
	"{{ author }}", "{% if x %}", "${id}", "#{id}", "$", "}}", "%}", "{z}", "[a]: https://d.example/{{ y }}", "[b](http://f.example/{id})",
	// reStructuredText and AsciiDoc.
	".. ", "..", ".. _t: a.rst", ".. _`x: y`: ../b.html", ".. image:: i.png", ".. |s| image:: s.png", "__ anon.html", ".. code-block:: py",
	".. comment", "::", "`l <c.rst>`_", "`l <https://e.example/>`__", "`r <name_>`_", ">`_", ":doc:`d`", ":doc:`t <../e>`", ":ref:`x`",
	"link:f.html[t]", "link:{u}/p[", "image::p.png[]", "image:{d}/q.png[x]", "xref:g.adoc#s[]", "<<", ">>", "<<id>>", "<<h.adoc#k,T>>",
	"<<j#m>>", "https://x.example/a[text]", "{u}/v[w]", "{", "}", ":u: https://u.example", ":imagesdir: img", "----", "....", "////",
	"// c", "[source,go]", "[", "xref:", "link:",
}

func randomLine(r *rand.Rand, n int) string {
	var b strings.Builder
	for range n {
		b.WriteString(tokens[r.IntN(len(tokens))])
	}
	return b.String()
}

// TestPiecesAsWhole: a line read in pieces, of any size down to one byte,
// gives the same candidates, suppressions, offsets and columns as the
// whole line, in every kind of file and across the state lines share.
func TestPiecesAsWhole(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 3000 {
		var lines []string
		for range 1 + r.IntN(4) {
			switch r.IntN(6) {
			case 0:
				lines = append(lines, "```")
			case 1:
				lines = append(lines, "    "+randomLine(r, 1+r.IntN(10)))
			case 2:
				lines = append(lines, "")
			default:
				lines = append(lines, randomLine(r, 1+r.IntN(80)))
			}
		}
		for _, opts := range []Options{{Type: Text}, {Type: Markdown}, {Type: Markdown, IncludeCode: true}, {Type: HTML}, {Type: RST}, {Type: AsciiDoc}} {
			want := wholeLines(opts, lines)
			maxSize := 1 + r.IntN(40)
			got := inPieces(opts, lines, func(int) bool { return r.IntN(4) > 0 }, func() int { return 1 + r.IntN(maxSize) })
			if !reflect.DeepEqual(got, want) {
				for i := range lines {
					if !reflect.DeepEqual(got[i], want[i]) {
						t.Fatalf("round %d, %+v, line %d of %q:\nin pieces %#v\nwhole     %#v", round, opts, i, lines, got[i], want[i])
					}
				}
			}
		}
	}
}

// FuzzPiecesAsWhole: the same, over any lines and piece sizes.
func FuzzPiecesAsWhole(f *testing.F) {
	f.Add("see <a href=\"https://a.example/\">x</a> `b` &amp; \"http://q\" uritool-disable-line", uint64(1), uint8(3))
	f.Add("```\nhttp://a.example/\n```", uint64(2), uint8(1))
	f.Add("<meta content=\"0; url=a.html\"><p style='x:url(b.png)'>.y{z:url( \"c d.png\" )}url(", uint64(4), uint8(5))
	f.Add("[a]: <b c.md> \"t\"\nsee [x](../a(b)/c.md#d) ![i](<e f.png>) [y](g\\).md)", uint64(3), uint8(2))
	f.Fuzz(func(t *testing.T, text string, seed uint64, maxSize uint8) {
		lines := strings.Split(text, "\n")
		r := rand.New(rand.NewPCG(seed, 7))
		for _, opts := range []Options{{Type: Text}, {Type: Markdown}, {Type: HTML}} {
			want := wholeLines(opts, lines)
			got := inPieces(opts, lines, func(int) bool { return r.IntN(2) == 0 }, func() int { return 1 + r.IntN(1+int(maxSize)) })
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%+v, %q:\nin pieces %+v\nwhole     %+v", opts, lines, got, want)
			}
		}
	})
}

// piecesAsWhole is FuzzPiecesAsWhole's body, for one kind.
func piecesAsWhole(t *testing.T, kind Type, text string, seed uint64, maxSize uint8) {
	lines := strings.Split(text, "\n")
	r := rand.New(rand.NewPCG(seed, 7))
	opts := Options{Type: kind}
	want := wholeLines(opts, lines)
	got := inPieces(opts, lines, func(int) bool { return r.IntN(2) == 0 }, func() int { return 1 + r.IntN(1+int(maxSize)) })
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%+v, %q:\nin pieces %+v\nwhole     %+v", opts, lines, got, want)
	}
}

// FuzzRSTPieces: the same for reStructuredText.
func FuzzRSTPieces(f *testing.F) {
	f.Add("see `a <b.rst>`_ and :doc:`c <../d>` ``https://x.example/{`` https://e.example/\n.. _t: f.html\n.. image:: g.png\n.. code-block:: sh\n\n   curl https://h.example/{\n", uint64(1), uint8(3))
	f.Add("Para::\n\n    https://lit.example/{\n\n.. comment https://c.example/\n   more https://c2.example/\n.. |s| figure:: k.png", uint64(2), uint8(1))
	f.Fuzz(func(t *testing.T, text string, seed uint64, maxSize uint8) {
		piecesAsWhole(t, RST, text, seed, maxSize)
	})
}

// FuzzAsciiDocPieces: the same for AsciiDoc.
func FuzzAsciiDocPieces(f *testing.F) {
	f.Add(":u: https://u.example\n:imagesdir: img\nsee https://a.example/b[c] link:d.html[e] image::f.png[] {u}/g[h] <<i>> <<j.adoc#k,L>> xref:m#n[]\n----\nhttps://x.example/{\n----\n", uint64(1), uint8(3))
	f.Add("// c https://c.example/\n////\nhttps://d.example/\n////\n[source,sh]\ncurl https://e.example/{\n\n  literal https://f.example/{\n`https://g.example/{`", uint64(2), uint8(1))
	f.Fuzz(func(t *testing.T, text string, seed uint64, maxSize uint8) {
		piecesAsWhole(t, AsciiDoc, text, seed, maxSize)
	})
}

// TestPiecesHoldLittle: a line read in pieces is held no longer than
// what is undecided: a window stays within two pieces over a 16 MiB line
// of Markdown and HTML, however many candidates it holds, and grows only
// with a stretch that cannot be cut (here a quoted candidate of 1 MiB).
func TestPiecesHoldLittle(t *testing.T) {
	unit := `see https://example.com/a?b=17 and <a href="/x?a=1&amp;b" title="t">x</a> ` + "`code` "
	quoted := `"https://q.example/` + strings.Repeat("a", 1<<20) + `" `
	for _, c := range []struct {
		name  string
		line  func(i int) string
		bound int
	}{
		{"prose and tags", func(int) string { return unit }, 2 * maxPiece},
		{"a long quoted candidate", func(i int) string {
			if i == 1000 {
				return quoted
			}
			return unit
		}, 2 * (2*maxPiece + len(quoted))}, // append may double it
	} {
		var line strings.Builder
		units := 0
		for i := 0; line.Len() < 16<<20; i++ {
			line.WriteString(c.line(i))
			units++
		}
		text := []byte(line.String())
		var facts Facts
		facts.Reset()
		facts.Scan(text)
		facts.End()
		e := New(Options{Type: Markdown})
		most, count := 0, 0
		for rest := text; len(rest) > 0; {
			n := min(maxPiece, len(rest))
			count += len(e.Piece(nil, rest[:n], &facts, n == len(rest)))
			rest = rest[n:]
			most = max(most, cap(e.piece.buf), cap(e.piece.inside))
		}
		if most > c.bound || count < units-1 { // one URI per unit
			t.Errorf("%s: window up to %d bytes (bound %d), %d candidates", c.name, most, c.bound, count)
		}
	}
}
