// Package target tells whether a reference found in a document leads
// somewhere: it resolves the reference against the document's base (RFC
// 3986 section 5), and when the target lies in the checked tree, looks
// it up on disk, and its fragment up among the target's anchors. It
// never touches the network: a target outside the tree is not its
// business.
//
// A Tree is shared by every worker of a run. What it learns of the disk
// (a directory's names, a document's anchors) it learns once, lazily,
// the first time a reference needs it, and keeps for the others: each
// cache entry is built under its own sync.Once, so that workers wait only
// for the entry they need, and memory grows with the names and anchors
// looked at, not with the documents' contents.
package target

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/uritool/uritool/internal/anchor"
	"github.com/uritool/uritool/internal/extract"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/forge"
	"github.com/uritool/uritool/internal/nearest"
	"github.com/uritool/uritool/internal/pct"
	"github.com/uritool/uritool/pkg/uri"
)

// Rule ids of the findings a Tree makes.
const (
	RuleMissingTarget   = "missing-target"
	RuleTargetCase      = "target-case"
	RuleOutsideRoot     = "outside-root"
	RuleMissingFragment = "missing-fragment"
	RuleFragmentCase    = "fragment-case"
)

// Options say where a tree is and how it is published.
type Options struct {
	// BaseURL is where the tree's root is published
	// ("https://docs.example.com/"): references into it, site-absolute
	// ("/guide/x") or whole, are looked up as files. Without it, a
	// site-absolute reference is rooted at the document's root.
	BaseURL string
	// IndexFiles, when set, are the names one of which a directory
	// target must hold (index.html, README.md); a fragment on a
	// directory names an anchor of the first one found. Without them a
	// directory is a target as it is, and its README holds its anchors.
	IndexFiles []string
	// Fragments turns the check of fragments on.
	Fragments bool
	// FallbackExtensions are tried, in order, for a target that does not
	// exist: "x.html" or "x/" is found as "x.md" with "md", as site
	// generators (mdBook, Jekyll) publish them.
	FallbackExtensions []string
	// StaticDirs are directories whose files a site serves at its
	// root, laid over the tree (Hugo's and Docusaurus' static/, Next.js'
	// and VitePress' public/): a target the tree lacks is looked up
	// below each, in order. Each is an absolute path.
	StaticDirs []string
	// Slugs is how the site makes a Markdown heading's anchor.
	Slugs anchor.SlugRule
}

// Tree checks the references of the documents below roots.
type Tree struct {
	opts     Options
	baseURL  uri.URI
	baseSegs []string // the base URL's path, in segments
	hasBase  bool
	dirs     sync.Map // directory path → *dirEntry
	docs     sync.Map // document path → *docEntry
}

// New returns a Tree; BaseURL must be an absolute URI.
func New(opts Options) (*Tree, error) {
	t := &Tree{opts: opts}
	if opts.BaseURL != "" {
		u, err := uri.ParseRule(opts.BaseURL, uri.RuleURI)
		if err != nil {
			return nil, fmt.Errorf("base URL %q: %v", opts.BaseURL, err)
		}
		if _, ok := u.Authority(); !ok {
			return nil, fmt.Errorf("base URL %q has no authority (want something like https://docs.example.com/)", opts.BaseURL)
		}
		if !strings.HasSuffix(u.Path(), "/") {
			// The root is a directory: "https://x/docs" publishes
			// "https://x/docs/a.md", not "https://x/a.md".
			u, _ = uri.ParseRule(opts.BaseURL+"/", uri.RuleURI)
		}
		t.baseURL, t.baseSegs, t.hasBase = u, segments(u.Path()), true
	}
	return t, nil
}

// Published reports whether whole URLs in d may lead into the tree: the
// tree has a base URL, or d's repository is published on a forge.
func (t *Tree) Published(d *Doc) bool { return t.hasBase || d.Repo.Published() }

// Doc is a document whose references are checked. It is read-only once
// made, so workers may share one.
type Doc struct {
	// Path is the document's path, absolute.
	Path string
	// Root is the root of its tree, absolute: no reference may climb
	// above it.
	Root string

	// What every reference of the document needs: its file: URI and its
	// root's segments.
	own      uri.URI
	rootSegs []string
	// An AsciiDoc page of an Antora module: the directories its pages
	// and its images are looked up in, as file: URIs.
	pages, images uri.URI
	antora        bool
	// A reStructuredText document of a Sphinx project: the source
	// directory, where conf.py stands, that "/name" is rooted at.
	source string

	// Repo is the repository the document lies in, when it is published
	// on a forge: a link to one of its files there, at a branch of the
	// working tree, is looked up in the working tree. Its maker sets it,
	// or leaves it nil.
	Repo *forge.Repo
}

// NewDoc returns the document at path, absolute, in the tree below root.
func NewDoc(path, root string) *Doc {
	d := &Doc{Path: path, Root: root, own: uri.MustParse(fileURI(path)), rootSegs: segments(filepath.ToSlash(root))}
	if extract.TypeOf(path) == extract.RST {
		d.source = sphinxSource(path, root)
	}
	if module, ok := antoraModule(path, root); ok {
		d.pages, d.images, d.antora = uri.MustParse(fileURI(module+"/pages")+"/"), uri.MustParse(fileURI(module+"/images")+"/"), true
	}
	return d
}

// antoraModule returns the module directory of an AsciiDoc file that
// lies in an Antora component, COMPONENT/modules/NAME/..., where
// COMPONENT holds antora.yml: Antora looks an xref's page up in the
// module's pages, and an image in its images, not beside the file.
func antoraModule(file, root string) (string, bool) {
	if extract.TypeOf(file) != extract.AsciiDoc {
		return "", false
	}
	for dir := filepath.ToSlash(filepath.Dir(file)); len(dir) >= len(filepath.ToSlash(root)); {
		parent := path.Dir(dir)
		if path.Base(parent) == "modules" {
			if _, err := os.Stat(filepath.FromSlash(path.Dir(parent) + "/antora.yml")); err == nil {
				return dir, true
			}
		}
		if parent == dir {
			break
		}
		dir = parent
	}
	return "", false
}

// sphinxSource returns the nearest directory up from file, no higher than
// root, that holds conf.py: a Sphinx project's source directory. It
// returns root when there is none.
func sphinxSource(file, root string) string {
	for dir := filepath.Dir(file); ; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "conf.py")); err == nil {
			return dir
		}
		if len(dir) <= len(root) || filepath.Dir(dir) == dir {
			return root
		}
	}
}

// CheckResource is Check for a reference to a resource of a family: in
// an Antora module, a page's or an image's is looked up in the module's
// pages or images, unless it starts with "./" or "../", relative to the
// document as any other; a Sphinx document named from its source
// directory is rooted there.
func (t *Tree) CheckResource(dst []finding.Finding, d *Doc, ref string, family extract.Family) []finding.Finding {
	if family == extract.SourceFamily && d.source != "" && strings.HasPrefix(ref, "/") {
		// "/name" is the source directory's "./name".
		in := *d
		in.own = uri.MustParse(fileURI(d.source) + "/")
		n := len(dst)
		dst = t.check(dst, &in, "."+ref, true)
		for i := n; i < len(dst); i++ {
			dst[i].Offset = max(dst[i].Offset-1, 0)
		}
		return dst
	}
	if !d.antora || strings.HasPrefix(ref, "./") || strings.HasPrefix(ref, "../") || strings.HasPrefix(ref, "/") {
		return t.check(dst, d, ref, true)
	}
	in := *d
	if family == extract.ImageFamily {
		in.own = d.images
	} else {
		in.own = d.pages
	}
	return t.check(dst, &in, ref, true)
}

// Check appends to dst what is wrong with where ref, a valid URI (or,
// under --iri, IRI) reference found in d (made by NewDoc), leads.
// Offsets are ref's.
func (t *Tree) Check(dst []finding.Finding, d *Doc, ref string) []finding.Finding {
	return t.check(dst, d, ref, true)
}

// CheckBase is Check for the href of an HTML page's <base> element,
// which resolves against the page's own URI, not against itself.
func (t *Tree) CheckBase(dst []finding.Finding, d *Doc, ref string) []finding.Finding {
	return t.check(dst, d, ref, false)
}

func (t *Tree) check(dst []finding.Finding, d *Doc, ref string, withBase bool) []finding.Finding {
	// The checker has held ref to its grammar, an IRI's under --iri:
	// the IRI grammar reads both.
	r, err := uri.ParseRule(ref, uri.RuleIRIReference)
	if err != nil {
		return dst
	}
	pathAt, _, _ := r.Span(uri.ComponentPath)
	w, anchors := t.site(d), true
	var (
		local []string
		ok    bool
		f     *finding.Finding
	)
	if l, repo := d.Repo.Locate(&r); repo {
		w, local, ok, anchors = t.forge(d), l.Path, true, l.Anchors
		pathAt += l.Offset
	} else {
		local, ok, f = t.locate(d, &r, withBase)
	}
	if f != nil {
		return append(dst, *f)
	}
	if !ok {
		return dst
	}
	found, f := t.find(w, local, pathAt)
	if f != nil {
		return append(dst, *f)
	}
	if frag, ok := r.Fragment(); ok && anchors && t.opts.Fragments && frag != "" {
		at, _, _ := r.Span(uri.ComponentFragment)
		if f := t.fragment(d, w, found, uri.PercentDecode(frag), at); f != nil {
			dst = append(dst, *f)
		}
	}
	return dst
}

// way is how a reference's target is looked up and its anchors named: as
// the site publishes the tree, or as the forge shows the repository.
type way struct {
	root  string // the directory the target's path is below
	site  bool   // fallback extensions, static directories and index files apply
	slugs anchor.SlugRule
	where string // where a missing target is missing, for messages: "" or " in this repository"
}

// site is the way of d's references into its tree.
func (t *Tree) site(d *Doc) way { return way{root: d.Root, site: true, slugs: t.opts.Slugs} }

// forge is the way of d's links to its repository's files on the forge,
// which shows them as they are, a Markdown heading's anchor by GitHub's
// rule.
func (t *Tree) forge(d *Doc) way {
	return way{root: d.Repo.Root, slugs: anchor.GitHubSlugs, where: " in this repository"}
}

// wayOf is the way of r, a reference in d, and whether its fragment
// names an anchor lint knows.
func (t *Tree) wayOf(d *Doc, r *uri.URI) (way, bool) {
	if d == nil {
		return way{site: true, slugs: t.opts.Slugs}, true
	}
	if l, ok := d.Repo.Locate(r); ok {
		return t.forge(d), l.Anchors
	}
	return t.site(d), true
}

// locate resolves ref in d and returns the segments of its target's path
// below d's root, percent-decoded; ok is false when the target lies
// outside the tree (another host, mailto:), which is not checked here.
func (t *Tree) locate(d *Doc, ref *uri.URI, withBase bool) (segs []string, ok bool, f *finding.Finding) {
	_, hasScheme := ref.Scheme()
	_, hasAuthority := ref.Authority()
	p := ref.Path()
	switch {
	case hasScheme || hasAuthority || strings.HasPrefix(p, "/") && t.hasBase:
		// Whole URLs, and site-absolute ones on a published tree,
		// resolve against the document's published URL; what lands
		// under the base URL is a file of the tree.
		if !t.hasBase {
			return nil, false, nil
		}
		rel, err := filepath.Rel(d.Root, d.Path)
		if err != nil {
			return nil, false, nil
		}
		docURL, err := uri.Resolve(t.baseURL, uri.MustParse(escapePath(filepath.ToSlash(rel))))
		if err != nil {
			return nil, false, nil
		}
		target, err := uri.Resolve(docURL, *ref)
		if err != nil {
			return nil, false, nil
		}
		segs, under := t.published(target)
		return segs, under, nil
	case strings.HasPrefix(p, "/"):
		// A site-absolute reference without a base URL is rooted at the
		// tree's root, as GitHub roots it at the repository's; its
		// dot-segments stop at that root, as at any path's (5.2.4).
		return segments(uri.RemoveDotSegments(p)), true, nil
	}
	base := d.own
	if withBase {
		if b, ok := t.htmlBase(d); ok {
			// An HTML document's <base href> comes before its own URI
			// (5.1.1); what it points to outside the tree is not
			// checked.
			base = b
		}
	}
	target, err := uri.Resolve(base, *ref)
	if err != nil {
		return nil, false, nil
	}
	if scheme, _ := target.Scheme(); !strings.EqualFold(scheme, "file") {
		segs, under := t.published(target)
		return segs, under, nil
	}
	return t.inside(d, target)
}

// published returns the segments of target below the base URL, and
// whether it lies there: a file of a published tree.
func (t *Tree) published(target uri.URI) ([]string, bool) {
	if !t.hasBase || !sameOrigin(target, t.baseURL) {
		return nil, false
	}
	return below(segments(target.Path()), t.baseSegs)
}

// htmlBase is the base URI of an HTML document that has a <base href>:
// the href resolved against the document's own URI, once per document.
func (t *Tree) htmlBase(d *Doc) (uri.URI, bool) {
	if extract.TypeOf(d.Path) != extract.HTML {
		return uri.URI{}, false
	}
	e := t.doc(d.Path)
	e.baseOnce.Do(func() {
		set, err := e.anchors(extract.HTML, t.opts.Slugs)
		if err != nil {
			return
		}
		href, ok := set.Base()
		if !ok {
			return
		}
		if ref, err := uri.Parse(href); err == nil {
			e.base, err = uri.Resolve(d.own, ref)
			e.hasBase = err == nil
		}
	})
	return e.base, e.hasBase
}

// inside returns the segments of target, a file: URI, below d's root, or
// an outside-root finding.
func (t *Tree) inside(d *Doc, target uri.URI) ([]string, bool, *finding.Finding) {
	segs, under := below(segments(target.Path()), d.rootSegs)
	if !under {
		return nil, false, &finding.Finding{Severity: finding.Error, Rule: RuleOutsideRoot,
			Message: `".." climbs above the root of the checked tree (the repository's, or --root-dir)`}
	}
	return segs, true, nil
}

// sameOrigin reports whether a and b have the same scheme and authority,
// as section 6.2.2.1 compares them: case-insensitively.
func sameOrigin(a, b uri.URI) bool {
	as, _ := a.Scheme()
	bs, _ := b.Scheme()
	aa, _ := a.Authority()
	ba, _ := b.Authority()
	return strings.EqualFold(as, bs) && strings.EqualFold(aa, ba)
}

// segments splits a URI path into its segments, percent-decoded (section
// 2.1), without the empty one before a leading "/". A path that ends in
// "/" ends in an empty segment: a directory.
func segments(p string) []string {
	p = strings.TrimPrefix(p, "/")
	if p == "" {
		return nil
	}
	segs := strings.Split(p, "/")
	for i, s := range segs {
		segs[i] = uri.PercentDecode(s)
	}
	return segs
}

// below returns the segments of segs after prefix, the segments of a
// directory (a trailing empty one aside), and whether segs lies there.
func below(segs, prefix []string) ([]string, bool) {
	if n := len(prefix); n > 0 && prefix[n-1] == "" {
		prefix = prefix[:n-1]
	}
	if len(segs) < len(prefix) || !slices.Equal(segs[:len(prefix)], prefix) {
		return nil, false
	}
	return segs[len(prefix):], true
}

// fileURI is the file: URI of an absolute path (RFC 8089), its segments
// percent-encoded where they hold what a segment may not.
func fileURI(p string) string {
	return "file://" + escapePath(filepath.ToSlash(p))
}

// escapePath percent-encodes what a path may not hold (section 3.3:
// pchar and "/"), so that any file name is a path.
func escapePath(p string) string {
	s := pct.Encode(pct.Path, p)
	if first, _, _ := strings.Cut(s, "/"); strings.Contains(first, ":") {
		s = "./" + s // a first segment with ':' would read as a scheme (4.2)
	}
	return s
}

// display is a path below the root as a message shows it.
func display(segs []string) string {
	if len(segs) == 0 {
		return "./"
	}
	s := path.Join(segs...)
	if segs[len(segs)-1] == "" {
		s += "/"
	}
	return s
}

// found is a target that exists: its path on disk, and whether it is a
// directory.
type found struct {
	path string
	dir  bool
}

// find looks the target up below w's root, then, for a site, below each
// static directory; where all lack it, the finding is the root's. A
// target found in a static directory in another case only is that
// directory's target-case finding.
func (t *Tree) find(w way, segs []string, pathAt int) (found, *finding.Finding) {
	f, miss := t.findBelow(w, w.root, segs, pathAt)
	if miss == nil || miss.Rule != RuleMissingTarget || !w.site {
		return f, miss
	}
	for _, dir := range t.opts.StaticDirs {
		if sf, smiss := t.findBelow(w, dir, segs, pathAt); smiss == nil || smiss.Rule == RuleTargetCase {
			return sf, smiss
		}
	}
	return f, miss
}

// findBelow looks the target up below root: each segment must name an
// entry of its directory exactly, as Linux and GitHub's web view
// require; one that matches only when case is ignored is a target-case
// finding, as it works on macOS and Windows alone.
func (t *Tree) findBelow(w way, root string, segs []string, pathAt int) (found, *finding.Finding) {
	dir, isDir := root, true
	actual := make([]string, 0, len(segs))
	caseDiffers := false
	for i, s := range segs {
		// The last name, also before a trailing "/": a site generator
		// publishes x.md as x/ as well as x.html.
		last := i == len(segs)-1 || i == len(segs)-2 && segs[i+1] == ""
		if s == "" { // a trailing "/", the directory itself; "//", as a file system reads it
			continue
		}
		if !isDir || strings.ContainsAny(s, "/\x00") || s == "." || s == ".." {
			return found{}, missing(w, root, segs, segs[:i], "", pathAt)
		}
		e := t.dir(dir)
		name, ok := e.exact(s)
		if !ok {
			name, ok = e.fold(s)
			caseDiffers = caseDiffers || ok
		}
		if !ok {
			if last && w.site {
				if f, ok := t.fallback(dir, s); ok {
					return f, nil
				}
			}
			return found{}, missing(w, root, segs, segs[:i], e.closest(s), pathAt)
		}
		actual = append(actual, name)
		dir = filepath.Join(dir, name)
		isDir = e.isDirAt(name, dir)
	}
	if caseDiffers {
		return found{}, &finding.Finding{Severity: finding.Error, Offset: pathAt, Rule: RuleTargetCase, Target: under(root, segs),
			Message: fmt.Sprintf("%s exists only as %s: the case differs, which works on macOS and Windows but not on Linux or GitHub", display(segs), display(actual))}
	}
	if wantDir := len(segs) > 0 && segs[len(segs)-1] == ""; wantDir && !isDir {
		return found{}, missing(w, root, segs, segs, "", pathAt)
	}
	f := found{path: dir, dir: isDir}
	if f.dir && w.site && len(t.opts.IndexFiles) > 0 {
		if _, ok := t.index(dir, t.opts.IndexFiles); !ok {
			return found{}, &finding.Finding{Severity: finding.Error, Offset: pathAt, Rule: RuleMissingTarget, Target: dir,
				Message: fmt.Sprintf("%s is a directory without %s", display(segs), strings.Join(t.opts.IndexFiles, " or "))}
		}
	}
	return f, nil
}

// fallback tries the fallback extensions for name, missing from dir.
func (t *Tree) fallback(dir, name string) (found, bool) {
	for _, try := range t.fallbacks(name) {
		if e := t.dir(dir); e.has(try) {
			p := filepath.Join(dir, try)
			return found{path: p, dir: e.isDirAt(try, p)}, true
		}
	}
	return found{}, false
}

// fallbacks are the names, in order, that a target named name is also
// found under: with each fallback extension, in place of its own and
// after it.
func (t *Tree) fallbacks(name string) []string {
	if len(t.opts.FallbackExtensions) == 0 {
		return nil
	}
	stem := strings.TrimSuffix(name, path.Ext(name))
	var names []string
	for _, ext := range t.opts.FallbackExtensions {
		ext = "." + strings.TrimPrefix(ext, ".")
		names = append(names, stem+ext, name+ext)
	}
	return names
}

// Fallbacks are the paths that a target at p, missing from d's tree,
// would also have been found at: with FallbackExtensions, and below each
// static directory, for a caller that asks where a missing target was
// before (lint --since). A link to the repository's file on its forge,
// ref, has none.
func (t *Tree) Fallbacks(d *Doc, ref, p string) []string {
	if r, err := uri.ParseRule(ref, uri.RuleIRIReference); err == nil {
		if w, _ := t.wayOf(d, &r); !w.site {
			return nil
		}
	}
	names := t.fallbacks(filepath.Base(p))
	at := func(q string) []string {
		out := []string{}
		for _, n := range names {
			out = append(out, filepath.Join(filepath.Dir(q), n))
		}
		return out
	}
	paths := at(p)
	if rel, err := filepath.Rel(d.Root, p); err == nil && filepath.IsLocal(rel) {
		for _, dir := range t.opts.StaticDirs {
			q := filepath.Join(dir, rel)
			paths = append(append(paths, q), at(q)...)
		}
	}
	return paths
}

// missing is the missing-target finding for segs below root, of which
// the first len(exists) lead to an existing directory, with the closest
// name there when there is one.
func missing(w way, root string, segs, exists []string, closest string, pathAt int) *finding.Finding {
	msg := "nothing at " + display(segs) + w.where
	if closest != "" {
		msg += "; did you mean " + display(append(slices.Clone(exists), closest)) + "?"
	}
	return &finding.Finding{Severity: finding.Error, Offset: pathAt, Rule: RuleMissingTarget, Target: under(root, segs), Message: msg}
}

// under is the path of segs below root.
func under(root string, segs []string) string {
	return filepath.Join(append([]string{root}, segs...)...)
}

// readmes are the files whose anchors a fragment on a directory names,
// as GitHub shows a directory's README below its listing.
var readmes = []string{"README.md", "readme.md", "Readme.md", "README.markdown", "README.html", "index.md", "index.html"}

// index returns the path of the first of names in dir.
func (t *Tree) index(dir string, names []string) (string, bool) {
	e := t.dir(dir)
	for _, n := range names {
		if name, ok := e.exact(n); ok {
			return filepath.Join(dir, name), true
		}
	}
	return "", false
}

// fragment checks that frag, percent-decoded, names an anchor of the
// target: a heading or id of a Markdown, HTML, reStructuredText or
// AsciiDoc document, a line of a code file ("#L12"), or on a forge, of
// any file. A fragment into any other file is left alone.
func (t *Tree) fragment(d *Doc, w way, f found, frag string, at int) *finding.Finding {
	p := f.path
	if f.dir && !w.site && frag == "readme" {
		return nil // the id of the README that GitHub shows below a directory's listing
	}
	if f.dir {
		names := t.opts.IndexFiles
		if len(names) == 0 || !w.site {
			names = readmes
		}
		var ok bool
		if p, ok = t.index(p, names); !ok {
			return nil
		}
	}
	kind := extract.TypeOf(p)
	if first, last, ok := anchor.LineAnchor(frag); kind == extract.Text || ok && !w.site {
		if !ok {
			return nil
		}
		n, err := t.doc(p).lineCount()
		if err != nil || last <= n {
			return nil
		}
		return &finding.Finding{Severity: finding.Error, Offset: at, Rule: RuleMissingFragment, Target: p,
			Message: fmt.Sprintf("%s has %d lines, so line %d has no anchor", t.rel(d, w, p), n, max(first, last))}
	}
	set, err := t.doc(p).anchors(kind, w.slugs)
	if err != nil || names(set, kind, frag) {
		return nil
	}
	if name, ok := set.Fold(frag); ok {
		return &finding.Finding{Severity: finding.Warning, Offset: at, Rule: RuleFragmentCase, Target: p,
			Message: fmt.Sprintf("%s has the anchor %q only in another case: github.com's script finds it, nothing else does", t.rel(d, w, p), name)}
	}
	msg := fmt.Sprintf("%s has no anchor %q", t.rel(d, w, p), frag)
	if name, ok := set.Closest(frag); ok {
		msg += fmt.Sprintf("; did you mean %q?", name)
	}
	return &finding.Finding{Severity: finding.Error, Offset: at, Rule: RuleMissingFragment, Target: p, Message: msg}
}

// names reports whether frag, decoded, is fine in a document of kind
// whose anchors are set: it names one, or "top", or set is partial.
func names(set *anchor.Set, kind extract.Type, frag string) bool {
	switch {
	case strings.EqualFold(frag, "top"):
		return true // HTML's fragment for the top of any document
	case set.Has(frag) || set.Partial():
		return true // a piece's anchors, or its parts', are not all known
	}
	name, ok := strings.CutPrefix(frag, "user-content-")
	return ok && kind == extract.Markdown && set.Has(name) // the id GitHub gives a heading, prefix and all
}

// Names reports whether the fragment of ref, a reference in d, names an
// anchor of the file at p whose content r gives, by the rules of ref's
// check: what the file held at another time (lint --since) is read as
// the file is now.
func (t *Tree) Names(d *Doc, ref, p string, r io.Reader) bool {
	u, err := uri.ParseRule(ref, uri.RuleIRIReference)
	frag, ok := u.Fragment()
	if err != nil || !ok {
		return false
	}
	frag = uri.PercentDecode(frag)
	w, anchors := t.wayOf(d, &u)
	kind := extract.TypeOf(p)
	if _, last, ok := anchor.LineAnchor(frag); kind == extract.Text || ok && !w.site {
		if !ok {
			return true
		}
		n, err := anchor.Lines(r)
		return err == nil && last <= n
	}
	if !anchors {
		return true
	}
	set, err := anchorsOf(kind, r, w.slugs)
	return err == nil && names(set, kind, frag)
}

// rel is a target's path as messages show it: relative to w's root, or
// else to the static directory it was found in, as the site serves it.
func (t *Tree) rel(d *Doc, w way, p string) string {
	if p == d.Path {
		return "this document"
	}
	r, err := filepath.Rel(w.root, p)
	if err == nil && filepath.IsLocal(r) {
		return filepath.ToSlash(r)
	}
	for _, dir := range t.opts.StaticDirs {
		if sr, serr := filepath.Rel(dir, p); serr == nil && filepath.IsLocal(sr) {
			return filepath.ToSlash(sr)
		}
	}
	if err == nil {
		return filepath.ToSlash(r)
	}
	return p
}

// dirEntry is what the Tree knows of one directory: its names, which of
// them are directories, and its names by their lowercase.
type dirEntry struct {
	once  sync.Once
	names []string          // sorted
	kinds []fs.FileMode     // each name's type bits, from the listing alone
	lower map[string]string // lowercase name → the first name with it
}

// dir returns the entry of the directory p, reading it the first time;
// a path that is no directory has no names.
func (t *Tree) dir(p string) *dirEntry {
	v, ok := t.dirs.Load(p)
	if !ok {
		v, _ = t.dirs.LoadOrStore(p, &dirEntry{})
	}
	e := v.(*dirEntry)
	e.once.Do(func() {
		// A listing's entries carry their type: a target is known for
		// a file or a directory without opening it.
		entries, err := os.ReadDir(p)
		if err != nil {
			return
		}
		e.names = make([]string, len(entries))
		e.kinds = make([]fs.FileMode, len(entries))
		e.lower = make(map[string]string, len(entries))
		for i, de := range entries { // sorted by name
			n := de.Name()
			e.names[i], e.kinds[i] = n, de.Type()
			if _, seen := e.lower[strings.ToLower(n)]; !seen {
				e.lower[strings.ToLower(n)] = n
			}
		}
	})
	return e
}

func (e *dirEntry) has(name string) bool {
	_, ok := slices.BinarySearch(e.names, name)
	return ok
}

func (e *dirEntry) exact(name string) (string, bool) { return name, e.has(name) }

func (e *dirEntry) fold(name string) (string, bool) {
	n, ok := e.lower[strings.ToLower(name)]
	return n, ok
}

// isDirAt reports whether name, an entry of e at path p, is a directory;
// a symbolic link is followed.
func (e *dirEntry) isDirAt(name, p string) bool {
	i, ok := slices.BinarySearch(e.names, name)
	switch {
	case !ok:
		return false
	case e.kinds[i]&fs.ModeSymlink != 0:
		info, err := os.Stat(p)
		return err == nil && info.IsDir()
	}
	return e.kinds[i].IsDir()
}

// closest is the name of the directory nearest to name, by
// anchor.Nearest's rule, or "": a hidden file is suggested only for a
// hidden one. A name that differs only in case is target-case's.
func (e *dirEntry) closest(name string) string {
	candidates := make([]string, 0, len(e.names))
	for _, n := range e.names {
		if strings.HasPrefix(n, ".") == strings.HasPrefix(name, ".") {
			candidates = append(candidates, n)
		}
	}
	n, _ := nearest.Name(name, candidates)
	return n
}

// docEntry is what the Tree knows of one target document: its anchors,
// or its number of lines, read the first time a fragment needs them.
type docEntry struct {
	path string
	// base is an HTML page's <base href>, resolved, when hasBase.
	baseOnce sync.Once
	base     uri.URI
	hasBase  bool
	// sets holds its anchors by the slug rule of the headings' (a
	// link on the forge reads them by GitHub's, the site's by its own):
	// anchor.SlugRule → *anchorsEntry.
	sets      sync.Map
	lines     int
	linesErr  error
	linesOnce sync.Once
}

// anchorsEntry is a document's anchors by one slug rule.
type anchorsEntry struct {
	once sync.Once
	set  *anchor.Set
	err  error
}

func (t *Tree) doc(p string) *docEntry {
	v, ok := t.docs.Load(p)
	if !ok {
		v, _ = t.docs.LoadOrStore(p, &docEntry{path: p})
	}
	return v.(*docEntry)
}

func (e *docEntry) anchors(kind extract.Type, slugs anchor.SlugRule) (*anchor.Set, error) {
	if kind != extract.Markdown {
		slugs = anchor.GitHubSlugs // the rule of Markdown headings alone
	}
	v, ok := e.sets.Load(slugs)
	if !ok {
		v, _ = e.sets.LoadOrStore(slugs, &anchorsEntry{})
	}
	a := v.(*anchorsEntry)
	a.once.Do(func() {
		f, err := os.Open(e.path)
		if err != nil {
			a.err = err
			return
		}
		defer f.Close()
		a.set, a.err = anchorsOf(kind, f, slugs)
	})
	return a.set, a.err
}

// anchorsOf reads the anchors of a document of kind, a Markdown
// heading's by slugs.
func anchorsOf(kind extract.Type, r io.Reader, slugs anchor.SlugRule) (*anchor.Set, error) {
	switch kind {
	case extract.HTML:
		return anchor.HTML(r)
	case extract.RST:
		return anchor.RST(r)
	case extract.AsciiDoc:
		return anchor.AsciiDoc(r)
	}
	return anchor.Markdown(r, slugs)
}

func (e *docEntry) lineCount() (int, error) {
	e.linesOnce.Do(func() {
		f, err := os.Open(e.path)
		if err != nil {
			e.linesErr = err
			return
		}
		defer f.Close()
		e.lines, e.linesErr = anchor.Lines(f)
	})
	return e.lines, e.linesErr
}
