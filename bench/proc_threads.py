"""The threads of a running process and the CPU each has used, from /proc/PID/task/TID/stat (Linux).

Per thread the kernel keeps its name (comm, which may hold spaces and parentheses: it is read between the first '('
and the last ')') and its user and system time in clock ticks (fields 14 and 15 of stat, os.sysconf("SC_CLK_TCK")
ticks a second: 100 on every Linux this runs on). The bench scripts read them twice, or every 100 ms, and attribute a
run's CPU to the event loop, the JIT's compiler threads, the GC or the main thread.
"""
import os

HZ = os.sysconf("SC_CLK_TCK")


def thread_ticks(pid):
    """tid -> (name, user ticks, system ticks) of every thread of PID now; a thread that ends while read is left out.
    Raises OSError when the process itself is gone."""
    out = {}
    for t in os.listdir(f"/proc/{pid}/task"):
        try:
            s = open(f"/proc/{pid}/task/{t}/stat").read()
        except OSError:
            continue
        f = s[s.rindex(")") + 2:].split()
        out[t] = (s[s.index("(") + 1:s.rindex(")")], int(f[11]), int(f[12]))
    return out
