#!/usr/bin/env bash
# issue 36's check on Spring PetClinic: `brink jfr` on a recording of PetClinic under load names the application's
# package (org.springframework.samples.petclinic, under Spring's own prefix: its main class says it is the
# application's) or the framework path (ORM, database access) in its hot-method findings, never "reflection" for a
# collection's iteration (what it read before: "42 % of CPU samples in reflection (java.util.ArrayList$Itr.next)").
# PetClinic: the checkout bench/petclinic-flow.sh makes (a git clone at a pinned commit, built with its own Maven
# wrapper) or the one given as the argument; run on 127.0.0.1 with its in-memory H2 data; the owners search (Hibernate
# queries) loaded with `brink http` for 20 s at 100 requests a second while JFR records (jcmd JFR.start, profile).
#
# usage: bench/petclinic-jfr.sh [PETCLINIC_CHECKOUT]      (work files: target/petclinic-jfr/)
# needs: git, java 17+, curl, python3; the first PetClinic build downloads its dependencies.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
PIN=edf4db28affcc4741c79850a3d95bc3f177b5ff9   # spring-petclinic main, 2026-03-11 (Spring Boot 4.0.3), as petclinic-flow.sh
WORK=${BRINK_PETCLINIC_WORK:-$ROOT/target/petclinic-jfr}
JAR="$ROOT/brink-cli/target/brink.jar"
mkdir -p "$WORK"

SRC=${1:-}
if [[ -z "$SRC" ]]; then
  SRC="$WORK/spring-petclinic"
  [[ -d "$SRC/.git" ]] || git clone -q https://github.com/spring-projects/spring-petclinic "$SRC"
  git -C "$SRC" checkout -q "$PIN"
fi
SRC=$(cd "$SRC" && pwd)
PC_JAR=$(ls "$SRC"/target/spring-petclinic-*.jar 2>/dev/null | grep -v -- '-plain\|original' | head -1 || true)
if [[ -z "$PC_JAR" ]]; then
  (cd "$SRC" && ./mvnw -B -q package -DskipTests -Dcheckstyle.skip=true -Dspring-javaformat.skip=true) \
      >"$WORK/petclinic-build.log" 2>&1 || { tail -30 "$WORK/petclinic-build.log"; exit 1; }
  PC_JAR=$(ls "$SRC"/target/spring-petclinic-*.jar | grep -v -- '-plain\|original' | head -1)
fi
[[ -f "$JAR" ]] || (cd "$ROOT" && ./mvnw -B -q -pl brink-cli -am package -DskipTests)

PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
URL="http://127.0.0.1:$PORT"
# started from its directory so the recording's user.dir resolves the jar (its manifest's Start-Class names the app)
(cd "$(dirname "$PC_JAR")" && exec java -Xmx512m -jar "$(basename "$PC_JAR")" --server.address=127.0.0.1 \
    --server.port="$PORT") >"$WORK/petclinic.log" 2>&1 &
PC_PID=$!
trap 'kill $PC_PID 2>/dev/null || true' EXIT
for _ in $(seq 1 600); do
  curl -sf -o /dev/null "$URL/owners/find" && break
  kill -0 $PC_PID 2>/dev/null || { tail -30 "$WORK/petclinic.log"; exit 1; }
  sleep 1
done
JCMD="$(dirname "$(readlink -f "$(command -v java)")")/jcmd"
REC="$WORK/petclinic.jfr"
rm -f "$REC"
"$JCMD" "$PC_PID" JFR.start name=brink settings=profile >/dev/null
java -jar "$JAR" http "$URL/owners?lastName=" --rate 100 --duration 20s >"$WORK/load.txt"
"$JCMD" "$PC_PID" JFR.stop name=brink filename="$REC" >/dev/null
java -jar "$JAR" jfr "$REC" >"$WORK/jfr.txt"
java -jar "$JAR" jfr --json "$REC" >"$WORK/jfr.json"
sed -n '1,/^Recording:/p' "$WORK/jfr.txt"
python3 - "$WORK/jfr.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
hot = [f for f in r["findings"] if f["kind"] == "hot-method"]
bad = [f for f in hot if f["detail"].get("category") == "reflection" and f["detail"].get("method", "").startswith("java.util.")]
named = [f for f in hot if f["detail"].get("app_frame", "").startswith("org.springframework.samples.petclinic")
         or f["detail"].get("category") in ("orm", "database")]
print("application packages:", r["app_packages"], "from", r["app_packages_source"] or "nothing")
print("hot-method findings:", len(hot), "naming PetClinic or ORM/database:", len(named), "reflection on java.util:", len(bad))
sys.exit(0 if named and not bad else 1)
PY
