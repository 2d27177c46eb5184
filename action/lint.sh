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
#   INPUT_SINCE    a commit: report only what the change since it broke
#                  (lint --since); empty: on a pull request, its base;
#                  "none": everything
#   GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, GITHUB_WORKSPACE, GITHUB_SERVER_URL,
#   GITHUB_REPOSITORY, GITHUB_SHA, GITHUB_EVENT_NAME, GITHUB_EVENT_PATH
set -uo pipefail

eval "args=(${INPUT_ARGS:-})"
# ${args[@]+...}: an empty array is "unbound" to bash 3.2, macOS's /bin/bash.

# fetch_history: makes the merge base of $since and HEAD reachable, fetching what
# a shallow clone lacks (actions/checkout fetches one commit by default):
# the commit itself, then deeper history in steps, then all of it. A ref
# that is not here is fetched from origin and named by its commit. What
# cannot be fetched is left to lint, whose error names --since.
fetch_history() {
  if ! git rev-parse --verify -q "$since^{commit}" >/dev/null 2>&1; then
    git fetch -q --no-tags --depth=1 origin "${since#origin/}" 2>/dev/null || return 0
    since=$(git rev-parse FETCH_HEAD)
  fi
  local depth
  for depth in 50 1000; do
    git merge-base "$since" HEAD >/dev/null 2>&1 && return
    [ "$(git rev-parse --is-shallow-repository 2>/dev/null)" = true ] || return
    git fetch -q --no-tags --deepen="$depth" origin "$(git rev-parse HEAD)" "$since" 2>/dev/null
  done
  git merge-base "$since" HEAD >/dev/null 2>&1 || git fetch -q --no-tags --unshallow origin 2>/dev/null
  return 0
}

since=${INPUT_SINCE:-}
if [ -z "$since" ]; then
  case ${GITHUB_EVENT_NAME:-} in
    pull_request | pull_request_target)
      since=$(jq -r '.pull_request.base.sha // empty' "${GITHUB_EVENT_PATH:-/dev/null}" 2>/dev/null) ;;
  esac
fi
[ "$since" = none ] && since=
if [ -n "$since" ]; then
  fetch_history
  # Before the arguments: after a "--" in them it would be a file name.
  args=(--since "$since" ${args[@]+"${args[@]}"})
fi

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
# but for those lint --baseline marks "unchanged" and --since "older": they
# were there before. A note
# (a template's source) fails nothing and is no finding, and a file that
# could not be read is no finding either: the error output says so.
findings=$(jq -n '[inputs | (if .error then [.error] else [] end) + (.warnings // []) | .[]
  | select(.baseline != "unchanged" and .change != "older" and .severity != "note" and .rule != "io")] | length' "$records")

# summary: lint's own Markdown summary, each finding linked to its line
# in the repository, by its path from the repository's root.
summary() {
  local base=
  if [ -n "${GITHUB_REPOSITORY:-}" ] && [ -n "${GITHUB_SHA:-}" ]; then
    base=${GITHUB_SERVER_URL:-https://github.com}/$GITHUB_REPOSITORY/blob/$GITHUB_SHA/
  fi
  uritool lint --format markdown ${base:+--link-base "$base"} ${args[@]+"${args[@]}"} 2>/dev/null
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
