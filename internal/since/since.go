// Package since tells what a change is responsible for: the lines a
// change since a commit added or modified, and the files it deleted or
// renamed, as git tells them (lint --since). The change runs from the
// merge base of the commit and HEAD to the working tree, so that a pull
// request's branch, committed or not, is what it holds.
//
// It asks the git program, not a library: git is on every machine that
// checked a repository out, reads every repository format (shallow,
// partial, worktrees) and finds renames as "git diff" shows them. What a
// run needs of history is a few commands: the merge base, one diff,
// the untracked files, and, for a fragment that no longer names an
// anchor, the target's content at the merge base.
package since

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Git is how the git program is run: in Dir, with Env, the environment
// (NAME=VALUE; PATH is looked up in it).
type Git struct {
	Dir string
	Env []string
}

// Change is what changed from a commit's merge base with HEAD to the
// working tree. It is read-only once made: workers share it.
type Change struct {
	// Ref is the commit as given; Base its merge base with HEAD.
	Ref, Base string
	// top is the repository's top level as Git.Dir names it (symbolic
	// links as the caller wrote them); physical is it as git resolves it.
	top, physical string
	git           Git
	// added holds each file's added or modified lines, by its path from
	// the top; whole marks a file that is new (added, untracked).
	added map[string]*File
	// gone holds each path that was at Base and is no longer: deleted
	// (""), or renamed (its new path).
	gone map[string]string
	// before holds, for each file modified or renamed, its path at Base.
	before map[string]string
	blobs  sync.Map // path at Base → *blob
}

// File is what a change did to one file's lines.
type File struct {
	whole  bool
	ranges []lineRange // sorted, from the diff's hunks
}

type lineRange struct{ first, last int }

// Touched reports whether the change added or modified line (1-based).
func (f *File) Touched(line int) bool {
	if f == nil {
		return false
	}
	if f.whole {
		return true
	}
	i, _ := slices.BinarySearchFunc(f.ranges, line, func(r lineRange, l int) int {
		switch {
		case r.last < l:
			return -1
		case r.first > l:
			return 1
		}
		return 0
	})
	return i < len(f.ranges) && f.ranges[i].first <= line && line <= f.ranges[i].last
}

// Error is a reason the change cannot be known; its text is for the
// person who gave the ref.
type Error struct{ msg string }

func (e *Error) Error() string { return e.msg }

func errorf(format string, args ...any) error { return &Error{fmt.Sprintf(format, args...)} }

// Open finds the change since ref in the repository that holds g.Dir.
func Open(g Git, ref string) (*Change, error) {
	if ref == "" {
		return nil, errorf("empty: give a commit, such as origin/main")
	}
	out, err := g.run("", "rev-parse", "--show-toplevel", "--show-cdup", "--is-shallow-repository")
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return nil, errorf("%s is not in a git repository", g.Dir)
		}
		return nil, err
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != 3 {
		return nil, errorf("%s: git rev-parse said %q", g.Dir, out)
	}
	c := &Change{Ref: ref, git: g, physical: lines[0], top: filepath.Clean(filepath.Join(g.Dir, lines[1])),
		added: map[string]*File{}, gone: map[string]string{}, before: map[string]string{}}
	shallow := lines[2] == "true"
	hint := ""
	if shallow {
		hint = " (this is a shallow clone: fetch more history, as with git fetch --unshallow, or fetch-depth: 0 in actions/checkout)"
	}
	commit, err := g.run(c.physical, "rev-parse", "--verify", "--quiet", "--end-of-options", ref+"^{commit}")
	if err != nil {
		return nil, errorf("not a commit of this repository%s", hint)
	}
	base, err := g.run(c.physical, "merge-base", strings.TrimSpace(string(commit)), "HEAD")
	if err != nil {
		return nil, errorf("no merge base with HEAD%s", hint)
	}
	c.Base = strings.TrimSpace(string(base))
	if err := c.readStatus(); err != nil {
		return nil, err
	}
	if err := c.readHunks(); err != nil {
		return nil, err
	}
	untracked, err := g.run(c.physical, "ls-files", "-z", "--others", "--exclude-standard")
	if err != nil {
		return nil, err
	}
	for _, p := range strings.Split(string(untracked), "\x00") {
		if p != "" {
			c.added[p] = &File{whole: true}
		}
	}
	return c, nil
}

// Refs lists the repository's branches, remote branches and tags, for
// completion.
func Refs(g Git) ([]string, error) {
	out, err := g.run("", "for-each-ref", "--format=%(refname:short)", "refs/heads", "refs/remotes", "refs/tags")
	if err != nil {
		return nil, err
	}
	return strings.Fields(string(out)), nil
}

// diff is the start of every diff of Base against the working tree,
// whatever the user's configuration says of prefixes, colors, external
// tools or relative paths.
func (c *Change) diff(args ...string) ([]byte, error) {
	return c.git.run(c.physical, append([]string{"diff", "--no-color", "--no-ext-diff", "--no-textconv",
		"--no-relative", "--ignore-submodules", "-M"}, append(args, c.Base, "--")...)...)
}

// readStatus reads which files were added, deleted or renamed.
func (c *Change) readStatus() error {
	out, err := c.diff("-z", "--name-status")
	if err != nil {
		return err
	}
	fields := strings.Split(string(out), "\x00")
	for i := 0; i < len(fields) && fields[i] != ""; {
		status := fields[i]
		switch status[0] {
		case 'R', 'C':
			if i+2 >= len(fields) {
				return errorf("git diff --name-status ended early")
			}
			from, to := fields[i+1], fields[i+2]
			if status[0] == 'R' {
				c.gone[from] = to
			}
			c.before[to] = from
			i += 3
			continue
		case 'D':
			c.gone[fields[i+1]] = ""
		case 'A':
			c.added[fields[i+1]] = &File{whole: true}
		case 'M', 'T':
			c.before[fields[i+1]] = fields[i+1]
		}
		i += 2
	}
	return nil
}

// readHunks reads the lines each file's hunks added or modified: with
// no context, a hunk's new side is exactly those lines.
func (c *Change) readHunks() error {
	out, err := c.diff("-U0", "--src-prefix=a/", "--dst-prefix=b/")
	if err != nil {
		return err
	}
	var cur *File
	// A file's header runs from "diff --git" to its first hunk: only
	// there is "+++ " its name, and not an added line that starts "++ ".
	header := false
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, len(out)+1)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "diff --git "):
			cur, header = nil, true
		case header && strings.HasPrefix(line, "+++ "):
			// A name with a space ends in a tab, for patch(1).
			name, _ := unquote(strings.TrimSuffix(strings.TrimPrefix(line, "+++ "), "\t"))
			name, ok := strings.CutPrefix(name, "b/")
			if !ok {
				continue // /dev/null: deleted
			}
			if f := c.added[name]; f != nil {
				cur = f
			} else {
				cur = &File{}
				c.added[name] = cur
			}
		case strings.HasPrefix(line, "@@ "):
			header = false
			if cur == nil || cur.whole {
				continue
			}
			// git writes a file's hunks in the order of its lines, as
			// Touched's search needs them.
			if r, ok := hunk(line); ok {
				cur.ranges = append(cur.ranges, r)
			}
		}
	}
	return nil
}

// hunk reads the new side of a hunk header, "@@ -a,b +c,d @@": lines c
// to c+d-1; d is 1 when left out, and 0 for a hunk that only deletes.
func hunk(line string) (lineRange, bool) {
	_, rest, ok := strings.Cut(line, " +")
	if !ok {
		return lineRange{}, false
	}
	spec, _, _ := strings.Cut(rest, " ")
	start, count, hasCount := strings.Cut(spec, ",")
	first, err := strconv.Atoi(start)
	if err != nil {
		return lineRange{}, false
	}
	n := 1
	if hasCount {
		if n, err = strconv.Atoi(count); err != nil {
			return lineRange{}, false
		}
	}
	if n == 0 {
		return lineRange{}, false
	}
	return lineRange{first, first + n - 1}, true
}

// unquote undoes git's quoting of a path in a patch: a name with a
// control character, a '"' or a '\' (or, as configured, a non-ASCII
// byte) is written in double quotes, with C's escapes and octal bytes.
func unquote(s string) (string, bool) {
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return s, true
	}
	s = s[1 : len(s)-1]
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch s[i] {
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 't':
			b.WriteByte('\t')
		case 'n':
			b.WriteByte('\n')
		case 'v':
			b.WriteByte('\v')
		case 'f':
			b.WriteByte('\f')
		case 'r':
			b.WriteByte('\r')
		case '0', '1', '2', '3':
			if i+2 < len(s) {
				if v, err := strconv.ParseUint(s[i:i+3], 8, 8); err == nil {
					b.WriteByte(byte(v))
					i += 2
					continue
				}
			}
			return "", false
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String(), true
}

// Path is path's name from the repository's top level, slash-separated,
// or false when it lies outside the repository.
func (c *Change) Path(path string) (string, bool) {
	if rel, ok := below(c.top, path); ok {
		return rel, true
	}
	// The caller's path may name the repository through a symbolic link
	// that git resolved, or the other way round.
	if dir, err := filepath.EvalSymlinks(filepath.Dir(path)); err == nil {
		return below(c.physical, filepath.Join(dir, filepath.Base(path)))
	}
	return "", false
}

func below(top, path string) (string, bool) {
	rel, err := filepath.Rel(top, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// File is what the change did to the lines of the file at rel (from
// Path), or nil when it touched none of them.
func (c *Change) File(rel string) *File { return c.added[rel] }

// Removed says how the change took away what was at rel, a file or a
// directory: "deleted", "renamed to x.md", or, for a directory, "emptied
// of its files"; "" when nothing was there at Base.
func (c *Change) Removed(rel string) string {
	if to, ok := c.gone[rel]; ok {
		if to == "" {
			return "deleted"
		}
		return "renamed to " + to
	}
	prefix := strings.TrimSuffix(rel, "/") + "/"
	for p := range c.gone {
		if strings.HasPrefix(p, prefix) {
			return "emptied of its files" // deleted or moved
		}
	}
	return ""
}

// Before returns the content at Base of the file now at rel, and false
// when the change did not modify or rename it (its content is as it
// was, or it is new).
func (c *Change) Before(rel string) ([]byte, bool, error) {
	old, ok := c.before[rel]
	if !ok {
		return nil, false, nil
	}
	v, _ := c.blobs.LoadOrStore(old, &blob{})
	b := v.(*blob)
	b.once.Do(func() {
		b.data, b.err = c.git.run(c.physical, "cat-file", "blob", c.Base+":"+old)
	})
	return b.data, true, b.err
}

type blob struct {
	once sync.Once
	data []byte
	err  error
}

// run runs git with args in dir (g.Dir when ""), and returns its
// standard output; a failure carries what git printed.
func (g Git) run(dir string, args ...string) ([]byte, error) {
	bin, err := g.lookPath()
	if err != nil {
		return nil, err
	}
	if dir == "" {
		dir = g.Dir
	}
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	// Reading only: no index refresh written behind the user's back,
	// and no pager or prompt.
	cmd.Env = append(slices.Clip(g.Env), "GIT_OPTIONAL_LOCKS=0", "GIT_TERMINAL_PROMPT=0", "GIT_PAGER=cat", "LC_ALL=C")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return nil, &gitError{args: args, stderr: strings.TrimSpace(stderr.String()), err: ee}
		}
		return nil, err
	}
	return out, nil
}

type gitError struct {
	args   []string
	stderr string
	err    *exec.ExitError
}

func (e *gitError) Error() string {
	return fmt.Sprintf("git %s: %v: %s", strings.Join(e.args, " "), e.err, e.stderr)
}
func (e *gitError) Unwrap() error { return e.err }

// lookPath finds git in the PATH of g.Env, not the process's.
func (g Git) lookPath() (string, error) {
	path := ""
	for _, kv := range g.Env {
		if v, ok := strings.CutPrefix(kv, "PATH="); ok {
			path = v
		}
	}
	for _, dir := range filepath.SplitList(path) {
		if dir == "" {
			dir = "."
		}
		p := filepath.Join(dir, "git")
		if info, err := os.Stat(p); err == nil && !info.IsDir() && info.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", errorf("needs git: there is no git on PATH")
}
