#!/usr/bin/env bash
# Installs the Debian packages OpenQuartzCore needs, only those missing; silent when all are present.
set -euo pipefail
packages=(
  pkg-config
  libegl-dev libgles-dev libegl-mesa0 libgl1-mesa-dri   # EGL + GLES 3 (Mesa llvmpipe without a GPU)
  libgbm-dev libdrm-dev                                 # bare-DRM kiosk output
  libpng-dev libjpeg-dev libcairo2-dev libpixman-1-dev  # images, CGContext drawing, CPU compositing
  libinput-dev libudev-dev libseat-dev                  # kiosk input and seat (no root needed)
  libpango1.0-dev libharfbuzz-dev libfreetype-dev       # text layers (Pango shaping)
  fonts-dejavu-core fonts-wqy-microhei fonts-noto-color-emoji  # default font, CJK and emoji fallbacks
  glslang-tools                                         # shader validation in the tests
  systemd                                               # systemd-analyze: the kiosk unit's security score
  libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev  # AVFoundation: decoding (playbin, appsink, video frames)
  gstreamer1.0-plugins-base gstreamer1.0-plugins-good   # demuxers (qtdemux), audio output, test sources
  gstreamer1.0-plugins-bad gstreamer1.0-plugins-ugly    # parsers (h264parse), x264enc for the test clips
  gstreamer1.0-libav gstreamer1.0-tools                 # decoders (avdec_h264), avenc_mjpeg, gst-launch-1.0
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing: ${missing[*]}"
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
