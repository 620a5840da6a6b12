#!/usr/bin/env bash
# Brink's HTTPS and HTTP/2 load against its peers on the same nginx (Debian; one worker pinned to CPU 1; TLS with a
# certificate made here at run time; HTTP/2 by ALPN on its TLS listener, h2c by prior knowledge on a second one).
# Generators are pinned to CPU 0 and run one after another, interleaved, in one run:
#   1. rate accuracy at a fixed rate, 2000 req/s for 10 s, for https (HTTP/1.1), h2 and h2c: the open model
#      (--rate) with a 1 s nginx stall (SIGSTOP of its worker) 4 s in, which must show in the corrected p99; and the
#      closed model (20 users, each starting a one-step flow every 10 ms: a plan with users.pacing, run by brink run),
#      without a stall: a closed model has only its 20 requests in flight during one, so a stall shows in its p99.9
#      and max, never in a p99 of 20 000, and costs it the requests its users did not send meanwhile
#   2. CPU per 1000 requests, closed loop, whole process (JVM start and JIT included): h2load vs brink --http2 (h2,
#      1 connection, 32 streams), and wrk vs brink (HTTPS HTTP/1.1, 32 connections)
#   3. the TLS engine: brink's closed loop on HTTPS and a handshake-bound per-call run with OpenSSL and with the JDK
# Needs: nginx-light, nghttp2-client (h2load), wrk and openssl from Debian (installed here with apt-get when
# missing), taskset, /usr/bin/time, python3, and brink-cli/target/brink.jar (./mvnw -B -q package -DskipTests).
# Usage: bench/tls-h2-vs-peers.sh [closed-loop seconds, default 60]. Environment: BRINK_BENCH_PORT (18443; +1 for h2c),
# BRINK_BENCH_LAUNCHER (1: parts 1 and 2 run brink through the ./brink launcher, as a user runs it: its class-data
# archive, Serial GC and fixed heap for `http`; 0: java -jar brink.jar with the JVM's defaults). Part 3 is java -jar.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
SECS=${1:-60}
PORT=${BRINK_BENCH_PORT:-18443}
H2C_PORT=$((PORT + 1))
JAR="$ROOT/brink-cli/target/brink.jar"
WORK=$(mktemp -d /tmp/brink-tls-h2.XXXXXX)
[[ -f "$JAR" ]] || { echo "missing $JAR: run ./mvnw -B -q package -DskipTests" >&2; exit 2; }
need=()
command -v nginx >/dev/null || [[ -x /usr/sbin/nginx ]] || need+=(nginx-light)
command -v h2load >/dev/null || need+=(nghttp2-client)
command -v wrk >/dev/null || need+=(wrk)
command -v openssl >/dev/null || need+=(openssl)
if (( ${#need[@]} )); then
  echo "installing ${need[*]} (apt-get)"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

# shellcheck source=bench/nginx-loopback.sh
source "$(dirname "${BASH_SOURCE[0]}")/nginx-loopback.sh"
start_tls_nginx "$WORK" "$PORT" "server { listen 127.0.0.1:$H2C_PORT http2; location / { return 200 \"ok\\n\"; } }"
HTTPS="https://127.0.0.1:$PORT/"
H2C="http://127.0.0.1:$H2C_PORT/"
CA=(--cacert "$WORK/cert.pem")
# Brink as a user runs it: the launcher (its class-data archive, Serial GC and fixed heap, and for a closed loop the
# doubled JIT thresholds). The archive for a command is written at the exit of the command's first run: one short
# untimed run first. java -jar loads and links every class itself (main thread 1.3-1.7 CPU-s to the first second's
# line against 1.1 through the launcher) and runs G1 with a quarter of RAM; bench/https-cpu-parts.sh compares them.
if [[ "${BRINK_BENCH_LAUNCHER:-1}" == 1 ]]; then
  BRINK=(taskset -c 0 "$ROOT/brink")
  "${BRINK[@]}" http "$HTTPS" "${CA[@]}" --users 2 --duration 1s --json >/dev/null 2>&1 || true
else
  BRINK=(taskset -c 0 java -jar "$JAR")
fi
worker() { pgrep -P "$(cat "$WORK/nginx.pid")" | head -1; }

# stall_in SECONDS: stops nginx's worker for 1 s, SECONDS from now (in the background)
stall_in() { (sleep "$1"; w=$(worker); kill -STOP "$w"; sleep 1; kill -CONT "$w") & }

cpu_ms() { awk '{printf "%.0f", ($1 + $2) * 1000}' "$1"; }

summary() { # summary NAME JSON-FILE TARGET: achieved rate, its error, p99 and max from brink http --json
  python3 - "$@" <<'PY'
import json, sys
name, f, target = sys.argv[1], sys.argv[2], float(sys.argv[3])
d = json.load(open(f)); r = d["result"]; t = d.get("tls") or {}
print(f"{name:28s} achieved {r['achieved_rps']:8.1f} req/s ({(r['achieved_rps']/target-1)*100:+.2f}%), errors "
      f"{sum(r['errors'].values())}, dropped {r['dropped']}; corrected p50 {r['corrected']['p50_ms']} p99 {r['corrected']['p99_ms']} "
      f"max {r['corrected']['max_ms']} ms; uncorrected p99 {r['uncorrected']['p99_ms']} ms"
      + (f"; {t.get('engine')} {t.get('protocol')} ALPN {t.get('alpn') or '-'}" if t else ""))
PY
}

echo "== 1. open model, 2000 req/s for 10 s, nginx stopped for 1 s at 4 s"
for wire in https h2 h2c; do
  case $wire in
    https) args=("$HTTPS" "${CA[@]}") ;;
    h2) args=("$HTTPS" --http2 "${CA[@]}") ;;
    h2c) args=("$H2C" --http2) ;;
  esac
  stall_in 4
  # the warm-up runs before the clock (up to 3 s): the stall is timed from the run's start below, so wait for it
  "${BRINK[@]}" http "${args[@]}" --rate 2000 --duration 14s --connections "$([[ $wire == https ]] && echo 64 || echo 1)" \
      --no-warm-up --json >"$WORK/open-$wire.json" 2>/dev/null
  summary "open $wire" "$WORK/open-$wire.json" 2000
  wait
done

echo "== 1b. closed model, 20 users starting a one-step flow every 10 ms (2000 req/s) for 10 s"
for wire in https h2 h2c; do
  case $wire in
    https) target="base_url: \"$HTTPS\", ca_cert: \"$WORK/cert.pem\"" ;;
    h2) target="base_url: \"$HTTPS\", http2: true, ca_cert: \"$WORK/cert.pem\"" ;;
    h2c) target="base_url: \"$H2C\", http2: true" ;;
  esac
  cat >"$WORK/closed-$wire.yaml" <<YAML
name: closed-$wire
target: {$target}
users: {count: 20, pacing: 10ms}
flows:
  - {name: get, steps: [{name: get, request: {path: /}}]}
slo: {error_rate: 0.5, p99_ms: 60000}
phases:
  capacity: {start: 1, step: 1, max: 1, step_duration: 10s, warmup: 1s, refine: false}
YAML
  "${BRINK[@]}" run "$WORK/closed-$wire.yaml" --out "$WORK/closed-$wire" >/dev/null 2>&1 || true
  python3 - "$wire" "$WORK/closed-$wire" <<'PY'
import json, sys
wire, run = sys.argv[1], sys.argv[2]
ends = [json.loads(l) for l in open(run + "/events.jsonl") if '"step-end"' in l]
e = [x for x in ends if not x["step"].startswith("warm")][-1]
lat = [json.loads(l) for l in open(run + "/load.jsonl") if l.strip()]
lat = [l for l in lat if l["step"] == e["step"]]
worst = max(l["corrected"]["max_ms"] for l in lat)
p99 = sorted(l["corrected"]["p99_ms"] for l in lat)
print(f"closed {wire:21s} achieved {e['achieved_rps']:8.1f} req/s ({(e['achieved_rps']/2000-1)*100:+.2f}%), error rate "
      f"{e['error_rate']}; per-second corrected p99 median {p99[len(p99)//2]} ms, worst second's max {worst} ms")
PY
done

echo "== 2. closed loop, ${SECS}s, CPU per 1000 requests (whole process), one core each"
/usr/bin/time -f "%U %S" -o "$WORK/h2load.time" taskset -c 0 h2load -t1 -c1 -m32 -D "$SECS" "$HTTPS" >"$WORK/h2load.out" 2>&1
H2LOAD_REQ=$(awk '/^requests:/ {print $8}' "$WORK/h2load.out")
/usr/bin/time -f "%U %S" -o "$WORK/brink-h2.time" "${BRINK[@]}" http "$HTTPS" --http2 "${CA[@]}" --users 32 --connections 1 \
    --duration "${SECS}s" --json --out "$WORK/closed-h2" >"$WORK/closed-h2.json" 2>/dev/null
/usr/bin/time -f "%U %S" -o "$WORK/wrk.time" taskset -c 0 wrk -t1 -c32 -d"${SECS}s" "$HTTPS" >"$WORK/wrk.out"
WRK_REQ=$(awk '/requests in/ {print $1}' "$WORK/wrk.out")
/usr/bin/time -f "%U %S" -o "$WORK/brink-h1.time" "${BRINK[@]}" http "$HTTPS" "${CA[@]}" --users 32 \
    --duration "${SECS}s" --json --out "$WORK/closed-h1" >"$WORK/closed-h1.json" 2>/dev/null
PYTHONPATH="$HERE${PYTHONPATH:+:$PYTHONPATH}" python3 - "$SECS" "$H2LOAD_REQ" "$(cpu_ms "$WORK/h2load.time")" "$WORK/closed-h2.json" "$(cpu_ms "$WORK/brink-h2.time")" \
    "$WRK_REQ" "$(cpu_ms "$WORK/wrk.time")" "$WORK/closed-h1.json" "$(cpu_ms "$WORK/brink-h1.time")" <<'PY'
import json, sys
from steady_half import steady_half
s = float(sys.argv[1])
def done(f):
    r = json.load(open(f))["result"]; return r["ok"] + sum(r["errors"].values())
rows = [("h2load (h2)", int(sys.argv[2]), int(sys.argv[3])), ("brink --http2 (h2)", done(sys.argv[4]), int(sys.argv[5])),
        ("wrk (https)", int(sys.argv[6]), int(sys.argv[7])), ("brink (https)", done(sys.argv[8]), int(sys.argv[9]))]
for n, req, cpu in rows:
    print(f"{n:20s} {req:9d} requests, {req/s:8.0f} req/s, {cpu:7d} CPU-ms, {cpu/(req/1000):6.1f} CPU-ms per 1000 requests")
per = {n: cpu / req for n, req, cpu in rows}
def steady(run):  # the second half of the run, from brink's own per-second files: JVM start and JIT left out
    half, req, cpu = steady_half(run)  # one CPU under taskset
    return cpu / max(req, 1)
for n, run, peer in (("brink --http2 (h2)", sys.argv[4][:-5], "h2load (h2)"), ("brink (https)", sys.argv[8][:-5], "wrk (https)")):
    print(f"{n:20s} steady state (2nd half): {steady(run)*1000:6.1f} CPU-ms per 1000 requests, {steady(run)/per[peer]:.2f}x {peer}")
print(f"brink/h2load CPU per request (h2), whole process: {per['brink --http2 (h2)']/per['h2load (h2)']:.2f}x (bar: at most 1.5x)")
print(f"brink/wrk CPU per request (https), whole process: {per['brink (https)']/per['wrk (https)']:.2f}x (bar: at most 1x)")
PY

echo "== 3. TLS engine: closed loop on HTTPS ($((SECS / 3))s each), then a new connection (handshake) per request (10 s each)"
for engine in openssl jdk; do
  /usr/bin/time -f "%U %S" -o "$WORK/engine-$engine.time" taskset -c 0 java -Dbrink.tls.engine=$engine -jar "$JAR" http "$HTTPS" \
      "${CA[@]}" --users 32 --duration "$((SECS / 3))s" --json >"$WORK/engine-$engine.json" 2>/dev/null
  /usr/bin/time -f "%U %S" -o "$WORK/percall-$engine.time" taskset -c 0 java -Dbrink.tls.engine=$engine -jar "$JAR" http "$HTTPS" \
      "${CA[@]}" --users 8 --connection-policy per-call --duration 10s --json >"$WORK/percall-$engine.json" 2>/dev/null
  python3 - "$engine" "$WORK/engine-$engine.json" "$(cpu_ms "$WORK/engine-$engine.time")" "$WORK/percall-$engine.json" \
      "$(cpu_ms "$WORK/percall-$engine.time")" <<'PY'
import json, sys
e = sys.argv[1]
for label, f, cpu in (("keep-alive", sys.argv[2], int(sys.argv[3])), ("per-call", sys.argv[4], int(sys.argv[5]))):
    d = json.load(open(f)); r = d["result"]; t = d["tls"]; n = r["ok"] + sum(r["errors"].values())
    print(f"{e:8s} {label:10s} {r['achieved_rps']:8.0f} req/s, {cpu/(n/1000):6.1f} CPU-ms per 1000 requests, "
          f"{t['handshakes']} handshakes ({t['resumed']} resumed), handshake p50 {t['handshake_ms']['p50_ms']} ms, {t['protocol']}")
PY
done
echo "(work files in $WORK)"
