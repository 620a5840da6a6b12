package dev.brink.load.metrics;

import dev.brink.core.verdict.GeneratorIssue;
import dev.brink.core.line.GeneratorHealth;
import dev.brink.load.engine.IntervalListener;
import dev.brink.core.line.IntervalStats;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * The state a Prometheus scrape sees during a run: totals since the run started, built from the engine's
 * per-second intervals (the same numbers load.jsonl, generator.jsonl and latency.hlog record), plus what the
 * method says (phase, multiplier) and what the JVM observer last sampled.
 *
 * <p>Counters, never rates or percentiles: Prometheus derives rates with {@code rate()} and quantiles with
 * {@code histogram_quantile} over the latency buckets, which stay exact when several shards are summed; a
 * per-shard p99 gauge would invite averaging, which is wrong.
 *
 * <p>Threads: the engine's reporting thread calls {@link #onInterval}, the method and the observer call
 * {@link #phase} and {@link #targetJvm}, the HTTP server's thread calls {@link #render}; one lock, held for
 * microseconds (a scrape renders a few kilobytes).
 *
 * <p>Labels carry only what Brink names itself (error kinds, issue words, step and phase names) and the
 * shard: never the target's address, headers or plan values, which may hold secrets.
 */
public final class LiveMetrics implements IntervalListener {
    private final Map<String, String> constantLabels;
    private final LatencyBuckets latency = new LatencyBuckets();
    private final Map<String, Long> errors = new TreeMap<>();
    private final Map<GeneratorIssue, Double> issueSeconds = new EnumMap<>(GeneratorIssue.class);
    private long sent;
    private long ok;
    private long dropped;
    private double seconds;
    private double boundSeconds;
    private IntervalStats last;
    private GeneratorHealth lastHealth;
    private final double profileRps;
    private final int shards;
    /**
     * The multiplier of the last second that had a schedule: a step's drain (its last, short interval, answers still
     * coming in) has a target rate of 0, which is no multiplier of the profile; scraped then, the step's own is shown.
     */
    private double multiplier;
    private String phase;
    private TargetJvmFigures jvm;

    /**
     * @param shard      the shard ("2/4") when this process runs one, else null: then no shard label
     * @param profileRps the plan's profile rate at 1 × (a one-line load's --rate; 0 in a closed model): the
     *                   multiplier shown is the schedule's rate over it, the figure the method decides by
     */
    public LiveMetrics(String shard, double profileRps) {
        this.constantLabels = shard == null ? Map.of() : Map.of("shard", shard);
        this.profileRps = profileRps;
        // a shard's schedule is its 1/N share of the plan's: its multiplier is the plan's, N × its rate over the profile
        this.shards = shard == null || shard.indexOf('/') < 0 ? 1 : Integer.parseInt(shard.substring(shard.indexOf('/') + 1));
    }

    @Override
    public synchronized void onLatency(Histogram correctedMicros) {
        latency.add(correctedMicros);
    }

    @Override
    public synchronized void onInterval(IntervalStats interval, GeneratorHealth generator) {
        sent += interval.sent();
        ok += interval.ok();
        dropped += interval.dropped();
        interval.errors().forEach((kind, n) -> errors.merge(kind, n, Long::sum));
        seconds += interval.intervalS();
        if (generator.bound()) boundSeconds += interval.intervalS();
        // a kind repeats when several shards had it in the second: the second counts once
        for (GeneratorIssue issue : Set.copyOf(generator.issues())) issueSeconds.merge(issue, interval.intervalS(), Double::sum);
        last = interval;
        lastHealth = generator;
        if (interval.targetRps() > 0 && profileRps > 0) multiplier = interval.targetRps() * shards / profileRps;
    }

    /** The method entered a phase (its summary.json word: capacity, confirm, soak). */
    public synchronized void phase(String name) {
        this.phase = name;
    }

    /** The observer's latest figures of the target JVM. */
    public synchronized void targetJvm(TargetJvmFigures figures) {
        this.jvm = figures;
    }

    /** The whole exposition, OpenMetrics 1.0 when {@code openMetrics}, else Prometheus text 0.0.4. */
    public synchronized String render(boolean openMetrics) {
        MetricsText t = new MetricsText(openMetrics, constantLabels);
        t.counter("brink_requests_sent", "Requests sent since the run started.").sample("brink_requests_sent_total", sent);
        t.counter("brink_requests_ok", "Requests answered without error.").sample("brink_requests_ok_total", ok);
        t.counter("brink_request_errors", "Failed requests by kind (http-503, grpc-UNAVAILABLE, connect-refused, request-timeout...).");
        for (Map.Entry<String, Long> e : errors.entrySet()) {
            t.sample("brink_request_errors_total", Map.of("kind", e.getKey()), e.getValue());
        }
        t.counter("brink_requests_dropped", "Requests the schedule released that the generator could not send in time.")
                .sample("brink_requests_dropped_total", dropped);
        t.histogram("brink_request_latency_seconds",
                "Latency from each request's intended send time (coordinated omission corrected), from the run's HdrHistogram intervals.",
                latency);
        t.counter("brink_load_seconds", "Seconds of load reported so far.").sample("brink_load_seconds_total", seconds);
        t.gauge("brink_target_rate", "The schedule's request rate over the last second (0 in a closed model).")
                .sample("brink_target_rate", last == null ? 0 : last.targetRps());
        t.gauge("brink_in_flight", "Requests sent and not yet answered at the last second's end.")
                .sample("brink_in_flight", last == null ? 0 : last.inFlight());
        t.gauge("brink_connections", "Connections the generator holds open.")
                .sample("brink_connections", last == null ? 0 : last.tcpConnections());
        if (last != null) t.info("brink_step", "The load step running now.", Map.of("step", last.step()));
        if (phase != null) t.info("brink_phase", "The method's phase running now.", Map.of("phase", phase));
        if (profileRps > 0) {
            t.gauge("brink_multiplier", "The schedule's rate over the last second as a multiple of the plan's profile.")
                    .sample("brink_multiplier", Math.round(multiplier * 1000) / 1000.0);
        }
        generator(t);
        if (jvm != null) targetJvm(t, jvm);
        return t.finish();
    }

    private void generator(MetricsText t) {
        GeneratorHealth h = lastHealth;
        t.gauge("brink_generator_cpu_ratio", "Share of all CPUs the generator process used over the last second.")
                .sample("brink_generator_cpu_ratio", h == null ? 0 : h.processCpu());
        t.gauge("brink_generator_loop_cpu_ratio", "Share of one core the sending event loop used over the last second.")
                .sample("brink_generator_loop_cpu_ratio", h == null ? 0 : h.loopCpu());
        t.gauge("brink_generator_schedule_lag_seconds", "How late the last second's requests left the schedule (its p99; a health signal, not a latency).")
                .sample("brink_generator_schedule_lag_seconds", h == null ? 0 : h.lagP99Ms() / 1000);
        t.counter("brink_generator_bound_seconds", "Seconds in which the generator fell behind (its figures measure it, not the target).")
                .sample("brink_generator_bound_seconds_total", boundSeconds);
        t.counter("brink_generator_issue_seconds", "Seconds with each generator issue (cpu, schedule-lag, ephemeral-ports, requests-dropped, leaking).");
        for (Map.Entry<GeneratorIssue, Double> e : issueSeconds.entrySet()) {
            t.sample("brink_generator_issue_seconds_total", Map.of("issue", e.getKey().json()), e.getValue());
        }
    }

    private static void targetJvm(MetricsText t, TargetJvmFigures j) {
        t.gauge("brink_jvm_heap_used_bytes", "The target JVM's heap in use.").sample("brink_jvm_heap_used_bytes", j.heapUsedBytes());
        t.gauge("brink_jvm_heap_max_bytes", "The target JVM's maximum heap (-1: undefined).").sample("brink_jvm_heap_max_bytes", j.heapMaxBytes());
        if (j.heapAfterGcBytes() != null) {
            t.gauge("brink_jvm_heap_after_gc_bytes", "The target JVM's heap right after its last collection.")
                    .sample("brink_jvm_heap_after_gc_bytes", j.heapAfterGcBytes());
        }
        t.counter("brink_jvm_gc_collections", "The target JVM's collections by collector since it started.");
        Map<String, TargetJvmFigures.Gc> gcs = new TreeMap<>(j.collectors());
        gcs.forEach((name, gc) -> t.sample("brink_jvm_gc_collections_total", Map.of("collector", name), gc.count()));
        t.counter("brink_jvm_gc_seconds", "Time the target JVM's collectors took since it started.");
        gcs.forEach((name, gc) -> t.sample("brink_jvm_gc_seconds_total", Map.of("collector", name), gc.timeMs() / 1000.0));
        t.gauge("brink_jvm_threads", "The target JVM's threads by state.");
        new TreeMap<>(j.threadsByState()).forEach((state, n) -> t.sample("brink_jvm_threads", Map.of("state", state), n));
    }
}
