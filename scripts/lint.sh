#!/usr/bin/env bash
# Lints the Swift sources with the toolchain's swift-format and the repository's .swift-format,
# failing on any finding of its rules (naming, documentation of public symbols, trailing
# whitespace, ...). Arguments replace the default paths (Sources Tests Package.swift).
#
# swift-format always reports where its pretty printer would lay code out differently, and no
# configuration turns that off (swiftlang/swift-format#764). The code keeps its own layout
# (arguments aligned under the opening parenthesis, longer lines), so those layout categories are
# left out here; `swift format lint -r Sources` shows them.
set -euo pipefail
cd "$(dirname "$0")/.."
[[ $# -gt 0 ]] || set -- Sources Tests Package.swift
for path in "$@"; do [[ -e $path ]] || { echo "lint: no such path: $path"; exit 1; }; done
layout='\[(Indentation|AddLines|RemoveLine|LineLength|Spacing|TrailingComma)\]'
log=$(mktemp)
trap 'rm -f "$log"' EXIT
set +e
swift format lint --recursive --parallel "$@" >"$log" 2>&1
status=$?
set -e
findings=$(grep -Ev "$layout" "$log" | grep -E ': (warning|error):' || true)
if [[ -n $findings ]]; then
  echo "$findings"
  echo "lint: $(echo "$findings" | wc -l) finding(s)"
  exit 1
fi
if [[ $status -ne 0 ]]; then
  cat "$log"
  echo "lint: swift format exited $status"
  exit 1
fi
echo "lint: no findings"
