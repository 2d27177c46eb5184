package cmd

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/stream"
	"github.com/uritool/uritool/pkg/uri"
)

// ParseOptions are the options of uritool parse.
type ParseOptions struct {
	*RootOptions
	Format       *choice
	Get          []string
	ShowPassword bool
}

// NewParseCmd builds uritool parse.
func NewParseCmd(root *RootOptions) *cobra.Command {
	opts := &ParseOptions{RootOptions: root}
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
aligned with the input.`,
		Example: `  uritool parse 'https://alice@example.com:8443/a/b?x=1#frag'
  uritool parse --format json 'mailto:user@example.com'
  uritool parse --get host,port https://example.com:8080/
  cut -f1 links.tsv | uritool parse --json`,
		Annotations: map[string]string{
			AnnotationJSONFields: `With --format json, one object per input, with every key always present:

  input         the input line
  valid         true or false
  kind          "uri" or "relative-ref" (null when invalid)
  scheme, authority, userinfo, host, port, path, query, fragment
                the component as written, null when undefined, "" when
                present but empty; host keeps the brackets of an
                IP-literal
  host_type     "ipv4", "ipv6", "ipvfuture", "reg-name" or null
  segments      the raw path segments, in order
  query_params  [{"key", "value"}] decoded by the HTML form convention
                (not RFC 3986), order and repeats kept; null without
                query
  error         null, or {"offset", "rule", "message"}: the 0-based
                byte offset where the input broke and the ABNF rule
                expected

Input that is not UTF-8 cannot be carried exactly by a JSON string: its
invalid bytes are written as U+FFFD and the record gains "input_base64"
with the exact bytes.`,
		},
		ValidArgsFunction: noCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			if err := render.CheckGet(opts.Get); err != nil {
				return &UsageError{err}
			}
			if len(opts.Get) > 0 && opts.Format.value != "text" {
				return usageErrorf("--get prints text; it cannot be combined with --format %s", opts.Format.value)
			}
			outPal, errPal := opts.palettes()
			ro := render.ParseOptions{Format: opts.Format.value, Get: opts.Get, ShowPassword: opts.ShowPassword,
				Out: outPal, Err: errPal, Width: opts.terminalWidth()}
			return run(root, args, parseOp, func() render.Renderer[render.Parsed] { return render.NewParser(ro) })
		},
	}
	opts.Format = addFormat(c, "text", "json")
	f := c.Flags()
	f.StringSliceVar(&opts.Get, "get", nil, "print only these components, tab-separated: "+joinList(render.GetFields))
	f.Lookup("get").Value = &listValue{f.Lookup("get").Value, "FIELD,..."}
	f.BoolVar(&opts.ShowPassword, "show-password", false, "show the password of the userinfo in text output")
	_ = c.RegisterFlagCompletionFunc("get", listCompletion(render.GetFields))
	return c
}

// parseOp parses one input.
func parseOp() operation[render.Parsed] {
	return func(in stream.Input, r *render.Parsed) bool {
		u, err := uri.Parse(in.Text)
		*r = render.Parsed{Line: in.Line, Input: in.Text, URI: u}
		if err != nil {
			errors.As(err, &r.Err)
			return true
		}
		return false
	}
}
