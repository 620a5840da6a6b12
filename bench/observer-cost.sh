#!/usr/bin/env bash
# The observer's cost on the target (issue 22 goal: under 1 % of one core with 1000 threads). For each thread count,
# bench/jvm/WatchOverhead.java starts a target JVM with that many extra threads (4 busy, the rest sleeping, parked or
# BLOCKED on a monitor) and a fixed amount of work on its main thread, warms the target's JMX side with 200 samples,
# then alternates windows without and with a JvmObserver sampling every second into a run directory, as `brink run`
# and `brink watch` do. The target's CPU time (user+sys, ProcessHandle) per window is what is compared; its JIT
# compiler threads' share is read from /proc and shown apart (attaching makes the target compile its JMX/RMI server
# code, a one-off cost that decays over minutes on a busy machine). The CPU of the target's threads that serve the
# observer or clean up after it (RMI connections, JMX server, notification, GC and VM threads; from /proc; with minus
# without) is the figure least disturbed by a busy machine: the whole target's with-minus-without difference carries
# the noise of its own workload. Prints one table.
# Usage: bench/observer-cost.sh [window-seconds=20] [rounds=3] [thread counts="200 1000"]
# Needs brink-cli/target/brink.jar (./mvnw -B -q package -DskipTests).
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
WINDOW=${1:-20}
ROUNDS=${2:-3}
COUNTS=${3:-"200 1000"}
JAR="$ROOT/brink-cli/target/brink.jar"
[[ -f "$JAR" ]] || { echo "missing $JAR: run ./mvnw -B -q package -DskipTests" >&2; exit 2; }
OUT=$(mktemp /tmp/brink-observer-cost.XXXXXX)
for n in $COUNTS; do
  echo "== $n threads" >&2
  java -cp "$JAR" "$HERE/jvm/WatchOverhead.java" "$WINDOW" "$ROUNDS" "$n" | tee -a "$OUT" >&2
done
echo "observer cost, $ROUNDS × ${WINDOW} s windows each way, $(nproc) CPUs, $(java -version 2>&1 | head -1), load average at the end $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| threads | target CPU without observer, ms/s | target's RMI/JMX/GC/VM threads, with minus without | whole target: with minus without, JIT threads left out | same, JIT threads included |"
echo "|---|---|---|---|---|"
awk '/^RESULT / {printf "| %s | %.1f | %.2f ms/s = **%.2f %% of one core** | %+.2f ms/s = %.2f %% | %+.1f ms/s = %.2f %% |\n", $2, $3, $6, $6 / 10, $4, $4 / 10, $5, $5 / 10}' "$OUT"
rm -f "$OUT"
