package cmd

import (
	"encoding/base64"
	"errors"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/uritool/uritool/internal/check"
	"github.com/uritool/uritool/internal/pct"
	"github.com/uritool/uritool/internal/render"
	"github.com/uritool/uritool/internal/stream"
)

// EncodeOptions are the options of uritool encode.
type EncodeOptions struct {
	*RootOptions
	Component *choice
	Format    *choice
}

// NewEncodeCmd builds uritool encode.
func NewEncodeCmd(root *RootOptions) *cobra.Command {
	opts := &EncodeOptions{RootOptions: root}
	c := &cobra.Command{
		Use:   "encode [flags] [STRING ...]",
		Short: "Percent-encode text for one component of a URI",
		Long: `Percent-encode each input (RFC 3986 section 2.1) for the component named by
--component: exactly the bytes that component does not allow as they are
become %XX, in uppercase hex, UTF-8 for non-ASCII text, and "%" always, since
the input is text rather than an encoding.

  path         keeps pchar and "/"
  segment      keeps pchar ("/" is encoded)
  query        keeps pchar, "/" and "?"
  query-value  as query, less "&", ";", "=" and "+", which split pairs
  fragment     keeps pchar, "/" and "?"
  userinfo     keeps unreserved, sub-delims and ":"
  host         keeps unreserved and sub-delims (a reg-name)`,
		Example: `  uritool encode --component query-value 'a b&c=d'
  uritool encode --component segment 'reports/2024'`,
		Annotations: map[string]string{
			AnnotationJSONFields: `With --format json, one object per input:

  input   the text
  output  its encoding
  error   always null`,
			AnnotationExitStatus: `  0 when every input was encoded,
  2 for a usage error,
  3 when input could not be read or output written.`,
		},
		ValidArgsFunction: noCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			comp, _ := pct.ParseComponent(opts.Component.value) // checked by the flag
			ro := render.TransformOptions{Format: opts.Format.value}
			return run(root, args, func() operation[render.Transformed] { return encodeOp(comp) },
				func() render.Renderer[render.Transformed] { return render.NewTransformRenderer(ro) })
		},
	}
	opts.Component = newChoice("path", "COMPONENT", pct.Components...)
	addChoice(c, opts.Component, "component", "the component to encode for: "+orList(pct.Components))
	opts.Format = addFormat(c, "text", "json")
	return c
}

func encodeOp(comp pct.Component) operation[render.Transformed] {
	return func(in stream.Input, r *render.Transformed) bool {
		out := pct.Encode(comp, in.Text)
		*r = render.Transformed{Line: in.Line, Input: in.Text, Output: out,
			Fields: []render.Field{render.Str("input", in.Text), render.Str("output", out)}}
		return false
	}
}

// DecodeOptions are the options of uritool decode.
type DecodeOptions struct {
	*RootOptions
	Format *choice
}

// NewDecodeCmd builds uritool decode.
func NewDecodeCmd(root *RootOptions) *cobra.Command {
	opts := &DecodeOptions{RootOptions: root}
	c := &cobra.Command{
		Use:   "decode [flags] [STRING ...]",
		Short: "Decode the percent-encodings of each input",
		Long: `Decode every %XX of each input (RFC 3986 section 2.1) and write the bytes.
A "%" not followed by two hex digits is an error with its offset (exit 1),
and the input's stdout line stays empty. "+" is left as it is: it means a
space only in HTML form data, not in URIs.

The bytes may be anything, a newline or invalid UTF-8 included; --format json
carries them exactly, adding "output_base64" when they are not UTF-8.`,
		Example: `  uritool decode 'caf%C3%A9%20au%20lait'
  uritool parse --get query --format text < urls.txt | uritool decode`,
		Annotations: map[string]string{
			AnnotationJSONFields: `With --format json, one object per input:

  input          the input
  output         the decoded text, or null on error
  output_base64  the decoded bytes in base64, when they are not UTF-8
  error          null, or {"offset", "rule", "message"}`,
		},
		ValidArgsFunction: noCompletions,
		RunE: func(c *cobra.Command, args []string) error {
			_, errPal := opts.palettes()
			ro := render.TransformOptions{Format: opts.Format.value, Err: errPal}
			return run(root, args, func() operation[render.Transformed] { return decodeOp }, func() render.Renderer[render.Transformed] { return render.NewTransformRenderer(ro) })
		},
	}
	opts.Format = addFormat(c, "text", "json")
	return c
}

func decodeOp(in stream.Input, r *render.Transformed) bool {
	*r = render.Transformed{Line: in.Line, Input: in.Text}
	out, err := pct.Decode(in.Text)
	if err != nil {
		var pe *pct.Error
		errors.As(err, &pe)
		r.Err = &check.Finding{Offset: pe.Offset, Rule: "pct-encoded", Message: pe.Msg}
		r.Fields = []render.Field{render.Str("input", in.Text), render.Null("output")}
		return true
	}
	r.Output = string(out)
	r.Fields = []render.Field{render.Str("input", in.Text), render.Str("output", r.Output)}
	if !utf8.Valid(out) {
		r.Fields = append(r.Fields, render.Str("output_base64", base64.StdEncoding.EncodeToString(out)))
	}
	return false
}
