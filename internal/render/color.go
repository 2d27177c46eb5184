package render

import (
	"io"
	"os"
	"strings"

	"github.com/fatih/color"
	"github.com/mattn/go-isatty"
)

// ColorModes lists the values of --color.
var ColorModes = []string{"auto", "always", "never"}

// UseColor decides whether to color the stream w under mode. "auto"
// colors only a terminal, and never when NO_COLOR is set (no-color.org)
// or TERM is "dumb". getenv is injected so tests need not touch the
// process environment.
func UseColor(mode string, w io.Writer, getenv func(string) string) bool {
	switch mode {
	case "always":
		return true
	case "never":
		return false
	}
	if getenv("NO_COLOR") != "" || getenv("TERM") == "dumb" {
		return false
	}
	return IsTerminal(w)
}

// IsTerminal reports whether s is a terminal.
func IsTerminal(s any) bool {
	f, ok := s.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}

// Palette is how output for people looks. It is the one place colors are
// chosen: each component has one color, used the same way by every
// renderer. And it holds the Passwords that every renderer for people
// masks by, as every one is built with a palette.
type Palette struct {
	Scheme, Authority, Userinfo, Host, Port, Path, Query, Fragment *color.Color
	Error, Warning, Note, Caret, Label, Dim, OK                    *color.Color
	// On says the palette colors: without color, renderers mark with
	// text what color would show.
	On        bool
	Passwords Passwords
}

// NewPalette returns a palette that colors only when on is true, and
// masks the passwords that pw finds. Each color is switched on or off by
// itself, so stdout and stderr can differ without touching fatih/color's
// global switch.
func NewPalette(on bool, pw Passwords) *Palette {
	p := &Palette{
		Scheme:    color.New(color.FgMagenta, color.Bold),
		Authority: color.New(color.FgBlue),
		Userinfo:  color.New(color.FgYellow),
		Host:      color.New(color.FgBlue, color.Bold),
		Port:      color.New(color.FgCyan),
		Path:      color.New(color.FgGreen),
		Query:     color.New(color.FgHiMagenta),
		Fragment:  color.New(color.FgRed),
		Error:     color.New(color.FgRed, color.Bold),
		Warning:   color.New(color.FgYellow, color.Bold),
		Note:      color.New(color.FgCyan, color.Bold), // neither alarm's color: nothing is wrong
		Caret:     color.New(color.FgRed, color.Bold),
		Label:     color.New(color.Bold),
		Dim:       color.New(color.Faint),
		OK:        color.New(color.FgGreen, color.Bold),
		On:        on,
		Passwords: pw,
	}
	for _, c := range []*color.Color{p.Scheme, p.Authority, p.Userinfo, p.Host, p.Port, p.Path,
		p.Query, p.Fragment, p.Error, p.Warning, p.Note, p.Caret, p.Label, p.Dim, p.OK} {
		if on {
			c.EnableColor()
		} else {
			c.DisableColor()
		}
	}
	return p
}

// paint writes s in c, or as it is when the palette is off, without the
// fmt call that color makes even then: diagnostics for a long run of
// invalid input spend their time here.
func (p *Palette) paint(w Writer, c *color.Color, s string) {
	if p.On {
		w.WriteString(c.Sprint(s))
		return
	}
	w.WriteString(s)
}

// Ink is a color as the escape sequences that open and close it, both
// empty when the color is off. The breakdown writes hundreds of colored
// strings per input: color's Sprint builds the sequences anew through
// fmt, and allocates, on every call, which was most of its time.
type Ink struct{ On, Off string }

// InkOf reads c's sequences off what c makes of a marker byte.
func InkOf(c *color.Color) Ink {
	on, off, _ := strings.Cut(c.Sprint("\x00"), "\x00")
	return Ink{on, off}
}

// Append appends s in k's color. Without color it appends s alone: the
// empty sequences would cost a copy call each.
func (k Ink) Append(b []byte, s string) []byte {
	return k.Close(append(k.Open(b), s...))
}

// Open and Close append k's sequences around what is appended between.
func (k Ink) Open(b []byte) []byte {
	if k.On == "" {
		return b
	}
	return append(b, k.On...)
}

// Close: see Open.
func (k Ink) Close(b []byte) []byte {
	if k.Off == "" {
		return b
	}
	return append(b, k.Off...)
}

// Paint is s in k's color, for text painted once and written often.
func (k Ink) Paint(s string) string { return k.On + s + k.Off }
