#!/usr/bin/env bash
# brink bench compare against benchstat (golang.org/x/perf/cmd/benchstat) on the same JMH samples.
#
#   bash bench/bench-vs-benchstat.sh [--rerun]
#
# Without --rerun it compares the JMH files kept as brink-bench's test data. With --rerun it first builds
# bench/reactive-jmh twice (sequential and zip pipeline) and runs both jars with brink bench run (ABBA, 6 forks,
# -prof gc), then an A/A run of the sequential jar against itself. Each pair is converted to Go's benchmark format
# twice: one line per fork (the samples brink bench tests) and one line per iteration (what a naive conversion
# gives benchstat). Results go to bench/results/benchstat/. Not part of the build; needs go and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=$ROOT/bench/results/benchstat
DATA=$ROOT/brink-bench/src/test/resources/dev/brink/bench/reactive
mkdir -p "$OUT"

export PATH="$PATH:$(go env GOPATH)/bin"
command -v benchstat >/dev/null || go install golang.org/x/perf/cmd/benchstat@latest

[ -f brink-cli/target/brink.jar ] || ./mvnw -B -q -pl brink-cli -am package -DskipTests
BRINK="java -jar $ROOT/brink-cli/target/brink.jar"

if [ "${1:-}" = "--rerun" ]; then
  ( cd bench/reactive-jmh
    ../../mvnw -B -q package -Dpipeline=sequential && cp target/reactive-sequential.jar "$OUT/"
    ../../mvnw -B -q package -Dpipeline=zip && cp target/reactive-zip.jar "$OUT/" )
  ARGS=(--forks 6 --warmup 2 --warmup-time 400ms --measure 4 --measure-time 400ms --jmh "-prof gc")
  $BRINK bench run "$OUT/reactive-sequential.jar" "$OUT/reactive-zip.jar" "${ARGS[@]}" --out "$OUT/abba-seq-zip" || true
  $BRINK bench run "$OUT/reactive-sequential.jar" "$OUT/reactive-sequential.jar" "${ARGS[@]}" --out "$OUT/abba-seq-seq" || true
  DATA=$OUT
fi

compare() { # name base.json new.json
  local name=$1 base=$2 new=$3
  echo "=== $name"
  echo "--- brink bench compare"
  $BRINK bench compare "$base" "$new" | tee "$OUT/$name.brink.txt"
  for level in forks iterations; do
    python3 bench/jmh2benchstat.py "$base" $level > "$OUT/$name.base.$level.txt"
    python3 bench/jmh2benchstat.py "$new" $level > "$OUT/$name.new.$level.txt"
    echo "--- benchstat, one sample per $level"
    (cd "$OUT" && benchstat "$name.base.$level.txt" "$name.new.$level.txt") | tee "$OUT/$name.benchstat.$level.txt"
  done
}

compare abba-seq-zip "$DATA/abba-seq-zip/base.json" "$DATA/abba-seq-zip/new.json"
compare abba-seq-seq "$DATA/abba-seq-seq/base.json" "$DATA/abba-seq-seq/new.json"
[ "${1:-}" = "--rerun" ] || compare sequential-run1-run2 "$DATA/sequential-run1.json" "$DATA/sequential-run2.json"
