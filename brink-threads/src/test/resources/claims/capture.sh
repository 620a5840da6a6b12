#!/usr/bin/env bash
# Captures the claims-desk dumps: runs child/ClaimsDesk in its trouble and healthy modes on JDK 17 and JDK 25 and
# takes three `jcmd PID Thread.print -l` dumps one second apart into one file per mode and JDK. The program exits by
# itself after 20 s. Run from the repository root after `./mvnw -q -pl brink-core,brink-threads test-compile`.
set -euo pipefail
JDK17=${JDK17:-/usr/lib/jvm/java-17-openjdk-amd64}
JDK25=${JDK25:-/usr/lib/jvm/temurin-25-jdk-amd64}
CP=${CP:-brink-threads/target/test-classes}
OUT=brink-threads/src/test/resources/claims
MAIN=dev.brink.threads.child.ClaimsDesk

for jdk in 17 25; do
  home=JDK$jdk; home=${!home}
  for mode in trouble healthy; do
    log=/tmp/claims-$mode-$jdk.log; : > "$log"
    "$home/bin/java" -Xmx64m -cp "$CP" "$MAIN" "$mode" 20 > "$log" 2>&1 &
    pid=$!
    for _ in $(seq 1 100); do grep -q READY "$log" && break; sleep 0.1; done
    : > "$OUT/$mode-jdk$jdk.txt"
    for i in 1 2 3; do
      "$home/bin/jcmd" "$pid" Thread.print -l >> "$OUT/$mode-jdk$jdk.txt"
      [ "$i" = 3 ] || sleep 1
    done
    kill "$pid"; wait "$pid" || true
  done
done
