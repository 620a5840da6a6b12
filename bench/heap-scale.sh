#!/usr/bin/env bash
# Heap analysis at scale (issue 39, part 4): how `brink heap` grows from a 1 GiB dump to a 10 GiB one.
#
# One generator program writes every dump: DumpingApp (brink-heap's test child) in "leak" mode, scaled by UNITS.
# One unit is 2,200,000 leaked entries in a static ConcurrentHashMap (each six objects: the map node, its Long key,
# a PriceHistory record, its note String and that String's byte[], a 100–299-byte snapshot byte[]) and a
# 1,500,000-node LinkedList of Integers (two objects a node), beside 400 small holders: 16.2 M objects, 17.7 M
# references, 1.06 GiB of HPROF. Half the objects (byte[], Long, Integer) have no references. The default sizes,
# 1, 4 and 9.5 units, are 1.06, 4.23 and 10.0 GiB. At the 4-unit size the same process writes a second, earlier
# dump when 90 % of the entries are in the map, for `brink heap diff EARLIER LATER`.
#
# Each dump is analysed once through the launcher (./brink, with the JVM flags it picks for the dump's size) under
# /usr/bin/time -v; then `brink heap diff` on the 4-unit pair. Printed: one markdown row per run (dump size,
# objects and references from the report, wall, user + sys CPU, max RSS, bytes of RSS per object, load average
# before → after, commit) and the first leak suspect of every dump, which must name the same field at every size.
# Bounds from the issue: at 10 GiB under 3 minutes and under 3 GiB RSS.
#
# The generator needs about 1.4 GiB of heap per unit (13 GiB for 9.5 units) for a minute or two: run it alone.
# Dumps that already exist in the directory are reused (delete them to rewrite); the directory needs about 24 GB
# for the defaults.
# Usage: bench/heap-scale.sh [UNITS...]   (default: 1 4 9.5)
#   env: BRINK_SCALE_DIR (default /tmp/brink-heap-scale), BRINK_SCALE_PAIR (the size with the diff pair, default 4)
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DIR=${BRINK_SCALE_DIR:-/tmp/brink-heap-scale}
PAIR=${BRINK_SCALE_PAIR:-4}
SIZES=("$@")
(( ${#SIZES[@]} )) || SIZES=(1 4 9.5)
mkdir -p "$DIR"

# brink-sample too: the launcher rebuilds everything when one of its two jars is missing
(cd "$ROOT" && nice -n 10 ./mvnw -B -q -o -pl brink-heap,brink-cli,brink-sample -am package -DskipTests)
COMMIT=$(cd "$ROOT" && git rev-parse --short HEAD)$( [[ -n "$(cd "$ROOT" && git status --porcelain -- '*/src/main/*')" ]] && echo "+changes" || true)
echo "machine: $(nproc) cores, $(awk '/MemTotal/ {print int($2/1048576)}' /proc/meminfo) GiB RAM, $(java -version 2>&1 | head -1), commit $COMMIT" >&2

dump_of() { echo "$DIR/heap-$1.hprof"; }
earlier_of() { echo "$DIR/heap-$1-earlier.hprof"; }

generate() {
  local units=$1 dump entries nodes xmx extra=()
  dump=$(dump_of "$units")
  entries=$(awk -v u="$units" 'BEGIN {printf "%d", u * 2200000}')
  nodes=$(awk -v u="$units" 'BEGIN {printf "%d", u * 1500000}')
  if [[ "$units" == "$PAIR" ]]; then
    [[ -f "$dump" && -f "$(earlier_of "$units")" && ! "$(earlier_of "$units")" -nt "$dump" ]] && return 0
    extra=("$(earlier_of "$units")" $((entries * 9 / 10)))
  else
    [[ -f "$dump" ]] && return 0
  fi
  xmx=$(awk -v u="$units" 'BEGIN {x = int(u * 1.4 + 1.99); print (x < 2 ? 2 : x)}')
  local avail=$(( $(awk '/^MemAvailable:/ {print $2}' /proc/meminfo) / 1048576 ))
  if (( xmx + 1 > avail )); then
    echo "not writing $dump: the generator needs ${xmx} GiB of heap, ${avail} GiB are available" >&2
    exit 1
  fi
  echo "writing $dump ($units units: $entries entries, $nodes list nodes, -Xmx${xmx}g)${extra:+ and the earlier dump ${extra[0]} at ${extra[1]} entries}…" >&2
  /usr/bin/time -f "generator: %e s wall, %M KiB max RSS" java -Xmx"${xmx}"g -XX:+UseParallelGC \
    -cp "$ROOT/brink-heap/target/test-classes" dev.brink.heap.child.DumpingApp leak "$dump" "$entries" "$nodes" "${extra[@]}" >&2
}

ROWS=()
SUSPECTS=()
# 16232756 → 16,232,756
thousands() { sed -E ':a;s/([0-9])([0-9]{3})($|,)/\1,\2\3/;ta' <<<"$1"; }
# measure LABEL REPORT_FILE brink-args...
measure() {
  local label=$1 out=$2 before after status=ok
  shift 2
  before=$(cut -d' ' -f1 /proc/loadavg)
  /usr/bin/time -v "$ROOT/brink" "$@" >"$out" 2>"$out.time" || status="FAILED (exit $?, see $out.time)"
  after=$(cut -d' ' -f1 /proc/loadavg)
  local wall user sys rss objects refs bytes
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$out.time" | awk -F: '{s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s}')
  user=$(awk '/User time/ {print $NF}' "$out.time")
  sys=$(awk '/System time/ {print $NF}' "$out.time")
  rss=$(awk '/Maximum resident set size/ {print $NF}' "$out.time")
  # "Heap: 16,232,756 reachable objects, …, 17,746,913 references" (a diff's report has none: counts from its dumps)
  objects=$(grep -m1 -oE '^Heap: [0-9,]+ reachable objects' "$out" | grep -oE '[0-9,]+' | tr -d , || true)
  refs=$(grep -m1 -oE '[0-9,]+ references' "$out" | grep -oE '[0-9,]+' | tr -d , || true)
  bytes=$(stat -L -c %s "${@: -1}")
  ROWS+=("| $label | $(awk -v b="$bytes" 'BEGIN {printf "%.2f GiB", b / 2^30}') | ${objects:+$(thousands "$objects")} | ${refs:+$(thousands "$refs")} | $status | ${wall} s | $(awk -v u="$user" -v s="$sys" 'BEGIN {printf "%.1f", u + s}') s | $(awk -v r="$rss" 'BEGIN {printf "%.0f MiB", r / 1024}') | ${objects:+$(awk -v r="$rss" -v o="$objects" 'BEGIN {printf "%.1f", r * 1024 / o}')} | $before → $after | $COMMIT |")
}

for u in "${SIZES[@]}"; do
  generate "$u"
done
for u in "${SIZES[@]}"; do
  measure "\`brink heap\`, $u × the unit" "$DIR/heap-$u.report.txt" heap --top 10 "$(dump_of "$u")"
  SUSPECTS+=("$u × the unit: $(grep -m1 '^Leak suspect 1:' "$DIR/heap-$u.report.txt" || echo "no leak suspect")")
done
for u in "${SIZES[@]}"; do
  if [[ "$u" == "$PAIR" ]]; then
    measure "\`brink heap diff\` EARLIER LATER, $u × the unit" "$DIR/diff-$u.report.txt" heap diff --top 10 "$(earlier_of "$u")" "$(dump_of "$u")"
    SUSPECTS+=("diff at $u × the unit: $(grep -m1 -E '^  (CRITICAL|WARNING)' "$DIR/diff-$u.report.txt" || echo "no finding")")
  fi
done

echo
echo "| run | dump | reachable objects | references | result | wall | user + sys CPU | max RSS | RSS bytes / object | load (1 min, before → after) | commit |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
printf '%s\n' "${ROWS[@]}"
echo
printf '%s\n' "${SUSPECTS[@]}"
