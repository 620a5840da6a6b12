#!/usr/bin/env bash
# Where the open model's CPU goes: `brink http --rate R` against nginx (CPU 1; brink on CPU 0), and `perf stat` on
# the brink process over seconds 6-11 of the run (after warm-up): task-clock, context switches and the syscalls of
# the event loop, each per request. Needs perf (linux-perf), nginx, python3 and brink-cli/target/brink.jar.
# Usage: bench/open-model-syscalls.sh [rate]   (default 5000)
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
RATE=${1:-5000}
PORT=${BRINK_BENCH_PORT:-18092}
JAR=${BRINK_JAR:-"$ROOT/brink-cli/target/brink.jar"}
WORK=$(mktemp -d /tmp/brink-open-syscalls.XXXXXX)
command -v perf >/dev/null || { echo "perf not found: apt-get install linux-perf" >&2; exit 2; }
source "$HERE/nginx-loopback.sh"
start_nginx "$WORK" "$PORT"
taskset -c 0 java -Xms192m -Xmx192m -XX:+AlwaysPreTouch -XX:+UseSerialGC -jar "$JAR" http "$URL" --rate "$RATE" \
    --duration 14s --json --out "$WORK/run" >"$WORK/result.json" 2>"$WORK/err" &
GENERATOR_PID=$!
# the recorded run starts after the warm-up line; perf measures seconds 6-11 of it
for _ in $(seq 1 300); do grep -q "warm-up\|brink http" "$WORK/err" 2>/dev/null && break; sleep 0.1; done
sleep 6
EVENTS=task-clock,context-switches,raw_syscalls:sys_enter
perf list 2>/dev/null >"$WORK/perf-list" || true
for s in write writev read readv sendto recvfrom sendmsg recvmsg epoll_wait epoll_pwait epoll_ctl timerfd_settime futex; do
  if grep -q "syscalls:sys_enter_$s " "$WORK/perf-list"; then EVENTS="$EVENTS,syscalls:sys_enter_$s"; fi
done
PERF_START_MS=$(date +%s%3N)
perf stat -x, -e "$EVENTS" -p "$GENERATOR_PID" -o "$WORK/perf.csv" -- sleep 5
wait "$GENERATOR_PID" || true
GENERATOR_PID=
python3 - "$WORK/perf.csv" "$RATE" "$WORK/run/load.jsonl" "$PERF_START_MS" <<'PY'
import json, sys
rate, start = float(sys.argv[2]), int(sys.argv[4])
load = [json.loads(l) for l in open(sys.argv[3]) if l.strip()]
# the seconds whose end falls inside perf's 5 s window (+ the one it ended in: perf's share of it is counted)
ok = [l["ok"] + sum(l["errors"].values()) for l in load if start < l["epoch_ms"] <= start + 5500 and l["interval_s"] > 0.9]
req = sum(ok) * 5 / len(ok) if ok else rate * 5
print(f"perf stat over 5 s of `brink http --rate {rate:.0f}` after warm-up: ~{req:.0f} requests answered in those seconds")
print("| event | total | per request |")
print("|---|---|---|")
for line in open(sys.argv[1]):
    f = line.strip().split(",")
    if len(f) < 3 or not f[0] or f[0].startswith("#") or "not counted" in f[0]:
        continue
    v = float(f[0])
    name = f[2]
    unit = " ms" if name == "task-clock" else ""
    print(f"| {name} | {v:.0f}{unit} | {v / req:.3f}{unit} |")
PY
echo "(work files in $WORK)"
