// Command gen writes uritool's shell completions and man pages from the
// command tree, so they cannot drift from the flags. Run it with
// "go generate ./..." from the repository root; CI fails when the files it
// writes differ from the checked-in ones.
package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
	"github.com/spf13/pflag"

	"github.com/uritool/uritool/cmd"
)

func main() {
	if err := run("."); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(dir string) error {
	root := cmd.NewRootCmd(&cmd.IOStreams{In: strings.NewReader(""), Out: io.Discard, ErrOut: io.Discard})
	// The version depends on the build; a fixed one keeps the files stable.
	root.Version = ""
	if err := completions(root, filepath.Join(dir, "completions")); err != nil {
		return err
	}
	return manPages(root, filepath.Join(dir, "man"))
}

func completions(root *cobra.Command, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for name, gen := range map[string]func(io.Writer) error{
		"uritool.bash": func(w io.Writer) error { return root.GenBashCompletionV2(w, true) },
		"_uritool":     root.GenZshCompletion,
		"uritool.fish": func(w io.Writer) error { return root.GenFishCompletion(w, true) },
		"uritool.ps1":  root.GenPowerShellCompletionWithDesc,
	} {
		var b bytes.Buffer
		if err := gen(&b); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// manPages writes one page per command. cobra's generator gives NAME,
// SYNOPSIS, DESCRIPTION, OPTIONS and EXAMPLE; each page then gets EXIT
// STATUS and, for commands that write JSON, JSON FIELDS, from the
// command's annotations.
func manPages(root *cobra.Command, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	// A fixed date keeps the pages reproducible, so CI can tell stale
	// ones; move it when the pages change in substance.
	date := time.Date(2026, time.November, 1, 0, 0, 0, 0, time.UTC)
	header := &doc.GenManHeader{Title: "URITOOL", Section: "1", Source: "uritool", Manual: "uritool manual", Date: &date}
	var walk func(c *cobra.Command) error
	walk = func(c *cobra.Command) error {
		if !c.IsAvailableCommand() && c != root {
			return nil
		}
		c.DisableAutoGenTag = true
		var b bytes.Buffer
		h := *header
		h.Title = strings.ToUpper(strings.ReplaceAll(c.CommandPath(), " ", "-"))
		restore := literal(c)
		err := doc.GenMan(c, &h, &b)
		restore()
		if err != nil {
			return err
		}
		page := strings.Replace(b.String(), ".SH EXAMPLE\n", ".SH EXAMPLES\n", 1)
		page = addSections(page, c)
		name := strings.ReplaceAll(c.CommandPath(), " ", "-") + ".1"
		if err := os.WriteFile(filepath.Join(dir, name), []byte(page), 0o644); err != nil {
			return err
		}
		for _, sub := range c.Commands() {
			if err := walk(sub); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(root)
}

// literal makes the help text of c, and of its flags, literal for cobra's
// man page generator, which reads it as Markdown: "*", "_", "<...>" and
// "[...]" were emphasis, tags and links there, and vanished from the
// page ("emphasis (, _, ~)"). It returns what puts the text back.
func literal(c *cobra.Command) (restore func()) {
	long, short := c.Long, c.Short
	c.Long, c.Short = markdownLiteral(long), markdownLiteral(short)
	type saved struct {
		f     *pflag.Flag
		usage string
	}
	var flags []saved
	visit := func(f *pflag.Flag) {
		flags = append(flags, saved{f, f.Usage})
		f.Usage = markdownLiteral(f.Usage)
	}
	c.NonInheritedFlags().VisitAll(visit)
	c.InheritedFlags().VisitAll(visit)
	return func() {
		c.Long, c.Short = long, short
		for _, s := range flags {
			s.f.Usage = s.usage
		}
	}
}

// markdownLiteral escapes what Markdown would read as markup, so that the
// text comes out as written; but not in Markdown's code blocks (a line
// indented by a tab or four spaces after a blank line, as cobra's own
// completion help writes them), which it shows as written already.
func markdownLiteral(s string) string {
	var b strings.Builder
	blank, code := true, false
	for i, line := range strings.Split(s, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		indented := strings.HasPrefix(line, "\t") || strings.HasPrefix(line, "    ")
		switch {
		case strings.TrimSpace(line) == "":
			blank = true
			b.WriteString(line)
			continue
		case indented && (blank || code):
			code, blank = true, false
			b.WriteString(line)
			continue
		}
		code, blank = false, false
		// A line's first mark would start a list or a heading.
		first := len(line) - len(strings.TrimLeft(line, " "))
		for j := 0; j < len(line); j++ {
			if strings.IndexByte("\\`*_[]<>&", line[j]) >= 0 || j == first && strings.IndexByte("-+#", line[j]) >= 0 {
				b.WriteByte('\\')
			}
			b.WriteByte(line[j])
		}
	}
	return b.String()
}

// addSections puts COMMANDS (on uritool(1)), EXIT STATUS, JSON FIELDS,
// ENVIRONMENT and FILES before SEE ALSO.
func addSections(page string, c *cobra.Command) string {
	var extra strings.Builder
	if c == c.Root() {
		extra.WriteString(".SH COMMANDS\n")
		var list strings.Builder
		for _, sub := range c.Commands() {
			if sub.IsAvailableCommand() {
				fmt.Fprintf(&list, "  %s\n      %s\n", sub.Name(), sub.Short)
			}
		}
		extra.WriteString(roff(list.String()))
	}
	extra.WriteString(".SH EXIT STATUS\n")
	extra.WriteString(roff(exitStatus(c)))
	if fields := c.Annotations[cmd.AnnotationJSONFields]; fields != "" {
		extra.WriteString(".SH JSON FIELDS\n")
		extra.WriteString(roff(fields))
	}
	extra.WriteString(".SH ENVIRONMENT\n")
	extra.WriteString(roff(cmd.EnvironmentDoc(c)))
	extra.WriteString(".SH FILES\n")
	extra.WriteString(roff(cmd.FilesDoc))
	if i := strings.Index(page, ".SH SEE ALSO"); i >= 0 {
		return page[:i] + extra.String() + page[i:]
	}
	return page + extra.String()
}

func exitStatus(c *cobra.Command) string {
	if s := c.Annotations[cmd.AnnotationExitStatus]; s != "" {
		return s
	}
	return cmd.DefaultExitStatus
}

// roff turns plain paragraphs into roff: a blank line starts a new
// paragraph and lines starting with "  " are kept as written.
func roff(text string) string {
	var b strings.Builder
	for _, para := range strings.Split(strings.Trim(text, "\n"), "\n\n") {
		lines := strings.Split(para, "\n")
		if strings.HasPrefix(lines[0], "  ") {
			b.WriteString(".PP\n.RS 4\n.nf\n")
			for _, l := range lines {
				b.WriteString(escape(strings.TrimPrefix(l, "  ")) + "\n")
			}
			b.WriteString(".fi\n.RE\n")
			continue
		}
		b.WriteString(".PP\n")
		for _, l := range lines {
			b.WriteString(escape(l) + "\n")
		}
	}
	return b.String()
}

// escape keeps roff from reading a leading "." or "'" as a request, and
// backslashes as escapes.
func escape(line string) string {
	line = strings.ReplaceAll(line, `\`, `\e`)
	if strings.HasPrefix(line, ".") || strings.HasPrefix(line, "'") {
		line = `\&` + line
	}
	return line
}
