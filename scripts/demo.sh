#!/usr/bin/env bash
# Installs what is missing, builds, and runs the main job: on a machine with a connected DRM
# display, the Kiosk Menu full-screen on bare KMS (qc-kiosk; Ctrl-C or SIGTERM restores the
# console); elsewhere an example layer tree rendered offscreen to a PNG (qc-render; arguments
# such as `--scene clock --out out/clock.png` go to it). QC_DEMO_OFFSCREEN=1 forces the PNG.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
connected_display() {
  for status in /sys/class/drm/card*-*/status; do
    [ -r "$status" ] && [ "$(cat "$status")" = connected ] && return 0
  done
  return 1
}
if [ $# -eq 0 ] && [ -z "${QC_DEMO_OFFSCREEN:-}" ] && connected_display; then
  swift build -c release --product qc-kiosk
  exec .build/release/qc-kiosk
fi
swift build -c release --product qc-render
mkdir -p out
.build/release/qc-render "$@"
