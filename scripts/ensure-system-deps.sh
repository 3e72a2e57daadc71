#!/bin/sh
# Installs what this machine lacks from Debian's packages, so `npm start` and `npm test` work on a fresh machine.
#   runtime: ffmpeg (recording) and GStreamer's RTSP server (the camera simulator)
#   test:    the same, plus Chromium for the Playwright suite, poppler-utils (pdftotext, the invoice PDF test), and a PostgreSQL server at 127.0.0.1:5432 with trust
#            authentication from 127.0.0.1 for the PostgreSQL half of the tests, when nothing answers there
# Idempotent: what is there is left alone; a server already answering on 127.0.0.1:5432 is never touched.
# `--dry-run` (after the mode) prints the commands instead of running them.
set -eu
mode="${1:-runtime}"
dry=""
[ "${2:-}" = "--dry-run" ] && dry=1
# Where the tests look for PostgreSQL (packages/db/src/testing.ts); the port may be changed only to try the
# install path with --dry-run on a machine whose 5432 answers.
pg_port="${VIGIL_PG_PROBE_PORT:-5432}"

run() {
  if [ -n "$dry" ]; then echo "+ $*"; else "$@"; fi
}
have_cmd() { command -v "$1" >/dev/null 2>&1; }
have_gi_rtsp() { /usr/bin/python3 -c 'import gi; gi.require_version("GstRtspServer", "1.0")' >/dev/null 2>&1; }
# Whether a server accepts TCP connections on 127.0.0.1:$pg_port (node is there: npm runs this script).
pg_answers() {
  node -e "
    const s = require('node:net').connect($pg_port, '127.0.0.1');
    s.setTimeout(2000, () => process.exit(1));
    s.on('connect', () => process.exit(0)).on('error', () => process.exit(1));
  " >/dev/null 2>&1
}

need=""
have_cmd ffmpeg || need="$need ffmpeg"
have_gi_rtsp && have_cmd gst-launch-1.0 || need="$need gir1.2-gst-rtsp-server-1.0 python3-gi gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-plugins-bad gstreamer1.0-plugins-ugly gstreamer1.0-libav gstreamer1.0-tools"
want_pg=""
if [ "$mode" = "test" ]; then
  [ -x /usr/bin/chromium ] || need="$need chromium"
  # pdftotext: the invoice PDF test reads the totals back from the generated file (decision 0742).
  have_cmd pdftotext || need="$need poppler-utils"
  if ! pg_answers; then
    want_pg=1
    have_cmd pg_lsclusters || need="$need postgresql"
  fi
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

[ -z "$need" ] && [ -z "$want_pg" ] && exit 0

if [ "$(id -u)" != "0" ]; then
  if have_cmd sudo; then SUDO=sudo; else
    [ -n "$need" ] && echo "Please install as root: apt-get update && apt-get install -y$need" >&2
    [ -n "$want_pg" ] && echo "Please start PostgreSQL on 127.0.0.1:5432 with trust authentication from 127.0.0.1 (or set TEST_PG_URL), as root: sh $0 test" >&2
    exit 1
  fi
else SUDO=""; fi

if [ -n "$need" ]; then
  echo "Installing system packages:$need"
  run $SUDO apt-get update -q
  run $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $need
fi

[ -z "$want_pg" ] && exit 0
# Debian's postgresql package creates the cluster `main` of its version but, in containers (policy-rc.d) and
# without systemd, does not start it. Take the newest cluster (the one just made on a fresh machine), let
# 127.0.0.1 in without a password (the tests' URL, postgres://postgres@127.0.0.1:5432; first matching line of
# pg_hba.conf wins, so ours goes on top, once), and start or reload it.
if [ -n "$dry" ] && ! have_cmd pg_lsclusters; then
  version='<version>'
  cluster=main
else
  # `pg_lsclusters -h`: version, cluster, port, status, owner, data directory, log (no header).
  set -- $(pg_lsclusters -h | sort -V | tail -n 1)
  version="${1:-}"
  cluster="${2:-main}"
fi
if [ -z "$version" ]; then
  echo "PostgreSQL is installed but has no cluster: run as root: pg_createcluster --start <version> main" >&2
  exit 1
fi
hba="/etc/postgresql/$version/$cluster/pg_hba.conf"
marker='# vigil: the tests connect from 127.0.0.1 without a password (scripts/ensure-system-deps.sh)'
# As root: the file is readable by postgres only.
if ! $SUDO grep -qF "$marker" "$hba" 2>/dev/null; then
  echo "PostgreSQL $version/$cluster: trust authentication for 127.0.0.1 ($hba)"
  run $SUDO sed -i "1i $marker\\
host    all    all    127.0.0.1/32    trust" "$hba"
fi
echo "PostgreSQL $version/$cluster: started, or reloaded when it runs"
status=$(pg_lsclusters -h 2>/dev/null | awk -v v="$version" -v c="$cluster" '$1 == v && $2 == c { print $4 }')
if [ "$status" = "online" ]; then
  run $SUDO pg_ctlcluster "$version" "$cluster" reload
else
  run $SUDO pg_ctlcluster "$version" "$cluster" start
fi
if [ -z "$dry" ] && ! pg_answers; then
  echo "PostgreSQL $version/$cluster started but nothing answers on 127.0.0.1:$pg_port; see /var/log/postgresql/postgresql-$version-$cluster.log" >&2
  exit 1
fi
