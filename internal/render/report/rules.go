package report

import (
	"strings"

	"github.com/uritool/uritool/internal/finding"
	"github.com/uritool/uritool/internal/render"
)

// WriteRules writes the rule table (finding.Rules) for lint --list-rules:
// aligned columns for people, or one JSON object per rule (id, severity,
// section, description) for scripts that write suppressions.
func WriteRules(w render.Writer, format string, rules []finding.Rule) {
	if format == render.FormatJSON {
		var b []byte
		for _, r := range rules {
			b = append(b[:0], '{')
			b = render.AppendString(render.AppendKey(b, "id"), r.ID)
			b = render.AppendString(render.AppendKey(b, "severity"), r.Severity.String())
			b = render.AppendString(render.AppendKey(b, "section"), r.Section)
			b = render.AppendString(render.AppendKey(b, "description"), r.Description)
			b = append(b, '}', '\n')
			w.Write(b)
		}
		return
	}
	idWidth, sectionWidth := len("RULE"), len("SECTION")
	for _, r := range rules {
		idWidth, sectionWidth = max(idWidth, len(r.ID)), max(sectionWidth, len(r.Section))
	}
	row := func(id, severity, section, description string) {
		w.WriteString(id + strings.Repeat(" ", idWidth-len(id)+2))
		w.WriteString(severity + strings.Repeat(" ", len("warning")-len(severity)+2))
		w.WriteString(section + strings.Repeat(" ", sectionWidth-len(section)+2))
		w.WriteString(description + "\n")
	}
	row("RULE", "LEVEL", "SECTION", "DESCRIPTION")
	for _, r := range rules {
		row(r.ID, r.Severity.String(), r.Section, r.Description)
	}
}
