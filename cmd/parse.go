package cmd

import (
	"errors"
	"strings"

	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/defaultscheme"
	"github.com/uritool/uritool/internal/filter"
	"github.com/uritool/uritool/internal/flagval"
	"github.com/uritool/uritool/internal/pct"
	"github.com/uritool/uritool/internal/pipeline"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/stream"
)

// ParseOptions are the options of uritool parse.
type ParseOptions struct {
	*RootOptions
	Keep          filter.Filter // --has, --ext, --host, ...
	Unique        bool
	Format        *flagval.Choice
	Get           getFlag
	ShowPassword  bool
	IRI           bool
	DefaultScheme defaultscheme.Flag
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
the named components, tab-separated, one line per input: an invalid input
gives an empty line (and its diagnostic on stderr), so the output stays
aligned with the input.

A --get value with braces is a template instead, one line per input:

  {scheme} {userinfo} {host} {port} {path} {query} {fragment} {authority}
                     the component exactly as written; undefined is empty
  {query:KEY}        the first value of KEY, percent-decoded ("+" stays)
  {query-all:KEY}    every value of KEY, space-separated
  {segment:N}        path segment N as written, from 1; -1 is the last
  {registrable} {suffix} {subdomain}
                     by the Public Suffix List (see --version), for a
                     reg-name host; empty for an IP address
  {{ and }}          literal braces

An unknown field is a usage error, before any input is read.`,
		Example: `  uritool parse 'https://alice@example.com:8443/a/b?x=1#frag'
  uritool parse --format json 'mailto:user@example.com'
  uritool parse --get host,port https://example.com:8080/
  uritool parse --iri 'https://bücher.example/straße?q=日本'
  cut -f1 links.tsv | uritool parse --json`,
		Annotations: map[string]string{
			AnnotationJSONFields: render.ParseFields.String(),
		},
		ValidArgsFunction: flagval.NoCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			if opts.Get.set && opts.Format.Value != "text" {
				return usageErrorf("--get prints text; it cannot be combined with %s", root.formatGiven(c))
			}
			outPal, errPal := opts.palettes()
			ro := render.ParseOptions{Format: opts.Format.Value, Get: opts.Get.fields, Template: opts.Get.template,
				ShowPassword: opts.ShowPassword, Out: outPal, Err: errPal, Width: opts.terminalWidth()}
			return run(root, args, pipeline.Command[render.Parsed]{
				Filter:      &opts.Keep,
				Unique:      opts.Unique,
				NewOp:       func() pipeline.Op[render.Parsed] { return parseOp(&opts.DefaultScheme, opts.IRI, !opts.Get.set) },
				NewRenderer: func() render.Renderer[render.Parsed] { return render.NewParser(ro) },
			})
		},
	}
	opts.Format = flagval.AddFormat(c, "text", "json")
	f := c.Flags()
	f.Var(&opts.Get, "get", "print only these components, tab-separated ("+flagval.JoinList(render.GetFields)+"), or a template such as '{scheme}://{host}{path}' (see above)")
	f.BoolVar(&opts.ShowPassword, "show-password", false, "show the password of the userinfo in text output")
	f.BoolVar(&opts.IRI, "iri", false, iriUsage)
	f.Var(&opts.DefaultScheme, "default-scheme", defaultscheme.Usage)
	_ = c.RegisterFlagCompletionFunc("get", flagval.ListCompletion(render.GetFields))
	addFilterFlags(c, &opts.Keep)
	c.Flags().BoolVar(&opts.Unique, "unique", false, uniqueUsage)
	return c
}

// parseOp parses one input; withForms also reads its host's IDNA forms
// and its query as form data, which all but --get show.
func parseOp(ds *defaultscheme.Flag, asIRI, withForms bool) pipeline.Op[render.Parsed] {
	return pipeline.Func[render.Parsed](func(in *stream.Input, r *render.Parsed) pipeline.Outcome {
		text, added := ds.Apply(in.Text)
		u, err := parseRef(text, asIRI)
		r.Line, r.Input, r.URI, r.SchemeAdded, r.Err, r.Params = in.Line, text, u, added, nil, r.Params[:0]
		if err != nil {
			errors.As(err, &r.Err)
		}
		if withForms {
			r.Forms.Set(&u, err == nil)
			if q, ok := u.Query(); ok && err == nil {
				r.Params = pct.AppendFormPairs(r.Params, q)
			}
		}
		return pipeline.FailIf(err != nil)
	})
}

// getFlag is --get: a list of fields, or a template when it has braces.
type getFlag struct {
	fields   []string
	template *render.GetTemplate
	set      bool
	text     string
}

func (g *getFlag) Type() string   { return "FIELDS|TEMPLATE" }
func (g *getFlag) String() string { return g.text }
func (g *getFlag) Set(s string) error {
	g.set, g.text = true, s
	if strings.ContainsAny(s, "{}") {
		t, err := render.ParseGetTemplate(s)
		if err != nil {
			return err
		}
		g.template, g.fields = t, nil
		return nil
	}
	fields := strings.Split(s, ",")
	if err := render.CheckGet(fields); err != nil {
		return err
	}
	g.fields, g.template = append(g.fields, fields...), nil
	return nil
}
