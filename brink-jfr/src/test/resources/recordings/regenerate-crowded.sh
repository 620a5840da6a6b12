#!/usr/bin/env bash
# Rewrites the crowded-* recordings and GC logs of this directory: RoutingTable (brink-gc's test program, the one that
# wrote brink-gc's crowded-* logs) holding a level routing table of 112 MB (88 % of a 128 MB heap) beside 60 MB/s of lookups (crowded), the
# same lookups beside a 56 MB table (twin), and the 112 MB table with 0.5 MB/s (idle), on G1 and ZGC. Each run records
# JFR with crowded.jfc (collections with G1's young or mixed type, heap summaries, allocation stalls, at the default settings' thresholds, to keep
# the files small) and writes a GC log at once, so a test can hold the recording's findings to the log's. With
# MEASURE=1 each run records with the JDK's default settings instead, into /tmp/crowded-measure (not committed).
# OpenJDK 17.0.15 and Temurin 25.0.3 on Linux x86_64 wrote the committed ones. Run after
# `./mvnw -o -q -pl brink-core,brink-gc test-compile` (from the repository's root). Gzipped.
set -euo pipefail
cd "$(dirname "$0")"
J17=${JDK17:-/usr/lib/jvm/java-17-openjdk-amd64}/bin/java
J25=${JDK25:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java
CP=${CP:-$PWD/../../../../../brink-gc/target/test-classes}
OUT=$PWD
SETTINGS="settings=$PWD/crowded.jfc"
if [[ ${MEASURE:-0} == 1 ]]; then OUT=/tmp/crowded-measure; SETTINGS="settings=default"; mkdir -p "$OUT"; fi
record() {
  local name=$1 java=$2 gc=$3; shift 3
  [[ -z $ONLY || $ONLY == "$name" ]] || return 0
  rm -f "$OUT/$name.jfr" "$OUT/$name.log" "$OUT/$name.jfr.gz" "$OUT/$name.log.gz"
  timeout 90 "$java" -Xmx128m "-XX:+$gc" "-Xlog:gc*${XLOG_EXTRA:-}:file=$OUT/$name.log:uptime,tags" \
    "-XX:StartFlightRecording:filename=$OUT/$name.jfr,$SETTINGS" \
    -cp "$CP" dev.brink.gc.programs.RoutingTable "$@" >/dev/null 2>&1
  gzip -9 -f "$OUT/$name.jfr" "$OUT/$name.log"
}
ONLY=${ONLY:-}  # ONLY=NAME rewrites that one run
for jdk in 17 25; do
  J=J$jdk
  record "crowded-g1-jdk$jdk" "${!J}" UseG1GC 20 112 60 &
  record "crowded-twin-g1-jdk$jdk" "${!J}" UseG1GC 20 56 60 &
  wait
  record "crowded-idle-g1-jdk$jdk" "${!J}" UseG1GC 20 112 0.5 &
  record "crowded-twin-zgc-jdk$jdk" "${!J}" UseZGC 20 56 60 &
  wait
  # generational ZGC logs each stalled thread's relocation and allocation rows: those tags off keep the file small
  XLOG_EXTRA=$([[ $jdk == 25 ]] && echo ",gc+reloc=off,gc+mmu=off,gc+load=off,gc+nmethod=off,gc+task=off,gc+alloc=off,gc+ref=off") \
    record "crowded-zgc-jdk$jdk" "${!J}" UseZGC 20 112 60 &
  record "crowded-idle-zgc-jdk$jdk" "${!J}" UseZGC 20 112 0.5 &
  wait
done
ls -l "$OUT"/crowded-*
