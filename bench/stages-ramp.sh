#!/usr/bin/env bash
# A load shape on the open schedule: `brink http --stages 'ramp FROM->TO over SECSs'` against nginx on 127.0.0.1,
# then each whole second of load.jsonl compared with what the ramp says (the integral of the rate over that second,
# the line's own target_rps × interval_s) and with the ideal line (FROM + slope × the second's middle). Prints one
# row per second and the worst deviation; fails (exit 1) when a second sent more than 1 % off what it was due, and
# names the seconds the generator itself flagged as behind (a busy machine). Needs nginx, python3 and
# brink-cli/target/brink.jar. Usage: bench/stages-ramp.sh [from] [to] [seconds]   (default 100 1000 20)
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
FROM=${1:-100}
TO=${2:-1000}
SECS=${3:-20}
PORT=${BRINK_BENCH_PORT:-18095}
JAR=${BRINK_JAR:-"$ROOT/brink-cli/target/brink.jar"}
WORK=$(mktemp -d /tmp/brink-stages.XXXXXX)
[[ -f "$JAR" ]] || { echo "missing $JAR: run ./mvnw -B -q package -DskipTests" >&2; exit 2; }

source "$HERE/nginx-loopback.sh"
start_nginx "$WORK" "$PORT"

java -Xms192m -Xmx192m -XX:+AlwaysPreTouch -XX:+UseSerialGC -jar "$JAR" http "$URL" \
    --stages "ramp ${FROM}->${TO} over ${SECS}s" --json --out "$WORK/run" >"$WORK/result.json" 2>"$WORK/live.txt"

python3 - "$WORK/run/load.jsonl" "$FROM" "$TO" "$SECS" <<'PY'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
f, t, s = float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
seconds = [l for l in lines if l["target_rps"] > 0 and l["interval_s"] > 0.9]
print("| second | ideal req/s | due (target_rps × s) | sent | off | generator behind |")
print("|---:|---:|---:|---:|---:|---|")
worst, bad = 0.0, []
for i, l in enumerate(seconds):
    ideal = f + (t - f) / s * (i + 0.5)
    due = l["target_rps"] * l["interval_s"]
    off = (l["sent"] - due) / due * 100
    worst = max(worst, abs(off))
    behind = "yes" if l["generator_bound"] else ""
    if abs(off) > 1 and not l["generator_bound"]:
        bad.append(i + 1)
    print(f"| {i + 1} | {ideal:.1f} | {due:.1f} | {l['sent']} | {off:+.2f} % | {behind} |")
print(f"\nworst second {worst:.2f} % off what was due; seconds over 1 % with the generator on schedule: {bad or 'none'}")
sys.exit(1 if bad else 0)
PY
