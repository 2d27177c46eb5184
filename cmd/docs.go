package cmd

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
