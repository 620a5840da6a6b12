#!/usr/bin/env bash
# Where the whole-process CPU of `brink grpc` goes, run as users run it (through the launcher: its JVM options and
# class-data archive), against grpc-go's Greeter (bench/grpc-peer.sh: server on CPU 1, brink on CPU 0): each thread's
# CPU (utime + stime, /proc/PID/task/*/stat, sampled every 50 ms, so a thread that ends is still counted) by phase:
#   start   from exec to the warm-up's responder (JVM start, class loading, picocli, reflection from the server)
#   warm-up the closed-model warm-up against the responder inside Brink (nothing sent to the server)
#   first s from the warm-up's end to the run's first load.jsonl line (engine start, channel, the first second)
#   run     the rest of the run, to the last sample before exit
#   exit    what /usr/bin/time counted beyond the last sample (shutdown, a class-data archive written at exit)
# and by thread: the event loops (brink-load*), the warm-up's responder, main (reporting), C1 and C2 compilers, GC and
# VM thread, the rest. Also the event loop's voluntary context switches (sleeps) per call in the run phase.
# BRINK_BASE_JAR=older/brink.jar (BRINK_BASE_LAUNCHER=its launcher, default ./brink) runs that jar too, interleaved.
# BRINK_PARTS_ARGS replaces the load arguments (default "--rate RATE"; e.g. "--users 50"). BRINK_JAVA_OPTS passes on.
# BRINK_PARTS_PERF=1 adds `perf stat` syscall counts per call over the middle third of the last arm's run.
# Usage: bench/grpc-cpu-parts.sh [seconds] [rate] [rounds]   (defaults 10 1000 1)
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
SECS=${1:-10}
RATE=${2:-1000}
ROUNDS=${3:-1}
JAR="$ROOT/brink-cli/target/brink.jar"
[[ -f "$JAR" ]] || { echo "missing $JAR: run ./mvnw -B -q package -DskipTests" >&2; exit 2; }
WORK=$(mktemp -d /tmp/brink-grpc-parts.XXXXXX)
source "$HERE/grpc-peer.sh"
start_grpc_peer "$WORK"
ARGS=(${BRINK_PARTS_ARGS:---rate $RATE})
MSG='{"name":"brink-${seq}"}'

ARMS=()
[[ -n "${BRINK_BASE_JAR:-}" ]] && ARMS+=("base=$(brink_home base "$BRINK_BASE_JAR" "${BRINK_BASE_LAUNCHER:-}")")
ARMS+=("brink=$(brink_home brink "$JAR")")
# one short run per arm first: the launcher writes its class-data archive at the exit of a command's first run
for arm in "${ARMS[@]}"; do
  ip netns exec "$NS" taskset -c 0 "${arm#*=}" grpc "$ADDR" --call "$CALL" --data "$MSG" --duration 2s --rate 100 \
      --json >/dev/null 2>&1
done

sample() { # java pid, stderr file, run dir, output file
  python3 - "$@" <<'PY'
import json, os, sys, time
pid, err, run, out = sys.argv[1:5]
last = {}  # tid -> (name, cpu ticks, voluntary switches)
marks = []  # (phase that ends here, copy of last)
def read():
    for t in os.listdir(f"/proc/{pid}/task"):
        try:
            s = open(f"/proc/{pid}/task/{t}/stat").read()
            v = next(int(l.split()[1]) for l in open(f"/proc/{pid}/task/{t}/status") if l.startswith("voluntary_ctxt_switches"))
        except (OSError, StopIteration):
            continue
        f = s[s.rindex(")") + 2:].split()
        last[t] = (s[s.index("(") + 1:s.rindex(")")], int(f[11]) + int(f[12]), v)
phase = "start"
def to(next_phase):
    global phase
    marks.append((phase, dict(last)))
    phase = next_phase
while os.path.exists(f"/proc/{pid}/task"):
    try:
        read()
    except OSError:
        break
    if phase == "start" and any(n.startswith("brink-warmup") for n, _, _ in last.values()):
        to("warm-up")
    if phase in ("start", "warm-up") and os.path.exists(err) and "warm-up:" in open(err).read():
        to("first s")
    if phase != "run" and os.path.exists(run + "/load.jsonl") and os.path.getsize(run + "/load.jsonl") > 0:
        to("run")
    time.sleep(0.05)
marks.append((phase, dict(last)))
json.dump([[p, m] for p, m in marks], open(out, "w"))
PY
}

run_arm() { # name launcher
  local name=$1 launcher=$2 run="$WORK/run-$1"
  rm -rf "$run"
  /usr/bin/time -f "%U %S %M" -o "$WORK/$name.time" ip netns exec "$NS" taskset -c 0 "$launcher" grpc "$ADDR" --call "$CALL" \
      --data "$MSG" --duration "${SECS}s" "${ARGS[@]}" --json --out "$run" >"$WORK/$name.json" 2>"$WORK/$name.err" &
  local outer=$! java="" perf=""
  for _ in $(seq 1 200); do
    for p in $(pgrep -f -- "--out $run" || true); do [[ $(cat "/proc/$p/comm" 2>/dev/null) == java ]] && java=$p; done
    [[ -n "$java" ]] && break
    sleep 0.02
  done
  [[ -n "$java" ]] || { echo "no java process for $name" >&2; wait $outer; return 1; }
  if [[ "${BRINK_PARTS_PERF:-0}" == 1 && "$name" == brink-* ]]; then
    ( until [[ -s "$run/load.jsonl" ]]; do sleep 0.05; done
      sleep "$(( SECS / 3 ))"
      date +%s%3N >"$WORK/$name.perf-start"
      perf stat -x, -e task-clock,context-switches,raw_syscalls:sys_enter,syscalls:sys_enter_epoll_wait,syscalls:sys_enter_epoll_pwait,syscalls:sys_enter_epoll_pwait2,syscalls:sys_enter_write,syscalls:sys_enter_writev,syscalls:sys_enter_sendmsg,syscalls:sys_enter_sendto,syscalls:sys_enter_read,syscalls:sys_enter_recvfrom,syscalls:sys_enter_futex,syscalls:sys_enter_timerfd_settime \
          -p "$java" -o "$WORK/$name.perf" -- sleep "$(( SECS / 3 ))" 2>/dev/null || true ) &
    perf=$!
  fi
  sample "$java" "$WORK/$name.err" "$run" "$WORK/$name.marks"
  wait $outer || true
  [[ -z "$perf" ]] || wait $perf || true
  python3 - "$name" "$WORK" "$(cut -d' ' -f1 /proc/loadavg)" <<'PY' >>"$WORK/table"
import collections, json, os, sys
name, work, load = sys.argv[1:4]
marks = json.load(open(f"{work}/{name}.marks"))
user, sys_, rss = open(f"{work}/{name}.time").read().split()[:3]
whole = (float(user) + float(sys_)) * 1000
r = json.load(open(f"{work}/{name}.json"))["result"]
calls = r["ok"] + sum(r["errors"].values())
def group(n):
    if n.startswith("brink-load"): return "loop"
    if n.startswith("brink-warmup"): return "responder"
    if n in ("java", "main"): return "main"
    if n.startswith("C1 Compiler"): return "C1"
    if n.startswith("C2 Compiler"): return "C2"
    if n.startswith(("GC ", "GC_", "VM Thread", "G1 ", "VM Periodic")): return "GC/VM"
    return "other"
GROUPS = ["loop", "responder", "main", "C1", "C2", "GC/VM", "other"]
rows = []
prev = {}
loop_wakes = 0
for phase, snap in marks:
    d = collections.Counter()
    for tid, (n, ticks, v) in snap.items():
        p = prev.get(tid, (n, 0, 0))
        d[group(n)] += (ticks - p[1]) * 10
        if phase == "run" and n.startswith("brink-load"): loop_wakes += v - p[2]
    rows.append((phase, d))
    prev = snap
sampled = sum(sum(d.values()) for _, d in rows)
rows.append(("exit", collections.Counter({"other": whole - sampled})))
run_load = [json.loads(l) for l in open(f"{work}/run-{name}/load.jsonl") if l.strip()]
run_calls = sum(l["ok"] + sum(l["errors"].values()) for l in run_load[1:])
for phase, d in rows:
    cells = " | ".join(f"{d.get(g, 0):.0f}" for g in GROUPS)
    print(f"| {name} | {phase} | {sum(d.values()):.0f} | {cells} |")
print(f"| {name} | **whole** (load {load}) | **{whole:.0f}** | {calls} calls: **{whole / calls * 1000:.1f} CPU-ms per 1000**, "
      f"max RSS {int(rss) // 1024} MB, corrected p99 {r['corrected']['p99_ms']} ms, dropped {r['dropped']}, "
      f"loop sleeps per call (run phase) {loop_wakes / max(run_calls, 1):.2f} | | | | | | |")
PY
  if [[ -f "$WORK/$name.perf" ]]; then
    python3 - "$WORK/$name.perf" "$run/load.jsonl" "$(cat "$WORK/$name.perf-start")" "$(( SECS / 3 ))" <<'PY' >>"$WORK/perf"
import json, sys
start, secs = int(sys.argv[3]), int(sys.argv[4])
load = [json.loads(l) for l in open(sys.argv[2]) if l.strip()]
ok = [l["ok"] + sum(l["errors"].values()) for l in load if start < l["epoch_ms"] <= start + secs * 1000 + 500 and l["interval_s"] > 0.9]
calls = sum(ok) * secs / len(ok) if ok else 1
print(f"perf stat over {secs} s of the run: ~{calls:.0f} calls answered")
for line in open(sys.argv[1]):
    f = line.strip().split(",")
    if len(f) < 3 or not f[0] or f[0].startswith("#") or "not" in f[0]: continue
    v = float(f[0])
    print(f"| {f[2]} | {v:.0f} | {v / calls:.3f} per call |")
PY
  fi
}

printf '| arm | phase | CPU-ms | event loops | warm-up responder | main (reporting) | C1 | C2 | GC/VM | other |\n|---|---|---|---|---|---|---|---|---|---|\n' >"$WORK/table"
for i in $(seq 1 "$ROUNDS"); do
  for arm in "${ARMS[@]}"; do run_arm "${arm%%=*}-$i" "${arm#*=}"; done
done
echo "== brink grpc ${ARGS[*]} for ${SECS}s, CPU by phase and thread ($(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs)"
cat "$WORK/table"
[[ -f "$WORK/perf" ]] && cat "$WORK/perf"
echo "(work files in $WORK)"
