#!/usr/bin/env bash
# Where does the load generator allocate? Runs `brink http --rate R` against nginx on 127.0.0.1 for D with a
# JFR recording (profile settings: jdk.ObjectAllocationSample, weighted by bytes) and prints the allocation
# per request by class and by the first Brink/Netty frames of the stack, after the first WARMUP seconds.
#
# usage: bench/alloc-profile.sh [RATE=3000] [DURATION=90s] [WARMUP_S=30]
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RATE=${1:-3000}; DURATION=${2:-90s}; WARMUP=${3:-30}
PORT=${BRINK_BENCH_PORT:-18092}
JAR="$ROOT/brink-cli/target/brink.jar"
[[ -f "$JAR" ]] || { echo "missing $JAR: ./mvnw -B -q -pl brink-cli -am package -DskipTests" >&2; exit 2; }
WORK=$(mktemp -d /tmp/brink-alloc.XXXXXX)
source "$ROOT/bench/nginx-loopback.sh"
start_nginx "$WORK" "$PORT"
# per-thread allocated bytes every second, and allocation samples far above profile's default throttle
JFR="settings=profile,filename=$WORK/alloc.jfr,jdk.ThreadAllocationStatistics#period=1s,jdk.ObjectAllocationSample#throttle=5000/s"
BRINK_JAVA_OPTS="${BRINK_JAVA_OPTS:-} -Xlog:jfr+startup=warning -XX:StartFlightRecording=$JFR" \
    taskset -c 0 "$ROOT/brink" http "$URL" --rate "$RATE" --duration "$DURATION" --json \
    >"$WORK/summary.json" 2>"$WORK/live.txt"
jfr print --json --events jdk.ObjectAllocationSample "$WORK/alloc.jfr" >"$WORK/alloc.json"
jfr print --json --events jdk.ThreadAllocationStatistics "$WORK/alloc.jfr" >"$WORK/threads.json"
python3 - "$WORK" "$WARMUP" "$RATE" <<'PY'
import json, sys, collections, datetime
work, warm, rate = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
ev = json.load(open(work + "/alloc.json"))["recording"]["events"]
def ts(e): return datetime.datetime.fromisoformat(e["values"]["startTime"].replace("Z", "+00:00")).timestamp()
t0 = min(ts(e) for e in ev); t1 = max(ts(e) for e in ev)
ev = [e for e in ev if t0 + warm <= ts(e) <= t1 - 5]
span = t1 - 5 - (t0 + warm)
by_class = collections.Counter(); by_site = collections.Counter(); by_thread = collections.Counter()
for e in ev:
    v = e["values"]; w = v["weight"]
    by_class[v["objectClass"]["name"]] += w
    frames = [f["method"]["type"]["name"] + "." + f["method"]["name"] + ":" + str(f["lineNumber"])
              for f in (v.get("stackTrace") or {}).get("frames", [])]
    site = " < ".join(frames[:4]) or "(no stack)"
    by_site[site] += w
    by_thread[(v.get("eventThread") or {}).get("javaName", "?")] += w
# exact bytes per thread (TLAB accounting), from the per-second jdk.ThreadAllocationStatistics
per = collections.defaultdict(list)
tev = json.load(open(work + "/threads.json"))["recording"]["events"]
t_end = max(ts(e) for e in tev)
for e in tev:
    v = e["values"]
    per[(v.get("thread") or {}).get("javaName") or "?"].append((ts(e), v["allocated"]))
print("-- allocated per thread after the warm-up (exact, jdk.ThreadAllocationStatistics)")
rows = []
for name, pts in per.items():
    # the last seconds print the summary (class loading, Jackson): not the steady state
    pts = sorted(p for p in pts if t0 + warm <= p[0] <= t_end - 5)
    if len(pts) >= 2 and pts[-1][0] > pts[0][0]:
        rows.append(((pts[-1][1] - pts[0][1]) / (pts[-1][0] - pts[0][0]), name))
for r, name in sorted(rows, reverse=True)[:10]:
    print(f"  {r / rate:8.1f} B/req  {r / 1024:9.1f} KB/s  {name}")
print(f"  {sum(r for r, _ in rows) / rate:8.1f} B/req in all threads")
total = sum(by_class.values())
reqs = rate * span
print(f"{span:.0f} s after a {warm:.0f} s warm-up at {rate:.0f} req/s: {total / 1e6:.1f} MB sampled allocation "
      f"= {total / reqs:.0f} bytes per request")
for title, c in (("by thread", by_thread), ("by class", by_class), ("by site (top 4 frames)", by_site)):
    print(f"-- {title}")
    for k, w in c.most_common(12):
        print(f"  {w / reqs:8.1f} B/req  {w / total * 100:5.1f} %  {k}")
print(f"files: {work}")
PY
