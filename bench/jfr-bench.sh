#!/usr/bin/env bash
# brink jfr against the JDK's own readers on one large recording, on one core.
#
#   bash bench/jfr-bench.sh [TARGET_MB] [ROUNDS]
#
# 1. Records a real workload on JDK 25: the brink-jfr scenario programs (regex masking, SimpleDateFormat per call,
#    a synchronized journal, a class-defining script loader) cycling for up to RECORD_S seconds (env, default
#    120) or until the recording reaches TARGET_MB (default 200), with high-volume events on (TLAB allocation,
#    every park/monitor/sleep, exceptions, 1 ms execution sampling) so the file is dense the way a busy
#    service's is. When the machine is too busy to write that much, the file is that recording's chunks repeated.
# 2. Times, interleaved ROUNDS times (default 3), each pinned to CPU 1 with taskset: `brink jfr FILE`,
#    `jfr summary FILE` (the cheapest full read: event headers only) and `jfr print --json FILE | wc -c`
#    (every event decoded). Wall time and peak RSS from /usr/bin/time.
# Needs: a built brink (./mvnw -B -q -pl brink-cli -am package -DskipTests) and the brink-jfr test classes
# (./mvnw -B -q -pl brink-jfr -am test-compile).
set -euo pipefail
cd "$(dirname "$0")/.."
TARGET_MB=${1:-200}
ROUNDS=${2:-3}
RECORD_S=${RECORD_S:-120}
JDK25=/usr/lib/jvm/temurin-25-jdk-amd64
JDK17=/usr/lib/jvm/java-17-openjdk-amd64
OUT=bench/jfr/out
mkdir -p "$OUT"
REC="$OUT/workload.jfr"
JFC="$OUT/heavy.jfc"

if [ ! -f "$REC" ] || [ "$(stat -c %s "$REC")" -lt $((TARGET_MB * 1024 * 1024 * 9 / 10)) ]; then
  "$JDK25/bin/jfr" configure --input profile --output "$JFC" \
    'jdk.ObjectAllocationInNewTLAB#enabled=true' 'jdk.ObjectAllocationOutsideTLAB#enabled=true' \
    'jdk.ObjectAllocationSample#throttle=5000/s' \
    'jdk.JavaMonitorEnter#threshold=0 ms' 'jdk.ThreadPark#threshold=0 ms' 'jdk.ThreadSleep#threshold=0 ms' \
    'jdk.JavaExceptionThrow#enabled=true' 'jdk.ExecutionSample#period=1 ms' >/dev/null
  rm -f "$REC" "$OUT/part.jfr"
  PHASES=$(printf 'regex,dateformat,journal,scripts,%.0s' $(seq 1 40))
  "$JDK25/bin/java" -Xmx512m "-XX:StartFlightRecording:filename=$OUT/part.jfr,settings=$JFC,name=bench" \
    -cp brink-jfr/target/test-classes dev.brink.jfr.programs.ScenarioProgram 5000 "${PHASES%,}" >/dev/null &
  CHILD=$!
  # record for RECORD_S seconds or until the target size, whichever comes first; the dump is the recording so far
  for _ in $(seq 1 $((RECORD_S / 5))); do
    sleep 5
    "$JDK25/bin/jcmd" "$CHILD" JFR.dump name=bench filename="$(pwd)/$OUT/part.jfr" >/dev/null 2>&1 || true
    if [ "$(stat -c %s "$OUT/part.jfr" 2>/dev/null || echo 0)" -ge $((TARGET_MB * 1024 * 1024)) ]; then
      break
    fi
  done
  kill "$CHILD"; wait "$CHILD" 2>/dev/null || true
  # On a machine too busy to write TARGET_MB in RECORD_S, the file is made of copies of the recorded chunks:
  # a JFR file is a sequence of self-contained chunks (what `jfr assemble` joins), so every reader still
  # decodes every event; the content repeats, the read cost is that of a TARGET_MB recording.
  PART=$(stat -c %s "$OUT/part.jfr")
  COPIES=$(( (TARGET_MB * 1024 * 1024 + PART - 1) / PART ))
  echo "recorded $((PART / 1024)) kB in at most ${RECORD_S} s; recording file = $COPIES copies of its chunks"
  for _ in $(seq 1 "$COPIES"); do cat "$OUT/part.jfr"; done > "$REC"
fi
SIZE=$(stat -c %s "$REC")
cp brink-cli/target/brink.jar "$OUT/brink.jar" # a rebuild during the rounds must not change what is measured
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
  measure "brink jfr (JDK 17)" "$JDK17/bin/java -jar $OUT/brink.jar jfr $REC"
  measure "jfr summary (JDK 17)" "$JDK17/bin/jfr summary $REC"
  measure "jfr print --json | wc (JDK 17)" "$JDK17/bin/jfr print --json $REC | wc -c"
done
