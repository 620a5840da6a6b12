#!/usr/bin/env bash
# Accuracy from the first second: `brink http --rate R` for S seconds beside vegeta at the same rate, interleaved,
# against nginx on CPU 1 (generators on CPU 0). Prints one table: corrected and uncorrected p99 (vegeta has only
# the corrected kind: it times from each request's intended send time), CPU-ms per 1000 requests (whole process,
# and Brink's steady state = the second half, from its generator.jsonl), and Brink's schedule lag p99 in each of
# the first five seconds (generator.jsonl) - what a JIT warm-up costs a short run - and the CPU per request in the
# first three (contention stretches lag, not CPU per request: this column shows the JIT's share on a loaded machine).
# Each brink run is launched as the `brink` script launches it (its JVM options, its CDS archive when present).
# Needs nginx, vegeta (go install github.com/tsenart/vegeta/v12@v12.12.0), taskset, /usr/bin/time, python3 and
# brink-cli/target/brink.jar. Usage: bench/open-model-lag.sh [rate] [seconds] [rounds]
# BRINK_JAR=... runs another brink.jar; BRINK_BASE_JAR=/path/to/older/brink.jar adds that jar's run to each round
# (before/after in the same run); BRINK_NO_WARMUP_ARM=1 adds the same jar with --no-warm-up to each round;
# BRINK_JVM_ARM="name=JVM options" adds the same jar with those JVM options (after the launcher's) to each round.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
RATE=${1:-5000}
SECS=${2:-20}
ROUNDS=${3:-2}
PORT=${BRINK_BENCH_PORT:-18091}
JAR=${BRINK_JAR:-"$ROOT/brink-cli/target/brink.jar"}
VEGETA=$(command -v vegeta || echo "${GOBIN:-$HOME/go/bin}/vegeta")
WORK=$(mktemp -d /tmp/brink-open-lag.XXXXXX)
[[ -f "$JAR" ]] || { echo "missing $JAR: run ./mvnw -B -q package -DskipTests" >&2; exit 2; }
if [[ ! -x "$VEGETA" ]] && command -v go >/dev/null; then
  echo "installing vegeta v12.12.0 with go install" >&2
  go install github.com/tsenart/vegeta/v12@v12.12.0 >&2
fi
[[ -x "$VEGETA" ]] || { echo "vegeta not found: go install github.com/tsenart/vegeta/v12@v12.12.0" >&2; exit 2; }

source "$HERE/nginx-loopback.sh"
start_nginx "$WORK" "$PORT"

# what the brink script adds for `brink http` (kept in step with ../brink's generator_opts, open_loop_opts and cds_opts):
# C1 alone up to 300 000 planned requests (BRINK_JVM_ARM="tiered=-XX:TieredStopAtLevel=4" runs the other choice beside)
GEN_OPTS="-Xms192m -Xmx192m -XX:+AlwaysPreTouch -XX:+UseSerialGC"
awk -v r="$RATE" -v s="$SECS" 'BEGIN { exit !(r * s <= 300000) }' && GEN_OPTS="$GEN_OPTS -XX:TieredStopAtLevel=1"

run_brink() { # name jar [extra brink options] [extra JVM options]
  local name=$1 jar=$2 cds="" extra=${3:-} jvm=${4:-}
  [[ -f "${jar%.jar}.jsa" ]] && cds="-XX:SharedArchiveFile=${jar%.jar}.jsa -Xshare:auto"
  /usr/bin/time -f "%U %S" -o "$WORK/$name.time" taskset -c 0 java $GEN_OPTS $jvm $cds -jar "$jar" http "$URL" \
      --rate "$RATE" --duration "${SECS}s" $extra --json --out "$WORK/$name" >"$WORK/$name.json" 2>"$WORK/$name.err"
  PYTHONPATH="$HERE${PYTHONPATH:+:$PYTHONPATH}" python3 - "$name" "$WORK/$name" "$WORK/$name.json" "$WORK/$name.time" "$WORK/$name.err" <<'PY' >>"$WORK/table"
import json, sys, re
import steady_half
name, run, res, tm, err = sys.argv[1:6]
r = json.load(open(res))["result"]
load, gen = steady_half.read_run(run)
u, s = map(float, open(tm).read().split()[-2:])
n = r["ok"] + sum(r["errors"].values())
half = steady_half.half(load, gen)
req, half_cpu = steady_half.totals(half)
steady = half_cpu / (req / 1000) if req else float("nan")
lags = " ".join(f"{g['lag_p99_ms']:.1f}" for g in gen[:5])
# CPU per request in the run's first 3 seconds: what JIT compiling on the run's own core costs, independent of how much
# of the core other processes took (a loaded machine stretches wall time and lag, not CPU-ms per request)
first = [(l, g) for l, g in zip(load, gen)][:3]
freq = sum(l["ok"] + sum(l["errors"].values()) for l, g in first)
fcpu = sum(g["process_cpu"] * l["interval_s"] * 1000 for l, g in first) / (freq / 1000) if freq else float("nan")
warm = next((l.strip() for l in open(err) if l.startswith("warm-up")), "none")
m = re.search(r"([0-9.]+) s", warm)
print(f"| {name} | {n} | {r['achieved_rps']} | {r['dropped']} | {r['corrected']['p99_ms']} | {r['uncorrected']['p99_ms']} | "
      f"{(u + s) * 1e6 / n:.1f} | {fcpu:.1f} | {steady:.1f} | {lags} | {m.group(1) + ' s' if m else 'none'} |")
PY
}

run_vegeta() { # name
  local name=$1
  echo "GET $URL" >"$WORK/targets"
  /usr/bin/time -f "%U %S" -o "$WORK/$name.time" taskset -c 0 "$VEGETA" attack -targets "$WORK/targets" \
      -rate "$RATE" -duration "${SECS}s" -max-workers 64 >"$WORK/$name.bin"
  "$VEGETA" report -type json <"$WORK/$name.bin" >"$WORK/$name.json"
  python3 - "$name" "$WORK/$name.json" "$WORK/$name.time" "$SECS" <<'PY' >>"$WORK/table"
import json, sys
name, res, tm, secs = sys.argv[1:5]
r = json.load(open(res))
u, s = map(float, open(tm).read().split()[-2:])
n = r["requests"]
print(f"| {name} | {n} | {r['rate']:.1f} | - | {r['latencies']['99th'] / 1e6:.2f} | (same) | {(u + s) * 1e6 / n:.1f} | - | - | - | - |")
PY
}

echo "| run | requests | achieved req/s | dropped | corrected p99 ms | uncorrected p99 ms | CPU-ms/1k whole process | CPU-ms/1k seconds 1-3 | CPU-ms/1k steady | lag p99 ms, seconds 1-5 | warm-up |" >"$WORK/table"
echo "|---|---|---|---|---|---|---|---|---|---|---|" >>"$WORK/table"
for i in $(seq 1 "$ROUNDS"); do
  echo "round $i: load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
  run_vegeta "vegeta#$i"
  [[ -n "${BRINK_BASE_JAR:-}" ]] && run_brink "brink-base#$i" "$BRINK_BASE_JAR"
  run_brink "brink#$i" "$JAR"
  [[ -n "${BRINK_NO_WARMUP_ARM:-}" ]] && run_brink "brink-no-warm-up#$i" "$JAR" --no-warm-up
  [[ -n "${BRINK_JVM_ARM:-}" ]] && run_brink "brink-${BRINK_JVM_ARM%%=*}#$i" "$JAR" "" "${BRINK_JVM_ARM#*=}"
done
echo "open model, $RATE req/s, ${SECS}s, nginx on CPU 1, generators on CPU 0; $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
cat "$WORK/table"
echo "(work files in $WORK)"
