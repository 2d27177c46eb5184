package cmd

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/pkg/uri"
)

// ParseOptions are the options of uritool parse.
type ParseOptions struct {
	*RootOptions
	JSON         bool
	Get          []string
	ShowPassword bool
	Args         []string
}

// NewParseCmd builds uritool parse.
func NewParseCmd(root *RootOptions) *cobra.Command {
	opts := &ParseOptions{RootOptions: root}
	c := &cobra.Command{
		Use:   "parse [flags] [REF ...]",
		Short: "Break URI references into their components",
		Long: `Parse each URI reference (RFC 3986 section 4.1) and show its components.

Without flags it draws a breakdown for people: the reference with each
component bracketed under it, then every component, with undefined ones shown
as absent and distinct from empty ones. A password in the userinfo is shown as
**** unless --show-password is given (RFC 3986 sections 3.2.1 and 7.5).

--json writes one JSON object per input (JSON Lines), --get only the named
components, tab-separated.`,
		Example: `  uritool parse 'https://alice@example.com:8443/a/b?x=1#frag'
  uritool parse --json 'mailto:user@example.com'
  uritool parse --get host,port https://example.com:8080/
  cut -f1 links.tsv | uritool parse --json`,
		Annotations: map[string]string{
			AnnotationJSONFields: `With --json, one object per input, with every key always present:

  input         the input line
  valid         true or false
  kind          "uri" or "relative-ref" (null when invalid)
  scheme, authority, userinfo, host, port, path, query, fragment
                the component as written, null when undefined, "" when
                present but empty; host keeps the brackets of an IP-literal
  host_type     "ipv4", "ipv6", "ipvfuture", "reg-name" or null
  segments      the raw path segments, in order
  query_params  [{"key", "value"}] decoded by the HTML form convention
                (not RFC 3986), order and repeats kept; null without query
  error         null, or {"offset", "rule", "message"}: the 0-based byte
                offset where the input broke and the ABNF rule expected

Input that is not UTF-8 cannot be carried exactly by a JSON string: its
invalid bytes are written as U+FFFD and the record gains "input_base64"
with the exact bytes.`,
		},
		RunE: func(c *cobra.Command, args []string) error {
			opts.Args = args
			return runParse(opts)
		},
	}
	f := c.Flags()
	f.BoolVar(&opts.JSON, "json", false, "write JSON Lines, one object per input")
	f.StringSliceVar(&opts.Get, "get", nil, "print only these components, tab-separated: "+joinList(render.GetFields))
	f.BoolVar(&opts.ShowPassword, "show-password", false, "show the password of the userinfo in text output")
	_ = c.RegisterFlagCompletionFunc("get", listCompletion(render.GetFields))
	c.MarkFlagsMutuallyExclusive("json", "get")
	return c
}

func runParse(opts *ParseOptions) error {
	outPal, errPal, err := opts.palettes()
	if err != nil {
		return err
	}
	o := newOutput(opts.IO)
	p, err := render.NewParser(o.out, o.err, render.ParseOptions{
		JSON: opts.JSON, Get: opts.Get, ShowPassword: opts.ShowPassword, Out: outPal, Err: errPal,
	})
	if err != nil {
		return &UsageError{err}
	}
	bad := 0
	err = eachInput(opts.IO, o, opts.Args, func(no int, text string) error {
		u, err := uri.Parse(text)
		r := render.Parsed{Line: no, Input: text, URI: u}
		if err != nil {
			bad++
			errors.As(err, &r.Err)
		}
		return p.Result(&r)
	})
	if ferr := o.flush(); err == nil {
		err = ferr
	}
	if err != nil {
		return err
	}
	return findings(bad)
}
