#!/usr/bin/env bash
# Bad-input campaign for every reader and every option of Brink's command line (issue 34, part 6).
#
#  1. (optional, FUZZ_SECONDS > 0) The bounded fuzz tests of every parser with long budgets: plans, CSV, templates, HAR
#     and JMeter imports, shared parsers, `brink http` arguments, nested JSON, top output, the thread-dump mutator.
#  2. The reader matrix: every file Brink reads (thread dumps, top output, heap dumps, GC logs, JFR, plans, CSV data,
#     HAR, JMX, JMH results, request bodies, PEM, .proto, protoset, gRPC messages, TCP plans, token files, and each file
#     of a run directory as read by report, compare, history and merge) replaced by hostile inputs of every kind:
#     /dev/zero, /dev/urandom, /dev/null, a FIFO nobody writes, a directory, a missing file, an empty file, a 3 GiB
#     sparse file, random bytes, 1 MiB of NUL, a 20 MiB line, CR/LF/NUL mixes, UTF-16, Latin-1, deep JSON, and mutants
#     of a real file of the kind (truncated at six points, twelve seeded byte mutations, CRLF, a NUL inside, a 20 MiB
#     line appended). Real files come from real JVMs started here (GC log, JFR, heap dump, thread dump, top -H).
#  3. The option matrix: every option of every command (but demo, sample and --launch, which start services or
#     commands) given each of 16 hostile values (empty, signs, overflow, NaN, CR/LF, 100 000 characters, Unicode,
#     format strings, ${env.X}, devices, /proc paths, a far-future instant).
#  4. Faults: a full disk (a 2 MiB tmpfs) under every command that writes, `> /dev/full`, --out under /proc; after
#     each, the run files kept must still be read by `brink report`, and no summary.json is empty.
#
# Each case is one `java -jar brink.jar` process, run alone (sequentially: the campaign may share a loaded machine),
# under `timeout 60` and `/usr/bin/time -v`. The table counts exit codes, exit 1 (a bug), traces ("Exception" on
# stderr or "at dev.brink" in any output), hangs (killed at 60 s), OutOfMemoryError, errors of more than one line,
# and the peak RSS, with the worst cases named. Needs root for the tmpfs (skipped otherwise).
#
# usage: bench/fuzz-campaign.sh [FUZZ_SECONDS]   (default 0: the matrix only; writes target/fuzz-campaign/)
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SECONDS_PER_TEST=${1:-0}
OUT="$ROOT/target/fuzz-campaign"
TIMEOUT=${CASE_TIMEOUT:-60}
SECTIONS=" ${SECTIONS:-readers options faults} " # a subset for a rerun: SECTIONS=faults bench/fuzz-campaign.sh
rm -rf "$OUT" && mkdir -p "$OUT/seed" "$OUT/pool" "$OUT/case" "$OUT/cwd"
cd "$ROOT"

if [[ -z "${BRINK_JAR:-}" ]]; then
  echo "== build"
  ./mvnw -B -q -o -pl brink-cli -am package -DskipTests >"$OUT/build.log" 2>&1 || { cat "$OUT/build.log"; exit 1; }
  BRINK_JAR="$ROOT/brink-cli/target/brink.jar"
fi
JAR="$OUT/brink.jar"
cp "$BRINK_JAR" "$JAR" # a rebuild during the campaign does not change what it tests

fuzz_failed=0
if (( SECONDS_PER_TEST > 0 )); then
  echo "== fuzz tests, ${SECONDS_PER_TEST}s per test"
  FIXED=$(( SECONDS_PER_TEST * 1000 * 2 / 3 )); RANDOM_MS=$(( SECONDS_PER_TEST * 1000 / 3 ))
  for spec in "brink-core:UserInputFuzzTest" "brink-load:LoadInputFuzzTest" "brink-threads:InputShapeFuzzTest+ParserFuzzTest" \
              "brink-load:HarImportTest#fuzzed*+JmxImportTest#fuzzed*" "brink-cli:CommandLineFuzzTest"; do
    module=${spec%%:*}; tests=${spec#*:}
    start=$(date +%s)
    if ./mvnw -B -q -o -pl "$module" -am test -Dtest="${tests//+/,}" -Dsurefire.failIfNoSpecifiedTests=false \
          -Dbrink.fuzz.fixedMs=$FIXED -Dbrink.fuzz.randomMs=$RANDOM_MS -Dfuzz.s="$SECONDS_PER_TEST" >"$OUT/$module.log" 2>&1; then
      echo "   $module $tests: pass ($(( $(date +%s) - start )) s)"
    else
      echo "   $module $tests: FAIL (log: $OUT/$module.log)"; fuzz_failed=$((fuzz_failed + 1))
    fi
  done
fi

S="$OUT/seed"; P="$OUT/pool"; C="$OUT/case"
PIDS=()
cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null; done
  mountpoint -q "$OUT/full" 2>/dev/null && umount "$OUT/full"
  rm -f "$P"/sparse3g "$S"/* 2>/dev/null
}
trap cleanup EXIT

echo "== real files from real JVMs"
cat >"$S/Seeds.java" <<'EOF'
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
public class Seeds {
    static final Object LOCK = new Object();
    static volatile List<byte[]> kept = new ArrayList<>();
    public static void main(String[] a) throws Exception {
        String dir = a[0];
        for (int t = 0; t < 4; t++) {
            Thread w = new Thread(() -> { while (true) { synchronized (LOCK) { kept.add(new byte[1024]); if (kept.size() > 4000) kept = new ArrayList<>(); } } }, "worker-" + t);
            w.setDaemon(true); w.start();
        }
        Thread.sleep(2500);
        String pid = Long.toString(ProcessHandle.current().pid());
        new ProcessBuilder("jcmd", pid, "Thread.print").redirectOutput(new java.io.File(dir, "dump.txt")).start().waitFor();
        new ProcessBuilder("top", "-H", "-b", "-n", "1", "-p", pid).redirectOutput(new java.io.File(dir, "top.txt")).start().waitFor();
        ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class).dumpHeap(dir + "/heap.hprof", true);
    }
}
EOF
java -Xmx48m -Xlog:gc*:file="$S/gc.log" -XX:StartFlightRecording=filename="$S/rec.jfr",settings=profile \
  "$S/Seeds.java" "$S" >"$OUT/seeds.log" 2>&1 || { echo "seeds failed"; cat "$OUT/seeds.log"; exit 1; }
cp brink-cli/src/test/resources/har/recorded.har "$S/recorded.har"
cp brink-load/src/test/resources/jmx/CSVSample.jmx "$S/plan.jmx"
cp brink-bench/src/test/resources/dev/brink/bench/public/jmh-1.37-thrpt-dbutils.json "$S/jmh.json"
cp brink-cli/src/test/resources/grpc/route_guide.proto "$S/route_guide.proto"
cp brink-load/src/test/resources/grpc/editions/protoc-25.8.protoset "$S/set.protoset"
TLS=brink-load/src/test/resources/dev/brink/load/testing/tls
cp $TLS/ca.pem $TLS/client.pem $TLS/client.key "$S/"
sed 's/127.0.0.1:PORT/127.0.0.1:9/' brink-load/src/test/resources/tcp/telematics.yaml >"$S/telematics.yaml"
printf '{"latitude": 409146138, "longitude": -746188906}\n' >"$S/msg.json"
printf '{"name": "brink", "items": [1, 2, 3]}\n' >"$S/body.txt"
printf 'id,name\n1,a\n2,b\n3,c\n' >"$S/data.csv"
head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$S/token"
plan_text() { # plan_text BASE_URL [DATA_FILE]
  printf 'name: p\ntarget: {base_url: "%s"}\nslo: {error_rate: 0.5, p99_ms: 1000}\n' "$1"
  [[ -n "${2:-}" ]] && printf 'data: {csv: "%s"}\n' "$2"
  printf 'profile:\n  - name: a\n    rps: 2\n    request: {path: "/%s"}\nphases:\n  capacity: {step_duration: 1s, max: 2}\n' \
    "$([[ -n "${2:-}" ]] && echo '${csv.id}')"
}
plan_text http://127.0.0.1:9 >"$S/plan.yaml"

# two run directories of a real run against a loopback HTTP server: the two shards of one load, so merge reads them
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
mkdir -p "$OUT/www" && echo ok >"$OUT/www/index.html"
python3 -m http.server "$PORT" --bind 127.0.0.1 --directory "$OUT/www" >/dev/null 2>&1 & PIDS+=($!)
sleep 1
for i in 0 1; do
  java -jar "$JAR" http "http://127.0.0.1:$PORT/" --rate 20 --duration 3s --shard $i/2 --out "$S/R$((i + 1))" >"$OUT/R$i.log" 2>&1 \
    || { echo "run $i failed"; cat "$OUT/R$i.log"; exit 1; }
done
for i in 1 2 3 4 5 6; do cp -r "$S/R$(( (i - 1) % 2 + 1 ))" "$S/H$i"; done # brink history needs 3 runs a side
HIST="$S/H1 $S/H2 $S/H3 $S/H4 $S/H5"
plan_text "http://127.0.0.1:$PORT" >"$S/live.yaml"
ls "$S/R1" >"$OUT/runfiles"
echo "   seeds: $(ls "$S" | tr '\n' ' ')"
echo "   run files: $(tr '\n' ' ' <"$OUT/runfiles")"

echo "== hostile files"
truncate -s 3G "$P/sparse3g"
head -c 65536 /dev/urandom >"$P/random64k"
head -c 1048576 /dev/zero >"$P/nul1m"
python3 -c "import sys; sys.stdout.write('a' * (20 << 20) + '\n')" >"$P/hugeline20m"
python3 -c "import sys; sys.stdout.write(('x: 1\r\ny\rz\0w\n' * 20000))" >"$P/crlfnul"
python3 -c "import sys; sys.stdout.write('{\"a\":' * 100000)" >"$P/deepjson"
printf 'caf\xe9 \xff\xfe\n' >"$P/latin1"
: >"$P/empty"
mkdir -p "$P/dir"
GENERIC=(dev-zero dev-urandom dev-null fifo directory missing empty sparse-3GiB random-64KiB nul-1MiB line-20MiB crlf-nul latin1 deep-json utf16)
MUTANTS=(trunc-1 trunc-10 trunc-50 trunc-90 trunc-99 trunc-minus1 flip-1 flip-2 flip-3 flip-4 flip-5 flip-6 flip-7 flip-8 flip-9 flip-10 flip-11 flip-12 crlf nul-inside line-appended)

# make_input KIND SEED DEST: DEST becomes the hostile input (a symlink to a device, a FIFO, a file, ...)
make_input() {
  local kind=$1 seed=$2 dest=$3
  rm -rf "$dest"
  case $kind in
    dev-zero) ln -s /dev/zero "$dest" ;;
    dev-urandom) ln -s /dev/urandom "$dest" ;;
    dev-null) ln -s /dev/null "$dest" ;;
    fifo) mkfifo "$dest" ;;
    directory) mkdir "$dest" ;;
    missing) ;;
    empty) : >"$dest" ;;
    sparse-3GiB) cp --sparse=always "$P/sparse3g" "$dest" ;;
    random-64KiB) cp "$P/random64k" "$dest" ;;
    nul-1MiB) cp "$P/nul1m" "$dest" ;;
    line-20MiB) cp "$P/hugeline20m" "$dest" ;;
    crlf-nul) cp "$P/crlfnul" "$dest" ;;
    latin1) cp "$P/latin1" "$dest" ;;
    deep-json) cp "$P/deepjson" "$dest" ;;
    utf16) iconv -f UTF-8 -t UTF-16 "$seed" >"$dest" 2>/dev/null || iconv -f LATIN1 -t UTF-16 "$seed" >"$dest" ;;
    trunc-minus1) head -c $(( $(stat -c %s "$seed") - 1 )) "$seed" >"$dest" ;;
    trunc-*) head -c $(( $(stat -c %s "$seed") * ${kind#trunc-} / 100 )) "$seed" >"$dest" ;;
    flip-*) python3 - "$seed" "$dest" "${kind#flip-}" <<'EOF'
import random, sys
data = bytearray(open(sys.argv[1], 'rb').read()); r = random.Random(int(sys.argv[3]))
for _ in range(r.choice([1, 4, 16, 64])):
    if data: data[r.randrange(len(data))] = r.randrange(256)
open(sys.argv[2], 'wb').write(data)
EOF
      ;;
    crlf) sed 's/$/\r/' "$seed" >"$dest" ;;
    nul-inside) python3 -c "import sys; d=open(sys.argv[1],'rb').read(); h=len(d)//2; open(sys.argv[2],'wb').write(d[:h]+b'\0\0\0'+d[h:])" "$seed" "$dest" ;;
    line-appended) cp "$seed" "$dest"; cat "$P/hugeline20m" >>"$dest" ;;
  esac
}

TSV="$OUT/cases.tsv"
printf 'group\tcase\texit\tms\trss_kb\ttrace\toom\tlines\tfirst_line\n' >"$TSV"
n=0
# run_case GROUP NAME ARGS...: one brink process, alone, bounded
run_case() {
  local group=$1 name=$2; shift 2
  local t0=$(date +%s%N)
  (cd "$OUT/cwd" && /usr/bin/time -v -o "$OUT/time" timeout -k 5 "$TIMEOUT" java -jar "$JAR" "$@" \
      >"$OUT/stdout" 2>"$OUT/stderr" </dev/null)
  local code=$? ms=$(( ($(date +%s%N) - t0) / 1000000 ))
  local rss=$(grep -o 'Maximum resident set size (kbytes): [0-9]*' "$OUT/time" | grep -o '[0-9]*$')
  local trace=0 oom=0
  grep -qa 'Exception' "$OUT/stderr" && trace=1
  grep -qa 'at dev\.brink' "$OUT/stderr" "$OUT/stdout" && trace=1
  grep -qa 'OutOfMemoryError' "$OUT/stderr" "$OUT/stdout" && oom=1
  local lines=$(grep -c '' "$OUT/stderr")
  local first=$(head -c 300 "$OUT/stderr" | head -1 | tr '\t\r' '  ')
  printf '%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%s\n' "$group" "$name" "$code" "$ms" "${rss:-0}" "$trace" "$oom" "$lines" "$first" >>"$TSV"
  n=$((n + 1))
  (( n % 100 == 0 )) && echo "   $n cases ($(date +%T), load $(cut -d' ' -f1-3 /proc/loadavg))"
  return 0
}

echo "== reader matrix"
# SLOT|SEED|ARGS, @F the hostile file, @O a fresh output directory
SLOTS=(
  "threads|dump.txt|threads @F"
  "threads-json|dump.txt|threads --json @F"
  "threads-top|top.txt|threads $S/dump.txt --top @F"
  "heap|heap.hprof|heap @F"
  "heap-diff|heap.hprof|heap diff $S/heap.hprof @F"
  "gc|gc.log|gc @F"
  "gc-series|gc.log|gc @F --out @O"
  "jfr|rec.jfr|jfr @F"
  "jfr-window|rec.jfr|jfr --json --from 1s --to 2s @F"
  "run-plan|plan.yaml|run @F --phases capacity --out @O"
  "check-plan|plan.yaml|check @F"
  "k8s-plan|plan.yaml|k8s @F --shards 2 --out @O"
  "check-csv|data.csv|check @P"
  "import-har|recorded.har|import har @F"
  "import-jmx|plan.jmx|import jmx @F"
  "bench-jmh|jmh.json|bench compare $S/jmh.json @F"
  "http-body|body.txt|http http://127.0.0.1:$PORT/ --rate 1 --duration 1s --body @@F"
  "http-cacert|ca.pem|http https://127.0.0.1:9/ --rate 1 --duration 1s --cacert @F"
  "http-cert|client.pem|http https://127.0.0.1:9/ --rate 1 --duration 1s --cert @F --key $S/client.key"
  "http-key|client.key|http https://127.0.0.1:9/ --rate 1 --duration 1s --cert $S/client.pem --key @F"
  "grpc-proto|route_guide.proto|grpc 127.0.0.1:$PORT --call routeguide.RouteGuide/GetFeature --proto @F --rate 1 --duration 1s"
  "grpc-protoset|set.protoset|grpc 127.0.0.1:$PORT --call routeguide.RouteGuide/GetFeature --protoset @F --rate 1 --duration 1s"
  "grpc-data|msg.json|grpc 127.0.0.1:$PORT --call routeguide.RouteGuide/GetFeature --proto $S/route_guide.proto -d @@F --rate 1 --duration 1s"
  "tcp-plan|telematics.yaml|tcp 127.0.0.1:9 --plan @F --rate 1 --duration 1s"
  "worker-token|token|worker --coordinator 127.0.0.1:9 --shard 0/2 --token-file @F --wait 1s --out @O"
)
while read -r f; do
  SLOTS+=("report-$f|R1/$f|report @D" "compare-$f|R1/$f|compare $S/R2 @D")
  [[ $f == summary.json || $f == load.jsonl ]] && SLOTS+=("history-$f|R1/$f|history $HIST @D --html @O/h.html" "merge-$f|R1/$f|merge --out @O $S/R2 @D")
done <"$OUT/runfiles"
[[ $SECTIONS == *" readers "* ]] || SLOTS=()
for slot in "${SLOTS[@]}"; do
  IFS='|' read -r name seed template <<<"$slot"
  for kind in "${GENERIC[@]}" "${MUTANTS[@]}"; do
    rm -rf "$C" && mkdir -p "$C"
    if [[ $seed == R1/* ]]; then
      # a copy of a real run directory with one file replaced
      cp -r "$S/R1" "$C/run"; target="$C/run/${seed#R1/}"; file="$C/run"
      make_input "$kind" "$S/$seed" "$target"
    else
      target="$C/input.${seed##*.}"; file=$target
      make_input "$kind" "$S/$seed" "$target"
    fi
    if [[ $name == check-csv ]]; then plan_text http://127.0.0.1:9 "$target" >"$C/plan.yaml"; fi
    args=()
    for w in $template; do
      w=${w//@@F/@$file}; w=${w//@F/$file}; w=${w//@D/$file}; w=${w//@O/$C/out}; w=${w//@P/$C/plan.yaml}
      args+=("$w")
    done
    run_case "reader:$name" "$kind" "${args[@]}"
  done
done

echo "== option matrix"
LONG=$(head -c 100000 /dev/zero | tr '\0' x)
VALUES=("" "-1" "0" "99999999999999999999" "1e309" "NaN" "abc" $'a\r\nb' "$LONG" "é☃𝄞" "%s%n%x" '${env.HOME}' "-"
        "/dev/zero" "/proc/x/y" "2999-01-01T00:00:00Z")
U="http://127.0.0.1:$PORT/"
GRPC="grpc 127.0.0.1:$PORT --call routeguide.RouteGuide/GetFeature --proto $S/route_guide.proto --rate 1 --duration 1s"
RUNP="run $S/plan.yaml --phases capacity"
CMP="compare $S/R1 $S/R2"
K8S="k8s $S/plan.yaml --shards 2 --out k8s-out"
OPTIONS=(
  "http @V --rate 2 --duration 1s" "http $U --rate @V --duration 1s" "http $U --users @V --duration 1s" "http $U --stages @V"
  "http $U --rate 2 --duration @V" "http $U --rate 2 --duration 1s --body @V" "http $U --rate 2 --duration 1s --method @V"
  "http $U --rate 2 --duration 1s -H @V" "http $U --rate 2 --duration 1s --timeout @V" "http $U --rate 2 --duration 1s --connections @V"
  "http $U --rate 2 --duration 1s --connection-policy @V" "http $U --rate 2 --duration 1s --fail-on @V"
  "http $U --rate 2 --duration 1s --metrics @V" "http $U --rate 2 --duration 1s --shard @V"
  "http $U --rate 2 --duration 1s --start-at @V" "http $U --rate 2 --duration 1s --http2 --streams @V"
  "http $U --rate 2 --duration 1s --out @V" "http $U --rate 2 --duration 1s --cacert @V" "http $U --rate 2 --duration 1s @V"
  "grpc @V --call a.B/C --rate 1 --duration 1s" "$GRPC --call @V" "$GRPC -d @V" "$GRPC -m @V" "$GRPC --secret-metadata @V"
  "$GRPC --authority @V" "$GRPC --deadline @V" "$GRPC --concurrency @V" "$GRPC --import-path @V" "$GRPC --proto @V"
  "$GRPC --protoset @V" "$GRPC --connections @V"
  "tcp @V --packet 7E --rate 1 --duration 1s" "tcp 127.0.0.1:9 --packet @V --rate 1 --duration 1s"
  "tcp 127.0.0.1:9 --packet 7E --framing @V --rate 1 --duration 1s" "tcp 127.0.0.1:9 --packet 7E --rate @V --duration 1s"
  "tcp 127.0.0.1:9 --plan @V --rate 1 --duration 1s"
  "watch @V --duration 1s" "watch 127.0.0.1:9 --duration @V" "watch 127.0.0.1:9 --duration 1s --interval @V"
  "capture @V threads" "capture 127.0.0.1:9 @V" "capture 127.0.0.1:9 threads --count @V"
  "capture 127.0.0.1:9 threads --interval @V" "capture 127.0.0.1:9 jfr --duration @V"
  "threads @V" "threads --pid @V" "threads --pid 999999 --interval @V" "threads --pid 999999 --count @V"
  "threads $S/dump.txt --top @V" "heap @V" "heap $S/heap.hprof --top @V" "heap diff $S/heap.hprof @V" "gc @V"
  "gc $S/gc.log --out @V" "jfr @V" "jfr $S/rec.jfr --from @V" "jfr $S/rec.jfr --to @V" "jfr $S/rec.jfr --from @V --to 1s"
  "jfr $S/rec.jfr --thread @V" "jfr $S/rec.jfr --app-package @V"
  "$CMP --alpha @V" "$CMP --threshold @V" "$CMP --fail-on @V" "$CMP --html @V" "$CMP --junit @V" "$CMP --markdown @V"
  "compare @V $S/R2" "history $HIST @V" "history $HIST $S/H6 --html @V" "report @V"
  "bench compare $S/jmh.json $S/jmh.json --alpha @V" "bench compare $S/jmh.json $S/jmh.json --threshold @V"
  "bench compare $S/jmh.json $S/jmh.json --fail-on @V" "bench compare $S/jmh.json @V"
  "k8s $S/plan.yaml --shards @V" "$K8S --cpu @V" "$K8S --memory @V" "$K8S --image @V" "$K8S --namespace @V"
  "$K8S --start-delay @V" "$K8S --storage @V" "$K8S --phases @V" "k8s $S/plan.yaml --shards 2 --out @V"
  "run @V" "$RUNP --phases @V" "$RUNP --repeat @V" "$RUNP --param @V" "$RUNP --connections @V" "$RUNP --shard @V"
  "$RUNP --start-at @V" "$RUNP --baseline @V" "$RUNP --out @V" "check @V"
  "worker --coordinator @V --shard 0/2 --wait 1s" "worker --coordinator 127.0.0.1:9 --shard @V --wait 1s"
  "worker --coordinator 127.0.0.1:9 --shard 0/2 --wait @V"
  "merge --out @V $S/R1 $S/R2" "merge --out merged @V $S/R2"
  "import har @V" "import har $S/recorded.har --out @V" "import har $S/recorded.har --host @V" "import jmx @V"
  "import jmx $S/plan.jmx --out @V" "import @V" "bench @V" "@V"
)
[[ $SECTIONS == *" options "* ]] || OPTIONS=()
for opt in "${OPTIONS[@]}"; do
  for i in "${!VALUES[@]}"; do
    v=${VALUES[$i]}
    rm -rf "$OUT/cwd" && mkdir -p "$OUT/cwd"
    args=()
    for w in $opt; do [[ $w == @V ]] && args+=("$v") || args+=("$w"); done
    run_case "option:${opt%% *} ${opt#* }" "value-$i" "${args[@]}"
  done
done

echo "== faults: a full disk, /dev/full, /proc"
FULL="$OUT/full"; mkdir -p "$FULL"
fill() { rm -rf "${FULL:?}"/*; head -c $(( $(df --output=avail -B1 "$FULL" | tail -1) - ${1:-0} )) /dev/zero >"$FULL/filler" 2>/dev/null; }
empty_summaries=0
if [[ $SECTIONS != *" faults "* ]]; then
  :
elif mount -t tmpfs -o size=2m tmpfs "$FULL" 2>/dev/null; then
  for left in 0 4096 65536; do
    fill $left
    run_case fault:disk-full "http-left-$left" http "http://127.0.0.1:$PORT/" --rate 50 --duration 2s --out "$FULL/http"
    run_case fault:disk-full "tcp-left-$left" tcp "127.0.0.1:$PORT" --packet 7E --rate 5 --duration 1s --out "$FULL/tcp"
    run_case fault:disk-full "run-left-$left" run "$S/live.yaml" --phases capacity --out "$FULL/run"
    run_case fault:disk-full "import-har-left-$left" import har "$S/recorded.har" --out "$FULL/plan.yaml"
    run_case fault:disk-full "import-jmx-left-$left" import jmx "$S/plan.jmx" --out "$FULL/jmx.yaml"
    run_case fault:disk-full "gc-left-$left" gc "$S/gc.log" --out "$FULL/gc"
    run_case fault:disk-full "k8s-left-$left" k8s "$S/plan.yaml" --shards 2 --out "$FULL/k8s"
    run_case fault:disk-full "compare-left-$left" compare "$S/R1" "$S/R2" --html "$FULL/c.html" --junit "$FULL/c.xml"
    run_case fault:disk-full "history-left-$left" history $HIST "$S/H6" --html "$FULL/h.html"
    run_case fault:disk-full "bench-left-$left" bench compare "$S/jmh.json" "$S/jmh.json" --html "$FULL/b.html"
    run_case fault:disk-full "heap-diff-left-$left" heap diff "$S/heap.hprof" "$S/heap.hprof" --html "$FULL/d.html"
    run_case fault:disk-full "merge-left-$left" merge --out "$FULL/merged" "$S/R1" "$S/R2"
    # what the full disk left must stay readable: report on each run directory written there, on a roomy disk
    for d in "$FULL"/http "$FULL"/run "$FULL"/tcp; do
      [[ -d $d ]] || continue
      find "$d" -name summary.json -size 0 | grep -q . && empty_summaries=$((empty_summaries + 1))
      rm -rf "$C/kept" && cp -r "$d" "$C/kept"
      run_case fault:kept-readable "report-$(basename "$d")-left-$left" report "$C/kept"
    done
  done
  rm -rf "${FULL:?}"/*; umount "$FULL"
else
  echo "   (no tmpfs: not root; the disk-full cases are skipped)"
fi
FULL_CMDS=("threads $S/dump.txt" "gc $S/gc.log" "jfr $S/rec.jfr" "heap $S/heap.hprof" "compare $S/R1 $S/R2"
           "bench compare $S/jmh.json $S/jmh.json" "import har $S/recorded.har" "check $S/plan.yaml" "history $HIST $S/H6 --json")
PROC_CMDS=("import har $S/recorded.har --out /proc/x/plan.yaml" "gc $S/gc.log --out /proc/x/gc" "http $U --rate 1 --duration 1s --out /proc/x/run"
           "k8s $S/plan.yaml --shards 2 --out /proc/x/k8s" "compare $S/R1 $S/R2 --html /proc/x/c.html" "merge --out /proc/x/m $S/R1 $S/R2")
[[ $SECTIONS == *" faults "* ]] || { FULL_CMDS=(); PROC_CMDS=(); }
for cmd in "${FULL_CMDS[@]}"; do
  # a report printed to a full disk (a redirect): exit 2, not a lost report and exit 0
  # shellcheck disable=SC2086
  (cd "$OUT/cwd" && timeout 60 java -jar "$JAR" $cmd >/dev/full 2>"$OUT/stderr"); code=$?
  printf 'fault:dev-full\t%s\t%d\t0\t0\t0\t0\t%d\t%s\n' "${cmd%% *}" "$code" "$(grep -c '' "$OUT/stderr")" \
    "$(head -1 "$OUT/stderr" | head -c 300)" >>"$TSV"
  n=$((n + 1))
done
for w in "${PROC_CMDS[@]}"; do
  # shellcheck disable=SC2086
  run_case fault:proc "${w%% *}" $w
done

echo "== table"
python3 - "$TSV" "$OUT/table.md" "$empty_summaries" <<'EOF'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter='\t'))
def group(r): return r['group'].split(':')[0]
def stats(rs):
    codes = {}
    for r in rs: codes[r['exit']] = codes.get(r['exit'], 0) + 1
    hang = sum(1 for r in rs if r['exit'] in ('124', '137'))
    bad2 = sum(1 for r in rs if r['exit'] == '2' and int(r['lines']) != 1)
    rss = max((int(r['rss_kb']) for r in rs), default=0)
    return [len(rs), codes.get('0', 0), codes.get('2', 0), codes.get('3', 0), codes.get('1', 0),
            sum(int(r['trace']) for r in rs), hang, sum(int(r['oom']) for r in rs), bad2, rss // 1024]
head = '| cases | n | exit 0 | exit 2 | exit 3 | exit 1 | traces | hangs (60 s) | OOM | exit 2 not one line | max RSS MB |'
lines = [head, '|' + '---|' * 11]
groups = {}
for r in rows: groups.setdefault(group(r), []).append(r)
for g, rs in groups.items(): lines.append('| ' + g + ' | ' + ' | '.join(map(str, stats(rs))) + ' |')
lines.append('| **all** | ' + ' | '.join('**%s**' % s for s in stats(rows)) + ' |')
lines.append('')
lines.append('Empty summary.json left by a full disk: %s.' % sys.argv[3])
worst = sorted(rows, key=lambda r: -int(r['rss_kb']))[:3]
lines.append('Largest RSS: ' + '; '.join('%s %s (%d MB)' % (r['group'], r['case'], int(r['rss_kb']) // 1024) for r in worst) + '.')
bad = [r for r in rows if r['exit'] in ('1', '124', '137') or r['trace'] == '1' or r['oom'] == '1']
lines.append('')
lines.append('Failing cases: %d' % len(bad))
for r in bad[:40]: lines.append('- %s %s: exit %s, %s ms: %s' % (r['group'], r['case'], r['exit'], r['ms'], r['first_line'][:200]))
slow = sorted(rows, key=lambda r: -int(r['ms']))[:3]
lines.append('Slowest: ' + '; '.join('%s %s (%.1f s)' % (r['group'], r['case'], int(r['ms']) / 1000) for r in slow) + '.')
open(sys.argv[2], 'w').write('\n'.join(lines) + '\n')
print('\n'.join(lines))
EOF
echo "cases: $n; table: $OUT/table.md; every case: $TSV"
bad=$(awk -F'\t' 'NR > 1 && ($3 == 1 || $3 == 124 || $3 == 137 || $6 == 1 || $7 == 1)' "$TSV" | wc -l)
(( fuzz_failed == 0 && bad == 0 && empty_summaries == 0 ))
