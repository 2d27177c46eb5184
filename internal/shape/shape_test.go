package shape

import (
	"fmt"
	"net/url"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/uritool/uritool/pkg/uri"
	"github.com/uritool/uritool/pkg/uritemplate"
)

func TestOf(t *testing.T) {
	tests := []struct {
		in, want string
		off      Heuristic
	}{
		{"https://example.com/users/42/edit?page=2&sort=name", "https://example.com/users/{id}/edit{?page,sort}", 0},
		{"https://example.com/users/42/edit?sort=a&page=2&sort=b", "https://example.com/users/{id}/edit{?sort,page}", 0},
		{"http://u:p@h:8080/a/7/b/8/c/9#frag", "http://h:8080/a/{id}/b/{id2}/c/{id3}", 0},
		{"/x/550e8400-E29B-41d4-a716-446655440000/2024-02-29/deadbeef01/deadbeef",
			"/x/{uuid}/{date}/{hex}/deadbeef", 0},
		{"/2023-02-29/12345678/abc1234/0x12345678", "/2023-02-29/{id}/abc1234/0x12345678", 0},
		{"/2024-01-05/12345678", "/{date}/{id}", Hex},
		{"/2024-01-05/12345678", "/2024-01-05/12345678", Date | Decimal},
		{"/550e8400-e29b-41d4-a716-446655440000", "/550e8400-e29b-41d4-a716-446655440000", UUID},
		{"/a1b2c3d4e5", "/a1b2c3d4e5", Hex},
		{"/v/1?id=3", "/v/{id2}{?id}", 0},
		{"?a%2Db=1&a-b=2&c%2bd&c+d", "{?a%2Db,c%2Bd}", 0},
		{"?utm-source=x&a.b=1&.c=2&d.=3&e..f=4&%7e=5&=6&g", "{?utm%2Dsource,a.b,%2Ec,d%2E,e%2E%2Ef,%7E,g}", 0},
		{"mailto:someone@example.com", "mailto:someone@example.com", 0},
		{"file:///1/", "file:///{id}/", 0},
		// A host of digits and a port are no path segments.
		{"http://1234:80/5", "http://1234:80/{id}", 0},
		{"//1234/5", "//1234/{id}", 0},
		{"//[::1]:80/'a'?", "//[::1]:80/'a'", 0},
		{"", "", 0},
		// Words of every length, between variables.
		{"/information-management/12345/ab-defghijklmnop/2024-02-29/wordy-word/7/ab-d/x-y-z-w-/9",
			"/information-management/{id}/ab-defghijklmnop/{date}/wordy-word/{id2}/ab-d/x-y-z-w-/{id3}", 0},
		{"/xyz/550e8400-e29b-41d4-a716-446655440000", "/xyz/{uuid}", 0},
		{"/12-45678/12_456789abc/1a2b3c4d", "/12-45678/12_456789abc/{hex}", 0},
	}
	for _, tt := range tests {
		got, _, err := Of(tt.in, Options{Off: tt.off})
		if err != nil || got != tt.want {
			t.Errorf("Of(%q, off %v) = %q, %v; want %q", tt.in, tt.off, got, err, tt.want)
		}
	}
	if _, _, err := Of("http://h/a b", Options{}); err == nil {
		t.Error("Of accepted an invalid reference")
	}
}

func TestHeuristicNames(t *testing.T) {
	if got := All.String(); got != "uuid,date,id,hex" {
		t.Errorf("All.String() = %q", got)
	}
	for _, name := range strings.Split(All.String(), ",") {
		h, err := ParseHeuristic(name)
		if err != nil || h.String() != name || h.Description() == "" {
			t.Errorf("ParseHeuristic(%q) = %v, %v", name, h, err)
		}
	}
	if All.Description() != "" {
		t.Errorf("All.Description() = %q, want none for a set", All.Description())
	}
	if _, err := ParseHeuristic("decimal"); err == nil {
		t.Error(`ParseHeuristic("decimal") succeeded`)
	}
}

// checkRoundTrip checks that the shape of ref parses as a template and
// expands with the values Of returns to ref less what a shape drops:
// userinfo, fragment, empty and repeated query keys. Query keys and
// values may come back with a different percent-encoding, so both sides
// are compared percent-decoded.
func checkRoundTrip(t *testing.T, ref string, opts Options) {
	shape, vals, err := Of(ref, opts)
	if err != nil {
		return
	}
	tmpl, err := uritemplate.Parse(shape)
	if err != nil {
		t.Fatalf("shape of %q is %q: %v", ref, shape, err)
	}
	got, err := tmpl.Expand(vals)
	if err != nil {
		t.Fatalf("shape %q of %q: %v", shape, ref, err)
	}
	if want := reduce(t, ref); decode(got) != decode(want) {
		t.Fatalf("shape %q of %q expands to %q, want %q", shape, ref, got, want)
	}
	if tmpl.Matchable() != nil {
		return
	}
	back, ok := tmpl.Match(got)
	if !ok {
		t.Fatalf("shape %q does not match its expansion %q", shape, got)
	}
	for name, v := range vals {
		if back[name].Str != v.Str {
			t.Fatalf("shape %q matched %q: %s = %q, want %q", shape, got, name, back[name].Str, v.Str)
		}
	}
}

// reduce rebuilds ref without what a shape drops, with "key=" for a bare
// query key as the "?" operator writes it.
func reduce(t *testing.T, ref string) string {
	u, err := uri.Parse(ref)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if s, ok := u.Scheme(); ok {
		b.WriteString(s + ":")
	}
	if h, ok := u.Host(); ok {
		b.WriteString("//" + h)
		if p, ok := u.Port(); ok {
			b.WriteString(":" + p)
		}
	}
	b.WriteString(u.Path())
	q, _ := u.Query()
	var seen []string
	for field := range strings.SplitSeq(q, "&") {
		k, v, _ := strings.Cut(field, "=")
		if k == "" || slices.Contains(seen, decode(k)) {
			continue
		}
		sep := "&"
		if seen == nil {
			sep = "?"
		}
		seen = append(seen, decode(k))
		b.WriteString(sep + k + "=" + v)
	}
	return b.String()
}

func decode(s string) string {
	if d, err := url.PathUnescape(s); err == nil {
		return d
	}
	return s
}

func TestRoundTrip(t *testing.T) {
	for _, ref := range []string{
		"https://example.com/users/42/edit?page=2&sort=name%20asc&page=3",
		"http://u@h:1/2024-01-05/f00dcafe12?x&y=&&z=%2B+1#f",
		"/a/550e8400-e29b-41d4-a716-446655440000/7?k.1=v&k-2=w&id=9",
		"x:1/2/3",
		"?",
	} {
		for _, off := range []Heuristic{0, All, Decimal} {
			checkRoundTrip(t, ref, Options{Off: off})
		}
	}
}

func FuzzOf(f *testing.F) {
	f.Add("https://example.com/users/42/edit?page=2&sort=name%20asc", uint8(0))
	f.Add("http://u@[::1]:1/2024-01-05/f00dcafe12/550e8400-e29b-41d4-a716-446655440000?x&.y.=&&z=%2B+1#f", uint8(0))
	f.Fuzz(func(t *testing.T, ref string, off uint8) {
		checkRoundTrip(t, ref, Options{Off: Heuristic(off) & All})
	})
}

func TestCounter(t *testing.T) {
	var c Counter
	var adds []int
	for _, in := range []string{"a", "b", "a", "", "c", "b", "a", "b", "d", ""} {
		adds = append(adds, c.Add([]byte(in)))
	}
	if want := []int{1, 1, 2, 1, 1, 2, 3, 3, 1, 2}; !slices.Equal(adds, want) {
		t.Errorf("Add returned %v, want %v", adds, want)
	}
	var got []string
	for shape, n := range c.Sorted() {
		got = append(got, shape+":"+strconv.Itoa(n))
	}
	if want := []string{"a:3", "b:3", ":2", "c:1", "d:1"}; !slices.Equal(got, want) || c.Len() != 5 {
		t.Errorf("Sorted() = %q, Len() = %d, want %q", got, c.Len(), want)
	}
	// AddAll and Add count into one table; Len counts what both kept.
	c.AddAll([]byte("ee"), []int{1, 2}, nil, nil)
	if n := c.Len(); n != 6 {
		t.Errorf("Len() after AddAll = %d, want 6", n)
	}
	if n := c.Add([]byte("e")); n != 3 {
		t.Errorf("Add after AddAll = %d, want 3", n)
	}
}

// TestCounterMany counts enough shapes to fill many blocks, grow the
// index many times, and store shapes across the end of a block, one of
// them longer than a block.
func TestCounterMany(t *testing.T) {
	shapeOf := func(i int) string {
		s := strconv.Itoa(i) + strings.Repeat("/x", i%97) + strings.Repeat("y", i%7*(i%300))
		if i == 1000 {
			s += strings.Repeat("z", textBlock+1)
		}
		return s
	}
	countOf := func(i int) int { // as the rounds below add it
		n := 1
		if i%2 == 0 {
			n++
		}
		if i%3 == 0 {
			n++
		}
		return n
	}
	var c Counter
	const n = 12000
	for round := 1; round <= 3; round++ {
		for i := range n {
			switch {
			case i%round != 0:
			case round == 2 && i%10 == 0:
				if got := c.Add([]byte(shapeOf(i))); got != 2 {
					t.Fatalf("Add(shape %d) in round 2 = %d, want 2", i, got)
				}
			default:
				c.Add([]byte(shapeOf(i)))
			}
		}
	}
	if c.Len() != n || c.size < 4*textBlock {
		t.Fatalf("Len() = %d, want %d, in %d bytes", c.Len(), n, c.size)
	}
	var got, want []string
	for shape, n := range c.Sorted() {
		got = append(got, strconv.Itoa(n)+" "+shape)
	}
	for _, count := range []int{3, 2, 1} {
		for i := range n {
			if countOf(i) == count {
				want = append(want, strconv.Itoa(count)+" "+shapeOf(i))
			}
		}
	}
	if !slices.Equal(got, want) {
		for i := range min(len(got), len(want)) {
			if got[i] != want[i] {
				t.Fatalf("Sorted()[%d] = %.60q, want %.60q", i, got[i], want[i])
			}
		}
		t.Fatalf("Sorted() has %d shapes, want %d", len(got), len(want))
	}
}

// TestIsDate holds isDate to time.Parse(time.DateOnly), which it replaces
// for speed, over every month and day field of a few years of each kind.
func TestIsDate(t *testing.T) {
	fields := []string{"1a", "+1", " 1", "-1"}
	for i := range 100 {
		fields = append(fields, fmt.Sprintf("%02d", i))
	}
	for _, year := range []string{"0000", "0001", "0004", "1900", "2000", "2023", "2024", "2100", "2400", "9999", "20x4", "+024", "-024"} {
		for _, month := range fields {
			for _, day := range fields {
				s := year + "-" + month + "-" + day
				_, err := time.Parse(time.DateOnly, s)
				if got := isDate(s); got != (err == nil) {
					t.Errorf("isDate(%q) = %v, time.Parse says %v", s, got, err)
				}
			}
		}
	}
	for _, s := range []string{"", "2024-01-011", "2024-1-01", "2024/01/01", "2024-01-0"} {
		if isDate(s) {
			t.Errorf("isDate(%q)", s)
		}
	}
}

func FuzzIsDate(f *testing.F) {
	f.Add("2024-02-29")
	f.Fuzz(func(t *testing.T, s string) {
		_, err := time.Parse(time.DateOnly, s)
		if got := isDate(s); got != (err == nil) {
			t.Errorf("isDate(%q) = %v, time.Parse says %v", s, got, err)
		}
	})
}

// TestShaperReused: a Shaper keeps nothing of one input in the shape of
// the next, whether the query had a few keys or more than it compares one
// by one.
func TestShaperReused(t *testing.T) {
	many := func(n int, prefix string) string {
		var keys []string
		for i := range n {
			keys = append(keys, prefix+strconv.Itoa(i%(n-3))+"=v")
		}
		return strings.Join(keys, "&")
	}
	refs := []string{
		"http://h/1/2?id=1&id2=2",
		"/1/2",
		"/1/2/3?" + many(maxScan+5, "id"),
		"/1/2/3?" + many(maxScan+5, "k"),
		"/a?" + many(maxScan, "id"),
		"/1/2?id",
		"/x?%69d=1&id=2",
		"x y",
		"/2024-01-05/a1b2c3d4e5/1",
	}
	var s Shaper
	for _, ref := range append(refs, refs...) {
		want, _, wantErr := Of(ref, Options{})
		got, err := s.Shape(ref)
		if string(got) != want || (err == nil) != (wantErr == nil) {
			t.Errorf("Shape(%q) = %q, %v, want %q, %v", ref, got, err, want, wantErr)
		}
	}
	if got, _, _ := Of("/1/2/3?"+many(maxScan+5, "id"), Options{}); !strings.HasPrefix(got, "/{id}/{id18}/{id19}{?id0,id1,") {
		t.Errorf("path variables among many query names: %q", got)
	}
}

// corpus is a few URLs of each kind the heuristics see, for the
// allocation test and the benchmark.
var corpus = []string{
	"https://example.com/users/42/edit?page=2&sort=name",
	"https://www.information-management.com/issues/2007_45/10000894-1.html",
	"http://archives.subscribermail.com/msg/6e2f7d40e7fa4ff49403f9ca20de27d8.htm",
	"https://api.example.com/v2/orders/550e8400-e29b-41d4-a716-446655440000/items/17",
	"https://news.example.org/2024-01-05/story?utm_source=x&utm_medium=y&id=9&a%2Db=1",
	"file:///home/user/docs/report.pdf",
	"/relative/path/deadbeef01?q",
	"mailto:someone@example.com",
}

// TestShapeAllocations: once its buffers have grown, a Shaper allocates
// nothing for a valid input.
func TestShapeAllocations(t *testing.T) {
	var s Shaper
	for _, ref := range corpus {
		s.Shape(ref)
	}
	allocs := testing.AllocsPerRun(100, func() {
		for _, ref := range corpus {
			if _, err := s.Shape(ref); err != nil {
				t.Fatal(err)
			}
		}
	})
	if allocs != 0 {
		t.Errorf("Shape allocates %v times per run of %d references, want 0", allocs, len(corpus))
	}
}

func BenchmarkShape(b *testing.B) {
	var s Shaper
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := s.Shape(corpus[i%len(corpus)]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOf is the cost of a shape with its values.
func BenchmarkOf(b *testing.B) {
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, _, err := Of(corpus[i%len(corpus)], Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestCounterMemory holds a Counter to its bound: each distinct shape
// takes its length plus at most PerShape bytes, besides the blocks it has
// begun to fill.
func TestCounterMemory(t *testing.T) {
	heap := func() uint64 {
		var m runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	const n = 50000
	shapes := make([][]byte, n)
	length := 0
	for i := range shapes {
		shapes[i] = fmt.Appendf(nil, "https://example.com/%d/{id}/edit{?page}", i)
		length += len(shapes[i])
	}
	before := heap()
	var c Counter
	for _, s := range shapes {
		c.Add(s)
		c.Add(s)
	}
	if c.Len() != n {
		t.Fatalf("Len() = %d, want %d", c.Len(), n)
	}
	grown := heap() - before
	if limit := uint64(length + n*PerShape + textBlock); grown > limit {
		t.Errorf("%d shapes of %d bytes took %d bytes, %.1f per shape beyond its length; want at most %d",
			n, length, grown, float64(grown-uint64(length))/n, limit)
	}
	runtime.KeepAlive(&c)
	runtime.KeepAlive(shapes)
}

// TestCounterOrderFar: counts more than 2^32 apart are sorted as well.
func TestCounterOrderFar(t *testing.T) {
	if strconv.IntSize < 64 {
		t.Skip("counts are ints: on 32 bits no two are 2^32 apart")
	}
	var c Counter
	for _, in := range []string{"a", "b", "c", "b", "d"} {
		c.Add([]byte(in))
	}
	far := 1<<(strconv.IntSize-31) + 7 // 2^33 + 7: a constant 32 bits can hold too
	for pos := 0; pos < c.size; pos = c.next(pos) {
		if c.shape(pos) == "c" {
			*counter(c.header(pos)) = uint64(far)
		}
	}
	var got []string
	for shape, n := range c.Sorted() {
		got = append(got, shape+":"+strconv.Itoa(n))
	}
	if want := []string{"c:" + strconv.Itoa(far), "b:2", "a:1", "d:1"}; !slices.Equal(got, want) {
		t.Errorf("Sorted() = %q, want %q", got, want)
	}
}

func TestCounterMax(t *testing.T) {
	c := Counter{Max: 2}
	var adds []int
	for _, in := range []string{"a", "b", "c", "a", "d", "c", "b"} {
		adds = append(adds, c.Add([]byte(in)))
	}
	if want := []int{1, 1, 0, 2, 0, 0, 2}; !slices.Equal(adds, want) {
		t.Errorf("Add returned %v, want %v", adds, want)
	}
	c.Add([]byte("e"))
	var got []string
	for shape, n := range c.Sorted() {
		got = append(got, shape+":"+strconv.Itoa(n))
	}
	inputs, shapes := c.Dropped()
	if want := []string{"a:2", "b:2"}; !slices.Equal(got, want) || c.Len() != 2 || inputs != 4 || shapes != 3 {
		t.Errorf("Sorted() = %q, Len() = %d, Dropped() = %d, %d; want %q, 2, 4, 3", got, c.Len(), inputs, shapes, want)
	}
	var none Counter
	if inputs, shapes := none.Dropped(); inputs != 0 || shapes != 0 {
		t.Errorf("Dropped() of an empty Counter = %d, %d", inputs, shapes)
	}
}

// TestAddAll: counting a block at once, across batches, with Max, and
// with sums from Sum or without, gives what Add gives one shape after
// another.
func TestAddAll(t *testing.T) {
	var shapes []byte
	var ends []int
	for i := range 100 {
		shapes = append(shapes, strconv.Itoa(i%7*i%5)...)
		ends = append(ends, len(shapes))
	}
	for _, max := range []int{0, 1, 3} {
		one := Counter{Max: max}
		one.Add([]byte("0"))
		var want []int
		start := 0
		for _, end := range ends {
			want = append(want, one.Add(shapes[start:end]))
			start = end
		}
		for _, summed := range []bool{false, true} {
			all := NewCounter(max)
			all.Add([]byte("0"))
			var sums []uint64
			if summed {
				start := 0
				for _, end := range ends {
					sums = append(sums, all.Sum(shapes[start:end]))
					start = end
				}
			}
			got := make([]int, len(ends))
			all.AddAll(shapes, ends, sums, got)
			if !slices.Equal(got, want) {
				t.Errorf("Max %d, summed %v: AddAll gave %v, want %v", max, summed, got, want)
			}
		}
	}
}

// TestDroppedEstimate: the number of distinct shapes dropped is estimated
// within 2% (the sketch's standard error is 0.8%), and exactly for a few.
// The sketch's hash is fixed, so the test is the same in every run.
// entries lays shapes out as AddAll and AddKnown take them, with c's
// sums.
func entries(c *Counter, shapes []string) (b []byte, ends []int, sums []uint64) {
	for _, sh := range shapes {
		b = append(b, sh...)
		ends = append(ends, len(b))
		sums = append(sums, c.Sum([]byte(sh)))
	}
	return b, ends, sums
}

// TestAddKnown: the shapes a Counter holds are counted, and the others
// left in order, moved to follow the entries before from; across
// batches, with a shape that runs into a second block.
func TestAddKnown(t *testing.T) {
	long := strings.Repeat("L", textBlock+3)
	c := NewCounter(0)
	for _, sh := range []string{"pad", "a", long, "c"} {
		c.Add([]byte(sh))
	}
	var in, left []string
	for i := range 100 {
		sh := []string{"a", "new" + strconv.Itoa(i), long, "c", ""}[i%5]
		in = append(in, sh)
		if i >= 3 && (i%5 == 1 || i%5 == 4) {
			left = append(left, sh)
		}
	}
	shapes, ends, sums := entries(c, in)
	n := c.AddKnown(shapes, ends, sums, 3)
	if n != 3+len(left) {
		t.Fatalf("AddKnown left %d entries, want %d", n, 3+len(left))
	}
	var got []string
	start := 0
	for i, end := range ends[:n] {
		got = append(got, string(shapes[start:end]))
		if sums[i] != c.Sum(shapes[start:end]) {
			t.Errorf("entry %d: its sum moved away from it", i)
		}
		start = end
	}
	if want := append(slices.Clone(in[:3]), left...); !slices.Equal(got, want) {
		t.Errorf("AddKnown left %q, want %q", got, want)
	}
	counts := map[string]int{}
	for sh, k := range c.Sorted() {
		counts[sh] = k
	}
	// Counted from the fourth entry on: "a" and the long one 19 times, "c" 20.
	if counts["a"] != 1+19 || counts[long] != 1+19 || counts["c"] != 1+20 || counts["pad"] != 1 || len(counts) != 4 {
		t.Errorf("counts after AddKnown: a %d, long %d, c %d, pad %d, %d shapes", counts["a"], counts[long], counts["c"], counts["pad"], len(counts))
	}
}

// TestReached: a shape is reached when counted n times or more, one the
// Counter does not hold never; across batches.
func TestReached(t *testing.T) {
	c := NewCounter(0)
	for i, sh := range []string{"a", "b", "b", "c", "c", "c"} {
		if got := c.Add([]byte(sh)); got < 1 {
			t.Fatalf("Add %d: %d", i, got)
		}
	}
	var in []string
	for i := range 70 {
		in = append(in, []string{"a", "b", "c", "none", ""}[i%5])
	}
	shapes, ends, _ := entries(c, in)
	for n, want := range map[int][5]bool{1: {true, true, true}, 2: {false, true, true}, 3: {false, false, true}, 4: {}} {
		reached := make([]bool, len(ends))
		for i := range reached {
			reached[i] = i%2 == 0 // set for each: what was there does not count
		}
		c.Reached(shapes, ends, n, reached)
		for i, got := range reached {
			if got != want[i%5] {
				t.Errorf("n %d: Reached says %v of %q", n, got, in[i])
			}
		}
	}
}

// TestAddKnownConcurrent: workers that count known shapes while one
// goroutine adds what they leave, block by block in input order, give
// the counts, the order and the drops of one goroutine adding every
// input.
func TestAddKnownConcurrent(t *testing.T) {
	for _, max := range []int{0, 100} {
		addKnownConcurrent(t, max)
	}
}

func addKnownConcurrent(t *testing.T, max int) {
	const blocks, perBlock, workers = 400, 200, 4
	shapeOf := func(i int) string {
		switch {
		case i%3 == 0:
			return "hot" // one shape most inputs have: its count is contended
		case i%3 == 1:
			return "warm" + strconv.Itoa(i%50)
		}
		return "cold" + strconv.Itoa(i) + strings.Repeat("x", i%40)
	}
	want := NewCounter(max)
	for i := range blocks * perBlock {
		want.Add([]byte(shapeOf(i)))
	}
	c := NewCounter(max)
	type block struct {
		shapes []byte
		ends   []int
		sums   []uint64
		done   chan struct{}
	}
	all := make([]*block, blocks)
	for k := range all {
		all[k] = &block{done: make(chan struct{})}
	}
	next := make(chan int)
	go func() {
		for k := range blocks {
			next <- k
		}
		close(next)
	}()
	for range workers {
		go func() {
			for k := range next {
				var in []string
				for i := k * perBlock; i < (k+1)*perBlock; i++ {
					in = append(in, shapeOf(i))
				}
				b := all[k]
				b.shapes, b.ends, b.sums = entries(c, in)
				n := c.AddKnown(b.shapes, b.ends, b.sums, 0)
				end := 0
				if n > 0 {
					end = b.ends[n-1]
				}
				b.shapes, b.ends, b.sums = b.shapes[:end], b.ends[:n], b.sums[:n]
				close(b.done)
			}
		}()
	}
	for _, b := range all {
		<-b.done
		c.AddAll(b.shapes, b.ends, b.sums, nil)
	}
	type row struct {
		shape string
		n     int
	}
	var got, wantRows []row
	for sh, n := range c.Sorted() {
		got = append(got, row{sh, n})
	}
	for sh, n := range want.Sorted() {
		wantRows = append(wantRows, row{sh, n})
	}
	if !slices.Equal(got, wantRows) {
		t.Errorf("max %d, counted by %d workers: %d shapes, the first %v; one goroutine: %d, the first %v", max, workers, len(got), got[:3], len(wantRows), wantRows[:3])
	}
	inputs, shapes := c.Dropped()
	if wi, ws := want.Dropped(); inputs != wi || shapes != ws || max > 0 && wi == 0 {
		t.Errorf("max %d: Dropped() = %d, %d; one goroutine: %d, %d", max, inputs, shapes, wi, ws)
	}
}

func TestDroppedEstimate(t *testing.T) {
	for _, n := range []int{1, 2, 10, 50, 1000, 20000, 300000} {
		c := Counter{Max: 1}
		c.Add([]byte("kept"))
		var b []byte
		for i := range n {
			b = fmt.Appendf(b[:0], "https://example.com/%d/{id}", i)
			c.Add(b)
			if i%3 == 0 {
				c.Add(b)
			}
		}
		inputs, shapes := c.Dropped()
		if inputs != n+(n+2)/3 {
			t.Errorf("%d shapes: Dropped() counts %d inputs, want %d", n, inputs, n+(n+2)/3)
		}
		if tolerance := n / 50; shapes < n-tolerance || shapes > n+tolerance {
			t.Errorf("%d shapes: Dropped() estimates %d shapes, want %d ± %d", n, shapes, n, tolerance)
		}
	}
}
