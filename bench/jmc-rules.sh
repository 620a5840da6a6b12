#!/usr/bin/env bash
# JMC's automated-analysis rules beside `brink jfr` on the same recording: which rules fire, and whether Brink
# says at least that. JMC's rule engine (org.openjdk.jmc:flightrecorder.rules.jdk, its text report
# JfrRulesReport) is fetched by Maven into the local repository for this script only; Brink does not depend on it.
#   bench/jmc-rules.sh FILE.jfr [JMC_VERSION]
set -euo pipefail
cd "$(dirname "$0")/.."
REC=${1:?a .jfr file}
JMC=${2:-9.1.0}
./mvnw -B -q dependency:get -Dartifact=org.openjdk.jmc:flightrecorder.rules.jdk:$JMC >/dev/null
M2=${MAVEN_REPO:-$HOME/.m2/repository}
CP=$(find "$M2/org/openjdk/jmc" "$M2/org/owasp/encoder" "$M2/org/lz4/lz4-java" -name '*.jar' \
  \( -path "*/$JMC/*" -o -path '*/encoder/*' -o -path '*/lz4-java/*' \) | tr '\n' ':')
echo "== JMC $JMC automated analysis (severity INFO and up)"
java -cp "$CP" org.openjdk.jmc.flightrecorder.rules.report.JfrRulesReport -format text -min INFO "$REC"
echo
echo "== brink jfr"
java -jar brink-cli/target/brink.jar jfr "$REC" | sed -n '1,/^Recording:/p'
