package cmd

import (
	"fmt"

	"github.com/spf13/cobra"
)

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
// writes, as its man page does: the README promises both. A help function,
// not a template: cobra prints a template's write error on stderr itself.
func addJSONFieldsToHelp(c *cobra.Command) {
	help := c.HelpFunc()
	for _, sub := range c.Commands() {
		if fields := sub.Annotations[AnnotationJSONFields]; fields != "" {
			sub.SetHelpFunc(func(c *cobra.Command, args []string) {
				help(c, args)
				fmt.Fprint(c.OutOrStdout(), "\n"+fields+"\n")
			})
		}
	}
}
