// Package forge reads a link to a repository's own file on the forge that
// hosts it (GitHub, GitLab, Gitea and Forgejo, Bitbucket) back into the
// file's path in the working tree. A README is shown away from its
// repository (on a package registry, a docs site), so it links its
// repository's files by their full URLs; lint checks such a link offline,
// as it checks a relative one, when it names a branch whose files the
// working tree holds.
package forge

import (
	"fmt"
	"slices"
	"strings"

	"github.com/uritool/uritool/pkg/uri"
)

// defaultBranches are the branches taken for the working tree's without
// being named: "HEAD", which GitHub reads as the default branch, and the
// two usual names of that branch. Branches are not read from git, whose
// answer differs between a clone and CI's detached checkout.
var defaultBranches = []string{"HEAD", "main", "master"}

// Repo is a repository: where its working tree is, the forge addresses
// it is published at, and the branches whose files are the working
// tree's. It is read-only once made.
type Repo struct {
	// Root is the working tree's root, absolute.
	Root     string
	homes    []home
	branches [][]string // each branch's name, split at "/"
}

// home is a repository's address on a forge: https://HOST/PATH.
type home struct {
	host string   // lowercase
	path []string // owner and name (on GitLab, groups and name), lowercase
}

// New returns the repository at root published at addresses (web
// addresses or git remote URLs, as parseHome reads them), whose branches
// are HEAD, main, master and branches. Addresses that name no forge
// repository are passed over.
func New(root string, addresses, branches []string) *Repo {
	r := &Repo{Root: root}
	for _, a := range addresses {
		if h, ok := parseHome(a); ok && !slices.ContainsFunc(r.homes, h.equal) {
			r.homes = append(r.homes, h)
		}
	}
	for _, b := range append(slices.Clone(defaultBranches), branches...) {
		if b = strings.Trim(b, "/"); b != "" {
			r.branches = append(r.branches, strings.Split(b, "/"))
		}
	}
	return r
}

// Published reports whether r has an address to check links against.
func (r *Repo) Published() bool { return r != nil && len(r.homes) > 0 }

// CheckAddress returns an error when s names no repository on a forge,
// for a flag's value.
func CheckAddress(s string) error {
	if _, ok := parseHome(s); !ok {
		return fmt.Errorf("%q is not a repository's address (want https://HOST/OWNER/NAME, as https://github.com/OWNER/NAME)", s)
	}
	return nil
}

func (h home) equal(o home) bool { return h.host == o.host && slices.Equal(h.path, o.path) }

// parseHome reads a repository's address: a web address
// (https://github.com/o/r), or a git remote's URL (https://host/o/r.git,
// ssh://git@host/o/r.git, git@host:o/r.git), the userinfo, port and
// ".git" dropped. A local path is no address.
func parseHome(s string) (home, bool) {
	var host, p string
	if scheme, rest, ok := strings.Cut(s, "://"); ok {
		switch strings.ToLower(scheme) {
		case "https", "http", "ssh", "git", "git+ssh", "ssh+git":
		default:
			return home{}, false
		}
		host, p, _ = strings.Cut(rest, "/")
		if at := strings.LastIndexByte(host, '@'); at >= 0 {
			host = host[at+1:]
		}
		if h, port, ok := strings.Cut(host, ":"); ok && !strings.Contains(port, ":") {
			host = h
		}
	} else {
		// scp-like, [user@]host:path, as git reads it: a ':' before any
		// '/'.
		colon := strings.IndexByte(s, ':')
		if colon < 0 || strings.Contains(s[:colon], "/") {
			return home{}, false
		}
		host, p = s[:colon], s[colon+1:]
		if at := strings.LastIndexByte(host, '@'); at >= 0 {
			host = host[at+1:]
		}
	}
	p, _, _ = strings.Cut(p, "?")
	p, _, _ = strings.Cut(p, "#")
	p = strings.TrimSuffix(strings.Trim(p, "/"), ".git")
	segs := strings.Split(p, "/")
	for i, s := range segs {
		segs[i] = strings.ToLower(uri.PercentDecode(s))
	}
	if len(segs) < 2 || slices.ContainsFunc(segs, func(s string) bool { return s == "" || s == "-" || s == "." || s == ".." }) {
		return home{}, false
	}
	if u, err := uri.Parse("https://" + host + "/"); err != nil {
		return home{}, false
	} else if h, _ := u.Host(); h != host || h == "" {
		return home{}, false // a port, or what no host holds
	}
	return home{host: strings.ToLower(host), path: segs}, true
}

// Link is where a link into a repository's files at one of its
// branches leads.
type Link struct {
	// Path is the file's path below the root, in percent-decoded
	// segments; a directory's ends in an empty one when the link ends
	// in "/", and the root's is empty.
	Path []string
	// Offset is where the file's path starts in the link's path: after
	// the repository, the view and the branch.
	Offset int
	// Anchors says that its fragment names an anchor GitHub makes: a
	// heading's, or a line's. A raw file has none, and other forges
	// make theirs by rules of their own, so their fragments are not
	// checked.
	Anchors bool
}

// Locate returns where u, a link into one of r's addresses, leads: the
// repository's home, or a view of a file or directory at a branch of r
// (GitHub's blob, tree, raw and blame, and raw.githubusercontent.com;
// GitLab's "/-/" views; Gitea's and Forgejo's "src/branch" and
// "raw/branch"; Bitbucket's src and raw). Any other link, to another
// repository, an issue, a tag or a commit, is not r's working tree.
func (r *Repo) Locate(u *uri.URI) (Link, bool) {
	if !r.Published() {
		return Link{}, false
	}
	// First what is cheap and rules out most references: a relative
	// one, or another scheme, has no host on a forge.
	scheme, _ := u.Scheme()
	host, ok := u.Host()
	if !ok || !strings.EqualFold(scheme, "https") && !strings.EqualFold(scheme, "http") {
		return Link{}, false
	}
	if p := u.Path(); uri.RemoveDotSegments(p) != p {
		// What a browser asks for (section 5.2.2: an absolute
		// reference's dot-segments are removed as it is resolved):
		// ".../blob/main/../../other" is another repository's.
		v, err := uri.Resolve(*u, *u)
		if q := v.Path(); err != nil || uri.RemoveDotSegments(q) != q {
			return Link{}, false // "http:.///" keeps a "/." (section 5.2.4 cannot drop it)
		}
		l, ok := r.Locate(&v)
		l.Offset = 0 // the path as written is not the one read
		return l, ok
	}
	host = strings.ToLower(host)
	segs := decoded(u)
	if slices.Contains(segs, ".") || slices.Contains(segs, "..") {
		return Link{}, false // "%2E%2E", which browsers read as ".." and no forge serves
	}
	if host == "raw.githubusercontent.com" {
		// /OWNER/NAME/BRANCH/PATH, the branch also as refs/heads/BRANCH.
		if len(segs) < 3 || !slices.ContainsFunc(r.homes, func(h home) bool { return h.host == "github.com" && h.under(segs[:2]) }) {
			return Link{}, false
		}
		rest := segs[2:]
		if len(rest) > 2 && rest[0] == "refs" && rest[1] == "heads" {
			rest = rest[2:]
		}
		return r.at(u, len(segs), rest, false)
	}
	for _, h := range r.homes {
		if h.host != host || len(segs) < len(h.path) || !h.under(segs[:len(h.path)]) {
			continue
		}
		rest := segs[len(h.path):]
		switch {
		case len(rest) == 0 || len(rest) == 1 && rest[0] == "":
			// The repository's home, which shows the root's README:
			// "https://github.com/o/r#install" is one of its headings.
			return Link{Offset: len(u.Path()), Anchors: host == "github.com"}, true
		case len(rest) > 1 && rest[0] == "-" && isView(rest[1]): // GitLab
			return r.at(u, len(segs), rest[2:], false)
		case len(rest) > 1 && (rest[0] == "src" || rest[0] == "raw") && rest[1] == "branch": // Gitea, Forgejo
			return r.at(u, len(segs), rest[2:], false)
		case host == "bitbucket.org" && (rest[0] == "src" || rest[0] == "raw"):
			return r.at(u, len(segs), rest[1:], false)
		case isView(rest[0]): // GitHub, GitHub Enterprise
			return r.at(u, len(segs), rest[1:], rest[0] != "raw")
		}
	}
	return Link{}, false
}

// isView reports whether s is a view of a file, as GitHub and GitLab name
// them.
func isView(s string) bool { return s == "blob" || s == "tree" || s == "raw" || s == "blame" }

// at returns the link to what rest names, the last of u's n path
// segments (a branch and a path), when the branch is one of r's.
func (r *Repo) at(u *uri.URI, n int, rest []string, anchors bool) (Link, bool) {
	for _, b := range r.branches {
		if len(rest) >= len(b) && slices.Equal(rest[:len(b)], b) {
			p := rest[len(b):]
			// The path starts after as many "/" as segments go before
			// it: u's path has its leading "/" and then one a segment.
			raw := u.Path()
			at := len(raw)
			for before, i := n-len(p), 0; i < len(raw); i++ {
				if raw[i] == '/' {
					if before--; before < 0 {
						at = i + 1
						break
					}
				}
			}
			if len(p) == 1 && p[0] == "" {
				p = nil // the root, "tree/main/"
			}
			return Link{Path: p, Offset: at, Anchors: anchors}, true
		}
	}
	return Link{}, false
}

// under reports whether segs, a link's first segments, are h's path, by
// any case.
func (h home) under(segs []string) bool {
	return slices.EqualFunc(segs, h.path, strings.EqualFold)
}

// decoded is u's path in segments, percent-decoded (section 2.1).
func decoded(u *uri.URI) []string {
	var segs []string
	for s := range u.Segments() {
		segs = append(segs, uri.PercentDecode(s))
	}
	return segs
}
