package check

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/uritool/uritool/internal/baseline"
	"github.com/uritool/uritool/internal/extract"
	"github.com/uritool/uritool/internal/target"
)

// repo is a scratch tree: a README with links and the guide they name.
func repo(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	for name, content := range map[string]string{
		"README.md":     "# Readme\n",
		"docs/guide.md": "# Guide\n\n## Install\n",
	} {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// outcome describes what Check made of an input: the tally and the
// findings' rules; "suppressed" counts markers, exclusions and code
// alike, and "excluded=" and "code=" say which when not markers.
func outcome(t Tally, r *Result) string {
	var parts []string
	if t.Skip {
		parts = append(parts, "skip")
	}
	if r.Error != nil && !t.Skip {
		parts = append(parts, "error "+r.Error.Rule)
	}
	for _, w := range r.Warnings {
		parts = append(parts, w.Level().String()+" "+w.Rule)
	}
	dropped := 0
	if t.Dropped == Excluded || t.Dropped == InCode {
		dropped = 1
	}
	s := fmt.Sprintf("%s findings=%d suppressed=%d", strings.Join(parts, ","), t.Findings, t.Suppressed+dropped)
	switch t.Dropped {
	case Excluded:
		s += " excluded=1"
	case InCode:
		s += " code=1"
	case Template:
		s += " note"
	}
	return s
}

// found extracts the candidates of one Markdown line.
func found(line string) []extract.Found {
	return extract.New(extract.Options{Type: extract.Markdown}).Line(nil, line)
}

func TestEngine(t *testing.T) {
	root := repo(t)
	tree, err := target.New(target.Options{Fragments: true})
	if err != nil {
		t.Fatal(err)
	}
	doc := func(file string) (*target.Doc, bool) {
		if file == "-" {
			return nil, false
		}
		return target.NewDoc(filepath.Join(root, file), root), true
	}
	excluded := func(string) func(string) bool {
		return func(uri string) bool { return strings.Contains(uri, "skip.example") }
	}
	for _, c := range []struct {
		name string
		opts EngineOptions
		file string
		line string
		want []string // one outcome per candidate
	}{
		{"valid link", EngineOptions{Doc: doc, Tree: tree}, "README.md", "[g](docs/guide.md#install)", []string{" findings=0 suppressed=0"}},
		{"missing target", EngineOptions{Doc: doc, Tree: tree}, "README.md", "[g](docs/gone.md)", []string{"error missing-target findings=1 suppressed=0"}},
		{"fragment case is a warning", EngineOptions{Doc: doc, Tree: tree}, "README.md", "[g](docs/guide.md#Install)", []string{"warning fragment-case findings=1 suppressed=0"}},
		{"syntax before target", EngineOptions{Doc: doc, Tree: tree}, "README.md", "[g](<docs/a b.md>)", []string{"error path findings=1 suppressed=0"}},
		{"targets off: syntax only", EngineOptions{Doc: doc}, "README.md", "[g](docs/gone.md)", []string{" findings=0 suppressed=0"}},
		{"no document: relative skipped", EngineOptions{Doc: doc, Tree: tree}, "-", "[g](docs/gone.md)", []string{"skip findings=0 suppressed=0"}},
		{"no document: absolute checked", EngineOptions{Doc: doc, Tree: tree}, "-", "<http://a b/>", []string{"error host findings=1 suppressed=0"}},
		{"marker for the rule", EngineOptions{Doc: doc, Tree: tree}, "README.md", "[g](docs/gone.md) <!-- uritool-disable-line missing-target -->", []string{" findings=0 suppressed=1"}},
		{"marker for another rule", EngineOptions{Doc: doc, Tree: tree}, "README.md", "[g](docs/gone.md) <!-- uritool-disable-line path -->", []string{"error missing-target findings=1 suppressed=0"}},
		{"broken link", EngineOptions{Doc: doc, Tree: tree}, "README.md", "[g](docs/guide.md#install x) [h](http://a.example/b c)",
			[]string{"error broken-link findings=1 suppressed=0", "error broken-link findings=1 suppressed=0"}},
		{"marker with a typo", EngineOptions{Doc: doc, Tree: tree}, "README.md", "[g](docs/gone.md) [h](docs/lost.md) <!-- uritool-disable-line missing-targt -->",
			[]string{"error missing-target,warning suppression findings=2 suppressed=0", "error missing-target findings=1 suppressed=0"}},
		{"marker for all", EngineOptions{Doc: doc, Tree: tree}, "README.md", "[g](docs/gone.md) <!-- uritool-disable-line -->", []string{"skip findings=0 suppressed=1"}},
		{"excluded", EngineOptions{Doc: doc, Tree: tree, Excluder: excluded}, "README.md", "<http://skip.example/a b>", []string{"skip findings=0 suppressed=1 excluded=1"}},
		{"in code", EngineOptions{Doc: doc, Tree: tree}, "README.md", "`[g](docs/gone.md)` and `http://a b/`", []string{"skip findings=0 suppressed=1 code=1"}},
		// A template's source is a note, which fails nothing; its target
		// is not looked for (issue 33, item 4).
		{"template in a definition", EngineOptions{Doc: doc, Tree: tree}, "README.md", "[v]: https://github.com/x/{{YEAR}}/voters.yaml", []string{"note template findings=0 suppressed=0 note"}},
		{"relative template", EngineOptions{Doc: doc, Tree: tree}, "README.md", "[v]({{ site.baseurl }}/gone.md)", []string{"note template findings=0 suppressed=0 note"}},
		{"RFC 6570 in prose", EngineOptions{Doc: doc, Tree: tree}, "README.md", "https://tile.example/{z}/{x}.png", []string{"note template findings=0 suppressed=0 note"}},
		{"RFC 6570 in prose, malformed", EngineOptions{Doc: doc, Tree: tree}, "README.md", "https://tile.example/{z", []string{"error uri-template findings=1 suppressed=0"}},
		{"RFC 6570 in a destination is followed", EngineOptions{Doc: doc, Tree: tree}, "README.md", "[t](https://tile.example/{z})", []string{"error path findings=1 suppressed=0"}},
		{"template marked", EngineOptions{Doc: doc, Tree: tree}, "README.md", "https://a.example/${id} <!-- uritool-disable-line template -->", []string{" findings=0 suppressed=1"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			e, err := NewEngine(c.opts)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			var r Result
			for _, f := range found(c.line) {
				got = append(got, outcome(e.Check(&r, c.file, 1, f.Text, &f), &r))
			}
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("%q:\n got %q\nwant %q", c.line, got, c.want)
			}
		})
	}
}

// TestEngineList: a line of a list is the input itself, prepared
// (--default-scheme) and checked against --as.
func TestEngineList(t *testing.T) {
	prepare := func(s string) (string, bool) {
		if !strings.Contains(s, "://") {
			return "https://" + s, true
		}
		return s, false
	}
	e, err := NewEngine(EngineOptions{Prepare: prepare})
	if err != nil {
		t.Fatal(err)
	}
	var r Result
	if got := outcome(e.Check(&r, "links.txt", 3, "example.com/a", nil), &r); got != " findings=0 suppressed=0" || r.Input != "https://example.com/a" || !r.SchemeAdded || r.Line != 3 {
		t.Errorf("prepared input: %s, %+v", got, r)
	}
	if got := outcome(e.Check(&r, "links.txt", 4, "docs/guide.md", nil), &r); got != " findings=0 suppressed=0" {
		t.Errorf("a list line is never a document's reference: %s", got)
	}
	e, _ = NewEngine(EngineOptions{})
	if got := outcome(e.Check(&r, "links.txt", 5, "docs/guide.md", nil), &r); got != "error scheme findings=1 suppressed=0" {
		t.Errorf("a relative reference in a list, against --as uri: %s", got)
	}
}

// TestEngineRepoPath: each input names its file from the repository's
// root, also where the file changes from one input to the next and back,
// and standard input has none.
func TestEngineRepoPath(t *testing.T) {
	root := t.TempDir()
	doc := func(file string) (*target.Doc, bool) {
		if file == "-" {
			return nil, false
		}
		return target.NewDoc(filepath.Join(root, file), root), true
	}
	e, err := NewEngine(EngineOptions{Doc: doc})
	if err != nil {
		t.Fatal(err)
	}
	var r Result
	for i, c := range []struct{ file, want string }{
		{"links.txt", "links.txt"}, {"links.txt", "links.txt"}, {"docs/more.txt", "docs/more.txt"},
		{"-", ""}, {"", ""}, {"docs/more.txt", "docs/more.txt"}, {"links.txt", "links.txt"},
	} {
		e.Check(&r, c.file, i+1, "https://example.com/", nil)
		if r.RepoPath != c.want {
			t.Errorf("input %d, of %q: RepoPath %q, want %q", i+1, c.file, r.RepoPath, c.want)
		}
	}
}

// TestEngineBaseline: a known finding does not fail the run, a new one
// does, and both are recorded.
func TestEngineBaseline(t *testing.T) {
	root := repo(t)
	tree, _ := target.New(target.Options{Fragments: true})
	doc := func(file string) (*target.Doc, bool) {
		return target.NewDoc(filepath.Join(root, file), root), true
	}
	dir := t.TempDir()
	base := filepath.Join(dir, "base.json")
	rec := &baseline.Recorder{}
	rec.Add(baseline.Key{File: "README.md", Rule: target.RuleMissingTarget, URI: "docs/gone.md"})
	if err := rec.Write(base); err != nil {
		t.Fatal(err)
	}
	set, err := baseline.Read(base)
	if err != nil {
		t.Fatal(err)
	}
	k := &Known{Baseline: set, Record: &baseline.Recorder{}}
	e, err := NewEngine(EngineOptions{Doc: doc, Tree: tree, Known: k, DisplayFile: func(s string) string { return s }})
	if err != nil {
		t.Fatal(err)
	}
	var r Result
	var got []string
	for _, f := range found("[a](docs/gone.md) [b](docs/lost.md)") {
		got = append(got, outcome(e.Check(&r, "README.md", 1, f.Text, &f), &r)+" "+r.Error.Baseline)
	}
	want := []string{"error missing-target findings=0 suppressed=0 unchanged", "error missing-target findings=1 suppressed=0 new"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if k.Unchanged() != 1 || k.Record.Len() != 2 {
		t.Errorf("unchanged %d, recorded %d; want 1 and 2", k.Unchanged(), k.Record.Len())
	}
	// A note needs no baseline: it is neither recorded nor new.
	for _, f := range found("https://a.example/{{ x }}") {
		if got := outcome(e.Check(&r, "README.md", 2, f.Text, &f), &r); got != "note template findings=0 suppressed=0 note" || r.Warnings[0].Baseline != "" {
			t.Errorf("note with a baseline: %s, %+v", got, r.Warnings)
		}
	}
	if k.Record.Len() != 2 {
		t.Errorf("recorded %d; want 2, no note", k.Record.Len())
	}
}

// TestTemplateOf: which candidates are a template's source, and what the
// finding names.
func TestTemplateOf(t *testing.T) {
	for _, c := range []struct {
		text     string
		followed bool
		asciidoc bool
		want     string // "" when no template
	}{
		{"https://a.example/x", false, false, ""},
		{"https://github.com/{{ author }}", true, false, "note 19 template expressions {{ author }}: not checked as a URI"},
		{"{{ site.url }}/about", true, false, "note 0 template expressions {{ site.url }}: not checked as a URI"},
		{"https://a/{% if a %}b{% endif %}", false, false, "note 10 template expressions {% if a %}, {% endif %}: not checked as a URI"},
		{"https://a/todos/${todo.id}", true, false, "note 16 template expressions ${todo.id}: not checked as a URI"},
		{"https://a/#{id}", false, false, "note 10 template expressions #{id}: not checked as a URI"},
		{"https://t/{z}/{x}/{y}.png", false, false, "note 10 template expressions {z}, {x}, {y}: not checked as a URI"},
		{"https://t/{z}/{x}/{y}.png", true, false, ""},
		{"https://t/{z", false, false, "error 10 an RFC 6570 template, which does not parse: expression is not closed by }"},
		{"https://t/{{z", false, false, "error 11 an RFC 6570 template, which does not parse: expected a variable name"},
		// AsciiDoc's attribute references are templates wherever they stand.
		{"https://cdn.example/x@{page-component-version}/a.css", false, true, "note 22 template expressions {page-component-version}: not checked as a URI"},
		{"{url-repo}/blob/main/x", true, true, "note 0 template expressions {url-repo}: not checked as a URI"},
		{"https://t/{page-version}", false, false, "error 15 an RFC 6570 template, which does not parse: unexpected '-': want , or }"},
	} {
		got := ""
		if f, ok := templateOf(c.text, c.followed, c.asciidoc); ok {
			got = fmt.Sprintf("%s %d %s", f.Severity, f.Offset, f.Message)
		}
		if got != c.want {
			t.Errorf("%q followed=%v: %q, want %q", c.text, c.followed, got, c.want)
		}
	}
}

// TestCheckerGrammars: --as picks the grammar, --iri its IRI form, and
// SyntaxValid says whether the input matched an RFC 3986 rule, whatever
// the policies then said of it.
func TestCheckerGrammars(t *testing.T) {
	for _, c := range []struct {
		opts  Options
		input string
		rule  string
		valid bool
	}{
		{Options{}, "http://a/", "", true},
		{Options{}, "/a", "scheme", false},
		{Options{As: AsReference}, "/a", "", true},
		{Options{As: AsAbsolute}, "http://a/#f", "absolute-URI", false},
		{Options{}, "http://a/é", "path", false},
		{Options{IRI: true}, "http://a/é", "", false},
		{Options{IRI: true}, "http://a/", "", false},
		{Options{Policy: Policy{Schemes: []string{"https"}}}, "http://a/", RuleScheme, true},
		{Options{Policy: Policy{NoUserinfo: true}}, "http://u@a/", RuleUserinfo, true},
		{Options{Policy: Policy{RequireHost: true}}, "file:///x", RuleHost, true},
	} {
		ch, err := New(c.opts)
		if err != nil {
			t.Fatal(err)
		}
		var r Result
		ch.Check(&r, c.input)
		got := ""
		if r.Error != nil {
			got = r.Error.Rule
		}
		if got != c.rule || r.SyntaxValid != c.valid {
			t.Errorf("%+v %q: rule %q, syntax valid %v; want %q, %v", c.opts, c.input, got, r.SyntaxValid, c.rule, c.valid)
		}
	}
}

// TestTemplateNotSyntaxValid: a template's source is no URI, and a
// result that last held a valid input says so no more: the JSON report
// writes a syntax-valid input without escaping it.
func TestTemplateNotSyntaxValid(t *testing.T) {
	e, err := NewEngine(EngineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var r Result
	for _, c := range []struct {
		line  string
		valid bool
	}{
		{"<https://a.example/x>", true},
		{`[v]: https://a.example/{{ "x" }}/y`, false},
	} {
		f := found(c.line)[0]
		e.Check(&r, "README.md", 1, f.Text, &f)
		if r.SyntaxValid != c.valid {
			t.Errorf("%q: syntax valid %v, want %v", f.Text, r.SyntaxValid, c.valid)
		}
	}
}

// TestSharesBaselineNames: files share a name in a baseline when one is
// named twice, or when two repositories hold the same path; standard
// input and files outside any root go by their shown name.
func TestSharesBaselineNames(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	o := EngineOptions{
		Doc: func(file string) (*target.Doc, bool) {
			if file == "-" {
				return nil, false
			}
			root := a
			if strings.HasPrefix(file, b) {
				root = b
			}
			if !filepath.IsAbs(file) {
				file = filepath.Join(a, file)
			}
			return target.NewDoc(file, root), true
		},
		DisplayFile: func(s string) string { return s },
	}
	for _, tc := range []struct {
		files []string
		want  bool
	}{
		{[]string{"x.md", "y.md", "-"}, false},
		{[]string{"x.md", "./x.md"}, true},
		{[]string{filepath.Join(a, "docs/x.md"), "docs/x.md"}, true},
		{[]string{filepath.Join(a, "x.md"), filepath.Join(b, "x.md")}, true},
		{[]string{filepath.Join(a, "x.md"), filepath.Join(b, "y.md")}, false},
		{[]string{"-", "-"}, true},
	} {
		if got := o.SharesBaselineNames(tc.files); got != tc.want {
			t.Errorf("%q: %v, want %v", tc.files, got, tc.want)
		}
	}
}
