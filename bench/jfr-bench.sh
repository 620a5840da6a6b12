#!/usr/bin/env bash
# brink jfr against the JDK's own readers on one large recording, on one core.
#
#   bash bench/jfr-bench.sh [TARGET_MB] [ROUNDS]
#
# 1. Records a real workload on JDK 25: the brink-jfr scenario programs (regex masking, SimpleDateFormat per call,
#    a synchronized journal, a class-defining script loader) cycling until the recording reaches TARGET_MB
#    (default 200), with high-volume events on (TLAB allocation, every park/monitor/sleep, exceptions,
#    1 ms execution sampling) so the file is large the way a busy service's is.
# 2. Times, interleaved ROUNDS times (default 3), each pinned to CPU 1 with taskset: `brink jfr FILE`,
#    `jfr summary FILE` (the cheapest full read: event headers only) and `jfr print --json FILE | wc -c`
#    (every event decoded). Wall time and peak RSS from /usr/bin/time.
# Needs: a built brink (./mvnw -B -q -pl brink-cli -am package -DskipTests) and the brink-jfr test classes
# (./mvnw -B -q -pl brink-jfr -am test-compile).
set -euo pipefail
cd "$(dirname "$0")/.."
TARGET_MB=${1:-200}
ROUNDS=${2:-3}
JDK25=/usr/lib/jvm/temurin-25-jdk-amd64
JDK17=/usr/lib/jvm/java-17-openjdk-amd64
OUT=bench/jfr/out
mkdir -p "$OUT"
REC="$OUT/workload.jfr"
JFC="$OUT/heavy.jfc"

if [ ! -f "$REC" ] || [ "$(stat -c %s "$REC")" -lt $((TARGET_MB * 1024 * 1024 * 9 / 10)) ]; then
  "$JDK25/bin/jfr" configure --input profile --output "$JFC" \
    'jdk.ObjectAllocationInNewTLAB#enabled=true' 'jdk.ObjectAllocationOutsideTLAB#enabled=true' \
    'jdk.JavaMonitorEnter#threshold=0 ms' 'jdk.ThreadPark#threshold=0 ms' 'jdk.ThreadSleep#threshold=0 ms' \
    'jdk.JavaExceptionThrow#enabled=true' 'jdk.ExecutionSample#period=1 ms' >/dev/null
  rm -f "$REC"
  PHASES=$(printf 'regex,dateformat,journal,scripts,%.0s' $(seq 1 40))
  "$JDK25/bin/java" -Xmx512m "-XX:StartFlightRecording:filename=$REC,settings=$JFC,name=bench" \
    -cp brink-jfr/target/test-classes dev.brink.jfr.programs.ScenarioProgram 5000 "${PHASES%,}" >/dev/null &
  CHILD=$!
  # dump and stop once the repository holds enough: the recording file is written at the end
  while kill -0 "$CHILD" 2>/dev/null; do
    sleep 5
    "$JDK25/bin/jcmd" "$CHILD" JFR.dump name=bench filename="$(pwd)/$REC" >/dev/null 2>&1 || true
    if [ -f "$REC" ] && [ "$(stat -c %s "$REC")" -ge $((TARGET_MB * 1024 * 1024)) ]; then
      kill "$CHILD"; wait "$CHILD" 2>/dev/null || true
      break
    fi
  done
fi
SIZE=$(stat -c %s "$REC")
echo "recording: $REC, $((SIZE / 1024 / 1024)) MB"

measure() { # name, command...
  local name=$1; shift
  /usr/bin/time -f "%e %M" -o "$OUT/time.txt" taskset -c 1 bash -c "$*" >/dev/null 2>"$OUT/err.txt" || { cat "$OUT/err.txt"; return 1; }
  read -r secs kb < "$OUT/time.txt"
  printf '| %s | %s | %.1f | %d |\n' "$ROUND" "$name" "$secs" "$((kb / 1024))"
}

echo "| round | reader | wall s | peak RSS MB |"
echo "|---|---|---|---|"
for ROUND in $(seq 1 "$ROUNDS"); do
  measure "brink jfr (JDK 17)" "$JDK17/bin/java -jar brink-cli/target/brink.jar jfr $REC"
  measure "jfr summary (JDK 17)" "$JDK17/bin/jfr summary $REC"
  measure "jfr print --json | wc (JDK 17)" "$JDK17/bin/jfr print --json $REC | wc -c"
done
