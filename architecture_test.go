package main

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/uritool/uritool/"

// mayImport is the code map of ARCHITECTURE.md as data: for each package,
// the packages of this module it may import. A package missing here, or
// an import missing from its list, fails TestArchitecture, so the
// document and the code change together.
var mayImport = map[string][]string{
	"pkg/uri":         {"internal/uritrace"},
	"pkg/uritemplate": {"pkg/uri"},

	"internal/ascii":    {},
	"internal/uritrace": {},
	"internal/inetaton": {},

	"internal/flagval":       {"pkg/uri"},
	"internal/config":        {},
	"internal/extract":       {},
	"internal/explain":       {"internal/uritrace", "pkg/uri"},
	"internal/idn":           {"pkg/uri"},
	"internal/pct":           {"pkg/uri"},
	"internal/shape":         {"pkg/uri", "pkg/uritemplate"},
	"internal/defaultscheme": {"internal/flagval"},
	"internal/filter":        {"internal/defaultscheme", "pkg/uri"},
	"internal/discover":      {"internal/extract"},
	"internal/stream":        {"internal/extract"},
	"internal/edit":          {"internal/idn", "internal/pct", "pkg/uri"},
	"internal/iri":           {"internal/idn", "pkg/uri"},
	"internal/interop":       {"internal/idn", "pkg/uri"},
	"internal/surt":          {"internal/idn", "internal/inetaton", "pkg/uri"},
	"internal/finding":       {"internal/edit", "internal/iri", "internal/pct", "pkg/uri", "pkg/uritemplate"},
	"internal/lint":          {"internal/finding", "internal/idn", "internal/inetaton", "internal/interop", "pkg/uri"},
	"internal/anchor":        {},
	"internal/target":        {"internal/anchor", "internal/extract", "internal/finding", "internal/pct", "pkg/uri"},
	"internal/check":         {"internal/anchor", "internal/baseline", "internal/extract", "internal/finding", "internal/lint", "internal/target", "pkg/uri", "pkg/uritemplate"},
	"internal/baseline":      {},
	"internal/render": {"internal/baseline", "internal/check", "internal/explain", "internal/finding", "internal/idn", "internal/interop",
		"internal/pct", "internal/stream", "internal/surt", "pkg/uri", "pkg/uritemplate"},
	"internal/pipeline": {"internal/check", "internal/filter", "internal/render", "internal/stream"},
	"cmd": {"internal/baseline", "internal/check", "internal/config", "internal/defaultscheme", "internal/discover", "internal/edit",
		"internal/explain", "internal/extract", "internal/filter", "internal/finding", "internal/flagval", "internal/interop", "internal/iri",
		"internal/lint", "internal/pct", "internal/pipeline", "internal/render", "internal/shape", "internal/stream",
		"internal/target", "pkg/uri", "pkg/uritemplate"},
	"internal/gen":   {"cmd"},
	".":              {"cmd"},
	"bench/linecopy": {},
	"bench/soakgen":  {},
}

// everywhere are the leaves any package may import: byte helpers with no
// import of their own.
var everywhere = []string{"internal/ascii"}

// cliOnly are the outside packages of the command line: the libraries and
// the renderers know nothing of them.
var cliOnly = []string{"github.com/spf13/cobra", "github.com/spf13/pflag", "github.com/spf13/viper"}

// TestArchitecture holds every package to the imports the code map allows.
func TestArchitecture(t *testing.T) {
	imports := map[string]map[string]bool{}
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != "." || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		pkg := filepath.ToSlash(filepath.Dir(path))
		if imports[pkg] == nil {
			imports[pkg] = map[string]bool{}
		}
		for _, spec := range f.Imports {
			p, _ := strconv.Unquote(spec.Path.Value)
			imports[pkg][p] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for pkg, imported := range imports {
		allowed, known := mayImport[pkg]
		if !known {
			t.Errorf("%s is not in the code map: add it to ARCHITECTURE.md and to mayImport", pkg)
			continue
		}
		for p := range imported {
			if own, ok := strings.CutPrefix(p, module); ok && !slices.Contains(allowed, own) && !slices.Contains(everywhere, own) {
				t.Errorf("%s imports %s, which the code map does not allow", pkg, own)
			}
			if slices.Contains(cliOnly, p) && pkg != "cmd" && pkg != "internal/config" && pkg != "internal/flagval" && pkg != "internal/gen" {
				t.Errorf("%s imports %s: only cmd, config and flagval know the command line", pkg, p)
			}
		}
	}
	for pkg := range mayImport {
		if imports[pkg] == nil {
			t.Errorf("the code map lists %s, which has no Go file", pkg)
		}
	}
}
