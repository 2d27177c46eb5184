package target

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/uritool/uritool/internal/anchor"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/forge"
	"github.com/uritool/uritool/pkg/uri"
)

// tree writes files (path → content) below a new root and returns it.
func tree(t testing.TB, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if strings.HasSuffix(name, "/") {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// describe gives each finding as "RULE@OFFSET", and its message when
// withMessage.
func describe(fs []finding.Finding, withMessage bool) string {
	var parts []string
	for _, f := range fs {
		s := fmt.Sprintf("%s@%d", f.Rule, f.Offset)
		if withMessage {
			s += " " + f.Message
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}

var scratch = map[string]string{
	"README.md":                "# Project\n\n## Usage\n\nSee [x](#usage).\n\n## Foo\n## Foo-1\n## Foo\n",
	"docs/README.md":           "# Docs\n\n## Intro\n",
	"docs/guide.md":            "# Guide\n\n## Installation\n\n```\n# not a heading\n```\n<a name=\"legacy\"></a>\n",
	"docs/setup/installing.md": "# Installing\n",
	"my file.md":               "# Spaced\n",
	"src/main.go":              "package main\n\nfunc main() {}\n",
	"site/page.html":           "<h1 id=\"top-title\">x</h1><a name=\"old\"></a>",
	"site/based.html":          "<head><base href=\"../docs/\"></head><a href=\"guide.md\">",
	"site/remote.html":         "<head><base href=\"https://other.example/\"></head>",
	"site/empty/":              "",
	"img/logo.png":             "png",
}

func TestCheck(t *testing.T) {
	root := tree(t, scratch)
	readme := NewDoc(filepath.Join(root, "README.md"), root)
	guide := NewDoc(filepath.Join(root, "docs", "guide.md"), root)
	tr, err := New(Options{Fragments: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		doc  *Doc
		ref  string
		want string
	}{
		{readme, "docs/guide.md", ""},
		{readme, "./docs/../docs/guide.md", ""},
		{readme, "docs/", ""},
		{readme, "docs", ""},
		{readme, "img/logo.png", ""},
		{readme, "my%20file.md", ""},
		{readme, "my%20File.md", "target-case@0"},
		{readme, "docs/guide.md?plain=1", ""},
		{readme, "docs/setup/install.md", "missing-target@0"},
		{readme, "docs/Guide.md", "target-case@0"},
		{readme, "DOCS/guide.md", "target-case@0"},
		{readme, "img/logo.svg", "missing-target@0"},
		{readme, "nothere/x.md", "missing-target@0"},
		{readme, "docs/guide.md/", "missing-target@0"},
		{readme, "my%2Ffile.md", "missing-target@0"},
		{readme, "../outside.md", "outside-root@0"},
		{guide, "../../outside.md", "outside-root@0"},
		{guide, "../README.md", ""},
		{guide, "/README.md", ""},
		{guide, "/../../", ""},
		{guide, "/docs/../../README.md", ""},
		{guide, "/docs/guide.md#installation", ""},
		{readme, "#usage", ""},
		{readme, "#usag", "missing-fragment@1"},
		{readme, "#Usage", "fragment-case@1"},
		{readme, "#foo-2", ""},
		{readme, "#", ""},
		{readme, "#top", ""},
		{readme, "docs/guide.md#installation", ""},
		{readme, "docs/guide.md#instalation", "missing-fragment@14"},
		{readme, "docs/guide.md#not-a-heading", "missing-fragment@14"},
		{readme, "docs/guide.md#legacy", ""},
		{readme, "docs/guide.md#%69nstallation", ""},
		{readme, "docs/#intro", ""},
		{readme, "docs#intro", ""},
		{readme, "docs/#outro", "missing-fragment@6"},
		{readme, "src/main.go#L3", ""},
		{readme, "src/main.go#L2-L3", ""},
		{readme, "src/main.go#L9", "missing-fragment@12"},
		{readme, "src/main.go#main", ""},
		{readme, "img/logo.png#x", ""},
		{readme, "site/page.html#top-title", ""},
		{readme, "site/page.html#old", ""},
		{readme, "site/page.html#new", "missing-fragment@15"},
		{readme, "site/empty/#x", ""},
		{readme, "#user-content-usage", ""},
		{readme, "docs/gu%C3%AFde.md", "missing-target@0"},
		{readme, "docs/guïde.md#x", "missing-target@0"},
		{readme, "#Usäge", "missing-fragment@1"},
		{NewDoc(filepath.Join(root, "site", "based.html"), root), "guide.md#installation", ""},
		{NewDoc(filepath.Join(root, "site", "based.html"), root), "page.html", "missing-target@0"},
		{NewDoc(filepath.Join(root, "site", "based.html"), root), "/site/page.html", ""},
		{NewDoc(filepath.Join(root, "site", "remote.html"), root), "nothing.html", ""},
		{readme, "https://example.com/x.md", ""},
		{readme, "mailto:a@example.com", ""},
		{readme, "//example.com/x", ""},
	} {
		got := describe(tr.Check(nil, c.doc, c.ref), false)
		if got != c.want {
			t.Errorf("%s: %q: got %q, want %q", filepath.Base(c.doc.Path), c.ref, got, c.want)
		}
	}
}

// TestCheckBase: a <base href> resolves against its page, not itself.
func TestCheckBase(t *testing.T) {
	root := tree(t, scratch)
	based := NewDoc(filepath.Join(root, "site", "based.html"), root)
	tr, _ := New(Options{})
	if got := describe(tr.CheckBase(nil, based, "../docs/"), false); got != "" {
		t.Errorf("the base itself: %q", got)
	}
	// "guide.md" is in docs/, where the base points, not in site/.
	if got := describe(tr.CheckBase(nil, based, "guide.md"), false); got != "missing-target@0" {
		t.Errorf("resolved as a base is: %q, want it against the page", got)
	}
	if got := describe(tr.Check(nil, based, "guide.md"), false); got != "" {
		t.Errorf("a link: %q, want it against the base", got)
	}
}

func TestMessages(t *testing.T) {
	root := tree(t, scratch)
	readme := NewDoc(filepath.Join(root, "README.md"), root)
	tr, _ := New(Options{Fragments: true})
	for ref, want := range map[string]string{
		"docs/setup/install.md":     "did you mean docs/setup/installing.md?",
		"docs/Guide.md":             "docs/Guide.md exists only as docs/guide.md",
		"docs/guide.md#instalation": `docs/guide.md has no anchor "instalation"; did you mean "installation"?`,
		"#Usage":                    `this document has the anchor "usage" only in another case`,
		"src/main.go#L9":            "src/main.go has 3 lines",
		"../x.md":                   "climbs above the root",
	} {
		if got := describe(tr.Check(nil, readme, ref), true); !strings.Contains(got, want) {
			t.Errorf("%q: got %q, want it to say %q", ref, got, want)
		}
	}
}

func TestOptions(t *testing.T) {
	root := tree(t, scratch)
	readme := NewDoc(filepath.Join(root, "README.md"), root)
	guide := NewDoc(filepath.Join(root, "docs", "guide.md"), root)
	for _, c := range []struct {
		opts Options
		doc  *Doc
		ref  string
		want string
	}{
		{Options{}, readme, "docs/guide.md#nothing", ""},
		{Options{IndexFiles: []string{"index.html"}}, readme, "docs/", "missing-target@0"},
		{Options{IndexFiles: []string{"README.md"}}, readme, "docs/", ""},
		{Options{FallbackExtensions: []string{"md"}}, readme, "docs/guide.html", ""},
		{Options{FallbackExtensions: []string{".md"}}, readme, "docs/guide", ""},
		{Options{}, readme, "docs/guide.html", "missing-target@0"},
		{Options{BaseURL: "https://docs.example.com/"}, guide, "/docs/guide.md", ""},
		{Options{BaseURL: "https://docs.example.com/"}, guide, "/docs/nothing.md", "missing-target@0"},
		{Options{BaseURL: "https://docs.example.com/"}, guide, "https://DOCS.example.com/docs/nothing.md", "missing-target@24"},
		{Options{BaseURL: "https://docs.example.com/"}, guide, "https://other.example.com/docs/nothing.md", ""},
		{Options{BaseURL: "https://example.com/docs"}, guide, "/docs/docs/guide.md", ""},
		{Options{BaseURL: "https://example.com/docs"}, guide, "/docs/guide.md", "missing-target@0"},
		{Options{BaseURL: "https://example.com/docs"}, guide, "/other/x.md", ""},
		{Options{BaseURL: "https://example.com/docs/"}, guide, "https://example.com/docs/img/logo.png", ""},
	} {
		tr, err := New(c.opts)
		if err != nil {
			t.Fatal(err)
		}
		if got := describe(tr.Check(nil, c.doc, c.ref), false); got != c.want {
			t.Errorf("%+v %q: got %q, want %q", c.opts, c.ref, got, c.want)
		}
	}
	if _, err := New(Options{BaseURL: "docs.example.com"}); err == nil {
		t.Error("a base URL without a scheme is taken")
	}
}

// TestForge: a link to the repository's own file on its forge is looked
// up in the working tree, as GitHub shows it: no site's extensions,
// static directories or index files, and a heading's anchor by GitHub's
// rule whatever the site's.
func TestForge(t *testing.T) {
	tr, doc, _ := forgeTree(t)
	for ref, want := range map[string]string{
		blob + "docs/Setup.md":                              "",
		blob + "docs/setup.md":                              "target-case@33 docs/setup.md exists only as docs/Setup.md: the case differs, which works on macOS and Windows but not on Linux or GitHub",
		blob + "docs/Setup.html":                            "missing-target@33 nothing at docs/Setup.html in this repository; did you mean docs/Setup.md?",
		blob + "logo.png":                                   "missing-target@33 nothing at logo.png in this repository",
		blob + "docs/Setup.md#buildtarget-option":           "",
		blob + "docs/Setup.md#build-target-option":          `missing-fragment@47 docs/Setup.md has no anchor "build-target-option"; did you mean "buildtarget-option"?`,
		blob + "code.go#L2":                                 "",
		blob + "code.go#L3":                                 "missing-fragment@41 code.go has 2 lines, so line 3 has no anchor",
		blob + "docs/Setup.md#L1":                           "",
		"https://github.com/o/r/tree/main/site/docs#intro":  "",
		"https://github.com/o/r/tree/main/site/docs#outro":  `missing-fragment@43 site/docs/README.md has no anchor "outro"; did you mean "intro"?`,
		"https://github.com/o/r/tree/main/docs#readme":      "",
		"https://github.com/o/r/raw/main/docs/Setup.md#any": "",
		"https://github.com/o/r/blob/v1/docs/gone.md":       "",
		"https://github.com/o/r#install":                    "",
		"https://github.com/o/r/#instal":                    `missing-fragment@24 README.md has no anchor "instal"; did you mean "install"?`,
		"https://github.com/o/other/blob/main/gone.md":      "",
		// The site's own links keep the site's ways.
		"docs/guide":           "",
		"/logo.png":            "",
		"docs/guide.md#legacy": "",
	} {
		if got := describe(tr.Check(nil, doc, ref), true); got != want {
			t.Errorf("%q:\n got %q\nwant %q", ref, got, want)
		}
	}
}

const blob = "https://github.com/o/r/blob/main/"

// forgeTree is a repository published at https://github.com/o/r whose
// site, below site/, makes VitePress's anchors, with a document there.
func forgeTree(t *testing.T) (*Tree, *Doc, string) {
	t.Helper()
	files := map[string]string{"docs/Setup.md": "# `build.target` option\n", "public/logo.png": "png", "code.go": "a\nb\n", "README.md": "# Top\n## Install\n"}
	for k, v := range scratch {
		files["site/"+k] = v
	}
	repo := tree(t, files)
	root := filepath.Join(repo, "site") // --root-dir site: the forge's paths stay the repository's
	doc := NewDoc(filepath.Join(root, "README.md"), root)
	doc.Repo = forge.New(repo, []string{"https://github.com/o/r"}, nil)
	tr, err := New(Options{Fragments: true, FallbackExtensions: []string{"md"}, StaticDirs: []string{filepath.Join(repo, "public")},
		IndexFiles: []string{"index.html"}, Slugs: anchor.VitePressSlugs})
	if err != nil {
		t.Fatal(err)
	}
	return tr, doc, repo
}

// TestForgeSince: what lint --since asks of a link to the forge reads it
// as its check does: anchors by GitHub's rule, a line of any file, no
// anchors in a raw file, and no site fallbacks.
func TestForgeSince(t *testing.T) {
	tr, doc, repo := forgeTree(t)
	setup, code := filepath.Join(repo, "docs", "Setup.md"), filepath.Join(repo, "code.go")
	for _, c := range []struct {
		ref, p, before string
		want           bool
	}{
		{blob + "docs/Setup.md#buildtarget-option", setup, "# `build.target` option\n", true},
		{blob + "docs/Setup.md#build-target-option", setup, "# `build.target` option\n", false}, // VitePress's slug, not GitHub's
		{blob + "code.go#L3", code, "a\nb\n", false},
		{blob + "code.go#L3", code, "a\nb\nc\n", true},
		{blob + "docs/Setup.md#L1", setup, "# x\n", true},
		{"https://github.com/o/r/raw/main/docs/Setup.md#any", setup, "# x\n", true},
		{"docs/guide.md#legacy", filepath.Join(repo, "site", "docs", "guide.md"), "# Guide\n", false},
	} {
		if got := tr.Names(doc, c.ref, c.p, strings.NewReader(c.before)); got != c.want {
			t.Errorf("Names(%q) before %q = %v, want %v", c.ref, c.before, got, c.want)
		}
	}
	if got := tr.Fallbacks(doc, blob+"docs/Setup.html", filepath.Join(repo, "docs", "Setup.html")); got != nil {
		t.Errorf("Fallbacks of a forge link = %q, want none", got)
	}
	if got := tr.Fallbacks(doc, "docs/guide.html", filepath.Join(repo, "site", "docs", "guide.html")); len(got) == 0 {
		t.Error("Fallbacks of a site link with --fallback-extension md: none")
	}
}

// TestConcurrent: workers share a Tree; each cache entry is built once.
func TestConcurrent(t *testing.T) {
	root := tree(t, scratch)
	readme := NewDoc(filepath.Join(root, "README.md"), root)
	tr, _ := New(Options{Fragments: true})
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				if got := describe(tr.Check(nil, readme, "docs/guide.md#instalation"), false); got != "missing-fragment@14" {
					errs <- got
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Errorf("concurrent check: %q", e)
	}
}

// TestRules: every rule a Tree reports is in the rule table, with its
// severity, so that --list-rules, SARIF and suppressions know it.
func TestRules(t *testing.T) {
	for id, sev := range map[string]finding.Severity{
		RuleMissingTarget: finding.Error, RuleTargetCase: finding.Error, RuleOutsideRoot: finding.Error,
		RuleMissingFragment: finding.Error, RuleFragmentCase: finding.Warning,
	} {
		r, ok := finding.Describe(id)
		if !ok || r.Severity != sev {
			t.Errorf("rule %s: in the table %v, severity %v, want %v", id, ok, r.Severity, sev)
		}
	}
}

// FuzzNoEscape: a reference of a document never leads the Tree to look
// at anything outside the root: either it is found below the root, or
// it draws outside-root (or leaves the tree for another host).
func FuzzNoEscape(f *testing.F) {
	for _, s := range []string{"../x", "a/../../b", "/../x", "%2e%2e/x", "..%2Fx", "docs/../../x#y", "./././..", "//h/../x", "file:///etc/passwd", "a/./b/../../../c?q#f"} {
		f.Add(s)
	}
	root := tree(f, scratch)
	doc := NewDoc(filepath.Join(root, "docs", "guide.md"), root)
	f.Fuzz(func(t *testing.T, ref string) {
		// A relative-path reference escapes, as a shell would join it,
		// exactly when it draws outside-root; but for an empty segment,
		// which a URI keeps and a file system folds, and "%2E", which
		// a shell does not decode.
		if r, err := uri.Parse(ref); err == nil && !r.IsAbsolute() && !strings.HasPrefix(ref, "/") && !strings.Contains(strings.ToLower(ref), "%2e") && !strings.Contains(r.Path(), "//") {
			if _, ok := r.Authority(); !ok {
				joined := path.Clean(path.Join(filepath.ToSlash(root), "docs", r.Path()))
				escapes := joined != filepath.ToSlash(root) && !strings.HasPrefix(joined, filepath.ToSlash(root)+"/")
				tr, _ := New(Options{})
				drew := strings.Contains(describe(tr.Check(nil, doc, ref), false), RuleOutsideRoot)
				if escapes != drew {
					t.Errorf("%q joins to %q: outside-root %v, want %v", ref, joined, drew, escapes)
				}
			}
		}
		for _, opts := range []Options{{Fragments: true}, {BaseURL: "https://x.example/d/"}} {
			tr, _ := New(opts)
			got := tr.Check(nil, doc, ref)
			tr.dirs.Range(func(k, _ any) bool {
				p := k.(string)
				if p != root && !strings.HasPrefix(p, root+string(filepath.Separator)) {
					t.Errorf("%q with %+v: looked at %s, outside the root %s (findings %q)", ref, opts, p, root, describe(got, true))
				}
				return true
			})
		}
	})
}
