package get_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/uritool/uritool/internal/get"
	"github.com/uritool/uritool/pkg/uri"
)

// items is what --each kind gives of input, each item's text, and for
// pairs its decoded key and value after it: "text|key|value".
func items(t *testing.T, kind, input string) []string {
	t.Helper()
	u, err := uri.ParseRule(input, uri.RuleIRIReference)
	if err != nil {
		t.Fatalf("%q: %v", input, err)
	}
	e := get.EachNamed(kind)
	if e == 0 {
		t.Fatalf("no --each %q", kind)
	}
	var buf []byte
	var out []string
	for _, it := range e.Append(nil, &buf, &u) {
		if e == get.EachPairs {
			out = append(out, it.Text+"|"+it.Key+"|"+it.Value)
			continue
		}
		out = append(out, it.Text)
	}
	return out
}

func TestEach(t *testing.T) {
	for _, c := range []struct {
		kind, input string
		want        []string
	}{
		// The query's pairs as the query fields read them: split at "&",
		// an empty piece no pair, cut at the first "=", repeats kept.
		{"keys", "http://h/?a=1&b%20c=2&a=3&&d", []string{"a", "b c", "a", "d"}},
		{"values", "http://h/?a=1&b%20c=2&a=3&&d", []string{"1", "2", "3", ""}},
		{"pairs", "http://h/?a=1&b%20c=2&a=3&&d", []string{"a=1|a|1", "b%20c=2|b c|2", "a=3|a|3", "d|d|"}},
		{"values", "?q=a=b&e=", []string{"a=b", ""}},
		// "+" stays: form encoding is not RFC 3986's.
		{"values", "?q=a+b%2B", []string{"a+b+"}},
		{"keys", "?=x", []string{""}},
		// No query, an empty one, one of "&" only: no pairs.
		{"keys", "http://h/", nil},
		{"keys", "http://h/?", nil},
		{"pairs", "http://h/?&&", nil},
		// A decoded control character is written percent-encoded, so that
		// an item is one line; a pair's key and value are exact.
		{"keys", "?a%0Ab=1&t%09=2", []string{"a%0Ab", "t%09"}},
		{"values", "?a=x%0D%0Ay%7F", []string{"x%0D%0Ay%7F"}},
		{"pairs", "?a%0Ab=%00", []string{"a%0Ab=%00|a\nb|\x00"}},
		// A space or a "%" is no control: one item a line needs no more.
		{"values", "?a=50%25%20off", []string{"50% off"}},
		// Percent-encoded UTF-8 decodes to its characters.
		{"keys", "?caf%C3%A9=%E2%82%AC", []string{"café"}},

		// Segments as {segment:N} numbers them: as written, an absolute
		// path's leading empty one left out, a trailing one kept.
		{"segments", "http://h/a/b%2Fc/", []string{"a", "b%2Fc", ""}},
		{"segments", "http://h/", []string{""}},
		{"segments", "http://h", nil},
		{"segments", "mailto:a@b", []string{"a@b"}},
		{"segments", "a//b", []string{"a", "", "b"}},
		{"segments", "?q", nil},

		// Labels as {host:N} numbers them: a reg-name's, as written.
		{"labels", "http://www.Example.co.uk./", []string{"www", "Example", "co", "uk", ""}},
		{"labels", "http://192.0.2.1/", nil},
		{"labels", "http://[::1]/", nil},
		{"labels", "file:///x", nil},
		{"labels", "/a/b", nil},
		{"labels", "http://b%C3%BCcher.de/", []string{"b%C3%BCcher", "de"}},
	} {
		if got := items(t, c.kind, c.input); !slices.Equal(got, c.want) {
			t.Errorf("--each %s %q = %q, want %q", c.kind, c.input, got, c.want)
		}
	}
}

// TestEachNumbersAsGet: item N of --each segments, labels, keys and
// values is what {segment:N}, {host:N} and the query fields give, over
// references with every shape of path, host and query.
func TestEachNumbersAsGet(t *testing.T) {
	inputs := []string{"http://a.b.c/x/y/", "http://h", "http://h/", "http://192.0.2.1/a//b", "mailto:x@y", "a/b?c=1&d&&e=%41", "http://x.y./?k=1&k=2&=3"}
	for _, in := range inputs {
		for _, c := range []struct{ kind, field string }{{"segments", "segment:%d"}, {"labels", "host:%d"}} {
			got := items(t, c.kind, in)
			for n := 1; n <= len(got)+1; n++ {
				want := getLine(t, "{"+fmt.Sprintf(c.field, n)+"}", in, get.Options{})
				if n <= len(got) && got[n-1] != want || n > len(got) && want != "" {
					t.Errorf("%q: --each %s item %d vs {%s} = %q", in, c.kind, n, fmt.Sprintf(c.field, n), want)
				}
			}
		}
		// The keys, joined as {query-keys} joins them (it also escapes
		// the spaces, which these have none of).
		if keys, want := strings.Join(items(t, "keys", in), " "), getLine(t, "{query-keys}", in, get.Options{}); keys != want {
			t.Errorf("%q: --each keys %q, {query-keys} %q", in, keys, want)
		}
	}
}

// TestEachSegmentsRebuildPath is a property over random valid paths: the
// segments joined with "/" are the path, less the "/" an absolute path
// starts with; and there are no segments exactly when the path is empty.
// So --each segments loses nothing of the path, and keeps its order,
// its empty segments and its trailing "/".
func TestEachSegmentsRebuildPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"", "a", "b%2F", ".", "..", "x;y=1", "@", ":", "%20", "~_-"}
	for range 5000 {
		var path strings.Builder
		for n := rng.IntN(5); n > 0; n-- {
			if path.Len() > 0 || rng.IntN(2) == 0 {
				path.WriteByte('/')
			}
			path.WriteString(pieces[rng.IntN(len(pieces))])
		}
		p := path.String()
		in := "http://h" + p
		if p != "" && p[0] != '/' {
			in = "x:" + p // a rootless path needs no authority
		}
		u, err := uri.Parse(in)
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		var buf []byte
		segs := get.EachSegments.Append(nil, &buf, &u)
		texts := make([]string, len(segs))
		for i, s := range segs {
			texts[i] = s.Text
		}
		if got, want := strings.Join(texts, "/"), strings.TrimPrefix(u.Path(), "/"); got != want || (len(segs) == 0) != (u.Path() == "") {
			t.Fatalf("%q: segments %q joined with \"/\" = %q, want %q", in, texts, got, want)
		}
	}
}

// TestEachReusesItsBuffer: an input's items do not allocate once the
// slice and the buffer have grown, decoded or not.
func TestEachReusesItsBuffer(t *testing.T) {
	u, err := uri.Parse("http://www.example.com/a/b?q=a%20b&k%0A=v&x")
	if err != nil {
		t.Fatal(err)
	}
	var buf []byte
	var its []get.Item
	for _, e := range []get.Each{get.EachKeys, get.EachValues, get.EachPairs, get.EachSegments, get.EachLabels} {
		if n := testing.AllocsPerRun(100, func() {
			buf = buf[:0]
			its = e.Append(its[:0], &buf, &u)
		}); n != 0 {
			t.Errorf("--each %s: %v allocations, want 0", e, n)
		}
	}
}

func TestEachNamed(t *testing.T) {
	for i, k := range get.EachKinds {
		if e := get.EachNamed(k); int(e) != i+1 || e.String() != k {
			t.Errorf("EachNamed(%q) = %d (%s)", k, e, e)
		}
	}
	if get.EachNamed("key") != 0 {
		t.Error("EachNamed(\"key\") is a kind")
	}
}

// FuzzEach holds every kind to what it takes apart, for any reference
// read: segments joined with "/" are the path less an absolute path's
// first "/"; labels joined with "." are a reg-name host; pairs joined
// with "&" are the query less its empty pieces; keys and values are as
// many as the pairs. And no item's line holds a control character.
func FuzzEach(f *testing.F) {
	for _, s := range []string{"http://a.b./x//y/?k=v&&%0A=1&z", "mailto:a@b", "//[::1]/", "?", "", "a%2Fb/c;d?e=f=g#h", "http://caf\u00e9.example/\u00e9?\u00e9=\u00e9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := uri.ParseRule(s, uri.RuleIRIReference)
		if err != nil {
			return
		}
		var buf []byte
		texts := func(e get.Each) []string {
			var out []string
			for _, it := range e.Append(nil, &buf, &u) {
				for i := 0; i < len(it.Text); i++ {
					if c := it.Text[i]; c < ' ' || c == 0x7F {
						t.Fatalf("%q: --each %s item %q holds a control character", s, e, it.Text)
					}
				}
				out = append(out, it.Text)
			}
			return out
		}
		if segs := texts(get.EachSegments); strings.Join(segs, "/") != strings.TrimPrefix(u.Path(), "/") || (len(segs) == 0) != (u.Path() == "") {
			t.Errorf("%q: segments %q, path %q", s, segs, u.Path())
		}
		host, _ := u.Host()
		if labels := texts(get.EachLabels); u.HostType() == uri.HostRegName && strings.Join(labels, ".") != host || u.HostType() != uri.HostRegName && labels != nil {
			t.Errorf("%q: labels %q, host %q (%s)", s, labels, host, u.HostType())
		}
		q, _ := u.Query()
		var nonEmpty []string
		for piece := range strings.SplitSeq(q, "&") {
			if piece != "" {
				nonEmpty = append(nonEmpty, piece)
			}
		}
		if pairs := texts(get.EachPairs); !slices.Equal(pairs, nonEmpty) {
			t.Errorf("%q: pairs %q, query %q", s, pairs, q)
		}
		if k, v := texts(get.EachKeys), texts(get.EachValues); len(k) != len(nonEmpty) || len(v) != len(nonEmpty) {
			t.Errorf("%q: %d keys and %d values of %d pairs", s, len(k), len(v), len(nonEmpty))
		}
	})
}
