// Package discover finds what lint reads: the files below the directories
// it is given, and the URIs a repository excludes in .uritoolignore or
// --exclude.
package discover

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
	"github.com/uritool/uritool/internal/extract"
)

// IgnoreFile holds the exclusions of a repository, one regular expression
// a line, "#" starting a comment.
const IgnoreFile = ".uritoolignore"

// Excluder drops the URIs that --exclude or .uritoolignore match. A nil
// Excluder excludes nothing.
type Excluder struct {
	res []*regexp.Regexp
	// Paths are the "path:" lines of .uritoolignore, for the walk.
	Paths Paths
}

// Match reports whether s is excluded.
func (x *Excluder) Match(s string) bool {
	if x == nil {
		return false
	}
	for _, re := range x.res {
		if re.MatchString(s) {
			return true
		}
	}
	return false
}

// PatternError is a pattern of --exclude that is no regular expression.
type PatternError struct {
	Pattern string
	Err     error
}

func (e *PatternError) Error() string { return fmt.Sprintf("%q: %v", e.Pattern, e.Err) }
func (e *PatternError) Unwrap() error { return e.Err }

// Compile compiles the patterns of --exclude.
func Compile(patterns []string) (*Excluder, error) {
	x := &Excluder{}
	for _, p := range patterns {
		re, err := regexp.Compile(p)
		if err != nil {
			return nil, &PatternError{p, err}
		}
		x.res = append(x.res, re)
	}
	return x, nil
}

// ReadIgnoreFile adds the patterns of the .uritoolignore in dir: a line
// is a regular expression of URIs to skip, or, after "path:", a path
// pattern in gitignore syntax of files not to walk into. A missing file
// is fine, a bad pattern an error naming FILE:LINE.
func (x *Excluder) ReadIgnoreFile(dir string) error {
	path := filepath.Join(dir, IgnoreFile)
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("%s: %v", IgnoreFile, err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if p, ok := strings.CutPrefix(line, "path:"); ok {
			if err := x.Paths.Add(strings.TrimSpace(p)); err != nil {
				return fmt.Errorf("%s:%d: %v", path, n, err)
			}
			continue
		}
		re, err := regexp.Compile(line)
		if err != nil {
			return fmt.Errorf("%s:%d: %v", path, n, err)
		}
		x.res = append(x.res, re)
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	return nil
}

// RepositoryRoot is the nearest directory up from the working directory
// that holds .git, or the working directory.
func RepositoryRoot() string {
	wd, err := os.Getwd()
	if err != nil {
		return "."
	}
	for dir := wd; ; {
		if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return wd
		}
		dir = parent
	}
}

// Paths holds the path patterns, in gitignore syntax, of the files a
// directory walk passes over: --exclude-path and the "path:" lines of
// .uritoolignore. Patterns are relative to the directory the walk
// starts from, as a .gitignore's are to its own directory.
type Paths struct {
	patterns []gitignore.Pattern
	matcher  gitignore.Matcher
}

// Add reads one pattern in gitignore syntax (gitignore(5)): "*.min.html",
// "vendor/", "/build", "docs/**/draft-*.md", "!keep.md".
func (p *Paths) Add(pattern string) error {
	if strings.TrimSpace(pattern) == "" {
		return errors.New("empty path pattern")
	}
	p.patterns = append(p.patterns, gitignore.ParsePattern(pattern, nil))
	p.matcher = gitignore.NewMatcher(p.patterns)
	return nil
}

// excluded reports whether path, relative to the walk's root, is
// passed over; the last pattern that matches decides, as in git.
func (p *Paths) excluded(rel string, dir bool) bool {
	if p == nil || len(p.patterns) == 0 {
		return false
	}
	return p.matcher.Match(strings.Split(filepath.ToSlash(rel), "/"), dir)
}

// Files replaces each directory argument by the files below it that lint
// knows (Markdown, HTML, .txt), in lexical order, skipping hidden files
// and directories and those that exclude matches; symbolic links are not
// followed. Other arguments stay as they are, a file named on the command
// line included: the stream reports what cannot be read in its place.
func Files(args []string, exclude *Paths) ([]string, error) {
	var files []string
	for _, a := range args {
		info, err := os.Stat(a)
		if a == "-" || err != nil || !info.IsDir() {
			files = append(files, a)
			continue
		}
		err = filepath.WalkDir(a, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			hidden := path != a && strings.HasPrefix(d.Name(), ".")
			rel, _ := filepath.Rel(a, path)
			switch {
			case path != a && exclude.excluded(rel, d.IsDir()):
				if d.IsDir() {
					return filepath.SkipDir
				}
			case d.IsDir() && hidden:
				return filepath.SkipDir
			case !d.IsDir() && !hidden && d.Type().IsRegular() && extract.Known(path):
				files = append(files, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return files, nil
}
