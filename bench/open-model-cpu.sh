#!/usr/bin/env bash
# Where an open-model run's CPU goes once it is warm: `brink http --rate R` against nginx (CPU 1; brink on CPU 0), and
# each thread's CPU (utime + stime from /proc/PID/task/*/stat) over W seconds starting S seconds after the warm-up
# line, per 1000 requests answered in that window (load.jsonl): event loop, reporting thread (main: per-second
# files, /proc reads), JIT compilers, GC, the rest; the voluntary context switches per request of the event loop and of
# nginx's worker (each is a sleep and a wake-up: what the open model pays beyond a closed loop's syscalls); and the
# schedule-lag p99 of those seconds (generator.jsonl).
# CPU time, not wall time: other processes on the core stretch wall time and lag, far less the CPU per request.
# BRINK_BASE_JAR=/path/to/older/brink.jar runs that jar too in every round, interleaved (before/after in one run).
# BRINK_LOOP_ALONE=1 leaves only the event loop on CPU 0 once the warm-up is over, every other JVM thread moved to CPU 1:
# what the loop's schedule lag is when nothing else of the generator shares its core.
# Needs nginx, taskset, python3 and brink-cli/target/brink.jar.
# Usage: bench/open-model-cpu.sh [rate] [rounds] [start s] [window s]   (defaults 5000 2 25 10; the run lasts start + window + 3 s)
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
RATE=${1:-5000}
ROUNDS=${2:-2}
START=${3:-25}
WINDOW=${4:-10}
PORT=${BRINK_BENCH_PORT:-18093}
JAR=${BRINK_JAR:-"$ROOT/brink-cli/target/brink.jar"}
WORK=$(mktemp -d /tmp/brink-open-cpu.XXXXXX)
[[ -f "$JAR" ]] || { echo "missing $JAR: run ./mvnw -B -q package -DskipTests" >&2; exit 2; }
source "$HERE/nginx-loopback.sh"
start_nginx "$WORK" "$PORT"
# what the brink script adds for `brink http` (as bench/open-model-lag.sh)
GEN_OPTS="-Xms192m -Xmx192m -XX:+AlwaysPreTouch -XX:+UseSerialGC"

threads() { # pid -> "name utime stime voluntary-switches" per thread (names without spaces), then nginx's worker
  python3 - "$1" "$(pgrep -P "$(cat "$NGINX_PID_FILE")" | head -1)" <<'PY'
import os, sys
def switches(status):
    return next((l.split()[1] for l in open(status) if l.startswith("voluntary_ctxt_switches")), "0")
pid = sys.argv[1]
for t in os.listdir(f"/proc/{pid}/task"):
    try:
        s = open(f"/proc/{pid}/task/{t}/stat").read()
        v = switches(f"/proc/{pid}/task/{t}/status")
    except OSError:
        continue
    f = s[s.rindex(")") + 2:].split()
    print(s[s.index("(") + 1:s.rindex(")")].replace(" ", "_"), f[11], f[12], v)
if sys.argv[2]:
    print("nginx-worker 0 0", switches(f"/proc/{sys.argv[2]}/status"))
PY
}

run_brink() { # name jar
  local name=$1 jar=$2 cds=""
  [[ -f "${jar%.jar}.jsa" ]] && cds="-XX:SharedArchiveFile=${jar%.jar}.jsa -Xshare:auto"
  taskset -c 0 java $GEN_OPTS $cds -jar "$jar" http "$URL" --rate "$RATE" --duration "$((START + WINDOW + 3))s" \
      --json --out "$WORK/$name" >"$WORK/$name.json" 2>"$WORK/$name.err" &
  GENERATOR_PID=$!
  for _ in $(seq 1 600); do grep -q "warm-up\|brink http" "$WORK/$name.err" 2>/dev/null && break; sleep 0.1; done
  if [[ "${BRINK_LOOP_ALONE:-0}" == 1 ]]; then
    # the event loop alone on CPU 0: every other thread of the JVM (reporting, JIT, GC) moves to CPU 1 beside nginx
    for t in /proc/$GENERATOR_PID/task/*; do
      [[ "$(cat "$t/comm" 2>/dev/null)" == brink-load* ]] || taskset -p -c 1 "$(basename "$t")" >/dev/null 2>&1 || true
    done
  fi
  sleep "$START"
  local from=$(date +%s%3N)
  threads "$GENERATOR_PID" >"$WORK/$name.t0"
  sleep "$WINDOW"
  threads "$GENERATOR_PID" >"$WORK/$name.t1"
  local to=$(date +%s%3N)
  wait "$GENERATOR_PID" || true
  GENERATOR_PID=
  python3 - "$name" "$WORK/$name" "$from" "$to" "$(cut -d' ' -f1 /proc/loadavg)" <<'PY' >>"$WORK/table"
import collections, json, sys
name, base, t0, t1, load = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
def cpu(path):  # ms by thread group (USER_HZ = 100); "loop-wakes", "nginx-wakes": voluntary context switches
    g = collections.Counter()
    for line in open(path):
        n, u, s, v = line.split()
        if n == "nginx-worker":
            g["nginx-wakes"] += int(v)
            continue
        if n.startswith("brink-load"):
            g["loop-wakes"] += int(v)
        group = ("loop" if n.startswith("brink-load") else "main" if n == "java" else "jit" if "Compiler" in n
                 else "gc" if n.startswith(("GC_", "VM_Thread")) else "other")
        g[group] += (int(u) + int(s)) * 10
    return g
a, b = cpu(base + ".t0"), cpu(base + ".t1")
d = {k: b[k] - a[k] for k in set(a) | set(b)}
wakes = {k: d.pop(k, 0) for k in ("loop-wakes", "nginx-wakes")}
load_lines = [json.loads(l) for l in open(base + "/load.jsonl") if l.strip()]
gen = [json.loads(l) for l in open(base + "/generator.jsonl") if l.strip()]
# the seconds that ended inside the window, scaled to its length (the window's edges cut two seconds)
inside = [(l, g) for l, g in zip(load_lines, gen) if t0 + 500 < l["epoch_ms"] <= t1 + 500 and l["interval_s"] > 0.9]
answered = sum(l["ok"] + sum(l["errors"].values()) for l, g in inside)
secs = sum(l["interval_s"] for l, g in inside)
req = answered / secs * (t1 - t0) / 1000 if secs else 0
k = req / 1000 if req else float("nan")
lags = sorted(g["lag_p99_ms"] for l, g in inside)
dropped = sum(l.get("dropped", 0) for l in load_lines)
print(f"| {name} | {load} | {req:.0f} | {sum(d.values()) / k:.1f} | {d.get('loop', 0) / k:.1f} | {d.get('main', 0) / k:.1f} | "
      f"{d.get('jit', 0) / k:.1f} | {d.get('gc', 0) / k:.1f} | {d.get('other', 0) / k:.1f} | "
      f"{wakes['loop-wakes'] / req:.2f} | {wakes['nginx-wakes'] / req:.2f} | "
      f"{lags[len(lags) // 2] if lags else float('nan'):.2f} | {lags[-1] if lags else float('nan'):.2f} | {dropped} |")
PY
}

echo "open model $RATE req/s; CPU per 1000 requests over seconds $START-$((START + WINDOW)) after the warm-up (/proc per-thread times, 10 ms ticks)" >"$WORK/head"
echo "| run | load avg | requests in window | CPU-ms/1k process | event loop | reporting (main) | JIT | GC | other | loop sleeps per request | nginx sleeps per request | lag p99 ms, median second | lag p99 ms, worst second | dropped (run) |" >"$WORK/table"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|" >>"$WORK/table"
for i in $(seq 1 "$ROUNDS"); do
  [[ -n "${BRINK_BASE_JAR:-}" ]] && run_brink "base-$i" "$BRINK_BASE_JAR"
  run_brink "brink-$i" "$JAR"
done
cat "$WORK/head" "$WORK/table"
echo "(work files in $WORK)"
