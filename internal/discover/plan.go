package discover

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/uritool/uritool/internal/extract"
)

// Options are what discovery needs from the command line and the
// environment.
type Options struct {
	// Dir is the working directory, absolute; relative arguments are
	// relative to it.
	Dir string
	// Exclude are the regular expressions of URIs to skip (--exclude),
	// in every repository.
	Exclude []string
	// ExcludePath are path patterns in gitignore syntax (--exclude-path),
	// as if in a .gitignore in Dir, for walked and named files alike. A
	// file or directory outside Dir has no path relative to it: only the
	// patterns without a "/" but at the end match it, by its name (a
	// named file's or directory's, or that of an entry of a walk).
	ExcludePath []string
	// NoGitignore walks into what the repository's .gitignore files and
	// .git/info/exclude ignore.
	NoGitignore bool
	// Known says which files a directory walk takes; nil is
	// extract.Known.
	Known func(path string) bool
}

// ErrDir is an Options.Dir that is not absolute: discovery does not read
// the process's working directory behind its caller's back.
var ErrDir = errors.New("discover: Options.Dir is not an absolute path")

// PathPatternError is a pattern of --exclude-path that gitignore syntax
// does not read.
type PathPatternError struct {
	Pattern string
	Err     error
}

func (e *PathPatternError) Error() string { return fmt.Sprintf("%q: %v", e.Pattern, e.Err) }
func (e *PathPatternError) Unwrap() error { return e.Err }

// IgnoreFileError is a .uritoolignore that cannot be read (Line 0) or
// has a bad pattern on Line.
type IgnoreFileError struct {
	Path string
	Line int
	Err  error
}

func (e *IgnoreFileError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %v", e.Path, e.Err)
	}
	return fmt.Sprintf("%s:%d: %v", e.Path, e.Line, e.Err)
}
func (e *IgnoreFileError) Unwrap() error { return e.Err }

// Plan is what lint reads: the files, and for each the URIs to exclude
// and the root of its repository.
type Plan struct {
	// Files are the files to read, in order: a named file as given ("-"
	// and files that do not exist included, for the stream to report), a
	// directory replaced by the files below it, joined to the argument as
	// written.
	Files []string

	dir      string
	base     *Excluder
	of       map[string]place
	excluded int
}

// place is where a file of Files belongs.
type place struct {
	root string
	x    *Excluder
}

// Excluder gives the URIs to skip in file, a name in Files: those of
// --exclude and of the .uritoolignore of its repository (whose path:
// lines Discover has applied). A name not in Files gets --exclude's
// alone. Never nil.
func (p *Plan) Excluder(file string) *Excluder {
	if pl, ok := p.of[file]; ok {
		return pl.x
	}
	return p.base
}

// Excludes reports whether Excluder excludes anything for any file: with
// no --exclude and no .uritoolignore that lists URIs, lint checks each
// input without asking.
func (p *Plan) Excludes() bool {
	if !p.base.Empty() {
		return true
	}
	for _, pl := range p.of {
		if !pl.x.Empty() {
			return true
		}
	}
	return false
}

// Root gives the absolute path of the repository root of file, a name in
// Files: the nearest directory at or above it holding .git. With no
// repository it is Dir when the file (for a walked one, the directory
// walked) lies at or below Dir, else the file's directory (the directory
// walked). "-" and names not in Files give Dir.
func (p *Plan) Root(file string) string {
	if pl, ok := p.of[file]; ok {
		return pl.root
	}
	return p.dir
}

// Excluded counts the arguments, named files and directories, that path
// patterns dropped, so that the summary can say why they are missing.
func (p *Plan) Excluded() int { return p.excluded }

// repo is a repository, or the directory standing for one where there
// is none, with what its .uritoolignore says.
type repo struct {
	root  string
	git   bool // root holds .git: .gitignore files apply
	x     *Excluder
	paths rules // the "path:" lines, relative to root
}

// discoverer holds what one Discover call has learnt.
type discoverer struct {
	o       Options
	dir     string
	base    *Excluder
	exclude rules // --exclude-path, relative to dir
	outside rules // its patterns that apply outside dir
	known   func(string) bool
	repos   map[string]*repo // by root: each .uritoolignore is read once
	repoOf  map[string]*repo // by the directory searched from
	plan    *Plan
}

// Discover resolves args, the arguments of lint, into a Plan. Each
// argument's repository is the one holding it, not the working
// directory's. A directory is walked in lexical order, passing over
// hidden files and directories (but the directory named), symbolic
// links, files that Known refuses, and what .gitignore files (unless
// NoGitignore), the repository's "path:" lines and ExcludePath exclude.
// A named file is dropped only by those path patterns, never by a
// .gitignore, since naming it says it is wanted.
func Discover(o Options, args []string) (*Plan, error) {
	if !filepath.IsAbs(o.Dir) {
		return nil, ErrDir
	}
	base, err := compile(o.Exclude)
	if err != nil {
		return nil, err
	}
	d := &discoverer{o: o, dir: filepath.Clean(o.Dir), base: base, known: o.Known,
		repos: map[string]*repo{}, repoOf: map[string]*repo{}}
	if d.known == nil {
		d.known = extract.Known
	}
	for _, s := range o.ExcludePath {
		r, err := parseRule(s, nil)
		if err != nil {
			return nil, &PathPatternError{s, err}
		}
		d.exclude = append(d.exclude, r)
	}
	d.outside = d.exclude.unanchored()
	d.plan = &Plan{dir: d.dir, base: base, of: map[string]place{}}
	for _, a := range args {
		if err := d.arg(a); err != nil {
			return nil, err
		}
	}
	return d.plan, nil
}

func (d *discoverer) add(name string, pl place) {
	d.plan.Files = append(d.plan.Files, name)
	d.plan.of[name] = pl
}

func (d *discoverer) arg(a string) error {
	if a == "-" {
		// Standard input has no place: it takes the working directory's
		// repository's exclusions, as lint always did.
		r, err := d.repo(d.dir)
		if err != nil {
			return err
		}
		d.add(a, place{d.dir, r.x})
		return nil
	}
	abs := a
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(d.dir, abs)
	}
	abs = filepath.Clean(abs)
	info, err := os.Stat(abs) // a link named is followed
	if err == nil && info.IsDir() {
		return d.walk(a, abs)
	}
	r, err := d.repo(filepath.Dir(abs))
	if err != nil {
		return err
	}
	if d.dropped(r, abs, false) {
		d.plan.excluded++
		return nil
	}
	d.add(a, place{r.root, r.x})
	return nil
}

// dropped reports whether the path patterns exclude abs, named on the
// command line, or a directory above it.
func (d *discoverer) dropped(r *repo, abs string, dir bool) bool {
	if rel, ok := relative(r.root, abs); ok && r.paths.under(rel, dir) {
		return true
	}
	if rel, ok := relative(d.dir, abs); ok {
		return d.exclude.under(rel, dir)
	}
	return d.outside.excludes([]string{filepath.Base(abs)}, dir)
}

// excludedBy reports whether --exclude-path excludes abs itself, an
// entry of a walk.
func (d *discoverer) excludedBy(abs string, dir bool) bool {
	if len(d.exclude) == 0 {
		return false
	}
	if rel, ok := relative(d.dir, abs); ok {
		return d.exclude.excludes(rel, dir)
	}
	return d.outside.excludes([]string{filepath.Base(abs)}, dir)
}

// relative splits the path of abs below root into names (none for root
// itself), or reports that abs is not at or below root.
func relative(root, abs string) ([]string, bool) {
	rel, err := filepath.Rel(root, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil, false
	}
	if rel == "." {
		return nil, true
	}
	return strings.Split(filepath.ToSlash(rel), "/"), true
}

// isRepo reports whether dir is the root of a repository: a .git
// directory, or a .git file as in a worktree or submodule.
func isRepo(dir string) bool {
	_, err := os.Lstat(filepath.Join(dir, ".git"))
	return err == nil
}

// repo finds the repository of what is in dir, or the directory standing
// for it: Dir when dir lies at or below it, else dir.
func (d *discoverer) repo(dir string) (*repo, error) {
	if r, ok := d.repoOf[dir]; ok {
		return r, nil
	}
	root, git := "", false
	for up := dir; ; {
		if isRepo(up) {
			root, git = up, true
			break
		}
		parent := filepath.Dir(up)
		if parent == up {
			break
		}
		up = parent
	}
	if !git {
		root = dir
		if _, ok := relative(d.dir, dir); ok {
			root = d.dir
		}
	}
	r, err := d.load(root, git)
	if err != nil {
		return nil, err
	}
	d.repoOf[dir] = r
	return r, nil
}

// load reads the .uritoolignore of a repository, once.
func (d *discoverer) load(root string, git bool) (*repo, error) {
	if r, ok := d.repos[root]; ok {
		return r, nil
	}
	r := &repo{root: root, git: git, x: d.base}
	if err := r.readIgnoreFile(); err != nil {
		return nil, err
	}
	d.repos[root] = r
	return r, nil
}

// readIgnoreFile reads the .uritoolignore at the root, if any: a line is
// a regular expression of URIs to skip or, after "path:", a path pattern
// relative to the root.
func (r *repo) readIgnoreFile() error {
	path := filepath.Join(r.root, IgnoreFile)
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return &IgnoreFileError{path, 0, err}
	}
	defer f.Close()
	var res []*regexp.Regexp
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if p, ok := strings.CutPrefix(line, "path:"); ok {
			rl, err := parseRule(strings.TrimSpace(p), nil)
			if err != nil {
				return &IgnoreFileError{path, n, err}
			}
			r.paths = append(r.paths, rl)
			continue
		}
		re, err := regexp.Compile(line)
		if err != nil {
			return &IgnoreFileError{path, n, err}
		}
		res = append(res, re)
	}
	if err := sc.Err(); err != nil {
		return &IgnoreFileError{path, 0, err}
	}
	if len(res) > 0 {
		r.x = &Excluder{res: append(slices.Clip(r.x.res), res...)}
	}
	return nil
}

// walk adds the files below abs, named on the command line as a.
func (d *discoverer) walk(a, abs string) error {
	r, err := d.repo(abs)
	if err != nil {
		return err
	}
	if d.dropped(r, abs, true) {
		d.plan.excluded++
		return nil
	}
	rel, _ := relative(r.root, abs)
	var git rules
	if r.git && !d.o.NoGitignore {
		// The .gitignore files above the directory walked apply to it,
		// though it is walked even where they ignore it.
		if git, err = readGitignores(r.root, rel); err != nil {
			return err
		}
	}
	return d.walkDir(r, git, a, abs, rel)
}

// readGitignores reads .git/info/exclude and the .gitignore files from
// the root of a repository down to rel, in ascending priority.
func readGitignores(root string, rel []string) (rules, error) {
	var rs rules
	var err error
	if info, e := os.Stat(filepath.Join(root, ".git")); e == nil && info.IsDir() {
		// A .git file points elsewhere; its info/exclude is passed over.
		if rs, err = readGitignore(rs, filepath.Join(root, ".git", "info", "exclude"), nil); err != nil {
			return nil, err
		}
	}
	for i := 0; i <= len(rel); i++ {
		dir := filepath.Join(append([]string{root}, rel[:i]...)...)
		if rs, err = readGitignore(rs, filepath.Join(dir, ".gitignore"), slices.Clone(rel[:i])); err != nil {
			return nil, err
		}
	}
	return rs, nil
}

// walkDir adds the files below abs, written out, in repository r, where
// abs is rel and git holds the .gitignore patterns that apply.
func (d *discoverer) walkDir(r *repo, git rules, out, abs string, rel []string) error {
	entries, err := os.ReadDir(abs)
	if err != nil {
		return err
	}
	for _, e := range entries {
		name := e.Name()
		dir := e.IsDir()
		if strings.HasPrefix(name, ".") || !dir && !e.Type().IsRegular() {
			continue
		}
		cout, cabs := filepath.Join(out, name), filepath.Join(abs, name)
		if !dir && !d.known(cout) {
			continue
		}
		crel := append(slices.Clip(rel), name)
		if r.paths.excludes(crel, dir) || git.excludes(crel, dir) || d.excludedBy(cabs, dir) {
			continue
		}
		if !dir {
			d.add(cout, place{r.root, r.x})
			continue
		}
		cr, cgit := r, git
		if isRepo(cabs) {
			// A repository inside another is one of its own, as git
			// treats it: its root, ignore files and .uritoolignore.
			if cr, err = d.load(cabs, true); err != nil {
				return err
			}
			crel, cgit = nil, nil
			if !d.o.NoGitignore {
				if cgit, err = readGitignores(cabs, nil); err != nil {
					return err
				}
			}
		} else if r.git && !d.o.NoGitignore {
			if cgit, err = readGitignore(git, filepath.Join(cabs, ".gitignore"), crel); err != nil {
				return err
			}
		}
		if err := d.walkDir(cr, cgit, cout, cabs, crel); err != nil {
			return err
		}
	}
	return nil
}
