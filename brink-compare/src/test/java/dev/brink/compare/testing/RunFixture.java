package dev.brink.compare.testing;

import dev.brink.core.EventType;
import dev.brink.core.Json;
import dev.brink.core.RunDirectory;
import dev.brink.core.evidence.LatencyLog;
import dev.brink.core.line.HostHealth;
import dev.brink.core.summary.RunSummary;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes a run directory whose numbers a test controls, in the files and formats the load engine and the JVM observer
 * write (load.jsonl, latency.hlog with its corrected tags, jvm.jsonl, host.jsonl, events.jsonl's step windows, summary.json): each second draws its requests'
 * latencies from a log-normal distribution around the operation's median, with a per-second factor for the moment of
 * the machine (seconds differ as real ones do), from a seeded generator, so two fixtures with the same shapes and
 * different seeds are two runs of the same load.
 */
public final class RunFixture {
    /** One operation's shape in a step. */
    public record Op(String name, double share, double medianMs, double errorRate) {
    }

    private record Step(String name, int seconds, double rps, List<Op> ops, double cpuMsPerRequest, double gcMsPerRequest,
                        double jitMsPerSecond, int runnable, int blocked, int sharedSeconds) {
    }

    private final Path dir;
    private final Random random;
    private final List<Step> steps = new ArrayList<>();
    private RunSummary summary;
    private double cpuMsPerRequest = Double.NaN;
    private double gcMsPerRequest;
    private double jitMsPerSecond = Double.NaN;
    private int runnable = 4;
    private int blocked;
    /** Seconds at the start of each step the host was shared with other work; -1: no host.jsonl. */
    private int sharedSeconds = -1;
    /** Spread of one request's latency around the median (log-normal sigma), and of one second's level. */
    private double requestSigma = 0.35;
    private double secondSigma = 0.05;
    private long startMs = 1_800_000_000_000L;
    /** How long before the run's last second ends the target's last sample was taken (it was stopped first). */
    private long lastSampleEarlyMs;

    public RunFixture(Path dir, long seed) {
        this.dir = dir;
        this.random = new Random(seed);
    }

    /** The target JVM's CPU and GC per request in the steps added after this call (NaN CPU: no jvm.jsonl). */
    public RunFixture jvm(double cpuMs, double gcMs) {
        this.cpuMsPerRequest = cpuMs;
        this.gcMsPerRequest = gcMs;
        return this;
    }

    /**
     * The target's last jvm.jsonl sample taken {@code ms} before the run's last second ends, as when the target is stopped
     * after the last step while its sampler ticks out of phase with the load's seconds.
     */
    public RunFixture lastSampleEarly(long ms) {
        this.lastSampleEarlyMs = ms;
        return this;
    }

    /**
     * The JIT compiler threads' CPU a second in the steps added after this call, part of the process's CPU and recorded
     * as jvm.jsonl's {@code cpu.jit_cpu_ns} (NaN, the default: not recorded, as by a remote JVM or an older Brink).
     */
    public RunFixture jit(double msPerSecond) {
        this.jitMsPerSecond = msPerSecond;
        return this;
    }

    /** The target's threads by state in the steps added after this call (jvm.jsonl's counts). */
    public RunFixture threads(int runnable, int blocked) {
        this.runnable = runnable;
        this.blocked = blocked;
        return this;
    }

    /**
     * Writes host.jsonl: in the steps added after this call, the first {@code seconds} seconds of each step ran beside
     * other work (others 0.8 cores while the target's threads waited 300 ms a second for a CPU), the rest on a quiet
     * host (others 0.02 cores, the target's own 80 ms/s of run-queue wait).
     */
    public RunFixture sharedSeconds(int seconds) {
        this.sharedSeconds = seconds;
        return this;
    }

    public RunFixture startMs(long epochMs) {
        this.startMs = epochMs;
        return this;
    }

    public RunFixture step(String name, int seconds, double rps, Op... ops) {
        steps.add(new Step(name, seconds, rps, List.of(ops), cpuMsPerRequest, gcMsPerRequest, jitMsPerSecond, runnable, blocked,
                sharedSeconds));
        return this;
    }

    public RunFixture summary(RunSummary s) {
        this.summary = s;
        return this;
    }

    public Path write() {
        try {
            Files.createDirectories(dir);
            List<String> load = new ArrayList<>();
            List<String> jvm = new ArrayList<>();
            List<String> events = new ArrayList<>();
            List<String> host = new ArrayList<>();
            try (PrintStream hlogStream = new PrintStream(new FileOutputStream(dir.resolve(RunDirectory.LATENCY).toFile()), false,
                    StandardCharsets.UTF_8)) {
                HistogramLogWriter hlog = new HistogramLogWriter(hlogStream);
                hlog.outputLogFormatVersion();
                hlog.outputStartTime(startMs);
                hlog.setBaseTime(startMs);
                hlog.outputBaseTime(startMs);
                hlog.outputLegend();
                long t = startMs;
                double cpuMs = 0;
                double gcMs = 0;
                double jitMs = 0;
                boolean jit = steps.stream().noneMatch(s -> Double.isNaN(s.jitMsPerSecond()));
                jvm.add(jvmLine(t, cpuMs, gcMs, jit ? jitMs : Double.NaN, runnable, blocked));
                for (Step s : steps) {
                    events.add(Json.MAPPER.writeValueAsString(Map.of("epoch_ms", t, "type", EventType.STEP_START, "step", s.name(),
                            "duration_s", s.seconds(), "target_rps", s.rps())));
                    for (int i = 0; i < s.seconds(); i++) {
                        long end = t + 1000;
                        double machine = Math.exp(secondSigma * random.nextGaussian());
                        Histogram all = histogram();
                        Map<String, Object> ops = new LinkedHashMap<>();
                        long okAll = 0;
                        long errAll = 0;
                        for (Op op : s.ops()) {
                            Histogram h = histogram();
                            // an open model's schedule sends the rate exactly; answers land a request either side of a second's edge
                            long n = Math.max(0, Math.round(s.rps() * op.share() + 2 * random.nextDouble() - 1));
                            long errors = 0;
                            for (long k = 0; k < n; k++) {
                                if (random.nextDouble() < op.errorRate()) {
                                    errors++;
                                }
                                double ms = op.medianMs() * machine * Math.exp(requestSigma * random.nextGaussian());
                                long us = Math.max(1, Math.round(ms * 1000));
                                h.recordValue(us);
                                all.recordValue(us);
                            }
                            if (s.ops().size() > 1) {
                                write(hlog, h, LatencyLog.corrected(op.name()), t, end);
                            }
                            ops.put(op.name(), Map.of("target_rps", s.rps() * op.share(), "sent", n, "ok", n - errors,
                                    "errors", errors == 0 ? Map.of() : Map.of("http-503", errors)));
                            okAll += n - errors;
                            errAll += errors;
                        }
                        write(hlog, all, LatencyLog.CORRECTED, t, end);
                        if (s.sharedSeconds() >= 0) {
                            boolean shared = i < s.sharedSeconds();
                            double others = shared ? 0.8 : 0.02;
                            double targetWait = shared ? 300 : 80;
                            host.add(Json.MAPPER.writeValueAsString(new HostHealth(end, 2, shared ? 1.0 : 0.6, 0.5, 0.1, 0, 0, 3, 1.5,
                                    shared ? 0.9 : 0.1, 0.3, 0.5, others, 60, targetWait,
                                    HostHealth.isSaturated(2, shared ? 1.0 : 0.6, shared ? 0.9 : 0.1, others))));
                        }
                        Map<String, Object> line = new LinkedHashMap<>();
                        line.put("epoch_ms", end);
                        line.put("step", s.name());
                        line.put("interval_s", 1.0);
                        line.put("target_rps", s.rps());
                        line.put("sent", okAll + errAll);
                        line.put("ok", okAll);
                        line.put("errors", errAll == 0 ? Map.of() : Map.of("http-503", errAll));
                        line.put("ops", ops);
                        load.add(Json.MAPPER.writeValueAsString(line));
                        if (!Double.isNaN(s.cpuMsPerRequest())) {
                            cpuMs += (okAll + errAll) * s.cpuMsPerRequest() * Math.exp(0.02 * random.nextGaussian());
                            gcMs += (okAll + errAll) * s.gcMsPerRequest() * Math.exp(0.05 * random.nextGaussian());
                            if (jit) {
                                jitMs += s.jitMsPerSecond();
                                cpuMs += s.jitMsPerSecond();
                            }
                            boolean last = s == steps.get(steps.size() - 1) && i == s.seconds() - 1;
                            jvm.add(jvmLine(last ? end - lastSampleEarlyMs : end, cpuMs, gcMs, jit ? jitMs : Double.NaN,
                                    s.runnable(), s.blocked()));
                        }
                        t = end;
                    }
                    events.add(Json.MAPPER.writeValueAsString(Map.of("epoch_ms", t, "type", EventType.STEP_END, "step", s.name())));
                }
            }
            Files.write(dir.resolve(RunDirectory.LOAD), load);
            Files.write(dir.resolve(RunDirectory.EVENTS), events);
            if (!host.isEmpty()) {
                Files.write(dir.resolve(RunDirectory.HOST), host);
            }
            if (jvm.size() > 1) {
                Files.write(dir.resolve(RunDirectory.JVM), jvm);
            }
            if (summary != null) {
                Json.MAPPER.writeValue(dir.resolve(RunDirectory.SUMMARY).toFile(), summary);
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Histogram histogram() {
        return new Histogram(1, 600_000_000L, 3);
    }

    private void write(HistogramLogWriter hlog, Histogram h, String tag, long startMs, long endMs) {
        h.setTag(tag);
        hlog.outputIntervalHistogram((startMs - this.startMs) / 1000.0, (endMs - this.startMs) / 1000.0, h, 1000.0);
    }

    private static String jvmLine(long epochMs, double cpuMs, double gcMs, double jitMs, int runnable, int blocked) throws IOException {
        Map<String, Object> cpu = new LinkedHashMap<>();
        cpu.put("process_cpu_ns", Math.round(cpuMs * 1e6));
        if (!Double.isNaN(jitMs)) cpu.put("jit_cpu_ns", Math.round(jitMs * 1e6));
        return Json.MAPPER.writeValueAsString(Map.of("epoch_ms", epochMs, "cpu", cpu,
                // a young collection of 2 ms each: the count that gc_per_request needs (10 a side) follows the time
                "gc", Map.of("G1 Young Generation", Map.of("count", (long) (gcMs / 2), "time_ms", Math.round(gcMs))),
                "threads", Map.of("runnable", runnable, "blocked", blocked, "waiting", 10, "timed_waiting", 2)));
    }
}
