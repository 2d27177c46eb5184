// Package baseline lets a repository adopt lint with findings it already
// has: a baseline file records them, and later runs fail only on
// findings not in it. A finding is known by its file, its rule and the
// URI's text, not by its line, so that editing a file above a known
// finding does not make it new; a URI that draws the same finding twice
// in a file is counted.
package baseline

import (
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
)

// Key is what a finding is known by.
type Key struct {
	File string `json:"file"`
	Rule string `json:"rule"`
	URI  string `json:"uri"`
}

// entry is a Key and how many findings have it, as the file holds them.
type entry struct {
	Key
	Count int `json:"count"`
}

// document is the baseline file.
type document struct {
	Tool     string  `json:"tool"`
	Version  int     `json:"version"`
	Findings []entry `json:"findings"`
}

// Set is a baseline being matched: each finding Take finds in it is used
// up, and what is left at the end was fixed.
//
// Its counts, like the Recorder's, are behind pointers so that the map is
// written only when a key is new: assigning to an existing entry of a map
// with string keys stores the caller's key, and a caller's strings may
// point into an input block the stream reuses.
type Set struct {
	left map[Key]*int
}

// Read reads a baseline file.
func Read(path string) (*Set, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var doc document
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: not a uritool baseline: %v", path, err)
	}
	if doc.Tool != "uritool" || doc.Version != 1 {
		return nil, fmt.Errorf("%s: not a uritool baseline of version 1", path)
	}
	s := &Set{left: map[Key]*int{}}
	for _, e := range doc.Findings {
		n := s.left[e.Key]
		if n == nil {
			n = new(int)
			s.left[e.Key] = n
		}
		*n += max(e.Count, 1)
	}
	return s, nil
}

// Take reports whether k is in the baseline, and uses one of its count.
func (s *Set) Take(k Key) bool {
	n := s.left[k]
	if n == nil || *n == 0 {
		return false
	}
	*n--
	return true
}

// Fixed lists the findings of the baseline that Take did not find, in a
// stable order, one per count.
func (s *Set) Fixed() []Key {
	var keys []Key
	for k, n := range s.left {
		for range *n {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, compare)
	return keys
}

func compare(a, b Key) int {
	return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Rule, b.Rule), cmp.Compare(a.URI, b.URI))
}

// Recorder collects findings for a new baseline.
type Recorder struct {
	counts map[Key]*int // behind pointers, as Set's
}

// Add records one finding. The recorder keeps copies of k's strings:
// the caller's may point into an input block the stream reuses.
func (r *Recorder) Add(k Key) {
	if r.counts == nil {
		r.counts = map[Key]*int{}
	}
	n := r.counts[k]
	if n == nil {
		n = new(int)
		r.counts[Key{File: strings.Clone(k.File), Rule: strings.Clone(k.Rule), URI: strings.Clone(k.URI)}] = n
	}
	*n++
}

// Len is how many findings were recorded.
func (r *Recorder) Len() (n int) {
	for _, c := range r.counts {
		n += *c
	}
	return n
}

// Write writes the baseline to path, sorted, so that it diffs well under
// version control.
func (r *Recorder) Write(path string) error {
	doc := document{Tool: "uritool", Version: 1, Findings: []entry{}}
	for k, n := range r.counts {
		doc.Findings = append(doc.Findings, entry{k, *n})
	}
	slices.SortFunc(doc.Findings, func(a, b entry) int { return compare(a.Key, b.Key) })
	data, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}
