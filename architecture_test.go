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

// everywhere are the leaves any package may import: byte helpers with no
// import of their own.
var everywhere = []string{"internal/ascii"}

// cliOnly are the outside packages of the command line: the libraries and
// the renderers know nothing of them.
var cliOnly = []string{"github.com/spf13/cobra", "github.com/spf13/pflag", "github.com/spf13/viper"}

// mayImport reads the imports block of ARCHITECTURE.md: for each package,
// the packages of this module it may import.
func mayImport(t *testing.T) map[string][]string {
	t.Helper()
	doc, err := os.ReadFile("ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(doc), "```imports\n")
	if !ok {
		t.Fatal("ARCHITECTURE.md has no imports block")
	}
	block, _, _ = strings.Cut(block, "```")
	allowed := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(block), "\n") {
		pkg, deps, ok := strings.Cut(line, ":")
		if !ok {
			t.Fatalf("ARCHITECTURE.md imports block: %q is no \"package: imports\" line", line)
		}
		allowed[pkg] = strings.Fields(deps)
	}
	return allowed
}

// TestArchitecture holds every package to the imports the code map of
// ARCHITECTURE.md allows.
func TestArchitecture(t *testing.T) {
	mayImport := mayImport(t)
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
			t.Errorf("%s is not in the code map: add it to ARCHITECTURE.md's imports block", pkg)
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
