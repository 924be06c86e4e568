#!/usr/bin/env bash
# The soak test: the changing kiosk scene (qc-soak) on both renderers, failing when resident
# memory, GL objects or any cache grows after warm-up. Built for release: the CPU renderer's
# SIMD code is far too slow unoptimized. Arguments go to qc-soak (default: 3,000 frames each).
set -euo pipefail
cd "$(dirname "$0")/.."
export LIBGL_ALWAYS_SOFTWARE="${LIBGL_ALWAYS_SOFTWARE:-1}"
swift build -c release --product qc-soak
args=("$@")
[[ ${#args[@]} -gt 0 ]] || args=(--frames 3000)
for renderer in gles cpu; do
  .build/release/qc-soak --renderer "$renderer" "${args[@]}"
done
