#!/usr/bin/env bash
# Bad-input campaign for Brink's parsers and command line.
#
#  1. The bounded fuzz tests of every parser, with long budgets (FUZZ_SECONDS per test, default 60): plans, CSV,
#     templates, HAR and JMeter imports (-Dfuzz.s), shared parsers (durations, sizes, URLs), `brink http`
#     arguments, nested JSON, top output, and the thread-dump mutation fuzzer. Fixed seed sequences first, then random seeds; a failure prints its seed.
#  2. Hostile files and arguments given to the real `brink` jar, one process each: huge (sparse) files, devices,
#     deep JSON, other encodings, binary data, header injection, secrets, out-of-range ports, overflowing
#     durations. Each must exit 2 with one line on stderr, within 10 s, never echo SECRET123, never print a trace.
#
# usage: bench/fuzz-campaign.sh [FUZZ_SECONDS]      (writes target/fuzz-campaign/ and prints a summary)
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SECONDS_PER_TEST=${1:-60}
OUT="$ROOT/target/fuzz-campaign"
rm -rf "$OUT" && mkdir -p "$OUT/files"
cd "$ROOT"

echo "== build"
./mvnw -B -q -pl brink-cli -am package -DskipTests >"$OUT/build.log" 2>&1 || { cat "$OUT/build.log"; exit 1; }
JAR="$ROOT/brink-cli/target/brink.jar"

echo "== fuzz tests, ${SECONDS_PER_TEST}s per test"
FIXED=$(( SECONDS_PER_TEST * 1000 * 2 / 3 )); RANDOM_MS=$(( SECONDS_PER_TEST * 1000 / 3 ))
fuzz_failed=0
for spec in "brink-core:UserInputFuzzTest" "brink-load:LoadInputFuzzTest" "brink-threads:InputShapeFuzzTest+ParserFuzzTest" \
            "brink-load:HarImportTest#fuzzed*+JmxImportTest#fuzzed*" "brink-cli:CommandLineFuzzTest"; do
  module=${spec%%:*}; tests=${spec#*:}
  start=$(date +%s)
  if ./mvnw -B -q -pl "$module" -am test -Dtest="${tests//+/,}" -Dsurefire.failIfNoSpecifiedTests=false \
        -Dbrink.fuzz.fixedMs=$FIXED -Dbrink.fuzz.randomMs=$RANDOM_MS -Dfuzz.s="$SECONDS_PER_TEST" >"$OUT/$module.log" 2>&1; then
    echo "   $module $tests: pass ($(( $(date +%s) - start )) s)"
  else
    echo "   $module $tests: FAIL (log: $OUT/$module.log)"; grep -a "failed on seed\|seed [0-9-]* " "$OUT/$module.log" | head -3
    fuzz_failed=$((fuzz_failed + 1))
  fi
done

echo "== hostile inputs to the brink jar"
F="$OUT/files"
truncate -s 3G "$F/huge.txt"; cp --sparse=always "$F/huge.txt" "$F/huge.yaml"
python3 -c "import sys; sys.stdout.write('{\"a\":' * 50000)" >"$F/deep.json"
python3 -c "import sys; sys.stdout.write('[' * 200000)" >"$F/deep-array.json"
python3 -c "import sys; sys.stdout.write('name: ' + 'x' * 4000000 + '\n')" >"$F/one-line.yaml"
plan() { # plan FILE PATH HEADER_VALUE STEP_DURATION BASE_URL
  printf 'name: p\ntarget: {base_url: "%s"}\nprofile:\n  - name: a\n    rps: 2\n    request: {path: "%s", headers: {X-Token: {value: "%s", secret: true}}}\nphases:\n  capacity: {step_duration: %s, max: 2}\n' \
    "$5" "$2" "$3" "$4" >"$1"
}
plan "$F/path-crlf.yaml" '/a\r\nX-Injected: 1' v 30s http://127.0.0.1:9
plan "$F/secret-lf.yaml" /a 'SECRET123\nX: 1' 30s http://127.0.0.1:9
plan "$F/overflow.yaml" /a v 99999999999999h http://127.0.0.1:9
plan "$F/port.yaml" /a v 30s http://127.0.0.1:99999
iconv -f UTF-8 -t UTF-16 "$F/overflow.yaml" >"$F/utf16.yaml"
printf 'name: caf\xe9\n' >"$F/latin1.yaml"
printf 'name: p\ntarget: {base_url: "http://127.0.0.1:9"}\ndata: {csv: bin.csv}\nprofile:\n  - name: a\n    rps: 1\n    request: {path: "/${csv.id}"}\n' >"$F/csv-bin.yaml"
head -c 4096 /bin/ls >"$F/bin.csv"
printf 'name: p\ntarget: {base_url: "http://127.0.0.1:9"}\ndata: {csv: wide.csv}\nprofile:\n  - name: a\n    rps: 1\n    request: {path: "/${csv.id}"}\n' >"$F/csv-wide.yaml"
python3 -c "import sys; sys.stdout.write(','.join('c%d' % i for i in range(5000000)) + '\n1\n')" >"$F/wide.csv"
printf 'Full thread dump\n' >"$F/dump.txt"

pass=0; fail=0
check() { # check NAME ARGS... : exit 2, one line, < 10 s, no trace, no secret
  local name=$1; shift
  local t0=$(date +%s%N)
  /usr/bin/time -f "%M" -o "$OUT/rss" timeout 30 java -jar "$JAR" "$@" >"$OUT/stdout" 2>"$OUT/stderr" </dev/null
  local code=$? ms=$(( ($(date +%s%N) - t0) / 1000000 ))
  local lines=$(grep -c '' "$OUT/stderr") rss=$(tail -1 "$OUT/rss")
  local ok=1
  [[ $code -eq 2 ]] || ok=0
  [[ $lines -eq 1 ]] || ok=0
  (( ms < 10000 )) || ok=0
  grep -qa 'SECRET123\|	at \|Exception' "$OUT/stderr" "$OUT/stdout" && ok=0
  if (( ok )); then pass=$((pass + 1)); r=ok; else fail=$((fail + 1)); r=FAIL; fi
  printf '   %-4s %-28s exit %d, %d line(s), %5d ms, %4d MB RSS: %s\n' "$r" "$name" "$code" "$lines" "$ms" $(( rss / 1024 )) \
    "$(head -c 160 "$OUT/stderr" | head -1)"
}
U=http://127.0.0.1:9/
check threads-3GiB          threads "$F/huge.txt"
check threads-dev-zero      threads /dev/zero
check threads-deep-object   threads "$F/deep.json"
check threads-deep-array    threads "$F/deep-array.json"
check threads-top-3GiB      threads "$F/dump.txt" --top "$F/huge.txt"
check heap-dev-zero         heap /dev/zero
check heap-directory        heap /tmp
check run-plan-3GiB         run "$F/huge.yaml"
check run-plan-4MB-line     run "$F/one-line.yaml"
check run-plan-utf16        run "$F/utf16.yaml"
check run-plan-latin1       run "$F/latin1.yaml"
check run-plan-path-crlf    run "$F/path-crlf.yaml"
check run-plan-secret-lf    run "$F/secret-lf.yaml"
check run-plan-overflow     run "$F/overflow.yaml"
check run-plan-port         run "$F/port.yaml"
check run-plan-csv-binary   run "$F/csv-bin.yaml"
check run-plan-csv-50MB-hdr run "$F/csv-wide.yaml"
check http-port-99999       http http://127.0.0.1:99999/ --rate 1 --duration 1s
check http-header-crlf      http $U --rate 1 --duration 1s -H $'Authorization: Bearer SECRET123\r\nX-Injected: 1'
check http-header-lf        http $U --rate 1 --duration 1s -H $'X-Key: SECRET123\nX-Injected: 1'
check http-header-no-name   http $U --rate 1 --duration 1s -H 'Bearer SECRET123'
check http-duration-huge    http $U --rate 1 --duration 99999999999999h
check http-rate-huge        http $U --rate 1e300 --duration 1s
check http-body-dev-zero    http $U --rate 1 --duration 1s --body @/dev/zero
check http-body-3GiB        http $U --rate 1 --duration 1s --body @"$F/huge.txt"
check http-body-binary      http $U --rate 1 --duration 1s --body @/bin/ls
check watch-port-99999      watch 127.0.0.1:99999
check capture-port-0        capture 127.0.0.1:0 threads
echo "== summary: fuzz test failures $fuzz_failed; hostile inputs $pass ok, $fail failed"
rm -f "$F/huge.txt" "$F/huge.yaml" "$F/wide.csv"
(( fuzz_failed == 0 && fail == 0 ))
