package anchor

import (
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

func TestLines(t *testing.T) {
	for _, c := range []struct {
		doc  string
		want int
	}{
		{"", 0},
		{"\n", 1},
		{"a", 1},
		{"a\n", 1},
		{"a\nb", 2},
		{"a\nb\n", 2},
		{"a\r\nb\r\n", 2},
		{"\n\n\n", 3},
		{strings.Repeat("x\n", 100000) + "y", 100001},
	} {
		for _, r := range []io.Reader{strings.NewReader(c.doc), iotest.OneByteReader(strings.NewReader(c.doc))} {
			if got, err := Lines(r); got != c.want || err != nil {
				t.Errorf("Lines(%.20q) = %d, %v, want %d", c.doc, got, err, c.want)
			}
		}
	}
	r := io.MultiReader(strings.NewReader("a\n"), iotest.ErrReader(io.ErrUnexpectedEOF))
	if _, err := Lines(r); err != io.ErrUnexpectedEOF {
		t.Errorf("Lines(failing reader) error = %v, want %v", err, io.ErrUnexpectedEOF)
	}
}

func TestLineAnchor(t *testing.T) {
	for _, c := range []struct {
		fragment    string
		first, last int
		ok          bool
	}{
		{"L12", 12, 12, true},
		{"L1", 1, 1, true},
		{"L12-L20", 12, 20, true},
		{"L20-L12", 12, 20, true},
		{"L12C3", 12, 12, true},
		{"L12C3-L14C1", 12, 14, true},
		{"L12-L14C1", 12, 14, true},
		{"L12C3-L14", 12, 14, true},
		{"L012", 12, 12, true},
		{"L0", 0, 0, false},
		{"L12C0", 0, 0, false},
		{"L", 0, 0, false},
		{"L12-", 0, 0, false},
		{"L12-20", 0, 0, false},
		{"L12-L20-L30", 0, 0, false},
		{"l12", 0, 0, false},
		{"L+12", 0, 0, false},
		{"L-12", 0, 0, false},
		{"L12C", 0, 0, false},
		{"L12c3", 0, 0, false},
		{"L12 ", 0, 0, false},
		{"L99999999999999999999", 0, 0, false},
		{"install", 0, 0, false},
		{"", 0, 0, false},
	} {
		first, last, ok := LineAnchor(c.fragment)
		if first != c.first || last != c.last || ok != c.ok {
			t.Errorf("LineAnchor(%q) = %d, %d, %v, want %d, %d, %v", c.fragment, first, last, ok, c.first, c.last, c.ok)
		}
	}
}
