#!/usr/bin/env bash
# Benchmark: `brink gc` on a 1 GB unified-logging GC log (a real JDK 17 Serial log repeated with shifted time
# stamps). Prints the wall time of the whole command (JVM start, parse, analysis, report).
# usage: bench/gc-parse.sh [SIZE_MB]   (default 1024; needs brink-cli/target/brink.jar: ./mvnw -q -DskipTests package)
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:-1024}
log=${TMPDIR:-/tmp}/brink-gc-bench-${size}m.log
src=brink-gc/src/test/resources/gc-logs/jdk17_serial_leak.log
[ -f "$log" ] || python3 bench/gc-make-big-log.py "$src" "$log" "$size"
ls -l "$log"
for run in 1 2 3 4 5; do
  /usr/bin/time -f "run $run: wall %e s, user %U s, sys %S s, max RSS %M KB" \
    java -jar brink-cli/target/brink.jar gc "$log" > /tmp/brink-gc-bench.out
  uptime
done
head -12 /tmp/brink-gc-bench.out
