#!/usr/bin/env bash
# Brink's load engine vs wrk against nginx on 127.0.0.1 (DESIGN.md: the generator must be cheaper than
# the target). nginx is pinned to CPU 1, wrk and brink to CPU 0, so each generator has exactly one core.
#   1. closed loop, max throughput: CPU-ms per 1000 requests for wrk and for brink (whole process:
#      brink's figure includes JVM start-up and JIT, so it is an upper bound)
#   2. open model at a fixed 10 000 req/s: brink's achieved rate and schedule lag p99
# Needs: nginx and wrk from Debian (apt-get install nginx-light wrk), taskset, /usr/bin/time, python3,
# and brink-cli/target/brink.jar (./mvnw -B -q package -DskipTests). Usage: bench/load-vs-wrk.sh [seconds]
# Environment: BRINK_BENCH_CONNS (32), BRINK_BENCH_ROUNDS (closed-loop rounds, wrk and brink interleaved; 1),
# BRINK_BENCH_LAUNCHER=1 (brink through ./brink instead of java -jar), BRINK_BENCH_JIT=1 (also print brink's JIT
# compile time in the closed loop), BRINK_BENCH_PORT.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
SECS=${1:-30}
PORT=${BRINK_BENCH_PORT:-18089}
CONNS=${BRINK_BENCH_CONNS:-32}
JAR="$ROOT/brink-cli/target/brink.jar"
WORK=$(mktemp -d /tmp/brink-load-vs-wrk.XXXXXX)
[[ -f "$JAR" ]] || { echo "missing $JAR: run ./mvnw -B -q package -DskipTests" >&2; exit 2; }
command -v wrk >/dev/null || { echo "wrk not found: apt-get install wrk" >&2; exit 2; }

source "$HERE/nginx-loopback.sh"
start_nginx "$WORK" "$PORT"

# cpu_ms FILE: user+sys milliseconds from /usr/bin/time -f "%U %S"
cpu_ms() { awk '{printf "%.0f", ($1 + $2) * 1000}' "$1"; }

# BRINK_BENCH_LAUNCHER=1: brink runs through the ./brink launcher (its CDS archive, Serial GC and fixed heap for
# `http`), as a user runs it; its archive is recorded by one untimed run first. Default: java -jar, as before.
if [[ "${BRINK_BENCH_LAUNCHER:-0}" == 1 ]]; then
  BRINK_CMD=("$ROOT/brink")
  "$ROOT/brink" http "$URL" --users 2 --duration 1s --out "$WORK/record-archive" >/dev/null 2>&1 || true
else
  BRINK_CMD=(java -jar "$JAR")
fi
ROUNDS=${BRINK_BENCH_ROUNDS:-1}
for round in $(seq 1 "$ROUNDS"); do
echo "== closed loop, $CONNS connections, ${SECS}s, one core each (round $round of $ROUNDS, brink: ${BRINK_CMD[*]})"
/usr/bin/time -f "%U %S" -o "$WORK/wrk.time" taskset -c 0 wrk -t1 -c"$CONNS" -d"${SECS}s" "$URL" >"$WORK/wrk.out"
WRK_REQ=$(awk '/requests in/ {print $1}' "$WORK/wrk.out")
WRK_CPU=$(cpu_ms "$WORK/wrk.time")
rm -rf "$WORK/closed"
/usr/bin/time -f "%U %S" -o "$WORK/brink.time" taskset -c 0 "${BRINK_CMD[@]}" http "$URL" --users "$CONNS" \
    --duration "${SECS}s" --json --out "$WORK/closed" >"$WORK/brink-closed.json" 2>/dev/null
BRINK_REQ=$(python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["result"]; print(r["ok"]+sum(r["errors"].values()))' "$WORK/brink-closed.json")
BRINK_CPU=$(cpu_ms "$WORK/brink.time")
PYTHONPATH="$HERE${PYTHONPATH:+:$PYTHONPATH}" python3 - "$WRK_REQ" "$WRK_CPU" "$BRINK_REQ" "$BRINK_CPU" "$SECS" "$WORK/closed" <<'PY'
import sys
from steady_half import steady_half
wr, wc, br, bc, s = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
# steady state: the second half of the run, from brink's own per-second files (JIT warm-up excluded)
half, req, cpu_ms = steady_half(sys.argv[6])  # one CPU under taskset
print(f"wrk:   {wr} requests, {wr/s:.0f} req/s, {wc} CPU-ms, {wc/(wr/1000):.1f} CPU-ms per 1000 requests")
print(f"brink: {br} requests, {br/s:.0f} req/s, {bc} CPU-ms, {bc/(br/1000):.1f} CPU-ms per 1000 requests (whole process: JVM start-up and JIT included)")
print(f"brink steady state (2nd half): {req/(len(half) or 1):.0f} req/s, {cpu_ms/(req/1000):.1f} CPU-ms per 1000 requests")
print(f"brink/wrk CPU per request: whole process {(bc/br)/(wc/wr):.2f}x, steady state {(cpu_ms/req)/(wc/wr):.2f}x")
# where the whole-process figure goes beyond the steady state: the CPU the run would have cost at the steady rate
# per request, and the rest (JVM start, picocli, class loading, the JIT compiling the request path, the slower
# interpreted and C1 phases before it)
extra = bc - cpu_ms / req * br
print(f"brink beyond its steady state: {extra:.0f} CPU-ms = {extra/(br/1000):.1f} CPU-ms per 1000 requests of this run "
      f"(start-up and JIT; the gap to wrk shrinks as 1/duration)")
PY
done

# BRINK_BENCH_JIT=1: one more closed-loop run of brink with -XX:+CITime, which prints at exit the time its compiler
# threads spent (on a quiet machine, their CPU time): the JIT's share of the whole-process figure above
if [[ "${BRINK_BENCH_JIT:-0}" == 1 ]]; then
  echo "== the same closed loop with -XX:+CITime: brink's JIT compile time"
  taskset -c 0 java -XX:+CITime -jar "$JAR" http "$URL" --users "$CONNS" --duration "${SECS}s" --out "$WORK/jit" 2>/dev/null \
      | grep -E "Total compilation time|C[12] Compile Time" || true
fi

echo "== open model, 10000 req/s, ${SECS}s, brink on one core"
taskset -c 0 java -jar "$JAR" http "$URL" --rate 10000 --duration "${SECS}s" --connections 256 --json \
    --out "$WORK/run" >"$WORK/brink-open.json" 2>/dev/null
python3 - "$WORK/brink-open.json" "$WORK/run/generator.jsonl" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["result"]
lags = sorted(json.loads(l)["lag_p99_ms"] for l in open(sys.argv[2]) if l.strip())
print(f"target 10000 req/s: achieved {r['achieved_rps']} req/s ({(r['achieved_rps']/10000-1)*100:+.2f}%), "
      f"dropped {r['dropped']}, errors {sum(r['errors'].values())}")
print(f"schedule lag p99 per second: median {lags[len(lags)//2]} ms, worst {lags[-1]} ms; "
      f"corrected p99 {r['corrected']['p99_ms']} ms, uncorrected p99 {r['uncorrected']['p99_ms']} ms")
print(f"generator-bound: {r['generator_bound_reasons'] or 'no'}")
PY
echo "(work files in $WORK)"
