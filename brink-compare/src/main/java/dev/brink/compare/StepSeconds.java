package dev.brink.compare;

import dev.brink.core.StepNames;
import dev.brink.core.line.IntervalStats;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The seconds of one measured load step as load.jsonl recorded them (one line per engine interval, its
 * {@code epoch_ms} the interval's end): per second the answers and errors of the whole load and of each operation.
 * Which steps are measurements, and which are the method's warm-ups, ramps and evidence captures, is
 * {@link StepNames#measured(String)}.
 */
final class StepSeconds {
    /** Totals of all operations: the key of the whole load among {@link #operations()}. */
    static final String ALL = "";
    /** Most units a step is split into: longer steps are cut into blocks of 2, 4, 8 … seconds (see {@link #secondsPerUnit}). */
    static final int MAX_UNITS = 150;

    final String name;
    final List<Long> endMs = new ArrayList<>();
    final List<Double> intervalS = new ArrayList<>();
    final List<Double> targetRps = new ArrayList<>();
    /** Per operation ({@link #ALL} first): answers and errors per second. */
    final Map<String, List<long[]>> okAndErrors = new LinkedHashMap<>();

    StepSeconds(String name) {
        this.name = name;
    }

    /**
     * A step's last interval is cut short when the step ends (the answers still in flight land in a sliver of a
     * second): below this length it is left out, since 2 answers in 44 ms are no rate of 45 req/s.
     */
    static final double MIN_INTERVAL_S = 0.5;

    /** The load the step was set to (events.jsonl's step-start), null when the run has no such event. */
    StepLoad load;

    /** The load a step was set to: a target rate (open model) or a number of users (closed). */
    record StepLoad(double targetRps, int users) {
        /** Whether two steps ran the same load: the same users, or target rates within {@code share} of each other. */
        boolean same(StepLoad o, double share) {
            return users == o.users && Math.abs(targetRps - o.targetRps) <= share * Math.max(targetRps, o.targetRps);
        }

        @Override
        public String toString() {
            return users > 0 ? users + " users" : String.format(java.util.Locale.ROOT, "%.1f req/s", targetRps);
        }
    }

    void add(IntervalStats line) {
        if (line.intervalS() < MIN_INTERVAL_S) {
            return;
        }
        endMs.add(line.epochMs());
        intervalS.add(line.intervalS());
        targetRps.add(line.targetRps());
        second(ALL, line.ok(), line.errors());
        if (line.ops().size() > 1) { // one operation's numbers are the totals
            // the record's map keeps no order: by name, so two runs list their operations alike
            new TreeMap<>(line.ops()).forEach((name, op) -> second(name, op.ok(), op.errors()));
        }
    }

    private void second(String op, long ok, Map<String, Long> errorsByKind) {
        long errors = 0;
        for (long e : errorsByKind.values()) {
            errors += e;
        }
        List<long[]> seconds = okAndErrors.computeIfAbsent(op, k -> new ArrayList<>());
        while (seconds.size() < endMs.size() - 1) {
            seconds.add(new long[2]); // an operation that first appears later had nothing before
        }
        seconds.add(new long[] {ok, errors});
    }

    int seconds() {
        return endMs.size();
    }

    List<String> operations() {
        return List.copyOf(okAndErrors.keySet());
    }

    /** Seconds per unit: 1 up to {@link #MAX_UNITS} seconds, then the smallest power of two that keeps under it. */
    int secondsPerUnit() {
        int s = 1;
        while ((seconds() + s - 1) / s > MAX_UNITS) {
            s *= 2;
        }
        return s;
    }

    int units() {
        int s = secondsPerUnit();
        return (seconds() + s - 1) / s;
    }

    /** The start of second {@code i} (its end less its length). */
    long startMs(int i) {
        return endMs.get(i) - Math.round(intervalS.get(i) * 1000);
    }

    /** The load the step was set to, else (a run without events.jsonl) the mean target rate of its seconds. */
    StepLoad stepLoad() {
        return load != null ? load : new StepLoad(targetRps.stream().mapToDouble(Double::doubleValue).average().orElse(0), 0);
    }

    /** Answers per second, unit by unit. */
    RatioUnits throughput(String op) {
        return new RatioUnits(sum(op, s -> s[0]), sum(ALL, null));
    }

    /** Errors per request, unit by unit. */
    RatioUnits errorRate(String op) {
        return new RatioUnits(sum(op, s -> s[1]), sum(op, s -> s[0] + s[1]));
    }

    /** Requests answered (ok or error) of all operations, unit by unit: the denominator of the per-request figures. */
    double[] requests() {
        return sum(ALL, s -> s[0] + s[1]);
    }

    /** Per unit, the sum over its seconds of {@code figure} of {@code op}'s {ok, errors}; null figure: the seconds' length. */
    private double[] sum(String op, java.util.function.ToDoubleFunction<long[]> figure) {
        int spu = secondsPerUnit();
        double[] out = new double[units()];
        List<long[]> s = okAndErrors.getOrDefault(op, List.of());
        for (int i = 0; i < seconds(); i++) {
            out[i / spu] += figure == null ? intervalS.get(i) : i < s.size() ? figure.applyAsDouble(s.get(i)) : 0;
        }
        return out;
    }
}
