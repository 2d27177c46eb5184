package uri

import "strings"

// Relativize returns the shortest reference r such that Resolve(base, r)
// gives target back exactly: the inverse of section 5.2. Both must be URIs;
// the zero URI is not one.
//
// Candidates are built from the shortest kind up: a fragment or query
// alone, a relative path (from the base's directory, climbing with "../"
// where needed), an absolute path, a network-path reference, and finally
// the target itself. Each is checked by resolving it, so the answer is
// right by construction. A target whose path has dot-segments is only
// reached from a base with the same path (5.2.2 removes them on every
// other branch); for any other base Relativize returns ErrUnreachable.
func Relativize(base, target URI) (URI, error) {
	if !base.IsAbsolute() {
		return URI{}, ErrBaseNotAbsolute
	}
	if !target.IsAbsolute() {
		return URI{}, ErrTargetNotAbsolute
	}
	bs, _ := base.Scheme()
	ts, _ := target.Scheme()
	if bs != ts {
		return verified(base, target, target)
	}
	ba, bHasAuth := base.Authority()
	ta, tHasAuth := target.Authority()
	tp := target.Path()
	var candidates []string
	suffix := querySuffix(target) + fragmentSuffix(target)
	switch {
	case tHasAuth && (!bHasAuth || ba != ta):
		candidates = append(candidates, "//"+ta+tp+suffix)
	case bHasAuth && !tHasAuth:
		// Any reference without a scheme would keep the base's authority.
	default:
		bq, bHasQuery := base.Query()
		tq, tHasQuery := target.Query()
		if tp == base.Path() {
			if bHasQuery == tHasQuery && bq == tq {
				candidates = append(candidates, fragmentSuffix(target))
			} else if tHasQuery {
				candidates = append(candidates, suffix)
			}
		}
		if rel, ok := relativePath(mergePrefix(&base), tp); ok {
			candidates = append(candidates, rel+suffix)
		}
		if strings.HasPrefix(tp, "/") && !strings.HasPrefix(tp, "//") {
			candidates = append(candidates, tp+suffix)
		}
		if tHasAuth {
			candidates = append(candidates, "//"+ta+tp+suffix)
		}
	}
	best := target
	for _, c := range candidates {
		if len(c) >= len(best.s) {
			continue
		}
		r, err := Parse(c)
		if err != nil {
			continue
		}
		if resolvesTo(base, r, target) {
			best = r
		}
	}
	return verified(base, best, target)
}

func resolvesTo(base, ref, target URI) bool {
	t, err := Resolve(base, ref)
	return err == nil && t.s == target.s
}

// verified returns ref if it resolves to target, else ErrUnreachable.
func verified(base, ref, target URI) (URI, error) {
	if !resolvesTo(base, ref, target) {
		return URI{}, ErrUnreachable
	}
	return ref, nil
}

func querySuffix(u URI) string {
	if q, ok := u.Query(); ok {
		return "?" + q
	}
	return ""
}

func fragmentSuffix(u URI) string {
	if f, ok := u.Fragment(); ok {
		return "#" + f
	}
	return ""
}

// relativePath writes path relative to dir, the directory that merge
// (5.2.3) would put before it: the part below dir, or "../" steps up to
// the longest common directory. A directory itself needs no final "/":
// a final "." or ".." leaves one (5.2.4, B and C), as "." and ".." do in
// 5.4.1. A first segment that is empty or has a colon gets "./" before
// it, so it reads as a path (4.2).
func relativePath(dir, path string) (string, bool) {
	if strings.HasPrefix(dir, "/") != strings.HasPrefix(path, "/") {
		return "", false
	}
	common := 0
	for i := 0; i < len(dir) && i < len(path) && dir[i] == path[i]; i++ {
		if dir[i] == '/' {
			common = i + 1
		}
	}
	up := strings.Count(dir[common:], "/")
	rest := path[common:]
	switch {
	case up > 0 && rest == "":
		return strings.Repeat("../", up-1) + "..", true
	case up > 0:
		return strings.Repeat("../", up) + rest, true
	case rest == "":
		return ".", true
	}
	first := rest
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		first = rest[:i]
	}
	if first == "" || strings.IndexByte(first, ':') >= 0 {
		return "./" + rest, true
	}
	return rest, true
}
