package discover

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// tree writes files below root; a name ending in "/" is a directory.
func tree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, body := range files {
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
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// fromRoot writes the names of Files as paths below root, relative ones
// being relative to dir.
func fromRoot(root, dir string, files []string) []string {
	var out []string
	for _, f := range files {
		if f != "-" {
			if !filepath.IsAbs(f) {
				f = filepath.Join(dir, f)
			}
			f, _ = filepath.Rel(root, f)
			f = filepath.ToSlash(f)
		}
		out = append(out, f)
	}
	return out
}

// gitTree is a repository with ignore files at several depths.
var gitTree = map[string]string{
	".git/":              "",
	".git/info/exclude":  "# local\nsecret.md\n",
	".gitignore":         "node_modules/\nbuild/\n/top.md\n",
	"a.md":               "",
	"top.md":             "",
	"secret.md":          "",
	"docs/secret.md":     "",
	"docs/top.md":        "",
	"node_modules/x.md":  "",
	"build/site/y.html":  "",
	"sub/.gitignore":     "*.md\n!keep.md\n/only.html\n",
	"sub/a.md":           "",
	"sub/keep.md":        "",
	"sub/only.html":      "",
	"sub/deep/b.md":      "",
	"sub/deep/keep.md":   "",
	"sub/deep/only.html": "",
	".github/c.md":       "",
	"lib/.git":           "gitdir: elsewhere\n", // a submodule: a repository of its own
	"lib/.gitignore":     "gen/\n",
	"lib/gen/d.md":       "",
	"lib/top.md":         "",
	"lib/build/e.md":     "", // the outer build/ does not reach into lib
}

func TestDiscover(t *testing.T) {
	pathTree := map[string]string{
		".git/":            "",
		IgnoreFile:         "https://skip\\.example/\npath: docs/page.html\npath: /vendor/\n",
		"a.md":             "",
		"docs/page.html":   "",
		"docs/other.md":    "",
		"docs/vendor/v.md": "",
		"vendor/v.md":      "",
	}
	for _, tc := range []struct {
		name     string
		files    map[string]string
		dir      string // Options.Dir, below the root
		args     []string
		o        Options
		want     []string // below the root
		excluded int
	}{
		{name: "path: line, lint docs", files: pathTree, args: []string{"docs"},
			want: []string{"docs/other.md", "docs/vendor/v.md"}},
		{name: "path: line, lint . in docs", files: pathTree, dir: "docs", args: []string{"."},
			want: []string{"docs/other.md", "docs/vendor/v.md"}},
		{name: "path: line, lint .", files: pathTree, args: []string{"."},
			want: []string{"a.md", "docs/other.md", "docs/vendor/v.md"}},
		{name: "path: line drops a named file", files: pathTree, args: []string{"docs/page.html", "a.md", "vendor/v.md"},
			want: []string{"a.md"}, excluded: 2},
		{name: "path: line drops a named file from docs", files: pathTree, dir: "docs", args: []string{"page.html", "other.md", "../vendor"},
			want: []string{"docs/other.md"}, excluded: 2},
		{name: "exclude-path relative to Dir", files: pathTree, dir: "docs", args: []string{".", "../a.md"},
			o:    Options{ExcludePath: []string{"/other.md", "vendor/"}},
			want: []string{"a.md"}},
		{name: "exclude-path drops named files", files: pathTree, args: []string{"a.md", "docs/other.md", "docs/vendor"},
			o:    Options{ExcludePath: []string{"docs/*.md", "vendor"}},
			want: []string{"a.md"}, excluded: 2},
		{name: "exclude-path outside Dir: names only", files: pathTree, dir: "docs", args: []string{"../a.md", "../vendor/v.md"},
			o:    Options{ExcludePath: []string{"/a.md", "v.md"}},
			want: []string{"a.md"}, excluded: 1},
		{name: "exclude-path outside Dir: walked names only", files: pathTree, dir: "docs", args: []string{".."},
			o:    Options{ExcludePath: []string{"/a.md", "/docs/other.md", "vendor/"}},
			want: []string{"a.md", "docs/other.md"}}, // anchored at Dir, so docs/other.md is not "/docs/other.md"
		{name: "exclude-path outside Dir: walked names", files: pathTree, dir: "docs", args: []string{".."},
			o:    Options{ExcludePath: []string{"a.md"}},
			want: []string{"docs/other.md", "docs/vendor/v.md"}},
		{name: "gitignore", files: gitTree, args: []string{"."},
			want: []string{"a.md", "docs/top.md", "lib/build/e.md", "lib/top.md", "sub/deep/keep.md", "sub/deep/only.html", "sub/keep.md"}},
		{name: "gitignore, walking below", files: gitTree, args: []string{"sub/deep", "lib"},
			want: []string{"sub/deep/keep.md", "sub/deep/only.html", "lib/build/e.md", "lib/top.md"}},
		{name: "gitignore, walking an ignored directory", files: gitTree, args: []string{"build", "node_modules"},
			want: []string{"build/site/y.html", "node_modules/x.md"}},
		{name: "gitignore spares named files", files: gitTree, args: []string{"secret.md", "sub/a.md", "lib/gen/d.md"},
			want: []string{"secret.md", "sub/a.md", "lib/gen/d.md"}},
		{name: "no gitignore", files: gitTree, args: []string{"."}, o: Options{NoGitignore: true},
			want: []string{"a.md", "build/site/y.html", "docs/secret.md", "docs/top.md", "lib/build/e.md", "lib/gen/d.md", "lib/top.md",
				"node_modules/x.md", "secret.md", "sub/a.md", "sub/deep/b.md", "sub/deep/keep.md", "sub/deep/only.html", "sub/keep.md",
				"sub/only.html", "top.md"}},
		{name: "gitignore without a repository", files: map[string]string{".gitignore": "*.md\n", "a.md": ""}, args: []string{"."},
			want: []string{"a.md"}},
		{name: "no re-including below an excluded directory", files: map[string]string{
			".git/": "", ".gitignore": "gen/\n!gen/keep.md\n*.md\n!docs/\n", "gen/keep.md": "", "docs/a.md": "", "docs/b.html": "", "c.html": ""},
			args: []string{"."}, want: []string{"c.html", "docs/b.html"}},
		{name: "double stars", files: map[string]string{
			".git/": "", ".gitignore": "a/**/x.md\nb/**\n**/c/y.md\n", "a/x.md": "", "a/1/2/x.md": "", "a/z.md": "", "b/k.md": "",
			"c/y.md": "", "d/c/y.md": "", "d/c/z.md": ""},
			args: []string{"."}, want: []string{"a/z.md", "d/c/z.md"}},
		{name: "hidden and known", files: gitTree, args: []string{".github", "sub"}, o: Options{Known: func(p string) bool { return strings.HasSuffix(p, ".html") }},
			want: []string{"sub/deep/only.html"}},
		{name: "hidden directory named", files: gitTree, args: []string{".github"}, want: []string{".github/c.md"}},
		{name: "missing and stdin kept", files: pathTree, args: []string{"missing.md", "-", "docs/missing.md"},
			want: []string{"missing.md", "-", "docs/missing.md"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			tree(t, root, tc.files)
			o := tc.o
			o.Dir = filepath.Join(root, tc.dir)
			p, err := Discover(o, tc.args)
			if err != nil {
				t.Fatal(err)
			}
			if got := fromRoot(root, o.Dir, p.Files); !slices.Equal(got, tc.want) {
				t.Errorf("Files = %q, want %q", got, tc.want)
			}
			if p.Excluded() != tc.excluded {
				t.Errorf("Excluded = %d, want %d", p.Excluded(), tc.excluded)
			}
		})
	}
}

// TestDiscoverNames: files keep the names they are given, walked ones
// joined to the argument as written.
func TestDiscoverNames(t *testing.T) {
	root := t.TempDir()
	tree(t, root, map[string]string{"docs/a.md": "", "docs/b/c.md": ""})
	p, err := Discover(Options{Dir: root}, []string{"./docs", "docs/a.md", filepath.Join(root, "docs/b"), "-"})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"docs/a.md", "docs/b/c.md", "docs/a.md", filepath.Join(root, "docs/b/c.md"), "-"}
	if !slices.Equal(p.Files, want) {
		t.Errorf("Files = %q, want %q", p.Files, want)
	}
}

func TestPlanExcluderRoot(t *testing.T) {
	root := t.TempDir()
	tree(t, root, map[string]string{
		"a/.git/": "", "a/" + IgnoreFile: "a\\.example\n", "a/one.md": "", "a/sub/two.md": "",
		"b/.git": "gitdir: x\n", "b/" + IgnoreFile: "b\\.example\n", "b/x.md": "",
		"c/" + IgnoreFile: "c\\.example\n", "c/f.md": "", "c/sub/g.md": "",
		"d/h.md": "", "d/sub/i.md": "",
	})
	dir := filepath.Join(root, "c")
	p, err := Discover(Options{Dir: dir, Exclude: []string{"all\\.example"}},
		[]string{"../a/one.md", "../a/sub", "../b/x.md", "f.md", "sub", "../d/h.md", "../d/sub", "-"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		file, root string
		excludes   []string // of a, b, c.example
	}{
		{"../a/one.md", "a", []string{"a"}},
		{"../a/sub/two.md", "a", []string{"a"}},
		{"../b/x.md", "b", []string{"b"}},
		{"f.md", "c", []string{"c"}}, // no repository: Dir, with its .uritoolignore
		{"sub/g.md", "c", []string{"c"}},
		{"../d/h.md", "d", nil}, // no repository, outside Dir: its directory
		{"../d/sub/i.md", "d/sub", nil},
		{"-", "c", []string{"c"}},
		{"not-in-files.md", "c", nil},
	} {
		if got := p.Root(tc.file); got != filepath.Join(root, tc.root) {
			t.Errorf("Root(%q) = %q, want %q", tc.file, got, filepath.Join(root, tc.root))
		}
		x := p.Excluder(tc.file)
		if x == nil {
			t.Fatalf("Excluder(%q) is nil", tc.file)
		}
		for _, host := range []string{"a", "b", "c"} {
			want := slices.Contains(tc.excludes, host)
			if got := x.Match("https://" + host + ".example/"); got != want {
				t.Errorf("Excluder(%q).Match(%s.example) = %v", tc.file, host, got)
			}
		}
		if !x.Match("https://all.example/") {
			t.Errorf("Excluder(%q) misses --exclude", tc.file)
		}
	}
	if p.Excluder("../a/one.md") != p.Excluder("../a/sub/two.md") {
		t.Error("a repository's .uritoolignore is read twice")
	}
}

// TestRootAbove: the repository is found from the argument, at or above
// it, not from Dir.
func TestRootAbove(t *testing.T) {
	root := t.TempDir()
	tree(t, root, map[string]string{"r/.git/": "", "r/" + IgnoreFile: "path: x/y/z.md\n", "r/x/y/z.md": "", "r/x/y/w.md": "", "elsewhere/": ""})
	p, err := Discover(Options{Dir: filepath.Join(root, "elsewhere")}, []string{"../r/x/y", "../r/x/y/z.md"})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"../r/x/y/w.md"}; !slices.Equal(p.Files, want) || p.Excluded() != 1 {
		t.Errorf("Files = %q (%d excluded), want %q (1)", p.Files, p.Excluded(), want)
	}
	if got := p.Root("../r/x/y/w.md"); got != filepath.Join(root, "r") {
		t.Errorf("Root = %q", got)
	}
}

func TestDiscoverErrors(t *testing.T) {
	for _, tc := range []struct {
		name   string
		files  map[string]string
		o      Options
		check  func(error) bool
		inText string
	}{
		{name: "bad exclude", o: Options{Exclude: []string{"("}},
			check: func(err error) bool { var e *PatternError; return errors.As(err, &e) && e.Pattern == "(" }},
		{name: "bad exclude-path", o: Options{ExcludePath: []string{"ok", "a/[b"}},
			check: func(err error) bool { var e *PathPatternError; return errors.As(err, &e) && e.Pattern == "a/[b" }},
		{name: "empty exclude-path", o: Options{ExcludePath: []string{"!/"}},
			check: func(err error) bool { var e *PathPatternError; return errors.As(err, &e) && e.Pattern == "!/" }},
		{name: "bad ignore regex", files: map[string]string{".git/": "", IgnoreFile: "# c\nok\n(\n"},
			check:  func(err error) bool { var e *IgnoreFileError; return errors.As(err, &e) && e.Line == 3 },
			inText: IgnoreFile + ":3: "},
		{name: "bad ignore path", files: map[string]string{".git/": "", IgnoreFile: "path: [\n"},
			check:  func(err error) bool { var e *IgnoreFileError; return errors.As(err, &e) && e.Line == 1 },
			inText: IgnoreFile + ":1: "},
		{name: "unreadable ignore file", files: map[string]string{".git/": "", IgnoreFile + "/": ""},
			check: func(err error) bool { var e *IgnoreFileError; return errors.As(err, &e) && e.Line == 0 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			tree(t, root, tc.files)
			tree(t, root, map[string]string{"a.md": ""})
			o := tc.o
			o.Dir = root
			_, err := Discover(o, []string{"a.md"})
			if err == nil || !tc.check(err) {
				t.Fatalf("Discover: %v (%T)", err, err)
			}
			if !strings.Contains(err.Error(), tc.inText) || tc.inText != "" && !strings.Contains(err.Error(), root) {
				t.Errorf("error %q does not name %s", err, tc.inText)
			}
		})
	}
	if _, err := Discover(Options{Dir: "rel"}, nil); !errors.Is(err, ErrDir) {
		t.Errorf("a relative Dir: %v", err)
	}
}

func TestDiscoverWalkError(t *testing.T) {
	root := t.TempDir()
	tree(t, root, map[string]string{"locked/a.md": ""})
	locked := filepath.Join(root, "locked")
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(locked, 0o755)
	if _, err := os.ReadDir(locked); err == nil {
		t.Skip("permissions are not enforced for this user")
	}
	if _, err := Discover(Options{Dir: root}, []string{"."}); !errors.Is(err, os.ErrPermission) {
		t.Errorf("Discover: %v", err)
	}
}

// TestPlanExcludes: a plan excludes where --exclude or a .uritoolignore
// of any file's repository lists a URI pattern, and not otherwise; its
// path: lines alone exclude files, not URIs.
func TestPlanExcludes(t *testing.T) {
	for _, tc := range []struct {
		name    string
		files   map[string]string
		exclude []string
		want    bool
	}{
		{"nothing", map[string]string{"a.md": ""}, nil, false},
		{"--exclude", map[string]string{"a.md": ""}, []string{"x\\.example"}, true},
		{"ignore file", map[string]string{"r/.git/": "", "r/" + IgnoreFile: "x\\.example\n", "r/a.md": "", "b.md": ""}, nil, true},
		{"path lines only", map[string]string{IgnoreFile: "path:b.md\n", "a.md": "", "b.md": ""}, nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			tree(t, root, tc.files)
			p, err := Discover(Options{Dir: root, Exclude: tc.exclude}, []string{".", "-"})
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Excludes(); got != tc.want {
				t.Errorf("Excludes() = %v, want %v (files %v)", got, tc.want, p.Files)
			}
		})
	}
}
