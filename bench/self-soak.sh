#!/usr/bin/env bash
# Self-soak of Brink's load generator: `brink http --rate R` against nginx on 127.0.0.1 for D, sampling the
# generator's RSS (/proc/PID/status) every 10 s and its heap after each GC (-Xlog:gc). Prints the slope of
# both in MB/h (least squares over everything after the first WARMUP seconds: JIT, class loading and heap
# sizing settle there) and the young-generation refill rate per request. nginx is pinned to CPU 1, brink to
# CPU 0. A flat generator has both slopes within noise of 0.
#
# The generator allocates so little (bench/alloc-profile.sh) that its young generation fills about once an
# hour: to see the heap after GC at all, a full GC is requested (jcmd GC.run) every PROBE_S seconds, as the soak
# phase's probes do on a target; each costs the generator one pause of a few ms.
#
# usage: bench/self-soak.sh [RATE=3000] [DURATION=1h] [WARMUP_S=60] [PROBE_S=60]
#   BRINK_JAVA_OPTS adds JVM options (an -Xmx there replaces the launcher's settings for http)
# Needs nginx, taskset, python3 and brink-cli/target/brink.jar.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RATE=${1:-3000}; DURATION=${2:-1h}; WARMUP=${3:-60}; PROBE=${4:-60}
PORT=${BRINK_BENCH_PORT:-18091}
JAR="$ROOT/brink-cli/target/brink.jar"
[[ -f "$JAR" ]] || { echo "missing $JAR: ./mvnw -B -q -pl brink-cli -am package -DskipTests" >&2; exit 2; }
WORK=$(mktemp -d /tmp/brink-self-soak.XXXXXX)
source "$ROOT/bench/nginx-loopback.sh"
source "$ROOT/bench/soak-lib.sh"
start_nginx "$WORK" "$PORT"

# through the launcher, so the run uses its deliberate heap settings for `http` (an -Xmx in BRINK_JAVA_OPTS wins)
BRINK_JAVA_OPTS="${BRINK_JAVA_OPTS:-} -Xlog:gc:file=$WORK/gc.log:uptime" taskset -c 0 "$ROOT/brink" http \
    "$URL" --rate "$RATE" --duration "$DURATION" --json --out "$WORK/run" >"$WORK/summary.json" 2>"$WORK/live.txt" &
GENERATOR_PID=$!
wait_for_java $GENERATOR_PID
echo "generator: $(tr '\0' ' ' </proc/$GENERATOR_PID/cmdline 2>/dev/null | cut -c1-300)"
sample_until_exit $GENERATOR_PID "$WORK/rss.txt" "$PROBE" 10
wait $GENERATOR_PID || true
GENERATOR_PID=
python3 - "$WORK" "$WARMUP" "$RATE" <<'PY'
import json, re, sys
work, warm, rate = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
def slope(pts):  # least squares, MB per hour
    n = len(pts)
    if n < 3: return float("nan")
    mx = sum(p[0] for p in pts) / n; my = sum(p[1] for p in pts) / n
    sxx = sum((p[0] - mx) ** 2 for p in pts)
    return sum((p[0] - mx) * (p[1] - my) for p in pts) / sxx * 3600 if sxx else float("nan")
rss = [tuple(map(float, l.split())) for l in open(work + "/rss.txt").readlines()[1:]]
rss_mb = [(t, kb / 1024) for t, kb, _ in rss if t >= warm]
# "[12.345s] GC(7) Pause Young (Normal) (G1 Evacuation Pause) 40M->3M(128M) 1.234ms"
gcs = []
for line in open(work + "/gc.log"):
    m = re.search(r"\[(\d+\.\d+)s\].*Pause.*?(\d+)([KMG])->(\d+)([KMG])\((\d+)([KMG])\)", line)
    if m:
        u = {"K": 1 / 1024, "M": 1, "G": 1024}
        gcs.append((float(m.group(1)), float(m.group(2)) * u[m.group(3)], float(m.group(4)) * u[m.group(5)]))
after = [(t, a) for t, b, a in gcs if t >= warm]
steady = [g for g in gcs if g[0] >= warm]
# bytes allocated between consecutive GCs = (before of this GC) - (after of the previous one)
alloc = sum(b2 - a for (t, b, a), (t2, b2, a2) in zip(steady, steady[1:]))
span = steady[-1][0] - steady[0][0] if len(steady) > 1 else 0
res = json.load(open(work + "/summary.json"))["result"]
print(f"run: {res['duration_s']:.0f} s, target {rate:.0f} req/s, achieved {res['achieved_rps']:.1f} req/s, "
      f"sent {res['sent']}, errors {sum(res['errors'].values())}, dropped {res['dropped']}")
print(f"RSS: first {rss_mb[0][1] if rss_mb else float('nan'):.1f} MB, last {rss_mb[-1][1] if rss_mb else float('nan'):.1f} MB "
      f"after {warm:.0f} s warm-up; slope {slope(rss_mb):+.1f} MB/h over {len(rss_mb)} samples")
if after:
    print(f"heap after GC: first {after[0][1]:.1f} MB, last {after[-1][1]:.1f} MB; slope {slope(after):+.1f} MB/h over {len(after)} GCs")
else:
    print("heap after GC: no GC after the warm-up (nothing allocated enough to fill the young generation)")
if span > 0:
    print(f"allocation between GCs: {alloc / span * 60:.1f} MB/min = {alloc * 1048576 / span / rate:.0f} bytes per request")
print(f"files: {work}")
PY
