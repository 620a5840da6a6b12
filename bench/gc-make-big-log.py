#!/usr/bin/env python3
"""Writes a big unified-logging GC log by repeating a real one with shifted time stamps and GC ids.

usage: gc-make-big-log.py SOURCE.log[.gz] OUT.log SIZE_MB
Each copy is shifted by the source's span (uptime, wall-clock time when the source has it, and GC(n) numbers),
so the result reads as one long-running JVM: the analysis sees a sawtooth of leak-and-recover, not repeated
timestamps. Sources with [time][uptime] decorators and with [uptime] alone are both read.
"""
import gzip
import re
import sys
from datetime import datetime, timedelta

src, out, size_mb = sys.argv[1], sys.argv[2], int(sys.argv[3])
opener = gzip.open if src.endswith(".gz") else open
lines = opener(src, "rt", encoding="utf-8").read().splitlines()
pat = re.compile(r"^(?:\[(\d{4}-\d\d-\d\dT[\d:.]+)([+-]\d{4})\])?\[(\d+\.\d+)s\]([^G]*)(?:GC\((\d+)\))?(.*)$")
parsed = []
for l in lines:
    m = pat.match(l)
    if not m:
        continue
    parsed.append((datetime.fromisoformat(m.group(1)) if m.group(1) else None, m.group(2) or "", float(m.group(3)),
                   m.group(4), int(m.group(5)) if m.group(5) else None, m.group(6)))
span = parsed[-1][2] - parsed[0][2] + 1.0
ids = max(p[4] for p in parsed if p[4] is not None) + 1
target = size_mb * 1024 * 1024
written = 0
copy = 0
with open(out, "w", encoding="utf-8") as f:
    while written < target:
        shift = copy * span
        buf = []
        for (t, off, up, mid, gid, rest) in parsed:
            ts = "" if t is None else "[%s%s]" % ((t + timedelta(seconds=shift)).isoformat(timespec="milliseconds"), off)
            g = "" if gid is None else "GC(%d)" % (gid + copy * ids)
            buf.append("%s[%.3fs]%s%s%s\n" % (ts, up + shift, mid, g, rest))
        s = "".join(buf)
        f.write(s)
        written += len(s)
        copy += 1
print("wrote %s: %d MB, %d copies of %s" % (out, written // (1024 * 1024), copy, src))
