#!/usr/bin/env bash
# The action's first step (action.yml): puts uritool on the PATH of the
# job's later steps. A uritool already on PATH is used as it is; otherwise
# the release binary for this runner, checked against the release's
# checksums.txt; otherwise "go install" at the ref.
#
# Environment, from action.yml and the runner:
#   UT_VERSION     input "version": empty (the action's own ref), "path",
#                  "latest", a release tag (v1.2.3), or any ref go install takes
#   UT_ACTION_REF  github.action_ref: the ref the workflow names the action by
#   UT_RELEASES    where releases are downloaded from (tests: a file:// URL)
#   RUNNER_OS, RUNNER_ARCH, RUNNER_TEMP, GITHUB_PATH, GITHUB_OUTPUT
set -euo pipefail

module=github.com/uritool/uritool
releases=${UT_RELEASES:-https://github.com/uritool/uritool/releases}
version=${UT_VERSION:-}

fail() { # status message: an error annotation on the action, then exit
  echo "::error title=uritool action::$2"
  exit "$1"
}

# The summary needs jq; GitHub's hosted runners have it.
command -v jq >/dev/null || fail 2 "jq is not on PATH: the job summary needs it (GitHub-hosted runners have it)"

use() { # binary: the one the later steps run
  local about
  about=$("$1" --version) || fail 1 "$1 does not run"
  echo "uritool: ${about%%$'\n'*}, at $1"
  echo "path=$1" >> "$GITHUB_OUTPUT"
}

if [ "$version" = path ] || { [ -z "$version" ] && command -v uritool >/dev/null; }; then
  bin=$(command -v uritool) || fail 2 "version: path, but there is no uritool on PATH"
  use "$bin"
  exit 0
fi

ref=${version:-${UT_ACTION_REF:-}}
ref=${ref:-latest}
dir=${RUNNER_TEMP:?}/uritool-bin
mkdir -p "$dir"
exe=
[ "${RUNNER_OS:-}" = Windows ] && exe=.exe

go_install() { # ref
  command -v go >/dev/null ||
    fail 2 "no release of uritool at '$1' and no Go to build it: add actions/setup-go before this step, or give version: a release tag"
  echo "uritool: go install $module@$1"
  GOBIN=$dir CGO_ENABLED=0 go install "$module@$1"
}

sha256() { # file: its SHA-256 in hex
  if command -v sha256sum >/dev/null; then sha256sum "$1"; else shasum -a 256 "$1"; fi | cut -d' ' -f1
}

# download tag: the release archive for this runner, checked and unpacked
# into $dir; fails (status 1) only when there is no such release.
download() {
  local tag=$1 os arch ext name tmp want got
  case ${RUNNER_OS:-} in Linux) os=linux ;; macOS) os=darwin ;; Windows) os=windows ;; *) return 1 ;; esac
  case ${RUNNER_ARCH:-} in X64) arch=amd64 ;; ARM64) arch=arm64 ;; *) return 1 ;; esac
  ext=tar.gz
  [ "$os" = windows ] && ext=zip
  name=uritool_${tag#v}_${os}_${arch}.$ext # .goreleaser.yaml's archive name
  tmp=$(mktemp -d)
  curl -fsSL -o "$tmp/checksums.txt" "$releases/download/$tag/checksums.txt" || return 1
  echo "uritool: downloading $releases/download/$tag/$name"
  curl -fsSL -o "$tmp/$name" "$releases/download/$tag/$name" ||
    fail 1 "release $tag has checksums.txt but no $name"
  want=$(awk -v n="$name" '$2 == n || $2 == "*" n { print $1 }' "$tmp/checksums.txt")
  got=$(sha256 "$tmp/$name")
  [ -n "$want" ] || fail 1 "release $tag: checksums.txt does not list $name"
  [ "$want" = "$got" ] || fail 1 "release $tag: $name has SHA-256 $got, checksums.txt says $want"
  if [ "$ext" = zip ]; then
    unzip -q -o "$tmp/$name" "uritool$exe" -d "$dir"
  else
    tar -xzf "$tmp/$name" -C "$dir" "uritool$exe"
  fi || fail 1 "cannot unpack uritool$exe from $name"
  rm -rf "$tmp"
}

if [ "$ref" = latest ]; then
  # github.com/OWNER/REPO/releases/latest redirects to .../releases/tag/TAG.
  latest=$(curl -fsSL -o /dev/null -w '%{url_effective}' "$releases/latest" || true)
  case $latest in */tag/v*) ref=${latest##*/} ;; esac
fi

# A release tag has a release binary; a branch, a commit, "v1" or a tag
# without a release is built from source.
if [[ $ref =~ ^v[0-9]+\.[0-9]+\.[0-9]+ ]] && download "$ref"; then
  :
else
  go_install "$ref"
fi
echo "$dir" >> "$GITHUB_PATH"
use "$dir/uritool$exe"
