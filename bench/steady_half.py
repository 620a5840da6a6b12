"""The steady half of a Brink run: its CPU per request once the JVM is warm, from the run's own per-second files.

A generator's whole-process CPU (/usr/bin/time's user + sys) includes the JVM's start-up, class loading, picocli and
the JIT compiling the request path (and the slower interpreted and C1 code before it): an upper bound on what a
request costs, and one that shrinks as 1/duration. The later half of the run's seconds is the run once warm, and
Brink's run directory has those seconds: load.jsonl (per second: ok, errors by kind, interval_s) and generator.jsonl
(per second: process_cpu, the process's CPU over that second as a share of the CPUs it may run on).

"Steady half", as the bench scripts compute it:
  - the two files zipped second by second (line i of one with line i of the other; zip stops at the shorter),
  - whole seconds only (interval_s > 0.9: the run's last, partial second is left out),
  - of those, the ones from index len(load.jsonl lines) // 2 on: the later half,
  - requests: sum of ok + sum(errors) per second,
  - CPU-ms: sum of process_cpu * interval_s * 1000 per second (a CPU time only when the generator has one CPU, as
    under `taskset -c 0`, which every script using this pins it to).
The cut is at half the number of load.jsonl lines, not of the whole seconds kept: of N lines with D seconds left
out, the later half holds N - N // 2 - D seconds (one fewer than N - N // 2 when the last second was partial). The
scripts' figures have always been made this way; keep it so that they stay comparable with the results quoted.

Each caller divides by the request count itself (with its own guard for zero requests), and prints its own figures.
"""
import json


def read_jsonl(path):
    """The JSON objects of a .jsonl file, one per non-blank line."""
    return [json.loads(l) for l in open(path) if l.strip()]


def read_run(run_dir):
    """(load, gen): the lines of RUN_DIR/load.jsonl and RUN_DIR/generator.jsonl."""
    return read_jsonl(run_dir + "/load.jsonl"), read_jsonl(run_dir + "/generator.jsonl")


def requests(l):
    """Requests completed in one load.jsonl second: ok plus every kind of error."""
    return l["ok"] + sum(l["errors"].values())


def cpu_ms(l, g):
    """CPU-ms the generator process used in one second (load line l, generator line g), on one CPU."""
    return g["process_cpu"] * l["interval_s"] * 1000


def half(load, gen):
    """The steady half: (load, generator) line pairs of the whole seconds, from index len(load) // 2 on."""
    return [(l, g) for l, g in zip(load, gen) if l["interval_s"] > 0.9][len(load) // 2:]


def totals(pairs):
    """(requests, CPU-ms) summed over (load, generator) line pairs."""
    return sum(requests(l) for l, g in pairs), sum(cpu_ms(l, g) for l, g in pairs)


def steady_half(run_dir):
    """(pairs, requests, CPU-ms) of the steady half of the run in RUN_DIR (see the module's docstring)."""
    pairs = half(*read_run(run_dir))
    req, cpu = totals(pairs)
    return pairs, req, cpu
