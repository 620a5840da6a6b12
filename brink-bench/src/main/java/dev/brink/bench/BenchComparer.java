package dev.brink.bench;

import dev.brink.core.stats.Bootstrap;
import dev.brink.core.stats.MannWhitney;
import dev.brink.core.stats.Significance;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Compares two JMH result files benchmark by benchmark: the one entry point of brink bench's statistics.
 *
 * <p>The unit of independence is the fork. Each fork's figure is the mean of its measurement iterations; the
 * significance decision is the Mann-Whitney U test on those figures ({@link MannWhitney}: no normality assumed, the
 * same test as benchstat); the size of the change is the ratio of means with a bootstrap interval that resamples forks
 * ({@link Bootstrap}); the verdict and the gate are {@link Significance}'s, the rules {@code brink compare} applies to
 * a run's seconds too.
 */
public final class BenchComparer {
    private BenchComparer() {
    }

    public static CompareReport compare(String baseFile, List<BenchmarkResult> base, String newFile,
                                        List<BenchmarkResult> news, CompareOptions options) {
        Map<String, BenchmarkResult> b = pooled(base);
        Map<String, BenchmarkResult> n = pooled(news);
        List<Comparison> out = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        List<String> onlyInNew = new ArrayList<>();
        for (BenchmarkResult nr : n.values()) {
            BenchmarkResult br = b.get(nr.key());
            if (br == null) {
                onlyInNew.add(nr.key());
                continue;
            }
            add(out, skipped, br, nr, "score", br.primary(), nr.primary(), br.mode().higherIsBetter(), options);
            for (String name : options.secondary()) {
                Metric bm = br.secondary().get(name);
                Metric nm = nr.secondary().get(name);
                if (bm != null && nm != null) {
                    add(out, skipped, br, nr, name, bm, nm, Units.higherIsBetter(bm.unit()), options);
                }
            }
        }
        List<String> onlyInBase = b.keySet().stream().filter(k -> !n.containsKey(k)).toList();
        return new CompareReport(baseFile, newFile, options, out, onlyInBase, onlyInNew, skipped);
    }

    private static void add(List<Comparison> out, List<String> skipped, BenchmarkResult br, BenchmarkResult nr,
                            String metric, Metric bm, Metric nm, boolean higherIsBetter, CompareOptions o) {
        Metric converted = nm.in(bm.unit());
        if (!converted.unit().equals(bm.unit())) {
            skipped.add(br.key() + " " + metric + ": units " + bm.unit() + " and " + nm.unit() + " do not convert");
            return;
        }
        out.add(compare(br, metric, bm, converted, higherIsBetter, o));
    }

    static Comparison compare(BenchmarkResult br, String metric, Metric bm, Metric nm, boolean higherIsBetter,
                              CompareOptions o) {
        double[] b = bm.forkMeans();
        double[] x = nm.forkMeans();
        double ratio = Bootstrap.ratio(Bootstrap.mean(x), Bootstrap.mean(b));
        double[] ci = Bootstrap.ratioOfMeans(b, x, 1 - o.alpha());
        double p = MannWhitney.pValue(x, b);
        Significance s = Significance.decide(b.length, x.length, p, ci[0], ci[1], ratio, higherIsBetter, o.alpha(), "fork");
        // the gate's threshold is on the point estimate: "worse, and by more than 5 %" — significantly, or with too few
        // forks to tell (unless the user allows that)
        boolean gate = Significance.gateFails(s.verdict(), ratio, higherIsBetter, o.threshold(), o.allowInconclusive());
        return new Comparison(br.key(), br.label(), br.mode().jmhName(), metric, bm.unit(), higherIsBetter,
                side(bm), side(nm), ratio, ci[0], ci[1], p, s.verdict(), s.moreUnits(), gate, s.note());
    }

    private static Comparison.Side side(Metric m) {
        double[] means = m.forkMeans();
        double[][] its = new double[m.forks().size()][];
        for (int i = 0; i < its.length; i++) {
            its[i] = m.forks().get(i).values();
        }
        return new Comparison.Side(Bootstrap.mean(means), means, its);
    }

    /**
     * Results by key; the same benchmark twice in one file (runs appended to each other) is one result with the
     * forks of both, which is how more forks are added to an inconclusive comparison.
     */
    static Map<String, BenchmarkResult> pooled(List<BenchmarkResult> results) {
        Map<String, BenchmarkResult> byKey = new LinkedHashMap<>();
        for (BenchmarkResult r : results) {
            byKey.merge(r.key(), r, BenchComparer::pool);
        }
        return byKey;
    }

    private static BenchmarkResult pool(BenchmarkResult a, BenchmarkResult b) {
        Map<String, Metric> secondary = new LinkedHashMap<>();
        for (Map.Entry<String, Metric> e : a.secondary().entrySet()) {
            Metric other = b.secondary().get(e.getKey());
            if (other != null) {
                secondary.put(e.getKey(), pool(e.getValue(), other));
            }
        }
        return new BenchmarkResult(a.benchmark(), a.mode(), a.params(), a.threads(), a.jmhVersion(),
                pool(a.primary(), b.primary()), secondary);
    }

    private static Metric pool(Metric a, Metric b) {
        Metric bb = b.in(a.unit());
        List<ForkSamples> forks = new ArrayList<>(a.forks());
        if (bb.unit().equals(a.unit())) {
            forks.addAll(bb.forks());
        }
        return new Metric(a.unit(), forks);
    }

}
