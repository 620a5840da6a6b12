#!/usr/bin/env bash
# Benchmark: `brink gc` on a 1 GB unified-logging GC log (a real log repeated with shifted time stamps). Prints the
# wall time of the whole command (JVM start, parse, analysis, report).
# usage: bench/gc-parse.sh [SIZE_MB] [serial|genzgc]   (default 1024 serial; needs brink-cli/target/brink.jar:
#   ./mvnw -q -DskipTests package)
#   serial: the JDK 17 Serial leak log (brink-gc/src/test/resources/gc-logs/jdk17_serial_leak.log)
#   genzgc: generational ZGC on JDK 25, the slow-leak scenario (gc-logs/causes/slowleak-zgc-jdk25.log.gz: major and
#           minor collections with young and old generation tables, ~5.5 lines of table per event)
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:-1024}
kind=${2:-serial}
log=${TMPDIR:-/tmp}/brink-gc-bench-${kind}-${size}m.log
case "$kind" in
  serial) src=brink-gc/src/test/resources/gc-logs/jdk17_serial_leak.log ;;
  genzgc) src=brink-gc/src/test/resources/gc-logs/causes/slowleak-zgc-jdk25.log.gz ;;
  *) echo "usage: bench/gc-parse.sh [SIZE_MB] [serial|genzgc]" >&2; exit 2 ;;
esac
[ -f "$log" ] || python3 bench/gc-make-big-log.py "$src" "$log" "$size"
ls -l "$log"
for run in 1 2 3 4 5; do
  /usr/bin/time -f "run $run: wall %e s, user %U s, sys %S s, max RSS %M KB" \
    java -jar brink-cli/target/brink.jar gc "$log" > /tmp/brink-gc-bench.out
  uptime
done
head -12 /tmp/brink-gc-bench.out
