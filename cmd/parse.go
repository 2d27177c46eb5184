package cmd

import (
	"errors"
	"strings"

	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/defaultscheme"
	"github.com/uritool/uritool/internal/filter"
	"github.com/uritool/uritool/internal/flagval"
	"github.com/uritool/uritool/internal/get"
	"github.com/uritool/uritool/internal/pct"
	"github.com/uritool/uritool/internal/pipeline"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/render/breakdown"
	"github.com/uritool/uritool/internal/schema"
	"github.com/uritool/uritool/internal/stream"
)

// ParseOptions are the options of uritool parse.
type ParseOptions struct {
	*RootOptions
	Keep          filter.Filter // --has, --ext, --host, ...
	Unique        bool
	Format        *flagval.Choice
	Get           getFlag
	Each          *flagval.Choice
	ShowPassword  bool
	IRI           bool
	DefaultScheme defaultscheme.Flag
	DefaultPorts  flagval.PortMap
}

// NewParseCmd builds uritool parse.
func NewParseCmd(root *RootOptions) *cobra.Command {
	opts := &ParseOptions{RootOptions: root}
	opts.Keep.Scheme = &opts.DefaultScheme
	c := &cobra.Command{
		Use:   "parse [flags] [REF ...]",
		Short: "Break URI references into their components",
		Long: `Parse each URI reference (RFC 3986 section 4.1) and show its components.

The text format draws a breakdown for people: the reference with each
component bracketed under it, then every component, with undefined ones shown
as absent and distinct from empty ones. On a terminal narrower than the
picture, only the list is drawn. A password in the userinfo is shown as ****
unless --show-password is given (RFC 3986 sections 3.2.1 and 7.5).

--format json writes one JSON object per input (JSON Lines). --get prints only
the named fields, tab-separated, one line per input: an invalid input gives an
empty line (and its diagnostic on stderr), so the output stays aligned with
the input. The fields are the components as written, an undefined one empty:

  scheme authority userinfo host port path query fragment
  user password      userinfo = user [ ":" password ] (section 3.2.1)
  host_type          ipv4, ipv6, ipvfuture or reg-name
  kind               uri or relative-ref

A password shows as ****, in the userinfo and the authority too, unless
--show-password is given.

A --get value with braces is a template instead, one line per input, each
{FIELD} replaced:

  {FIELD}            a field above, such as {host} or {password}
  {query:KEY}        the first value of KEY, decoded as below; KEY is the
                     decoded key, and may be empty: {query:}
  {query-all:KEY}    every value of KEY, space-separated
  {query-keys}       every key of the query, decoded, space-separated
  {segment:N}        path segment N as written, from 1; -1 is the last
  {host:N}           label N of a reg-name host as written, from 1; -1 is
                     the last; an IP address has no labels
  {puny:host} {idn:host}
                     the host's A-labels and its Unicode form (UTS #46), as
                     to-uri and to-iri write them; an IP address as it is
  {url}              the whole reference as written, its password masked
                     unless --show-password
  {registrable} {suffix} {subdomain}
                     by the Public Suffix List (see --version), for a
                     reg-name host; empty for an IP address
  {surt}             the SURT, the key of Common Crawl's and the Wayback
                     Machine's indexes: lowercase, host reversed with
                     commas and without "www", ")" after it, default port,
                     scheme, userinfo and fragment dropped, query sorted;
                     none for a relative reference
  {{ and }}          literal braces

The query's pairs are split at "&"; an empty piece ("a&&b") is no pair.
Decoding is one rule in every view: a key or value is percent-decoded
(section 2.1) and "+" stays "+", as RFC 3986 gives it no meaning. A view
that reads the query as form data (application/x-www-form-urlencoded, as
HTML forms send it) reads "+" as a space, and says so: the breakdown's "as
form data", JSON's query_params, and form: below. A decoded value stays on
its line: its control characters (a newline, a
tab) are written percent-encoded (%0A, %09), and so, in {query-all:KEY} and
{query-keys}, are a space and a "%" (%20, %25), so that the spaces between
values are the only ones.
Modifiers go before a field, each once, in any order:

  must:              a reference with no value for the field is a finding:
                     its line stays empty, the diagnostic names the field,
                     the exit status is 1; an empty component is a value
                     ("?" is an empty query), as is a key without "="
  default:           {default:port}: the port, or when there is none or it
                     is empty the scheme's default (http, ws 80; https,
                     wss 443; ftp 21; and --default-port)
  raw:               {raw:query:KEY}, {raw:query-all:KEY}, {raw:query-keys}
                     as written, not decoded (the other fields are as
                     written already)
  form:              {form:query:KEY}, {form:query-all:KEY},
                     {form:query-keys} decoded as form data: "+" is a
                     space, and KEY is matched so decoded ({form:query:a b}
                     finds "?a+b=1")
  encode:            the value percent-encoded but for unreserved characters
                     (section 2.3), to put it in any component of another
                     reference: {encode:query:next}, {encode:path}

An unknown field or modifier is a usage error, before any input is read.

--each KIND takes each reference apart instead and prints the items of one
kind, one a line: the keys, the values or the pairs of its query, the
segments of its path, the labels of its host. Its lines do not line up with
the input, by design: an input with no items prints nothing, one with three
prints three lines, an invalid one only its diagnostic, on stderr (exit
status 1). With --format json each item is a record that holds the line of
its input and its index, to join them back, and an invalid input a record
of its error. --unique prints each distinct item once, at its first
occurrence. --each cannot be combined with --get.

  keys, values       the query's pairs as {query-keys} splits them, each
                     key or value percent-decoded as {query:KEY} decodes
                     it ("+" stays), a control character written as %0A
                     is, so that an item is one line; a key without "="
                     has the empty value
  pairs              each pair as written, key=value: decoded, a "=" or
                     "&" of a key or value would read as a delimiter;
                     --format json adds its key and value decoded
  segments           the path's segments as written, as {segment:N}
                     numbers them: "/a/b/" has "a", "b" and "" (an empty
                     line), an empty path none
  labels             a reg-name's labels as written, as {host:N} numbers
                     them; an IP address has none`,
		Example: `  uritool parse 'https://alice@example.com:8443/a/b?x=1#frag'
  uritool parse --format json 'mailto:user@example.com'
  uritool parse --get host,port https://example.com:8080/
  uritool parse --get '{host}:{default:port} {query:q} {query-keys}' 'redis://cache.example/?q=a%20b&n=1' --default-port redis=6379
  uritool parse --get '{must:query:id}' https://example.com/item?id=42 https://example.com/item
  uritool parse --get 'https://example.org/?q={encode:query:q}' 'https://example.com/?q=a%26b+c'
  uritool parse --get '{surt}' 'https://www.example.com/A/?b=2&a=1'
  uritool parse --iri 'https://bücher.example/straße?q=日本'
  uritool parse --each keys --unique < urls.txt
  uritool parse --each segments --format json 'https://example.com/a/b/?x=1'
  cut -f1 links.tsv | uritool parse --json`,
		Annotations: map[string]string{
			AnnotationJSONFields: schema.ParseFields.String() + "\n\n" + schema.EachFields.String(),
		},
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			each := get.EachNamed(opts.Each.Value)
			if each != 0 && opts.Get.set {
				return usageErrorf("%s prints items, --get fields; give one of them", root.given(c, "each"))
			}
			if opts.Get.set && opts.Format.Value != "text" {
				return usageErrorf("--get prints text; it cannot be combined with %s", root.formatGiven(c))
			}
			outPal, errPal := opts.palettes()
			ro := breakdown.Options{Format: opts.Format.Value, Get: opts.Get.set, Each: each,
				ShowPassword: opts.ShowPassword, IRI: opts.IRI, Out: outPal, Err: errPal, Width: opts.terminalWidth()}
			gets := get.Options{ShowPassword: opts.ShowPassword, DefaultPorts: opts.DefaultPorts.Ports}
			distinct := pipeline.Unique[breakdown.Parsed](opts.Unique)
			if distinct != nil && each != 0 {
				// An item a line: each distinct item once, not each input.
				distinct.Lines = func(r *breakdown.Parsed, i int) (string, bool) {
					if r.Err != nil || i >= len(r.Items) {
						return "", false // an invalid input's record
					}
					return r.Items[i].Text, true
				}
			}
			return run(root, args, pipeline.Command[breakdown.Parsed]{
				Filter:   &opts.Keep,
				Distinct: distinct,
				NewOp: func() pipeline.Op[breakdown.Parsed] {
					return parseOp(&opts.DefaultScheme, opts.IRI, opts.Get.template, each, &gets)
				},
				NewRenderer: func() render.Renderer[breakdown.Parsed] { return breakdown.NewRenderer(ro) },
			})
		},
	}
	opts.Format = flagval.AddFormat(c, "text", "json")
	opts.Each = flagval.NewChoice("", "KIND", get.EachKinds...)
	flagval.AddChoice(c, opts.Each, "each", "print the items of this kind instead, one a line, not aligned with the input: "+flagval.OrList(get.EachKinds)+" (see above)")
	f := c.Flags()
	f.Var(&opts.Get, "get", "print only these components, tab-separated ("+flagval.JoinList(get.Fields)+"), or a template such as '{scheme}://{host}{path}' (see above)")
	f.BoolVar(&opts.ShowPassword, "show-password", false, "show the password of the userinfo in text output")
	f.BoolVar(&opts.IRI, "iri", false, iriUsage)
	f.Var(&opts.DefaultScheme, "default-scheme", defaultscheme.Usage)
	f.Var(&opts.DefaultPorts, "default-port", "extra default ports for {default:port} and {surt}")
	_ = c.RegisterFlagCompletionFunc("get", getCompletion)
	_ = c.RegisterFlagCompletionFunc("default-port", cobra.NoFileCompletions)
	addFilterFlags(c, &opts.Keep)
	c.Flags().BoolVar(&opts.Unique, "unique", false, uniqueUsage)
	return c
}

// parseOp parses one input. With --get (t), it evaluates t for a valid
// input, and one that lacks a must: field of t is a finding; with --each
// (each), it takes a valid input apart into its items; with neither, it
// also reads the host's IDNA forms and the query as form data, which the
// breakdown and the record show.
func parseOp(ds *defaultscheme.Flag, asIRI bool, t *get.Template, each get.Each, o *get.Options) pipeline.Op[breakdown.Parsed] {
	// What the items and the query's pairs decode into, reused from one
	// input to the next: the result is rendered before the next input.
	var decoded []byte
	return pipeline.Func[breakdown.Parsed](func(in *stream.Input, r *breakdown.Parsed) pipeline.Outcome {
		decoded = decoded[:0]
		text, added := ds.Apply(in.Text)
		err := parseRef(&r.URI, in, text, asIRI)
		r.Line, r.Input, r.SchemeAdded, r.Err, r.Params, r.Unmet, r.Items = in.Line, text, added, nil, r.Params[:0], nil, r.Items[:0]
		switch {
		case err != nil:
			errors.As(err, &r.Err)
		case t != nil:
			if r.Get, r.Unmet = t.Append(r.Get[:0], &r.URI, o); r.Unmet != nil {
				return pipeline.Fail
			}
		case each != 0:
			r.Items = each.Append(r.Items, &decoded, &r.URI)
		}
		if t == nil && each == 0 {
			r.Forms.Set(&r.URI, err == nil)
			if q, ok := r.URI.Query(); ok && err == nil {
				r.Params = pct.AppendFormPairs(r.Params, &decoded, q)
			}
		}
		return pipeline.FailIf(err != nil)
	})
}

// getFlag is --get: a list of fields, or a template when it has braces.
// Lists add up; a template replaces what came before it.
type getFlag struct {
	fields   []string
	template *get.Template
	set      bool
	text     string
}

func (g *getFlag) Type() string   { return "FIELDS|TEMPLATE" }
func (g *getFlag) String() string { return g.text }
func (g *getFlag) Set(s string) error {
	g.set, g.text = true, s
	if strings.ContainsAny(s, "{}") {
		t, err := get.Parse(s)
		if err != nil {
			return err
		}
		g.template, g.fields = t, nil
		return nil
	}
	fields := append(g.fields, strings.Split(s, ",")...)
	t, err := get.List(fields)
	if err != nil {
		return err
	}
	g.fields, g.template = fields, t
	return nil
}

// getCompletion completes --get: a list of fields, or inside a template
// (after a "{") a field with or without modifiers.
func getCompletion(c *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	open := strings.LastIndexByte(toComplete, '{')
	if open < 0 || strings.IndexByte(toComplete[open:], '}') >= 0 {
		return flagval.ListCompletion(get.Fields)(c, args, toComplete)
	}
	var out []string
	for _, f := range append(append([]string{}, get.Fields...), get.TemplateFields...) {
		out = append(out, toComplete[:open]+"{"+f+"}")
	}
	for _, m := range get.Modifiers {
		out = append(out, toComplete[:open]+"{"+m)
	}
	return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
}
