#!/usr/bin/env bash
# Rewrites the recordings of this directory: brink-gc's PluginHost scenario (plugins each in their own class loader,
# kept until OutOfMemoryError: Metaspace, and its twin that keeps the last 40) under JFR with metaspace.jfc (GC,
# metaspace and class-loader events only, to keep the files small), on the JVMs named below (OpenJDK 17.0.15 and
# Temurin 25.0.3 on Linux x86_64 wrote the committed ones). Run from brink-jfr after
# `../mvnw -o -q -pl brink-gc test-compile`. Gzipped; MetaspaceRecordingsTest unpacks them.
set -euo pipefail
cd "$(dirname "$0")"
J17=${JDK17:-/usr/lib/jvm/java-17-openjdk-amd64}/bin/java
J25=${JDK25:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java
CP=../../../../../brink-gc/target/test-classes
record() {
  local name=$1 java=$2 variant=$3
  "$java" -Xmx64m -XX:MaxMetaspaceSize=24m "-XX:StartFlightRecording:filename=$name.jfr,settings=$PWD/metaspace.jfc" \
    -cp "$CP" dev.brink.gc.programs.PluginHost 10 "$variant" 150 >/dev/null 2>&1 || true
  gzip -9 -f "$name.jfr"
}
record metaspace-jdk17 "$J17" keep &
record metaspace-twin-jdk17 "$J17" bounded &
wait
record metaspace-jdk25 "$J25" keep &
record metaspace-twin-jdk25 "$J25" bounded &
wait
ls -l ./*.jfr.gz
