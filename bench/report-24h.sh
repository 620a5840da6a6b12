#!/usr/bin/env bash
# Benchmark: report.html, summary.md and junit.xml from a 24-hour run directory of 1-second samples (86 400 lines
# each of load.jsonl, jvm.jsonl, generator.jsonl sized like the real writers', a GC every 7 s: ~300 MB of JSON),
# made by the test-data generator dev.brink.report.LongRun. Times RunReport.write in fresh JVMs (what
# `brink report DIR` pays, JVM start excluded) and warm in one JVM; prints the size of report.html.
# usage: bench/report-24h.sh [SECONDS]   (default 86400)
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-86400}
./mvnw -o -B -q -pl brink-report -am install -DskipTests
./mvnw -o -B -q -pl brink-report test-compile
(cd brink-report && ../mvnw -o -B -q dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/bench-cp.txt)
cp="brink-report/target/test-classes:brink-report/target/classes:$(cat brink-report/target/bench-cp.txt)"
dir=${TMPDIR:-/tmp}/brink-report-bench-${secs}s
[ -f "$dir/load.jsonl" ] || java -cp "$cp" dev.brink.report.LongRun "$dir" "$secs"
du -sh "$dir"; ls -l "$dir"
for run in 1 2 3; do
  echo "cold JVM, run $run:"; java -cp "$cp" dev.brink.report.ReportBench "$dir" 1 | head -2; uptime
done
echo "one JVM, 10 renders:"; java -cp "$cp" dev.brink.report.ReportBench "$dir" 10; uptime
/usr/bin/time -f "whole JVM incl. start: wall %e s, max RSS %M KB" java -cp "$cp" dev.brink.report.ReportBench "$dir" 1 >/dev/null
