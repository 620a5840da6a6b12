#!/usr/bin/env bash
# brink grpc against a gRPC server Brink did not write (grpc-go's examples/features/reflection server:
# helloworld.Greeter with server reflection), with ghz as the peer. Everything runs inside a network namespace
# of its own (the Go example listens on all interfaces; in the namespace that is only its loopback).
# The server is pinned to CPU 1, the generators to CPU 0.
#   1. brink, open model at 1000 calls/s for 10 s, by reflection and by .proto: achieved rate (goal: within 1 %)
#   2. the server stopped (SIGSTOP) for 1 s at 6 s of a 10 s run at 1000 calls/s, 32 calls in flight at most (as
#      ghz -c 32 --rps 1000), by reflection and by .proto, beside the same run without a stall: the whole run's
#      corrected p99 shows the stall, its uncorrected p99 (what ghz reports, same stall, same rate) does not
#   3. ghz vs brink at --rps 1000 (open) and 50 concurrent callers (closed), interleaved: rate accuracy, CPU-ms per
#      1000 calls of the whole process and (brink) of the run's second half, max RSS
# Brink runs through its launcher, as users run it (bench/grpc-peer.sh's brink_home). Ends with one table of every
# run. Needs: root (ip netns), go (builds the server and ghz through the Go module proxy), taskset, /usr/bin/time,
# python3 and brink-cli/target/brink.jar.
# Usage: bench/grpc-vs-ghz.sh [seconds]
#   (env: BRINK_STALL_RATE=1000 BRINK_STALL_SECS=10 BRINK_STALL_AT=6 BRINK_STALL_CONCURRENCY=32;
#    BRINK_BASE_JAR=older/brink.jar [BRINK_BASE_LAUNCHER=its launcher] adds that build to part 3, interleaved;
#    BRINK_GHZ_ONLY=1 runs part 3 alone)
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
SECS=${1:-10}
STALL_RATE=${BRINK_STALL_RATE:-1000}
STALL_SECS=${BRINK_STALL_SECS:-10}
STALL_AT=${BRINK_STALL_AT:-6} # seconds into the run's clock (which starts after Brink's warm-up)
STALL_CONC=${BRINK_STALL_CONCURRENCY:-32}
JAR="$ROOT/brink-cli/target/brink.jar"
WORK=$(mktemp -d /tmp/brink-grpc-vs-ghz.XXXXXX)
TABLE="$WORK/table.md"
printf '| run | calls sent / ok | achieved | corrected p99 | uncorrected p99 (ghz: its p99) | max | CPU-ms per 1000 calls | max RSS |\n|---|---|---|---|---|---|---|---|\n' >"$TABLE"
[[ -f "$JAR" ]] || { echo "missing $JAR: run ./mvnw -B -q package -DskipTests" >&2; exit 2; }
source "$HERE/grpc-peer.sh"
start_grpc_peer "$WORK"
# Brink through its launcher, as users run it (its JVM options, its class-data archive); BRINK_BASE_JAR (with
# BRINK_BASE_LAUNCHER, default ./brink) adds an older build beside it in the ghz comparison, interleaved
LAUNCHER=$(brink_home brink "$JAR")
BASE_LAUNCHER=""
[[ -n "${BRINK_BASE_JAR:-}" ]] && BASE_LAUNCHER=$(brink_home base "$BRINK_BASE_JAR" "${BRINK_BASE_LAUNCHER:-}")
MSG='{"name":"brink-${seq}"}'

BRINK=(ip netns exec "$NS" taskset -c 0 "$LAUNCHER" grpc "$ADDR" --call "$CALL" --data "$MSG" --duration "${SECS}s" --json)
brink() { "${BRINK[@]}" "$@" 2>/dev/null; }
summary() { # json, target rate, label
  python3 - "$1" "$2" "$3" "$TABLE" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["result"]
target = float(sys.argv[2])
acc = f" ({(r['achieved_rps']/target-1)*100:+.2f}% of {target:.0f})" if target > 0 else ""
print(f"  achieved {r['achieved_rps']} calls/s{acc}, ok {r['ok']}, errors {r['errors'] or 0}, dropped {r['dropped']}, "
      f"corrected p99 {r['corrected']['p99_ms']} ms, uncorrected p99 {r['uncorrected']['p99_ms']} ms")
with open(sys.argv[4], "a") as t:
    t.write(f"| {sys.argv[3]} | {r['sent']} / {r['ok']} | {r['achieved_rps']}/s{acc} | {r['corrected']['p99_ms']} ms | "
            f"{r['uncorrected']['p99_ms']} ms | {r['corrected']['max_ms']} ms | — | — |\n")
PY
}
# the launcher writes a command's class-data archive at the exit of its first run: one short run each first
for l in "$LAUNCHER" $BASE_LAUNCHER; do
  ip netns exec "$NS" taskset -c 0 "$l" grpc "$ADDR" --call "$CALL" --data "$MSG" --duration 2s --rate 100 --json >/dev/null 2>&1
done
if [[ "${BRINK_GHZ_ONLY:-0}" != 1 ]]; then

echo "== brink, open model 1000 calls/s, ${SECS}s, descriptors by reflection"
brink --rate 1000 >"$WORK/refl.json"; summary "$WORK/refl.json" 1000 "brink --rate 1000, reflection"
echo "== brink, open model 1000 calls/s, ${SECS}s, descriptors from $PROTO_DIR/helloworld.proto (parsed in-process)"
brink --rate 1000 --proto "$PROTO_DIR/helloworld.proto" >"$WORK/proto.json"; summary "$WORK/proto.json" 1000 "brink --rate 1000, --proto"

# The stall: 1 s of a stopped server in a 1000 calls/s run, at most STALL_CONC calls in flight (ghz -c). The
# STALL_CONC calls on the wire wait out the stall (32 slow calls of 10 000: under the uncorrected p99), and every
# call due in that second waits for a slot: only latency from the intended send time (corrected) counts those
# ~STALL_RATE calls, so the WHOLE run's corrected p99 shows the stall and the uncorrected one does not. Brink warms
# its own call path before the clock (against a responder inside Brink, never the server), so the run's first
# seconds are not a cold JVM's backlog; the same run without a stall is the baseline.
stall() { # seconds to wait before stopping the server
  sleep "$1"; kill -STOP $SERVER
  # say so if the signal did not stop the server (a wrong PID would make the stall silently absent)
  [[ $(awk '{print $3}' /proc/$SERVER/stat) == T ]] || echo "  WARNING: the server ($SERVER) is not stopped" >&2
  sleep 1; kill -CONT $SERVER
}
brink_stall() { # file name, label, seconds into the run to stop the server at (0: no stall), brink args...
  local id=$1 label=$2 at=$3; shift 3
  rm -rf "$WORK/run-$id"
  ip netns exec "$NS" taskset -c 0 "$LAUNCHER" grpc "$ADDR" --call "$CALL" --data "$MSG" --duration "${STALL_SECS}s" \
      --rate "$STALL_RATE" --concurrency "$STALL_CONC" --json --out "$WORK/run-$id" "$@" >"$WORK/$id.json" 2>/dev/null &
  local b=$!
  if (( at > 0 )); then
    # count from the run's own clock: its first load.jsonl line is written 1 s after the clock starts (after the warm-up)
    until [[ -s "$WORK/run-$id/load.jsonl" ]] || ! kill -0 $b 2>/dev/null; do sleep 0.05; done
    stall "$((at - 1))"
  fi
  wait $b
  summary "$WORK/$id.json" "$STALL_RATE" "brink --rate $STALL_RATE --concurrency $STALL_CONC, $label"
  python3 - "$WORK/run-$id/load.jsonl" "$WORK/$id.json" <<'PY'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
r = json.load(open(sys.argv[2]))["result"]
worst = max(lines, key=lambda l: l["corrected"]["p99_ms"])
print(f"  whole run: corrected p99 {r['corrected']['p99_ms']} ms vs uncorrected p99 {r['uncorrected']['p99_ms']} ms; "
      f"worst second ({worst['elapsed_s']} s): corrected p99 {worst['corrected']['p99_ms']} ms, "
      f"uncorrected {worst['uncorrected']['p99_ms']} ms; generator-bound seconds: {sum(l['generator_bound'] for l in lines)}")
PY
}
echo "== brink, ${STALL_RATE} calls/s, at most ${STALL_CONC} in flight, ${STALL_SECS}s, no stall (baseline), reflection"
brink_stall stall-none "no stall, reflection" 0
echo "== brink, same, server stopped (SIGSTOP) for 1 s at ${STALL_AT} s, reflection"
brink_stall stall-refl "1 s SIGSTOP at ${STALL_AT} s, reflection" "$STALL_AT"
echo "== brink, same, server stopped (SIGSTOP) for 1 s at ${STALL_AT} s, --proto"
brink_stall stall-proto "1 s SIGSTOP at ${STALL_AT} s, --proto" "$STALL_AT" --proto "$PROTO_DIR/helloworld.proto"
echo "== ghz, --rps ${STALL_RATE} -c ${STALL_CONC}, ${STALL_SECS}s; server stopped (SIGSTOP) for 1 s at ${STALL_AT} s"
stall "$STALL_AT" &
STALLER=$!
ip netns exec "$NS" taskset -c 0 "$GOBIN_DIR/ghz" --insecure --call "$CALL" -d '{"name":"ghz-{{.RequestNumber}}"}' \
    -z "${STALL_SECS}s" --connections 1 --rps "$STALL_RATE" -c "$STALL_CONC" -O json "$ADDR" >"$WORK/ghz-stall.json"
wait $STALLER
python3 - "$WORK/ghz-stall.json" "$STALL_RATE" "$TABLE" "ghz --rps $STALL_RATE -c $STALL_CONC, 1 s SIGSTOP at ${STALL_AT} s" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
n = r["count"]; ok = r.get("statusCodeDistribution", {}).get("OK", 0)
p99 = next((l["latency"] for l in r.get("latencyDistribution") or [] if l["percentage"] == 99), 0) / 1e6
print(f"  ghz: {n} calls ({ok} OK), {r['rps']:.1f} calls/s, p99 {p99:.2f} ms (uncorrected only), slowest {r['slowest'] / 1e6:.1f} ms")
with open(sys.argv[3], "a") as t:
    t.write(f"| {sys.argv[4]} | {n} / {ok} | {r['rps']:.1f}/s | (none) | {p99:.2f} ms | {r['slowest'] / 1e6:.1f} ms | — | — |\n")
PY
fi

cpu_ms() { awk '{printf "%.0f", ($1 + $2) * 1000}' "$1"; }
rss_mb() { awk '{printf "%.0f", $3 / 1024}' "$1"; }
ghz_run() { # label, ghz args...
  local label=$1; shift
  /usr/bin/time -f "%U %S %M" -o "$WORK/ghz.time" ip netns exec "$NS" taskset -c 0 "$GOBIN_DIR/ghz" --insecure --call "$CALL" \
      -d '{"name":"ghz-{{.RequestNumber}}"}' -z "${SECS}s" --connections 1 -O json "$@" "$ADDR" >"$WORK/ghz.json"
  python3 - "$WORK/ghz.json" "$(cpu_ms "$WORK/ghz.time")" "$label" "$TABLE" "$(rss_mb "$WORK/ghz.time")" <<'PY'
import json, sys
r = json.load(open(sys.argv[1])); cpu = int(sys.argv[2]); rss = sys.argv[5]
n = r["count"]; ok = r.get("statusCodeDistribution", {}).get("OK", 0)
p99 = next((l["latency"] for l in r.get("latencyDistribution") or [] if l["percentage"] == 99), 0) / 1e6
print(f"  ghz   {sys.argv[3]}: {n} calls ({ok} OK), {r['rps']:.1f} calls/s, p99 {p99:.2f} ms (uncorrected only), "
      f"{cpu} CPU-ms, {cpu / (n / 1000):.1f} CPU-ms per 1000 calls, max RSS {rss} MB")
with open(sys.argv[4], "a") as t:
    t.write(f"| ghz {sys.argv[3]} | {n} / {ok} | {r['rps']:.1f}/s | (none) | {p99:.2f} ms | {r['slowest'] / 1e6:.1f} ms | "
            f"{cpu / (n / 1000):.1f} | {rss} MB |\n")
PY
}
brink_run() { # label, launcher, brink args...
  local label=$1 launcher=$2; shift 2
  /usr/bin/time -f "%U %S %M" -o "$WORK/brink.time" ip netns exec "$NS" taskset -c 0 "$launcher" grpc "$ADDR" --call "$CALL" \
      --data "$MSG" --duration "${SECS}s" --json --out "$WORK/run-$label" "$@" >"$WORK/brink-$label.json" 2>/dev/null
  PYTHONPATH="$HERE${PYTHONPATH:+:$PYTHONPATH}" python3 - "$WORK/brink-$label.json" "$(cpu_ms "$WORK/brink.time")" "$label" "$WORK/run-$label" "$TABLE" "$(rss_mb "$WORK/brink.time")" <<'PY'
import json, sys
from steady_half import steady_half
r = json.load(open(sys.argv[1]))["result"]; cpu = int(sys.argv[2]); d = sys.argv[4]; rss = sys.argv[6]
n = r["ok"] + sum(r["errors"].values())
half, req, steady = steady_half(d)
print(f"  brink {sys.argv[3]}: {n} calls ({r['ok']} ok), {r['achieved_rps']} calls/s, corrected p99 {r['corrected']['p99_ms']} ms, "
      f"uncorrected p99 {r['uncorrected']['p99_ms']} ms, {cpu} CPU-ms whole process ({cpu / (n / 1000):.1f} per 1000 calls), "
      f"steady state (2nd half) {steady / max(req, 1) * 1000:.1f} CPU-ms per 1000 calls, max RSS {rss} MB")
with open(sys.argv[5], "a") as t:
    t.write(f"| brink {sys.argv[3]} | {r['sent']} / {r['ok']} | {r['achieved_rps']}/s | {r['corrected']['p99_ms']} ms | "
            f"{r['uncorrected']['p99_ms']} ms | {r['corrected']['max_ms']} ms | {cpu / (n / 1000):.1f} whole process, "
            f"{steady / max(req, 1) * 1000:.1f} steady state | {rss} MB |\n")
PY
}
echo "== ghz vs brink, open model --rps 1000, ${SECS}s, interleaved"
ghz_run open --rps 1000 -c 50
[[ -n "$BASE_LAUNCHER" ]] && brink_run open-base "$BASE_LAUNCHER" --rate 1000
brink_run open "$LAUNCHER" --rate 1000
echo "== ghz vs brink, closed model, 50 callers, ${SECS}s, interleaved"
ghz_run closed -c 50
[[ -n "$BASE_LAUNCHER" ]] && brink_run closed-base "$BASE_LAUNCHER" --users 50
brink_run closed "$LAUNCHER" --users 50
echo
echo "== all runs ($(date -u '+%Y-%m-%d %H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) CPUs)"
cat "$TABLE"
echo "(work files in $WORK)"
