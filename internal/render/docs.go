package render

import "github.com/uritool/uritool/internal/schema"

// The JSON records written by hand (validate and lint, interop; parse's
// is in schema): their keys, kept beside the writers;
// TestHandWrittenFieldsDocumented holds each to what its writer writes.

// ValidateFields and LintFields document the check records.
var (
	ValidateFields = schema.Fields{
		Per: "input",
		Keys: []schema.FieldDoc{
			{Names: []string{"line"}, Doc: "1-based number of the input"},
			{Names: []string{"column"}, Doc: "1-based column of the error in code points, or null"},
			{Names: []string{"input"}, Doc: "the input line (plus \"input_base64\" when it is not UTF-8);\nwith --default-scheme, the reference read, and\n\"scheme_added\": true when the scheme was added"},
			{Names: []string{"valid"}, Doc: "true or false"},
			{Names: []string{"error"}, Doc: "null, or {\"offset\", \"rule\", \"message\"}"},
			{Names: []string{"warnings"}, Doc: "with --lint: [{\"offset\", \"rule\", \"message\", \"column\"}]"},
		},
	}
	LintFields = schema.Fields{
		Per: "URI checked",
		Keys: []schema.FieldDoc{
			{Names: []string{"file"}, Doc: "the file name (\"<stdin>\" for -)"},
			{Names: []string{"line"}, Doc: "1-based line; null, as are column and input, in the\nrecord of a file that cannot be read (rule \"io\")"},
			{Names: []string{"column"}, Doc: "1-based column of the error in the line, in code points\n(as editors count them, in every format), or null"},
			{Names: []string{"input"}, Doc: "the URI as found"},
			{Names: []string{"valid"}, Doc: "true or false"},
			{Names: []string{"error"}, Doc: "null, or {\"offset\", \"rule\", \"message\"}; offset is\nwithin input; with --baseline, \"baseline\": \"new\" or\n\"unchanged\" too"},
			{Names: []string{"warnings"}, Doc: "with --lint, or a warning of where a reference leads:\n[{\"offset\", \"rule\", \"message\", \"column\"}], and \"baseline\"\nas for error"},
			{Names: []string{"suppressed"}, Doc: "when a suppression marker dropped some: the findings\nit dropped, [{\"offset\", \"rule\", \"message\"}]"},
		},
	}
)

// InteropFields documents interop --format json.
var InteropFields = schema.Fields{
	Per: "input",
	Keys: []schema.FieldDoc{
		{Names: []string{"input"}, Doc: "the input"},
		{Names: []string{"base"}, Doc: "with --base only: the base URL, as given"},
		{Names: []string{"rfc3986", "whatwg", "net/url"}, Doc: "one object per parser: \"accepted\" (true or false),\n\"error\" (null, or why it rejected the input) and\n\"scheme\", \"userinfo\", \"host\", \"port\", \"path\", \"query\",\n\"fragment\" as that parser read them, null when absent"},
		{Names: []string{"disagree"}, Doc: "the compared components the parsers disagree on, with\n\"accepted\" first when one accepts what another rejects"},
		{Names: []string{"agree"}, Doc: "whether disagree is empty"},
	},
}
