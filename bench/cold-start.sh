#!/usr/bin/env bash
# Cold start: the whole command, JVM start included, as a user runs it through the `brink` launcher, with and
# without the launcher's class-data-sharing archive (BRINK_CDS=0). Goals (issue 22, on a quiet machine):
# `brink --help` < 0.3 s; `brink threads` on a 10 000-thread dump and `brink gc` on a 50 MB log < 1 s each.
# Inputs are made here: the dump by bench/threads/ThreadsBench.java --write, the log by bench/gc-make-big-log.py
# from brink-gc's real JDK 17 log. Each command runs once untimed first (it records its archive), then RUNS times
# with the archive and RUNS times without, interleaved (BRINK_CDS=0 also skips the launcher's cached --help text, so
# that row is the JVM's own time). Prints one table of median and min wall / user+sys CPU and the classes loaded.
# Needs python3, /usr/bin/time and brink-cli/target/brink.jar. Usage: bench/cold-start.sh [runs]   (default 5)
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
RUNS=${1:-5}
JAR="$ROOT/brink-cli/target/brink.jar"
BRINK=${BRINK_LAUNCHER:-"$ROOT/brink"} # another launcher (a copy pointing at another jar) to compare
WORK=$(mktemp -d /tmp/brink-cold-start.XXXXXX)
[[ -f "$JAR" ]] || { echo "missing $JAR: run ./mvnw -B -q package -DskipTests" >&2; exit 2; }
java -cp "$JAR" "$HERE/threads/ThreadsBench.java" --write 10000 "$WORK/threads-10000.txt"
python3 "$HERE/gc-make-big-log.py" "$ROOT/brink-gc/src/test/resources/gc-logs/jdk17_serial_leak.log" "$WORK/gc-50m.log" 50 >/dev/null
echo "inputs: $(du -h "$WORK/threads-10000.txt" | cut -f1) thread dump (10 000 threads), $(du -h "$WORK/gc-50m.log" | cut -f1) GC log"

CASES=("--help" "threads $WORK/threads-10000.txt" "gc $WORK/gc-50m.log")
timed() { # label cds args...: appends "label cds wall cpu" to the samples
  local label=$1 cds=$2; shift 2
  BRINK_CDS=$cds /usr/bin/time -f "%e %U %S" -o "$WORK/t" "$BRINK" "$@" >/dev/null 2>"$WORK/err" \
      || { echo "brink $* failed:" >&2; cat "$WORK/err" >&2; exit 1; }
  awk -v l="$label" -v c="$cds" '{print l "\t" c "\t" $1 "\t" $2 + $3}' "$WORK/t" >>"$WORK/samples"
}
for c in "${CASES[@]}"; do
  # shellcheck disable=SC2086
  "$BRINK" $c >/dev/null 2>&1 || true # records the command's archive
done
for i in $(seq 1 "$RUNS"); do
  for c in "${CASES[@]}"; do
    label=${c%% *}
    # shellcheck disable=SC2086
    timed "$label" 1 $c
    # shellcheck disable=SC2086
    timed "$label" 0 $c
  done
done
# classes each command loads (JVM only, no archive), and how many of them came from the jar rather than the JDK's
# own CDS archive: the work an archive or a lazier start-up saves
for c in "${CASES[@]}"; do
  # shellcheck disable=SC2086
  BRINK_CDS=0 BRINK_JAVA_OPTS="-Xlog:class+load:file=$WORK/classes.log" "$BRINK" $c >/dev/null 2>&1 || true
  printf '%s\t%s\t%s\n' "${c%% *}" "$(grep -c . "$WORK/classes.log")" "$(grep -vc 'shared objects file' "$WORK/classes.log")" >>"$WORK/classes"
done
echo "cold start, $RUNS runs each, $(nproc) CPUs, $(java -version 2>&1 | head -1), load average at the end $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$WORK/samples" "$WORK/classes" <<'PY'
import sys, statistics
classes = {l.split("\t")[0]: l.strip().split("\t")[1:] for l in open(sys.argv[2])}
rows = {}
for line in open(sys.argv[1]):
    label, cds, wall, cpu = line.split("\t")
    rows.setdefault((label, cds), []).append((float(wall), float(cpu)))
print("| command | launcher's CDS archive (and cached help text) | wall median s | wall min s | CPU median s | classes loaded (not from the JDK's archive) |")
print("|---|---|---|---|---|---|")
for (label, cds), v in rows.items():
    w = [x[0] for x in v]; c = [x[1] for x in v]
    print(f"| brink {label} | {'yes' if cds == '1' else 'no'} | {statistics.median(w):.2f} | {min(w):.2f} | {statistics.median(c):.2f} | {classes[label][0]} ({classes[label][1]}) |")
PY
echo "(work files in $WORK)"
