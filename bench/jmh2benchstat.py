#!/usr/bin/env python3
"""Converts a JMH result file (-rf json) into Go benchmark format for benchstat.

  jmh2benchstat.py FILE.json forks       one line per fork: the mean of its iterations (what brink bench tests)
  jmh2benchstat.py FILE.json iterations  one line per measurement iteration (treats iterations as independent)

Each line is "Benchmark<Class.method>/<param>=<v>/mode=<m> 1 <score> <unit> [<alloc> B/op]". Sample mode uses the
mean of each iteration's histogram, as brink bench does. Units are JMH's; benchstat shows them as they are.
"""
import json
import sys


def iteration_values(metric):
    if metric.get("rawData") is not None:
        return [[float(v) for v in fork] for fork in metric["rawData"]]
    forks = []
    for fork in metric.get("rawDataHistogram", []):
        its = []
        for it in fork:
            n = sum(c for _, c in it)
            if n > 0:
                its.append(sum(v * c for v, c in it) / n)
        forks.append(its)
    return forks


def weights(metric):
    if metric.get("rawData") is not None:
        return [[1.0] * len(fork) for fork in metric["rawData"]]
    return [[float(sum(c for _, c in it)) for it in fork if sum(c for _, c in it) > 0]
            for fork in metric.get("rawDataHistogram", [])]


def fork_means(metric):
    out = []
    for vals, ws in zip(iteration_values(metric), weights(metric)):
        if vals:
            out.append(sum(v * w for v, w in zip(vals, ws)) / sum(ws))
    return out


def name(entry):
    parts = [entry["benchmark"].split(".")[-2] + "." + entry["benchmark"].split(".")[-1]]
    for k, v in sorted((entry.get("params") or {}).items()):
        parts.append("%s=%s" % (k, str(v).replace(" ", "_")))
    parts.append("mode=" + entry["mode"])
    return "Benchmark" + "/".join(parts)


def main():
    path, level = sys.argv[1], sys.argv[2]
    for entry in json.load(open(path)):
        pm = entry["primaryMetric"]
        alloc = None
        for key, m in (entry.get("secondaryMetrics") or {}).items():
            if key.lstrip("\u00b7") == "gc.alloc.rate.norm":
                alloc = m
        if level == "forks":
            scores = fork_means(pm)
            allocs = fork_means(alloc) if alloc else None
        else:
            scores = [v for fork in iteration_values(pm) for v in fork]
            allocs = [v for fork in iteration_values(alloc) for v in fork] if alloc else None
        for i, s in enumerate(scores):
            line = "%s 1 %r %s" % (name(entry), s, pm["scoreUnit"])
            if allocs and len(allocs) == len(scores):
                line += " %r B/op" % allocs[i]
            print(line)


if __name__ == "__main__":
    main()
