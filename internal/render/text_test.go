package render

import "testing"

func TestColumns(t *testing.T) {
	for _, c := range []struct {
		s    string
		want int
	}{
		{"", 0},
		{"http://a/", 9},
		{"日本", 4},                 // East Asian wide
		{"ＡＢ", 4},                 // fullwidth
		{"e\u0301", 1},            // combining acute accent
		{"a\u200db", 2},           // zero width joiner, a format character
		{"x/日\u0301本 y", 8},       // ASCII first, then the rest by rune
		{"\xff", 1},               // invalid UTF-8 is one replacement character
		{"\u00e9\u3000\u00e9", 4}, // ideographic space is wide
	} {
		if got := Columns(c.s); got != c.want {
			t.Errorf("Columns(%q) = %d, want %d", c.s, got, c.want)
		}
	}
}
