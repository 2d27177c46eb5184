package anchor

import (
	"slices"
	"strings"
	"testing"
)

// TestAsciiDoc: the ids Asciidoctor gives sections (Section.generate_id:
// idprefix "_", idseparator "_" by default), and explicit anchors; code
// and comments hold none.
func TestAsciiDoc(t *testing.T) {
	doc := strings.Join([]string{
		"= Title",
		"== Hello World",
		"=== Install & Run",
		"== C++ API",
		"== Über uns",
		"== What's new?",
		"== Setup",
		"== Setup",
		"[[explicit]]",
		"[#short.role]",
		"Text anchor:inline[] and [[with,reftext]].",
		"----",
		"== Not a section",
		"[[not-an-anchor]]",
		"----",
		"// == Commented",
		"////",
		"[[commented]]",
		"////",
		"NAME",
		"----",
		"git-fetch - Download objects",
		"",
		"SYNOPSIS",
		"--------",
		":idprefix:",
		":idseparator: -",
		"== Hello Again",
	}, "\n")
	s, err := AsciiDoc(strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	// A page that sets neither idprefix nor idseparator has the ids of
	// "" and "-" too, as sites set them; this one sets both at the end.
	want := []string{"_hello_world", "hello-world", "Hello World", "_install_run", "install-run", "Install & Run",
		"_c_api", "c-api", "C++ API", "_über_uns", "über-uns", "Über uns", "_whats_new", "whats-new", "What's new?",
		"_setup", "setup", "Setup", "_setup_2", "setup-2", "explicit", "short", "inline", "with",
		"_name", "name", "NAME", "_synopsis", "synopsis", "SYNOPSIS", "hello-again", "Hello Again"}
	if !slices.Equal(s.names, want) {
		t.Errorf("got  %q\nwant %q", s.names, want)
	}
}

// TestRST: the ids docutils gives sections and targets (make_id).
func TestRST(t *testing.T) {
	doc := strings.Join([]string{
		"=====",
		"Title",
		"=====",
		"",
		"Hello World",
		"-----------",
		"",
		"1. Intro",
		"~~~~~~~~",
		"",
		"Über uns",
		"========",
		"",
		".. _My Label:",
		".. _`C++ API`:",
		"",
		"Too long for its underline",
		"---",
		"",
		"Example::",
		"",
		"    Indented",
		"    --------",
	}, "\n")
	s, err := RST(strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"title", "hello-world", "intro", "uber-uns", "my-label", "c-api"}
	if !slices.Equal(s.names, want) {
		t.Errorf("got  %q\nwant %q", s.names, want)
	}
}

// TestPartial: a document that includes others, or is a piece that
// others include, has anchors lint cannot all know.
func TestPartial(t *testing.T) {
	for _, c := range []struct {
		read func(string) (*Set, error)
		doc  string
		want bool
	}{
		{func(d string) (*Set, error) { return AsciiDoc(strings.NewReader(d)) }, "= T\ninclude::partial$x.adoc[]", true},
		{func(d string) (*Set, error) { return AsciiDoc(strings.NewReader(d)) }, "= T\n----\ninclude::x.adoc[]\n----", false},
		{func(d string) (*Set, error) { return AsciiDoc(strings.NewReader(d)) }, "git-fetch(1)\n============\n\nNAME\n----", false},
		{func(d string) (*Set, error) { return AsciiDoc(strings.NewReader(d)) }, "// c\n:a: b\n[#top]\n= T", false},
		{func(d string) (*Set, error) { return AsciiDoc(strings.NewReader(d)) }, "_<repository>_::\n\tThe remote", true},
		{func(d string) (*Set, error) { return RST(strings.NewReader(d)) }, ".. include:: x.rst", true},
		{func(d string) (*Set, error) { return RST(strings.NewReader(d)) }, "T\n=", false},
	} {
		s, err := c.read(c.doc)
		if err != nil || s.Partial() != c.want {
			t.Errorf("%q: partial %v, %v; want %v", c.doc, s.Partial(), err, c.want)
		}
	}
}
