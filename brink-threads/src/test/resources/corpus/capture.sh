#!/usr/bin/env bash
# Captures the thread-dump corpus: runs each corpus program on JDK 17 and JDK 25 and dumps it with the
# JDK's own tools. Run from the repository root after `./mvnw -q -pl brink-threads -am test-compile`.
# Writes brink-threads/src/test/resources/corpus/<case>/<jdk>/…; truth.json files are written by hand.
set -euo pipefail
JDK17=${JDK17:-/usr/lib/jvm/java-17-openjdk-amd64}
JDK25=${JDK25:-/usr/lib/jvm/temurin-25-jdk-amd64}
CP=brink-threads/target/test-classes
OUT=brink-threads/src/test/resources/corpus
PKG=dev.brink.threads.corpus

start() { # jdk program logfile [pipe-prefix] -> PID in $PID
  local jdk=$1 prog=$2 log=$3 prefix=${4:-}
  : > "$log"
  if [ -n "$prefix" ]; then
    # a service wrapper's stdout pipe: every line gets a time and a "jvm 1" column, kill -3 output included
    ( "$jdk/bin/java" -Xmx64m -cp "$CP" "$PKG.$prog" 2>&1 \
        | awk '{ print "INFO   | jvm 1    | " strftime("%Y/%m/%d %H:%M:%S") " | " $0; fflush() }' >> "$log" ) &
  else
    "$jdk/bin/java" -Xmx64m -cp "$CP" "$PKG.$prog" >> "$log" 2>&1 &
  fi
  for _ in $(seq 1 300); do grep -q READY "$log" && break; sleep 0.1; done
  PID=$(pgrep -f "$PKG.$prog" | head -1)
}

stop() { kill "$PID" 2>/dev/null || true; sleep 0.3; }

capture() { # case program
  local case=$1 prog=$2 d
  d=$OUT/$case/jdk17; mkdir -p "$d"
  if [ "$prog" != FeedFanout ]; then
    start "$JDK17" "$prog" /tmp/corpus-$case.log
    : > "$d/jstack-series.txt"
    for i in 1 2 3; do "$JDK17/bin/jstack" -l "$PID" >> "$d/jstack-series.txt"; sleep 1.5; done
    stop
  fi
  d=$OUT/$case/jdk25; mkdir -p "$d"
  start "$JDK25" "$prog" /tmp/corpus-$case.log
  : > "$d/jcmd-series.txt"
  for i in 1 2 3; do "$JDK25/bin/jcmd" "$PID" Thread.print -l >> "$d/jcmd-series.txt"; sleep 1.5; done
  mkdir -p "$OUT/$case/jdk25-dump-to-file"
  for i in 1 2; do
    "$JDK25/bin/jcmd" "$PID" Thread.dump_to_file -overwrite "$PWD/$OUT/$case/jdk25-dump-to-file/dump-$i.txt" > /dev/null
    "$JDK25/bin/jcmd" "$PID" Thread.dump_to_file -overwrite -format=json "$PWD/$OUT/$case/jdk25-dump-to-file/dump-$i.json" > /dev/null
    sleep 1.5
  done
  stop
}

capture monitor-contention QuoteBoard
capture lock-contention LedgerJournal
capture lock-monitor-deadlock StockAllocator
capture busy-regex LogMasker
capture busy-format InvoiceRenderer
capture busy-crypto TokenSigner
capture starved-pool PaymentGateway
capture healthy-idle MetricsReporter
capture virtual-threads FeedFanout

# kill -3 in a service wrapper's prefixed stdout log (JDK 17), and in a plain stdout log (JDK 25)
d=$OUT/busy-regex/jdk17-kill3-wrapper-log; mkdir -p "$d"
start "$JDK17" LogMasker "$d/wrapper.log" prefix
for i in 1 2; do kill -3 "$PID"; sleep 2; done
stop
d=$OUT/busy-format/jdk25-kill3-stdout; mkdir -p "$d"
start "$JDK25" InvoiceRenderer "$d/stdout.log"
for i in 1 2; do kill -3 "$PID"; sleep 2; done
stop
