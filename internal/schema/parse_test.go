package schema

import (
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
)

// TestParseFieldsAreTheRecord: the keys parse's --help lists are the
// fields of ParseRecord that every record has; the two it has only
// sometimes (omitempty) are told of in the docs of "input" and the note.
// Each is held to the writer too: ParseFields by
// TestJSONFieldsDocumented (render/breakdown), ParseRecord by
// TestParseRecordIsTheSchema (cmd).
func TestParseFieldsAreTheRecord(t *testing.T) {
	var always []string
	typ := reflect.TypeFor[ParseRecord]()
	for i := range typ.NumField() {
		name, opts, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
		if opts == "omitempty" {
			if doc := ParseFields.Keys[0].Doc + ParseFields.Note; !strings.Contains(doc, `"`+name+`"`) {
				t.Errorf("ParseRecord's %q is not told of in ParseFields", name)
			}
			continue
		}
		always = append(always, name)
	}
	listed := ParseFields.Names()
	sort.Strings(always)
	sort.Strings(listed)
	if !slices.Equal(always, listed) {
		t.Errorf("ParseRecord has the keys %v, ParseFields lists %v", always, listed)
	}
}
