package dev.brink.compare;

import dev.brink.core.BrinkUserException;
import dev.brink.core.stats.ChangePoints;
import dev.brink.core.summary.RunSummary;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code brink history DIR…}: each metric of a series of run directories (in the order given: time order) and the
 * change points in it, by E-divisive means ({@link ChangePoints}) at alpha {@value #ALPHA} with segments of at least
 * {@value #MIN_SEGMENT} runs. A change point is kept only when the means on its two sides differ by more than the
 * metric's noise floor ({@link RunMetric}): a significant shift of a tenth of a millisecond is not a change anyone
 * acts on.
 *
 * <p>Metrics: per step and operation each {@link RunMetric} (the step's whole figure, as {@code brink compare} reads
 * it), and per run the capacity found (req/s), the soak's heap-after-GC slope and the number of findings. Runs are
 * read one at a time, so memory holds one run's units and the figures, whatever the number of runs.
 */
public final class RunHistory {
    /** A history is read again and again as runs are added: 1 % keeps a false change point rare across its metrics. */
    static final double ALPHA = 0.01;
    static final int MIN_SEGMENT = 3;

    /** The runs (directory names) and every metric with its change points. */
    public record History(List<String> runs, List<HistorySeries> series) {
        public History {
            runs = List.copyOf(runs);
            series = List.copyOf(series);
        }

        public List<HistorySeries> changed() {
            return series.stream().filter(s -> !s.changes().isEmpty()).toList();
        }
    }

    private record Key(String name, String unit, boolean higherIsBetter, RunMetric metric) {
    }

    private RunHistory() {
    }

    public static History of(List<Path> runs) throws BrinkUserException {
        if (runs.size() < 2 * MIN_SEGMENT) {
            throw new BrinkUserException("brink history: " + runs.size() + " run directories; a change point needs at least "
                    + MIN_SEGMENT + " runs on each side, so at least " + 2 * MIN_SEGMENT);
        }
        Map<Key, double[]> values = new LinkedHashMap<>();
        List<String> names = new ArrayList<>();
        for (int r = 0; r < runs.size(); r++) {
            RunRecord run = RunRecord.read(runs.get(r));
            names.add(run.name());
            for (Map.Entry<Key, Double> e : figures(run).entrySet()) {
                double[] v = values.computeIfAbsent(e.getKey(), k -> nan(runs.size()));
                v[r] = e.getValue();
            }
        }
        List<HistorySeries> series = new ArrayList<>();
        values.forEach((k, v) -> series.add(new HistorySeries(k.name(), k.unit(), k.higherIsBetter(), v, changes(k, v, names))));
        return new History(names, series);
    }

    /** Every figure of one run, by the series it belongs to. */
    private static Map<Key, Double> figures(RunRecord run) {
        Map<Key, Double> out = new LinkedHashMap<>();
        for (StepFigures step : StepFigures.of(run).values()) {
            put(out, step.step() + " all ", step.whole());
            step.operations().forEach((op, f) -> put(out, step.step() + " " + op + " ", f));
        }
        RunSummary s = run.summary;
        if (s != null && s.capacity() != null) {
            out.put(new Key("capacity max_rps", "req/s", true, null), s.capacity().maxRps());
        }
        if (s != null && s.soak() != null) {
            out.put(new Key("soak heap_after_gc_slope", "MB/h", false, null), s.soak().slopeMbPerHour());
        }
        if (s != null) {
            out.put(new Key("findings", "findings", false, null), (double) s.findings().size());
        }
        return out;
    }

    private static void put(Map<Key, Double> out, String at, Map<RunMetric, Double> figures) {
        for (RunMetric m : RunMetric.values()) {
            Double v = figures.get(m);
            if (v != null) {
                out.put(new Key(at + m.json(), m.unit(), m.higherIsBetter(), m), v);
            }
        }
    }

    /** The change points of one series, over the runs that measured it, kept when beyond the metric's noise floor. */
    private static List<HistorySeries.Change> changes(Key k, double[] v, List<String> names) {
        int[] at = new int[v.length];
        double[] x = new double[v.length];
        int n = 0;
        for (int i = 0; i < v.length; i++) {
            if (!Double.isNaN(v[i])) {
                at[n] = i;
                x[n++] = v[i];
            }
        }
        x = Arrays.copyOf(x, n);
        List<ChangePoints.Change> found = ChangePoints.eDivisive(x, ALPHA, MIN_SEGMENT);
        List<HistorySeries.Change> out = new ArrayList<>();
        for (int c = 0; c < found.size(); c++) {
            int from = c == 0 ? 0 : found.get(c - 1).index();
            int mid = found.get(c).index();
            int to = c + 1 < found.size() ? found.get(c + 1).index() : n;
            double before = mean(x, from, mid);
            double after = mean(x, mid, to);
            if (k.metric() != null && k.metric().withinNoise(before, after)) {
                continue;
            }
            boolean worse = k.higherIsBetter() ? after < before : after > before;
            out.add(new HistorySeries.Change(at[mid], names.get(at[mid]), found.get(c).p(), before, after, worse));
        }
        return out;
    }

    private static double mean(double[] x, int from, int to) {
        double s = 0;
        for (int i = from; i < to; i++) {
            s += x[i];
        }
        return s / (to - from);
    }

    private static double[] nan(int n) {
        double[] v = new double[n];
        Arrays.fill(v, Double.NaN);
        return v;
    }
}
