#!/usr/bin/env bash
# Sharded open-model load: 4 brink http shards, each in a network namespace of its own (a veth "host" apiece),
# 4 × 2000 = 8000 req/s against one nginx on the host side, merged with brink merge. Prints the merged rate
# against 8000, the merged p99 against the p99 of the union of the shards' recorded values (computed here from
# their latency.hlog files with HdrHistogram's own reader), then runs again with shard 2 CPU-throttled (a CPU
# cgroup quota of 15 % of a core, or taskset to a core shared with busy loops when no cgroup is writable) and
# shows whether the merged run names it as generator-bound.
#
# Needs root (ip netns, veth, cgroups), nginx, a built brink-cli/target/brink.jar.
# Usage: bench/shards.sh [SECONDS] [RATE_PER_SHARD]
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_RUN=${1:-20}
PER_SHARD=${2:-2000}
N=4
RATE=$((N * PER_SHARD))
JAR=brink-cli/target/brink.jar
JAVA=${JAVA:-java}
[[ -f $JAR ]] || { echo "build first: ./mvnw -B -q -pl brink-cli -am package -DskipTests" >&2; exit 2; }
WORK=$(mktemp -d /tmp/brink-shards.XXXXXX)
NET=$((150 + $$ % 50))
TARGET=10.$NET.0.1
PORT=18$((RANDOM % 900 + 100))
NS=()
LINKS=()
CG=""
BUSY=()

cleanup() {
  [[ -f $WORK/nginx.pid ]] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null || true
  for p in "${BUSY[@]:-}"; do [[ -n $p ]] && kill "$p" 2>/dev/null || true; done
  for l in "${LINKS[@]:-}"; do [[ -n $l ]] && ip link del "$l" 2>/dev/null || true; done
  for n in "${NS[@]:-}"; do [[ -n $n ]] && ip netns del "$n" 2>/dev/null || true; done
  [[ -n $CG && -d $CG ]] && { for p in $(cat "$CG/cgroup.procs" 2>/dev/null); do echo "$p" >/sys/fs/cgroup/cpu/cgroup.procs; done; rmdir "$CG"; } || true
}
trap cleanup EXIT

for i in $(seq 0 $((N - 1))); do
  ns=brink-sh$$-$i; host=bsh$(($$ % 10000))h$i
  ip netns add "$ns"; NS+=("$ns")
  ip link add "$host" type veth peer name "${host}p" netns "$ns"; LINKS+=("$host")
  ip addr add "10.$NET.$i.1/24" dev "$host"; ip link set "$host" up
  ip netns exec "$ns" ip addr add "10.$NET.$i.2/24" dev "${host}p"
  ip netns exec "$ns" ip link set "${host}p" up
  ip netns exec "$ns" ip link set lo up
  ip netns exec "$ns" ip route add default via "10.$NET.$i.1"
done

# shared with the other bench scripts: one nginx worker pinned to CPU 1, here on the host side of the veths
source bench/nginx-loopback.sh
start_nginx "$WORK" "$PORT" "$TARGET"
trap cleanup EXIT # start_nginx set its own trap: the namespaces must go too

# the p99 of the union of every recorded value: the shards' corrected histograms added, read independently of brink merge
cat >"$WORK/UnionP99.java" <<'JAVA'
import java.io.*; import java.nio.file.*; import org.HdrHistogram.*;
public class UnionP99 {
  public static void main(String[] a) throws Exception {
    Histogram sum = new Histogram(3);
    for (String d : a) {
      byte[] b = Files.readAllBytes(Path.of(d, "latency.hlog")); int end = b.length; while (end > 0 && b[end - 1] != '\n') end--;
      HistogramLogReader r = new HistogramLogReader(new ByteArrayInputStream(b, 0, end)); EncodableHistogram h;
      while ((h = r.nextIntervalHistogram()) != null) if ("corrected".equals(h.getTag())) sum.add((Histogram) h);
    }
    System.out.printf("%d %.3f%n", sum.getTotalCount(), sum.getValueAtPercentile(99) / 1000.0);
  }
}
JAVA

# one sharded run; $1 = label, $2 = index of the shard to throttle or -1
run_shards() {
  local label=$1 slow=$2 at pids=() dirs=()
  at=$(date -u -d "+20 sec" +%Y-%m-%dT%H:%M:%SZ)
  for i in $(seq 0 $((N - 1))); do
    local out=$WORK/$label-$i; dirs+=("$out")
    local cpus=0,1
    if [[ $i == "$slow" && -z ${USE_CGROUP:-} ]]; then cpus=0; fi
    ip netns exec "${NS[$i]}" taskset -c "$cpus" "$JAVA" -Xmx512m -jar "$JAR" http "$URL" --rate "$RATE" \
      --duration "${SECONDS_RUN}s" --connections 256 --shard "$i/$N" --start-at "$at" --out "$out" >"$out.txt" 2>&1 &
    pids+=($!)
    if [[ $i == "$slow" && -n ${USE_CGROUP:-} ]]; then
      sleep 0.2
      for p in $(pgrep -P "${pids[-1]}") "${pids[-1]}"; do echo "$p" >"$CG/cgroup.procs" 2>/dev/null || true; done
    fi
  done
  for p in "${pids[@]}"; do wait "$p" || true; done
  "$JAVA" -jar "$JAR" merge "${dirs[@]}" --out "$WORK/$label-merged" | tee "$WORK/$label-merge.txt"
  local union; union=$("$JAVA" -cp "$JAR" "$WORK/UnionP99.java" "${dirs[@]}")
  python3 - "$WORK/$label-merged" "$RATE" "$SECONDS_RUN" "$union" "$label" <<'PY'
import json, sys
d, rate, secs, union, label = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4].split(), sys.argv[5]
lines = [json.loads(l) for l in open(d + "/load.jsonl")]
sent = sum(l["sent"] for l in lines)
s = json.load(open(d + "/summary.json"))
bound = [f for f in s["findings"] if f["kind"] == "generator-bound"]
shards = bound[0]["detail"].get("shards", []) if bound else []
print(f"{label}: merged sent {sent} in {secs:.0f} s = {sent/secs:.1f} req/s vs {rate:.0f} ({(sent/secs/rate-1)*100:+.2f} %); "
      f"union of recorded values: {union[0]} latencies, p99 {union[1]} ms; generator-bound shards: {shards or 'none'}")
PY
  grep -h "p99" "$WORK/$label-merge.txt" || true
}

echo "machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg) before the runs"
run_shards even -1

# shard 2 throttled: a CPU cgroup quota (15 % of one core), or pinned beside two busy loops on core 0
if mkdir "/sys/fs/cgroup/cpu/brink-shards-$$" 2>/dev/null; then
  CG=/sys/fs/cgroup/cpu/brink-shards-$$
  echo 100000 >"$CG/cpu.cfs_period_us"; echo 15000 >"$CG/cpu.cfs_quota_us"
  USE_CGROUP=1
  echo "throttle: shard 2 in cgroup $CG, cpu.cfs_quota_us 15000 / 100000"
else
  for _ in 1 2; do taskset -c 0 sh -c 'while :; do :; done' & BUSY+=($!); done
  echo "throttle: shard 2 pinned to CPU 0 beside two busy loops (no writable CPU cgroup)"
fi
run_shards throttled 2
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg); files in $WORK"
