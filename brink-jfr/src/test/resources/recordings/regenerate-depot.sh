#!/usr/bin/env bash
# Rewrites the depot-* recordings and GC logs of this directory: SortingDepot (brink-jfr's test programs) keeping a
# stock of parcels and waves of parcels that survive a young collection or two, in a 96 MB heap (G1: evacuation
# failures; Serial and Parallel: promotion failures, full GCs) and, for G1, in a 768 MB heap (the healthy twin), each
# run recording JFR with depot.jfc (collections and their failure events only, to keep the files small) and writing a
# GC log at once, so a test can hold the recording's findings to the log's. OpenJDK 17.0.15 and Temurin 25.0.3 on
# Linux x86_64 wrote the committed ones. Run from brink-jfr after `../mvnw -o -q -pl brink-jfr test-compile`. Gzipped.
source "$(dirname "$0")/regenerate-common.sh"
record() {
  local name=$1 java=$2 gc=$3 heap=$4; shift 4
  rm -f "$name.jfr" "$name.log"
  timeout 60 "$java" "-Xmx$heap" "-XX:+$gc" "-Xlog:gc*:file=$name.log" \
    "-XX:StartFlightRecording:filename=$name.jfr,settings=$PWD/depot.jfc" \
    -cp "$CP" dev.brink.jfr.programs.SortingDepot 6 "$@" >/dev/null
  gzip -9 -f "$name.jfr" "$name.log"
}
for jdk in 17 25; do
  J=J$jdk
  record "depot-g1-jdk$jdk" "${!J}" UseG1GC 96m 40 8 2 40
  record "depot-g1-twin-jdk$jdk" "${!J}" UseG1GC 768m 40 8 2 40
  record "depot-serial-jdk$jdk" "${!J}" UseSerialGC 96m 16 8 3 40
  record "depot-parallel-jdk$jdk" "${!J}" UseParallelGC 96m 8 8 3 50
done
ls -l depot-*
