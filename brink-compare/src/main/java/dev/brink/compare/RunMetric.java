package dev.brink.compare;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * What {@code brink compare} measures per step and operation, with its direction and its noise floor: a change
 * smaller than the floor's absolute part, or than its relative part of BASE's figure, is "no significant change"
 * whatever the p-value, and never a regression. The floors are what two runs of the same plan against the same
 * service on one machine differ by without any change to the code (bench/compare-pairs.sh measures it), so a pair of
 * such runs compares clean; each is explained where it is declared.
 */
public enum RunMetric {
    /**
     * Answers (ok) per second. In an open model it follows the schedule while the service keeps up, so two runs of one
     * plan differ by the requests a second's edge puts on one side or the other: half a request per second, or 2 %.
     */
    THROUGHPUT("throughput", "req/s", true, 0.5, 0.02),
    /**
     * Errors per request. A handful of errors in thousands (a connection reset as a step starts) is not a change of
     * the service: 0.1 percentage point. No relative part: from 0 errors any error is an infinite ratio.
     */
    ERROR_RATE("error_rate", "share", false, 0.001, 0),
    /**
     * Latency percentiles from latency.hlog (corrected: from the intended send time). Below a millisecond the
     * loopback, the scheduler's time slice and one young collection move latency between two runs of the same code;
     * HdrHistogram's 3 significant digits are far finer than that.
     *
     * <p>The relative parts are what two runs of the same plan against two processes of the same service differ by, as
     * measured, not guessed: bench/compare-pairs.sh, 5 pairs of runs on the quiet 2-core machine (2026-11-27, 30 s
     * steps at 100 and 200 req/s, each run launching its own JVM of the sample), moved p50 by up to 12.7 %, p90 by up
     * to 30.3 % and p99 by up to 31.6 % (per operation; the whole load's by up to 10.2, 18.4 and 24.0 %), with
     * per-second p-values down to 10^-8: each run's seconds agree with each other, the two processes do not. The
     * seconds of one run cannot see that: they share one process, whose JIT compiled the request path its own way
     * and at its own time — at 100 req/s a method called once per request reaches C2's thresholds
     * (Tier4InvocationThreshold 5000, Tier4CompileThreshold 15000) only after a minute or more, so the first steps of
     * a run run code of tiers that differ from one process to the next — and whose heap layout and collections are
     * its own. So a single run a side can only show changes beyond that spread: 15 % at the median, 35 % at p90, 40 %
     * at p99, 50 % at p99.9, each above the largest seen. A change the floors hide needs longer steps or more runs a
     * side, not a finer test; the crypto defect of bench/compare-pairs.sh (+22 to +31 % at the median of the operations
     * that sign) stays above them.
     */
    P50("p50", "ms", false, 1.0, 0.15),
    P90("p90", "ms", false, 1.0, 0.35),
    P99("p99", "ms", false, 1.0, 0.40),
    P999("p99.9", "ms", false, 1.0, 0.50),
    /**
     * The slowest request: one request (it moved by up to 112 % between the measured pairs), so shown and tested but
     * never a regression the gate fails on ({@link #gated()}).
     */
    MAX("max", "ms", false, 1.0, 1.50),
    /**
     * The target JVM's CPU per request (process CPU time over requests answered), from jvm.jsonl: what a change to the
     * code costs per request whatever the load. Less the JIT compiler threads' CPU when both runs recorded it
     * ({@code cpu.jit_cpu_ns}, a target on this machine): a new process compiles most in its first minutes, on its own
     * schedule, and in short steps of a service just started that alone moved the CPU per request by over 20 % between
     * two builds of the same code (examples/orders-service, 3 s steps). What it leaves out is a code change's effect on
     * compiling, which the steady state does not pay. With the compiler's CPU in, it moved by up to 14.5 % between the
     * measured pairs (30 s steps), so 20 % (and 10 µs); its GC threads stay in (allocation is the code's cost).
     */
    CPU_PER_REQUEST("cpu_per_request", "ms", false, 0.01, 0.20),
    /**
     * The target's GC time per request (collectors' time over requests answered): allocation per request, as the
     * collector sees it. It is compared only where each side had 10 collections or more in the step
     * (RunComparer.MIN_COLLECTIONS); the count of collections is then within about 1/√10 of its mean, so 30 % (and 10 µs).
     */
    GC_PER_REQUEST("gc_per_request", "ms", false, 0.01, 0.30);

    private final String json;
    private final String unit;
    private final boolean higherIsBetter;
    private final double absoluteFloor;
    private final double relativeFloor;

    RunMetric(String json, String unit, boolean higherIsBetter, double absoluteFloor, double relativeFloor) {
        this.json = json;
        this.unit = unit;
        this.higherIsBetter = higherIsBetter;
        this.absoluteFloor = absoluteFloor;
        this.relativeFloor = relativeFloor;
    }

    @JsonValue
    public String json() {
        return json;
    }

    /** The unit of {@link #json()}'s figures: "ms", "req/s", "share" (0..1). */
    public String unit() {
        return unit;
    }

    public boolean higherIsBetter() {
        return higherIsBetter;
    }

    /** Changes at most this large, in {@link #unit()}, are noise. */
    public double absoluteFloor() {
        return absoluteFloor;
    }

    /** Changes at most this share of BASE's figure are noise. */
    public double relativeFloor() {
        return relativeFloor;
    }

    /** Whether going from {@code base} to {@code news} is within the noise floor. */
    public boolean withinNoise(double base, double news) {
        double change = Math.abs(news - base);
        return change <= absoluteFloor || change <= relativeFloor * Math.abs(base);
    }

    /** The percentile of a latency metric (0.99 for p99, 1 for max), NaN for the others. */
    public double percentile() {
        return switch (this) {
            case P50 -> 0.50;
            case P90 -> 0.90;
            case P99 -> 0.99;
            case P999 -> 0.999;
            case MAX -> 1.0;
            default -> Double.NaN;
        };
    }

    public boolean latency() {
        return !Double.isNaN(percentile());
    }

    /**
     * Requests a step needs on each side for this percentile to be a measurement: {@value #TAIL_REQUESTS} beyond it
     * (1000 for p99, 10 000 for p99.9). With fewer it rests on a handful of requests, whatever the machine did to them,
     * and is not compared. 0 for the metrics that are not percentiles and for the maximum.
     */
    public long requestsNeeded() {
        double q = percentile();
        return Double.isNaN(q) || q >= 1 ? 0 : (long) Math.ceil(TAIL_REQUESTS / (1 - q) - 1e-6);
    }

    /** Whether a regression of this metric fails the gate: all but the slowest single request. */
    public boolean gated() {
        return this != MAX;
    }

    /** Requests beyond a percentile for it to be compared ({@link #requestsNeeded()}). */
    public static final int TAIL_REQUESTS = 10;
}
