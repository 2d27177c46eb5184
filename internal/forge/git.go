package forge

import (
	"bufio"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Remotes returns the URLs of the remotes of the git repository whose
// working tree is root, in the order its config file gives them: none
// where root holds no repository. The file is read as it is, without the
// git program: a worktree's or a submodule's ".git" file leads to its
// git directory, and a worktree's git directory to the config it shares.
func Remotes(root string) ([]string, error) {
	dir, err := gitDir(root)
	if dir == "" || err != nil {
		return nil, err
	}
	if common, err := os.ReadFile(filepath.Join(dir, "commondir")); err == nil {
		c := strings.TrimSpace(string(common))
		if !filepath.IsAbs(c) {
			c = filepath.Join(dir, c)
		}
		dir = c
	}
	f, err := os.Open(filepath.Join(dir, "config"))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	defer f.Close()
	return remoteURLs(f)
}

// gitDir returns the git directory of the working tree at root, or "".
func gitDir(root string) (string, error) {
	p := filepath.Join(root, ".git")
	info, err := os.Stat(p)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", nil
	case err != nil:
		return "", err
	case info.IsDir():
		return p, nil
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return "", err
	}
	d, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir:")
	if !ok {
		return "", nil
	}
	if d = strings.TrimSpace(d); !filepath.IsAbs(d) {
		d = filepath.Join(root, d)
	}
	return d, nil
}

// remoteURLs reads the "url" of each [remote "NAME"] section of a git
// config file (git-config(1), "Configuration file"): section and key
// names by any case, values with quotes, escapes and comments.
func remoteURLs(r io.Reader) ([]string, error) {
	var urls []string
	inRemote := false
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "[") {
			header, _, _ := strings.Cut(line[1:], "]")
			name, _, _ := strings.Cut(strings.TrimSpace(header), " ")
			// [remote "origin"], or the old [remote.origin].
			name, _, _ = strings.Cut(name, ".")
			inRemote = strings.EqualFold(name, "remote")
			continue
		}
		key, value, ok := strings.Cut(line, "=")
		if inRemote && ok && strings.EqualFold(strings.TrimSpace(key), "url") {
			if v := configValue(value); v != "" {
				urls = append(urls, v)
			}
		}
	}
	return urls, sc.Err()
}

// configValue is a config value as git reads it: blanks outside quotes
// trimmed, quotes removed, \" \\ \n \t undone, a "#" or ";" outside
// quotes starting a comment.
func configValue(s string) string {
	var b strings.Builder
	quoted := false
	pending := "" // blanks outside quotes, kept only before more text
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			quoted = !quoted
			continue
		case c == '\\' && i+1 < len(s):
			i++
			switch c = s[i]; c {
			case 'n':
				c = '\n'
			case 't':
				c = '\t'
			case 'b':
				c = '\b'
			}
		case !quoted && (c == '#' || c == ';'):
			return b.String()
		case !quoted && (c == ' ' || c == '\t'):
			if b.Len() > 0 {
				pending += string(c)
			}
			continue
		}
		b.WriteString(pending)
		pending = ""
		b.WriteByte(c)
	}
	return b.String()
}
