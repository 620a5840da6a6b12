#!/usr/bin/env bash
# Builds examples/orders-service against a local Maven repository that holds only what this repository's
# `./mvnw install` put there (plus the Maven plugins both builds download), then the planted-leak variant,
# which must fail the build with the leak suspect. Not run in CI: about 3 minutes.
#   examples/build-example.sh [REPO_DIR]     (default: a fresh temporary folder)
# SEED=~/.m2/repository copies third-party artifacts from there first (no download), without any dev.brink one.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
repo="${1:-$(mktemp -d -t brink-example-repo.XXXXXX)}"
if [[ -n "${SEED:-}" ]]; then
  cp -r "$SEED/." "$repo/"
  rm -rf "$repo/dev/brink"
fi
mvn=("$root/mvnw" -B -Dmaven.repo.local="$repo")

echo "== installing Brink into $repo"
"${mvn[@]}" -q -f "$root/pom.xml" install -DskipTests

echo "== the example: must pass"
"${mvn[@]}" -f "$root/examples/orders-service/pom.xml" clean verify

echo "== the example with its planted leak: must fail with the leak suspect"
log="$(mktemp)"
if "${mvn[@]}" -f "$root/examples/orders-service/pom.xml" clean verify -Dorders.leak=true >"$log" 2>&1; then
  echo "FAIL: the leaking variant passed"; exit 1
fi
grep -E "memory-leak|soak" "$log" | head -20
grep -q "OrdersServer.AUDIT" "$log" || { echo "FAIL: no leak suspect naming OrdersServer.AUDIT in the build log ($log)"; exit 1; }
echo "OK: the leak failed the build and was named"
