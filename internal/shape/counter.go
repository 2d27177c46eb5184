package shape

import (
	"cmp"
	"slices"
)

// Counter counts shapes as they stream by. Its memory grows with the
// number of distinct shapes (times Samples), not with the number of
// inputs. The zero value counts without keeping samples.
type Counter struct {
	// Samples is how many inputs to keep per shape, the first ones seen.
	Samples int

	index   map[string]int // shape to its position in entries
	entries []Entry
}

// Entry is one distinct shape with its count and sample inputs.
type Entry struct {
	Shape   string
	Count   int
	Samples []string
}

// Add counts one input of the given shape.
func (c *Counter) Add(shape, input string) {
	i, ok := c.index[shape]
	if !ok {
		if c.index == nil {
			c.index = map[string]int{}
		}
		i = len(c.entries)
		c.index[shape] = i
		c.entries = append(c.entries, Entry{Shape: shape})
	}
	e := &c.entries[i]
	e.Count++
	if len(e.Samples) < c.Samples {
		e.Samples = append(e.Samples, input)
	}
}

// Len returns the number of distinct shapes.
func (c *Counter) Len() int { return len(c.entries) }

// Entries returns the shapes most common first, ties in the order first
// seen. The slice is a copy; its Samples are shared.
func (c *Counter) Entries() []Entry {
	s := slices.Clone(c.entries)
	slices.SortStableFunc(s, func(a, b Entry) int { return cmp.Compare(b.Count, a.Count) })
	return s
}
