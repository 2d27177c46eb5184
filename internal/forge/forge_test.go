package forge

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/uritool/uritool/pkg/uri"
)

func TestLocate(t *testing.T) {
	r := New("/repo", []string{
		"git@github.com:Owner/Repo.git",
		"https://gitlab.com/group/sub/proj.git",
		"ssh://git@codeberg.org:2222/o/r",
		"https://user:token@bitbucket.org/o/r.git",
		"https://ghe.example.com/o/r",
		"/srv/mirror/repo", // a local path: no forge
	}, []string{"release/1.x"})
	for _, c := range []struct {
		link string
		want string // the path, "/"-joined with a trailing "/" for a directory, and "#" when anchors are named; "-" for no link
	}{
		// Dot-segments are removed first, as a browser does.
		{"https://github.com/owner/repo/blob/main/docs/../a.md", "a.md#"},
		{"https://github.com/owner/repo/blob/main/../../other/blob/main/a.md", "-"},
		{"https://github.com/owner/other/../repo/blob/main/a.md", "a.md#"},
		// GitHub's views, owner and name in any case, the branch not.
		{"https://github.com/owner/repo/blob/main/docs/a.md", "docs/a.md#"},
		{"https://github.com/OWNER/REPO/blob/main/docs/a.md#x", "docs/a.md#"},
		{"https://github.com/%4Fwner/repo/blob/main/docs/a.md", "docs/a.md#"},
		{"https://GitHub.com/owner/repo/tree/master/docs/", "docs/#"},
		{"https://github.com/owner/repo/tree/HEAD", "#"},
		{"https://github.com/owner/repo/tree/main/", "#"},
		{"http://github.com/owner/repo/blame/main/x.go", "x.go#"},
		{"https://github.com/owner/repo/raw/main/img/a.png", "img/a.png"},
		{"https://github.com/owner/repo/blob/release/1.x/CHANGES.md", "CHANGES.md#"},
		{"https://github.com/owner/repo/blob/main/my%20file.md", "my file.md#"},
		{"https://github.com/owner/repo/blob/Main/a.md", "-"},
		{"https://github.com/owner/repo/blob/v1.2.0/a.md", "-"},
		{"https://github.com/owner/repo/blob/0123abc/a.md", "-"},
		{"https://github.com/owner/repo/blob/release/a.md", "-"},
		{"https://github.com/owner/repo/issues/12", "-"},
		// The home shows the root's README, whose headings GitHub's
		// rule names there alone.
		{"https://github.com/owner/repo", "#"},
		{"https://github.com/Owner/Repo/#install", "#"},
		{"https://gitlab.com/group/sub/proj#install", ""},
		{"https://github.com/owner", "-"},
		{"https://github.com/owner/other/blob/main/a.md", "-"},
		{"https://github.com/owner/repo-x/blob/main/a.md", "-"},
		{"ftp://github.com/owner/repo/blob/main/a.md", "-"},
		{"https://raw.githubusercontent.com/Owner/Repo/main/a.md", "a.md"},
		{"https://raw.githubusercontent.com/owner/repo/refs/heads/main/a.md", "a.md"},
		{"https://raw.githubusercontent.com/owner/repo/v1/a.md", "-"},
		// GitLab, whose groups nest.
		{"https://gitlab.com/group/sub/proj/-/blob/main/a.md#intro", "a.md"},
		{"https://gitlab.com/group/sub/proj/-/tree/main/docs", "docs"},
		{"https://gitlab.com/group/sub/proj/-/raw/master/a.png", "a.png"},
		{"https://gitlab.com/group/sub/proj/-/issues/3", "-"},
		{"https://gitlab.com/group/sub/-/blob/main/a.md", "-"},
		// Gitea and Forgejo: a branch, not a tag or commit.
		{"https://codeberg.org/o/r/src/branch/main/a.md", "a.md"},
		{"https://codeberg.org/o/r/raw/branch/main/a.md", "a.md"},
		{"https://codeberg.org/o/r/src/tag/v1/a.md", "-"},
		// Bitbucket.
		{"https://bitbucket.org/o/r/src/master/a.md", "a.md"},
		{"https://bitbucket.org/o/r/src/v2/a.md", "-"},
		// GitHub Enterprise: the address's host.
		{"https://ghe.example.com/o/r/blob/main/a.md", "a.md#"},
		{"https://other.example.com/o/r/blob/main/a.md", "-"},
	} {
		u, err := uri.Parse(c.link)
		if err != nil {
			t.Fatalf("%s: %v", c.link, err)
		}
		got := "-"
		if l, ok := r.Locate(&u); ok {
			got = strings.Join(l.Path, "/")
			if l.Anchors {
				got += "#"
			}
			// The path starts at Offset, as written in the link, or at
			// 0 where dot-segments make it another.
			if p := u.Path()[l.Offset:]; !strings.Contains(c.link, "..") && !strings.HasPrefix(uri.PercentDecode(p), strings.Join(l.Path, "/")) {
				t.Errorf("Locate(%s): the path at offset %d is %q", c.link, l.Offset, p)
			}
		}
		if got != c.want {
			t.Errorf("Locate(%s) = %q, want %q", c.link, got, c.want)
		}
	}
}

func TestLocateUnpublished(t *testing.T) {
	u := uri.MustParse("https://github.com/o/r/blob/main/a.md")
	// An address percent-encoded is the same one, by any case.
	if _, ok := New("/repo", []string{"https://github.com/%4F/r"}, nil).Locate(&u); !ok {
		t.Error("a percent-encoded address is not its own")
	}
	for _, r := range []*Repo{nil, New("/repo", nil, nil), New("/repo", []string{"../r", "https://github.com/o", "https://github.com/o/r/-/x"}, nil)} {
		if r.Published() {
			t.Errorf("%+v: published", r)
		}
		if l, ok := r.Locate(&u); ok {
			t.Errorf("%+v: Locate = %v", r, l)
		}
	}
}

func TestCheckAddress(t *testing.T) {
	for s, ok := range map[string]bool{
		"https://github.com/o/r":     true,
		"https://github.com/o/r/":    true,
		"git@github.com:o/r.git":     true,
		"https://gitlab.com/a/b/c":   true,
		"https://github.com/o":       false,
		"github.com/o/r":             false,
		"file:///srv/r.git":          false,
		"https://github.com//r":      false,
		"":                           false,
		"mailto:someone@example.com": false,
	} {
		if err := CheckAddress(s); (err == nil) != ok {
			t.Errorf("CheckAddress(%q) = %v, want ok %v", s, err, ok)
		}
	}
}

func TestRemotes(t *testing.T) {
	root := t.TempDir()
	write := func(name, content string) {
		t.Helper()
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("main/.git/config", `[core]
	bare = false
	url = not-a-remote
[remote "origin"]
	url = git@github.com:o/r.git   ; a comment
	fetch = +refs/heads/*:refs/remotes/origin/*
[Remote "up stream"]
	URL = "https://github.com/up/r" # quoted
[branch "main"]
	remote = origin
[remote.old]
	url = https://gitlab.com/o/old
`)
	write("main/.git/worktrees/wt/commondir", "../..\n")
	write("wt/.git", "gitdir: ../main/.git/worktrees/wt\n")
	want := "git@github.com:o/r.git|https://github.com/up/r|https://gitlab.com/o/old"
	for _, dir := range []string{"main", "wt"} {
		got, err := Remotes(filepath.Join(root, dir))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(got, "|") != want {
			t.Errorf("Remotes(%s) = %q, want %q", dir, got, want)
		}
	}
	if got, err := Remotes(filepath.Join(root, "none")); err != nil || got != nil {
		t.Errorf("Remotes(no repository) = %q, %v", got, err)
	}
}

func TestConfigValue(t *testing.T) {
	for in, want := range map[string]string{
		" plain ":                "plain",
		` "a b" `:                "a b",
		` a  b # c`:              "a  b",
		` "a;b" ; c`:             "a;b",
		` a\"b\\c`:               `a"b\c`,
		` x\ty`:                  "x\ty",
		` "  padded  " trailing`: "  padded   trailing",
	} {
		if got := configValue(in); got != want {
			t.Errorf("configValue(%q) = %q, want %q", in, got, want)
		}
	}
}
