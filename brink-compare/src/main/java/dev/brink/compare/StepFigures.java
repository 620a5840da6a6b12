package dev.brink.compare;

import dev.brink.core.BrinkUserException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A measured step's figures over the whole step, as {@code brink compare} reads them (throughput, error rate, the
 * latency percentiles backed by enough requests, the target's CPU and GC per request): for the whole load and per
 * operation. What {@code brink history} draws across runs and report.html's knee sets side by side.
 *
 * @param step       the step's name in load.jsonl
 * @param whole      the whole load's figures; a metric the run did not measure is absent
 * @param operations each operation's figures (runs of more than one operation)
 */
public record StepFigures(String step, Map<RunMetric, Double> whole, Map<String, Map<RunMetric, Double>> operations) {
    public StepFigures {
        whole = Map.copyOf(whole);
        operations = Map.copyOf(operations);
    }

    /** Every measured step of a run directory, in the order run (a step measured twice: its last measurement). */
    public static Map<String, StepFigures> read(Path runDir) throws BrinkUserException {
        return of(RunRecord.read(runDir));
    }

    static Map<String, StepFigures> of(RunRecord run) {
        Map<String, StepFigures> out = new LinkedHashMap<>();
        for (StepSeconds step : run.steps.values()) {
            Map<RunMetric, Double> whole = null;
            Map<String, Map<RunMetric, Double>> ops = new LinkedHashMap<>();
            for (String op : step.operations()) {
                Map<RunMetric, Double> f = new EnumMap<>(RunMetric.class);
                put(f, RunMetric.THROUGHPUT, step.throughput(op).whole());
                put(f, RunMetric.ERROR_RATE, step.errorRate(op).whole());
                HistogramUnits latency = run.latency(step.name, op);
                if (latency != null) {
                    for (RunMetric m : RunMetric.values()) {
                        if (m.latency() && latency.total() >= m.requestsNeeded()) {
                            put(f, m, latency.whole(m.percentile()));
                        }
                    }
                }
                if (op.equals(StepSeconds.ALL)) {
                    // the whole process's CPU: a history spans runs with and without the compiler's figure, and
                    // one series must mean one thing (the pairwise compare takes the compiler off when both have it)
                    RatioUnits cpu = run.cpuPerRequest(step, false);
                    RatioUnits gc = run.gcPerRequest(step);
                    put(f, RunMetric.CPU_PER_REQUEST, cpu == null ? Double.NaN : cpu.whole());
                    put(f, RunMetric.GC_PER_REQUEST, gc == null ? Double.NaN : gc.whole());
                    whole = f;
                } else {
                    ops.put(op, f);
                }
            }
            out.put(step.name, new StepFigures(step.name, whole == null ? Map.of() : whole, ops));
        }
        return out;
    }

    private static void put(Map<RunMetric, Double> f, RunMetric m, double v) {
        if (!Double.isNaN(v) && !Double.isInfinite(v)) {
            f.put(m, v);
        }
    }
}
