package uri

import (
	"strings"

	"github.com/uritool/uritool/internal/ascii"
)

// ResolveOptions tunes Resolve.
type ResolveOptions struct {
	// NonStrict makes a reference whose scheme equals the base's be read
	// as if it had none ("http:g" against "http://a/b" gives
	// "http://a/g"), the backward-compatible reading of section 5.2.2.
	NonStrict bool
}

// Resolve transforms ref into its target URI against base by the strict
// algorithm of section 5.2. A zero base is ErrBaseNotAbsolute, a zero
// ref ErrZeroURI, and a target longer than MaxLen ErrTooLong.
func Resolve(base, ref URI) (URI, error) { return ResolveOptions{}.Resolve(base, ref) }

// target holds the five components of T in section 5.2.2 as substrings
// of the base and the reference.
type target struct {
	branch                  Branch
	scheme, authority, path string
	mergePrefix             string // the base directory a relative path is appended to
	query, fragment         string
	hasAuthority            bool
	hasQuery, hasFragment   bool
}

// Resolve transforms ref against base (section 5.2). The base must be a
// URI (5.2.1); its fragment is ignored. A target path that would begin
// with "//" without an authority is written with "/." before it, so that
// it does not read as one (see the package doc). The result allocates
// once when it differs from ref, and not at all when ref is already its
// own target.
func (o ResolveOptions) Resolve(base, ref URI) (URI, error) {
	if o.ownTarget(&base, &ref) {
		return ref, nil
	}
	return o.resolve(&base, &ref)
}

// ResolveString parses ref as a URI reference, as Parse does, and returns
// the text of its target against base, as Resolve does: ref itself,
// without allocating, when it is its own target. An invalid ref gives
// Parse's error, whatever the base. Like NormalizeString, it is the
// shorter way from text to text, and copies no URI on the way.
func (o ResolveOptions) ResolveString(base URI, ref string) (string, error) {
	var r URI
	if err := r.parse(ref, uriReference); err != nil {
		return "", err
	}
	if o.ownTarget(&base, &r) {
		return ref, nil
	}
	t, err := o.resolve(&base, &r)
	return t.s, err
}

// AppendResolved appends the text of ref's target against base, as
// Resolve gives it, to dst: for a pipeline that writes targets out, it
// allocates nothing when dst has room and does not parse the target it
// built. base and ref are read through pointers, since a copy of a URI
// costs more than the append; neither is changed, and nil is the zero
// URI. dst must not hold base's or ref's text.
func (o ResolveOptions) AppendResolved(dst []byte, base, ref *URI) ([]byte, error) {
	if base == nil || ref == nil {
		return dst, ErrZeroURI
	}
	if o.ownTarget(base, ref) {
		return append(dst, ref.s...), nil
	}
	var t target
	if err := o.plan(&t, base, ref); err != nil {
		return dst, err
	}
	if t.branch == BranchScheme && !hasDotSegment(t.path) {
		return append(dst, ref.s...), nil
	}
	n := len(dst)
	b := t.appendTo(dst, nil)
	if len(b)-n > MaxLen {
		return dst, ErrTooLong
	}
	return b, nil
}

// ownTarget reports the case of most references in a pipeline: a URI
// whose target is itself, since T is R less its dot-segments (5.2.2) and
// it has none.
func (o ResolveOptions) ownTarget(base, ref *URI) bool {
	return ref.flags&base.flags&hasScheme != 0 && !o.NonStrict &&
		(ref.flags&dotted == 0 || !hasDotSegment(ref.s[ref.pathStart:ref.pathEnd]))
}

// resolve is Resolve past its shortcut. The plan is filled in place and
// the URIs passed by pointer: a target or URI returned or passed by value
// is copied, and the copy cost more than the plan itself.
func (o ResolveOptions) resolve(base, ref *URI) (URI, error) {
	var t target
	if err := o.plan(&t, base, ref); err != nil {
		return URI{}, err
	}
	if t.branch == BranchScheme && !hasDotSegment(t.path) {
		return *ref, nil
	}
	return t.build(nil)
}

// plan runs the pseudocode of section 5.2.2 without building anything.
func (o ResolveOptions) plan(t *target, base, ref *URI) error {
	if base.flags&hasScheme == 0 {
		return ErrBaseNotAbsolute
	}
	if ref.flags&parsed == 0 {
		return ErrZeroURI
	}
	t.fragment, t.hasFragment = ref.fragment()
	rs, refHasScheme := ref.scheme()
	bs, _ := base.scheme()
	if refHasScheme && o.NonStrict && strings.EqualFold(rs, bs) {
		refHasScheme = false
	}
	if refHasScheme {
		t.branch = BranchScheme
		t.scheme = rs
		t.authority, t.hasAuthority = ref.authority()
		t.path = ref.path()
		t.query, t.hasQuery = ref.query()
		return nil
	}
	t.scheme = bs
	if a, ok := ref.authority(); ok {
		t.branch = BranchAuthority
		t.authority, t.hasAuthority = a, true
		t.path = ref.path()
		t.query, t.hasQuery = ref.query()
		return nil
	}
	t.authority, t.hasAuthority = base.authority()
	t.path = ref.path()
	switch {
	case t.path == "":
		t.branch = BranchEmptyPath
		t.path = base.path()
		if t.query, t.hasQuery = ref.query(); !t.hasQuery {
			t.query, t.hasQuery = base.query()
		}
	case t.path[0] == '/':
		t.branch = BranchAbsPath
		t.query, t.hasQuery = ref.query()
	default:
		t.branch = BranchMerge
		t.mergePrefix = mergePrefix(base)
		t.query, t.hasQuery = ref.query()
	}
	return nil
}

// mergePrefix is what merge (section 5.2.3) puts before a relative path:
// "/" for a base with an authority and an empty path, otherwise the base
// path up to and including its last "/".
func mergePrefix(base *URI) string {
	p := base.path()
	if base.flags&hasAuthority != 0 && p == "" {
		return "/"
	}
	return p[:strings.LastIndexByte(p, '/')+1]
}

// build recomposes T (section 5.3) into one buffer, removing dot-segments
// from the path in place, and records them in tr unless it is nil.
func (t *target) build(tr *ResolveTrace) (URI, error) {
	n := len(t.scheme) + 1 + len(t.mergePrefix) + len(t.path)
	if t.hasAuthority {
		n += 2 + len(t.authority)
	}
	if t.hasQuery {
		n += 1 + len(t.query)
	}
	if t.hasFragment {
		n += 1 + len(t.fragment)
	}
	b := t.appendTo(make([]byte, 0, n), tr)
	if len(b) > MaxLen {
		return URI{}, ErrTooLong
	}
	u, err := Parse(ascii.View(b))
	if err != nil {
		// References read by an IRI rule resolve as URIs do (RFC 3987
		// section 6.5): their target is an IRI.
		u, err = ParseRule(ascii.View(b), RuleIRIReference)
	}
	if err != nil {
		// Every component came from a valid reference and section 5.2
		// only joins them at their delimiters.
		panic("uri: resolution produced an invalid reference: " + err.Error())
	}
	return u, nil
}

// appendTo appends T's text to b: its components at their delimiters,
// the path's dot-segments removed in place (recorded in tr unless it is
// nil).
func (t *target) appendTo(b []byte, tr *ResolveTrace) []byte {
	b = append(append(b, t.scheme...), ':')
	if t.hasAuthority {
		b = append(append(b, "//"...), t.authority...)
	}
	pathStart := len(b)
	b = append(append(b, t.mergePrefix...), t.path...)
	if t.branch != BranchEmptyPath {
		var steps *[]DotStep
		if tr != nil {
			tr.DotInput, steps = string(b[pathStart:]), &tr.DotSteps
		}
		b = b[:pathStart+removeDotSegments(b[pathStart:], steps)]
	}
	b = protectPath(b, pathStart, t.hasAuthority)
	if t.hasQuery {
		b = append(append(b, '?'), t.query...)
	}
	if t.hasFragment {
		b = append(append(b, '#'), t.fragment...)
	}
	return b
}

// protectPath keeps a path that starts with "//" from reading as an
// authority when there is none, by putting "/." before it. RFC 3986 has
// no answer for this case (remove_dot_segments can yield "//x" from
// "/.//x"); "/." is itself removed again by remove_dot_segments, so the
// target's meaning is unchanged.
func protectPath(b []byte, pathStart int, hasAuthority bool) []byte {
	if hasAuthority || len(b)-pathStart < 2 || b[pathStart] != '/' || b[pathStart+1] != '/' {
		return b
	}
	b = append(b, 0, 0)
	copy(b[pathStart+2:], b[pathStart:len(b)-2])
	b[pathStart], b[pathStart+1] = '/', '.'
	return b
}
