#!/bin/sh
# Installs what this machine lacks from Debian's packages, so `npm start` and `npm test` work on a fresh machine.
#   runtime: ffmpeg (recording) and GStreamer's RTSP server (the camera simulator)
#   test:    the same, plus Chromium for the Playwright suite
set -eu
need=""
have_cmd() { command -v "$1" >/dev/null 2>&1; }
have_gi_rtsp() { /usr/bin/python3 -c 'import gi; gi.require_version("GstRtspServer", "1.0")' >/dev/null 2>&1; }

have_cmd ffmpeg || need="$need ffmpeg"
have_gi_rtsp && have_cmd gst-launch-1.0 || need="$need gir1.2-gst-rtsp-server-1.0 python3-gi gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-plugins-bad gstreamer1.0-plugins-ugly gstreamer1.0-libav gstreamer1.0-tools"
if [ "${1:-runtime}" = "test" ]; then
  [ -x /usr/bin/chromium ] || need="$need chromium"
fi
[ -z "$need" ] && exit 0

echo "Installing system packages:$need"
if [ "$(id -u)" != "0" ]; then
  if have_cmd sudo; then SUDO=sudo; else
    echo "Please install as root: apt-get update && apt-get install -y$need" >&2
    exit 1
  fi
else SUDO=""; fi
$SUDO apt-get update -q
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q $need
