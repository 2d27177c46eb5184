package since

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// repo is a scratch repository for a test, driven by git itself.
type repo struct {
	t   *testing.T
	dir string
	env []string
}

func newRepo(t *testing.T) *repo {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git on PATH")
	}
	dir := t.TempDir()
	// The user's configuration must not reach the test; its own does.
	env := append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
	r := &repo{t: t, dir: dir, env: env}
	r.git("init", "-q", "-b", "main")
	return r
}

func (r *repo) git(args ...string) string {
	r.t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir, cmd.Env = r.dir, r.env
	out, err := cmd.CombinedOutput()
	if err != nil {
		r.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func (r *repo) write(files map[string]string) {
	r.t.Helper()
	for name, body := range files {
		p := filepath.Join(r.dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			r.t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			r.t.Fatal(err)
		}
	}
}

func (r *repo) commit(msg string) {
	r.t.Helper()
	r.git("add", "-A")
	r.git("commit", "-q", "-m", msg)
}

func (r *repo) open(ref string) *Change {
	r.t.Helper()
	c, err := Open(Git{Dir: r.dir, Env: r.env}, ref)
	if err != nil {
		r.t.Fatal(err)
	}
	return c
}

func lines(n int, edit map[int]string) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		if s, ok := edit[i]; ok {
			b.WriteString(s)
		} else {
			b.WriteString("line " + strings.Repeat("x", i))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func TestChange(t *testing.T) {
	r := newRepo(t)
	r.write(map[string]string{
		"a.md":           lines(10, nil),
		"gone.md":        "bye\n",
		"old name.md":    lines(20, nil),
		"dir/only.md":    "only\n",
		"same.md":        "same\n",
		"tab\tname.md":   "x\n",
		"ünïcode.md":     lines(3, nil),
		"docs/keep.md":   "keep\n",
		"docs/moved.png": "png",
	})
	r.commit("base")
	r.git("tag", "base")
	// After the branch point, main moves on: the merge base stays.
	r.git("checkout", "-q", "-b", "feature")
	r.write(map[string]string{
		"a.md":         strings.Replace(strings.Replace(lines(10, nil), "line xxx\n", "changed\n", 1), "line xxxxxxx\n", "inserted\nline xxxxxxx\n", 1) + "appended\n",
		"tab\tname.md": "y\n",
		"ünïcode.md":   lines(3, map[int]string{2: "é"}),
		"new.md":       "new\nnew\n",
	})
	if err := os.Rename(filepath.Join(r.dir, "old name.md"), filepath.Join(r.dir, "new name.md")); err != nil {
		t.Fatal(err)
	}
	r.write(map[string]string{"new name.md": lines(20, map[int]string{15: "edited after the move"})})
	r.git("rm", "-q", "gone.md", "dir/only.md")
	r.git("mv", "docs/moved.png", "img.png")
	r.commit("change")
	r.git("checkout", "-q", "main")
	r.write(map[string]string{"same.md": "main moved on\n"})
	r.commit("main")
	r.git("checkout", "-q", "feature")
	// Not committed, not even added: the working tree is the change.
	r.write(map[string]string{"untracked.md": "u\n", "docs/keep.md": "keep\nmore\n"})

	c := r.open("main")
	if c.Ref != "main" || len(c.Base) != 40 {
		t.Errorf("Ref %q, Base %q", c.Ref, c.Base)
	}
	touched := map[string][]int{
		"a.md":         {3, 7, 12},
		"new name.md":  {15},
		"new.md":       {1, 2, 1000},
		"untracked.md": {1},
		"docs/keep.md": {2},
		"tab\tname.md": {1},
		"ünïcode.md":   {2},
	}
	for name, want := range touched {
		f := c.File(name)
		if f == nil {
			t.Errorf("%q: no lines touched", name)
			continue
		}
		for i := 1; i <= 30; i++ {
			in := false
			for _, w := range want {
				in = in || w == i
			}
			if f.whole {
				in = true
			}
			if f.Touched(i) != in {
				t.Errorf("%q line %d: Touched %v", name, i, !in)
			}
		}
	}
	for _, name := range []string{"same.md", "gone.md", "old name.md", "docs/moved.png"} {
		if f := c.File(name); f.Touched(1) {
			t.Errorf("%q: touched", name)
		}
	}
	removed := map[string]string{
		"gone.md":        "deleted",
		"old name.md":    "renamed to new name.md",
		"dir":            "emptied of its files",
		"dir/":           "emptied of its files",
		"docs/moved.png": "renamed to img.png",
		"docs":           "emptied of its files", // as far as git knows: lint asks only of what is missing
		"a.md":           "",
		"never.md":       "",
		"di":             "",
	}
	for rel, want := range removed {
		if got := c.Removed(rel); got != want {
			t.Errorf("Removed(%q) = %q, want %q", rel, got, want)
		}
	}
	before := map[string]string{
		"a.md":        lines(10, nil),
		"new name.md": lines(20, nil),
	}
	for rel, want := range before {
		got, ok, err := c.Before(rel)
		if err != nil || !ok || string(got) != want {
			t.Errorf("Before(%q) = %q, %v, %v", rel, got, ok, err)
		}
	}
	for _, rel := range []string{"same.md", "new.md", "untracked.md", "gone.md"} {
		if _, ok, _ := c.Before(rel); ok {
			t.Errorf("Before(%q): ok", rel)
		}
	}
	if got, ok := c.Path(filepath.Join(r.dir, "docs", "keep.md")); !ok || got != "docs/keep.md" {
		t.Errorf("Path = %q, %v", got, ok)
	}
	if _, ok := c.Path(filepath.Join(filepath.Dir(r.dir), "elsewhere.md")); ok {
		t.Error("a path outside the repository is in it")
	}
}

// A repository reached through a symbolic link is the same repository.
func TestPathThroughLink(t *testing.T) {
	r := newRepo(t)
	r.write(map[string]string{"a.md": "a\n"})
	r.commit("base")
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(r.dir, link); err != nil {
		t.Skip(err)
	}
	c, err := Open(Git{Dir: filepath.Join(link), Env: r.env}, "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{filepath.Join(link, "a.md"), filepath.Join(r.dir, "a.md")} {
		if got, ok := c.Path(p); !ok || got != "a.md" {
			t.Errorf("Path(%q) = %q, %v", p, got, ok)
		}
	}
}

func TestOpenErrors(t *testing.T) {
	r := newRepo(t)
	r.write(map[string]string{"a.md": "a\n"})
	r.commit("one")
	r.write(map[string]string{"a.md": "b\n"})
	r.commit("two")
	shallow := filepath.Join(t.TempDir(), "shallow")
	r.git("clone", "-q", "--depth", "1", "file://"+r.dir, shallow)
	first := strings.TrimSpace(r.git("rev-parse", "HEAD~1"))
	other := newRepo(t)
	other.write(map[string]string{"x": "x\n"})
	other.commit("unrelated")
	r.git("fetch", "-q", other.dir, "main:unrelated")
	for _, c := range []struct {
		name, dir, ref, want string
		env                  []string
	}{
		{"empty", r.dir, "", "empty", nil},
		{"no such ref", r.dir, "nope", "not a commit of this repository", nil},
		{"an option", r.dir, "--all", "not a commit", nil},
		{"a tree", r.dir, "HEAD^{tree}", "not a commit", nil},
		{"not a repository", t.TempDir(), "main", "is not in a git repository", nil},
		{"shallow", shallow, first, "shallow clone", nil},
		{"unrelated", r.dir, "unrelated", "no merge base", nil},
		{"no git", r.dir, "main", "no git on PATH", []string{"PATH=" + t.TempDir()}},
	} {
		env := r.env
		if c.env != nil {
			env = append(append([]string{}, r.env...), c.env...)
		}
		_, err := Open(Git{Dir: c.dir, Env: env}, c.ref)
		if _, ok := err.(*Error); !ok || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v (%T), want an *Error saying %q", c.name, err, err, c.want)
		}
	}
}

func TestHunk(t *testing.T) {
	for line, want := range map[string]lineRange{
		"@@ -1 +1 @@":            {1, 1},
		"@@ -3,0 +4,2 @@ func":   {4, 5},
		"@@ -10,2 +9 @@":         {9, 9},
		"@@ -100,3 +200,10 @@ x": {200, 209},
	} {
		if got, ok := hunk(line); !ok || got != want {
			t.Errorf("hunk(%q) = %v, %v", line, got, ok)
		}
	}
	for _, line := range []string{"@@ -1,2 +0,0 @@", "@@ -1 +x @@", "@@ garbage"} {
		if _, ok := hunk(line); ok {
			t.Errorf("hunk(%q): ok", line)
		}
	}
}

func TestUnquote(t *testing.T) {
	for in, want := range map[string]string{
		`b/plain.md`:             "b/plain.md",
		`"b/tab\there.md"`:       "b/tab\there.md",
		`"b/\303\274.md"`:        "b/ü.md",
		`"b/quote\"back\\.md"`:   `b/quote"back\.md`,
		`"b/nl\nx\a\b\v\f\r.md"`: "b/nl\nx\a\b\v\f\r.md",
	} {
		if got, ok := unquote(in); !ok || got != want {
			t.Errorf("unquote(%s) = %q, %v", in, got, ok)
		}
	}
	if _, ok := unquote(`"b/\30"`); ok {
		t.Error(`unquote(\30): ok`)
	}
}

// TestAddedLineLikeAHeader: an added line that starts "++ b/" reads as
// "+++ b/..." in the patch, and is no file's header.
func TestAddedLineLikeAHeader(t *testing.T) {
	r := newRepo(t)
	r.write(map[string]string{"a.md": lines(10, nil)})
	r.commit("base")
	r.write(map[string]string{"a.md": lines(10, map[int]string{2: "++ b/other.md", 8: "changed"})})
	c := r.open("HEAD")
	f := c.File("a.md")
	for _, line := range []int{2, 8} {
		if !f.Touched(line) {
			t.Errorf("a.md line %d: not touched", line)
		}
	}
	if c.File("other.md") != nil {
		t.Error("an added line was read as the header of other.md")
	}
}
