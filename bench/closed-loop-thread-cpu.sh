#!/usr/bin/env bash
# Where a closed loop's steady-state CPU goes, per request and per thread, for wrk and for one or more builds of Brink
# in one interleaved run against nginx (one worker pinned to CPU 1, generators to CPU 0, 32 connections). Each run
# lasts 14 s; its threads' user and system times are read from /proc/PID/task/*/stat at 6.5 s and 12.5 s, and the
# requests of the whole seconds between the two reads (Brink's load.jsonl; wrk's average rate, having no seconds)
# divide them. Printed per run: the busiest thread's user and system microseconds per request (Brink's event loop,
# wrk's one thread) and the rate. Why per thread and not the whole process: the whole-process figure of a 15 s run
# carries start-up and JIT (bench/load-vs-wrk.sh prints it), and one run's system time moves with how the two loops
# happen to interleave; the user time of the event loop is what a change to Brink's request path moves.
# Usage: bench/closed-loop-thread-cpu.sh ROUNDS NAME=BRINK_HOME [NAME=BRINK_HOME ...]
#   a BRINK_HOME holds ./brink and its built jars (brink-cli/target/brink.jar, brink-sample/target/brink-sample.jar),
#   e.g. a copy of main's tree made before a change: main=/tmp/main-tree here=.
# Needs nginx, wrk, taskset and python3.
set -euo pipefail
ROUNDS=${1:?rounds}
shift
(( $# > 0 )) || { echo "usage: $0 ROUNDS NAME=BRINK_HOME..." >&2; exit 2; }
BENCH=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
PORT=${BRINK_BENCH_PORT:-18095}
WORK=$(mktemp -d /tmp/brink-thread-cpu.XXXXXX)
# shellcheck source=bench/nginx-loopback.sh
source "$BENCH/nginx-loopback.sh"
start_nginx "$WORK" "$PORT"
for arm in "$@"; do # each launcher records its class-data archive in its first run of a command: not a timed one
  "${arm#*=}/brink" http "$URL" --users 2 --duration 1s --out "$WORK/record-${arm%%=*}" >/dev/null 2>&1 || true
done
PYTHONPATH="$BENCH${PYTHONPATH:+:$PYTHONPATH}" python3 - "$URL" "$ROUNDS" "$WORK" "$@" <<'PY'
import os, subprocess, sys, time
from proc_threads import HZ, thread_ticks
from steady_half import read_jsonl, requests
url, rounds, work, arms = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
FROM, TO, SECS = 6.5, 12.5, 14

def threads(pid):
    """tid -> (name, user s, system s) of every thread of pid now."""
    return {t: (name, u / HZ, s / HZ) for t, (name, u, s) in thread_ticks(pid).items()}

def busiest(a, b):
    """(name, user s, system s) of the thread that used the most CPU between the two reads."""
    spent = lambda t: (b[t][1] - a.get(t, ("", 0, 0))[1], b[t][2] - a.get(t, ("", 0, 0))[2])
    t = max(b, key=lambda t: sum(spent(t)))
    return (b[t][0], *spent(t))

def java_pid(launcher_pid):
    """The JVM the launcher runs: itself once it has exec'd java, else its java child (a run recording an archive)."""
    for _ in range(200):
        try:
            if open(f"/proc/{launcher_pid}/cmdline").read().split("\0")[0].endswith("java"):
                return launcher_pid
            for d in os.listdir("/proc"):
                if d.isdigit():
                    stat = open(f"/proc/{d}/stat").read()
                    if int(stat[stat.rindex(")") + 2:].split()[1]) == launcher_pid and "java" in stat[:stat.rindex(")")]:
                        return int(d)
        except OSError:
            pass
        time.sleep(0.05)
    return launcher_pid

def sample(pid, start):
    time.sleep(max(0, start + FROM - time.time()))
    a, ta = threads(pid), time.time()
    time.sleep(max(0, start + TO - time.time()))
    return a, ta, threads(pid), time.time()

def show(name, thread, us_user, us_sys, rate):
    print(f"{name:10s} {thread:18s} user {us_user:5.2f} us/req  sys {us_sys:5.2f}  {rate:8.0f} req/s", flush=True)

results = {}

def record(label, a, ta, b, tb, rate):
    """The busiest thread's user and system microseconds per request between the reads, printed and kept."""
    name, u, s = busiest(a, b)
    window = rate * (tb - ta)
    per = (u / window * 1e6, s / window * 1e6, rate)
    show(label, name, *per)
    results.setdefault(label, []).append(per)

for r in range(1, rounds + 1):
    print(f"== round {r} of {rounds}, load {open('/proc/loadavg').read().split()[0]}")
    start = time.time()
    p = subprocess.Popen(["taskset", "-c", "0", "wrk", "-t1", "-c32", f"-d{SECS}s", url], stdout=subprocess.PIPE, text=True)
    a, ta, b, tb = sample(p.pid, start)
    done = p.communicate()[0].split()
    n = int(done[done.index("requests") - 1])
    record("wrk", a, ta, b, tb, n / SECS)  # wrk prints no seconds: its average rate over the run stands for the window's
    for arm in arms:
        label, home = arm.split("=", 1)
        out = f"{work}/run-{label}-{r}"
        start = time.time()
        p = subprocess.Popen(["taskset", "-c", "0", f"{home}/brink", "http", url, "--users", "32", "--duration", f"{SECS}s",
                              "--out", out], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        a, ta, b, tb = sample(java_pid(p.pid), start)
        p.wait()
        lines = read_jsonl(out + "/load.jsonl")
        inside = [l for l in lines if l["epoch_ms"] - 1000 * l["interval_s"] >= ta * 1000 and l["epoch_ms"] <= tb * 1000]
        secs = sum(l["interval_s"] for l in inside)
        record(label, a, ta, b, tb, sum(requests(l) for l in inside) / secs if secs else float("nan"))
print("== means")
for label, v in results.items():
    show(label, "", sum(x[0] for x in v) / len(v), sum(x[1] for x in v) / len(v), sum(x[2] for x in v) / len(v))
print(f"(work files in {work})")
PY
