#!/usr/bin/env bash
# Runs qc-kiosk on real DRM/KMS inside a QEMU VM with a virtio GPU (../shared/tools/drm-vm),
# captures the screen before and after an injected Down-arrow key, and checks that the Kiosk
# Menu is shown and its selection moved. Skips (exit 0) with a message where the tool, root,
# QEMU or the virtual machine is unavailable: CI checks out the repository alone.
#
#   scripts/kiosk-vm-test.sh [qc-kiosk arguments; default --plain. e.g. --legacy --plain]
#   scripts/kiosk-vm-test.sh --cpu --plain     # the CPU renderer on dumb buffers instead of GLES on GBM
#
# Under TCG (no usable KVM) llvmpipe inside the VM takes seconds per frame, so the screen is
# 800x600 and the menu is drawn over a plain background by default; the shots are late.
# Environment: DRM_VM (the tool), KIOSK_VM_SHOT (first shot, seconds after start; default 30),
# KIOSK_VM_SIZE (800x600), KIOSK_VM_OUT (out/kiosk-vm).
set -euo pipefail
cd "$(dirname "$0")/.."
tool="${DRM_VM:-../shared/tools/drm-vm/drm-vm}"
skip() { echo "kiosk-vm-test: SKIP: $*"; exit 0; }
[ -x "$tool" ] || skip "no drm-vm tool at $tool"
[ "$(id -u)" -eq 0 ] || skip "drm-vm must run as root"
command -v qemu-system-x86_64 >/dev/null || [ "${DRM_VM_INSTALL:-0}" = 1 ] \
  || skip "QEMU is not installed (DRM_VM_INSTALL=1 lets drm-vm install it)"

swift build --product qc-kiosk
out="${KIOSK_VM_OUT:-out/kiosk-vm}"
rm -rf "$out"; mkdir -p "$out"
# llvmpipe's shader cache survives between runs in a writable share: later runs start faster.
cache="${KIOSK_VM_CACHE:-/tmp/qc-kiosk-mesa-cache}"
mkdir -p "$cache"
first="${KIOSK_VM_SHOT:-30}"
key=$(python3 -c "print($first + 4)")
second=$(python3 -c "print($first + 20)")
[ $# -gt 0 ] || set -- --plain
set +e
"$tool" -t --udev --size "${KIOSK_VM_SIZE:-800x600}" --out "$out" --rw "$cache" --env MESA_SHADER_CACHE_DIR="$cache" \
  --timeout "$(python3 -c "print(int($second + 60))")" \
  --shots "$first,$second" --input "$key:key:down" \
  -- .build/debug/qc-kiosk --stats 300 "$@" 2>&1 | tee "$out/run.log"
status=${PIPESTATUS[0]}
set -e
case $status in
  0) ;;
  125) skip "the VM could not start (drm-vm exit 125; see $out/run.log)" ;;
  *) echo "kiosk-vm-test: FAIL: drm-vm exited $status"; exit 1 ;;
esac
grep -Eo "(atomic|legacy) modesetting" "$out/run.log" | head -1 | sed 's/^/kiosk-vm-test: /'
grep -q "selection 1" "$out/run.log" || { echo "kiosk-vm-test: FAIL: the injected key did not reach the app"; exit 1; }
shots=("$out"/shot-*.png)
[ ${#shots[@]} -eq 2 ] || { echo "kiosk-vm-test: FAIL: expected 2 screenshots in $out"; exit 1; }
python3 scripts/check-kiosk-shots.py "${shots[0]}" "${shots[1]}" --from 0 --to 1
