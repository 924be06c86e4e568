#!/usr/bin/env bash
# Installs what is missing, builds, and runs the main job: an example layer tree rendered
# offscreen to a PNG (on a machine with a DRM display, the kiosk demo once it lands).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build -c release --product qc-render
mkdir -p out
.build/release/qc-render "$@"
