#!/usr/bin/env bash
# examples/orders-service (brink-junit in its tests, brink-maven-plugin in integration-test) built with the Maven versions
# users have, each round from a fresh local repository: Brink installed into it by this repository's wrapper, then the
# example's `clean verify` by the Maven version under test (fetched by a copy of the Maven wrapper pointed at it). One
# row per round: version, result, seconds. Exit 1 when any round failed. About 3-4 minutes a round on 2 cores.
#   bench/maven-versions.sh [ROUNDS] [VERSION…]        (default: 5 rounds of 3.8.8 and 3.9.11)
# SEED=~/.m2/repository copies third-party artifacts from there into each fresh repository first (no download), without
# any dev.brink one, as examples/build-example.sh does.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
rounds=${1:-5}
shift || true
versions=("$@")
[[ ${#versions[@]} -gt 0 ]] || versions=(3.8.8 3.9.11)
work=$(mktemp -d /tmp/brink-maven-versions.XXXXXX)
failed=0
echo "| Maven | round | result | seconds | log |"
echo "|---|---:|---|---:|---|"
for v in "${versions[@]}"; do
  wrapper="$work/maven-$v"
  mkdir -p "$wrapper/.mvn/wrapper"
  cp "$root/mvnw" "$wrapper/mvnw"
  sed "s|apache-maven/[0-9.]*/apache-maven-[0-9.]*-bin.zip|apache-maven/$v/apache-maven-$v-bin.zip|" \
      "$root/.mvn/wrapper/maven-wrapper.properties" >"$wrapper/.mvn/wrapper/maven-wrapper.properties"
  for r in $(seq 1 "$rounds"); do
    repo=$(mktemp -d "$work/repo-$v-$r.XXXXXX")
    if [[ -n "${SEED:-}" ]]; then cp -r "$SEED/." "$repo/"; rm -rf "$repo/dev/brink"; fi
    log="$work/$v-$r.log"
    start=$(date +%s)
    result=pass
    if ! "$root/mvnw" -B -q -Dmaven.repo.local="$repo" -f "$root/pom.xml" install -DskipTests >"$log" 2>&1; then
      result="FAIL (installing Brink)"
    elif ! "$wrapper/mvnw" -B -Dmaven.repo.local="$repo" -f "$root/examples/orders-service/pom.xml" clean verify >>"$log" 2>&1; then
      result="FAIL ($(grep -m1 -E '\[ERROR\]' "$log" | cut -c1-120))"
    fi
    grep -q "Apache Maven $v" "$log" || "$wrapper/mvnw" -v 2>/dev/null | grep -q "Apache Maven $v" || result="$result (not Maven $v?)"
    [[ $result == pass ]] || failed=1
    echo "| $v | $r | $result | $(( $(date +%s) - start )) | $log |"
    rm -rf "$repo"
  done
done
exit $failed
