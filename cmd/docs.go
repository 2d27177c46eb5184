package cmd

import "github.com/spf13/cobra"

// Annotation keys that the man page generator (internal/gen) reads.
const (
	AnnotationExitStatus = "man:exit-status"
	AnnotationJSONFields = "man:json-fields"
)

// DefaultExitStatus is the exit status section of every command that does
// not say otherwise.
const DefaultExitStatus = `  0 when every input is valid and nothing was found,
  1 when some input is invalid (or drew a finding, where the command
    has them),
  2 for a usage error: a bad flag, argument or configuration file,
  3 when input could not be read or output written.`

// addJSONFieldsToHelp ends each command's --help with the JSON fields it
// writes, as its man page does: the README promises both.
func addJSONFieldsToHelp(c *cobra.Command) {
	for _, sub := range c.Commands() {
		if sub.Annotations[AnnotationJSONFields] != "" {
			sub.SetHelpTemplate(sub.HelpTemplate() + `
{{index .Annotations "` + AnnotationJSONFields + `"}}
`)
		}
		addJSONFieldsToHelp(sub)
	}
}
