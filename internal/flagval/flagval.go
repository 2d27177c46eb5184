// Package flagval holds the values of uritool's flags: fixed choices,
// scheme lists, default ports and name lists, each checking what it is
// given itself, so that a value from a flag, a URITOOL_* variable or the
// config file goes through the same check; and their shell completions.
package flagval

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/uritool/uritool/internal/glob"
	"github.com/uritool/uritool/pkg/uri"
)

// The flag values below check what they are given themselves, so a value
// from a flag, a URITOOL_* variable or the config file goes through the
// same check, and help names the value (FORMAT, SCHEME=PORT), not a Go
// type.

// Choice is a flag with a fixed set of values.
type Choice struct {
	Value   string
	choices []string
	name    string // what help shows, e.g. FORMAT
}

// NewChoice returns a Choice of choices, set to def; name is what help
// shows for its value.
func NewChoice(def, name string, choices ...string) *Choice {
	return &Choice{Value: def, choices: choices, name: name}
}

// Accepts reports whether s is one of c's choices, leaving c as it is.
func (c *Choice) Accepts(s string) bool { return slices.Contains(c.choices, s) }

func (c *Choice) String() string { return c.Value }
func (c *Choice) Type() string   { return c.name }
func (c *Choice) Set(s string) error {
	if !slices.Contains(c.choices, s) {
		return fmt.Errorf("invalid value %q (want %s)", s, OrList(c.choices))
	}
	c.Value = s
	return nil
}

// AddChoice defines a flag with fixed values, completed from its choices;
// usage names the values.
func AddChoice(c *cobra.Command, v *Choice, name, usage string) {
	c.Flags().Var(v, name, usage)
	_ = c.RegisterFlagCompletionFunc(name, FixedCompletion(v.choices))
}

// OrList writes "a, b or c".
func OrList(values []string) string {
	if len(values) < 2 {
		return strings.Join(values, "")
	}
	return strings.Join(values[:len(values)-1], ", ") + " or " + values[len(values)-1]
}

// jsonAlias is --json: the same as --format json. It is not a setting of
// its own, so it has no config key or variable.
type jsonAlias struct{ format *Choice }

func (j jsonAlias) String() string { return strconv.FormatBool(j.format.Value == "json") }
func (j jsonAlias) Type() string   { return "bool" }
func (j jsonAlias) Set(s string) error {
	on, err := strconv.ParseBool(s)
	if err != nil {
		return fmt.Errorf("invalid value %q (want true or false)", s)
	}
	if on {
		return j.format.Set("json")
	}
	return nil
}

// AddFormat defines --format with the given formats and --json as its
// alias.
func AddFormat(c *cobra.Command, formats ...string) *Choice {
	format := NewChoice(formats[0], "FORMAT", formats...)
	AddChoice(c, format, "format", "output format: "+OrList(formats))
	f := c.Flags().VarPF(jsonAlias{format}, "json", "", "the same as --format json")
	f.NoOptDefVal = "true"
	return format
}

// IsAlias reports flags that only stand for another flag's value.
func IsAlias(f *pflag.Flag) bool { _, ok := f.Value.(jsonAlias); return ok }

// SchemeList is --scheme: schemes by RFC 3986 section 3.1, any case.
type SchemeList struct{ Values []string }

func (l *SchemeList) String() string { return strings.Join(l.Values, ",") }
func (l *SchemeList) Type() string   { return "SCHEME,..." }
func (l *SchemeList) Set(s string) error {
	var out []string
	for _, part := range strings.Split(s, ",") {
		if err := CheckScheme(part); err != nil {
			return err
		}
		out = append(out, part)
	}
	l.Values = append(l.Values, out...)
	return nil
}

// Replace lets a config list replace the value instead of adding to it.
func (l *SchemeList) Replace(values []string) error {
	l.Values = nil
	for _, v := range values {
		if err := l.Set(v); err != nil {
			return err
		}
	}
	return nil
}
func (l *SchemeList) Append(v string) error { return l.Set(v) }
func (l *SchemeList) GetSlice() []string    { return l.Values }

// CheckScheme applies scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
// (RFC 3986 section 3.1), with a hint for the usual slip of adding ":".
func CheckScheme(s string) error {
	if s == "" {
		return fmt.Errorf("empty scheme")
	}
	if i := strings.IndexByte(s, ':'); i >= 0 {
		return fmt.Errorf("invalid scheme %q: give the name without %q (for example %q)", s, s[i:], s[:i])
	}
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		alpha := c >= 'a' && c <= 'z'
		if !alpha && (i == 0 || !(s[i] >= '0' && s[i] <= '9' || s[i] == '+' || s[i] == '-' || s[i] == '.')) {
			return fmt.Errorf("invalid scheme %q: a scheme is a letter followed by letters, digits, \"+\", \"-\" or \".\" (RFC 3986 section 3.1)", s)
		}
	}
	return nil
}

// PortMap is --default-port SCHEME=PORT,...: extra default ports.
type PortMap struct{ Ports map[string]string }

func (m *PortMap) Type() string { return "SCHEME=PORT,..." }
func (m *PortMap) String() string {
	keys := make([]string, 0, len(m.Ports))
	for k := range m.Ports {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for i, k := range keys {
		keys[i] = k + "=" + m.Ports[k]
	}
	return strings.Join(keys, ",")
}
func (m *PortMap) Set(s string) error {
	for _, pair := range strings.Split(s, ",") {
		scheme, port, ok := strings.Cut(pair, "=")
		if !ok {
			return fmt.Errorf("invalid default port %q (want SCHEME=PORT, for example gopher=70)", pair)
		}
		if err := CheckScheme(scheme); err != nil {
			return err
		}
		n, err := strconv.Atoi(port)
		if err != nil || n < 0 || n > 65535 || port == "" || port[0] < '0' || port[0] > '9' {
			return fmt.Errorf("invalid port %q for %s (want a number from 0 to 65535)", port, scheme)
		}
		if m.Ports == nil {
			m.Ports = map[string]string{}
		}
		m.Ports[strings.ToLower(scheme)] = strconv.Itoa(n)
	}
	return nil
}

// NamesList is a comma-separated flag of names from a fixed set, such as
// lint rules or components; repeating the flag adds to the list.
type NamesList struct {
	names *[]string
	known []string
	what  string // "rule", for messages
	typ   string
}

// NewNamesList is a list of names from known kept in names; what names
// one ("rule") in messages, typ is what help shows ("RULE,...").
func NewNamesList(names *[]string, known []string, what, typ string) *NamesList {
	return &NamesList{names, known, what, typ}
}

func (l *NamesList) Type() string   { return l.typ }
func (l *NamesList) String() string { return JoinList(*l.names) }
func (l *NamesList) Set(s string) error {
	for _, n := range strings.Split(s, ",") {
		if !slices.Contains(l.known, n) {
			return fmt.Errorf("unknown %s %q (want %s)", l.what, n, OrList(l.known))
		}
		*l.names = append(*l.names, n)
	}
	return nil
}
func (l *NamesList) Replace(v []string) error {
	*l.names = nil
	for _, s := range v {
		if err := l.Set(s); err != nil {
			return err
		}
	}
	return nil
}
func (l *NamesList) Append(v string) error { return l.Set(v) }
func (l *NamesList) GetSlice() []string    { return *l.names }

// Checked is a repeatable flag whose values check accepts; each use adds
// one value, whole (a URL may hold a comma), as pflag's StringArray.
type Checked struct {
	values *[]string
	typ    string
	check  func(string) error
}

// NewChecked is a Checked that keeps its values in values; typ is what
// help shows ("URL").
func NewChecked(values *[]string, typ string, check func(string) error) *Checked {
	return &Checked{values, typ, check}
}

func (l *Checked) Type() string   { return l.typ }
func (l *Checked) String() string { return JoinList(*l.values) }
func (l *Checked) Set(s string) error {
	if err := l.check(s); err != nil {
		return err
	}
	*l.values = append(*l.values, s)
	return nil
}
func (l *Checked) Replace(v []string) error {
	*l.values = nil
	for _, s := range v {
		if err := l.Set(s); err != nil {
			return err
		}
	}
	return nil
}
func (l *Checked) Append(v string) error { return l.Set(v) }
func (l *Checked) GetSlice() []string    { return *l.values }

// JoinList writes "a, b, c".
func JoinList(values []string) string { return strings.Join(values, ", ") }

// ListCompletion completes a comma-separated list flag item by item.
func ListCompletion(values []string) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		done := ""
		if i := strings.LastIndexByte(toComplete, ','); i >= 0 {
			done = toComplete[:i+1]
		}
		out := make([]string, 0, len(values))
		for _, v := range values {
			if !strings.Contains(","+done, ","+v+",") {
				out = append(out, done+v)
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
	}
}

// FixedCompletion completes a flag from a fixed list of values.
func FixedCompletion(values []string) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return values, cobra.ShellCompDirectiveNoFileComp
	}
}

// Components is a comma-separated list of component names (scheme,
// authority, userinfo, host, port, path, query, fragment); repeating the
// flag adds to it.
type Components struct{ dst *[]uri.Component }

// NewComponents keeps the components in dst.
func NewComponents(dst *[]uri.Component) *Components { return &Components{dst} }

// ComponentNames are the names Components reads, in order.
var ComponentNames = func() (names []string) {
	for c := range uri.ComponentFragment + 1 {
		names = append(names, c.String())
	}
	return names
}()

func (l *Components) Type() string { return "COMPONENT,..." }
func (l *Components) String() string {
	names := make([]string, len(*l.dst))
	for i, c := range *l.dst {
		names[i] = c.String()
	}
	return JoinList(names)
}
func (l *Components) Set(s string) error {
	for _, n := range strings.Split(s, ",") {
		i := slices.Index(ComponentNames, n)
		if i < 0 {
			return fmt.Errorf("unknown component %q (want %s)", n, OrList(ComponentNames))
		}
		*l.dst = append(*l.dst, uri.Component(i))
	}
	return nil
}

// Extensions is a comma-separated list of path extensions, given with or
// without their dot.
type Extensions struct{ dst *[]string }

// NewExtensions keeps the extensions in dst, lowercase and without dot.
func NewExtensions(dst *[]string) *Extensions { return &Extensions{dst} }

func (l *Extensions) Type() string   { return "EXT,..." }
func (l *Extensions) String() string { return strings.Join(*l.dst, ",") }
func (l *Extensions) Set(s string) error {
	for _, e := range strings.Split(s, ",") {
		e = strings.ToLower(strings.TrimPrefix(e, "."))
		if e == "" || strings.ContainsAny(e, "/.?#") {
			return fmt.Errorf("invalid extension %q (want a name such as png or .png)", e)
		}
		*l.dst = append(*l.dst, e)
	}
	return nil
}

// HostGlobs is a repeatable glob of hosts in path.Match syntax: * ? [...]
// and \. They are kept lowercased: a host's name knows no case (RFC 3986
// section 3.2.2), and the host is matched lowercased, so EXAMPLE.COM must
// match it too.
type HostGlobs struct{ dst *[]glob.Name }

// NewHostGlobs keeps the globs in dst.
func NewHostGlobs(dst *[]glob.Name) *HostGlobs { return &HostGlobs{dst} }

func (l *HostGlobs) Type() string { return "GLOB" }
func (l *HostGlobs) String() string {
	texts := make([]string, len(*l.dst))
	for i := range *l.dst {
		texts[i] = (*l.dst)[i].String()
	}
	return strings.Join(texts, " ")
}
func (l *HostGlobs) Set(s string) error {
	g, err := glob.ParseName(strings.ToLower(s))
	if err != nil {
		return fmt.Errorf("invalid glob %q: %v", s, err)
	}
	*l.dst = append(*l.dst, g)
	return nil
}

// PathGlobs is a repeatable glob of paths, in the one glob language of
// the tool's paths, gitignore's (internal/glob): "*.php" matches the
// last segment wherever it is, "/static/*" from the start, "**" any
// number of segments.
type PathGlobs struct {
	dst   *[]glob.Pattern
	texts []string
}

// NewPathGlobs keeps the globs in dst.
func NewPathGlobs(dst *[]glob.Pattern) *PathGlobs { return &PathGlobs{dst: dst} }

func (l *PathGlobs) Type() string   { return "GLOB" }
func (l *PathGlobs) String() string { return strings.Join(l.texts, " ") }
func (l *PathGlobs) Set(s string) error {
	g, err := glob.Parse(s)
	if err != nil {
		return fmt.Errorf("invalid glob %q: %v", s, err)
	}
	*l.dst = append(*l.dst, g)
	l.texts = append(l.texts, s)
	return nil
}
