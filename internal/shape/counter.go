package shape

import (
	"cmp"
	"hash/maphash"
	"iter"
	"math"
	"math/bits"
	"slices"
	"unsafe"
)

// PerShape bounds what a Counter holds for each distinct shape besides
// the shape's own bytes: a 24-byte entry, 8 to 16 bytes of index, and the
// index it outgrew, until the garbage collector takes it. A Counter also
// holds up to 160 KiB of blocks it has begun to fill, and, once it drops
// shapes, a 16 KiB sketch of them.
const PerShape = 64

// Counter counts shapes as they stream by, in memory that grows with the
// number of distinct shapes only, each taking its length plus at most
// PerShape bytes. Every shape is stored once, its bytes one after another
// in large blocks the garbage collector need not scan. The zero value
// keeps every shape.
type Counter struct {
	// Max, when above 0, is how many distinct shapes to keep: the inputs
	// of a shape first seen after that many are dropped, and counted.
	Max int

	seed    maphash.Seed
	text    [][]byte // the shapes' bytes, in blocks of textBlock; a shape may span two
	size    int      // bytes used in text
	entries [][]entry
	n       int      // distinct shapes kept
	slots   []uint32 // open addressing by hash: an entry's index + 1, or 0 for none
	dropped int      // inputs of shapes not kept
	sketch  []uint8  // a HyperLogLog sketch of the shapes not kept

	queue  []byte     // the shapes Count holds, one after another
	ends   [batch]int // where each ends in queue
	queued int        // how many it holds
	warm   uint32     // what the loads of Count's first passes read, so that they are kept
}

// entry is one shape kept: text[pos:pos+len] and its count.
type entry struct {
	pos   int
	len   uint32
	hash  uint32 // the hash's low bits: its slot, and a cheap first test
	count int
}

// The block sizes: large enough that the allocator hands them out whole,
// small enough that a Counter of a few shapes stays small.
const (
	textBlock  = 64 << 10
	entryBlock = 4096 // 96 KiB
)

// Add counts one input of the given shape. It returns how many inputs of
// that shape it has counted so far, or 0 for a shape it does not keep.
func (c *Counter) Add(shape []byte) int {
	c.flushQueue()
	return c.add(shape, c.hash(shape))
}

// batch is how many shapes Count holds before it counts them.
const batch = 32

// Count counts one input of the given shape, as Add does, later: it holds
// a batch of shapes and looks them up together. Each lookup waits on
// memory the cache rarely holds, an index slot, then an entry, then its
// text; a pass over the batch for each brings them in together, so that
// the processor waits for the batch's loads at once rather than one after
// the other, and the counting pass then finds them in the cache.
func (c *Counter) Count(shape []byte) {
	c.queue = append(c.queue, shape...)
	c.ends[c.queued] = len(c.queue)
	c.queued++
	if c.queued == batch {
		c.flushQueue()
	}
}

func (c *Counter) flushQueue() {
	if c.queued == 0 {
		return
	}
	var hashes [batch]uint64
	var slots [batch]uint32
	var texts [batch]int // where the text of the entry in the slot starts, or -1
	start := 0
	for i, end := range c.ends[:c.queued] {
		hashes[i] = c.hash(c.queue[start:end])
		start = end
	}
	mask := len(c.slots) - 1
	warm := c.warm
	for i, h := range hashes[:c.queued] {
		slots[i] = c.slots[int(h)&mask]
	}
	for i, slot := range slots[:c.queued] {
		texts[i] = -1
		if slot != 0 {
			e := c.entry(int(slot - 1))
			texts[i] = e.pos
			warm += e.hash
		}
	}
	for _, pos := range texts[:c.queued] {
		if pos >= 0 {
			warm += uint32(c.text[pos/textBlock][pos%textBlock])
		}
	}
	c.warm = warm
	start = 0
	for i, end := range c.ends[:c.queued] {
		c.add(c.queue[start:end], hashes[i])
		start = end
	}
	c.queue, c.queued = c.queue[:0], 0
}

func (c *Counter) hash(shape []byte) uint64 {
	if c.slots == nil {
		c.seed = maphash.MakeSeed()
		c.slots = make([]uint32, 64)
	}
	return maphash.Bytes(c.seed, shape)
}

// add counts one input of shape, whose hash is h.
func (c *Counter) add(shape []byte, h uint64) int {
	mask := len(c.slots) - 1
	p := int(h) & mask
	for ; c.slots[p] != 0; p = (p + 1) & mask {
		e := c.entry(int(c.slots[p] - 1))
		if e.hash == uint32(h) && int(e.len) == len(shape) && c.equal(e.pos, shape) {
			e.count++
			return e.count
		}
	}
	if c.Max > 0 && c.n >= c.Max {
		c.drop(shape)
		return 0
	}
	if c.n%entryBlock == 0 {
		c.entries = append(c.entries, make([]entry, entryBlock))
	}
	*c.entry(c.n) = entry{pos: c.store(shape), len: uint32(len(shape)), hash: uint32(h), count: 1}
	c.n++
	c.slots[p] = uint32(c.n)
	if 2*c.n > len(c.slots) {
		c.grow()
	}
	return 1
}

func (c *Counter) entry(i int) *entry { return &c.entries[i/entryBlock][i%entryBlock] }

// grow doubles the index, which keeps it at most half full, so that a
// lookup seldom looks at more than two entries.
func (c *Counter) grow() {
	slots := make([]uint32, 2*len(c.slots))
	mask := len(slots) - 1
	for i := range c.n {
		p := int(c.entry(i).hash) & mask
		for slots[p] != 0 {
			p = (p + 1) & mask
		}
		slots[p] = uint32(i + 1)
	}
	c.slots = slots
}

// store appends b to the text and returns its position.
func (c *Counter) store(b []byte) int {
	pos := c.size
	for len(b) > 0 {
		off := c.size % textBlock
		if off == 0 {
			c.text = append(c.text, make([]byte, textBlock))
		}
		n := copy(c.text[len(c.text)-1][off:], b)
		b = b[n:]
		c.size += n
	}
	return pos
}

// equal tells whether the text from pos on starts with b.
func (c *Counter) equal(pos int, b []byte) bool {
	for len(b) > 0 {
		block := c.text[pos/textBlock][pos%textBlock:]
		n := min(len(block), len(b))
		if string(block[:n]) != string(b[:n]) {
			return false
		}
		b = b[n:]
		pos += n
	}
	return true
}

// shape returns the text of e. The text is never written again, so a
// shape within one block is a view of it rather than a copy.
func (c *Counter) shape(e *entry) string {
	n := int(e.len)
	if n == 0 {
		return ""
	}
	if off := e.pos % textBlock; off+n <= textBlock {
		return unsafe.String(&c.text[e.pos/textBlock][off], n)
	}
	b := make([]byte, 0, n)
	for pos := e.pos; len(b) < n; {
		block := c.text[pos/textBlock][pos%textBlock:]
		block = block[:min(len(block), n-len(b))]
		b = append(b, block...)
		pos += len(block)
	}
	return string(b)
}

// Len returns the number of distinct shapes kept.
func (c *Counter) Len() int {
	c.flushQueue()
	return c.n
}

// Sorted yields the shapes kept and their counts, most common first, ties
// in the order first seen.
func (c *Counter) Sorted() iter.Seq2[string, int] {
	return func(yield func(string, int) bool) {
		c.flushQueue()
		order := make([]uint32, c.n)
		for i := range order {
			order[i] = uint32(i)
		}
		slices.SortFunc(order, func(a, b uint32) int {
			if d := cmp.Compare(c.entry(int(b)).count, c.entry(int(a)).count); d != 0 {
				return d
			}
			return cmp.Compare(a, b)
		})
		for _, i := range order {
			e := c.entry(int(i))
			if !yield(c.shape(e), e.count) {
				return
			}
		}
	}
}

// Dropped returns how many inputs Add and Count did not keep because their shapes
// came after Max others, and an estimate of how many distinct shapes they
// had: a HyperLogLog sketch counts them in fixed memory, within about 1%
// (standard error 0.8%), and exactly or nearly so for a few hundred.
func (c *Counter) Dropped() (inputs, shapes int) {
	c.flushQueue()
	if c.dropped == 0 {
		return 0, 0
	}
	// An estimate outside what the inputs allow would be no estimate.
	return c.dropped, max(1, min(c.dropped, int(math.Round(estimate(c.sketch)))))
}

// The sketch has 2^sketchBits registers; each holds the highest rank,
// 1 + the number of leading zero bits of the rest of the hash, seen in
// its part of the hashes.
const (
	sketchBits = 14
	rankBits   = 64 - sketchBits
)

func (c *Counter) drop(shape []byte) {
	c.dropped++
	if c.sketch == nil {
		c.sketch = make([]uint8, 1<<sketchBits)
	}
	h := sketchHash(shape)
	r := uint8(min(bits.LeadingZeros64(h<<sketchBits), rankBits) + 1)
	if i := h >> rankBits; r > c.sketch[i] {
		c.sketch[i] = r
	}
}

// sketchHash is FNV-1a with a final mix of its bits (MurmurHash3's
// fmix64), so that the estimate, unlike the index, is the same in every
// run.
func sketchHash(b []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range b {
		h ^= uint64(c)
		h *= 1099511628211
	}
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}

// estimate is the cardinality the sketch's registers give by Otmar Ertl's
// improved raw estimator ("New cardinality estimation algorithms for
// HyperLogLog sketches", 2017, arXiv:1702.01284, section 3.2): unbiased
// from one element up, without the bias tables of HyperLogLog++.
func estimate(registers []uint8) float64 {
	var hist [rankBits + 2]int
	for _, r := range registers {
		hist[r]++
	}
	m := float64(len(registers))
	z := m * tau(1-float64(hist[rankBits+1])/m)
	for k := rankBits; k >= 1; k-- {
		z = 0.5 * (z + float64(hist[k]))
	}
	z += m * sigma(float64(hist[0])/m)
	return m * m / (2 * math.Ln2) / z
}

// sigma is σ(x) = x + Σ_{k≥1} x^(2^k) 2^(k-1), to float64 precision.
func sigma(x float64) float64 {
	if x == 1 {
		return math.Inf(1)
	}
	y, z := 1.0, x
	for {
		x *= x
		prev := z
		z += x * y
		y += y
		if z == prev {
			return z
		}
	}
}

// tau is τ(x) = (1 - x - Σ_{k≥1} (1 - x^(2^-k))² 2^-k) / 3, to float64
// precision.
func tau(x float64) float64 {
	if x == 0 || x == 1 {
		return 0
	}
	y, z := 1.0, 1-x
	for {
		x = math.Sqrt(x)
		prev := z
		y *= 0.5
		z -= (1 - x) * (1 - x) * y
		if z == prev {
			return z / 3
		}
	}
}
