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
# NATS with JetStream (decision 0603): the tests of the bus and camera tasks across processes use the one on
# 127.0.0.1:4222. Nothing answering there: Debian's nats-server is installed and started with JetStream, its store
# under /var/lib (root) or /tmp. One already running is left as it is. (VIGIL_NATS_PORT/_STORE/_LOG: elsewhere.)
nats_port="${VIGIL_NATS_PORT:-4222}"
nats_answers() { /usr/bin/python3 -c "import socket; socket.create_connection(('127.0.0.1', $nats_port), 1)" >/dev/null 2>&1; }
ensure_nats() {
  nats_answers && return 0
  if ! have_cmd nats-server; then
    if [ "$(id -u)" = "0" ]; then NSUDO=""; elif have_cmd sudo; then NSUDO=sudo; else
      echo "NATS: please install as root: apt-get install -y nats-server" >&2
      return 1
    fi
    $NSUDO apt-get update -q
    DEBIAN_FRONTEND=noninteractive $NSUDO apt-get install -y -q nats-server
  fi
  if [ "$(id -u)" = "0" ]; then store=/var/lib/nats-server; log=/var/log/nats-server.log; else
    store=/tmp/vigil-nats-store; log=/tmp/vigil-nats-server.log; fi
  store="${VIGIL_NATS_STORE:-$store}"; log="${VIGIL_NATS_LOG:-$log}"
  mkdir -p "$store"
  echo "Starting nats-server with JetStream on 127.0.0.1:$nats_port (store $store, log $log)"
  nohup setsid nats-server -a 127.0.0.1 -p "$nats_port" -js -sd "$store" -l "$log" >/dev/null 2>&1 &
  for _ in 1 2 3 4 5 6 7 8 9 10; do nats_answers && return 0; sleep 0.5; done
  echo "nats-server did not start; see $log" >&2
  return 1
}
if [ "${1:-runtime}" = "test" ]; then ensure_nats; fi

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
