#!/usr/bin/env bash
# Rewrites spring-catalog-jdk17.jfr.gz and spring-catalog-jdk25.jfr.gz: a Spring Boot (WebFlux) catalog service of
# brink-sample's test sources (org.acme.catalog: a search that loops over a list, behind Spring's reflective handler
# invocation) under 300 requests a second for 6 s from `brink http`, recorded with spring.jfc (samples, the JVM's
# identity, GC; small files) from after the service started (jcmd JFR.start, as Brink attaches to a running service). OpenJDK 17.0.15 and Temurin 25.0.3 on Linux x86_64 wrote the committed ones.
# Needs: ./mvnw -o -q -DskipTests package (brink-cli/target/brink.jar, brink-sample/target/brink-sample.jar) and
# ./mvnw -o -q -pl brink-sample test-compile. SpringRecordingTest reads them.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../../../.." && pwd)
J17=${JDK17:-/usr/lib/jvm/java-17-openjdk-amd64}/bin/java
J25=${JDK25:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
(cd "$WORK" && unzip -q "$ROOT/brink-sample/target/brink-sample.jar" 'BOOT-INF/lib/*')
CP="$ROOT/brink-sample/target/test-classes:$(ls "$WORK"/BOOT-INF/lib/*.jar | tr '\n' ':')"
record() {
  local name=$1 java=$2
  "$java" -Xmx256m -cp "$CP" org.acme.catalog.CatalogApplication --server.port=0 --server.address=127.0.0.1 \
    > "$WORK/$name.out" 2>&1 &
  local pid=$!
  local port=""
  for _ in $(seq 1 120); do
    port=$(sed -n 's/^catalog ready on \([0-9]*\)$/\1/p' "$WORK/$name.out")
    [[ -n "$port" ]] && break
    sleep 0.5
  done
  [[ -n "$port" ]] || { cat "$WORK/$name.out"; kill "$pid"; exit 1; }
  local jcmd=${java%/java}/jcmd
  "$jcmd" "$pid" JFR.start name=catalog "settings=$HERE/spring.jfc" > /dev/null
  java -jar "$ROOT/brink-cli/target/brink.jar" http "http://127.0.0.1:$port/search?q=lamp" --rate 300 --duration 6s > "$WORK/$name.load"
  "$jcmd" "$pid" JFR.stop name=catalog "filename=$HERE/$name.jfr" > /dev/null
  kill -TERM "$pid"
  wait "$pid" || true
  gzip -9 -f "$HERE/$name.jfr"
}
record spring-catalog-jdk17 "$J17"
record spring-catalog-jdk25 "$J25"
ls -l "$HERE"/spring-catalog-*.jfr.gz
