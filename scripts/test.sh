#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite (GL tests on Mesa llvmpipe).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
# No GPU is needed: Mesa's software rasterizer serves EGL when no hardware device is present.
export LIBGL_ALWAYS_SOFTWARE="${LIBGL_ALWAYS_SOFTWARE:-1}"
# The module boundaries: no target imports a module of this package it does not declare, and
# the model depends on no GL, DRM, Cairo or Pango target (ARCHITECTURE.md).
swift scripts/check-imports.swift
swift build --build-tests
log=$(mktemp)
trap 'rm -f "$log"' EXIT
set +e
swift test --skip-build "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
# Close with one plain summary line of the XCTest totals (Swift Testing, which this suite does
# not use, prints its own empty summary last).
summary=$(grep -aE "Executed [0-9]+ tests?, with" "$log" | tail -1 || true)
if [[ $summary =~ Executed\ ([0-9]+)\ tests?,\ with\ (([0-9]+)\ tests?\ skipped\ and\ )?([0-9]+)\ failures? ]]; then
  total=${BASH_REMATCH[1]}; skipped=${BASH_REMATCH[3]:-0}; failed=${BASH_REMATCH[4]}
  echo "$((total - failed - skipped)) passed, $failed failed, $skipped skipped"
fi
exit "$status"
