package cmd

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/errfinding"
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/flagval"
	"github.com/uritool/uritool/internal/pipeline"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/render/results"
	"github.com/uritool/uritool/internal/schema"
	"github.com/uritool/uritool/internal/stream"
	"github.com/uritool/uritool/pkg/uri"
)

// RecomposeOptions are the options of uritool recompose.
type RecomposeOptions struct {
	*RootOptions
	// Components from flags; a nil one was not given (undefined).
	Components uri.Builder
	Format     *flagval.Choice
}

// componentFlags are recompose's component flags, in order.
var componentFlags = []string{"scheme", "userinfo", "host", "port", "path", "query", "fragment"}

// NewRecomposeCmd builds uritool recompose.
func NewRecomposeCmd(root *RootOptions) *cobra.Command {
	opts := &RecomposeOptions{RootOptions: root}
	var values [7]string
	c := &cobra.Command{
		Use:   "recompose [flags] [JSON ...]",
		Short: "Build URI references from components (RFC 3986 section 5.3)",
		Long: `Build a URI reference from its components by RFC 3986 section 5.3 and print
it. The components come either from flags (one reference), or from JSON
objects with the keys that "parse --format json" writes, one per line of
standard input (or per argument): null or a missing key is an undefined
component, "" an empty one. Each component is checked against its own rule
and where it stands; one that cannot stand there is an error, never silently
fixed. An input that fails gives an empty line on stdout and its diagnostic on
stderr, so the output stays aligned with the input.

"uritool parse --json | uritool recompose" gives back every valid input.`,
		Example: `  uritool recompose --scheme https --host example.com --path /a --query x=1
  uritool recompose --path ./a:b
  uritool parse --json < urls.txt | uritool recompose`,
		Annotations: map[string]string{
			AnnotationJSONFields: results.RecomposeTable.Fields().String(),
		},
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			fromFlags := false
			for i, name := range componentFlags {
				if c.Flags().Changed(name) {
					fromFlags = true
					opts.setComponent(name, values[i])
				}
			}
			if fromFlags && len(args) > 0 {
				return usageErrorf("give components either as flags or as JSON, not both")
			}
			op := recomposeJSON
			if fromFlags {
				op = func() pipeline.Op[results.Recomposed] { return pipeline.Func[results.Recomposed](opts.recomposeFlags) }
			}
			outPal, errPal := opts.palettes()
			return run(root, args, pipeline.Command[results.Recomposed]{
				NewOp:       op,
				NewRenderer: tableRenderer(results.RecomposeTable, opts.Format.Value, render.TextOptions{Out: outPal, Err: errPal}),
				Once:        fromFlags, // the one reference the flags describe
			})
		},
	}
	f := c.Flags()
	for i, name := range componentFlags {
		f.StringVar(&values[i], name, "", "the "+name+" (an empty `"+strings.ToUpper(name)+"` is defined but empty)")
		_ = c.RegisterFlagCompletionFunc(name, cobra.NoFileCompletions)
	}
	opts.Format = flagval.AddFormat(c, "text", "json")
	return c
}

func (o *RecomposeOptions) setComponent(name, v string) {
	p := &v
	switch name {
	case "scheme":
		o.Components.Scheme = p
	case "userinfo":
		o.Components.Userinfo = p
	case "host":
		o.Components.Host = p
	case "port":
		o.Components.Port = p
	case "path":
		o.Components.Path = v
	case "query":
		o.Components.Query = p
	case "fragment":
		o.Components.Fragment = p
	}
}

// recomposeFlags builds the one reference the flags describe.
func (o *RecomposeOptions) recomposeFlags(in *stream.Input, r *results.Recomposed) pipeline.Outcome {
	return recompose(r, in, o.Components, nil)
}

// recomposeJSON builds a reference from each JSON object of components.
func recomposeJSON() pipeline.Op[results.Recomposed] {
	return pipeline.Func[results.Recomposed](func(in *stream.Input, r *results.Recomposed) pipeline.Outcome {
		var c schema.ParseRecord
		var failure *finding.Finding
		switch err := json.Unmarshal([]byte(in.Text), &c); {
		case err != nil:
			failure = errfinding.Of(err, "json")
			failure.Message = "not a JSON object of components: " + failure.Message
		case c.Valid != nil && !*c.Valid:
			failure = &finding.Finding{Rule: "input", Message: "the parsed input was not valid"}
			if c.Error != nil {
				failure.Message += ": " + c.Error.Message
			}
		default:
			failure = splitAuthority(&c)
		}
		// The path is always defined (RFC 3986 section 3), so a record
		// without one has the empty path, as the flags do.
		b := uri.Builder{Scheme: c.Scheme, Userinfo: c.Userinfo, Host: c.Host, Port: c.Port, Query: c.Query, Fragment: c.Fragment}
		if c.Path != nil {
			b.Path = *c.Path
		}
		return recompose(r, in, b, failure)
	})
}

// splitAuthority fills userinfo, host and port from "authority" when only
// that is given, and checks that it agrees with them when both are.
func splitAuthority(c *schema.ParseRecord) *finding.Finding {
	if c.Authority == nil {
		return nil
	}
	a, err := uri.Parse("//" + *c.Authority)
	if path := a.Path(); err != nil || path != "" {
		return &finding.Finding{Rule: "authority", Message: fmt.Sprintf("%q is not an authority (RFC 3986 section 3.2)", *c.Authority)}
	}
	parts := []struct {
		name  string
		given **string
		value string
		ok    bool
	}{{"userinfo", &c.Userinfo, "", false}, {"host", &c.Host, "", false}, {"port", &c.Port, "", false}}
	parts[0].value, parts[0].ok = a.Userinfo()
	parts[1].value, parts[1].ok = a.Host()
	parts[2].value, parts[2].ok = a.Port()
	if c.Userinfo == nil && c.Host == nil && c.Port == nil {
		for _, p := range parts {
			if p.ok {
				v := p.value
				*p.given = &v
			}
		}
		return nil
	}
	for _, p := range parts {
		if (*p.given == nil) != !p.ok || *p.given != nil && **p.given != p.value {
			return &finding.Finding{Rule: "authority", Message: fmt.Sprintf("\"authority\" %q disagrees with %q", *c.Authority, p.name)}
		}
	}
	return nil
}

// recompose builds one reference into r, or reports why it cannot be
// built; it returns whether it failed.
func recompose(r *results.Recomposed, in *stream.Input, b uri.Builder, failure *finding.Finding) pipeline.Outcome {
	*r = results.Recomposed{Subject: render.Subject{Line: in.Line, Input: in.Text, Err: failure}}
	if failure == nil {
		u, err := b.Build()
		if err != nil {
			r.Err = errfinding.Of(err, "uri")
		} else {
			r.URI = u.String()
		}
	}
	return pipeline.FailIf(r.Err != nil)
}
