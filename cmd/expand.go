package cmd

import (
	"errors"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/errfinding"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/flagval"
	"github.com/uritool/uritool/internal/pipeline"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/render/results"
	"github.com/uritool/uritool/internal/stream"
	"github.com/uritool/uritool/pkg/uri"
	"github.com/uritool/uritool/pkg/uritemplate"
)

// ExpandOptions are the options of uritool expand.
type ExpandOptions struct {
	*RootOptions
	Unique   bool
	Format   *flagval.Choice
	Vars     []string
	Assoc    []string
	VarsFile string
}

// NewExpandCmd builds uritool expand.
func NewExpandCmd(root *RootOptions) *cobra.Command {
	opts := &ExpandOptions{RootOptions: root}
	c := &cobra.Command{
		Use:   "expand [flags] TEMPLATE [JSON ...]",
		Short: "Expand a URI Template (RFC 6570) with variables",
		Long: `Expand TEMPLATE by RFC 6570 (all four levels, every operator) and print the
result, checked to be a URI reference by RFC 3986: one that is not is a
finding (exit 1), shown with a caret under the first bad byte.

Variables come from --var NAME=VALUE (repeatable; a VALUE with commas is a
list, and with --assoc NAME it is an associative array: NAME=k1=v1,k2=v2) and
--vars FILE.json (an object as the official test suite writes them: strings,
numbers, null for undefined, arrays for lists, objects for associative arrays).
Without either, each line of standard input (or each JSON argument) is one
such object and gives one expansion, on the usual stream. With them, the JSON
lines add to and override those values, one expansion each; when there is no
JSON line (no argument, and standard input empty or a terminal), there is one
expansion of the variables alone. An empty line adds no variables.

TEMPLATE is parsed once, before any input: a malformed template is a usage
error with the offset of the bad expression.`,
		Example: `  uritool expand 'https://api.example.com/repos{/owner,repo}{?page}' --var owner=uritool --var repo=uritool --var page=2
  uritool expand '{/path*}{?q}' --var path=a,b,c --var q='a b'
  uritool expand '{?keys*}' --assoc keys --var 'keys=semi=;,dot=.'
  echo '{"q":"x y"}' | uritool expand '{/path*}{?q}' --var path=a,b
  jq -c '.[]' vars.json | uritool expand '/users/{id}{?fields*}'`,
		Args: requireArgs(1, "TEMPLATE"),
		Annotations: map[string]string{
			AnnotationJSONFields: results.ExpandTable.Fields().String(),
		},
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			t, err := root.parseTemplate(args[0])
			if err != nil {
				return err
			}
			base, err := opts.values()
			if err != nil {
				return err
			}
			inputs := args[1:]
			// Variables but no JSON arguments: standard input's JSON lines
			// add to them, one expansion each, or, when it has none or is
			// a terminal that nobody types into, one expansion of the
			// variables alone.
			vars := len(inputs) == 0 && (len(opts.Vars) > 0 || opts.VarsFile != "")
			outPal, errPal := opts.palettes()
			return run(root, inputs, pipeline.Command[results.Expanded]{
				Distinct:    pipeline.Unique[results.Expanded](opts.Unique),
				NewOp:       func() pipeline.Op[results.Expanded] { return expandOp(t, args[0], base) },
				NewRenderer: tableRenderer(results.ExpandTable, opts.Format.Value, render.TextOptions{Out: outPal, Err: errPal}),
				Once:        vars && render.IsTerminal(root.IO.In),
				OnEmpty:     vars,
			})
		},
	}
	opts.Format = flagval.AddFormat(c, "text", "json")
	f := c.Flags()
	f.StringArrayVar(&opts.Vars, "var", nil, "a variable, as `NAME=VALUE`; commas make a list")
	f.StringSliceVar(&opts.Assoc, "assoc", nil, "read these --var values as associative arrays, k1=v1,k2=v2")
	f.StringVar(&opts.VarsFile, "vars", "", "variables from a JSON object in `FILE`")
	_ = c.MarkFlagFilename("vars", "json")
	_ = c.RegisterFlagCompletionFunc("var", cobra.NoFileCompletions)
	_ = c.RegisterFlagCompletionFunc("assoc", cobra.NoFileCompletions)
	c.Flags().BoolVar(&opts.Unique, "unique", false, uniqueUsage)
	return c
}

// parseTemplate parses a template argument once, or returns a usage error
// that shows where it broke.
func (o *RootOptions) parseTemplate(s string) (*uritemplate.Template, error) {
	t, err := uritemplate.Parse(s)
	if err == nil {
		return t, nil
	}
	var te *uritemplate.Error
	if !errors.As(err, &te) {
		return nil, &UsageError{err}
	}
	if err := o.showArgError("TEMPLATE", s, errfinding.Of(err, finding.RuleURITemplate)); err != nil {
		return nil, err
	}
	return nil, usageErrorf("TEMPLATE is not a URI Template (RFC 6570): %s", te.Msg)
}

// values gathers --vars and --var.
func (o *ExpandOptions) values() (uritemplate.Values, error) {
	vals := uritemplate.Values{}
	if o.VarsFile != "" {
		file, err := o.openFlagFile("vars", o.VarsFile)
		if err != nil {
			return nil, err
		}
		data, err := io.ReadAll(file)
		file.Close()
		if err != nil {
			return nil, badValue("vars", o.VarsFile, "%v", asGiven(err, o.VarsFile))
		}
		if vals, err = uritemplate.ValuesFromJSON(data); err != nil {
			return nil, badValue("vars", o.VarsFile, "%v", err)
		}
	}
	assoc := map[string]bool{}
	for _, a := range o.Assoc {
		assoc[a] = true
	}
	for _, v := range o.Vars {
		name, value, ok := strings.Cut(v, "=")
		if !ok || name == "" {
			return nil, badValue("var", v, "want NAME=VALUE")
		}
		switch {
		case assoc[name]:
			var pairs []uritemplate.Pair
			for _, kv := range strings.Split(value, ",") {
				k, val, ok := strings.Cut(kv, "=")
				if !ok {
					return nil, badValue("var", v, "%q is not KEY=VALUE, as --assoc %s wants", kv, name)
				}
				pairs = append(pairs, uritemplate.Pair{Key: k, Value: val})
			}
			vals[name] = uritemplate.Assoc(pairs...)
		case strings.Contains(value, ","):
			vals[name] = uritemplate.List(strings.Split(value, ",")...)
		default:
			vals[name] = uritemplate.String(value)
		}
	}
	for name := range assoc {
		if _, ok := vals[name]; !ok {
			return nil, badValue("assoc", name, "no --var %s", name)
		}
	}
	return vals, nil
}

// expandOp expands t with base overlaid by each input's JSON object; an
// empty input adds no variables.
func expandOp(t *uritemplate.Template, text string, base uritemplate.Values) pipeline.Op[results.Expanded] {
	return pipeline.Func[results.Expanded](func(in *stream.Input, r *results.Expanded) pipeline.Outcome {
		*r = results.Expanded{Subject: render.Subject{Line: in.Line, Input: in.Text}, Template: text}
		vals := uritemplate.Values{}
		if in.Text != "" {
			var err error
			if vals, err = uritemplate.ValuesFromJSON([]byte(in.Text)); err != nil {
				r.Err = &finding.Finding{Rule: "json", Message: "not a JSON object of variables: " + err.Error()}
				return pipeline.Fail
			}
		}
		for k, v := range base {
			if _, over := vals[k]; !over {
				vals[k] = v
			}
		}
		out, err := t.Expand(vals)
		if err != nil {
			r.Err = errfinding.Of(err, "expansion")
			r.Err.Offset = 0 // in the template, not in the variables shown
			return pipeline.Fail
		}
		r.Expansion, r.Expanded = out, true
		if _, err := uri.Parse(out); err != nil {
			// Show the expansion, not the variables, under the caret.
			r.Input, r.Err = out, errfinding.Of(err, "uri")
			r.Err.Message = "the expansion is not a URI reference: " + r.Err.Message
			return pipeline.Fail
		}
		return pipeline.Pass
	})
}
