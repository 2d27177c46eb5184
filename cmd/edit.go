package cmd

import (
	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/defaultscheme"
	"github.com/uritool/uritool/internal/edit"
	"github.com/uritool/uritool/internal/errfinding"
	"github.com/uritool/uritool/internal/filter"
	"github.com/uritool/uritool/internal/flagval"
	"github.com/uritool/uritool/internal/pipeline"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/render/results"
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
the values.`,
		Example: `  uritool edit --set host=example.org --set port=8443 'https://example.com/a?b#c'
  uritool edit --delete-query 'utm_*' --sort-query < urls.txt
  uritool edit --append path='annual report.pdf' https://example.com/docs/
  uritool edit --set-query page=2 --unset fragment 'https://example.com/list?page=1#top'
  uritool edit --set user=alice --set password=s3cret --set 'port?=8443' https://example.com/
  uritool edit --unset password 'https://alice:s3cret@example.com/'
  uritool edit --set host=bücher.example --append query=debug https://example.com/
  uritool edit --query-separator ':' --sort-query 'https://example.com/?b=2:a=1'
  uritool edit --default-scheme https --iterate 'scheme=http https' --iterate 'port=80 8080' example.com/`,
		Annotations: map[string]string{
			AnnotationJSONFields: results.EditTable.Fields().String(),
		},
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			if len(opts.Ops) == 0 {
				return usageErrorf("no edit given: use --set, --unset, --append, --iterate or a query edit")
			}
			if err := edit.Check(opts.Ops); err != nil {
				return usageErrorf("%v", err)
			}
			_, errPal := opts.palettes()
			sep := opts.Separator.sep
			chosen := opts.chosen()
			format := opts.Format.Value
			return run(root, args, pipeline.Command[results.Edited]{
				Filter:   &opts.Keep,
				Distinct: opts.distinct(),
				NewOp:    func() pipeline.Op[results.Edited] { return opts.editOp(sep, chosen) },
				NewRenderer: func() render.Renderer[results.Edited] {
					return results.NewEditRenderer(format, render.TextOptions{Err: errPal})
				},
			})
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

// distinct is --unique, which takes each output of an input apart.
func (o *EditOptions) distinct() *pipeline.Distinct[results.Edited] {
	d := pipeline.Unique[results.Edited](o.Unique)
	if d != nil {
		d.Each = results.EditOutputs
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
// combination of values (chosen).
func (o *EditOptions) editOp(sep byte, chosen [][]results.Chosen) pipeline.Op[results.Edited] {
	eo := edit.Options{Separator: sep, IRI: o.IRI}
	var combo []edit.Op // this worker's
	return pipeline.Func[results.Edited](func(in *stream.Input, r *results.Edited) pipeline.Outcome {
		text, added := o.DefaultScheme.Apply(in.Text)
		r.Start(in.Line, text)
		r.SchemeAdded = added
		var u uri.URI
		err := parseRef(&u, text, o.IRI)
		if chosen != nil {
			return o.iterate(u, err, r, chosen, eo, &combo)
		}
		if err != nil {
			r.Err = errfinding.Of(err, "uri")
			return pipeline.Fail
		}
		if r.Output, err = edit.Apply(u, o.Ops, eo); err != nil {
			r.Err = errfinding.Of(err, "edit")
			return pipeline.Fail
		}
		return pipeline.Pass
	})
}

// iterate makes r's record for each combination of --iterate values, as
// it is written: an input that cannot be read (readErr) fails every
// combination, which keep their values so that each record says which it
// stands for.
func (o *EditOptions) iterate(u uri.URI, readErr error, r *results.Edited, chosen [][]results.Chosen, eo edit.Options, combo *[]edit.Op) pipeline.Outcome {
	r.Iterating = true
	if readErr != nil {
		r.Err = errfinding.Of(readErr, "uri")
	}
	r.Iterations = make([]results.Edited, len(chosen))
	for k := range r.Iterations {
		r.Iterations[k] = results.Edited{Subject: r.Subject, SchemeAdded: r.SchemeAdded, Iterating: true, Values: chosen[k]}
	}
	if readErr != nil {
		return pipeline.Fail
	}
	failed := 0
	for k := range r.Iterations {
		it := &r.Iterations[k]
		*combo = edit.Combination(o.Ops, k, *combo)
		out, err := edit.Apply(u, *combo, eo)
		if err != nil {
			it.Err = errfinding.Of(err, "edit")
			failed++
			continue
		}
		it.Output = out
	}
	return pipeline.Outcome{Findings: failed}
}
