#!/usr/bin/env bash
# The method across shards against the single process, on the demo's plan and sample service: the capacity search of
# `brink run PLAN` and of `brink run PLAN --shards 3` (three local worker processes, the coordinator judging their
# merged results), run one after the other on the same plan, then a table: capacity (max multiplier, limited by,
# first bad), requests sent in the search, and the p99 of the last good and the first bad step. The verdicts must agree;
# the request counts and p99s should be close (the same schedule, split three ways).
#
# The demo's plan is the one `brink demo --quick` writes to its run directory (the sample service launched by the plan,
# leak and log-lock defects, 100 req/s profile, SLO p99 200 ms): the demo is started until plan.yaml appears, then
# stopped. Needs a built brink-cli/target/brink.jar and brink-sample/target/brink-sample.jar.
# Usage: bench/sharded-method.sh [ROUNDS]   (each round: single, then sharded; default 1)
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-1}
JAR=brink-cli/target/brink.jar
JAVA=${JAVA:-java}
[[ -f $JAR && -f brink-sample/target/brink-sample.jar ]] || { echo "build first: ./mvnw -B -q -pl brink-cli,brink-sample -am package -DskipTests" >&2; exit 2; }
WORK=$(mktemp -d /tmp/brink-sharded-method.XXXXXX)
brink() { "$JAVA" -jar "$JAR" "$@"; }

# the demo's own plan, exactly as `brink demo --quick` runs it
# (in a session of its own, so that stopping it also stops the sample it may have begun to launch)
setsid "$JAVA" -jar "$JAR" demo --quick --out "$WORK/demo" >"$WORK/demo.txt" 2>&1 &
DEMO=$!
for _ in $(seq 1 600); do [[ -s $WORK/demo/plan.yaml ]] && break; sleep 0.1; done
kill -KILL -- -"$DEMO" 2>/dev/null || true
wait $DEMO 2>/dev/null || true
[[ -s $WORK/demo/plan.yaml ]] || { echo "brink demo wrote no plan.yaml: $(tail -3 "$WORK/demo.txt")" >&2; exit 1; }
# the same plan on a port nobody holds (the demo's sample may still be going away)
OLD=$(sed -n 's|.*base_url: "http://127.0.0.1:\([0-9]*\)".*|\1|p' "$WORK/demo/plan.yaml")
NEW=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
sed "s/127.0.0.1:$OLD/127.0.0.1:$NEW/; s/--server.port=$OLD/--server.port=$NEW/" "$WORK/demo/plan.yaml" >"$WORK/plan.yaml"

for r in $(seq 1 "$ROUNDS"); do
  brink run "$WORK/plan.yaml" --phases capacity --connections 512 --out "$WORK/single-$r" >"$WORK/single-$r.txt" 2>&1 || true
  brink run "$WORK/plan.yaml" --phases capacity --connections 512 --shards 3 --out "$WORK/sharded-$r" >"$WORK/sharded-$r.txt" 2>&1 || true
done

python3 - "$WORK" "$ROUNDS" <<'PY'
import json, sys, os
work, rounds = sys.argv[1], int(sys.argv[2])
def row(d):
    s = json.load(open(os.path.join(d, "summary.json")))
    c = s["capacity"]
    sent = 0
    for line in open(os.path.join(d, "load.jsonl")):
        l = json.loads(line)
        if l["step"].startswith("capacity-x") and not l["step"].endswith(("-warmup", "-evidence")):
            sent += l["sent"]
    steps = {st["multiplier"]: st for st in c["steps"] if st["verdict"] in ("ok", "degraded")}
    good = steps.get(c["max_multiplier"], {}).get("p99_ms", float("nan"))
    bad = steps.get(c["first_bad_multiplier"], {}).get("p99_ms", float("nan"))
    return c["max_multiplier"], c["limited_by"], c["first_bad_multiplier"], sent, good, bad
print(f"load average: {open('/proc/loadavg').read().split()[0]}   plan: {work}/plan.yaml")
print(f"{'round':>5} {'mode':<16} {'capacity':>8} {'limited by':<14} {'first bad':>9} {'requests':>9} {'p99 good ms':>11} {'p99 bad ms':>10}")
agree = True
unjudged = False
for r in range(1, rounds + 1):
    res = []
    for mode, d in (("single process", f"single-{r}"), ("--shards 3", f"sharded-{r}")):
        p = os.path.join(work, d)
        if not os.path.exists(os.path.join(p, "summary.json")):
            print(f"{r:>5} {mode:<16} no summary.json: see {p}.txt"); agree = False; continue
        m, by, fb, sent, g, b = row(p); res.append((m, by, fb))
        print(f"{r:>5} {mode:<16} {m:>7}x {by:<14} {fb:>8}x {sent:>9} {g:>11.1f} {b:>10.1f}")
    if any(by in ("host-saturated", "generator") for _, by, _ in res):
        unjudged = True  # the machine or the generator was measured, not the service: no verdict to compare
    agree &= len(res) == 2 and res[0] == res[1]
print("same verdict: " + ("not judged (a run measured a saturated host or generator: rerun on a quiet machine)" if unjudged
                          else "yes" if agree else "NO"))
PY
