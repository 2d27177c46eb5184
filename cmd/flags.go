package cmd

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// The flag values below check what they are given themselves, so a value
// from a flag, a URITOOL_* variable or the config file goes through the
// same check, and help names the value (FORMAT, SCHEME=PORT), not a Go
// type.

// choice is a flag with a fixed set of values.
type choice struct {
	value   string
	choices []string
	name    string // what help shows, e.g. FORMAT
}

func newChoice(def, name string, choices ...string) *choice {
	return &choice{value: def, choices: choices, name: name}
}

func (c *choice) String() string { return c.value }
func (c *choice) Type() string   { return c.name }
func (c *choice) Set(s string) error {
	if !slices.Contains(c.choices, s) {
		return fmt.Errorf("invalid value %q (want %s)", s, orList(c.choices))
	}
	c.value = s
	return nil
}

// addChoice defines a flag with fixed values, completed from its choices;
// usage names the values.
func addChoice(c *cobra.Command, v *choice, name, usage string) {
	c.Flags().Var(v, name, usage)
	_ = c.RegisterFlagCompletionFunc(name, fixedCompletion(v.choices))
}

// orList writes "a, b or c".
func orList(values []string) string {
	if len(values) < 2 {
		return strings.Join(values, "")
	}
	return strings.Join(values[:len(values)-1], ", ") + " or " + values[len(values)-1]
}

// jsonAlias is --json: the same as --format json. It is not a setting of
// its own, so it has no config key or variable.
type jsonAlias struct{ format *choice }

func (j jsonAlias) String() string { return strconv.FormatBool(j.format.value == "json") }
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

// addFormat defines --format with the given formats and --json as its
// alias.
func addFormat(c *cobra.Command, formats ...string) *choice {
	format := newChoice(formats[0], "FORMAT", formats...)
	addChoice(c, format, "format", "output format: "+orList(formats))
	f := c.Flags().VarPF(jsonAlias{format}, "json", "", "the same as --format json")
	f.NoOptDefVal = "true"
	return format
}

// isAlias reports flags that only stand for another flag's value.
func isAlias(f *pflag.Flag) bool { _, ok := f.Value.(jsonAlias); return ok }

// schemeList is --scheme: schemes by RFC 3986 section 3.1, any case.
type schemeList struct{ schemes []string }

func (l *schemeList) String() string { return strings.Join(l.schemes, ",") }
func (l *schemeList) Type() string   { return "SCHEME,..." }
func (l *schemeList) Set(s string) error {
	var out []string
	for _, part := range strings.Split(s, ",") {
		if err := checkScheme(part); err != nil {
			return err
		}
		out = append(out, part)
	}
	l.schemes = append(l.schemes, out...)
	return nil
}

// Replace lets a config list replace the value instead of adding to it.
func (l *schemeList) Replace(values []string) error {
	l.schemes = nil
	for _, v := range values {
		if err := l.Set(v); err != nil {
			return err
		}
	}
	return nil
}
func (l *schemeList) Append(v string) error { return l.Set(v) }
func (l *schemeList) GetSlice() []string    { return l.schemes }

// checkScheme applies scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
// (RFC 3986 section 3.1), with a hint for the usual slip of adding ":".
func checkScheme(s string) error {
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

// portMap is --default-port SCHEME=PORT,...: extra default ports.
type portMap struct{ ports map[string]string }

func (m *portMap) Type() string { return "SCHEME=PORT,..." }
func (m *portMap) String() string {
	keys := make([]string, 0, len(m.ports))
	for k := range m.ports {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for i, k := range keys {
		keys[i] = k + "=" + m.ports[k]
	}
	return strings.Join(keys, ",")
}
func (m *portMap) Set(s string) error {
	for _, pair := range strings.Split(s, ",") {
		scheme, port, ok := strings.Cut(pair, "=")
		if !ok {
			return fmt.Errorf("invalid default port %q (want SCHEME=PORT, for example gopher=70)", pair)
		}
		if err := checkScheme(scheme); err != nil {
			return err
		}
		n, err := strconv.Atoi(port)
		if err != nil || n < 0 || n > 65535 || port == "" || port[0] < '0' || port[0] > '9' {
			return fmt.Errorf("invalid port %q for %s (want a number from 0 to 65535)", port, scheme)
		}
		if m.ports == nil {
			m.ports = map[string]string{}
		}
		m.ports[strings.ToLower(scheme)] = strconv.Itoa(n)
	}
	return nil
}

// iriUsage describes --iri, which every command that reads IRIs shares.
const iriUsage = "accept IRIs (RFC 3987): non-ASCII characters of ucschar in every component, iprivate in the query"

// namesList is a comma-separated flag of names from a fixed set, such as
// lint rules or components; repeating the flag adds to the list.
type namesList struct {
	names *[]string
	known []string
	what  string // "rule", for messages
	typ   string
}

func (l *namesList) Type() string   { return l.typ }
func (l *namesList) String() string { return joinList(*l.names) }
func (l *namesList) Set(s string) error {
	for _, n := range strings.Split(s, ",") {
		if !slices.Contains(l.known, n) {
			return fmt.Errorf("unknown %s %q (want %s)", l.what, n, orList(l.known))
		}
		*l.names = append(*l.names, n)
	}
	return nil
}
func (l *namesList) Replace(v []string) error {
	*l.names = nil
	for _, s := range v {
		if err := l.Set(s); err != nil {
			return err
		}
	}
	return nil
}
func (l *namesList) Append(v string) error { return l.Set(v) }
func (l *namesList) GetSlice() []string    { return *l.names }
