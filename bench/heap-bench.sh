#!/usr/bin/env bash
# Heap-analysis benchmark: a child JVM builds a heap with a known leak (a static ConcurrentHashMap of
# ENTRIES price records) and a LIST_NODES-node LinkedList, dumps it (~1 GB with the defaults), then
# `brink heap` analyses it under /usr/bin/time -v (wall time, max RSS).
# Usage: bench/heap-bench.sh [ENTRIES] [LIST_NODES]     env: BRINK_BENCH_DIR (default /tmp/brink-heap-bench),
#        BRINK_JAVA_OPTS (JVM options for brink, default -Xmx900m -XX:+UseParallelGC)
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ENTRIES=${1:-2200000}
LIST_NODES=${2:-1500000}
DIR=${BRINK_BENCH_DIR:-/tmp/brink-heap-bench}
OPTS=${BRINK_JAVA_OPTS:--Xmx900m -XX:+UseParallelGC}
DUMP="$DIR/leak-$ENTRIES-$LIST_NODES.hprof"
mkdir -p "$DIR"

(cd "$ROOT" && ./mvnw -B -q -o -pl brink-heap,brink-cli -am package -DskipTests)
if [[ ! -f "$DUMP" ]]; then
  echo "writing $DUMP ($ENTRIES leaked entries, $LIST_NODES list nodes)…" >&2
  java -Xmx4g -XX:+UseParallelGC -cp "$ROOT/brink-heap/target/test-classes" \
    dev.brink.heap.child.DumpingApp leak "$DUMP" "$ENTRIES" "$LIST_NODES" >&2
fi
echo "dump: $(du -h "$DUMP" | cut -f1) $DUMP" >&2

# shellcheck disable=SC2086
/usr/bin/time -v java $OPTS -jar "$ROOT/brink-cli/target/brink.jar" heap --top 10 "$DUMP" \
  >"$DIR/report.txt" 2>"$DIR/time.txt" || { cat "$DIR/time.txt" >&2; exit 1; }
WALL=$(grep 'Elapsed (wall clock)' "$DIR/time.txt" | awk '{print $NF}')
RSS_KB=$(grep 'Maximum resident set size' "$DIR/time.txt" | awk '{print $NF}')
USER_S=$(grep 'User time' "$DIR/time.txt" | awk '{print $NF}')
head -12 "$DIR/report.txt"
echo
echo "brink heap: wall $WALL, user ${USER_S} s, max RSS $((RSS_KB / 1024)) MiB, dump $(stat -c %s "$DUMP") bytes, JVM options: $OPTS"
