#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite (GL tests on Mesa llvmpipe).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
# No GPU is needed: Mesa's software rasterizer serves EGL when no hardware device is present.
export LIBGL_ALWAYS_SOFTWARE="${LIBGL_ALWAYS_SOFTWARE:-1}"
swift build --build-tests
swift test --skip-build "$@"
