package anchor

import (
	"bufio"
	"bytes"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// reStructuredText and AsciiDoc documents name their sections as their
// processors make ids of the titles (docutils' make_id, Asciidoctor's
// generate_id), and hold explicit targets. Both are read a line at a
// time, each line's first maxLine bytes, so that memory grows with the
// anchors and not with a line.

// eachLine calls fn with each line of r, without its line ending, cut to
// its first maxLine bytes.
func eachLine(r io.Reader, fn func(line []byte)) error {
	br := readers.Get().(*bufio.Reader)
	br.Reset(r)
	defer func() { br.Reset(nil); readers.Put(br) }()
	for first := true; ; first = false {
		line, err := br.ReadSlice('\n')
		if first {
			line = bytes.TrimPrefix(line, []byte("\uFEFF"))
		}
		for err == bufio.ErrBufferFull { // the rest of a long line
			_, err = br.ReadSlice('\n')
		}
		line = bytes.TrimRight(line, "\r\n")
		if len(line) > 0 || err == nil {
			fn(line)
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// AsciiDoc returns the anchors of an AsciiDoc document: the ids
// Asciidoctor generates for its section titles ("== Install" is
// "_install", by the idprefix and idseparator attributes the document
// sets, "_" by default, and "install" too when it sets neither, as a
// site may for all its pages; a repeated id gets "_2", "_3"), the titles
// themselves (<<Install>>), and the explicit anchors, [[id]], [#id],
// anchor:id[]. Listing, literal and comment blocks are skipped.
func AsciiDoc(r io.Reader) (*Set, error) {
	s := &Set{}
	prefix, sep, sectids := "_", "_", true
	set := false     // the document sets idprefix or idseparator itself
	var delim []byte // the open delimited block that holds no anchors
	var prev []byte  // the last line, when a paragraph's: a title, if this underlines it
	section := func(title string) {
		if !sectids {
			s.add(title)
			return
		}
		s.addUnique(asciidocID(title, prefix, sep), sep)
		if !set {
			// Sites set both for all their pages, most often to
			// "" and "-" (Antora's own docs do): a page that does
			// not say is taken to have either.
			s.addUnique(asciidocID(title, "", "-"), "-")
		}
		// <<Section Title>>, a natural cross reference, finds the
		// section by its title.
		s.add(title)
	}
	// A piece for others to include has no title of its own: its first
	// line of content is none, nor is it underlined with '='.
	const (
		titleUnknown = iota
		titleNext    // the first line of content may be underlined
		titleKnown
	)
	titled := titleUnknown
	err := eachLine(r, func(line []byte) {
		title := prev
		prev = prev[:0]
		switch t := bytes.TrimRight(line, " \t"); {
		case titled == titleNext:
			titled = titleKnown
			if len(t) < 2 || !onlyByte(t, '=') || absInt(utf8.RuneCount(title)-len(t)) >= 2 {
				s.partial = true
			}
		case titled == titleUnknown && len(t) > 0 && !bytes.HasPrefix(t, []byte("//")) && t[0] != ':' && t[0] != '[':
			titled = titleKnown
			if !bytes.HasPrefix(t, []byte("= ")) && !bytes.HasPrefix(t, []byte("# ")) {
				titled = titleNext
			}
		}
		if delim != nil {
			if bytes.Equal(bytes.TrimRight(line, " \t"), delim) {
				delim = nil
			}
			return
		}
		t := bytes.TrimRight(line, " \t")
		// "NAME" then "----", as long give or take one: a two-line
		// section title, which Asciidoctor reads before a delimiter.
		if len(title) > 0 && len(t) >= 2 && strings.IndexByte("=-~^+", t[0]) >= 0 && onlyByte(t, t[0]) && absInt(utf8.RuneCount(title)-len(t)) < 2 {
			if t[0] != '=' { // '=' underlines the document's title
				section(strings.TrimSpace(string(title)))
			}
			return
		}
		if len(t) >= 4 && (onlyByte(t, '-') || onlyByte(t, '.') || onlyByte(t, '/') || onlyByte(t, '+')) || bytes.Equal(t, []byte("```")) {
			delim = append([]byte(nil), t...)
			return
		}
		if bytes.HasPrefix(line, []byte("//")) {
			return
		}
		if bytes.HasPrefix(line, []byte("include::")) {
			s.partial = true
		}
		if name, value, ok := attributeEntry(line); ok {
			switch name {
			case "idprefix":
				prefix, set = value, true
			case "idseparator":
				sep, set = value, true
			case "sectids!", "!sectids":
				sectids = false
			case "sectids":
				sectids = true
			}
			return
		}
		explicitAsciiDoc(s, line)
		level := 0
		for level < len(line) && (line[level] == '=' || line[level] == '#') && line[level] == line[0] {
			level++
		}
		if level >= 1 && level <= 6 && level < len(line) && line[level] == ' ' {
			if level > 1 { // "= Title" is the document's
				section(strings.TrimSpace(strings.TrimRight(strings.TrimSpace(string(line[level:])), "=")))
			}
			return
		}
		if len(t) > 0 && t[0] > ' ' && t[0] != '.' && t[0] != '[' {
			prev = append(prev, t...)
		}
	})
	if err != nil {
		return nil, err
	}
	return s, nil
}

// attributeEntry reads ":name: value".
func attributeEntry(line []byte) (name, value string, ok bool) {
	if len(line) < 3 || line[0] != ':' {
		return "", "", false
	}
	end := bytes.IndexByte(line[1:], ':')
	if end < 1 {
		return "", "", false
	}
	return string(line[1 : 1+end]), strings.TrimSpace(string(line[2+end:])), true
}

// explicitAsciiDoc adds the explicit anchors of an AsciiDoc line:
// [[id]] and [[id,text]], [#id] and [#id.role], anchor:id[].
func explicitAsciiDoc(s *Set, line []byte) {
	for i := 0; i < len(line); i++ {
		switch {
		case bytes.HasPrefix(line[i:], []byte("[[")):
			j := i + 2
			for j < len(line) && line[j] == '[' {
				j++
			}
			end := bytes.IndexAny(line[j:], ",]")
			if end > 0 {
				s.add(string(line[j : j+end]))
				i = j + end
			}
		case bytes.HasPrefix(line[i:], []byte("[#")) && (i == 0 || line[i-1] != '['):
			j := i + 2
			end := bytes.IndexAny(line[j:], ".%,]")
			if end > 0 {
				s.add(string(line[j : j+end]))
				i = j + end
			}
		case bytes.HasPrefix(line[i:], []byte("anchor:")):
			j := i + len("anchor:")
			end := bytes.IndexByte(line[j:], '[')
			if end > 0 {
				s.add(string(line[j : j+end]))
				i = j + end
			}
		}
	}
}

// asciidocID is the id Asciidoctor generates for a section title: the
// prefix, then the title lowercased, less its tags, character references
// and any character but a word's, a blank, '-' and '.', with each run of
// blanks, '_', '-' and '.' as one separator, none at the end.
func asciidocID(title, prefix, sep string) string {
	var b strings.Builder
	b.WriteString(prefix)
	title = strings.ToLower(title)
	run := false
	for i := 0; i < len(title); {
		if title[i] == '<' {
			if j := strings.IndexByte(title[i:], '>'); j > 1 {
				i += j + 1
				continue
			}
		}
		if title[i] == '&' {
			if j := strings.IndexByte(title[i:], ';'); j > 1 && j < 10 {
				i += j + 1
				continue
			}
		}
		r, size := utf8.DecodeRuneInString(title[i:])
		i += size
		switch {
		case r == ' ' || r == '_' || r == '-' || r == '.':
			run = true
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Pc, r):
			if run && b.Len() > 0 && !strings.HasSuffix(b.String(), sep) {
				b.WriteString(sep)
			}
			run = false
			b.WriteRune(r)
		}
	}
	id := b.String()
	if prefix == "" {
		id = strings.TrimPrefix(id, sep)
	}
	return id
}

// RST returns the anchors of a reStructuredText document: the ids
// docutils makes of its section titles and of its explicit targets,
// ".. _name:", by make_id: ASCII letters and digits, lowercase, each run
// of anything else one '-', none at the ends, no leading digit.
func RST(r io.Reader) (*Set, error) {
	s := &Set{}
	var prev []byte // the last line, a section title when this underlines it
	literal := false
	err := eachLine(r, func(line []byte) {
		t := bytes.TrimRight(line, " \t")
		if literal {
			if len(t) > 0 && t[0] != ' ' && t[0] != '\t' {
				literal = false
			} else {
				prev = prev[:0]
				return
			}
		}
		if bytes.HasPrefix(t, []byte(".. include::")) {
			s.partial = true
		}
		if rest, ok := bytes.CutPrefix(t, []byte(".. _")); ok {
			if end := bytes.LastIndexByte(rest, ':'); end > 0 {
				name := bytes.Trim(rest[:end], "`")
				s.add(makeID(string(name)))
			}
		}
		if underline(t) && len(prev) > 0 && prev[0] != ' ' && prev[0] != '\t' && len(t) >= utf8.RuneCount(prev) && !underline(prev) {
			s.add(makeID(string(prev)))
		}
		if bytes.HasSuffix(t, []byte("::")) {
			literal = true
		}
		prev = append(prev[:0], t...)
	})
	if err != nil {
		return nil, err
	}
	return s, nil
}

// underline reports whether t is a reST section adornment: one
// punctuation character repeated, at least as long as the title, which
// the caller checks.
func underline(t []byte) bool {
	if len(t) < 2 || !strings.ContainsRune("=-`:'\"~^_*+#<>!$%&(),./;?@[\\]{|}", rune(t[0])) {
		return false
	}
	return onlyByte(t, t[0])
}

func onlyByte(t []byte, c byte) bool {
	for _, b := range t {
		if b != c {
			return false
		}
	}
	return true
}

// makeID is docutils' make_id: the name decomposed to ASCII, lowercase,
// each run of characters other than letters and digits one '-', and no
// '-' or digit at its start, no '-' at its end.
func makeID(name string) string {
	name = norm.NFKD.String(name)
	var b strings.Builder
	dash := false
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		switch {
		case c >= 'a' && c <= 'z' || c >= '0' && c <= '9':
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			if b.Len() == 0 && c >= '0' && c <= '9' {
				continue
			}
			b.WriteByte(c)
		case c >= 0x80:
			// a non-ASCII byte NFKD left: dropped, as encode('ascii', 'ignore') does
		default:
			dash = true
		}
	}
	return b.String()
}

// addUnique adds id, or, when s has it, id followed by sep and the
// first number from 2 that makes it new, as Asciidoctor does.
func (s *Set) addUnique(id, sep string) {
	if !s.Has(id) {
		s.add(id)
		return
	}
	for n := 2; ; n++ {
		if c := id + sep + strconv.Itoa(n); !s.Has(c) {
			s.add(c)
			return
		}
	}
}

func absInt(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
