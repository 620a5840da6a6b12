#!/usr/bin/env bash
# Captures the server-pool dumps: compiles servers/JettyDesk.java against jetty-server 12.1.14,
# servers/UndertowDesk.java against undertow-core 2.3.27.Final and servers/TomcatDesk.java against tomcat-embed-core
# 10.1.48 from the local Maven repository (fetch them once with `./mvnw dependency:get -Dartifact=G:A:V` for
# org.eclipse.jetty:jetty-server:12.1.14, io.undertow:undertow-core:2.3.27.Final and
# org.apache.tomcat.embed:tomcat-embed-core:10.1.48), runs each (SERVERS, default all three) in its stuck and healthy modes
# on JDK 17 and JDK 25 and takes three `jcmd PID Thread.print -l` dumps one second apart into one file per server,
# mode and JDK, gzipped. The programs exit by themselves after 20 s. Run from the repository root.
set -euo pipefail
JDK17=${JDK17:-/usr/lib/jvm/java-17-openjdk-amd64}
JDK25=${JDK25:-/usr/lib/jvm/temurin-25-jdk-amd64}
M2=${M2:-$HOME/.m2/repository}
OUT=brink-threads/src/test/resources/servers
J=$M2/org/eclipse/jetty
CP=$J/jetty-server/12.1.14/jetty-server-12.1.14.jar:$J/jetty-http/12.1.14/jetty-http-12.1.14.jar
CP=$CP:$J/jetty-io/12.1.14/jetty-io-12.1.14.jar:$J/jetty-util/12.1.14/jetty-util-12.1.14.jar
CP=$CP:$M2/org/slf4j/slf4j-api/2.0.17/slf4j-api-2.0.17.jar
CP=$CP:$M2/io/undertow/undertow-core/2.3.27.Final/undertow-core-2.3.27.Final.jar
CP=$CP:$M2/org/jboss/xnio/xnio-api/3.8.16.Final/xnio-api-3.8.16.Final.jar:$M2/org/jboss/xnio/xnio-nio/3.8.16.Final/xnio-nio-3.8.16.Final.jar
CP=$CP:$M2/org/jboss/threads/jboss-threads/3.7.0.Final/jboss-threads-3.7.0.Final.jar
CP=$CP:$M2/org/jboss/logging/jboss-logging/3.4.3.Final/jboss-logging-3.4.3.Final.jar
CP=$CP:$M2/org/wildfly/common/wildfly-common/1.6.0.Final/wildfly-common-1.6.0.Final.jar
CP=$CP:$M2/org/wildfly/client/wildfly-client-config/1.0.1.Final/wildfly-client-config-1.0.1.Final.jar
CP=$CP:$M2/org/apache/tomcat/embed/tomcat-embed-core/10.1.48/tomcat-embed-core-10.1.48.jar
CP=$CP:$M2/org/apache/tomcat/tomcat-annotations-api/10.1.48/tomcat-annotations-api-10.1.48.jar
for m in cpu annotation constraint function; do
  CP=$CP:$M2/io/smallrye/common/smallrye-common-$m/2.6.0/smallrye-common-$m-2.6.0.jar
done
CLASSES=$(mktemp -d)
"$JDK17/bin/javac" --release 17 -cp "$CP" -d "$CLASSES" "$OUT/JettyDesk.java" "$OUT/UndertowDesk.java" \
  "$OUT/TomcatDesk.java"

for server in ${SERVERS:-Jetty Undertow Tomcat}; do
  name=$(echo "$server" | tr 'A-Z' 'a-z')
  for jdk in 17 25; do
    home=JDK$jdk; home=${!home}
    for mode in stuck healthy; do
      log=/tmp/$name-desk-$mode-$jdk.log; : > "$log"
      "$home/bin/java" -Xmx64m -cp "$CLASSES:$CP" "dev.brink.threads.servers.${server}Desk" "$mode" 20 > "$log" 2>&1 &
      pid=$!
      for _ in $(seq 1 100); do grep -q READY "$log" && break; sleep 0.1; done
      : > "$OUT/$name-$mode-jdk$jdk.txt"
      for i in 1 2 3; do
        "$home/bin/jcmd" "$pid" Thread.print -l >> "$OUT/$name-$mode-jdk$jdk.txt"
        [ "$i" = 3 ] || sleep 1
      done
      kill "$pid"; wait "$pid" || true
      gzip -9 -n -f "$OUT/$name-$mode-jdk$jdk.txt"
    done
  done
done
rm -rf "$CLASSES"
