// Package nearest suggests, for a name that matches nothing, the known
// name it most likely meant: lint's anchors, files and rules, parse's
// --get fields, flags and settings all say "did you mean" by it.
package nearest

import "slices"

// Name returns the one of names nearest to name by edit distance
// (Levenshtein, over runes). In a name that is mostly digits (a version,
// a date) a digit put for another counts two: there a number is another
// thing, not a slip, so that "300-2022-07-13" is no hint for
// "800-2026-03-12", when "500-2024-11-26" still is for "600-2024-11-26"
// and "20190603-immutable-fields" for "1101-immutable-fields".
//
// Only names within max(2, n/3) edits of name's n runes count, and only
// those that keep more than half of name's runes in order (a common
// subsequence), so that a hint is plausible: "std" is two edits from
// "src", but only its "s" is there. Of equally near ones the first wins.
// name itself, when it is one of names, wins over any other: invalid
// UTF-8 bytes all read as U+FFFD, so that "\x81" is no edits from
// "\x98".
func Name(name string, names []string) (string, bool) {
	if slices.Contains(names, name) {
		return name, true
	}
	want := []rune(name)
	limit := max(2, len(want)/3)
	digits := 0
	for _, r := range want {
		if '0' <= r && r <= '9' {
			digits++
		}
	}
	numeric := 2*digits > len(want)
	best, found := "", false
	var cand []rune
	var rows [2][]int
	for _, a := range names {
		cand = cand[:0]
		for _, r := range a {
			cand = append(cand, r)
		}
		if d, ok := distance(want, cand, limit, numeric, &rows); ok && 2*common(want, cand, &rows) > len(want) {
			best, found = a, true
			if d == 0 {
				break
			}
			limit = d - 1 // only a strictly nearer name may replace it
		}
	}
	return best, found
}

// distance returns the edit distance of a and b, and whether it is at most
// limit; it gives up as soon as it must exceed limit. With numeric, a
// digit put for another costs two. rows are the two rows of the dynamic
// program, kept by the caller to be reused.
func distance(a, b []rune, limit int, numeric bool, rows *[2][]int) (int, bool) {
	if limit < 0 || abs(len(a)-len(b)) > limit {
		return 0, false
	}
	prev, cur := rows[0][:0], rows[1][:0]
	for j := 0; j <= len(b); j++ {
		prev = append(prev, j)
	}
	cur = append(cur, prev...)
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		least := i
		for j := 1; j <= len(b); j++ {
			cost := 1
			switch x, y := a[i-1], b[j-1]; {
			case x == y:
				cost = 0
			case numeric && '0' <= x && x <= '9' && '0' <= y && y <= '9':
				cost = 2
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			least = min(least, cur[j])
		}
		if least > limit {
			rows[0], rows[1] = prev, cur
			return 0, false
		}
		prev, cur = cur, prev
	}
	rows[0], rows[1] = prev, cur
	if d := prev[len(b)]; d <= limit {
		return d, true
	}
	return 0, false
}

// common returns the length of the longest common subsequence of a and
// b, with rows as distance's.
func common(a, b []rune, rows *[2][]int) int {
	prev, cur := rows[0][:0], rows[1][:0]
	for range len(b) + 1 {
		prev, cur = append(prev, 0), append(cur, 0)
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			if a[i-1] == b[j-1] {
				cur[j] = prev[j-1] + 1
			} else {
				cur[j] = max(prev[j], cur[j-1])
			}
		}
		prev, cur = cur, prev
	}
	rows[0], rows[1] = prev, cur
	return prev[len(b)]
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// Distance is the edit distance of a and b (Levenshtein, over runes), for
// a caller that weighs candidates its own way (config's keys, by command).
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	var rows [2][]int
	d, _ := distance(ra, rb, len(ra)+len(rb), false, &rows)
	return d
}
