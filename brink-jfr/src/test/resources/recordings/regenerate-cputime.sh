#!/usr/bin/env bash
# Rewrites the cputime-* recordings of this directory: TariffCruncher (brink-jfr's test programs) for 4 s (quiet: 6 s), with
# cputime.jfc (CPU samples, jdk.CPULoad, jdk.CPUInformation and jdk.JVMInformation only, to keep the files small).
#   cputime-busy-jdk25       busy, jdk.CPUTimeSample only (throttle 10 ms of each thread's CPU; JDK 25, Linux)
#   cputime-both-jdk25       busy, jdk.CPUTimeSample and jdk.ExecutionSample (period 10 ms) in one recording
#   cputime-busy-jdk17       busy, jdk.ExecutionSample only (period 10 ms)
#   cputime-crowd-jdk25      busy in 48 threads for 3 s, jdk.CPUTimeSample at a 1 ms throttle: the sampler loses
#                            samples (jdk.CPUTimeSamplesLost)
#   cputime-quiet-jdk{17,25} quiet (2 ms of hashing every 100 ms), jdk.ExecutionSample at a 1 ms period: many samples
#                            of one method in a JVM that uses a few hundredths of a core
# Temurin 25.0.3 and OpenJDK 17.0.15 on Linux x86_64 wrote the committed ones. Run from brink-jfr after
# `../mvnw -o -q -pl brink-jfr test-compile`. Gzipped.
source "$(dirname "$0")/regenerate-common.sh"
record() {
  local name=$1 java=$2 mode=$3 seconds=$4; shift 4
  rm -f "$name.jfr"
  timeout 60 "$java" "-XX:StartFlightRecording:filename=$name.jfr,settings=$PWD/cputime.jfc$*" \
    -cp "$CP" dev.brink.jfr.programs.TariffCruncher "$mode" "$seconds" ${THREADS:-} >/dev/null
  gzip -9 -f "$name.jfr"
}
record cputime-busy-jdk25 "$J25" busy 4
record cputime-both-jdk25 "$J25" busy 4 ",jdk.ExecutionSample#enabled=true"
record cputime-busy-jdk17 "$J17" busy 4 ",jdk.ExecutionSample#enabled=true"
THREADS=48 record cputime-crowd-jdk25 "$J25" busy 3 ",jdk.CPUTimeSample#throttle=1ms"
record cputime-quiet-jdk25 "$J25" quiet 6 ",jdk.CPUTimeSample#enabled=false,jdk.ExecutionSample#enabled=true,jdk.ExecutionSample#period=1ms"
record cputime-quiet-jdk17 "$J17" quiet 6 ",jdk.ExecutionSample#enabled=true,jdk.ExecutionSample#period=1ms"
ls -l cputime-*
