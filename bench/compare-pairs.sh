#!/usr/bin/env bash
# Issue 38's "Done when" that need many real runs, for a quiet machine (not CI: about 25 minutes).
#
#  1. Five pairs of runs of one plan against the sample book service (each run launches its own JVM of it):
#     `brink compare` must find no significant change on any metric, and `--fail-on regression` exit 0 for each.
#  2. The sample with its crypto defect on (prices signed with RSA under one lock: add-book and reprice sign,
#     get-book does not) against off: the regression on add-book and reprice (and the whole load), none on
#     get-book; `--fail-on regression` exits 3 for this pair only.
#  3. examples/orders-service with a stored baseline (a run directory of a clean build): the clean build passes
#     against it, the build with -Dorders.slow=true (get-order 20 ms slower) fails naming get-order.
#
#   bench/compare-pairs.sh [OUT_DIR]          (default: a fresh temporary folder; everything is kept there)
#   PAIRS=5 STEP=30s SKIP_MAVEN=1 bench/compare-pairs.sh
#   PARTS=3 SEED=~/.m2/repository bench/compare-pairs.sh    (only part 3; PARTS="1 2" skips it, as SKIP_MAVEN=1 does)
# Prints a summary table of verdicts per pair; exits 1 when any expectation fails.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$(mktemp -d -t brink-compare-pairs.XXXXXX)}"
pairs="${PAIRS:-5}"
step="${STEP:-30s}"
parts=" ${PARTS:-1 2 3} "
[[ -n "${SKIP_MAVEN:-}" ]] && parts="${parts/ 3 / }"
mkdir -p "$out"
brink=("$root/brink")
sample_jar="$root/brink-sample/target/brink-sample.jar"
"${brink[@]}" --version >/dev/null # builds the jars when they are stale
java_bin="$(command -v java)"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# One run of the plan, the sample launched and watched by brink: capacity steps at 1 and 2 x profile (100 and
# 200 req/s), each held $step, both well below the sample's limit, so every step is compared.
run() { # run NAME [SPRING_ARGS...]
  local name="$1"; shift
  local port; port="$(free_port)"
  local launch="'$java_bin', '-Xmx256m', '-jar', '$sample_jar', '--server.port=$port'"
  for a in "$@"; do launch="$launch, '$a'"; done
  cat > "$out/$name.yaml" <<EOF
name: pairs
target:
  base_url: http://127.0.0.1:$port
  jvm: {launch: [$launch]}
profile:
  - name: get-book
    rps: 50
    request: {method: GET, path: "/books/\${random.int(1,1000)}"}
    check: {status: 200}
  - name: add-book
    rps: 20
    request: {method: POST, path: /books, headers: {Content-Type: application/json},
              body: '{"title":"\${random.string(12)}","price":\${random.decimal(1,100)}}'}
    check: {status: 201}
  - name: reprice
    rps: 30
    request: {method: PUT, path: "/books/\${random.int(1,1000)}/price", body: "\${random.decimal(1,100)}"}
slo: {error_rate: 0.01, p99_ms: 500}
phases:
  capacity: {start: 1, step: 1, max: 2, step_duration: $step, warmup: 5s, refine: false}
EOF
  "${brink[@]}" run "$out/$name.yaml" --out "$out/$name" > "$out/$name.log" 2>&1 || true
  [[ -f "$out/$name/summary.json" ]] || fail "$name: no summary.json (log: $out/$name.log)"
}

# Counts of verdicts in a comparison's JSON: "worse better no-change inconclusive regressions rows unjudged-steps".
# A step the method did not judge (host-saturated: other processes took the CPUs) is not compared: on a busy machine
# the last column says how many, and the pair proves nothing.
verdicts() {
  python3 - "$1" <<'EOF'
import json, sys
doc = json.load(open(sys.argv[1]))
ms = [m for c in doc["comparisons"] for m in c["metrics"]]
count = lambda v: sum(1 for m in ms if m["verdict"] == v)
unjudged = sum(1 for c in doc["comparisons"] for n in c["not_compared"] if "no measurement of the service" in n)
print(count("worse"), count("better"), count("no-significant-change"), count("inconclusive"),
      sum(1 for m in ms if m["regression"]), len(ms), unjudged)
EOF
}

if [[ "$parts" == *" 1 "* ]]; then
echo "== 1. $pairs pairs of the same plan (steps of $step), into $out"
printf "%-8s %6s %6s %9s %12s %11s %6s %9s %5s\n" pair worse better no-change inconclusive regressions rows unjudged exit
for i in $(seq 1 "$pairs"); do
  run "same-$i-a"
  run "same-$i-b"
  set +e
  "${brink[@]}" compare "$out/same-$i-a" "$out/same-$i-b" --fail-on regression --json > "$out/same-$i.json" 2> "$out/same-$i.err"
  code=$?
  set -e
  read -r w b n inc reg rows unj < <(verdicts "$out/same-$i.json")
  printf "%-8s %6s %6s %9s %12s %11s %6s %9s %5s\n" "same-$i" "$w" "$b" "$n" "$inc" "$reg" "$rows" "$unj" "$code"
  (( rows > 0 )) || fail "same-$i: nothing compared ($unj steps not judged: a busy machine?)"
  "${brink[@]}" compare "$out/same-$i-a" "$out/same-$i-b" --html "$out/same-$i.html" > "$out/same-$i.txt" || true
  (( w == 0 && b == 0 )) || fail "same-$i: a significant change between two runs of one plan ($out/same-$i.txt)"
  (( code == 0 )) || fail "same-$i: --fail-on regression exited $code"
done

fi

if [[ "$parts" == *" 2 "* ]]; then
echo "== 2. the crypto defect on against off"
run defect-off
run defect-on --crypto.synchronized.enabled=true
set +e
"${brink[@]}" compare "$out/defect-off" "$out/defect-on" --fail-on regression --json > "$out/defect.json" 2> "$out/defect.err"
code=$?
set -e
"${brink[@]}" compare "$out/defect-off" "$out/defect-on" --html "$out/defect.html" > "$out/defect.txt" || true
read -r w b n inc reg rows unj < <(verdicts "$out/defect.json")
printf "%-8s %6s %6s %9s %12s %11s %6s %9s %5s\n" defect "$w" "$b" "$n" "$inc" "$reg" "$rows" "$unj" "$code"
(( code == 3 )) || fail "defect: --fail-on regression exited $code, expected 3"
python3 - "$out/defect.json" <<'EOF' || failures=$((failures + 1))
import json, sys
ms = [m for c in json.load(open(sys.argv[1]))["comparisons"] for m in c["metrics"]]
worse = sorted({m["operation"] or "all" for m in ms if m["verdict"] == "worse"})
print("worse on:", ", ".join(worse) or "nothing")
bad = [m for m in ms if m["operation"] == "get-book" and m["verdict"] == "worse"]
for m in bad:
    print("FAIL: get-book %s %s worse (%.1f%%)" % (m["step"], m["metric"], (m["ratio"] - 1) * 100))
hit = [m for m in ms if m["operation"] in ("add-book", "reprice") and m["regression"]]
if not hit:
    print("FAIL: no regression on add-book or reprice")
sys.exit(1 if bad or not hit else 0)
EOF
fi

if [[ "$parts" == *" 3 "* ]]; then
  echo "== 3. examples/orders-service against a stored baseline"
  repo="$out/m2"
  mvn=("$root/mvnw" -B -Dmaven.repo.local="$repo")
  [[ -n "${SEED:-}" ]] && { mkdir -p "$repo"; cp -r "$SEED/." "$repo/"; rm -rf "$repo/dev/brink"; }
  "${mvn[@]}" -q -f "$root/pom.xml" install -DskipTests
  ex="$root/examples/orders-service"
  "${mvn[@]}" -f "$ex/pom.xml" clean verify > "$out/maven-baseline.log" 2>&1 || fail "the clean build failed ($out/maven-baseline.log)"
  baseline="$out/orders-baseline"
  rm -rf "$baseline"
  cp -r "$(ls -d "$ex"/target/brink/*-run/ | tail -1)" "$baseline"
  if "${mvn[@]}" -f "$ex/pom.xml" clean verify -Dbrink.baseline="$baseline" > "$out/maven-same.log" 2>&1; then
    echo "the clean build passes against its baseline"
  else
    fail "the clean build failed against its baseline ($out/maven-same.log)"
  fi
  if "${mvn[@]}" -f "$ex/pom.xml" clean verify -Dbrink.baseline="$baseline" -Dorders.slow=true > "$out/maven-slow.log" 2>&1; then
    fail "the slow build passed against the baseline ($out/maven-slow.log)"
  else
    grep -E "baseline .*regression" "$out/maven-slow.log" | head -5
    grep -q "get-order" "$out/maven-slow.log" || fail "the slow build failed without naming get-order ($out/maven-slow.log)"
  fi
fi

echo "results in $out"
if (( failures > 0 )); then
  echo "$failures expectation(s) failed"
  exit 1
fi
echo "OK"
