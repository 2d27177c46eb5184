package shape

import (
	"cmp"
	"encoding/binary"
	"hash/maphash"
	"iter"
	"math"
	"math/bits"
	"slices"
	"sync/atomic"
	"unsafe"
)

// PerShape bounds what a Counter holds for each distinct shape besides
// the shape's own bytes: a 16-byte header and up to 15 bytes of padding,
// 8 to 16 bytes of index, the index it outgrew until the garbage
// collector takes it (up to 8), and, once counting ends, 8 bytes to sort
// by. A Counter also holds the 64 KiB block it is filling and, once it
// drops shapes, a 16 KiB sketch of them.
const PerShape = 64

// Counter counts shapes as they stream by, in memory that grows with the
// number of distinct shapes only, each taking its length plus at most
// PerShape bytes. Every shape is stored once, in a record that holds its
// count too, one record after another in large blocks the garbage
// collector need not scan. The zero value keeps every shape.
//
// One goroutine stores shapes (Add, AddAll), in input order, so that a
// record's place is the order first seen and Max keeps the first shapes;
// a Counter from NewCounter lets any number of others count, meanwhile,
// the inputs of shapes it holds already (AddKnown), which is most inputs
// of a crawl. So counting is not the one goroutine's work alone.
type Counter struct {
	// Max, when above 0, is how many distinct shapes to keep: the inputs
	// of a shape first seen after that many are dropped, and counted.
	Max int

	seed maphash.Seed
	// What AddKnown reads: the index and the blocks, each published
	// whole, after what it refers to is written, and read where
	// published (the index's slots and the counts atomically).
	shared atomic.Pointer[published]
	// The workers read the above while the goroutine that counts
	// writes what follows: on one cache line, each write would take
	// the line from the workers.
	_       [64]byte
	text    blocks   // the records; a shape's bytes may run into the next block
	size    int      // bytes used in text
	n       int      // distinct shapes kept
	slots   []uint32 // open addressing by hash: a record's position / recordAlign + 1, or 0 for none
	dropped int      // inputs of shapes not kept
	sketch  []uint8  // a HyperLogLog sketch of the shapes not kept

	warm uint32 // what the loads of AddAll's first passes read, so that they are kept
}

// published is the index and the blocks as AddKnown reads them.
type published struct {
	slots []uint32
	text  blocks
}

// blocks holds the records, in blocks of textBlock bytes.
type blocks [][]byte

// NewCounter returns a Counter that keeps max distinct shapes (0: all),
// whose Sum and AddKnown may be called from any goroutine.
func NewCounter(max int) *Counter {
	c := &Counter{Max: max}
	c.hash(nil)
	return c
}

// A record is one shape kept: a header, then the shape's bytes. The
// header holds the count (8 bytes, little-endian), the shape's length and
// the low bits of its hash, which are its slot in the index and a cheap
// first test (4 bytes each). Records start at multiples of recordAlign,
// so that a header never spans two blocks. Their order is the order the
// shapes were first seen in.
const (
	textBlock   = 64 << 10
	headerSize  = 16
	recordAlign = 16
)

// header returns the header of the record at pos.
func (c *Counter) header(pos int) []byte { return c.text.header(pos) }

func (t blocks) header(pos int) []byte {
	off := pos % textBlock
	return t[pos/textBlock][off : off+headerSize : off+headerSize]
}

// counter is the count of the record whose header is given, in the
// machine's byte order, for atomic adds: a record starts at a multiple of
// recordAlign in a block the allocator aligns to a page.
func counter(header []byte) *uint64 { return (*uint64)(unsafe.Pointer(&header[0])) }

func count(header []byte) int     { return int(atomic.LoadUint64(counter(header))) }
func length(header []byte) int    { return int(binary.LittleEndian.Uint32(header[8:])) }
func hashOf(header []byte) uint32 { return binary.LittleEndian.Uint32(header[12:]) }

// next returns the position of the record after the one at pos.
func (c *Counter) next(pos int) int {
	return (pos + headerSize + length(c.header(pos)) + recordAlign - 1) &^ (recordAlign - 1)
}

// Add counts one input of the given shape. It returns how many inputs of
// that shape it has counted so far, or 0 for a shape it does not keep.
func (c *Counter) Add(shape []byte) int {
	return c.add(shape, c.hash(shape))
}

// Sum is the hash a shape is counted under, for AddAll. A Counter from
// NewCounter gives it in any goroutine, so that the workers that find
// shapes can sum them too.
func (c *Counter) Sum(shape []byte) uint64 { return maphash.Bytes(c.seed, shape) }

// batch is how many shapes AddAll looks up together.
const batch = 32

// AddAll counts one input of each shape of shapes, as Add would one after
// another: the i-th ends at ends[i], the first starting at 0, and sums,
// if not nil, holds their Sums. counts, if not nil, gets what Add would
// return (with AddKnown at work meanwhile, what it counted too). Each
// lookup waits on memory the cache rarely holds, an index slot, then a
// record; AddAll takes a batch of shapes at a time, with a
// pass over the batch for each load, so that the processor waits for the
// batch's loads at once rather than one after the other, and the
// counting pass then finds them in the cache.
func (c *Counter) AddAll(shapes []byte, ends []int, sums []uint64, counts []int) {
	start := 0
	for len(ends) > 0 {
		n := min(len(ends), batch)
		var s []uint64
		if sums != nil {
			s, sums = sums[:n], sums[n:]
		}
		var k []int
		if counts != nil {
			k, counts = counts[:n], counts[n:]
		}
		c.lookup(shapes, start, ends[:n], s, k)
		start = ends[n-1]
		ends = ends[n:]
	}
}

// lookup counts at most a batch of shapes, the i-th ending at ends[i] in
// shapes, the first starting at start, with their sums if not nil, and
// puts their counts in counts if not nil.
func (c *Counter) lookup(shapes []byte, start int, ends []int, sums []uint64, counts []int) {
	var hashes [batch]uint64
	var slots [batch]uint32
	if sums != nil {
		copy(hashes[:], sums)
	} else {
		from := start
		for i, end := range ends {
			hashes[i] = c.hash(shapes[from:end])
			from = end
		}
	}
	mask := len(c.slots) - 1
	for i, h := range hashes[:len(ends)] {
		slots[i] = c.slots[int(h)&mask]
	}
	warm := c.warm
	for _, slot := range slots[:len(ends)] {
		if slot != 0 {
			warm += hashOf(c.header(int(slot-1) * recordAlign))
		}
	}
	c.warm = warm
	from := start
	for i, end := range ends {
		n := c.add(shapes[from:end], hashes[i])
		if counts != nil {
			counts[i] = n
		}
		from = end
	}
}

// AddKnown counts one input of each shape of entries from on that the
// Counter holds, and leaves the others for Add or AddAll to count, in
// input order: the i-th entry is the shape that ends at ends[i] in
// shapes, the first starting at 0, with its Sum sums[i]. It moves the
// entries left to follow the first from, in place, and returns how many
// entries there are then. It may run in any goroutine, and in any number
// at once, while one other adds: a shape stored meanwhile may be left,
// which Add then counts. Like AddAll, it looks up a batch of shapes at a
// time, with a pass over the batch for each load.
func (c *Counter) AddKnown(shapes []byte, ends []int, sums []uint64, from int) int {
	pub := *c.shared.Load()
	kept := from
	start := 0 // where entry i starts
	if from > 0 {
		start = ends[from-1]
	}
	at := start // where the next entry left goes
	var slots, hashes [batch]uint32
	for i := from; i < len(ends); i += batch {
		n := min(len(ends)-i, batch)
		c.firstProbes(&pub, sums[i:i+n], slots[:n], hashes[:n])
		for k := range n {
			end, h := ends[i+k], sums[i+k]
			shape := shapes[start:end]
			// Most shapes are the first record they look at, within
			// the blocks read: counted without a call.
			if slot := slots[k]; slot != 0 && hashes[k] == uint32(h) {
				pos := int(slot-1) * recordAlign
				if last := pos + headerSize + len(shape) - 1; last/textBlock < len(pub.text) {
					if hd := pub.text.header(pos); length(hd) == len(shape) && pub.text.equal(pos+headerSize, shape) {
						atomic.AddUint64(counter(hd), 1)
						start = end
						continue
					}
				}
			}
			if hd := c.find(&pub, shape, h, slots[k], hashes[k]); hd != nil {
				atomic.AddUint64(counter(hd), 1)
			} else {
				at += copy(shapes[at:], shape)
				ends[kept], sums[kept] = at, h
				kept++
			}
			start = end
		}
	}
	return kept
}

// Reached sets reached[i] to whether the Counter has counted the i-th
// shape of shapes n times or more: the i-th ends at ends[i], the first
// starting at 0. It may run in any goroutine, and in any number at
// once, while one other adds; like AddAll, it looks up a batch of shapes
// at a time.
func (c *Counter) Reached(shapes []byte, ends []int, n int, reached []bool) {
	pub := *c.shared.Load()
	var sums [batch]uint64
	var slots, hashes [batch]uint32
	start := 0
	for i := 0; i < len(ends); i += batch {
		m := min(len(ends)-i, batch)
		from := start
		for k, end := range ends[i : i+m] {
			sums[k] = c.Sum(shapes[from:end])
			from = end
		}
		c.firstProbes(&pub, sums[:m], slots[:m], hashes[:m])
		for k, end := range ends[i : i+m] {
			hd := c.find(&pub, shapes[start:end], sums[k], slots[k], hashes[k])
			reached[i+k] = hd != nil && count(hd) >= n
			start = end
		}
	}
}

// firstProbes reads, for a batch of sums, the slot of each in pub's
// index and the hash in the header of the record each slot names (for
// an empty slot, none): a pass for each load, so that the processor
// waits for the batch's loads at once, apart from the sums, and find
// then finds them in the cache.
func (c *Counter) firstProbes(pub *published, sums []uint64, slots, hashes []uint32) {
	mask := len(pub.slots) - 1
	for k, h := range sums {
		slots[k] = atomic.LoadUint32(&pub.slots[int(h)&mask])
	}
	// The slots' records are in blocks published with them or before.
	pub.text = c.shared.Load().text
	for k, slot := range slots {
		if slot != 0 {
			hashes[k] = hashOf(pub.text.header(int(slot-1) * recordAlign))
		}
	}
}

// find returns the header of shape's record in pub's index, or nil; h is
// the shape's hash, slot the index's slot for h, read already, and first
// the hash in the header of the record it refers to.
func (c *Counter) find(pub *published, shape []byte, h uint64, slot, first uint32) []byte {
	mask := len(pub.slots) - 1
	for p := int(h) & mask; slot != 0; {
		pos := int(slot-1) * recordAlign
		if first == uint32(h) {
			if hd := pub.reach(c, pos, len(shape)); length(hd) == len(shape) && pub.text.equal(pos+headerSize, shape) {
				return hd
			}
		}
		p = (p + 1) & mask
		if slot = atomic.LoadUint32(&pub.slots[p]); slot != 0 {
			first = hashOf(pub.reach(c, int(slot-1)*recordAlign, 0))
		}
	}
	return nil
}

// reach returns the header of the record at pos, and makes sure that
// pub holds the blocks of its first n bytes after the header: a record
// newer than the blocks pub read is in blocks published by now.
func (pub *published) reach(c *Counter, pos, n int) []byte {
	if (pos+headerSize+n-1)/textBlock >= len(pub.text) {
		pub.text = c.shared.Load().text
	}
	return pub.text.header(pos)
}

// hash returns the hash of shape, setting up the index on first use.
func (c *Counter) hash(shape []byte) uint64 {
	if c.slots == nil {
		c.seed = maphash.MakeSeed()
		c.slots = make([]uint32, 64)
		c.publish()
	}
	return maphash.Bytes(c.seed, shape)
}

// add counts one input of shape, whose hash is h.
func (c *Counter) add(shape []byte, h uint64) int {
	mask := len(c.slots) - 1
	p := int(h) & mask
	for ; c.slots[p] != 0; p = (p + 1) & mask {
		pos := int(c.slots[p]-1) * recordAlign
		hd := c.header(pos)
		if hashOf(hd) == uint32(h) && length(hd) == len(shape) && c.text.equal(pos+headerSize, shape) {
			return int(atomic.AddUint64(counter(hd), 1))
		}
	}
	if c.Max > 0 && c.n >= c.Max {
		c.drop(shape)
		return 0
	}
	ref := c.store(shape, h)
	// The record is written: AddKnown may find it from now on.
	atomic.StoreUint32(&c.slots[p], ref)
	c.n++
	if 2*c.n > len(c.slots) {
		c.grow()
	}
	return 1
}

// grow doubles the index, which keeps it at most half full, so that a
// lookup seldom looks at more than two records. The records are read in
// the order they were stored, which the cache serves well.
func (c *Counter) grow() {
	slots := make([]uint32, 2*len(c.slots))
	mask := len(slots) - 1
	for pos := 0; pos < c.size; pos = c.next(pos) {
		p := int(hashOf(c.header(pos))) & mask
		for slots[p] != 0 {
			p = (p + 1) & mask
		}
		slots[p] = uint32(pos/recordAlign + 1)
	}
	c.slots = slots
	c.publish()
}

// publish makes the index and the blocks as they are now what AddKnown
// reads.
func (c *Counter) publish() {
	c.shared.Store(&published{slots: c.slots, text: c.text})
}

// store appends a record of shape, with the count 1, and returns its slot
// value.
func (c *Counter) store(shape []byte, h uint64) uint32 {
	pos := c.size
	slot := pos/recordAlign + 1
	if uint64(slot) > math.MaxUint32 {
		panic("shape: a Counter holds at most 64 GiB of shapes")
	}
	var hd [headerSize]byte
	binary.NativeEndian.PutUint64(hd[:], 1) // as counter reads it
	binary.LittleEndian.PutUint32(hd[8:], uint32(len(shape)))
	binary.LittleEndian.PutUint32(hd[12:], uint32(h))
	c.write(hd[:])
	c.write(shape)
	c.size = (c.size + recordAlign - 1) &^ (recordAlign - 1)
	return uint32(slot)
}

// write appends b to the text.
func (c *Counter) write(b []byte) {
	for len(b) > 0 {
		off := c.size % textBlock
		if off == 0 {
			c.text = append(c.text, make([]byte, textBlock))
			c.publish()
		}
		n := copy(c.text[len(c.text)-1][off:], b)
		b = b[n:]
		c.size += n
	}
}

// equal tells whether the text from pos on starts with b.
func (t blocks) equal(pos int, b []byte) bool {
	for len(b) > 0 {
		block := t[pos/textBlock][pos%textBlock:]
		n := min(len(block), len(b))
		if string(block[:n]) != string(b[:n]) {
			return false
		}
		b = b[n:]
		pos += n
	}
	return true
}

// shape returns the shape of the record at pos. The text is never
// written again, so a shape within one block is a view of it rather than
// a copy.
func (c *Counter) shape(pos int) string {
	n := length(c.header(pos))
	pos += headerSize
	if n == 0 {
		return ""
	}
	if off := pos % textBlock; off+n <= textBlock {
		return unsafe.String(&c.text[pos/textBlock][off], n)
	}
	b := make([]byte, 0, n)
	for len(b) < n {
		block := c.text[pos/textBlock][pos%textBlock:]
		block = block[:min(len(block), n-len(b))]
		b = append(b, block...)
		pos += len(block)
	}
	return string(b)
}

// Len returns the number of distinct shapes kept.
func (c *Counter) Len() int {
	return c.n
}

// Sorted yields the shapes kept and their counts, most common first, ties
// in the order first seen.
func (c *Counter) Sorted() iter.Seq2[string, int] {
	return func(yield func(string, int) bool) {
		for _, k := range c.order() {
			pos := int(uint32(k)) * recordAlign
			if !yield(c.shape(pos), count(c.header(pos))) {
				return
			}
		}
	}
}

// order returns the records, most common first, ties in the order first
// seen, each as a key whose low 32 bits are its position / recordAlign.
// Above them goes how far its count falls short of the largest, so that a
// sort of plain integers, with no look at the records, orders them; only
// counts more than 2^32 apart take a sort that compares the records.
func (c *Counter) order() []uint64 {
	keys := make([]uint64, 0, c.n)
	most, least := 0, math.MaxInt
	for pos := 0; pos < c.size; pos = c.next(pos) {
		keys = append(keys, uint64(pos/recordAlign))
		n := count(c.header(pos))
		most, least = max(most, n), min(least, n)
	}
	if uint64(most-least) < 1<<32 {
		for i, k := range keys {
			keys[i] |= uint64(most-count(c.header(int(k)*recordAlign))) << 32
		}
		slices.Sort(keys)
		return keys
	}
	// The keys are in the order first seen, which a stable sort keeps
	// among equal counts.
	slices.SortStableFunc(keys, func(a, b uint64) int {
		return cmp.Compare(count(c.header(int(b)*recordAlign)), count(c.header(int(a)*recordAlign)))
	})
	return keys
}

// Dropped returns how many inputs Add and AddAll did not keep because their shapes
// came after Max others, and an estimate of how many distinct shapes they
// had: a HyperLogLog sketch counts them in fixed memory, within about 1%
// (standard error 0.8%), and exactly or nearly so for a few hundred.
func (c *Counter) Dropped() (inputs, shapes int) {
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
