// Package filter keeps or drops references by what they hold, before a
// command's operation sees them: by the presence of a component, by the
// extension of the path's last segment, and by host or path glob. It is
// how people who work on URL lists from crawls drop static files, keep
// only URLs with a query, or keep one site.
package filter

import (
	"strings"

	"github.com/uritool/uritool/internal/glob"
	"github.com/uritool/uritool/internal/scope"

	"github.com/uritool/uritool/internal/defaultscheme"
	"github.com/uritool/uritool/pkg/uri"
)

// Filter says which references pass. The zero Filter passes everything.
type Filter struct {
	// Has and Lacks list components a reference must have defined, or
	// must not (RFC 3986 keeps "undefined" and "empty" apart: "http://h?"
	// has a query).
	Has, Lacks []uri.Component
	// Ext keeps only references whose last path segment ends in one of
	// these extensions; DropExt drops those that do. Without the dot,
	// lowercase; matched without regard to case.
	Ext, DropExt []string
	// Host keeps only references whose host matches one of these globs
	// (path.Match syntax; a host is matched lowercased, against lowercase
	// globs: flagval.NewHostGlobs); Path, whose path matches one of
	// these, by its segments (internal/glob).
	Host []glob.Name
	Path []glob.Pattern
	// Scheme, when set, is --default-scheme: a reference is matched as
	// the command will read it.
	Scheme *defaultscheme.Flag
	// Scope keeps only references whose host is in it; a reference with
	// no host is in no scope. ScopeFile is the file cmd reads it from,
	// before the run.
	Scope     *scope.Scope
	ScopeFile string
}

// Empty reports whether f passes everything, so that the stream can skip
// it at no cost.
func (f *Filter) Empty() bool {
	return len(f.Has)+len(f.Lacks)+len(f.Ext)+len(f.DropExt)+len(f.Host)+len(f.Path) == 0 && f.Scope == nil
}

// Keep reports whether the reference text passes. Text that is not a URI
// reference (nor an IRI reference) passes, so that the command reports it.
// It parses text into *u, and parsed says whether *u then holds text (or
// what --default-scheme made of it) as a URI reference (RFC 3986) parses
// it: the operation may take it instead of parsing again.
func (f *Filter) Keep(text string, u *uri.URI) (keep, parsed bool) {
	if f.Scheme != nil {
		text, _ = f.Scheme.Apply(text)
	}
	// The strict parse first: it is the faster, and what it accepts the
	// IRI grammar reads alike.
	var err error
	if *u, err = uri.Parse(text); err == nil {
		return f.keeps(u), true
	}
	if *u, err = uri.ParseRule(text, uri.RuleIRIReference); err != nil {
		return true, false
	}
	return f.keeps(u), false
}

// keeps reports whether u, valid, passes.
func (f *Filter) keeps(u *uri.URI) bool {
	for _, c := range f.Has {
		if _, _, ok := u.Span(c); !ok {
			return false
		}
	}
	for _, c := range f.Lacks {
		if _, _, ok := u.Span(c); ok {
			return false
		}
	}
	if len(f.Ext)+len(f.DropExt) > 0 {
		ext := Extension(u.Path())
		if len(f.Ext) > 0 && !containsFold(f.Ext, ext) || containsFold(f.DropExt, ext) {
			return false
		}
	}
	if len(f.Host) > 0 {
		host, _ := u.Host()
		if !glob.MatchAny(f.Host, strings.ToLower(host)) {
			return false
		}
	}
	if f.Scope != nil {
		if host, ok := u.Host(); !ok || !f.Scope.In(host) {
			return false
		}
	}
	return len(f.Path) == 0 || matchPath(f.Path, u.Path())
}

// matchPath reports whether one of globs matches the segments of p,
// split without allocation for paths of up to 16 segments.
func matchPath(globs []glob.Pattern, p string) bool {
	var buf [16]string
	names := buf[:0]
	if p = strings.TrimPrefix(p, "/"); p != "" {
		for {
			seg, rest, more := strings.Cut(p, "/")
			names = append(names, seg) // "a/" is "a" and an empty last segment
			if !more {
				break
			}
			p = rest
		}
	}
	for i := range globs {
		if globs[i].Match(names) {
			return true
		}
	}
	return false
}

// Extension is the extension of the last segment of path, without the
// dot: "png" for "/a/b.png", "" for "/a/b", "/a/.hidden" and "/a/b/".
// Percent-encodings stay as written.
func Extension(p string) string {
	seg := p[strings.LastIndexByte(p, '/')+1:]
	dot := strings.LastIndexByte(seg, '.')
	if dot <= 0 {
		return ""
	}
	return seg[dot+1:]
}

func containsFold(list []string, s string) bool {
	for _, v := range list {
		if strings.EqualFold(v, s) {
			return true
		}
	}
	return false
}
