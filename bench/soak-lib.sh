# Shell functions shared by the generator self-soaks (bench/self-soak.sh, bench/tcp-self-soak.sh): source it.

# wait_for_java PID: the launcher (./brink) checks the build, then execs java in the same process; the clock of a
# soak starts when java does (after a build when the sources changed). Waits up to 10 minutes.
wait_for_java() {
  local pid=$1
  for _ in $(seq 1200); do
    [[ "$(tr '\0' ' ' </proc/"$pid"/cmdline 2>/dev/null)" == *java* ]] && return 0
    sleep 0.5
  done
}

# sample_until_exit PID FILE PROBE_S EVERY_S: while PID lives, appends "t_s rss_kb cpu_ticks" to FILE every EVERY_S
# seconds (RSS from /proc/PID/status, user + system CPU ticks from /proc/PID/stat) and requests a full GC (jcmd
# GC.run) every PROBE_S seconds: the generator allocates too little to fill its young generation on its own, and
# the heap after GC is only seen after a collection (each costs it one pause of a few ms).
sample_until_exit() {
  local pid=$1 file=$2 probe=$3 every=$4 start now rss ticks next_probe
  echo "t_s rss_kb cpu_ticks" >"$file"
  start=$(date +%s)
  next_probe=$probe
  while kill -0 "$pid" 2>/dev/null; do
    rss=$(awk '/^VmRSS:/ {print $2}' /proc/"$pid"/status 2>/dev/null || true)
    ticks=$(awk '{print $14 + $15}' /proc/"$pid"/stat 2>/dev/null || true)
    now=$(( $(date +%s) - start ))
    [[ -n "$rss" && -n "$ticks" ]] && echo "$now $rss $ticks" >>"$file"
    if (( now >= next_probe )); then
      jcmd "$pid" GC.run >/dev/null 2>&1 || true
      next_probe=$(( now + probe ))
    fi
    sleep "$every"
  done
}
