package pipeline

import (
	"hash/maphash"
	"sync/atomic"

	"github.com/uritool/uritool/internal/sink"
)

// seen is the set behind --unique: the keys admitted so far, each held as
// a 128-bit sum (two 64-bit maphash sums under seeds drawn for the run)
// rather than whole. The workers sum the keys; the writer, which decides
// in input order, probes a flat table. The workers look their sums up
// first in the table as last published (holds): it holds the keys of
// blocks written, all before theirs, so a sum it holds is a repeat,
// dropped there. A Go map of the keys themselves
// cost about 105 ns a key on one core (1M real URLs, 141,181 distinct),
// most of it cache misses on the stored keys; summing costs 16 ns on the
// workers and the probe 21 ns, and a key takes 32 to 64 bytes of table
// instead of itself and a map entry. Two different keys are one only
// where both sums agree, a chance of one in 2^128 for a pair; the seeds
// are new in each run, so no input can aim at it.
type seen struct {
	seeds [2]maphash.Seed
	// table is slots as published for the workers (holds), each time
	// it grows; the writer stores a sum's halves atomically, the second
	// first, and the workers load them, the first first, so that a
	// slot they find taken holds a whole sum.
	table atomic.Pointer[[]keySum]
	// The workers read the above while the writer writes what follows:
	// on one cache line, each write would take the line from the
	// workers.
	_     sink.CacheLinePad
	slots []keySum // open addressing, linear probing; zero is empty
	n     int
	kept  uint64 // what touch read, kept so that its loads stay
}

type keySum [2]uint64

func newSeen() *seen {
	return &seen{seeds: [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}}
}

// sum is key's sum; it reads only the seeds, so workers call it at once.
func (s *seen) sum(key string) keySum {
	k := keySum{maphash.String(s.seeds[0], key), maphash.String(s.seeds[1], key)}
	if k == (keySum{}) {
		k[1] = 1 // zero marks an empty slot
	}
	return k
}

// add adds k and reports whether it was new.
func (s *seen) add(k keySum) bool {
	if 2*(s.n+1) > len(s.slots) {
		s.grow()
	}
	mask := uint64(len(s.slots) - 1)
	for i := k[0] & mask; ; i = (i + 1) & mask {
		switch s.slots[i] {
		case k:
			return false
		case keySum{}:
			atomic.StoreUint64(&s.slots[i][1], k[1])
			atomic.StoreUint64(&s.slots[i][0], k[0])
			s.n++
			return true
		}
	}
}

// touch reads the first slot of each of a block's sums before they are
// added one by one: these reads do not wait on each other, so their cache
// misses overlap, where each add would wait on its own.
func (s *seen) touch(ks []keySum) {
	if len(s.slots) == 0 {
		return
	}
	mask := uint64(len(s.slots) - 1)
	var x uint64
	for _, k := range ks {
		x += s.slots[k[0]&mask][0]
	}
	s.kept = x
}

// grow doubles the table, which stays at most half full, so that a probe
// seldom goes past its first slot. The old table is read in order, so its
// sums land in the new one in order too, and no two are equal.
func (s *seen) grow() {
	old := s.slots
	s.slots = make([]keySum, max(1024, 2*len(old)))
	mask := uint64(len(s.slots) - 1)
	for _, k := range old {
		if k == (keySum{}) {
			continue
		}
		i := k[0] & mask
		for s.slots[i] != (keySum{}) {
			i = (i + 1) & mask
		}
		s.slots[i] = k
	}
	t := s.slots
	s.table.Store(&t)
}

// holds sets held[i] to whether the table holds ks[i]; any number of
// workers may ask at once, while the writer adds. A sum added meanwhile
// may be missed. The first slots of a batch of sums are loaded in a pass
// of their own, as touch does, so that their cache misses overlap.
func (s *seen) holds(ks []keySum, held []bool) {
	t := s.table.Load()
	if t == nil {
		clear(held)
		return
	}
	slots := *t
	mask := uint64(len(slots) - 1)
	var first [refuseBatch]uint64
	for len(ks) > 0 {
		n := min(len(ks), refuseBatch)
		for i, k := range ks[:n] {
			first[i] = atomic.LoadUint64(&slots[k[0]&mask][0])
		}
		for i, k := range ks[:n] {
			held[i] = false
			for j, a := k[0]&mask, first[i]; ; j = (j + 1) & mask {
				b := atomic.LoadUint64(&slots[j][1])
				if a == k[0] && b == k[1] {
					held[i] = true
					break
				}
				if a == 0 && b == 0 {
					break
				}
				a = atomic.LoadUint64(&slots[(j+1)&mask][0])
			}
		}
		ks, held = ks[n:], held[n:]
	}
}
