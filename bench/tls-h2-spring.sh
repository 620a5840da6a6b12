#!/usr/bin/env bash
# A Spring Boot service with server.ssl and server.http2.enabled (the demo's book service, brink-sample) driven by
# `brink run` with a flow plan over HTTP/2 (h2 by ALPN): add a book, take its id from the answer, read it back. Not a
# CI test: a Spring Boot start and a method run take about half a minute on two loaded cores.
# Needs: the JDK's keytool, python3, and brink-cli/target/brink.jar with brink-sample/target/brink-sample.jar
# (./mvnw -B -q package -DskipTests). Usage: bench/tls-h2-spring.sh. Environment: BRINK_BENCH_PORT (18445).
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
PORT=${BRINK_BENCH_PORT:-18445}
JAR="$ROOT/brink-cli/target/brink.jar"
SAMPLE="$ROOT/brink-sample/target/brink-sample.jar"
WORK=$(mktemp -d /tmp/brink-tls-spring.XXXXXX)
for f in "$JAR" "$SAMPLE"; do [[ -f "$f" ]] || { echo "missing $f: run ./mvnw -B -q package -DskipTests" >&2; exit 2; }; done

# the service's key pair, made now: a PKCS12 store for Spring Boot, its certificate as PEM for brink's ca_cert
keytool -J-XX:TieredStopAtLevel=1 -genkeypair -alias books -keyalg EC -groupname secp256r1 -dname "CN=localhost" \
    -ext "SAN=dns:localhost,ip:127.0.0.1" -validity 2 -storetype PKCS12 -keystore "$WORK/books.p12" \
    -storepass changeit -keypass changeit >/dev/null 2>&1
keytool -J-XX:TieredStopAtLevel=1 -exportcert -rfc -alias books -keystore "$WORK/books.p12" -storepass changeit \
    -file "$WORK/books.pem" >/dev/null 2>&1

java -Xmx256m -jar "$SAMPLE" --server.port="$PORT" --server.ssl.enabled=true --server.ssl.key-store="$WORK/books.p12" \
    --server.ssl.key-store-type=PKCS12 --server.ssl.key-store-password=changeit --server.http2.enabled=true \
    >"$WORK/sample.log" 2>&1 &
SAMPLE_PID=$!
trap 'kill $SAMPLE_PID 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do
  (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null && break
  sleep 0.5
done

cat >"$WORK/books.yaml" <<YAML
name: books-tls-h2
target: {base_url: "https://127.0.0.1:$PORT", http2: true, ca_cert: books.pem}
users: {count: 8, think: 10ms}
flows:
  - name: add-then-read
    steps:
      - name: add
        request: {method: POST, path: /books, json: {title: "tls \${seq}", price: 12.5}}
        check: {status: 201}
        extract: {id: {json: "\$.id"}}
      - name: read
        request: {path: "/books/\${session.id}"}
        check: {status: 200, json: {"\$.title": "tls .*"}}
slo: {error_rate: 0.01, p99_ms: 2000}
phases:
  capacity: {start: 1, step: 1, max: 2, step_duration: 5s, warmup: 2s, refine: false}
YAML
java -jar "$JAR" run "$WORK/books.yaml" --out "$WORK/run"
python3 - "$WORK/run" <<'PY'
import json, sys
events = [json.loads(l) for l in open(sys.argv[1] + "/events.jsonl") if l.strip()]
steps = [e for e in events if e["type"] == "step-end" and e["step"].startswith("capacity-x")]
tls = [e for e in events if e["type"] == "tls"]
for s in steps:
    print(f"{s['step']:14s} achieved {s['achieved_rps']} req/s, error rate {s['error_rate']}")
t = tls[-1]
print(f"tls: {t['engine']} {t['protocol']} {t['cipher']}, ALPN {t['alpn']}, {t['handshakes']} handshakes in the last step")
ok = steps and all(s["error_rate"] == 0 for s in steps) and t["alpn"] == "h2"
print("Spring Boot over h2 with TLS:", "ok" if ok else "FAILED")
sys.exit(0 if ok else 1)
PY
