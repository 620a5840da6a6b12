#!/usr/bin/env bash
# Timed run of brink-threads on a synthetic 10 000-thread jstack dump (not part of the default build).
# Usage: bench/threads/run.sh [threads] [runs]
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
./mvnw -B -q -pl brink-threads -am install -DskipTests
CP_FILE=$(mktemp)
./mvnw -B -q -pl brink-threads dependency:build-classpath -Dmdep.outputFile="$CP_FILE" -Dmdep.includeScope=runtime
CP="brink-threads/target/classes:$(cat "$CP_FILE")"
rm -f "$CP_FILE"
exec java -Xmx1g -cp "$CP" bench/threads/ThreadsBench.java "${1:-10000}" "${2:-20}"
