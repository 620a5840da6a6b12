#!/usr/bin/env bash
# Rewrites the GC logs of this directory from the scenario programs in src/test/java/dev/brink/gc/programs, with the
# JVMs named below (OpenJDK 17 and Temurin 25 on Linux x86_64 wrote the committed ones). Run from brink-gc after
# `../mvnw -o -q test-compile`. Logs are gzipped (brink-gc reads .gz as is); about two minutes on two cores.
set -euo pipefail
cd "$(dirname "$0")"
J17=${JDK17:-/usr/lib/jvm/java-17-openjdk-amd64}/bin/java
J25=${JDK25:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java
CP=../../../../../target/test-classes
P=dev.brink.gc.programs

# run NAME JAVA JVM-FLAGS... -- PROGRAM ARGS...: writes NAME.log.gz (the program's exit code is not checked: the
# metaspace leak ends in OutOfMemoryError on purpose)
run() {
  local name=$1 java=$2; shift 2
  local flags=()
  while [[ $1 != -- ]]; do flags+=("$1"); shift; done
  shift
  "$java" "${flags[@]}" "-Xlog:gc*${XLOG_EXTRA:-}:file=$name.log:uptime,tags" -cp "$CP" "$P.$1" "${@:2}" >/dev/null 2>&1 || true
  gzip -9 -f "$name.log"
}

for v in 17 25; do
  J=$([[ $v == 17 ]] && echo "$J17" || echo "$J25")
  # System.gc() after every statement, and the same job without the call
  run explicit-g1-jdk$v "$J" -Xmx64m -XX:+UseG1GC -- StatementExporter 5 explicit &
  run explicit-twin-g1-jdk$v "$J" -Xmx64m -XX:+UseG1GC -- StatementExporter 5 quiet &
  # plugins kept in a registry until OutOfMemoryError: Metaspace, and the host that keeps the last 40
  run metaspace-g1-jdk$v "$J" -Xmx64m -XX:+UseG1GC -XX:MaxMetaspaceSize=24m -- PluginHost 12 keep 150 &
  run metaspace-twin-g1-jdk$v "$J" -Xmx64m -XX:+UseG1GC -XX:MaxMetaspaceSize=24m -- PluginHost 12 bounded 150 &
  wait
  # the same leak with the metaspace unbounded (the default): no OutOfMemoryError, only threshold collections at a
  # mark raised each time; the twins drop their loaders (on Serial each threshold full GC unloads them: class churn)
  run metaspace-unbounded-g1-jdk$v "$J" -Xmx256m -XX:+UseG1GC -- PluginHost 16 keep 250 &
  run metaspace-unbounded-twin-g1-jdk$v "$J" -Xmx256m -XX:+UseG1GC -- PluginHost 16 bounded 250 &
  run metaspace-unbounded-serial-jdk$v "$J" -Xmx256m -XX:+UseSerialGC -- PluginHost 16 keep 250 &
  run metaspace-unbounded-twin-serial-jdk$v "$J" -Xmx256m -XX:+UseSerialGC -- PluginHost 16 bounded 250 &
  wait
  # a boot that loads 30000 classes (40 MB of metaspace, threshold collections at a rising mark), then serves: no leak
  run metaspace-boot-g1-jdk$v "$J" -Xmx256m -XX:+UseG1GC -- BootThenIdleProgram 30000 8 &
  run metaspace-boot-serial-jdk$v "$J" -Xmx256m -XX:+UseSerialGC -- BootThenIdleProgram 30000 8 &
  wait
  # a hidden class per render, dropped (class churn) on G1, whose remark unloads them after the threshold pause, and
  # the same renders from 50 cached templates; a low MetaspaceSize makes the threshold come every few seconds
  run churn-g1-jdk$v "$J" -Xmx128m -XX:+UseG1GC -XX:MetaspaceSize=4m -- ReportTemplates 40000 churn &
  run churn-twin-g1-jdk$v "$J" -Xmx128m -XX:+UseG1GC -XX:MetaspaceSize=4m -- ReportTemplates 40000 cached &
  wait
  # 600 KB tiles in 1 MB regions (humongous), and 200 KB tiles (not)
  run humongous-g1-jdk$v "$J" -Xmx64m -XX:+UseG1GC -- TileCache 3 600 &
  run humongous-twin-g1-jdk$v "$J" -Xmx64m -XX:+UseG1GC -- TileCache 3 200 &
  # -Xmn60m of 64m, allocating slowly enough that no full GC comes in 6 s; the same job with the default young size
  run tinyold-serial-jdk$v "$J" -Xmx64m -Xmn60m -XX:+UseSerialGC -- StatementExporter 6 quiet &
  run tinyold-twin-serial-jdk$v "$J" -Xmx64m -XX:+UseSerialGC -- StatementExporter 6 quiet &
  wait
done
run explicit-parallel-jdk17 "$J17" -Xmx64m -XX:+UseParallelGC -- StatementExporter 5 explicit &
run explicit-zgc-jdk25 "$J25" -Xmx64m -XX:+UseZGC -- StatementExporter 5 explicit &
run metaspace-serial-jdk25 "$J25" -Xmx64m -XX:+UseSerialGC -XX:MaxMetaspaceSize=24m -- PluginHost 12 keep 150 &
run metaspace-zgc-jdk25 "$J25" -Xmx64m -XX:+UseZGC -XX:MaxMetaspaceSize=24m -- PluginHost 12 keep 150 &
wait
# the same churn on ZGC 17, whose rows print the metaspace left after unloading in whole MB: "0M used" each cycle
run churn-zgc-jdk17 "$J17" -Xmx128m -XX:+UseZGC -XX:MetaspaceSize=4m -- ReportTemplates 40000 churn &
run churn-twin-zgc-jdk17 "$J17" -Xmx128m -XX:+UseZGC -XX:MetaspaceSize=4m -- ReportTemplates 40000 cached &
wait
run tinyold-parallel-jdk25 "$J25" -Xmx64m -Xmn60m -XX:+UseParallelGC -- StatementExporter 6 quiet &
run metaspace-twin-zgc-jdk25 "$J25" -Xmx64m -XX:+UseZGC -XX:MaxMetaspaceSize=24m -- PluginHost 12 bounded 150 &
wait
# a slow leak (1.5 MB/s beside 40 MB/s of garbage) and its warm-up-fill twin, on the concurrent collectors
run slowleak-zgc-jdk25 "$J25" -Xmx128m -XX:+UseZGC -- LedgerArchive 20 leak 1536 &
run slowleak-twin-zgc-jdk25 "$J25" -Xmx128m -XX:+UseZGC -- LedgerArchive 20 bounded 1536 &
wait
run slowleak-zgc-jdk17 "$J17" -Xmx128m -XX:+UseZGC -- LedgerArchive 20 leak 1536 &
run slowleak-twin-zgc-jdk17 "$J17" -Xmx128m -XX:+UseZGC -- LedgerArchive 20 bounded 1536 &
wait
run slowleak-shenandoah-jdk25 "$J25" -Xmx128m -XX:+UseShenandoahGC -- LedgerArchive 20 leak 1536 &
run slowleak-twin-shenandoah-jdk25 "$J25" -Xmx128m -XX:+UseShenandoahGC -- LedgerArchive 20 bounded 1536 &
wait
run slowleak-genshen-jdk25 "$J25" -Xmx128m -XX:+UseShenandoahGC -XX:ShenandoahGCMode=generational -- LedgerArchive 20 leak 1536 &
run slowleak-g1-jdk25 "$J25" -Xmx128m -XX:+UseG1GC -- LedgerArchive 20 leak 1536 &
wait
# a leak Shenandoah's "after" hides (each cycle evacuates only its reserve's worth), its steady twin, one core each
for v in 17 25; do
  J=$([[ $v == 17 ]] && echo "$J17" || echo "$J25")
  run reserve-leak-shenandoah-jdk$v "$J" -Xmx64m -XX:ActiveProcessorCount=1 -XX:+UseShenandoahGC -- ClearingHouse 24 leak 1536 8192 &
  run reserve-twin-shenandoah-jdk$v "$J" -Xmx64m -XX:ActiveProcessorCount=1 -XX:+UseShenandoahGC -- ClearingHouse 24 steady 1536 16384 30 &
done
wait
run reserve-leak-genshen-jdk25 "$J25" -Xmx64m -XX:ActiveProcessorCount=1 -XX:+UseShenandoahGC -XX:ShenandoahGCMode=generational -- ClearingHouse 24 leak 1536 8192
# report 004 with its full GCs (HealthyProgram: a 20 MB cache beside garbage, -Xmn56m of 64m), and its G1 form: a
# session store with the young list pinned at 48 MB of 64 (JDK 17 starts collections early, JDK 25 fails evacuations)
# beside the same store with G1 sizing the young list itself
run tinyold-critical-serial-jdk17 "$J17" -Xmx64m -Xmn56m -XX:+UseSerialGC -- HealthyProgram 6 &
run g1pinned-jdk17 "$J17" -Xmx64m -XX:+UseG1GC -Xmn48m -- SessionStoreProgram 8 &
run g1pinned-twin-jdk17 "$J17" -Xmx64m -XX:+UseG1GC -- SessionStoreProgram 8 &
wait
run g1pinned-jdk25 "$J25" -Xmx64m -XX:+UseG1GC -Xmn48m -- SessionStoreProgram 8 &
run g1pinned-twin-jdk25 "$J25" -Xmx64m -XX:+UseG1GC -- SessionStoreProgram 8 &
wait
# Deflater on heap arrays (JNI critical regions: GCLocker Initiated GC, JDK 17 only: JDK 25's collectors make the
# allocating threads wait instead) and the twin on direct ByteBuffers
run gclocker-g1-jdk17 "$J17" -Xmx64m -Xmn8m -XX:+UseG1GC -- ArchiveCompressor 4 heap &
run gclocker-twin-g1-jdk17 "$J17" -Xmx64m -Xmn8m -XX:+UseG1GC -- ArchiveCompressor 4 direct &
wait
run gclocker-serial-jdk17 "$J17" -Xmx64m -Xmn8m -XX:+UseSerialGC -- ArchiveCompressor 4 heap &
run gclocker-twin-serial-jdk17 "$J17" -Xmx64m -Xmn8m -XX:+UseSerialGC -- ArchiveCompressor 4 direct &
wait
# a routing table of 112 MB (88 % of the heap) beside 60 MB/s of lookups: no full GC, G1 marking back to back, ZGC's
# threads stalling; twins: the same lookups beside a 56 MB table, and the 112 MB table with 0.5 MB/s of lookups
for v in 17 25; do
  J=$([[ $v == 17 ]] && echo "$J17" || echo "$J25")
  run crowded-g1-jdk$v "$J" -Xmx128m -XX:+UseG1GC -- RoutingTable 20 112 60 &
  run crowded-idle-g1-jdk$v "$J" -Xmx128m -XX:+UseG1GC -- RoutingTable 20 112 0.5 &
  wait
  run crowded-twin-g1-jdk$v "$J" -Xmx128m -XX:+UseG1GC -- RoutingTable 20 56 60 &
  run crowded-idle-zgc-jdk$v "$J" -Xmx128m -XX:+UseZGC -- RoutingTable 20 112 0.5 &
  wait
  run crowded-twin-zgc-jdk$v "$J" -Xmx128m -XX:+UseZGC -- RoutingTable 20 56 60
done
run crowded-zgc-jdk17 "$J17" -Xmx128m -XX:+UseZGC -- RoutingTable 20 112 60
# generational ZGC's stalls and back-to-back cycles write 6 MB in 25 s with gc*: 12 s, without the relocation, MMU,
# load, nmethod, task, allocation-table and reference lines (the Live row, the phases and the stalls stay)
XLOG_EXTRA=",gc+reloc=off,gc+mmu=off,gc+load=off,gc+nmethod=off,gc+task=off,gc+alloc=off,gc+ref=off" \
  run crowded-zgc-jdk25 "$J25" -Xmx128m -XX:+UseZGC -- RoutingTable 12 112 60
# uploads assembled in one byte[] of 1.6-2.4 MB each, humongous in 1 MB regions: at info level (no object sizes), with
# G1's gc+humongous debug lines (each humongous object's size), and the twin in the 8 MB regions the sizes call for
# (on 256 MB: 32 regions; 16 of 8 MB leave G1 an eden of a region or two, a young pause every 80 ms);
# 18-20 MB uploads need 64 MB regions: JDK 17 allows 32 MB at most, JDK 18+ 512 MB
for v in 17 25; do
  J=$([[ $v == 17 ]] && echo "$J17" || echo "$J25")
  run uploads-g1-jdk$v "$J" -Xmx128m -XX:+UseG1GC -- UploadAssembler 6 1600 2400 &
  XLOG_EXTRA=",gc+humongous=debug" run uploads-sized-g1-jdk$v "$J" -Xmx128m -XX:+UseG1GC -- UploadAssembler 6 1600 2400 &
  wait
  XLOG_EXTRA=",gc+humongous=debug" run uploads-twin-g1-jdk$v "$J" -Xmx256m -XX:+UseG1GC -XX:G1HeapRegionSize=8m -- UploadAssembler 6 1600 2400 &
  XLOG_EXTRA=",gc+humongous=debug" run uploads-huge-g1-jdk$v "$J" -Xmx512m -XX:+UseG1GC -- UploadAssembler 3 18000 20000 &
  wait
done
# System.gc() every 300 ms beside a 120 MB book of small objects (each call a full GC marking and compacting it), and
# the same book revalued without the call; the cheap calls of StatementExporter on the concurrent collectors
for v in 17 25; do
  J=$([[ $v == 17 ]] && echo "$J17" || echo "$J25")
  run explicit-book-g1-jdk$v "$J" -Xms384m -Xmx384m -XX:+UseG1GC -- PositionBook 16 120 300 gc &
  run explicit-book-twin-g1-jdk$v "$J" -Xms384m -Xmx384m -XX:+UseG1GC -- PositionBook 16 120 300 quiet &
  wait
  run explicit-shenandoah-jdk$v "$J" -Xmx64m -XX:+UseShenandoahGC -- StatementExporter 5 explicit
done
run explicit-zgc-jdk17 "$J17" -Xmx64m -XX:+UseZGC -- StatementExporter 5 explicit
# a claims registry leaking 3 MB/s beside 60 MB/s of garbage in 300 MB of Parallel: two full GCs in 40 s, never full
run registry-parallel-jdk17 "$J17" -Xmx300m -XX:+UseParallelGC -- ClaimRegistry leak 40 &
run registry-twin-parallel-jdk17 "$J17" -Xmx300m -XX:+UseParallelGC -- ClaimRegistry healthy 40 &
wait
ls -l ./*.log.gz
