#!/usr/bin/env bash
# Spring PetClinic's real flow under `brink run` (examples/petclinic/plan.yaml): find owners by a last name from a
# CSV, open the first owner found (its id extracted from the answer: a redirect to /owners/{id} for one match,
# followed, or a list page for several), open the new-pet form, add a pet through it (POST, redirect followed to
# the owner page, whose flash message needs the session cookie). Then it checks, from the run directory and from
# PetClinic's own pages and access log:
#   - no extract-failed and no other error in summary.json;
#   - every owner id Brink sent is one PetClinic's search pages give for the CSV's names (ids came from answers);
#   - the pets are really there: the brink-* pets on those owners' pages = PetClinic's "302" answers to the form
#     posts, and Brink's add-pet ok count is not above it (warm-up and step ends send some Brink does not count);
#   - per-operation results in summary.json and report.html.
# and prints a table. PetClinic: git clone of github.com/spring-projects/spring-petclinic at a pinned commit (or a
# local checkout given as the argument), built with its own Maven wrapper (Maven Central), run on 127.0.0.1 with
# its in-memory H2 data.
#
# usage: bench/petclinic-flow.sh [PETCLINIC_CHECKOUT]      (work files: target/petclinic-flow/)
# needs: git, java 17+, curl, python3; the first PetClinic build downloads its dependencies.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
PIN=edf4db28affcc4741c79850a3d95bc3f177b5ff9   # spring-petclinic main, 2026-03-11 (Spring Boot 4.0.3)
WORK=${BRINK_PETCLINIC_WORK:-$ROOT/target/petclinic-flow}
JAR="$ROOT/brink-cli/target/brink.jar"
mkdir -p "$WORK"

SRC=${1:-}
if [[ -z "$SRC" ]]; then
  SRC="$WORK/spring-petclinic"
  if [[ ! -d "$SRC/.git" ]]; then
    echo "== clone spring-petclinic at $PIN"
    git clone -q https://github.com/spring-projects/spring-petclinic "$SRC"
  fi
  git -C "$SRC" checkout -q "$PIN"
fi
SRC=$(cd "$SRC" && pwd)

PC_JAR=$(ls "$SRC"/target/spring-petclinic-*.jar 2>/dev/null | grep -v -- '-plain\|original' | head -1 || true)
if [[ -z "$PC_JAR" ]]; then
  echo "== build PetClinic with its Maven wrapper (log: $WORK/petclinic-build.log)"
  (cd "$SRC" && ./mvnw -B -q package -DskipTests -Dcheckstyle.skip=true -Dspring-javaformat.skip=true) \
      >"$WORK/petclinic-build.log" 2>&1 || { tail -30 "$WORK/petclinic-build.log"; exit 1; }
  PC_JAR=$(ls "$SRC"/target/spring-petclinic-*.jar | grep -v -- '-plain\|original' | head -1)
fi
if [[ ! -f "$JAR" ]]; then
  echo "== build brink"
  (cd "$ROOT" && ./mvnw -B -q -pl brink-cli -am package -DskipTests) >"$WORK/brink-build.log" 2>&1 \
      || { tail -30 "$WORK/brink-build.log"; exit 1; }
fi

PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
URL="http://127.0.0.1:$PORT"
rm -rf "$WORK/access" "$WORK/run" && mkdir -p "$WORK/access"
echo "== start PetClinic on $URL (log: $WORK/petclinic.log)"
java -Xmx512m -jar "$PC_JAR" --server.address=127.0.0.1 --server.port="$PORT" \
    --server.tomcat.accesslog.enabled=true --server.tomcat.accesslog.directory="$WORK/access" \
    --server.tomcat.accesslog.buffered=false --server.tomcat.accesslog.pattern='%m %U%q %s' \
    >"$WORK/petclinic.log" 2>&1 &
PC_PID=$!
trap 'kill $PC_PID 2>/dev/null || true' EXIT
for _ in $(seq 1 600); do
  curl -sf -o /dev/null "$URL/owners/find" && break
  kill -0 $PC_PID 2>/dev/null || { tail -30 "$WORK/petclinic.log"; exit 1; }
  sleep 1
done
curl -sf -o /dev/null "$URL/owners/find" || { echo "PetClinic did not answer within 10 minutes" >&2; exit 1; }

# the plan as in the repository, pointed at this PetClinic and its JVM
cp "$ROOT/examples/petclinic/last-names.csv" "$WORK/"
sed -e "s|target: {base_url: \"http://127.0.0.1:8080\"}|target: {base_url: \"$URL\", jvm: {pid: $PC_PID}}|" \
    "$ROOT/examples/petclinic/plan.yaml" >"$WORK/plan.yaml"
grep -q "jvm: {pid: $PC_PID}" "$WORK/plan.yaml" || { echo "could not point the plan at $URL" >&2; exit 1; }

echo "== brink run (log: $WORK/brink-run.log)"
rc=0
java -jar "$JAR" run "$WORK/plan.yaml" --out "$WORK/run" --phases capacity >"$WORK/brink-run.log" 2>&1 || rc=$?
# exit 3 is a CI gate (fail_on); anything else but 0 is a failed run
[[ $rc == 0 || $rc == 3 ]] || { tail -30 "$WORK/brink-run.log"; echo "brink run exited $rc" >&2; exit 1; }

echo "== check against PetClinic's own pages and access log"
python3 - "$WORK" "$URL" <<'EOF'
import glob, json, re, sys, urllib.parse, urllib.request

work, url = sys.argv[1], sys.argv[2]
ops = ["find-owners", "open-owner", "new-pet-form", "add-pet"]

class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *a, **k):
        return None

def page(path):
    with urllib.request.urlopen(url + path) as r:  # follows redirects, as a browser does
        return r.read().decode("utf-8", "replace")

# the ids PetClinic's answers give for the CSV's last names: a redirect's /owners/{id}, or every id on a list page
names = [l.strip() for l in open(work + "/last-names.csv").read().splitlines()[1:] if l.strip()]
ids_from_answers = set()
for n in names:
    opener = urllib.request.build_opener(NoRedirect)
    try:
        body = opener.open(url + "/owners?lastName=" + urllib.parse.quote(n)).read().decode()
        ids_from_answers |= set(re.findall(r'href="/owners/([0-9]+)"', body))
    except urllib.error.HTTPError as e:
        ids_from_answers |= set(re.findall(r'/owners/([0-9]+)', e.headers.get("Location", "")))

# what reached PetClinic (Tomcat's access log: method, path?query, status)
lines = [l.split() for f in glob.glob(work + "/access/*") for l in open(f) if l.strip()]
posts = [l for l in lines if l[0] == "POST" and re.fullmatch(r"/owners/[0-9]+/pets/new", l[1])]
ids_used = {re.search(r"/owners/([0-9]+)", l[1]).group(1) for l in lines if re.match(r"/owners/[0-9]+", l[1])}
added_by_petclinic = sum(1 for l in posts if l[2] == "302")

# the pets really there: brink-* names on the owners' pages
pets = set()
for i in ids_from_answers | ids_used:
    pets |= set(re.findall(r"brink-[A-Za-z0-9]{12}", page("/owners/" + i)))

summary = json.load(open(work + "/run/summary.json"))
steps = summary["capacity"]["steps"]
errors = {}
by_op = {}
for s in steps:
    for o in s.get("operations", []):
        for k, v in o["errors"].items():
            errors[k] = errors.get(k, 0) + v
        a = by_op.setdefault(o["name"], {"ok": 0, "errors": 0, "p50": 0, "p99": 0, "rate": 0})
        a["ok"] += o["ok"]
        a["errors"] += sum(o["errors"].values())
        a["p50"], a["p99"], a["rate"] = o["p50_ms"], o["p99_ms"], o["achieved_rps"]  # the last step's
report = open(work + "/run/report.html").read()

print()
print("%-14s %8s %7s %9s %9s %9s" % ("operation", "ok", "errors", "req/s", "p50 ms", "p99 ms"))
for name in ops:
    a = by_op.get(name, {"ok": 0, "errors": 0, "p50": 0, "p99": 0, "rate": 0})
    print("%-14s %8d %7d %9.1f %9.1f %9.1f" % (name, a["ok"], a["errors"], a["rate"], a["p50"], a["p99"]))
print("(rate and percentiles: the last capacity step, %s x profile)" % steps[-1]["multiplier"] if steps else "")
print()
checks = [
    ("extract-failed in summary.json", errors.get("extract-failed", 0), errors.get("extract-failed", 0) == 0),
    ("errors of any kind", sum(errors.values()), sum(errors.values()) == 0),
    ("owner ids sent / from PetClinic's answers", "%d / %d" % (len(ids_used), len(ids_from_answers)),
     len(ids_used) > 0 and ids_used <= ids_from_answers),
    ("pets on owner pages = PetClinic's 302s to the form", "%d = %d" % (len(pets), added_by_petclinic),
     len(pets) == added_by_petclinic > 0),
    ("Brink's add-pet ok <= pets added", "%d <= %d" % (by_op.get("add-pet", {}).get("ok", 0), len(pets)),
     0 < by_op.get("add-pet", {}).get("ok", 0) <= len(pets)),
    ("operations in summary.json", ",".join(n for n in ops if n in by_op), all(n in by_op for n in ops)),
    ("operations in report.html", ",".join(n for n in ops if n in report), all(n in report for n in ops)),
]
print("%-50s %-22s %s" % ("check", "value", "held"))
for what, value, ok in checks:
    print("%-50s %-22s %s" % (what, value, "yes" if ok else "NO"))
sys.exit(0 if all(ok for _, _, ok in checks) else 1)
EOF
