package explain_test

import (
	"encoding/json"
	"os"
	"path/filepath"
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
func corpus(t *testing.T) []corpusCase {
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
func references(t *testing.T) []uri.URI {
	var refs []uri.URI
	for _, s := range []string{"HTTP://h:080", "http://h:0", "a:b/../c", "a:b/..//c", "foo://h:08", "http://%41/%7e", "a:."} {
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

func TestRemoveDotSegmentsEndsWhereUriDoes(t *testing.T) {
	for _, u := range references(t) {
		for _, p := range []string{u.Path(), u.String()} {
			steps := explain.RemoveDotSegments(p)
			got := ""
			if len(steps) > 0 {
				got = steps[len(steps)-1].Output
			}
			if want := uri.RemoveDotSegments(p); got != want {
				t.Errorf("RemoveDotSegments(%q) ends with %q, uri gives %q", p, got, want)
			}
		}
	}
}

func TestNormalizeEndsWhereUriDoes(t *testing.T) {
	refs := references(t)
	opts := []uri.NormalizeOptions{
		{Level: uri.SyntaxLevel},
		{Level: uri.SchemeLevel},
		{Level: uri.SchemeLevel, DefaultPorts: map[string]string{"foo": "8", "http": "8080"}},
	}
	for _, o := range opts {
		for _, u := range refs {
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
				if s.Before == s.After || i > 0 && s.Before != steps[i-1].After {
					t.Errorf("%+v: step %d of %q does not follow on: %+v", o, i, u, s)
				}
			}
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
	for _, o := range []uri.ResolveOptions{{}, {NonStrict: true}} {
		for _, p := range pairs {
			base, ref := p[0], p[1]
			want, wantErr := o.Resolve(base, ref)
			tr, err := explain.Resolve(o, base, ref)
			if err != wantErr {
				t.Errorf("%+v: Resolve(%q, %q): explain err %v, uri err %v", o, base, ref, err, wantErr)
				continue
			}
			if err != nil {
				continue
			}
			if tr.Target != want {
				t.Errorf("%+v: Resolve(%q, %q): target %q, want %q", o, base, ref, tr.Target, want)
			}
			_, hasAuthority := want.Authority()
			switch {
			case tr.Branch == explain.BranchEmptyPath:
				if len(tr.DotSteps) > 0 || want.Path() != base.Path() {
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
			if tr.Branch == explain.BranchMerge && tr.Merged != tr.MergePrefix+ref.Path() {
				t.Errorf("%+v: Resolve(%q, %q): merged %q is not %q + %q", o, base, ref, tr.Merged, tr.MergePrefix, ref.Path())
			}
		}
	}
}

func TestBranchString(t *testing.T) {
	if got := explain.BranchMerge.String(); !strings.Contains(got, "merged") {
		t.Errorf("BranchMerge.String() = %q", got)
	}
	if got := explain.Branch(7).String(); got != "Branch(7)" {
		t.Errorf("Branch(7).String() = %q, want Branch(7)", got)
	}
}
