package cmd

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/filter"
	"github.com/uritool/uritool/internal/flagval"
	"github.com/uritool/uritool/internal/interop"
	"github.com/uritool/uritool/internal/password"
	"github.com/uritool/uritool/internal/pipeline"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/render/readings"
	"github.com/uritool/uritool/internal/stream"
)

// InteropOptions are the options of uritool interop.
type InteropOptions struct {
	*RootOptions
	Keep       filter.Filter // --has, --ext, --host, ...
	Format     *flagval.Choice
	Components []string
	Base       string
}

// NewInteropCmd builds uritool interop.
func NewInteropCmd(root *RootOptions) *cobra.Command {
	opts := &InteropOptions{RootOptions: root}
	c := &cobra.Command{
		Use:   "interop [flags] [REF ...]",
		Short: "Compare how RFC 3986, WHATWG and net/url parsers read references",
		Long: `Read each input with three parsers and show, side by side, what each makes
of it: accepted or rejected (and why), and its scheme, userinfo, host, port,
path, query and fragment.

  rfc3986  uritool's own strict parser (RFC 3986)
  whatwg   the WHATWG URL Standard, as browsers, Node.js and Rust's url
           read URLs (github.com/nlnwa/whatwg-url, corrected for two
           changes of the Standard it predates; all 869 cases of the
           web-platform-tests URL data pass)
  net/url  Go's standard library, what most Go HTTP code uses

--base URL resolves each input against URL first, each parser its own way:
rfc3986 by RFC 3986 section 5.2 (strict: a reference with a scheme is not
relative, and the base must be a URI, 5.2.1), whatwg by the URL parser with
a base URL, net/url by url.Parse and ResolveReference. A parser that
rejects the base rejects every input, with the base's error ("base: ..."),
and a reference it rejects with the reference's own. A base that no parser
accepts is a usage error, and so is one neither standard takes for a base
URL (net/url reads "a/b" as a relative reference and would resolve
against it).

One string read two ways is how many server-side request forgery and
open-redirect bugs start: a validator approves one host and the HTTP client
connects to another. The parsers agree when every parser that accepts the
input sees the same scheme, userinfo, host and port (--components chooses
others), comparing what each read, not how it writes it: case, percent-
encoding, IDNA mapping and default ports are undone, but a numeric IPv4
form such as 0x7f.1 stays a different host from 127.0.0.1, since that is the
confusion. One parser accepting what another rejects is a disagreement too.

The text view is a table per input; the rows the parsers disagree on are in
the error color on a terminal and marked with "≠" otherwise. "-" is a
component the parser did not find, "" one it found empty. As in the other
commands' text output, non-printing characters are escaped as \xNN and the
password of the userinfo is shown as ****; --format json has them as read.`,
		Example: `  uritool interop 'http://0x7f.1/'
  uritool interop 'http://a\@b/' 'http://evil.com#@good.com/'
  uritool interop --format json --components host < allow-list.txt
  uritool interop --base 'http://a/b/c/d;p?q' ../g http:g`,
		Annotations: map[string]string{
			AnnotationJSONFields: readings.Fields.String(),
			AnnotationExitStatus: `  0 when the parsers agree on every input,
  1 when they disagree on some input,
  2 for a usage error,
  3 when input could not be read or output written.`,
		},
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			// The WHATWG parser allocates for every component it reads, and
			// at the start two workers allocate fast enough that what they
			// allocate during the first collection counts as live, which
			// doubles the next target: peak RSS was 17.3 to 23.9 MiB from
			// run to run over 1M URLs. Collecting at half the live heap
			// kept it at 16.0 to 17.9 MiB in every run measured, at 2% more CPU.
			defer root.collectAt(50)()
			components := opts.Components
			if len(components) == 0 {
				components = interop.SecurityComponents
			}
			newRead, err := opts.readerPerWorker(c.Flags().Changed("base"))
			if err != nil {
				return err
			}
			outPal, _ := opts.palettes()
			ro := readings.Options{Format: opts.Format.Value, Out: outPal}
			return run(root, args, pipeline.Command[readings.Result]{
				Filter:      &opts.Keep,
				NewOp:       func() pipeline.Op[readings.Result] { return interopOp(components, opts.Base, newRead()) },
				NewRenderer: func() render.Renderer[readings.Result] { return readings.NewRenderer(ro) },
			})
		},
	}
	opts.Format = flagval.AddFormat(c, "text", "json")
	c.Flags().Var(flagval.NewNamesList(&opts.Components, interop.Components, "component", "COMPONENT,..."), "components",
		"the components that must agree (default scheme,userinfo,host,port): "+flagval.JoinList(interop.Components))
	_ = c.RegisterFlagCompletionFunc("components", flagval.ListCompletion(interop.Components))
	addFilterFlags(c, &opts.Keep)
	c.Flags().StringVar(&opts.Base, "base", "", "resolve each input against this base URL, each parser its own way")
	_ = c.RegisterFlagCompletionFunc("base", cobra.NoFileCompletions)
	return c
}

// readFunc reads one input with every parser.
type readFunc = func(string, *[3]interop.Reading)

// readerPerWorker returns what gives each worker its readFunc: Read, or
// with --base, the Read of a Base of the worker's own (a Base is not safe
// for concurrent use). A base no parser accepts, one neither standard
// accepts (net/url takes a relative one), or an empty one, is a usage
// error.
func (o *InteropOptions) readerPerWorker(withBase bool) (func() readFunc, error) {
	if !withBase {
		return func() readFunc { return interop.Read }, nil
	}
	shown := password.Masked(o.Base)
	if o.Base == "" {
		return nil, badValue("base", shown, "want a base URL")
	}
	errs := interop.ParseBase(o.Base).Errors()
	if errs[0] != "" && errs[1] != "" && errs[2] != "" {
		var why []string
		for i, e := range errs {
			why = append(why, interop.Parsers[i]+": "+strings.TrimPrefix(e, "base: "))
		}
		return nil, badValue("base", shown, "no parser accepts it (%s)", strings.Join(why, "; "))
	}
	if errs[0] != "" && errs[1] != "" {
		// net/url alone reads it, as a relative reference: neither
		// standard has a base URL there, and every input would only
		// show that.
		return nil, badValue("base", shown, "it is no base URL (rfc3986: %s; whatwg: %s); net/url reads it only as a relative reference",
			strings.TrimPrefix(errs[0], "base: "), strings.TrimPrefix(errs[1], "base: "))
	}
	return func() readFunc { return interop.ParseBase(o.Base).Read }, nil
}

// interopOp reads each input with every parser, through read; a
// disagreement on the components is a finding.
func interopOp(components []string, base string, read readFunc) pipeline.Op[readings.Result] {
	return pipeline.Func[readings.Result](func(in *stream.Input, r *readings.Result) pipeline.Outcome {
		// Field by field: the readings are most of the result's bytes,
		// and a composite literal would copy them twice.
		r.Line, r.Input, r.Base = in.Line, in.Text, base
		read(in.Text, &r.Readings)
		r.Disagree = interop.Compare(&r.Readings, components)
		return pipeline.FailIf(len(r.Disagree) > 0)
	})
}
