// Package edit changes the components of URI references strictly: each
// edit touches one component, the others stay byte for byte as written,
// and the result is checked against RFC 3986 by uri.Builder, so an edit
// that cannot stand is an error, never silently fixed.
package edit

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net/netip"
	"slices"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/uritool/uritool/internal/ascii"
	"github.com/uritool/uritool/internal/glob"
	"github.com/uritool/uritool/internal/idn"
	"github.com/uritool/uritool/internal/pct"
	"github.com/uritool/uritool/pkg/uri"
)

// Action is what an Op does.
type Action uint8

const (
	Set         Action = iota // Comp to Value, encoded for it (or as is with Raw)
	Unset                     // Comp undefined (the path empty)
	AppendPath                // one more path segment, encoded
	AppendQuery               // one more key=value pair, encoded
	DeleteQuery               // drop the pairs whose decoded key matches a glob
	KeepQuery                 // keep only the pairs whose decoded key matches a glob
	SortQuery                 // order the pairs by decoded key, stably
	SetQuery                  // replace the pairs of a key by one, or add it
	Replace                   // replace (or add to) the values of the pairs Globs choose
	Iterate                   // Set, once with each of Choices: see Combination
)

// isQueryEdit reports whether k edits the query's pairs.
func (a Action) isQueryEdit() bool { return AppendQuery <= a && a <= Replace }

// Components lists the names an Op's component takes.
// user and password are the two parts of the userinfo in its common
// "user:password" form (RFC 3986 section 3.2.1, which deprecates the
// password in clear text but defines nothing else): the user is what comes
// before the first ':', the password what follows it.
var Components = []string{"scheme", "userinfo", "user", "password", "host", "port", "path", "query", "fragment"}

// Op is one edit, as the flag that asked for it wrote it.
type Op struct {
	Action   Action
	Comp     string      // Set, Unset
	Value    string      // Set's value, AppendPath's segment
	Raw      bool        // Set with ":=": Value is already encoded
	IfAbsent bool        // Set with "?=": only when Comp is undefined or empty
	Key      string      // AppendQuery, SetQuery
	Bare     bool        // AppendQuery, SetQuery: the key has no "=VALUE"
	Globs    []glob.Name // DeleteQuery, KeepQuery; Replace: none chooses every pair
	Flag     string      // the flag as given, to name the edit in errors
	Choices  []Op        // Iterate: a Set for each value
	// Replace: the values, as the query holds them (EncodeValue), one
	// output each; Append adds a value to the one a pair has. Each gives
	// each chosen pair an output of its own, in which Pair (from 1) is
	// the one replaced; Pair 0 replaces every chosen pair. Apply makes a
	// Replace of one value; Outputs, one of several or with Each.
	Values []string
	Append bool
	Each   bool
	Pair   int
}

// Options apply to every edit.
type Options struct {
	// Separator splits a query into pairs: '&' (the default), or another
	// that ParseSeparator accepts.
	Separator byte
	// IRI edits IRIs (RFC 3987): values keep their non-ASCII characters
	// and the result is checked as an IRI reference.
	IRI bool
	// Form reads and writes the query's keys and values as an HTML form
	// does (application/x-www-form-urlencoded, not RFC 3986): a space is
	// "+", so a "+" in a key is a space to the globs that match it.
	Form bool
}

// encode percent-encodes plain text for c, keeping the characters an IRI
// allows there as they are when editing IRIs.
func (o Options) encode(c pct.Component, s string) string {
	if o.IRI {
		return pct.EncodeIRI(c, s)
	}
	return pct.Encode(c, s)
}

// queryValue percent-encodes plain text as a key or value of a query's
// pairs: the class of query values leaves out "&", ";", "=" and "+", and
// any other separator is encoded too. A form writes a space as "+".
func (o Options) queryValue(s string) string {
	s = o.encode(pct.QueryValue, s)
	if sep := o.Separator; sep != 0 && strings.IndexByte(s, sep) >= 0 {
		s = strings.ReplaceAll(s, string(sep), fmt.Sprintf("%%%02X", sep))
	}
	if o.Form {
		s = strings.ReplaceAll(s, "%20", "+")
	}
	return s
}

// key decodes a pair's key as written, as the globs match it.
func (o Options) key(k string) string {
	if o.Form && strings.IndexByte(k, '+') >= 0 {
		k = strings.ReplaceAll(k, "+", " ")
	}
	if strings.IndexByte(k, '%') >= 0 {
		k = uri.PercentDecode(k)
	}
	return k
}

// separator is o.Separator as a string, a piece of Separators: a
// string(o.Separator) that a split loop keeps is made anew on the heap,
// once for every input with a query.
func (o Options) separator() string {
	if i := strings.IndexByte(Separators, o.Separator); i >= 0 {
		return Separators[i : i+1]
	}
	return string(o.Separator)
}

// Error is an edit that cannot be made: the flag that asked, and why.
type Error struct {
	Flag string
	Err  error
	// Rule names the rule the edit breaks, when Err is not a
	// *uri.BuildError, which names its own.
	Rule string
}

func (e *Error) Error() string {
	if e.Flag == "" {
		return e.Err.Error() // a value checked before it is any flag's edit
	}
	return e.Flag + ": " + e.Err.Error()
}
func (e *Error) Unwrap() error { return e.Err }

// Separators are the characters that can separate query pairs: the
// reserved characters (RFC 3986 section 2.2) that a query holds as they are
// (section 3.4), but "=", which separates a key from its value.
const Separators = "&;!$'()*+,:@/?"

// ParseSeparator reads a query separator: one of Separators. An unreserved
// character cannot be one: its percent-encoding is the same character
// (section 2.3), so a key or value could not hold it apart from the
// separator.
func ParseSeparator(s string) (byte, error) {
	list := strings.Join(strings.Split(Separators, ""), " ")
	switch {
	case len(s) != 1:
		return 0, fmt.Errorf("%q: a query separator is one character: %s", s, list)
	case strings.IndexByte(Separators, s[0]) >= 0:
		return s[0], nil
	case s[0] == '=':
		return 0, fmt.Errorf(`"=" cannot separate pairs: it separates a key from its value; use one of %s`, list)
	case ascii.IsUnreserved(s[0]):
		return 0, fmt.Errorf("%q cannot separate pairs: it is unreserved, and its percent-encoding is the same character (RFC 3986 section 2.3), so a key or value could not hold it; use one of %s", s, list)
	}
	return 0, fmt.Errorf("%q cannot separate pairs: a query cannot hold it as it is (RFC 3986 section 3.4); use one of %s", s, list)
}

// ParseSet reads "COMP=VALUE" (plain text) or "COMP:=VALUE" (encoded),
// each with "?" before the "=" ("COMP?=VALUE", "COMP?:=VALUE") to set COMP
// only when it is absent.
func ParseSet(flag, s string) (Op, error) {
	comp, value, ok := strings.Cut(s, "=")
	if !ok {
		return Op{}, fmt.Errorf("want COMP=VALUE, COMP:=VALUE, COMP?=VALUE or COMP?:=VALUE, COMP one of %s", strings.Join(Components, ", "))
	}
	op := Op{Action: Set, Comp: comp, Value: value, Flag: flag + " " + s}
	if c, ok := strings.CutSuffix(op.Comp, ":"); ok {
		op.Comp, op.Raw = c, true
	}
	if c, ok := strings.CutSuffix(op.Comp, "?"); ok {
		op.Comp, op.IfAbsent = c, true
	}
	if c, ok := strings.CutSuffix(op.Comp, ":"); ok && op.IfAbsent && !op.Raw {
		return Op{}, fmt.Errorf("write %s?:=VALUE, not %s:?=VALUE", c, c)
	}
	if !slices.Contains(Components, op.Comp) {
		return Op{}, fmt.Errorf("unknown component %q (want %s)", op.Comp, strings.Join(Components, ", "))
	}
	return op, nil
}

// ParseIterate reads "COMP=VALUE VALUE..." (plain text) or
// "COMP:=VALUE VALUE..." (encoded): the values, separated by spaces, that
// COMP takes one after the other, each as --set takes it.
func ParseIterate(flag, s string) (Op, error) {
	comp, list, ok := strings.Cut(s, "=")
	if !ok {
		return Op{}, errors.New("want COMP=VALUES or COMP:=VALUES, the values separated by spaces")
	}
	if strings.HasSuffix(comp, "?") || strings.HasSuffix(comp, "?:") {
		return Op{}, errors.New("every combination sets the component: no '?'")
	}
	values := strings.Fields(list)
	if len(values) == 0 {
		return Op{}, errors.New("no value to iterate over: want COMP=VALUES, separated by spaces")
	}
	op := Op{Action: Iterate, Flag: flag + " " + s}
	if strings.IndexByte(s, ' ') >= 0 {
		op.Flag = fmt.Sprintf("%s %q", flag, s)
	}
	for _, v := range values {
		set, err := ParseSet(flag, comp+"="+v)
		if err != nil {
			return Op{}, err
		}
		op.Comp = set.Comp
		op.Choices = append(op.Choices, set)
	}
	return op, nil
}

// Check refuses edits that cannot go together: two --iterate of one
// component, or an --iterate and a --set or --unset of the same, one of
// which would undo the other.
func Check(ops []Op) error {
	for i, a := range ops {
		for _, b := range ops[i+1:] {
			if a.Comp == "" || a.Comp != b.Comp || a.Action != Iterate && b.Action != Iterate {
				continue
			}
			if a.Action == Iterate && b.Action == Iterate {
				return fmt.Errorf("%s and %s: one --iterate for each component", a.Flag, b.Flag)
			}
			return fmt.Errorf("%s and %s: both set %s, so one undoes the other", a.Flag, b.Flag, a.Comp)
		}
	}
	if Combinations(ops) < 0 {
		return errors.New("--iterate: too many combinations")
	}
	var values, iterate *Op
	for i, op := range ops {
		switch {
		case op.Action == Iterate && iterate == nil:
			iterate = &ops[i]
		case op.Action != Replace:
		case values != nil:
			return fmt.Errorf("%s and %s: one values edit, which --keys, --each and --append-values shape", values.Flag, op.Flag)
		case len(op.Values) == 0:
			return fmt.Errorf("%s: no value", op.Flag)
		default:
			values = &ops[i]
		}
	}
	if values != nil && iterate != nil && values.several() {
		what := values.Flag
		if values.Each {
			what += " with --each"
		}
		return fmt.Errorf("%s and %s: both give several outputs for an input; use one of them", iterate.Flag, what)
	}
	return nil
}

// several reports whether a Replace gives several outputs for an input.
func (op Op) several() bool { return len(op.Values) > 1 || op.Each }

// maxCombinations bounds the combinations of --iterate, far beyond use,
// so that counting them cannot overflow.
const maxCombinations = 1 << 24

// Combinations returns the number of combinations of the --iterate edits
// of ops: the product of their numbers of values, 0 when there is none,
// and -1 beyond maxCombinations.
func Combinations(ops []Op) int {
	n := 0
	for _, op := range ops {
		if op.Action != Iterate {
			continue
		}
		if n == 0 {
			n = 1
		}
		if n *= len(op.Choices); n > maxCombinations {
			return -1
		}
	}
	return n
}

// Combination writes into buf the edits of combination k of ops (0 <= k <
// Combinations(ops)): each --iterate becomes the Set of one of its values,
// in place, the first --iterate varying slowest, as nested loops in the
// order of the flags.
func Combination(ops []Op, k int, buf []Op) []Op {
	buf = append(buf[:0], ops...)
	for i := len(buf) - 1; i >= 0; i-- {
		if op := buf[i]; op.Action == Iterate {
			n := len(op.Choices)
			buf[i] = op.Choices[k%n] // its Flag names the flag and this value
			k /= n
		}
	}
	return buf
}

// EncodeValue writes a value of a Replace as the query holds it: plain
// text percent-encoded as a query value (RFC 3986 section 3.4 allows
// pchar, "/" and "?" in a query; of those, the sub-delims that split
// pairs by convention, "&", ";" and "=", "+", a space to form decoders,
// and the separator in use are encoded too), or a raw value, already
// encoded, as it is: it may hold the separator or "=" on purpose, but
// only what a query holds, pct-encodings whole.
func EncodeValue(v string, raw bool, o Options) (string, error) {
	if !raw {
		return o.queryValue(v), nil
	}
	if _, err := (uri.Builder{Query: &v, IRI: o.IRI}).Build(); err != nil {
		var be *uri.BuildError
		if errors.As(err, &be) && be.Err != nil {
			return "", &Error{Err: errors.New(be.Err.Msg), Rule: be.Err.Rule}
		}
		return "", err
	}
	return v, nil
}

// ReadValues reads a list of values, one a line, for a Replace: a line
// ends at "\n" or "\r\n", the last one may lack it, and an empty line is
// no value (a payload list's stray blank line would otherwise repeat
// every output with an empty value). A line of spaces is a value. add is
// called with each value and its line, from 1.
func ReadValues(r io.Reader, add func(line int, value string) error) error {
	br := bufio.NewReader(r)
	for n := 1; ; n++ {
		line, err := br.ReadString('\n')
		if err != nil && err != io.EOF {
			return err
		}
		v := strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
		if v != "" {
			if aerr := add(n, v); aerr != nil {
				return aerr
			}
		}
		if err == io.EOF {
			return nil
		}
	}
}

// ParseReplace reads the value of --replace-values: one value, which the
// caller encodes (EncodeValue) once every flag is read.
func ParseReplace(flag, value string) Op {
	op := Op{Action: Replace, Values: []string{value}, Flag: flag + " " + value}
	if strings.IndexByte(value, ' ') >= 0 || value == "" {
		op.Flag = fmt.Sprintf("%s %q", flag, value)
	}
	return op
}

// ParseUnset reads a component name.
func ParseUnset(flag, comp string) (Op, error) {
	if !slices.Contains(Components, comp) {
		return Op{}, fmt.Errorf("unknown component %q (want %s)", comp, strings.Join(Components, ", "))
	}
	return Op{Action: Unset, Comp: comp, Flag: flag + " " + comp}, nil
}

// ParseAppend reads "path=SEGMENT" or "query=KEY=VALUE".
func ParseAppend(flag, s string) (Op, error) {
	comp, rest, _ := strings.Cut(s, "=")
	switch comp {
	case "path":
		return Op{Action: AppendPath, Value: rest, Flag: flag + " " + s}, nil
	case "query":
		op, err := parsePair(rest)
		if err != nil {
			return Op{}, errors.New("want query=KEY or query=KEY=VALUE: " + err.Error())
		}
		op.Action, op.Flag = AppendQuery, flag+" "+s
		return op, nil
	}
	return Op{}, errors.New("want path=SEGMENT, query=KEY or query=KEY=VALUE")
}

// parsePair reads "KEY=VALUE", or "KEY" alone, a pair without a value
// ("?moo" is a query as common as "?a=b").
func parsePair(s string) (Op, error) {
	key, value, ok := strings.Cut(s, "=")
	if !ok && key == "" {
		return Op{}, errors.New("an empty pair is no pair")
	}
	return Op{Key: key, Value: value, Bare: !ok}, nil
}

// ParseGlob reads a glob of path.Match over decoded query keys.
func ParseGlob(action Action, flag, pattern string) (Op, error) {
	g, err := glob.ParseName(pattern)
	if err != nil {
		return Op{}, fmt.Errorf("bad pattern %q: %v", pattern, err)
	}
	return Op{Action: action, Globs: []glob.Name{g}, Flag: flag + " " + pattern}, nil
}

// ParseSetQuery reads "KEY=VALUE" or "KEY".
func ParseSetQuery(flag, s string) (Op, error) {
	op, err := parsePair(s)
	if err != nil {
		return Op{}, errors.New("want KEY or KEY=VALUE: " + err.Error())
	}
	op.Action, op.Flag = SetQuery, flag+" "+s
	return op, nil
}

// parts are a reference's components as written; nil is undefined.
type parts struct {
	scheme, userinfo, host, port, query, fragment *string
	path                                          string
	replaced                                      []Replaced // what a Replace did
}

func opt(s string, ok bool) *string {
	if !ok {
		return nil
	}
	return &s
}

// Replaced is a pair whose value a Replace replaced.
type Replaced struct {
	Index int    // its place among the query's pairs when replaced, from 1
	Key   string // decoded, as Globs match it
	Old   string // its value as written, "" when Bare
	Bare  bool   // it had no "=", so no value
	New   string // its value as written now
	// where New is in the output being written, until it is
	at, end int
}

// Scratch is memory in which edits write their outputs, reused from
// input to input: editing a list then makes no garbage, whose collection
// took from the second core's speed-up. An output written in it is valid
// until the next Reset. The zero Scratch is ready to use; with a nil one,
// each output has memory of its own.
type Scratch struct{ b []byte }

// Reset frees the scratch for more outputs: those written since the last
// Reset must no longer be in use.
func (sc *Scratch) Reset() { sc.b = sc.b[:0] }

// room returns an empty slice with room for n bytes, for keep.
func (sc *Scratch) room(n int) []byte {
	if sc == nil {
		return make([]byte, 0, n)
	}
	sc.b = slices.Grow(sc.b, n)
	return sc.b[len(sc.b):len(sc.b)]
}

// keep returns p, appended to since room gave it, as a string, and keeps
// its bytes in the scratch. Where p outgrew its room, it is memory of
// its own, and the scratch is left as it was.
func (sc *Scratch) keep(p []byte) string {
	if sc != nil {
		if n := len(sc.b); len(p) <= cap(sc.b)-n && unsafe.SliceData(p) == unsafe.SliceData(sc.b[n:cap(sc.b)]) {
			sc.b = sc.b[:n+len(p)]
		}
	}
	return unsafe.String(unsafe.SliceData(p), len(p))
}

// Apply makes the edits on u, in order, and returns the new reference.
// Components no edit touches are kept as written.
func Apply(u uri.URI, ops []Op, o Options) (string, error) {
	out, _, err := ApplyReplacing(&u, ops, o, nil, nil)
	return out, err
}

// ApplyReplacing is Apply that also appends to replaced the pairs whose
// values a Replace replaced, in the order of the query, and that may
// write its output in scratch.
func ApplyReplacing(u *uri.URI, ops []Op, o Options, scratch *Scratch, replaced []Replaced) (string, []Replaced, error) {
	if !u.IsValid() {
		return "", replaced, uri.ErrZeroURI
	}
	if o.Separator == 0 {
		o.Separator = '&'
	}
	if len(ops) == 1 && ops[0].Action == Replace && len(ops[0].Values) == 1 {
		out, replaced := replaceOnly(u, ops[0], o, scratch, replaced)
		return out, replaced, nil
	}
	if fast, ok := queryOnly(u, ops, o); ok {
		return fast, replaced, nil
	}
	return rebuild(u, ops, o, replaced)
}

// rebuild makes the edits on the components of u and builds the result,
// which Build checks.
func rebuild(u *uri.URI, ops []Op, o Options, replaced []Replaced) (string, []Replaced, error) {
	p := parts{
		scheme: opt(u.Scheme()), userinfo: opt(u.Userinfo()), host: opt(u.Host()), port: opt(u.Port()),
		path: u.Path(), query: opt(u.Query()), fragment: opt(u.Fragment()),
		replaced: replaced,
	}
	// done are the edits made, to blame: a conditional set that did not
	// happen drew no error.
	done := ops
	for i, op := range ops {
		if op.IfAbsent && p.has(op.Comp) {
			if len(done) == len(ops) {
				done = slices.Clip(ops[:i])
			}
			continue
		}
		if len(done) < len(ops) {
			done = append(done, op)
		}
		if err := p.apply(op, o); err != nil {
			if e, ok := err.(*Error); ok {
				e.Flag = op.Flag
				return "", p.replaced, e
			}
			return "", p.replaced, &Error{Flag: op.Flag, Err: err}
		}
	}
	b := uri.Builder{Scheme: p.scheme, Userinfo: p.userinfo, Host: p.host, Port: p.port, Path: p.path, Query: p.query, Fragment: p.fragment, IRI: o.IRI}
	out, err := b.Build()
	if err != nil {
		var be *uri.BuildError
		if errors.As(err, &be) && len(done) > 0 {
			return "", p.replaced, &Error{Flag: blame(done, be.Component), Err: err}
		}
		return "", p.replaced, err
	}
	return out.String(), p.replaced, nil
}

// Outputs makes the outputs of u under ops, whose Replace gives several
// (more than one value, or Each), calling yield with each in order and
// the pairs it replaced, which it appends to replaced; scratch is as
// ApplyReplacing's, and buf is room for the edits of one output. Without
// Each, each value is an output, its chosen pairs all replaced; with
// Each, each chosen pair in the order of the query, and for each, each
// value in turn, the other pairs left as written. An input without a
// chosen pair has one output, as Apply writes it: another value would
// change nothing, and there is no pair to give one. So has an input
// whose first output fails: what fails is not the value, which a query
// always holds (EncodeValue), so every output would.
func Outputs(u *uri.URI, ops []Op, o Options, scratch *Scratch, buf []Op, replaced []Replaced, yield func(out string, replaced []Replaced, err error)) ([]Op, []Replaced) {
	at := slices.IndexFunc(ops, func(op Op) bool { return op.Action == Replace })
	values := ops[at].Values
	buf = append(buf[:0], ops...)
	one := func(v, pair int) {
		buf[at].Values, buf[at].Pair = values[v:v+1], pair
		start := len(replaced)
		var out string
		var err error
		out, replaced, err = ApplyReplacing(u, buf, o, scratch, replaced)
		yield(out, replaced[start:], err)
	}
	// The first value over every chosen pair counts them.
	start := len(replaced)
	buf[at].Values, buf[at].Pair = values[:1], 0
	out, rep, err := ApplyReplacing(u, buf, o, scratch, replaced)
	pairs := len(rep) - start
	switch {
	case err != nil || pairs == 0:
		yield(out, rep[start:], err)
		return buf, rep
	case !ops[at].Each:
		yield(out, rep[start:], nil)
		replaced = rep
		for v := 1; v < len(values); v++ {
			one(v, 0)
		}
		return buf, replaced
	}
	replaced = rep[:start]
	for pair := 1; pair <= pairs; pair++ {
		for v := range values {
			one(v, pair)
		}
	}
	return buf, replaced
}

// blame names the last edit of comp, or the last edit, for an error the
// result as a whole drew.
func blame(ops []Op, comp string) string {
	for i := len(ops) - 1; i >= 0; i-- {
		c := ops[i].Comp
		if c == "user" || c == "password" {
			c = "userinfo"
		}
		if c == comp || comp == "query" && ops[i].Action.isQueryEdit() || comp == "path" && ops[i].Action == AppendPath {
			return ops[i].Flag
		}
	}
	return ops[len(ops)-1].Flag
}

// queryOnly handles the common pipeline edit, dropping or keeping query
// parameters, without rebuilding: when no pair goes, the input is the
// output as it is.
func queryOnly(u *uri.URI, ops []Op, o Options) (string, bool) {
	// By index: a range over values copies each Op, a third of the
	// work here on every input.
	for i := range ops {
		if a := ops[i].Action; a != DeleteQuery && a != KeepQuery {
			return "", false
		}
	}
	q, ok := u.Query()
	if !ok {
		return u.String(), true
	}
	// Where decoding leaves every key as written (no '%', and no '+' to
	// read as a space), a key is a piece of q: a delete whose globs each
	// need a piece q does not hold removes nothing, and the pairs need
	// not be read. Nearly every query of a crawl holds no "utm_".
	plain := strings.IndexByte(q, '%') < 0 && (!o.Form || strings.IndexByte(q, '+') < 0)
	for i := range ops {
		op := &ops[i]
		if plain && op.Action == DeleteQuery && !mayHold(op.Globs, q) {
			continue
		}
		for raw := range strings.SplitSeq(q, o.separator()) {
			if raw == "" {
				continue // no pair, so none removed
			}
			k, _, _ := strings.Cut(raw, "=")
			if glob.MatchAny(op.Globs, o.key(k)) == (op.Action == DeleteQuery) {
				return "", false // some pair goes: the general path
			}
		}
	}
	return u.String(), true
}

// mayHold reports whether s holds, for some of names, the piece that
// every name it matches holds.
func mayHold(names []glob.Name, s string) bool {
	for i := range names {
		if strings.Contains(s, names[i].Needs()) {
			return true
		}
	}
	return false
}

// replaceOnly makes a Replace of one value, the only edit, without
// rebuilding: the input is valid, and so is every value EncodeValue
// gives, so the query it writes is too, and nothing else changes. The
// new values it reports are the output's bytes.
func replaceOnly(u *uri.URI, op Op, o Options, scratch *Scratch, replaced []Replaced) (string, []Replaced) {
	s := u.String()
	qs, qe, ok := u.Span(uri.ComponentQuery)
	if !ok {
		return s, replaced
	}
	start := len(replaced)
	value := op.Values[0]
	b := append(scratch.room(len(s)+2*len(value)), s[:qs]...)
	n, chosen := 0, 0
	for raw := range strings.SplitSeq(s[qs:qe], o.separator()) {
		if raw == "" {
			continue // no pair, so dropped from a query written anew
		}
		if n > 0 {
			b = append(b, o.Separator)
		}
		n++
		k, old, eq := strings.Cut(raw, "=")
		key := o.key(k)
		if len(op.Globs) > 0 && !glob.MatchAny(op.Globs, key) {
			b = append(b, raw...)
			continue
		}
		if chosen++; op.Pair != 0 && chosen != op.Pair {
			b = append(b, raw...)
			continue
		}
		b = append(append(b, k...), '=')
		at := len(b)
		if op.Append {
			b = append(b, old...)
		}
		b = append(b, value...)
		replaced = append(replaced, Replaced{Index: n, Key: key, Old: old, Bare: !eq, at: at, end: len(b)})
	}
	if len(replaced) == start {
		return s, replaced // nothing replaced: the query as written
	}
	out := scratch.keep(append(b, s[qe:]...))
	for i := start; i < len(replaced); i++ {
		replaced[i].New = out[replaced[i].at:replaced[i].end]
	}
	return out, replaced
}

// replace gives pr, the pair at index among the query's, its Replace
// value, and says what it did.
func replace(pr *pair, index int, op Op) Replaced {
	k, old, eq := strings.Cut(pr.raw, "=")
	r := Replaced{Index: index, Key: pr.key, Old: old, Bare: !eq, New: op.Values[0]}
	if op.Append {
		r.New = old + r.New
	}
	pr.raw = k + "=" + r.New
	return r
}

func (p *parts) apply(op Op, o Options) error {
	switch op.Action {
	case Set:
		v := op.Value
		if !op.Raw {
			var err error
			if v, err = encodeFor(op.Comp, v, o); err != nil {
				return err
			}
		} else if op.Comp == "user" && strings.IndexByte(v, ':') >= 0 {
			return &Error{Err: errors.New("user: a ':' would begin the password; write it %3A"), Rule: "userinfo"}
		}
		p.set(op.Comp, &v)
	case Unset:
		p.set(op.Comp, nil)
	case AppendPath:
		seg := o.encode(pct.Segment, op.Value)
		switch {
		case p.path == "" && p.host != nil, strings.HasSuffix(p.path, "/"):
			p.path += seg
			if p.path == seg && p.host != nil {
				p.path = "/" + seg
			}
		default:
			p.path += "/" + seg
		}
	case Iterate:
		return errors.New("an --iterate edit is made once for each value: see Combination")
	case Replace:
		if len(op.Values) != 1 {
			return errors.New("a values edit of several values is made once for each: see Outputs")
		}
		return p.editQuery(op, o)
	default:
		return p.editQuery(op, o)
	}
	return nil
}

func (p *parts) set(comp string, v *string) {
	switch comp {
	case "scheme":
		p.scheme = v
	case "userinfo":
		p.userinfo = v
	case "user", "password":
		p.setUserinfoPart(comp == "user", v)
	case "host":
		p.host = v
	case "port":
		p.port = v
	case "path":
		p.path = ""
		if v != nil {
			p.path = *v
		}
	case "query":
		p.query = v
	case "fragment":
		p.fragment = v
	}
}

// has reports whether comp has a value: it is defined and not empty.
func (p *parts) has(comp string) bool {
	nonEmpty := func(v *string) bool { return v != nil && *v != "" }
	switch comp {
	case "scheme":
		return nonEmpty(p.scheme)
	case "userinfo":
		return nonEmpty(p.userinfo)
	case "user", "password":
		if p.userinfo == nil {
			return false
		}
		user, password := userinfoParts(*p.userinfo)
		if comp == "user" {
			return user != ""
		}
		return nonEmpty(password)
	case "host":
		return nonEmpty(p.host)
	case "port":
		return nonEmpty(p.port)
	case "path":
		return p.path != ""
	case "query":
		return nonEmpty(p.query)
	}
	return nonEmpty(p.fragment)
}

// userinfoParts splits the userinfo at its first ':'; password is nil
// when there is none.
func userinfoParts(userinfo string) (user string, password *string) {
	user, pw, ok := strings.Cut(userinfo, ":")
	return user, opt(pw, ok)
}

// setUserinfoPart sets (v) or unsets (nil) the user or the password and
// keeps the other. The userinfo is undefined only when both are: a
// password without a user is ":password".
func (p *parts) setUserinfoPart(isUser bool, v *string) {
	var user, password *string
	if p.userinfo != nil {
		u, pw := userinfoParts(*p.userinfo)
		user, password = &u, pw
		if u == "" && pw != nil {
			user = nil // ":password" is a password without a user, as written below
		}
	}
	if isUser {
		user = v
	} else {
		password = v
	}
	switch {
	case password != nil:
		ui := ":" + *password
		if user != nil {
			ui = *user + ui
		}
		p.userinfo = &ui
	default:
		p.userinfo = user
	}
}

// encodeFor percent-encodes plain text for comp; a host is written by
// hostValue.
func encodeFor(comp, v string, o Options) (string, error) {
	switch comp {
	case "userinfo":
		return o.encode(pct.Userinfo, v), nil
	case "user", "password":
		// Encoded in both, so that the first ':' is the one between them.
		return strings.ReplaceAll(o.encode(pct.Userinfo, v), ":", "%3A"), nil
	case "host":
		return hostValue(v, o)
	case "path":
		return o.encode(pct.Path, v), nil
	case "query":
		return o.encode(pct.Query, v), nil
	case "fragment":
		return o.encode(pct.Fragment, v), nil
	}
	return v, nil // scheme and port have nothing to encode; Build checks them
}

// hostValue writes a plain host value as a host (RFC 3986 section 3.2.2),
// which a producer must not percent-encode but for UTF-8:
//   - in brackets, it is an IP-literal, checked as written;
//   - an IPv6 address gets its brackets; a zone ID is refused, as RFC 3986
//     has none;
//   - a name with non-ASCII characters becomes its A-labels (UTS #46
//     ToASCII, which section 3.2.2 recommends over percent-encoding), or
//     with IRIs its U-labels; a name IDNA refuses is refused;
//   - an ASCII name must be a reg-name as it is, and its A-labels, if any,
//     must pass IDNA.
func hostValue(v string, o Options) (string, error) {
	if strings.HasPrefix(v, "[") {
		if _, err := (uri.Builder{Host: &v}).Build(); err != nil {
			var be *uri.BuildError
			if errors.As(err, &be) && be.Err != nil {
				return "", &Error{Err: errors.New("host: " + be.Err.Msg), Rule: be.Err.Rule}
			}
			return "", err
		}
		return v, nil
	}
	if a, err := netip.ParseAddr(v); err == nil && a.Is6() {
		if a.Zone() != "" {
			return "", &Error{Err: fmt.Errorf("host: IPv6 zone identifiers (%%%s) are not allowed by RFC 3986 (section 3.2.2)", a.Zone()), Rule: "IP-literal"}
		}
		return "[" + v + "]", nil
	}
	if strings.IndexByte(v, ':') >= 0 {
		return "", &Error{Err: errors.New("host: ':' cannot be in a host name, and the value is no IPv6 address; a port is set with --set port=PORT (section 3.2.2)"), Rule: "reg-name"}
	}
	if i := strings.IndexAny(v, "[]"); i >= 0 {
		return "", &Error{Err: fmt.Errorf("host: %q cannot be in a host name; brackets enclose a whole IP-literal, as in [::1] (section 3.2.2)", v[i]), Rule: "reg-name"}
	}
	ascii := true
	for i := 0; i < len(v); i++ {
		if v[i] >= utf8.RuneSelf {
			ascii = false
			continue
		}
		if pct.Encode(pct.Host, v[i:i+1]) != v[i:i+1] {
			hint := ""
			if v[i] == '%' {
				hint = " (a host already encoded is set with host:=)"
			}
			return "", &Error{Err: fmt.Errorf("host: %q cannot be in a host name, and section 3.2.2 allows percent-encoding there only for UTF-8%s", v[i], hint), Rule: "reg-name"}
		}
	}
	if ascii && !idn.HasALabel(v) {
		return v, nil
	}
	a, err := idn.ToASCII(v)
	if err == nil && o.IRI && !ascii {
		a, err = idn.ToUnicode(v)
	}
	if err != nil {
		var le *idn.LabelError
		if errors.As(err, &le) {
			return "", &Error{Err: errors.New("host: IDNA (UTS #46): " + le.Error()), Rule: le.Rule}
		}
		return "", err
	}
	if ascii {
		return v, nil // A-labels that pass, kept as written
	}
	return a, nil
}

// pair is one key[=value] of a query, as written.
type pair struct{ raw, key string }

// splitPairs reads the pairs of q. Nothing between two separators (a
// trailing "&", "&&") is no pair: a query that an edit writes has none.
func splitPairs(q string, o Options) []pair {
	var out []pair
	for raw := range strings.SplitSeq(q, o.separator()) {
		if raw == "" {
			continue
		}
		k, _, _ := strings.Cut(raw, "=")
		out = append(out, pair{raw: raw, key: o.key(k)})
	}
	return out
}

// editQuery edits the pairs of the query and writes them joined by the
// separator, each as written, without empty pairs: the rule of every query
// edit, so that "a=1&" sorts, drops and gains pairs as "a=1" does. A delete
// or keep that removes no pair, and a sort of a query without pairs, leave
// the query as it was; a query whose pairs are all removed goes with its "?".
func (p *parts) editQuery(op Op, o Options) error {
	var pairs []pair
	if p.query != nil && *p.query != "" {
		pairs = splitPairs(*p.query, o)
	}
	encode := o.queryValue
	encoded := func() string {
		if op.Bare {
			return encode(op.Key)
		}
		return encode(op.Key) + "=" + encode(op.Value)
	}
	switch op.Action {
	case AppendQuery:
		pairs = append(pairs, pair{raw: encoded(), key: op.Key})
	case DeleteQuery, KeepQuery:
		n := len(pairs)
		pairs = slices.DeleteFunc(pairs, func(pr pair) bool { return glob.MatchAny(op.Globs, pr.key) == (op.Action == DeleteQuery) })
		switch {
		case len(pairs) == n:
			return nil
		case len(pairs) == 0:
			p.query = nil
			return nil
		}
	case SortQuery:
		if len(pairs) == 0 {
			return nil
		}
		slices.SortStableFunc(pairs, func(a, b pair) int { return strings.Compare(a.key, b.key) })
	case SetQuery:
		i := slices.IndexFunc(pairs, func(pr pair) bool { return pr.key == op.Key })
		if i < 0 {
			pairs = append(pairs, pair{raw: encoded(), key: op.Key})
			break
		}
		pairs[i].raw = encoded()
		kept := pairs[:i+1]
		for _, pr := range pairs[i+1:] {
			if pr.key != op.Key {
				kept = append(kept, pr)
			}
		}
		pairs = kept
	case Replace:
		start, chosen := len(p.replaced), 0
		for i := range pairs {
			if len(op.Globs) > 0 && !glob.MatchAny(op.Globs, pairs[i].key) {
				continue
			}
			if chosen++; op.Pair == 0 || chosen == op.Pair {
				p.replaced = append(p.replaced, replace(&pairs[i], i+1, op))
			}
		}
		if len(p.replaced) == start {
			return nil
		}
	}
	raws := make([]string, len(pairs))
	for i, pr := range pairs {
		raws[i] = pr.raw
	}
	q := strings.Join(raws, o.separator())
	p.query = &q
	return nil
}
