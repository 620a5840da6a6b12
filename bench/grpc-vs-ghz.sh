#!/usr/bin/env bash
# brink grpc against a gRPC server Brink did not write (grpc-go's examples/features/reflection server:
# helloworld.Greeter with server reflection), with ghz as the peer. Everything runs inside a network namespace
# of its own (the Go example listens on all interfaces; in the namespace that is only its loopback).
# The server is pinned to CPU 1, the generators to CPU 0.
#   1. brink, open model at 1000 calls/s for 10 s, by reflection and by .proto: achieved rate (goal: within 1 %)
#   2. the same with the server stopped (SIGSTOP) for 1 s in the middle: corrected p99 vs uncorrected p99
#   3. ghz vs brink at --rps 1000 (open) and 50 concurrent callers (closed): rate accuracy, CPU-ms per 1000 calls
# Needs: root (ip netns), go (builds the server and ghz through the Go module proxy), taskset, /usr/bin/time,
# python3 and brink-cli/target/brink.jar. Usage: bench/grpc-vs-ghz.sh [seconds]
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
SECS=${1:-10}
PORT=50051
JAR="$ROOT/brink-cli/target/brink.jar"
WORK=$(mktemp -d /tmp/brink-grpc-vs-ghz.XXXXXX)
NS=brinkgrpc$$
[[ -f "$JAR" ]] || { echo "missing $JAR: run ./mvnw -B -q package -DskipTests" >&2; exit 2; }
command -v go >/dev/null || { echo "go not found: the grpc-go server and ghz are built with it" >&2; exit 2; }

# the peer server and ghz, built from the Go module proxy (a module of our own: the examples' go.mod has
# replace directives, so 'go install pkg@version' refuses it)
GOBIN_DIR=${BRINK_GO_BIN:-/tmp/brink-go-bin}
mkdir -p "$GOBIN_DIR"
if [[ ! -x "$GOBIN_DIR/reflection-server" ]]; then
  (cd "$WORK" && mkdir mod && cd mod && go mod init brinkbench >/dev/null 2>&1 \
    && go get google.golang.org/grpc/examples/features/reflection/server@latest >/dev/null 2>&1 \
    && go build -o "$GOBIN_DIR/reflection-server" google.golang.org/grpc/examples/features/reflection/server)
fi
[[ -x "$GOBIN_DIR/ghz" ]] || GOBIN="$GOBIN_DIR" go install github.com/bojand/ghz/cmd/ghz@latest
PROTO_DIR=$(ls -d "$(go env GOMODCACHE)"/google.golang.org/grpc/examples@*/helloworld/helloworld | tail -1)

ip netns add "$NS"
trap 'kill -CONT $SERVER 2>/dev/null; kill $SERVER 2>/dev/null; ip netns del "$NS" 2>/dev/null || true' EXIT
ip netns exec "$NS" ip link set lo up
in_ns() { ip netns exec "$NS" "$@"; }
in_ns taskset -c 1 "$GOBIN_DIR/reflection-server" -port "$PORT" >"$WORK/server.log" 2>&1 &
SERVER=$!
sleep 1
ADDR=127.0.0.1:$PORT
CALL=helloworld.Greeter/SayHello
MSG='{"name":"brink-${seq}"}'

BRINK=(ip netns exec "$NS" taskset -c 0 java -jar "$JAR" grpc "$ADDR" --call "$CALL" --data "$MSG" --duration "${SECS}s" --json)
brink() { "${BRINK[@]}" "$@" 2>/dev/null; }
summary() {
  python3 - "$1" "$2" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["result"]
target = float(sys.argv[2])
acc = f" ({(r['achieved_rps']/target-1)*100:+.2f}% of {target:.0f})" if target > 0 else ""
print(f"  achieved {r['achieved_rps']} calls/s{acc}, ok {r['ok']}, errors {r['errors'] or 0}, dropped {r['dropped']}, "
      f"corrected p99 {r['corrected']['p99_ms']} ms, uncorrected p99 {r['uncorrected']['p99_ms']} ms")
PY
}

echo "== brink, open model 1000 calls/s, ${SECS}s, descriptors by reflection"
brink --rate 1000 >"$WORK/refl.json"; summary "$WORK/refl.json" 1000
echo "== brink, open model 1000 calls/s, ${SECS}s, descriptors from $PROTO_DIR/helloworld.proto (parsed in-process)"
brink --rate 1000 --proto "$PROTO_DIR/helloworld.proto" >"$WORK/proto.json"; summary "$WORK/proto.json" 1000

echo "== brink, 1000 calls/s, server stopped (SIGSTOP) for 1 s at $((SECS / 2)) s"
brink --rate 1000 >"$WORK/stall.json" &
B=$!
sleep $((SECS / 2 + 1)) # + JVM start-up
kill -STOP $SERVER; sleep 1; kill -CONT $SERVER
wait $B
summary "$WORK/stall.json" 1000

cpu_ms() { awk '{printf "%.0f", ($1 + $2) * 1000}' "$1"; }
ghz_run() { # label, ghz args...
  local label=$1; shift
  /usr/bin/time -f "%U %S" -o "$WORK/ghz.time" ip netns exec "$NS" taskset -c 0 "$GOBIN_DIR/ghz" --insecure --call "$CALL" \
      -d '{"name":"ghz-{{.RequestNumber}}"}' -z "${SECS}s" --connections 1 -O json "$@" "$ADDR" >"$WORK/ghz.json"
  python3 - "$WORK/ghz.json" "$(cpu_ms "$WORK/ghz.time")" "$label" <<'PY'
import json, sys
r = json.load(open(sys.argv[1])); cpu = int(sys.argv[2])
n = r["count"]; ok = r.get("statusCodeDistribution", {}).get("OK", 0)
p99 = next((l["latency"] for l in r.get("latencyDistribution") or [] if l["percentage"] == 99), 0) / 1e6
print(f"  ghz   {sys.argv[3]}: {n} calls ({ok} OK), {r['rps']:.1f} calls/s, p99 {p99:.2f} ms (uncorrected only), "
      f"{cpu} CPU-ms, {cpu / (n / 1000):.1f} CPU-ms per 1000 calls")
PY
}
brink_run() { # label, brink args...
  local label=$1; shift
  /usr/bin/time -f "%U %S" -o "$WORK/brink.time" "${BRINK[@]}" --out "$WORK/run-$label" "$@" >"$WORK/brink-$label.json" 2>/dev/null
  python3 - "$WORK/brink-$label.json" "$(cpu_ms "$WORK/brink.time")" "$label" "$WORK/run-$label" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["result"]; cpu = int(sys.argv[2]); d = sys.argv[4]
n = r["ok"] + sum(r["errors"].values())
load = [json.loads(l) for l in open(d + "/load.jsonl") if l.strip()]
gen = [json.loads(l) for l in open(d + "/generator.jsonl") if l.strip()]
half = [(l, g) for l, g in zip(load, gen) if l["interval_s"] > 0.9][len(load) // 2:]
req = sum(l["ok"] + sum(l["errors"].values()) for l, g in half)
steady = sum(g["process_cpu"] * l["interval_s"] * 1000 for l, g in half)
print(f"  brink {sys.argv[3]}: {n} calls ({r['ok']} ok), {r['achieved_rps']} calls/s, corrected p99 {r['corrected']['p99_ms']} ms, "
      f"uncorrected p99 {r['uncorrected']['p99_ms']} ms, {cpu} CPU-ms whole process ({cpu / (n / 1000):.1f} per 1000 calls), "
      f"steady state (2nd half) {steady / max(req, 1) * 1000:.1f} CPU-ms per 1000 calls")
PY
}
echo "== ghz vs brink, open model --rps 1000, ${SECS}s, interleaved"
ghz_run open --rps 1000 -c 50
brink_run open --rate 1000
echo "== ghz vs brink, closed model, 50 callers, ${SECS}s, interleaved"
ghz_run closed -c 50
brink_run closed --users 50
echo "(work files in $WORK)"
