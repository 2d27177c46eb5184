package render

import (
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/pct"
)

// The JSON records written by hand (parse, validate and lint, interop):
// their keys, kept beside the writers; TestHandWrittenFieldsDocumented
// holds each to what its writer writes.

// ParseFields documents parse --format json.
var ParseFields = Fields{
	Per: "input, with every key always present",
	Keys: []FieldDoc{
		{[]string{"input"}, "the input line; with --default-scheme, the reference\nread, and \"scheme_added\": true when the scheme was\nadded"},
		{[]string{"valid"}, "true or false"},
		{[]string{"kind"}, "\"uri\" or \"relative-ref\" (null when invalid)"},
		{[]string{"scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"},
			"the component as written, null when undefined, \"\" when\npresent but empty; host keeps the brackets of an\nIP-literal"},
		{[]string{"host_type"}, "\"ipv4\", \"ipv6\", \"ipvfuture\", \"reg-name\" or null"},
		{[]string{"host_ascii", "host_unicode"}, "a reg-name's two IDNA forms (UTS #46), or the\nhost as written when it has no A-label and no\nnon-ASCII character; null for other hosts, or\nwhen IDNA refuses the name"},
		{[]string{"idna_error"}, "null, or {\"label\", \"offset\", \"rule\", \"message\"}\nwhen IDNA refuses an internationalized host;\nrule: idna-punycode, idna-disallowed, idna-hyphen,\nidna-leading-mark, idna-joiner, idna-bidi, idna-nfc\nor idna-length, as to-uri names them"},
		{[]string{"segments"}, "the raw path segments, in order"},
		{[]string{"query_params"}, "[{\"key\", \"value\"}] decoded by the HTML form convention\n(not RFC 3986), order and repeats kept; null without\nquery"},
		{[]string{"error"}, "null, or {\"offset\", \"rule\", \"message\"}: the 0-based\nbyte offset where the input broke and the ABNF rule\nexpected"},
	},
	Note: "Input that is not UTF-8 cannot be carried exactly by a JSON string: its\ninvalid bytes are written as U+FFFD and the record gains \"input_base64\"\nwith the exact bytes.",
}

// ValidateFields and LintFields document the check records.
var (
	ValidateFields = Fields{
		Per: "input",
		Keys: []FieldDoc{
			{[]string{"line"}, "1-based number of the input"},
			{[]string{"column"}, "1-based column of the error in code points, or null"},
			{[]string{"input"}, "the input line (plus \"input_base64\" when it is not UTF-8);\nwith --default-scheme, the reference read, and\n\"scheme_added\": true when the scheme was added"},
			{[]string{"valid"}, "true or false"},
			{[]string{"error"}, "null, or {\"offset\", \"rule\", \"message\"}"},
			{[]string{"warnings"}, "with --lint: [{\"offset\", \"rule\", \"message\", \"column\"}]"},
		},
	}
	LintFields = Fields{
		Per: "URI checked",
		Keys: []FieldDoc{
			{[]string{"file"}, "the file name (\"<stdin>\" for -)"},
			{[]string{"line"}, "1-based line; null, as are column and input, in the\nrecord of a file that cannot be read (rule \"io\")"},
			{[]string{"column"}, "1-based column of the error in the line, in code points\n(as editors count them, in every format), or null"},
			{[]string{"input"}, "the URI as found"},
			{[]string{"valid"}, "true or false"},
			{[]string{"error"}, "null, or {\"offset\", \"rule\", \"message\"}; offset is\nwithin input; with --baseline, \"baseline\": \"new\" or\n\"unchanged\" too"},
			{[]string{"warnings"}, "with --lint, or a warning of where a reference leads:\n[{\"offset\", \"rule\", \"message\", \"column\"}], and \"baseline\"\nas for error"},
			{[]string{"suppressed"}, "when a suppression marker dropped some: the findings\nit dropped, [{\"offset\", \"rule\", \"message\"}]"},
		},
	}
)

// InteropFields documents interop --format json.
var InteropFields = Fields{
	Per: "input",
	Keys: []FieldDoc{
		{[]string{"input"}, "the input"},
		{[]string{"base"}, "with --base only: the base URL, as given"},
		{[]string{"rfc3986", "whatwg", "net/url"}, "one object per parser: \"accepted\" (true or false),\n\"error\" (null, or why it rejected the input) and\n\"scheme\", \"userinfo\", \"host\", \"port\", \"path\", \"query\",\n\"fragment\" as that parser read them, null when absent"},
		{[]string{"disagree"}, "the compared components the parsers disagree on, with\n\"accepted\" first when one accepts what another rejects"},
		{[]string{"agree"}, "whether disagree is empty"},
	},
}

// ParseRecord is a record of parse --format json, as a type: recompose
// reads records through it, and TestParseRecordIsTheSchema (cmd) holds it
// to what the writer writes, key for key.
type ParseRecord struct {
	Input       string           `json:"input"`
	InputBase64 *string          `json:"input_base64,omitempty"`
	SchemeAdded *bool            `json:"scheme_added,omitempty"`
	Valid       *bool            `json:"valid"`
	Kind        *string          `json:"kind"`
	Scheme      *string          `json:"scheme"`
	Authority   *string          `json:"authority"`
	Userinfo    *string          `json:"userinfo"`
	Host        *string          `json:"host"`
	HostType    *string          `json:"host_type"`
	Port        *string          `json:"port"`
	Path        *string          `json:"path"`
	Query       *string          `json:"query"`
	Fragment    *string          `json:"fragment"`
	HostASCII   *string          `json:"host_ascii"`
	HostUnicode *string          `json:"host_unicode"`
	IDNAError   *IDNAErrorRecord `json:"idna_error"`
	Segments    []string         `json:"segments"`
	QueryParams []pct.Pair       `json:"query_params"`
	Error       *finding.Finding `json:"error"`
}

// IDNAErrorRecord is the idna_error of a ParseRecord.
type IDNAErrorRecord struct {
	Label   string `json:"label"`
	Offset  int    `json:"offset"`
	Rule    string `json:"rule"`
	Message string `json:"message"`
}
