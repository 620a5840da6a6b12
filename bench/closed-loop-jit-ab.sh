#!/usr/bin/env bash
# JVM options for a closed-loop `brink http`, A/B against each other and against wrk, interleaved in one run: nginx
# (bench/nginx-loopback.sh) pinned to CPU 1, every generator to CPU 0, brink through the ./brink launcher as a user runs
# it, each arm's options in BRINK_JAVA_OPTS (they come after the launcher's and win: "-XX:FreqInlineSize=325" is the
# JVM's default against the launcher's 100). Per arm: whole-process CPU per 1000 requests and its ratio to the wrk
# run just before, the steady half's (brink's own generator.jsonl), the CPU of the event loop, main, C1 and C2 threads
# (last sample, every 0.3 s, so a few tenths of a second short), and the hypervisor's steal over the arm (/proc/stat).
# Needs: nginx, wrk, taskset, /usr/bin/time, python3, openssl for TLS.
# Usage: bench/closed-loop-jit-ab.sh SECONDS ROUNDS "OPTS A" ["OPTS B" ...]
# Environment: BRINK_BENCH_TLS=1 (HTTPS, nginx with a certificate made now; brink trusts it with --cacert),
# BRINK_BENCH_CONNS (32), BRINK_BENCH_PORT (18095).
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
(( $# >= 3 )) || { echo "usage: $0 SECONDS ROUNDS \"OPTS A\" [\"OPTS B\" ...]" >&2; exit 2; }
SECS=$1 ROUNDS=$2
shift 2
CONNS=${BRINK_BENCH_CONNS:-32}
PORT=${BRINK_BENCH_PORT:-18095}
WORK=$(mktemp -d /tmp/brink-jit-ab.XXXXXX)
source "$HERE/nginx-loopback.sh"
TLS=()
if [[ "${BRINK_BENCH_TLS:-0}" == 1 ]]; then
  start_tls_nginx "$WORK" "$PORT"
  URL="https://127.0.0.1:$PORT/"
  TLS=(--cacert "$WORK/cert.pem")
else
  start_nginx "$WORK" "$PORT"
fi
"$ROOT/brink" http "$URL" "${TLS[@]}" --users 2 --duration 1s --out "$WORK/record-archive" >/dev/null 2>&1 || true

steal_ticks() { awk '/^cpu / {print $9, $2+$3+$4+$5+$6+$7+$8+$9}' /proc/stat; }
steal_since() { # steal_since "STEAL TOTAL": the share of CPU time stolen since then, in per cent
  local now; now=$(steal_ticks)
  awk -v a="$1" -v b="$now" 'BEGIN { split(a, x, " "); split(b, y, " "); d = y[2] - x[2]; printf "%.1f", (d > 0 ? 100 * (y[1] - x[1]) / d : 0) }'
}
# thread_cpu PID: "name=CPU-s" for each thread group of a running JVM over 0.05 CPU-s
thread_cpu() {
  awk 'FNR == 1 { n = $0; sub(/^[0-9]+ \(/, "", n); sub(/\) .*/, "", n); sub(/ CompilerThre.*/, "", n); gsub(/ /, "_", n)
                  r = $0; sub(/^.*\) /, "", r); split(r, a, " "); c[n] += (a[12] + a[13]) / 100 }
       END { for (k in c) if (c[k] > 0.05) printf " %s=%.2f", k, c[k] }' /proc/"$1"/task/*/stat 2>/dev/null || true
}

for round in $(seq 1 "$ROUNDS"); do
  s0=$(steal_ticks)
  /usr/bin/time -f "%U %S" -o "$WORK/wrk.time" taskset -c 0 wrk -t1 -c"$CONNS" -d"${SECS}s" "$URL" >"$WORK/wrk.out"
  WRK_REQ=$(awk '/requests in/ {print $1}' "$WORK/wrk.out")
  WRK_CPU=$(awk '{print $1 + $2}' "$WORK/wrk.time")
  echo "round $round: wrk $(awk -v n="$WRK_REQ" -v c="$WRK_CPU" 'BEGIN {printf "%.2f", c * 1e6 / n}') CPU-ms per 1000 requests," \
       "steal $(steal_since "$s0") %, load $(cut -d' ' -f1 /proc/loadavg)"
  for opts in "$@"; do
    rm -rf "$WORK/run"
    s0=$(steal_ticks)
    BRINK_JAVA_OPTS="$opts" /usr/bin/time -f "%U %S" -o "$WORK/brink.time" taskset -c 0 "$ROOT/brink" http "$URL" "${TLS[@]}" \
        --users "$CONNS" --duration "${SECS}s" --json --out "$WORK/run" >"$WORK/brink.json" 2>/dev/null &
    GENERATOR_PID=$!
    pid=""
    for _ in $(seq 1 300); do pid=$(pgrep -n -f "brink.jar http $URL" || true); [[ -n "$pid" ]] && break; sleep 0.01; done
    threads=""
    while [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null; do
      t=$(thread_cpu "$pid"); [[ -n "$t" ]] && threads=$t
      sleep 0.3
    done
    wait "$GENERATOR_PID" || true
    GENERATOR_PID=""
    PYTHONPATH="$HERE${PYTHONPATH:+:$PYTHONPATH}" python3 - "$WORK/brink.json" "$WORK/run" "$WORK/brink.time" "$WRK_CPU" "$WRK_REQ" "$opts" "$threads" "$(steal_since "$s0")" <<'PY'
import json, sys
from steady_half import steady_half
r = json.load(open(sys.argv[1]))["result"]
n = r["ok"] + sum(r["errors"].values())
cpu = sum(map(float, open(sys.argv[3]).read().split())) * 1000
wrk = float(sys.argv[4]) * 1000 / int(sys.argv[5])
half, req, half_cpu = steady_half(sys.argv[2])
steady = half_cpu / req
print(f"  [{sys.argv[6] or 'launcher defaults'}] {n} requests, whole process {cpu / n * 1000:.2f} CPU-ms per 1000"
      f" ({cpu / n / wrk:.2f}x wrk), steady half {steady * 1000:.2f} ({steady / wrk:.2f}x), errors {sum(r['errors'].values())},"
      f" steal {sys.argv[8]} %; threads (CPU-s):{sys.argv[7]}")
PY
  done
done
echo "(work files in $WORK)"
