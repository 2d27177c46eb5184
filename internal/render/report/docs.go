package report

import "github.com/uritool/uritool/internal/render"

// The JSON records of validate and lint are written by hand: their keys,
// kept beside the writers; TestJSONFieldsDocumented holds each to what
// its writer writes.

// ValidateFields and LintFields document the check records.
var (
	ValidateFields = render.Fields{
		Per: "input",
		Keys: []render.FieldDoc{
			{Names: []string{"line"}, Doc: "1-based number of the input"},
			{Names: []string{"column"}, Doc: "1-based column of the error in code points, or null"},
			{Names: []string{"input"}, Doc: "the input line (plus \"input_base64\" when it is not UTF-8);\nwith --default-scheme, the reference read, and\n\"scheme_added\": true when the scheme was added"},
			{Names: []string{"valid"}, Doc: "true or false"},
			{Names: []string{"error"}, Doc: "null, or {\"offset\", \"rule\", \"message\"}"},
			{Names: []string{"warnings"}, Doc: "with --lint: [{\"offset\", \"rule\", \"message\", \"column\"}]"},
		},
	}
	LintFields = render.Fields{
		Per: "URI checked",
		Keys: []render.FieldDoc{
			{Names: []string{"file"}, Doc: "the file name (\"<stdin>\" for -)"},
			{Names: []string{"line"}, Doc: "1-based line; null, as are column and input, in the\nrecord of a file that cannot be read (rule \"io\")"},
			{Names: []string{"column"}, Doc: "1-based column of the error in the line, in code points\n(as editors count them, in every format), or null"},
			{Names: []string{"input"}, Doc: "the URI as found"},
			{Names: []string{"valid"}, Doc: "true or false"},
			{Names: []string{"error"}, Doc: "null, or {\"offset\", \"rule\", \"message\"}; offset is\nwithin input; with --baseline, \"baseline\": \"new\" or\n\"unchanged\" too; with --since, \"change\": \"line\" (on a\nline the change added or modified), \"target\" (caused by\nthe change: its target or anchor removed) or \"older\"\n(there before: it fails nothing)"},
			{Names: []string{"warnings"}, Doc: "with --lint, or a warning of where a reference leads:\n[{\"offset\", \"rule\", \"message\", \"column\"}], and \"baseline\"\nand \"change\" as for error"},
			{Names: []string{"suppressed"}, Doc: "when a suppression marker dropped some: the findings\nit dropped, [{\"offset\", \"rule\", \"message\"}]"},
		},
	}
)
