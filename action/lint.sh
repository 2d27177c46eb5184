#!/usr/bin/env bash
# The action's second step (action.yml): runs uritool lint, writes the job
# summary, and sets the outputs exit_code and findings.
#
# Environment, from action.yml and the runner:
#   INPUT_ARGS     lint's arguments, read as shell words as in a run: step
#                  (quotes, globs and $(...) work)
#   INPUT_FORMAT   the format of the log: github (annotations), text, json, sarif
#   INPUT_FAIL     "false": findings (exit 1) do not fail the step; usage,
#                  config and I/O errors (exit 2, 3) still do
#   INPUT_SARIF    a path to also write a SARIF log to, for upload-sarif
#   INPUT_SUMMARY  "false": no job summary
#   GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, GITHUB_WORKSPACE, GITHUB_SERVER_URL,
#   GITHUB_REPOSITORY, GITHUB_SHA
set -uo pipefail

eval "args=(${INPUT_ARGS:-})"
# ${args[@]+...}: an empty array is "unbound" to bash 3.2, macOS's /bin/bash.

# The log: annotations with the default format. Its exit status is the step's.
# Its stderr is kept too, for the summary and the outputs of an error.
errors=$(mktemp)
uritool lint --format "${INPUT_FORMAT:-github}" ${args[@]+"${args[@]}"} 2>"$errors"
code=$?
# An error (2: usage or config, 3: a file could not be read) is the first
# line lint printed as one, not its closing summary. (Builtins only: the
# runner's tools are few.)
error=
while IFS= read -r line || [ -n "$line" ]; do
  printf '%s\n' "$line" >&2
  case $line in "uritool: error: "*) [ -n "$error" ] || error=${line#uritool: error: } ;; esac
done < "$errors"
rm -f "$errors"

# The other views run lint again: it is fast, and each format stays the
# program's own. Their stderr repeats the log's, so it is dropped.
if [ -n "${INPUT_SARIF:-}" ]; then
  mkdir -p "$(dirname "$INPUT_SARIF")"
  uritool lint --format sarif ${args[@]+"${args[@]}"} > "$INPUT_SARIF" 2>/dev/null
fi
records=$(mktemp)
uritool lint --format json ${args[@]+"${args[@]}"} > "$records" 2>/dev/null

# A finding is a record's error or one of its warnings, as lint counts them,
# but for those lint --baseline marks "unchanged": they are known. A note
# (a template's source) fails nothing and is no finding.
findings=$(jq -n '[inputs | (if .error then [.error] else [] end) + (.warnings // []) | .[]
  | select(.baseline != "unchanged" and .severity != "note")] | length' "$records")

# summary: Markdown from lint's JSON records: the counts by rule, then the
# first findings, each linked to its line in the repository. (When lint has
# --format markdown, this can become that format's output.)
summary() {
  local prefix= blob=
  # File names are relative to the working directory; links need them
  # relative to the repository.
  case $PWD/ in "${GITHUB_WORKSPACE:-}"/*) prefix=${PWD#"$GITHUB_WORKSPACE"} prefix=${prefix#/} ;; esac
  [ -n "$prefix" ] && prefix=$prefix/
  if [ -n "${GITHUB_REPOSITORY:-}" ] && [ -n "${GITHUB_SHA:-}" ]; then
    blob=${GITHUB_SERVER_URL:-https://github.com}/$GITHUB_REPOSITORY/blob/$GITHUB_SHA
  fi
  jq -n -r --arg ws "${GITHUB_WORKSPACE:-}" --arg prefix "$prefix" --arg blob "$blob" --argjson limit 20 '
    # Text in a table cell: no HTML, no Markdown, no cell break.
    def cell: gsub("&"; "&amp;") | gsub("<"; "&lt;") | gsub(">"; "&gt;")
      | gsub("(?<c>[\\\\`*_\\[\\]|])"; "\\\(.c)") | gsub("[\r\n]"; " ");
    def repo_path:
      if $ws != "" and startswith($ws + "/") then .[($ws | length) + 1:]
      elif startswith("/") or startswith("../") or . == "<stdin>" or test("^[A-Za-z]:") then null
      else $prefix + (if startswith("./") then .[2:] else . end) end;
    def link($path; $line):
      ($path | repo_path) as $p
      | if $p == null or $blob == "" or $line == null then null
        else $blob + "/" + ($p | split("/") | map(@uri) | join("/")) + "#L\($line)" end;
    def where: "\(.file)" + (if .line then ":\(.line)" else "" end) + (if .column then ":\(.column)" else "" end);
    [inputs] as $records
    | [$records[] | . as $r
        | ((if .error then [.error + {file, line, column}] else [] end)
           + [.warnings // [] | .[] | select(.severity != "note") | . + {file: $r.file, line: $r.line}])[]]
      as $all
    | [$all[] | select(.baseline != "unchanged")] as $findings
    | (($all | length) - ($findings | length)) as $known
    | (if $known > 0 then " \($known) more in the baseline." else "" end) as $baseline
    | ($records | map(select(.line != null)) | length) as $checked
    | "## uritool lint\n",
      if ($findings | length) == 0 then
        "No findings: \($checked) URI(s) checked.\($baseline)"
      else
        "\($findings | length) finding(s) in \($findings | map(.file) | unique | length) file(s); \($checked) URI(s) checked.\($baseline)\n",
        "| Rule | Findings |", "| --- | ---: |",
        ($findings | group_by(.rule) | sort_by(-length, .[0].rule)[] | "| `\(.[0].rule)` | \(length) |"),
        "",
        "| Where | Rule | Finding |", "| --- | --- | --- |",
        ($findings[:$limit][]
          | (where | cell) as $w | link(.file; .line) as $url
          | "| \(if $url then "[\($w)](\($url))" else $w end) | `\(.rule)` | \(.message | cell) |"),
        (if ($findings | length) > $limit then "\n…and \(($findings | length) - $limit) more, in the step'"'"'s log." else empty end)
      end
  ' "$records"
}

# failure: what stopped lint, before the summary of what it checked; a
# usage or config error (2) checked nothing, so no summary follows it.
failure() {
  printf '## uritool lint\n\nlint stopped with exit status %s: %s\n' "$code" "$error"
  [ "$code" = 2 ] || printf '\n'
}

if [ "${INPUT_SUMMARY:-true}" != false ] && [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  case $code in
    2) failure >> "$GITHUB_STEP_SUMMARY" ;;
    3) { failure; summary | awk 'NR > 2'; } >> "$GITHUB_STEP_SUMMARY" ;;
    *) summary >> "$GITHUB_STEP_SUMMARY" ;;
  esac
fi
rm -f "$records"

# A usage or config error checked nothing: no count of findings.
[ "$code" = 2 ] && findings=
echo "exit_code=$code" >> "$GITHUB_OUTPUT"
echo "findings=$findings" >> "$GITHUB_OUTPUT"
echo "error=$error" >> "$GITHUB_OUTPUT"

if [ "$code" = 1 ] && [ "${INPUT_FAIL:-true}" = false ]; then
  echo "uritool: $findings finding(s); fail: false keeps the step green"
  exit 0
fi
exit "$code"
