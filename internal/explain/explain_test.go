package explain_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/uritool/uritool/internal/explain"
	"github.com/uritool/uritool/pkg/uri"
)

// corpusCase covers the fields of every conformance file that hold
// references or paths.
type corpusCase struct {
	Input  string  `json:"input"`
	Base   string  `json:"base"`
	Ref    string  `json:"ref"`
	Target *string `json:"target"`
}

// corpus loads every case of pkg/uri's conformance vectors.
func corpus(t testing.TB) []corpusCase {
	files, err := filepath.Glob(filepath.Join("..", "..", "pkg", "uri", "testdata", "conformance", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no conformance files: %v", err)
	}
	var all []corpusCase
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var cases []corpusCase
		if err := json.Unmarshal(data, &cases); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		all = append(all, cases...)
	}
	return all
}

// references returns every string of the corpus that parses, and a few
// for the rules the corpus leaves out (see pkg/uri's doc, "Decisions").
func references(t testing.TB) []uri.URI {
	var refs []uri.URI
	for _, s := range []string{"HTTP://h:080", "http://h:0", "a:b/../c", "a:b/..//c", "foo://h:08", "http://%41/%7e", "a:.",
		"mid/content=5/../6", "x/../a:b", "/a/./b", "//[0::1]/./a", "HTTP://[::FFFF:C000:201]:80", "%2E%2E/a/%2e/b", "a/..", "."} {
		refs = append(refs, uri.MustParse(s))
	}
	for _, c := range corpus(t) {
		for _, s := range []string{c.Input, c.Base, c.Ref, deref(c.Target)} {
			if u, err := uri.Parse(s); err == nil {
				refs = append(refs, u)
			}
		}
	}
	return refs
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// protect is what Resolve and Normalize do to a path that would read as
// an authority (pkg/uri's doc, "Departures").
func protect(path string, hasAuthority bool) string {
	if !hasAuthority && strings.HasPrefix(path, "//") {
		return "/." + path
	}
	return path
}

var (
	normalizeOptions = []uri.NormalizeOptions{
		{Level: uri.SyntaxLevel},
		{Level: uri.SchemeLevel},
		{Level: uri.SchemeLevel, DefaultPorts: map[string]string{"foo": "8", "http": "8080"}},
		{Level: uri.SyntaxLevel, RelativeDots: true, CanonicalIPv6: true},
		{Level: uri.SchemeLevel, RelativeDots: true, CanonicalIPv6: true},
	}
	resolveOptions = []uri.ResolveOptions{{}, {NonStrict: true}}
)

// checkNormalize checks that the explanation of normalizing u goes from u
// to o.Normalize(u) by steps that each change something.
func checkNormalize(t *testing.T, o uri.NormalizeOptions, u uri.URI) {
	t.Helper()
	want := o.Normalize(u).String()
	steps := explain.Normalize(o, u)
	got := u.String()
	if len(steps) > 0 {
		got = steps[len(steps)-1].After
	}
	if got != want {
		t.Errorf("%+v: explanation of %q ends with %q, Normalize gives %q", o, u, got, want)
	}
	for i, s := range steps {
		prev := u.String()
		if i > 0 {
			prev = steps[i-1].After
		}
		if s.Before == s.After || s.Before != prev {
			t.Errorf("%+v: step %d of %q does not follow on: %+v", o, i, u, s)
		}
		if s.Section == "" || s.Rule == "" {
			t.Errorf("%+v: step %d of %q has no words: %+v", o, i, u, s)
		}
	}
}

// checkResolve checks that the explanation of resolving ref against base
// fails as o.Resolve does or ends in its target, with the path that
// section 5.2.2 gives remove_dot_segments.
func checkResolve(t *testing.T, o uri.ResolveOptions, base, ref uri.URI) {
	t.Helper()
	want, wantErr := o.Resolve(base, ref)
	tr, err := explain.Resolve(o, base, ref)
	if err != wantErr {
		t.Errorf("%+v: Resolve(%q, %q): explain err %v, uri err %v", o, base, ref, err, wantErr)
		return
	}
	if err != nil {
		return
	}
	if tr.Target != want {
		t.Errorf("%+v: Resolve(%q, %q): target %q, want %q", o, base, ref, tr.Target, want)
	}
	_, hasAuthority := want.Authority()
	switch {
	case tr.Branch == explain.BranchEmptyPath:
		if tr.DotInput != "" || len(tr.DotSteps) > 0 || want.Path() != base.Path() {
			t.Errorf("%+v: Resolve(%q, %q) = %q: empty-path branch with steps %v", o, base, ref, want, tr.DotSteps)
		}
	case len(tr.DotSteps) == 0:
		if tr.DotInput != "" || want.Path() != "" {
			t.Errorf("%+v: Resolve(%q, %q) = %q: no steps for %q", o, base, ref, want, tr.DotInput)
		}
	default:
		if got := protect(tr.DotSteps[len(tr.DotSteps)-1].Output, hasAuthority); got != want.Path() {
			t.Errorf("%+v: Resolve(%q, %q): explanation ends with path %q, target %q", o, base, ref, got, want)
		}
	}
	switch {
	case tr.Branch == explain.BranchMerge:
		if tr.Merged != tr.MergePrefix+ref.Path() || tr.DotInput != tr.Merged {
			t.Errorf("%+v: Resolve(%q, %q): merged %q is not %q + %q, or not the dots' input %q", o, base, ref, tr.Merged, tr.MergePrefix, ref.Path(), tr.DotInput)
		}
	case tr.Branch != explain.BranchEmptyPath && tr.DotInput != ref.Path():
		t.Errorf("%+v: Resolve(%q, %q): dots' input %q, want the reference's path", o, base, ref, tr.DotInput)
	}
}

func TestNormalizeEndsWhereUriDoes(t *testing.T) {
	for _, o := range normalizeOptions {
		for _, u := range references(t) {
			checkNormalize(t, o, u)
		}
	}
	if steps := explain.Normalize(uri.NormalizeOptions{}, uri.URI{}); steps != nil {
		t.Errorf("Normalize(zero URI) = %v, want no steps", steps)
	}
}

func TestResolveEndsWhereUriDoes(t *testing.T) {
	var pairs [][2]uri.URI
	refs := references(t)
	for _, c := range corpus(t) {
		base, err1 := uri.Parse(c.Base)
		ref, err2 := uri.Parse(c.Ref)
		if err1 == nil && err2 == nil && (c.Base != "" || c.Ref != "") {
			pairs = append(pairs, [2]uri.URI{base, ref})
		}
	}
	// Every reference of the corpus against a few bases of each shape.
	for _, b := range []string{"http://a/b/c/d;p?q", "http://a", "a:b/c", "a:/b/c", "a:"} {
		for _, r := range refs {
			pairs = append(pairs, [2]uri.URI{uri.MustParse(b), r})
		}
	}
	pairs = append(pairs, [2]uri.URI{uri.MustParse("http://a/"), {}})
	for _, o := range resolveOptions {
		for _, p := range pairs {
			checkResolve(t, o, p[0], p[1])
		}
	}
}

// FuzzExplanationEndsInResult holds every explanation to the result of
// pkg/uri: the normalizations of ref (a URI or an IRI) and its resolution
// against base.
func FuzzExplanationEndsInResult(f *testing.F) {
	for _, c := range corpus(f) {
		f.Add(c.Base, c.Ref)
		f.Add("http://a/b/c/d;p?q", c.Input)
	}
	f.Add("a:", "HTTP://Bücher.DE:080/ä/./%7e")
	f.Fuzz(func(t *testing.T, baseText, refText string) {
		ref, err := uri.Parse(refText)
		isIRI := err != nil
		if isIRI {
			ref, err = uri.ParseRule(refText, uri.RuleIRIReference)
		}
		if err != nil {
			return
		}
		for _, o := range normalizeOptions {
			checkNormalize(t, o, ref)
		}
		base, err := uri.Parse(baseText)
		if err != nil || isIRI { // Resolve takes URIs
			return
		}
		for _, o := range resolveOptions {
			checkResolve(t, o, base, ref)
		}
	})
}

// TestOptionSteps holds the steps of the options beyond RFC 3986 to the
// rules they name, each shown once and in the order of uri.NormalizeRule.
func TestOptionSteps(t *testing.T) {
	o := uri.NormalizeOptions{Level: uri.SchemeLevel, RelativeDots: true, CanonicalIPv6: true}
	for _, c := range []struct {
		in   string
		want [][2]string // section, after
	}{
		{"a/b/../../../c", [][2]string{{"6.2.2.3", "../c"}}},
		{"%2E%2E/a/%2e/b", [][2]string{{"6.2.2.1", "%2E%2E/a/%2E/b"}, {"6.2.2.2", "../a/./b"}, {"6.2.2.3", "../a/b"}}},
		{"/a/./b", [][2]string{{"6.2.2.3", "/a/b"}}},
		{"HTTP://[::FFFF:C000:201]:80", [][2]string{
			{"6.2.2.1", "http://[::FFFF:C000:201]:80"},
			{"6.2.2.1", "http://[::ffff:c000:201]:80"},
			{"RFC 5952 4", "http://[::ffff:192.0.2.1]:80"},
			{"6.2.3", "http://[::ffff:192.0.2.1]"},
			{"6.2.3", "http://[::ffff:192.0.2.1]/"},
		}},
	} {
		var got [][2]string
		for _, s := range explain.Normalize(o, uri.MustParse(c.in)) {
			got = append(got, [2]string{s.Section, s.After})
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("Normalize(%q): steps %q, want %q", c.in, got, c.want)
		}
	}
}
