#!/usr/bin/env bash
# Runs qc-kiosk on real DRM/KMS inside a QEMU VM with a virtio GPU (../shared/tools/drm-vm) and
# walks it through a kiosk's life (scripts/kiosk-vm-guest.py, run in the VM, says each step):
# started with the connector off it waits, and lights the display when the connector comes on;
# a Down key (a uinput keyboard) and a tap (a uinput multi-touch screen) move the selection;
# a VT switch away and back disables and enables the seat (seatd in the VM); an unplug keeps
# the process waiting and a replug lights it again; SIGTERM restores the CRTC. Screen captures
# after each step (QMP screendumps, out/kiosk-vm/*.png) must not be blank, and the key and the
# tap must each change the screen; after 40 s without input the display is blanked (DPMS off, a
# dark capture) and the next key wakes it without reaching the app. The kiosk runs under the
# restrictions of deploy/qc-kiosk.service that the VM can apply without systemd (a read-only
# system, a private /tmp, no home, an unprivileged user in the video group, no new privileges,
# no capabilities: see scripts/kiosk-vm-guest.py); KIOSK_VM_CONFINE=0 runs it as root instead.
# Then the signage demo runs on the same display, confined alike, on the CPU renderer (under TCG
# llvmpipe compiles its shaders for minutes), playing the demo's clip (made here first): it
# lights the screen, and a capture after two more frames must differ from the first (the video
# and the ticker move);
# KIOSK_VM_SIGNAGE=0 leaves it out.
#
#   scripts/kiosk-vm-test.sh [qc-kiosk arguments; default --still. e.g. --legacy --still]
#   scripts/kiosk-vm-test.sh --cpu --still     # the CPU renderer on dumb buffers instead of GLES on GBM
#
# QEMU, the guest kernel and Mesa are installed by drm-vm itself where missing (its documented
# first-use install, as root), seatd and udev here by apt-get: nothing is skipped for want of them.
# It skips (exit 0) only where the drm-vm tool is absent (a checkout without ../shared) or the
# user is not root (drm-vm boots the VM and installs as root).
# Under TCG (no usable KVM) llvmpipe inside the VM takes seconds per frame, so the screen is
# 800x600 and the menu is drawn still (no animated background, no pulse) by default, so that a
# change between two captures is the input's doing.
# Environment: DRM_VM (the tool), KIOSK_VM_SIZE (800x600), KIOSK_VM_OUT (out/kiosk-vm),
# KIOSK_VM_TIMEOUT (the VM's limit in seconds, 1500), KIOSK_VM_STEP_TIMEOUT (150 s per step).
set -euo pipefail
cd "$(dirname "$0")/.."
tool="${DRM_VM:-../shared/tools/drm-vm/drm-vm}"
skip() { echo "kiosk-vm-test: SKIP: $*"; exit 0; }
[ -x "$tool" ] || skip "no drm-vm tool at $tool"
[ "$(id -u)" -eq 0 ] || skip "drm-vm must run as root"
# The guest runs this machine's binaries: seatd (the seat manager the kiosk runs under) and
# systemd-udevd (drm-vm --udev; libinput's udev backend picks up the uinput devices through it).
missing=()
command -v seatd >/dev/null || missing+=(seatd)
[ -x /lib/systemd/systemd-udevd ] || [ -x /usr/lib/systemd/systemd-udevd ] || missing+=(udev)
if [ ${#missing[@]} -gt 0 ]; then
  echo "kiosk-vm-test: installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

swift build --product qc-kiosk
out="${KIOSK_VM_OUT:-out/kiosk-vm}"
rm -rf "$out"; mkdir -p "$out"
# llvmpipe's shader cache survives between runs in a writable share: later runs start faster.
cache="${KIOSK_VM_CACHE:-/tmp/qc-kiosk-mesa-cache}"
mkdir -p "$cache"
chmod 1777 "$cache"  # the confined kiosk in the VM runs as an unprivileged user
# GStreamer's plugin registry, made here in the cache the kiosk reads ($XDG_CACHE_HOME there): the
# VM sees this machine's plugins, and scanning all of them under TCG takes many minutes.
XDG_CACHE_HOME="$cache" gst-inspect-1.0 >/dev/null 2>&1 || true
chmod -R a+rwX "$cache/gstreamer-1.0" 2>/dev/null || true
[ $# -gt 0 ] || set -- --still  # a still tree: only the injected input changes the screen
# The signage demo's clip, made here (the demo's own, which it would make in the VM at start:
# minutes of x264 under TCG), world-readable for the confined kiosk.
signage_clip="$(pwd)/$out/signage.mp4"
if [ "${KIOSK_VM_SIGNAGE:-1}" != 0 ]; then
  gst-launch-1.0 -q videotestsrc num-buffers=300 pattern=smpte ! video/x-raw,width=640,height=360,framerate=30/1 \
    ! x264enc speed-preset=ultrafast key-int-max=30 ! h264parse ! mp4mux ! filesink location="$signage_clip"
  chmod 644 "$signage_clip"
fi
set +e
python3 scripts/kiosk-vm-host.py --tool "$tool" --out "$out" --size "${KIOSK_VM_SIZE:-800x600}" \
  --timeout "${KIOSK_VM_TIMEOUT:-1500}" --rw "$cache" --env MESA_SHADER_CACHE_DIR="$cache" \
  --env KIOSK_VM_STEP_TIMEOUT="${KIOSK_VM_STEP_TIMEOUT:-150}" --env KIOSK_VM_CONFINE="${KIOSK_VM_CONFINE:-1}" \
  --env KIOSK_VM_SIGNAGE="${KIOSK_VM_SIGNAGE:-1}" --env KIOSK_VM_SIGNAGE_VIDEO="$signage_clip" \
  -- .build/debug/qc-kiosk --stats 300 "$@"
status=$?
set -e
case $status in
  0) ;;
  125) echo "kiosk-vm-test: FAIL: the VM could not start (drm-vm exit 125; see $out/run.log)"; exit 1 ;;
  *) echo "kiosk-vm-test: FAIL (see $out/run.log)"; exit 1 ;;
esac
grep -Eo "(atomic|legacy) modesetting" "$out/run.log" | head -1 | sed 's/^/kiosk-vm-test: /'
echo "kiosk-vm-test: PASS"
