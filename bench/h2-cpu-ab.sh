#!/usr/bin/env bash
# Brink's HTTP/2 closed-loop CPU per request against h2load's, for two or more builds of Brink in one interleaved
# run (issue 41's bar: at most 1.5x h2load's, whole process). The same nginx as bench/tls-h2-vs-peers.sh (one
# worker pinned to CPU 1; TLS with a certificate made here; h2 by ALPN), generators pinned to CPU 0, one after
# another: each round h2load -t1 -c1 -m32, then each Brink build with --http2 --users 32 --connections 1 (the same
# 32 streams on one connection), through its own ./brink launcher, as a user runs it. Per run: requests, CPU-ms per
# 1000 requests for the whole process (/usr/bin/time: JVM start, warm-up and JIT included) and for the steady
# second half (from brink's own per-second files), and the load average when it ended.
# Usage: bench/h2-cpu-ab.sh SECONDS ROUNDS NAME=BRINK_HOME [NAME=BRINK_HOME ...]
#   a BRINK_HOME holds ./brink and brink-cli/target/brink.jar (and brink-sample/target/brink-sample.jar, so the
#   launcher does not build); e.g. a copy of main's launcher and jar beside this tree: main=/tmp/main-tree here=.
# Needs nginx, h2load (nghttp2-client), openssl, taskset, /usr/bin/time and python3.
set -euo pipefail
SECS=${1:?seconds}
ROUNDS=${2:?rounds}
shift 2
(( $# > 0 )) || { echo "usage: $0 SECONDS ROUNDS NAME=BRINK_HOME..." >&2; exit 2; }
PORT=${BRINK_BENCH_PORT:-18463}
WORK=$(mktemp -d /tmp/brink-h2-ab.XXXXXX)
BENCH=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=bench/nginx-loopback.sh
source "$BENCH/nginx-loopback.sh"
start_tls_nginx "$WORK" "$PORT"
URL="https://127.0.0.1:$PORT/"
# each launcher writes its class-data archive at the exit of its first run of a command: that run is not timed
for arm in "$@"; do
  taskset -c 0 "${arm#*=}/brink" http "$URL" --http2 --cacert "$WORK/cert.pem" --users 2 --connections 1 --duration 1s \
      --json >/dev/null 2>&1 || true
done
for i in $(seq 1 "$ROUNDS"); do
  /usr/bin/time -f "%U %S" -o "$WORK/h2load.time" taskset -c 0 h2load -t1 -c1 -m32 -D "$SECS" "$URL" >"$WORK/h2load.out" 2>&1
  python3 - "$WORK" "$(cut -d' ' -f1 /proc/loadavg)" <<'PY'
import re, sys
work, load = sys.argv[1:3]
req = int(re.search(r"^requests: \d+ total, \d+ started, (\d+) done", open(work + "/h2load.out").read(), re.M).group(1))
u, s = map(float, open(work + "/h2load.time").read().split()[:2])
print(f"h2load          {req:9d} req  {(u + s) * 1e6 / req:6.2f} CPU-ms/1000 whole                  load {load}")
PY
  for arm in "$@"; do
    name=${arm%%=*}
    rm -rf "$WORK/run-$name"
    /usr/bin/time -f "%U %S" -o "$WORK/$name.time" taskset -c 0 "${arm#*=}/brink" http "$URL" --http2 --cacert "$WORK/cert.pem" \
        --users 32 --connections 1 --duration "${SECS}s" --json --out "$WORK/run-$name" >"$WORK/$name.json" 2>/dev/null
    PYTHONPATH="$BENCH${PYTHONPATH:+:$PYTHONPATH}" python3 - "$name" "$WORK" "$(cut -d' ' -f1 /proc/loadavg)" <<'PY'
import json, sys
from steady_half import steady_half
name, work, load = sys.argv[1:4]
r = json.load(open(f"{work}/{name}.json"))["result"]
req = r["ok"] + sum(r["errors"].values())
u, s = map(float, open(f"{work}/{name}.time").read().split()[:2])
_, hreq, hcpu = steady_half(f"{work}/run-{name}")  # one CPU under taskset
print(f"{name:15s} {req:9d} req  {(u + s) * 1e6 / req:6.2f} CPU-ms/1000 whole, steady {hcpu * 1000 / max(hreq, 1):6.2f}  "
      f"load {load}  errors {sum(r['errors'].values())}")
PY
  done
done
echo "(work files in $WORK)"
