#!/usr/bin/env bash
# Rewrites the uploads-* recordings of this directory: UploadDesk (brink-jfr's test programs) for 5 s on G1 with 1 MB
# regions in a 128 MB heap, assembling 2.8-3.2 MB uploads (humongous) or, the healthy twin, 200 KB ones. uploads.jfc
# records the collections, the flags (G1HeapRegionSize) and jdk.ObjectAllocationOutsideTLAB (each object's
# allocationSize and stack); uploads-unsized.jfc the same without the allocations, as a recording with the default
# settings (default.jfc leaves jdk.ObjectAllocationOutsideTLAB off). OpenJDK 17.0.15 and Temurin 25.0.3 on Linux
# x86_64 wrote the committed ones. Run from brink-jfr after `../mvnw -o -q -pl brink-jfr test-compile`. Gzipped.
source "$(dirname "$0")/regenerate-common.sh"
record() {
  local name=$1 java=$2 jfc=$3; shift 3
  rm -f "$name.jfr"
  timeout 60 "$java" -Xmx128m -XX:+UseG1GC -XX:G1HeapRegionSize=1m \
    "-XX:StartFlightRecording:filename=$name.jfr,settings=$PWD/$jfc" \
    -cp "$CP" dev.brink.jfr.programs.UploadDesk 5 "$@" >/dev/null
  gzip -9 -f "$name.jfr"
}
for jdk in 17 25; do
  J=J$jdk
  record "uploads-g1-jdk$jdk" "${!J}" uploads.jfc 2800 3200
  record "uploads-unsized-g1-jdk$jdk" "${!J}" uploads-unsized.jfc 2800 3200
  record "uploads-twin-g1-jdk$jdk" "${!J}" uploads.jfc 200 200
done
ls -l uploads-*
