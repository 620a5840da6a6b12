#!/usr/bin/env bash
# Where CI's time goes, from a clone after `./mvnw -B verify`: the slowest test classes (seconds, from surefire's
# reports), each module's test seconds, and the build's span (first module's maven-status to the last jar), so the
# part that is Maven's own work (compile, jars, shade, protoc) is the span minus the tests.
#   bench/ci-test-times.sh [CLONE] [N]     CLONE defaults to this repository, N (slowest classes shown) to 20
set -euo pipefail
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
n=${2:-20}
cd "$root"
shopt -s nullglob
suite_time() { grep -o '<testsuite [^>]*' "$1" | grep -o ' time="[0-9.]*"' | head -1 | grep -o '[0-9.]*'; }

echo "slowest test classes (s):"
for f in brink-*/target/surefire-reports/TEST-*.xml; do
  printf '%8.1f  %s  %s\n' "$(suite_time "$f")" "${f%%/*}" "$(basename "$f" .xml | sed 's/^TEST-dev\.brink\.//')"
done | sort -nr | head -n "$n"

echo
echo "tests per module (s):"
for m in brink-*/; do
  m=${m%/}
  s=0
  for f in "$m"/target/surefire-reports/TEST-*.xml; do s=$(echo "$s + $(suite_time "$f")" | bc); done
  printf '%8.1f  %s\n' "$s" "$m"
done | sort -nr
total=0
for f in brink-*/target/surefire-reports/TEST-*.xml; do total=$(echo "$total + $(suite_time "$f")" | bc); done
start=$(stat -c %Y brink-*/target/maven-status 2>/dev/null | sort -n | head -1)
end=$(stat -c %Y brink-*/target/*.jar 2>/dev/null | sort -n | tail -1)
echo
printf 'tests %.0f s; build span %s s (from the first module'"'"'s maven-status to the last jar; the mvnw start and dependency\n' "$total" "$((end - start))"
echo "resolution before it are not in the span)"
