// Package schema is parse's JSON record: its docs, which --help and the
// man pages show, and its Go type, one schema because recompose reads back
// what parse writes.
package schema

import (
	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/pct"
	"github.com/uritool/uritool/internal/render"
)

// ParseFields documents parse --format json.
var ParseFields = render.Fields{
	Per: "input, with every key always present",
	Keys: []render.FieldDoc{
		{Names: []string{"input"}, Doc: "the input line; with --default-scheme, the reference\nread, and \"scheme_added\": true when the scheme was\nadded"},
		{Names: []string{"valid"}, Doc: "true or false"},
		{Names: []string{"kind"}, Doc: "\"uri\" or \"relative-ref\" (null when invalid)"},
		{Names: []string{"scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"},
			Doc: "the component as written, null when undefined, \"\" when\npresent but empty; host keeps the brackets of an\nIP-literal"},
		{Names: []string{"host_type"}, Doc: "\"ipv4\", \"ipv6\", \"ipvfuture\", \"reg-name\" or null"},
		{Names: []string{"host_ascii", "host_unicode"}, Doc: "a reg-name's two IDNA forms (UTS #46), or the\nhost as written when it has no A-label and no\nnon-ASCII character; null for other hosts, or\nwhen IDNA refuses the name"},
		{Names: []string{"idna_error"}, Doc: "null, or {\"label\", \"offset\", \"rule\", \"message\"}\nwhen IDNA refuses an internationalized host;\nrule: idna-punycode, idna-disallowed, idna-hyphen,\nidna-leading-mark, idna-joiner, idna-bidi, idna-nfc\nor idna-length, as to-uri names them"},
		{Names: []string{"labels"}, Doc: "a reg-name's labels as written, split at \".\", as\n{host:N} numbers them; [] for an IP address or an\nempty host, null without a host"},
		{Names: []string{"segments"}, Doc: "the raw path segments, in order, as {segment:N}\nnumbers them"},
		{Names: []string{"query_params"}, Doc: "[{\"key\", \"value\"}] decoded by the HTML form convention\n(not RFC 3986), order and repeats kept; null without\nquery"},
		{Names: []string{"error"}, Doc: "null, or {\"offset\", \"rule\", \"message\"}: the 0-based\nbyte offset where the input broke and the ABNF rule\nexpected"},
	},
	Note: "Input that is not UTF-8 cannot be carried exactly by a JSON string: its\ninvalid bytes are written as U+FFFD and the record gains \"input_base64\"\nwith the exact bytes.",
}

// EachFields documents parse --each --format json.
var EachFields = render.Fields{
	Per: "item with --each, and one per invalid input,\nwith its error",
	Keys: []render.FieldDoc{
		{Names: []string{"line"}, Doc: "1-based number of the input the item is of"},
		{Names: []string{"input"}, Doc: "the input, as in the record above (and\n\"scheme_added\", \"input_base64\" as there)"},
		{Names: []string{"each"}, Doc: "what --each names: keys, values, pairs, segments or\nlabels"},
		{Names: []string{"index"}, Doc: "1-based number of the item in its input, as\n{segment:N} and {host:N} number them; null when\nthe input is invalid"},
		{Names: []string{"item"}, Doc: "the item as its text line shows it, or null"},
		{Names: []string{"key", "value"}, Doc: "with --each pairs only: the pair's key and value,\npercent-decoded and exact (control characters too),\nor null"},
		{Names: []string{"error"}, Doc: "null, or the error of an invalid input, as above"},
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
	Labels      []string         `json:"labels"`
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
