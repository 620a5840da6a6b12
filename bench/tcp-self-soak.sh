#!/usr/bin/env bash
# Raw-TCP generator soak: `brink tcp` with the telematics plan (login, 50 data packets with XOR and 7E/7D
# escaping, logout) against `brink sample --service telemetry`, the sample pinned to CPU 1 and brink to CPU 0.
# Samples the generator's RSS every 10 s and its heap after GC (-Xlog:gc, a jcmd GC.run every PROBE_S s: the
# generator allocates too little to fill its young generation on its own). Prints the achieved rate, the
# platform's own verdict (/stats: bad packets and broken session rules must be 0), packets per CPU-second of
# the generator, and the slopes of RSS and heap after GC in MB/h after WARMUP_S.
#
# usage: bench/tcp-self-soak.sh [RATE=2000] [DURATION=60s] [WARMUP_S=20] [PROBE_S=20] [SESSIONS=200]
#   the done-when run is the default (60 s at 2000 packets/s); the hour-long self-soak: 5000 1h 60 60
# Needs taskset, curl, python3 and a built brink (./mvnw -B -q -pl brink-cli -am package -DskipTests).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RATE=${1:-2000}; DURATION=${2:-60s}; WARMUP=${3:-20}; PROBE=${4:-20}; SESSIONS=${5:-200}
PORT=${BRINK_BENCH_PORT:-19400}; STATS=$((PORT + 1))
WORK=$(mktemp -d /tmp/brink-tcp-soak.XXXXXX)
SAMPLE_PID=; GENERATOR_PID=
source "$ROOT/bench/soak-lib.sh"
cleanup() { [[ -n "$GENERATOR_PID" ]] && kill "$GENERATOR_PID" 2>/dev/null; [[ -n "$SAMPLE_PID" ]] && kill "$SAMPLE_PID" 2>/dev/null; true; }
trap cleanup EXIT

taskset -c 1 "$ROOT/brink" sample --service telemetry --port "$PORT" --stats-port "$STATS" --heap 256m >"$WORK/sample.txt" 2>&1 &
SAMPLE_PID=$!
for _ in $(seq 600); do grep -q "Telemetry service ready" "$WORK/sample.txt" && break; sleep 0.5; done
grep "Telemetry service ready" "$WORK/sample.txt"
sed "s/PORT/$PORT/" "$ROOT/brink-load/src/test/resources/tcp/telematics.yaml" >"$WORK/telematics.yaml"

BRINK_JAVA_OPTS="${BRINK_JAVA_OPTS:-} -Xlog:gc:file=$WORK/gc.log:uptime" taskset -c 0 "$ROOT/brink" tcp "127.0.0.1:$PORT" \
    --plan "$WORK/telematics.yaml" --rate "$RATE" --duration "$DURATION" --connections "$SESSIONS" --json \
    --out "$WORK/run" >"$WORK/summary.json" 2>"$WORK/live.txt" &
GENERATOR_PID=$!
wait_for_java $GENERATOR_PID
sample_until_exit $GENERATOR_PID "$WORK/rss.txt" "$PROBE" 2
wait $GENERATOR_PID || true
GENERATOR_PID=
curl -s "http://127.0.0.1:$STATS/stats" >"$WORK/stats.json"
python3 - "$WORK" "$WARMUP" "$(getconf CLK_TCK)" <<'PY'
import json, re, sys
work, warm, hz = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
def slope(pts):
    n = len(pts)
    if n < 3: return float("nan")
    mx = sum(p[0] for p in pts) / n; my = sum(p[1] for p in pts) / n
    sxx = sum((p[0] - mx) ** 2 for p in pts)
    return sum((p[0] - mx) * (p[1] - my) for p in pts) / sxx * 3600 if sxx else float("nan")
rows = [tuple(map(float, l.split())) for l in open(work + "/rss.txt").readlines()[1:]]
res = json.load(open(work + "/summary.json"))["result"]
stats = json.load(open(work + "/stats.json"))
print(f"brink tcp: {res['duration_s']:.0f} s, target {res['target_rps']:.0f} packets/s, achieved {res['achieved_rps']:.1f}, "
      f"sent {res['sent']}, ok {res['ok']}, errors {res['errors']}, dropped {res['dropped']}, "
      f"corrected p99 {res['corrected']['p99_ms']} ms, generator reasons {res['generator_bound_reasons']}")
print(f"platform: packets {stats['packets']}, logins {stats['logins']}, logouts {stats['logouts']}, "
      f"bad_packets {stats['bad_packets']}, violations {stats['violations']} {stats['violations_by_rule']}")
if rows:
    cpu_s = rows[-1][2] / hz
    print(f"generator CPU {cpu_s:.1f} s (whole JVM, start-up included): {res['sent'] / max(cpu_s, 1e-9):.0f} packets per CPU-second")
rss = [(t, kb / 1024) for t, kb, _ in rows if t >= warm]
if rss: print(f"RSS: {rss[0][1]:.1f} -> {rss[-1][1]:.1f} MB after {warm:.0f} s; slope {slope(rss):+.1f} MB/h ({len(rss)} samples)")
after = []
for line in open(work + "/gc.log"):
    m = re.search(r"\[(\d+\.\d+)s\].*Pause.*?(\d+)([KMG])->(\d+)([KMG])\(", line)
    if m and float(m.group(1)) >= warm:
        u = {"K": 1 / 1024, "M": 1, "G": 1024}
        after.append((float(m.group(1)), float(m.group(4)) * u[m.group(5)]))
print(f"heap after GC: {after[0][1]:.1f} -> {after[-1][1]:.1f} MB; slope {slope(after):+.1f} MB/h ({len(after)} GCs)" if after
      else "heap after GC: no GC after the warm-up")
print(f"files: {work}")
PY
