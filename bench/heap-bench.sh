#!/usr/bin/env bash
# Heap-analysis benchmark: a child JVM builds a heap with a known leak (a static ConcurrentHashMap of
# ENTRIES price records) and a LIST_NODES-node LinkedList, dumps it (~1 GB with the defaults), then
# `brink heap` analyses it under /usr/bin/time -v (wall time, max RSS, user and sys CPU) three times:
#   1. through the `brink` launcher, with the JVM flags it picks for a heap dump (the figure a user gets);
#   2. with BRINK_JAVA_OPTS (default: a 1 GiB ceiling, a 32 MiB young generation, serial GC told to keep the heap within 10–20 % of the live
#      data, so max RSS follows what the analysis needs, not what the ceiling allows);
#   3. bounded: -Xmx of half the dump's size — the analysis must complete and print the same report;
#   4. as 2, with the reads after the first on the analysing thread alone (-Dbrink.heap.readers=1): what the
#      reading threads buy in wall time, and what they cost in CPU time.
#   5. `brink heap diff A B` through the launcher, A a second dump of the same program with ENTRIES_A entries (fewer:
#      the leak grew from A to B), against run 1's `brink heap` of B: the diff must take at most 2.2× its wall time and
#      stay in the same peak RSS (issue 40). The two dumps are analysed one after the other; only A's holder summary
#      is kept while B is.
# At the end, one markdown table of all runs (wall, user + sys CPU, max RSS, peak live heap, load).
# Each run prints the load average before and after (a loaded machine stretches wall time, not RSS or the
# peak live heap) and the largest heap left after a full GC (-Xlog:gc), i.e. the analysis's own peak.
# Optional: BRINK_BASELINE_JAR=path/to/older/brink.jar adds the same two runs for that build, interleaved.
# Usage: bench/heap-bench.sh [ENTRIES] [LIST_NODES] [ENTRIES_A]     env: BRINK_BENCH_DIR (default /tmp/brink-heap-bench)
#        BRINK_HEAP_BENCH_DIFF_ONLY=1: runs 1 and 5 only (the diff's time and memory against one analysis)
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ENTRIES=${1:-2200000}
LIST_NODES=${2:-1500000}
ENTRIES_A=${3:-$((ENTRIES * 9 / 10))}
DIR=${BRINK_BENCH_DIR:-/tmp/brink-heap-bench}
OPTS=${BRINK_JAVA_OPTS:--Xmx1g -Xmn32m -XX:+UseSerialGC -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=20}
DUMP="$DIR/leak-$ENTRIES-$LIST_NODES.hprof"
DUMP_A="$DIR/leak-$ENTRIES_A-$LIST_NODES.hprof"
mkdir -p "$DIR"

# brink-sample too: the launcher rebuilds everything when one of its two jars is missing
(cd "$ROOT" && nice -n 10 ./mvnw -B -q -o -pl brink-heap,brink-cli,brink-sample -am package -DskipTests)
cp "$ROOT/brink-cli/target/brink.jar" "$DIR/brink-current.jar"
# A is the earlier dump (fewer leaked entries), B the later: brink heap diff refuses a B written before its A
if [[ ! -f "$DUMP_A" || ! -f "$DUMP" || "$DUMP_A" -nt "$DUMP" ]]; then
  echo "writing $DUMP_A ($ENTRIES_A leaked entries, $LIST_NODES list nodes): the earlier dump for brink heap diff…" >&2
  java -Xmx4g -XX:+UseParallelGC -cp "$ROOT/brink-heap/target/test-classes" \
    dev.brink.heap.child.DumpingApp leak "$DUMP_A" "$ENTRIES_A" "$LIST_NODES" >&2
  echo "writing $DUMP ($ENTRIES leaked entries, $LIST_NODES list nodes)…" >&2
  java -Xmx4g -XX:+UseParallelGC -cp "$ROOT/brink-heap/target/test-classes" \
    dev.brink.heap.child.DumpingApp leak "$DUMP" "$ENTRIES" "$LIST_NODES" >&2
fi
SIZE=$(stat -L -c %s "$DUMP")
HALF="-Xmx$((SIZE / 2 / 1048576))m -XX:+UseSerialGC"
echo "dump: $(du -hL "$DUMP" | cut -f1) $DUMP ($SIZE bytes); machine: $(nproc) cores, $(awk '/MemTotal/ {print int($2/1024)}' /proc/meminfo) MiB, $(java -version 2>&1 | head -1)" >&2

# run LABEL JAR OPTS [COMMAND...]   (JAR "launcher": the worktree's ./brink script with its own heap flags; OPTS
# ignored; COMMAND defaults to `heap --top 10 DUMP`)
run() {
  local label=$1 jar=$2 opts=$3 out="$DIR/$1"
  local args=("${@:4}")
  (( ${#args[@]} )) || args=(heap --top 10 "$DUMP")
  local before after cmd
  before=$(cut -d' ' -f1-3 /proc/loadavg)
  if [[ "$jar" == launcher ]]; then
    opts="the launcher's: $(sed -n '/^heap_opts()/,/^}/p' "$ROOT/brink" | grep -o 'echo "-Xmx[^"]*' | cut -c7-)"
    cmd=(env BRINK_JAVA_OPTS="-Xlog:gc:file=$out.gc.log" "$ROOT/brink")
  else
    # shellcheck disable=SC2206
    cmd=(java $opts -Xlog:gc:file="$out.gc.log" -jar "$jar")
  fi
  if /usr/bin/time -v "${cmd[@]}" "${args[@]}" >"$out.report.txt" 2>"$out.time.txt"; then
    status=ok
  else
    status="FAILED ($(grep -m1 -o 'OutOfMemoryError[^ ]*' "$out.time.txt" || echo "exit $?"))"
  fi
  after=$(cut -d' ' -f1-3 /proc/loadavg)
  local wall rss user sys live
  wall=$(grep 'Elapsed (wall clock)' "$out.time.txt" | awk '{print $NF}')
  rss=$(grep 'Maximum resident set size' "$out.time.txt" | awk '{print $NF}')
  user=$(grep 'User time' "$out.time.txt" | awk '{print $NF}')
  sys=$(grep 'System time' "$out.time.txt" | awk '{print $NF}')
  # no full GC at all (a small dump) is a peak of 0 here, not the end of the script
  live=$({ grep 'Pause Full' "$out.gc.log" || true; } | { grep -oE '[0-9]+M->[0-9]+M' || true; } | awk -F'->' '{sub("M","",$2); if ($2+0>m) m=$2+0} END {print m+0}')
  echo "$label: $status, wall $wall, user $user s, sys $sys s, max RSS $((rss / 1024)) MiB, peak live heap after full GC ${live} MiB, load average $before -> $after, JVM options: $opts"
  WALL[$label]=$wall
  RSS[$label]=$((rss / 1024))
  CPU[$label]=$(awk -v u="$user" -v s="$sys" 'BEGIN {printf "%.1f", u + s}')
  ROWS+=("| $label | $opts | $status | $wall | $user + $sys = $(awk -v u="$user" -v s="$sys" 'BEGIN {printf "%.1f", u + s}') s | $((rss / 1024)) MiB | ${live} MiB | ${before%% *} → ${after%% *} |")
}
ROWS=()
declare -A WALL RSS CPU

# wall clock "h:mm:ss" or "m:ss.ss" → seconds
seconds() { awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }' <<<"$1"; }

run launcher launcher ""
run launcher-diff launcher "" heap diff --top 10 "$DUMP_A" "$DUMP"
ratio=$(awk -v d="$(seconds "${WALL[launcher-diff]}")" -v h="$(seconds "${WALL[launcher]}")" 'BEGIN { printf "%.2f", d / h }')
cpu_ratio=$(awk -v d="${CPU[launcher-diff]}" -v h="${CPU[launcher]}" 'BEGIN { printf "%.2f", d / h }')
# on a machine other work keeps busy the wall times swing by 2x from run to run; CPU time barely moves
echo "brink heap diff A B: ${WALL[launcher-diff]} against brink heap B: ${WALL[launcher]} = ${ratio}× (goal ≤ 2.2×), CPU ${CPU[launcher-diff]} s against ${CPU[launcher]} s = ${cpu_ratio}×; max RSS ${RSS[launcher-diff]} MiB against ${RSS[launcher]} MiB (goal: the same, ≤ 512 MiB)"
grep -m3 -E "^(Grown holders|No growth|  (CRITICAL|WARNING))" "$DIR/launcher-diff.report.txt" || true
if [[ "${BRINK_HEAP_BENCH_DIFF_ONLY:-0}" == 1 ]]; then
  echo
  echo "| run | JVM options | result | wall | user + sys CPU | max RSS | peak live heap | load (1 min, before → after) |"
  echo "|---|---|---|---|---|---|---|---|"
  printf '%s\n' "${ROWS[@]}"
  exit 0
fi
[[ -n "${BRINK_BASELINE_JAR:-}" ]] && run baseline "$BRINK_BASELINE_JAR" "$OPTS"
run current "$DIR/brink-current.jar" "$OPTS"
[[ -n "${BRINK_BASELINE_JAR:-}" ]] && run baseline-half "$BRINK_BASELINE_JAR" "$HALF"
run current-half "$DIR/brink-current.jar" "$HALF"
run current-1-reader "$DIR/brink-current.jar" "-Dbrink.heap.readers=1 $OPTS"
for other in current-half current-1-reader launcher ${BRINK_BASELINE_JAR:+baseline}; do
  if cmp -s "$DIR/current.report.txt" "$DIR/$other.report.txt"; then
    echo "reports of $other and of current (${OPTS%% *}): identical"
  else
    echo "reports differ between $other and current (or one run failed): diff $DIR/current.report.txt $DIR/$other.report.txt"
  fi
done
head -12 "$DIR/current.report.txt"
echo
echo "| run | JVM options | result | wall | user + sys CPU | max RSS | peak live heap | load (1 min, before → after) |"
echo "|---|---|---|---|---|---|---|---|"
printf '%s\n' "${ROWS[@]}"
