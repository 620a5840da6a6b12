#!/usr/bin/env bash
# Where the whole-process CPU of Brink's HTTPS closed loop goes beside wrk's (issue 41: "at most wrk's CPU per
# request, whole process"). The same nginx as bench/tls-h2-vs-peers.sh (one worker on CPU 1, TLS with a certificate
# made here, HTTP/1.1), generators on CPU 0, 32 connections, run one after another and interleaved: wrk, then each
# Brink arm, ROUNDS times. For each Brink arm, each thread's CPU (utime + stime from /proc/PID/task/*/stat, sampled
# every 100 ms by a sampler on CPU 1) grouped as event loop (brink-load*), main, C1, C2, GC/VM and the rest, and split
#   start   exec to the first load.jsonl line (JVM start, class loading, TLS engine, handshakes, the first second)
#   ramp    the first half of the run after that
#   steady  the second half
#   tail    after the last per-second line (the drain, the result, the run directory written)
#   exit    what /usr/bin/time counted beyond the last sample (shutdown, a class-data archive written)
# and the fixed cost: the whole process minus what its requests would have cost at the steady half's CPU per request
# (an estimate: on a loaded machine the steady half's rate moves with the load, and a group's share can come out
# negative). The compiler threads' CPU is the steadiest figure here: it is work done, not a rate.
# Arms: BRINK_PARTS_ARMS="name=command;..." (default "jar=java,-jar,brink.jar;launcher=./brink"); a command's words
# are split on ',' (e.g. "opts=env,BRINK_JAVA_OPTS=-XX:+CITime -XX:+DisplayVMOutputToStderr,./brink").
# BRINK_PARTS_WIRE: https (default: HTTP/1.1 over TLS, against wrk), http (plaintext HTTP/1.1, against wrk) or h2
# (HTTP/2 over TLS, 1 connection x 32 streams, against h2load -c1 -m32).
# Usage: bench/https-cpu-parts.sh [seconds, default 20] [rounds, default 1]. Needs what tls-h2-vs-peers.sh needs.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
SECS=${1:-20}
ROUNDS=${2:-1}
PORT=${BRINK_BENCH_PORT:-18453}
JAR="$ROOT/brink-cli/target/brink.jar"
WORK=$(mktemp -d /tmp/brink-https-parts.XXXXXX)
[[ -f "$JAR" ]] || { echo "missing $JAR: run ./mvnw -B -q package -DskipTests" >&2; exit 2; }
for c in nginx wrk openssl; do
  command -v $c >/dev/null || [[ -x /usr/sbin/$c ]] || { echo "$c not found: apt-get install nginx-light wrk openssl" >&2; exit 2; }
done
# shellcheck source=bench/nginx-loopback.sh
source "$(dirname "${BASH_SOURCE[0]}")/nginx-loopback.sh"
start_tls_nginx "$WORK" "$PORT" "server { listen 127.0.0.1:$((PORT + 1)); location / { return 200 \"ok\\n\"; } }"
WIRE=${BRINK_PARTS_WIRE:-https}
case $WIRE in
  https) URL="https://127.0.0.1:$PORT/"; WIRE_ARGS=(--cacert "$WORK/cert.pem") ;;
  http) URL="http://127.0.0.1:$((PORT + 1))/"; WIRE_ARGS=() ;;
  h2) URL="https://127.0.0.1:$PORT/"; WIRE_ARGS=(--cacert "$WORK/cert.pem" --http2 --connections 1)
      command -v h2load >/dev/null || { echo "h2load not found: apt-get install nghttp2-client" >&2; exit 2; } ;;
  *) echo "BRINK_PARTS_WIRE=$WIRE: expected https, http or h2" >&2; exit 2 ;;
esac

IFS=';' read -r -a ARMS <<<"${BRINK_PARTS_ARMS:-jar=java,-jar,$JAR;launcher=$ROOT/brink}"
# the launcher writes a command's class-data archive at the exit of its first run: that run is not timed
for arm in "${ARMS[@]}"; do
  IFS=, read -r -a cmd <<<"${arm#*=}"
  taskset -c 0 "${cmd[@]}" http "$URL" "${WIRE_ARGS[@]}" --users 2 --duration 1s --json >/dev/null 2>&1 || true
done

sample() { # java pid, run dir, output file: timestamped CPU ticks per thread group
  PYTHONPATH="$HERE${PYTHONPATH:+:$PYTHONPATH}" taskset -c 1 python3 - "$@" <<'PY'
import json, os, sys, time
from proc_threads import thread_ticks
pid, run, out = sys.argv[1:4]
def group(n):
    if n.startswith("brink-load"): return "loop"
    if n in ("java", "main"): return "main"
    if n.startswith("C1 Compiler"): return "C1"
    if n.startswith("C2 Compiler"): return "C2"
    if n.startswith(("GC ", "GC_", "VM Thread", "G1 ", "VM Periodic")): return "GC/VM"
    return "other"
last = {}
snaps = []
while os.path.exists(f"/proc/{pid}/task"):
    try:
        for t, (name, user, system) in thread_ticks(pid).items():
            last[t] = (group(name), user + system)
    except OSError:
        break
    g = {}
    for name, ticks in last.values():
        g[name] = g.get(name, 0) + ticks * 10
    snaps.append((time.time() * 1000, g))
    time.sleep(0.1)
json.dump(snaps, open(out, "w"))
PY
}

run_brink() { # name, command words
  local name=$1 run="$WORK/run-$1"; shift
  rm -rf "$run"
  /usr/bin/time -f "%U %S %M" -o "$WORK/$name.time" taskset -c 0 "$@" http "$URL" "${WIRE_ARGS[@]}" --users 32 \
      --duration "${SECS}s" --json --out "$run" >"$WORK/$name.json" 2>"$WORK/$name.err" &
  local outer=$! java=""
  for _ in $(seq 1 200); do
    for p in $(pgrep -f -- "--out $run" || true); do [[ $(cat "/proc/$p/comm" 2>/dev/null) == java ]] && java=$p; done
    [[ -n "$java" ]] && break
    sleep 0.02
  done
  [[ -n "$java" ]] || { echo "no java process for $name" >&2; wait $outer; return 1; }
  sample "$java" "$run" "$WORK/$name.snaps"
  wait $outer || true
  python3 - "$name" "$WORK" "$(cut -d' ' -f1 /proc/loadavg)" "$WRK_PER" <<'PY' >>"$WORK/table"
import json, sys
name, work, load, wrk_per = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
snaps = json.load(open(f"{work}/{name}.snaps"))
user, sys_, rss = open(f"{work}/{name}.time").read().split()[:3]
whole = (float(user) + float(sys_)) * 1000
r = json.load(open(f"{work}/{name}.json"))["result"]
reqs = r["ok"] + sum(r["errors"].values())
load_lines = [json.loads(l) for l in open(f"{work}/run-{name}/load.jsonl") if l.strip()]
t0 = load_lines[0]["epoch_ms"]
half = load_lines[len(load_lines) // 2]["epoch_ms"]
end = load_lines[-1]["epoch_ms"]
def at(t):  # the last snapshot at or before t
    best = snaps[0][1]
    for ts, g in snaps:
        if ts <= t: best = g
    return best
def minus(a, b): return {k: a.get(k, 0) - b.get(k, 0) for k in set(a) | set(b)}
GROUPS = ["loop", "main", "C1", "C2", "GC/VM", "other"]
s0, s1, s2, s3 = {}, at(t0), at(half), at(end)
last = snaps[-1][1]
steady_req = sum(l["ok"] + sum(l["errors"].values()) for l in load_lines if half < l["epoch_ms"] <= end)
phases = [("start", minus(s1, s0)), ("ramp", minus(s2, s1)), ("steady", minus(s3, s2)), ("tail", minus(last, s3))]
exit_ms = whole - sum(last.values())
steady = phases[2][1]
per = sum(steady.values()) / max(steady_req, 1)
for ph, d in phases:
    print(f"| {name} | {ph} | {sum(d.values()):.0f} | " + " | ".join(f"{d.get(g, 0):.0f}" for g in GROUPS) + " |")
print(f"| {name} | exit (unsampled) | {exit_ms:.0f} | | | | | | |")
fixed = {g: last.get(g, 0) - steady.get(g, 0) / max(steady_req, 1) * reqs for g in GROUPS}
print(f"| {name} | fixed (whole − steady rate × {reqs} req) | {whole - per * reqs:.0f} | " + " | ".join(f"{fixed[g]:.0f}" for g in GROUPS) + " |")
print(f"| {name} | **whole** (load {load}) | **{whole:.0f}** | {reqs} req, {reqs / max(len(load_lines), 1):.0f} req/s: "
      f"**{whole / reqs * 1000:.2f} CPU-ms/1000** ({whole / reqs / wrk_per:.2f}× wrk), steady {per * 1000:.2f} "
      f"({per / wrk_per:.2f}×), max RSS {int(rss) // 1024} MB | | | | | |")
PY
}

printf '| arm | phase | CPU-ms | event loop | main | C1 | C2 | GC/VM | other |\n|---|---|---|---|---|---|---|---|---|\n' >"$WORK/table"
for i in $(seq 1 "$ROUNDS"); do
  if [[ $WIRE == h2 ]]; then
    /usr/bin/time -f "%U %S" -o "$WORK/wrk.time" taskset -c 0 h2load -t1 -c1 -m32 -D "$SECS" "$URL" >"$WORK/wrk-$i.out" 2>&1
    WRK_REQ=$(awk '/^requests:/ {print $8}' "$WORK/wrk-$i.out")
  else
    /usr/bin/time -f "%U %S" -o "$WORK/wrk.time" taskset -c 0 wrk -t1 -c32 -d"${SECS}s" "$URL" >"$WORK/wrk-$i.out"
    WRK_REQ=$(awk '/requests in/ {print $1}' "$WORK/wrk-$i.out")
  fi
  WRK_CPU=$(awk '{printf "%.0f", ($1 + $2) * 1000}' "$WORK/wrk.time")
  WRK_PER=$(awk -v c="$WRK_CPU" -v r="$WRK_REQ" 'BEGIN {print c / r}')
  echo "| wrk-$i | **whole** (load $(cut -d' ' -f1 /proc/loadavg)) | **$WRK_CPU** | $WRK_REQ req, $((WRK_REQ / SECS)) req/s: **$(awk -v p="$WRK_PER" 'BEGIN {printf "%.2f", p * 1000}') CPU-ms/1000** | | | | | |" >>"$WORK/table"
  for arm in "${ARMS[@]}"; do
    IFS=, read -r -a cmd <<<"${arm#*=}"
    run_brink "${arm%%=*}-$i" "${cmd[@]}"
  done
done
echo "== $WIRE closed loop, 32 users, ${SECS}s ('wrk' rows: $([[ $WIRE == h2 ]] && echo "h2load -c1 -m32" || echo "wrk -c32")), CPU by phase and thread ($(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs)"
cat "$WORK/table"
echo "(work files in $WORK)"
