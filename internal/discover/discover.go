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

	"github.com/uritool/uritool/internal/extract"
)

// IgnoreFile holds the exclusions of a repository, one regular expression
// a line, "#" starting a comment.
const IgnoreFile = ".uritoolignore"

// Excluder drops the URIs that --exclude or .uritoolignore match. A nil
// Excluder excludes nothing.
type Excluder struct{ res []*regexp.Regexp }

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

// ReadIgnoreFile adds the patterns of the .uritoolignore in dir; a missing
// file is fine, a bad pattern an error naming FILE:LINE.
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

// Files replaces each directory argument by the files below it that lint
// knows (Markdown, HTML, .txt), in lexical order, skipping hidden files
// and directories; symbolic links are not followed. Other arguments stay
// as they are: the stream reports what cannot be read in its place.
func Files(args []string) ([]string, error) {
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
			switch {
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
