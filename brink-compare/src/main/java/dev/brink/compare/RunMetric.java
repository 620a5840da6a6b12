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
     * HdrHistogram's 3 significant digits are far finer than that. The relative part grows toward the tail: a p99 of one
     * second of 1000 requests is its 10th slowest request, and the 10 slowest of a run move with every pause of the
     * machine, the p99.9 and the maximum more so.
     */
    P50("p50", "ms", false, 1.0, 0.05),
    P90("p90", "ms", false, 1.0, 0.05),
    P99("p99", "ms", false, 1.0, 0.10),
    P999("p99.9", "ms", false, 1.0, 0.20),
    /** The slowest request: one request, so shown and tested but never a regression the gate fails on ({@link #gated()}). */
    MAX("max", "ms", false, 1.0, 0.50),
    /**
     * The target JVM's CPU per request (process CPU time over requests answered), from jvm.jsonl: what a change to the
     * code costs per request whatever the load. JIT compiler and GC threads run on their own schedule, so 5 % of it
     * (and 10 µs) moves between two runs.
     */
    CPU_PER_REQUEST("cpu_per_request", "ms", false, 0.01, 0.05),
    /**
     * The target's GC time per request (collectors' time over requests answered): allocation per request, as the
     * collector sees it. A young collection more or less in a step moves it by its pause over the step's requests, so
     * 10 % (and 10 µs).
     */
    GC_PER_REQUEST("gc_per_request", "ms", false, 0.01, 0.10);

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
