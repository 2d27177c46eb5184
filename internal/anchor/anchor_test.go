package anchor

import "testing"

func newSet(names ...string) *Set {
	s := &Set{}
	for _, n := range names {
		s.add(n)
	}
	return s
}

func TestSet(t *testing.T) {
	s := newSet("install", "Install", "", "install", "usage", "straße")
	if got := s.Len(); got != 4 {
		t.Errorf("Len = %d, want 4", got)
	}
	for _, c := range []struct {
		name string
		has  bool
		fold string
	}{
		{"install", true, "install"},
		{"Install", true, "install"}, // the first in document order
		{"INSTALL", false, "install"},
		{"usage", true, "usage"},
		{"Usage", false, "usage"},
		{"STRASSE", false, ""}, // simple folding: ß is not ss
		{"STRAẞE", false, "straße"},
		{"", false, ""},
		{"nope", false, ""},
	} {
		if got := s.Has(c.name); got != c.has {
			t.Errorf("Has(%q) = %v, want %v", c.name, got, c.has)
		}
		if got, ok := s.Fold(c.name); got != c.fold || ok != (c.fold != "") {
			t.Errorf("Fold(%q) = %q, %v, want %q", c.name, got, ok, c.fold)
		}
	}
}

func TestFoldKelvin(t *testing.T) {
	s := newSet("kb")
	if got, ok := s.Fold("\u212aB"); got != "kb" || !ok {
		t.Errorf("Fold(Kelvin sign + B) = %q, %v, want kb", got, ok)
	}
}

func TestClosest(t *testing.T) {
	s := newSet("installation", "usage", "use", "api-v2", "configure", "configura", "安装指南")
	for _, c := range []struct{ name, want string }{
		{"instalation", "installation"},
		{"usage", "usage"},
		{"usag", "usage"}, // 1 edit; use is 2
		{"uses", "use"},
		{"api-v3", "api-v2"},
		{"configur", "configure"}, // ties, in document order
		{"安装", "安装指南"},            // 2 edits: max(2, n/3) lets short names have 2
		{"x", ""},
		{"completely-different", ""},
		{"", ""},
	} {
		got, ok := s.Closest(c.name)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("Closest(%q) = %q, %v, want %q", c.name, got, ok, c.want)
		}
	}
}

func TestNilSet(t *testing.T) {
	var s *Set
	if s.Len() != 0 || s.Has("x") {
		t.Error("a nil Set is not empty")
	}
	if _, ok := s.Fold("x"); ok {
		t.Error("a nil Set folds")
	}
	if _, ok := s.Closest("x"); ok {
		t.Error("a nil Set has a closest anchor")
	}
}
