package cmd

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/defaultscheme"
	"github.com/uritool/uritool/internal/edit"
	"github.com/uritool/uritool/internal/errfinding"
	"github.com/uritool/uritool/internal/filter"
	"github.com/uritool/uritool/internal/flagval"
	"github.com/uritool/uritool/internal/pipeline"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/render/results"
	"github.com/uritool/uritool/internal/sink"
	"github.com/uritool/uritool/internal/stream"
	"github.com/uritool/uritool/pkg/uri"
)

// EditOptions are the options of uritool edit.
type EditOptions struct {
	*RootOptions
	Keep          filter.Filter // --has, --ext, --host, ...
	Unique        bool
	Format        *flagval.Choice
	Separator     separatorFlag
	IRI           bool
	DefaultScheme defaultscheme.Flag
	// Ops are the edits in the order their flags were given, whatever
	// the flags' names: each flag's value appends to this one list.
	Ops []edit.Op
	// The values edit (--replace-values or --values-from, a Replace among
	// Ops) and what shapes it, which RunE gives it.
	ValuesFrom   string
	Keys         []string
	Each         bool
	AppendValues bool
	RawValues    bool
	FormEncoding bool
}

// editFlag is one edit flag; Set parses its value and appends the edit.
type editFlag struct {
	name  string
	ops   *[]edit.Op
	parse func(flag, value string) (edit.Op, error)
	typ   string
}

func (f *editFlag) String() string { return "" }
func (f *editFlag) Type() string   { return f.typ }
func (f *editFlag) Set(v string) error {
	op, err := f.parse("--"+f.name, v)
	if err != nil {
		return err
	}
	// Consecutive --keep-query globs keep what any of them matches.
	if n := len(*f.ops); op.Action == edit.KeepQuery && n > 0 && (*f.ops)[n-1].Action == edit.KeepQuery {
		(*f.ops)[n-1].Globs = append((*f.ops)[n-1].Globs, op.Globs...)
		return nil
	}
	*f.ops = append(*f.ops, op)
	return nil
}

// separatorFlag is --query-separator: one character edit.ParseSeparator
// accepts.
type separatorFlag struct{ sep byte }

func (f *separatorFlag) String() string { return string(f.sep) }
func (f *separatorFlag) Type() string   { return "SEP" }
func (f *separatorFlag) Set(s string) error {
	sep, err := edit.ParseSeparator(s)
	if err != nil {
		return err
	}
	f.sep = sep
	return nil
}

// valueStart completes the start of a flag's value, such as "COMP=",
// with no space after it: the rest follows.
func valueStart(values []string) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return values, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
	}
}

// NewEditCmd builds uritool edit.
func NewEditCmd(root *RootOptions) *cobra.Command {
	opts := &EditOptions{RootOptions: root}
	opts.Keep.Scheme = &opts.DefaultScheme
	c := &cobra.Command{
		Use:   "edit [flags] [REF ...]",
		Short: "Change the components of URI references, strictly",
		Long: `Apply the edits given by flags to each reference, in the order the flags are
given, and print the result. Nothing else changes: components no edit touches
stay byte for byte as written, with no normalization or re-encoding. The
result must be a URI reference (RFC 3986): an edit that cannot stand (a
relative path under an authority, a port without a host, a bad raw value) is
a finding naming the edit, exit 1, and the input's line stays empty.

  --set COMP=VALUE     VALUE is plain text, percent-encoded as COMP requires
                       (a space in a path is %20)
  --set COMP:=VALUE    VALUE is already encoded, checked strictly as is
  --set COMP?=VALUE    only if COMP is absent, undefined or empty (also ?:=)
  --unset COMP         COMP becomes undefined ("--unset query" drops the "?");
                       setting "" keeps it defined and empty
  --iterate 'COMP=V W' one output for each value, separated by spaces (also
                       :=); several --iterate give each combination
  --append path=SEG    one more path segment, encoded ("/" too)
  --append query=K=V   one more pair, key and value encoded (query=K: a key
                       without a value)
  --delete-query GLOB  drop the pairs whose decoded key matches the shell glob
  --keep-query GLOB    keep only the pairs that match (several globs: any)
  --sort-query         order the pairs by decoded key, stably
  --set-query K=V      replace the pairs of key K by one (or K alone), or add it
  --replace-values V   give every pair the value V; see below

COMP is scheme, userinfo, user, password, host, port, path, query or
fragment. user and password are the userinfo's parts before and after its
first ":" (RFC 3986 section 3.2.1, which deprecates passwords in clear text);
setting one keeps the other, and ":" is encoded in both.

A host is never percent-encoded but for UTF-8 (section 3.2.2): a value in
brackets is an IP-literal ([::1], [v1.x]) and an IPv6 address gets brackets,
but a zone ID (fe80::1%eth0) is refused, RFC 3986 having none; a name in
Unicode becomes its A-labels (UTS #46, as to-uri writes them), or with --iri
its U-labels, and one IDNA refuses is a finding naming its idna-* rule; an
ASCII name must be a reg-name as it is (a space, ":" or "%" is refused).

Query edits split the query into pairs at "&", or at --query-separator, one
of & ; ! $ ' ( ) * + , : @ / ? (a reserved character a query holds as it
is, but "="). An empty pair (nothing between two separators) is no pair: a
query an edit writes is its pairs joined, each as written, with no empty
ones ("a=b&c=d&" sorts to "a=b&c=d"). A delete or keep that removes no pair
and a sort of a query without pairs leave it as written; a query left
without pairs is removed with its "?".

With --iterate, each input gives one result per combination, as many for
every input: in text one line each (a failed one keeps its place, empty), in
JSON one record each, whose "line" is the input's and whose "iterate" holds
the values.

Query values in bulk, for security testing and crawls:

  --replace-values V   give every pair of the query the value V
  --values-from FILE   each value of a list instead, one a line, an output
                       each; the file is read once, before any input
  --keys GLOB          only the pairs whose decoded key matches, as for
                       --delete-query (repeatable: any)
  --each               an output for each chosen pair, whose value alone is
                       replaced: pair by pair in the order of the query,
                       each value in turn
  --append-values      add the value to the pair's own ("a" gets "a=V")
  --raw-values         the values are already encoded: written as given
                       ("1&admin=1" adds a pair), if a query can hold them
  --form-encoding      a space is "+" in the keys and values query edits
                       write, and "+" in a key is a space to the globs

A value is plain text, percent-encoded as a query value requires (RFC 3986
section 3.4) and so that it stays in its pair: "&", ";", "=", "+", "#", "%"
and the separator are encoded. A key without "=" gets "=V". In a list, a
line ends at "\n" or "\r\n", and an empty line is no value, so that a
stray blank line adds no output (an empty value is --replace-values '').
An input with no pair to replace (no query, or no key --keys matches) gives
one output, itself as the other edits leave it, as every edit with nothing
to do: no input vanishes, none is repeated once per value, and --has query
drops those without a query first. The values edit takes its place among
the edits in flag order; beside --iterate it takes one value and no --each.
In JSON each output is a record with the input's "line" and "replaced":
each pair replaced, with its index, decoded key, old and new value.`,
		Example: `  uritool edit --set host=example.org --set port=8443 'https://example.com/a?b#c'
  uritool edit --delete-query 'utm_*' --sort-query < urls.txt
  uritool edit --append path='annual report.pdf' https://example.com/docs/
  uritool edit --set-query page=2 --unset fragment 'https://example.com/list?page=1#top'
  uritool edit --set user=alice --set password=s3cret --set 'port?=8443' https://example.com/
  uritool edit --unset password 'https://alice:s3cret@example.com/'
  uritool edit --set host=bücher.example --append query=debug https://example.com/
  uritool edit --query-separator ':' --sort-query 'https://example.com/?b=2:a=1'
  uritool edit --default-scheme https --iterate 'scheme=http https' --iterate 'port=80 8080' example.com/
  uritool edit --replace-values FUZZ 'https://example.com/search?q=shoes&page=2'
  uritool edit --each --append-values --replace-values "'" 'https://example.com/item?id=7&sort=asc'
  uritool edit --keys id --keys 'q*' --each --values-from payloads.txt --has query < urls.txt`,
		Annotations: map[string]string{
			AnnotationJSONFields: results.EditTable.Fields().String(),
		},
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			eo := edit.Options{Separator: opts.Separator.sep, IRI: opts.IRI, Form: opts.FormEncoding}
			if err := opts.valuesEdit(eo); err != nil {
				return err
			}
			if len(opts.Ops) == 0 {
				return usageErrorf("no edit given: use --set, --unset, --append, --iterate, --replace-values or a query edit")
			}
			if err := edit.Check(opts.Ops); err != nil {
				return usageErrorf("%v", err)
			}
			_, errPal := opts.palettes()
			chosen := opts.chosen()
			format := opts.Format.Value
			cmd := pipeline.Command[results.Edited]{
				Filter:   &opts.Keep,
				Distinct: opts.distinct(),
				NewOp:    func() pipeline.Op[results.Edited] { return opts.editOp(eo, chosen) },
				NewRenderer: func() render.Renderer[results.Edited] {
					return results.NewEditRenderer(format, render.TextOptions{Err: errPal})
				},
			}
			// A record holds a valid URI as it stands, not always an IRI.
			if _, several := opts.replacing(); chosen == nil && !several && opts.DefaultScheme.String() == "" && (format == "text" || !opts.IRI) {
				cmd.NewEcho = func() func(string) bool { return opts.editEcho(eo) }
				cmd.EchoRecord = format == "json"
			}
			return run(root, args, cmd)
		},
	}
	f := c.Flags()
	// The component flags complete the start of their values ("COMP="),
	// the others no file names.
	comps := make([]string, len(edit.Components))
	for i, n := range edit.Components {
		comps[i] = n + "="
	}
	complete := map[string]func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective){
		"set": valueStart(comps), "iterate": valueStart(comps), "append": valueStart([]string{"path=", "query="}),
		"unset": flagval.FixedCompletion(edit.Components),
		// A list of values is a file.
		"values-from": func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return nil, cobra.ShellCompDirectiveDefault
		},
	}
	add := func(name, typ, usage string, parse func(flag, value string) (edit.Op, error)) {
		f.Var(&editFlag{name: name, ops: &opts.Ops, parse: parse, typ: typ}, name, usage)
		if complete[name] == nil {
			complete[name] = cobra.NoFileCompletions
		}
		_ = c.RegisterFlagCompletionFunc(name, complete[name])
	}
	add("set", "COMP=VALUE", "set a component to plain text (COMP:=VALUE: already encoded; COMP?=VALUE: only if absent)", edit.ParseSet)
	add("unset", "COMP", "make a component undefined", edit.ParseUnset)
	add("append", "path=SEG|query=K[=V]", "append an encoded path segment or query pair", edit.ParseAppend)
	add("delete-query", "GLOB", "drop the query pairs whose decoded key matches", func(fl, v string) (edit.Op, error) {
		return edit.ParseGlob(edit.DeleteQuery, fl, v)
	})
	add("keep-query", "GLOB", "keep only the query pairs whose decoded key matches", func(fl, v string) (edit.Op, error) {
		return edit.ParseGlob(edit.KeepQuery, fl, v)
	})
	add("set-query", "K[=V]", "replace the pairs of a key by one, or add it", edit.ParseSetQuery)
	add("iterate", "COMP=VALUES", "one output for each of the space-separated values (several: each combination)", edit.ParseIterate)
	add("replace-values", "VALUE", "give the query pairs (those --keys chooses) this value, plain text", func(fl, v string) (edit.Op, error) {
		return edit.ParseReplace(fl, v), nil
	})
	add("values-from", "FILE", "give the query pairs each value of FILE, one a line, an output each (an empty line is no value)", func(fl, v string) (edit.Op, error) {
		opts.ValuesFrom = v
		return edit.Op{Action: edit.Replace, Flag: fl + " " + v}, nil
	})
	f.StringArrayVar(&opts.Keys, "keys", nil, "replace only the values of the pairs whose decoded key matches this `GLOB` (repeatable: any)")
	_ = c.RegisterFlagCompletionFunc("keys", cobra.NoFileCompletions)
	f.BoolVar(&opts.Each, "each", false, "one output for each chosen pair, whose value alone is replaced")
	f.BoolVar(&opts.AppendValues, "append-values", false, "add the value to each chosen pair's value instead of replacing it")
	f.BoolVar(&opts.RawValues, "raw-values", false, "the values are already encoded: written as they are, if a query can hold them")
	f.BoolVar(&opts.FormEncoding, "form-encoding", false, `read and write the query as HTML forms do: a space in a key or value written is "+", and "+" in a key a space to --keys and the other globs`)
	sort := f.VarPF(&editFlag{name: "sort-query", ops: &opts.Ops, typ: "bool", parse: func(fl, _ string) (edit.Op, error) {
		return edit.Op{Action: edit.SortQuery, Flag: fl}, nil
	}}, "sort-query", "", "order the query pairs by decoded key, stably")
	sort.NoOptDefVal = "true"
	opts.Separator.sep = '&'
	f.Var(&opts.Separator, "query-separator", `what separates query pairs: "&", ";", or another reserved character`)
	_ = c.RegisterFlagCompletionFunc("query-separator", flagval.FixedCompletion([]string{"&", ";", ":", ",", "!"}))
	f.Var(&opts.DefaultScheme, "default-scheme", defaultscheme.Usage)
	f.BoolVar(&opts.IRI, "iri", false, iriUsage+"; values set keep their non-ASCII characters")
	opts.Format = flagval.AddFormat(c, "text", "json")
	addFilterFlags(c, &opts.Keep)
	c.Flags().BoolVar(&opts.Unique, "unique", false, uniqueUsage)
	return c
}

// valuesEdit gives the values edit what shapes it (--keys, --each,
// --append-values) and its values, encoded, read from --values-from's
// file once, before any input; and refuses a flag that shapes no values
// edit, and values given twice.
func (o *EditOptions) valuesEdit(eo edit.Options) error {
	at, from, given := -1, 0, 0
	for i, op := range o.Ops {
		if op.Action != edit.Replace {
			continue
		}
		if given++; strings.HasPrefix(op.Flag, "--values-from ") {
			from++
		}
		if at < 0 {
			at = i
		}
	}
	switch {
	case from > 0 && from < given:
		return usageErrorf("--values-from and --replace-values: give the values with one of them")
	case given > 1:
		return usageErrorf("--replace-values or --values-from: once, one value or one list")
	}
	if at < 0 {
		for _, f := range []struct {
			name string
			set  bool
		}{{"keys", len(o.Keys) > 0}, {"each", o.Each}, {"append-values", o.AppendValues}, {"raw-values", o.RawValues}} {
			if f.set {
				return usageErrorf("--%s shapes a values edit: add --replace-values VALUE or --values-from FILE", f.name)
			}
		}
		return nil
	}
	op := &o.Ops[at]
	for _, g := range o.Keys {
		k, err := edit.ParseGlob(edit.Replace, "--keys", g)
		if err != nil {
			return badValue("keys", g, "%v", err)
		}
		op.Globs = append(op.Globs, k.Globs...)
	}
	op.Each, op.Append = o.Each, o.AppendValues
	if o.ValuesFrom == "" {
		v, err := edit.EncodeValue(op.Values[0], o.RawValues, eo)
		if err != nil {
			return badValue("replace-values", op.Values[0], "a query cannot hold it as it is (--raw-values): %v", err)
		}
		op.Values[0] = v
		return nil
	}
	return o.readValues(op, eo)
}

// readValues reads --values-from's file (openFlagFile) into op.
func (o *EditOptions) readValues(op *edit.Op, eo edit.Options) error {
	file, err := o.openFlagFile("values-from", o.ValuesFrom)
	if err != nil {
		return err
	}
	defer file.Close()
	err = edit.ReadValues(file, func(line int, v string) error {
		e, err := edit.EncodeValue(v, o.RawValues, eo)
		if err != nil {
			return fmt.Errorf("line %d: a query cannot hold %q as it is (--raw-values): %v", line, v, err)
		}
		op.Values = append(op.Values, e)
		return nil
	})
	switch {
	case err != nil:
		return badValue("values-from", o.ValuesFrom, "%v", err)
	case len(op.Values) == 0:
		return badValue("values-from", o.ValuesFrom, "no value in the file (an empty line is none)")
	}
	return nil
}

// distinct is --unique, which takes each output of an input apart.
func (o *EditOptions) distinct() *pipeline.Distinct[results.Edited] {
	d := pipeline.Unique[results.Edited](o.Unique)
	if d != nil {
		d.Lines = results.EditLines
	}
	return d
}

// chosen lists, for each combination of the --iterate values, the value
// each --iterate takes; nil without --iterate. The same for every input,
// so made once.
func (o *EditOptions) chosen() [][]results.Chosen {
	n := edit.Combinations(o.Ops)
	if n <= 0 {
		return nil
	}
	all := make([][]results.Chosen, n)
	var combo []edit.Op
	for k := range all {
		combo = edit.Combination(o.Ops, k, combo)
		for i, op := range o.Ops {
			if op.Action == edit.Iterate {
				all[k] = append(all[k], results.Chosen{Comp: combo[i].Comp, Value: combo[i].Value})
			}
		}
	}
	return all
}

// editOp applies the edits to each input; with --iterate, once for each
// combination of values (chosen); with a values edit of several outputs,
// once for each of them.
func (o *EditOptions) editOp(eo edit.Options, chosen [][]results.Chosen) pipeline.Op[results.Edited] {
	replacing, several := o.replacing()
	// This worker's room for the edits of one output and what they
	// replaced, reused from input to input: a result is written before
	// the next input.
	w := &editWork{eo: eo}
	return pipeline.Func[results.Edited](func(in *stream.Input, r *results.Edited) pipeline.Outcome {
		w.scratch.Reset() // the last input's result is written
		text, added := o.DefaultScheme.Apply(in.Text)
		r.Start(in.Line, text)
		r.SchemeAdded, r.Replacing = added, replacing
		var u uri.URI
		err := parseRef(&u, in, text, o.IRI)
		if chosen != nil {
			return w.iterate(o.Ops, &u, err, r, chosen)
		}
		if err != nil {
			r.Err = errfinding.Of(err, "uri")
			return pipeline.Fail
		}
		if several {
			return w.outputs(o.Ops, &u, r)
		}
		r.Output, w.replaced, err = edit.ApplyReplacing(&u, o.Ops, eo, &w.scratch, w.replaced[:0])
		r.Replaced = w.replaced
		if err != nil {
			r.Err = errfinding.Of(err, "edit")
			return pipeline.Fail
		}
		return pipeline.Pass
	})
}

// replacing says whether the edits hold a values edit, and whether it
// makes several outputs of an input.
func (o *EditOptions) replacing() (replacing, several bool) {
	for _, op := range o.Ops {
		if op.Action == edit.Replace {
			replacing, several = true, len(op.Values) > 1 || op.Each
		}
	}
	return replacing, several
}

// editEcho tells whether the edits leave a reference as it is, as a
// query edit leaves most URLs: its text result is then itself, and its
// record the same around it (pipeline.Command.NewEcho). Only for one
// output an input, without --default-scheme.
func (o *EditOptions) editEcho(eo edit.Options) func(text string) bool {
	// Written on every input: on a cache line another worker shares,
	// two cores took longer than one.
	w := &editWork{eo: eo}
	return func(text string) bool {
		w.scratch.Reset()
		var u uri.URI
		if parseText(&u, text, o.IRI) != nil {
			return false
		}
		out, r, err := edit.ApplyReplacing(&u, o.Ops, w.eo, &w.scratch, w.replaced[:0])
		w.replaced = r
		return err == nil && out == text
	}
}

// editWork is one worker's room for the edits of an output, the pairs
// they replaced, the records of an input's outputs, and the outputs.
type editWork struct {
	_        sink.CacheLinePad
	eo       edit.Options
	combo    []edit.Op
	replaced []edit.Replaced
	records  []results.Edited
	scratch  edit.Scratch
	_        sink.CacheLinePad
}

// iterate makes r's record for each combination of --iterate values, as
// it is written: an input that cannot be read (readErr) fails every
// combination, which keep their values so that each record says which it
// stands for.
func (w *editWork) iterate(ops []edit.Op, u *uri.URI, readErr error, r *results.Edited, chosen [][]results.Chosen) pipeline.Outcome {
	r.Iterating = true
	if readErr != nil {
		r.Err = errfinding.Of(readErr, "uri")
	}
	r.Iterations = w.records[:0]
	for k := range chosen {
		r.Iterations = append(r.Iterations, results.Edited{Subject: r.Subject, SchemeAdded: r.SchemeAdded, Iterating: true, Values: chosen[k], Replacing: r.Replacing})
	}
	w.records = r.Iterations
	if readErr != nil {
		return pipeline.Fail
	}
	failed := 0
	w.replaced = w.replaced[:0]
	for k := range r.Iterations {
		it := &r.Iterations[k]
		w.combo = edit.Combination(ops, k, w.combo)
		start := len(w.replaced)
		out, rep, err := edit.ApplyReplacing(u, w.combo, w.eo, &w.scratch, w.replaced)
		w.replaced, it.Replaced = rep, rep[start:]
		if err != nil {
			it.Err = errfinding.Of(err, "edit")
			failed++
			continue
		}
		it.Output = out
	}
	return pipeline.Outcome{Findings: failed}
}

// outputs makes r's record for each output of the values edit.
func (w *editWork) outputs(ops []edit.Op, u *uri.URI, r *results.Edited) pipeline.Outcome {
	records, failed := w.records[:0], 0
	w.combo, w.replaced = edit.Outputs(u, ops, w.eo, &w.scratch, w.combo, w.replaced[:0], func(out string, replaced []edit.Replaced, err error) {
		rec := results.Edited{Subject: r.Subject, SchemeAdded: r.SchemeAdded, Replacing: true, Replaced: replaced, Output: out}
		if err != nil {
			rec.Err = errfinding.Of(err, "edit")
			failed++
		}
		records = append(records, rec)
	})
	r.Iterations, w.records = records, records
	return pipeline.Outcome{Findings: failed}
}
