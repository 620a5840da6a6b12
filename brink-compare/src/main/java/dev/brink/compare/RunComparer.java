package dev.brink.compare;

import dev.brink.core.BrinkUserException;
import dev.brink.core.stats.Bootstrap;
import dev.brink.core.stats.MannWhitney;
import dev.brink.core.stats.Significance;
import dev.brink.core.stats.Verdict;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Compares two run directories step by step: the entry point of {@code brink compare}, {@code brink run --baseline},
 * and the build integrations' baselines.
 *
 * <p><b>The unit is the second.</b> The load engine records every second's answers, errors and latency histogram;
 * requests of one second share a moment of the machine (a collection, a neighbour's burst), seconds much less so. A
 * step longer than {@value StepSeconds#MAX_UNITS} seconds is cut into blocks of 2, 4, 8 … seconds (the same length
 * on both sides), which keeps the bootstrap cheap and absorbs the correlation between neighbouring seconds.
 *
 * <p><b>Per step, per operation, per metric</b> ({@link RunMetric}): the figure over the whole step (a percentile of
 * the step's merged histogram; Σ answers / Σ seconds; Σ errors / Σ requests; Σ CPU or GC ms / Σ requests), the ratio
 * NEW/BASE with a 95 % percentile-bootstrap interval that resamples each side's units and recomputes that figure
 * ({@value #RESAMPLES} resamples, fixed seed), and the Mann-Whitney U test on the units' own figures, its p-values
 * adjusted by Holm's method over all the comparison's metrics (tens of tests: unadjusted, one would be "significant"
 * by chance in most comparisons of two runs of the same code). The verdict and the gate are {@link Significance}'s,
 * the same as {@code brink bench compare}'s; then a change within the metric's noise floor ({@link RunMetric}) is "no
 * significant change" whatever the test says, so two runs of the same load on the same machine compare clean.
 *
 * <p><b>Steps</b> are compared when both runs measured them (a capacity step at the same multiplier, the confirmation's
 * hold, the soak, a one-line run's step) at the same load (events.jsonl's step-start: the same users, or target rates
 * within {@value #SAME_LOAD} of each other).
 *
 * <p>A step either run's method did not judge (host-saturated: it measured the machine; generator-bound; target-died)
 * is left out ({@link StepJudgement}), as the capacity search leaves it out of the capacity. A latency change in a
 * judged step that other work on the host can account for — one side ran more of its seconds beside it — is
 * inconclusive, not better or worse ({@link SharedHost}).
 *
 * <p><b>Phases</b> are one measurement per run: the capacity is lower (WORSE) when NEW degraded at a multiplier BASE
 * held, higher when BASE degraded at one NEW held, inconclusive when either search did not end on the service's own
 * limit (the generator, a saturated host, a cut-short run, the search's maximum); the confirmation and the soak are
 * WORSE when their verdict went from passed to failed (holds → degraded, stable → leak), BETTER the other way.
 */
public final class RunComparer {
    /** Bootstrap resamples: between two seeds the interval's ends move by under 1 % of the ratio at 2000. */
    static final int RESAMPLES = 2000;
    /**
     * Collections a step needs on each side for its GC time per request to be compared. GC time arrives in whole
     * collections: a young collection more or less is a pause more or less, so a step with 2 collections against one
     * with 1 reads as +100 % (and 0 against 1 as an infinite change) whatever the code did. The number of collections
     * in a step is near Poisson (allocation steady, a collection each time the young generation fills), so its relative
     * spread is 1/√k: 10 collections a side keep one more or less within about a third, the same "10 beyond it" rule
     * the latency percentiles follow ({@link RunMetric#TAIL_REQUESTS}). Below it the metric is listed as not compared.
     */
    static final int MIN_COLLECTIONS = 10;
    /** Steps whose mean target rates differ by more than this share are different loads, not compared. */
    static final double SAME_LOAD = 0.01;

    private RunComparer() {
    }

    public static RunComparison compare(Path base, Path news, CompareSettings settings) throws BrinkUserException {
        return compare(base.toString(), RunRecord.read(base), news.toString(), RunRecord.read(news), settings);
    }

    static RunComparison compare(String baseName, RunRecord base, String newName, RunRecord news, CompareSettings s) {
        List<Measured> measured = new ArrayList<>();
        List<String> notCompared = new ArrayList<>();
        for (StepSeconds b : base.steps.values()) {
            StepSeconds n = news.steps.get(b.name);
            if (n == null) {
                notCompared.add("step " + b.name + ": in BASE only");
                continue;
            }
            String baseNotJudged = StepJudgement.notJudged(base.summary, b.name);
            String newNotJudged = StepJudgement.notJudged(news.summary, b.name);
            if (baseNotJudged != null || newNotJudged != null) {
                notCompared.add("step " + b.name + ": " + (baseNotJudged != null ? "BASE's was " + baseNotJudged : "NEW's was "
                        + newNotJudged) + ", no measurement of the service");
                continue;
            }
            if (!b.stepLoad().same(n.stepLoad(), SAME_LOAD)) {
                notCompared.add("step " + b.name + ": BASE at " + b.stepLoad() + ", NEW at " + n.stepLoad() + ": not the same load");
                continue;
            }
            compareStep(base, b, news, n, s, measured, notCompared);
        }
        for (StepSeconds n : news.steps.values()) {
            if (!base.steps.containsKey(n.name)) {
                notCompared.add("step " + n.name + ": in NEW only");
            }
        }
        if (base.jvmWatched() && news.jvmWatched() && !(base.jitKnown() && news.jitKnown())) {
            notCompared.add("cpu_per_request includes the JIT compiler's CPU: " + (base.jitKnown() ? "NEW" : "BASE")
                    + " did not record it (a remote JVM, or a run of an earlier Brink)");
        }
        List<MetricComparison> metrics = decide(measured, s);
        List<PhaseChange> phases = PhaseChanges.of(base.summary, news.summary, s);
        FindingChanges findings = FindingChanges.of(base.summary == null ? List.of() : base.summary.findings(),
                news.summary == null ? List.of() : news.summary.findings());
        if (base.summary == null || news.summary == null) {
            notCompared.add((base.summary == null ? "BASE" : "NEW") + " has no summary.json (the run did not finish): "
                    + "capacity, confirmation, soak and findings not compared");
        }
        return new RunComparison(baseName, newName, s, metrics, phases, findings, notCompared);
    }

    private static void compareStep(RunRecord base, StepSeconds b, RunRecord news, StepSeconds n, CompareSettings s,
                                    List<Measured> out, List<String> notCompared) {
        int spu = Math.max(b.secondsPerUnit(), n.secondsPerUnit());
        int fb = spu / b.secondsPerUnit();
        int fn = spu / n.secondsPerUnit();
        HostShares shares = new HostShares(base.sharedShare(b), news.sharedShare(n)); // one step's, every operation's
        for (String op : b.operations()) {
            if (!n.okAndErrors.containsKey(op)) {
                notCompared.add("step " + b.name + " operation " + op + ": in BASE only");
                continue;
            }
            Pair pair = new Pair(b.name, op, spu, s, shares);
            pair.ratio(RunMetric.THROUGHPUT, b.throughput(op).coarsened(fb), n.throughput(op).coarsened(fn), out);
            pair.ratio(RunMetric.ERROR_RATE, b.errorRate(op).coarsened(fb), n.errorRate(op).coarsened(fn), out);
            HistogramUnits lb = base.latency(b.name, op);
            HistogramUnits ln = news.latency(n.name, op);
            if (lb != null && ln != null) {
                pair.latency(lb.coarsened(fb), ln.coarsened(fn), out, notCompared);
            }
            if (op.equals(StepSeconds.ALL)) {
                // the compiler's CPU off both sides when both recorded it (RunMetric.CPU_PER_REQUEST), else on both
                boolean outsideJit = base.jitKnown() && news.jitKnown();
                RatioUnits cb = base.cpuPerRequest(b, outsideJit);
                RatioUnits cn = news.cpuPerRequest(n, outsideJit);
                if (cb != null && cn != null) {
                    pair.ratio(RunMetric.CPU_PER_REQUEST, cb.coarsened(fb), cn.coarsened(fn), out);
                }
                RatioUnits gb = base.gcPerRequest(b);
                RatioUnits gn = news.gcPerRequest(n);
                if (gb != null && gn != null) {
                    long kb = base.collections(b);
                    long kn = news.collections(n);
                    if (kb < MIN_COLLECTIONS || kn < MIN_COLLECTIONS) {
                        notCompared.add("step " + b.name + " operation all: " + collections(kb) + " in BASE, " + collections(kn)
                                + " in NEW, too few for gc_per_request (needs " + MIN_COLLECTIONS + " on each side)");
                    } else {
                        pair.ratio(RunMetric.GC_PER_REQUEST, gb.coarsened(fb), gn.coarsened(fn), out);
                    }
                }
            }
        }
    }

    /** A side's count of collections in words: jvm.jsonl may not cover the step (a JVM restarted inside it). */
    private static String collections(long count) {
        return count < 0 ? "no collection count" : count + (count == 1 ? " collection" : " collections");
    }

    /**
     * One metric measured on both sides, before its verdict: the p-values of all are adjusted together. {@code host}:
     * the step's shared seconds when they can account for the change ({@link SharedHost}), else null.
     */
    private record Measured(String step, String op, RunMetric metric, double base, double news, double[] ci, double p,
                            int baseUnits, int newUnits, int secondsPerUnit, HostShares host) {
    }

    /** One step and operation of both runs, with the statistics each metric runs. */
    private record Pair(String step, String op, int secondsPerUnit, CompareSettings s, HostShares shares) {
        void ratio(RunMetric m, RatioUnits b, RatioUnits n, List<Measured> out) {
            if (b.units() == 0 || n.units() == 0) {
                return;
            }
            double[] ci = Bootstrap.ratio(b.units(), b.resampled(), n.units(), n.resampled(), 1 - s.alpha(), RESAMPLES);
            out.add(measured(m, b.whole(), n.whole(), ci, b.perUnit(), n.perUnit(), null));
        }

        void latency(HistogramUnits b, HistogramUnits n, List<Measured> out, List<String> notCompared) {
            long fewer = Math.min(b.total(), n.total());
            List<RunMetric> ms = new ArrayList<>();
            List<String> skipped = new ArrayList<>();
            for (RunMetric m : List.of(RunMetric.P50, RunMetric.P90, RunMetric.P99, RunMetric.P999, RunMetric.MAX)) {
                if (fewer >= m.requestsNeeded()) {
                    ms.add(m);
                } else {
                    skipped.add(m.json() + " (needs " + m.requestsNeeded() + ")");
                }
            }
            if (!skipped.isEmpty()) {
                notCompared.add("step " + step + " operation " + (op.isEmpty() ? "all" : op) + ": " + fewer + " requests on a side, "
                        + "too few for " + String.join(", ", skipped) + ": " + RunMetric.TAIL_REQUESTS + " beyond the percentile");
            }
            double[] qs = ms.stream().mapToDouble(RunMetric::percentile).toArray();
            double[][] ci = Bootstrap.ratios(b.units(), b.resampled(qs), n.units(), n.resampled(qs), qs.length, 1 - s.alpha(),
                    RESAMPLES);
            for (int i = 0; i < ms.size(); i++) {
                double wb = b.whole(qs[i]);
                double wn = n.whole(qs[i]);
                if (!Double.isNaN(wb) && !Double.isNaN(wn)) {
                    HistogramUnits faster = wn > wb ? b : n;
                    boolean host = shares.accountsFor(ms.get(i).percentile(), wb, wn, faster::whole);
                    out.add(measured(ms.get(i), wb, wn, ci[i], b.perUnit(qs[i]), n.perUnit(qs[i]), host ? shares : null));
                }
            }
        }

        private Measured measured(RunMetric m, double wb, double wn, double[] ci, double[] ub, double[] un, HostShares host) {
            return new Measured(step, op, m, wb, wn, ci, MannWhitney.pValue(un, ub), ub.length, un.length, secondsPerUnit, host);
        }
    }

    /**
     * The verdicts of all metrics of a comparison, decided together: their p-values adjusted by Holm's method
     * ({@link Significance#holm}), so that two runs of the same code show no significant change on any of the tens
     * of metrics more often than alpha; then the noise floor.
     */
    private static List<MetricComparison> decide(List<Measured> all, CompareSettings s) {
        double[] adjusted = Significance.holm(all.stream().mapToDouble(Measured::p).toArray());
        List<MetricComparison> out = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            Measured x = all.get(i);
            RunMetric m = x.metric();
            double ratio = Bootstrap.ratio(x.news(), x.base());
            String unit = x.secondsPerUnit() == 1 ? "second" : x.secondsPerUnit() + "-second block";
            Significance sig = Significance.decide(x.baseUnits(), x.newUnits(), adjusted[i], x.ci()[0], x.ci()[1], ratio,
                    m.higherIsBetter(), s.alpha(), all.size(), unit);
            Verdict verdict = sig.verdict();
            String note = sig.note() + (all.size() > 1 ? " (Holm-adjusted over " + all.size() + " metrics)" : "");
            if (verdict != Verdict.NO_CHANGE && m.withinNoise(x.base(), x.news())) {
                verdict = Verdict.NO_CHANGE;
                note = "within the noise floor (" + floor(m) + "); " + note;
            }
            HostShares host = null;
            if ((verdict == Verdict.WORSE || verdict == Verdict.BETTER) && x.host() != null) {
                // the other work on the host can account for it: no side is blamed, and more seconds would not settle it
                verdict = Verdict.INCONCLUSIVE;
                host = x.host();
                note = host.text() + "; " + note;
            }
            boolean regression = m.gated()
                    && Significance.gateFails(verdict, ratio, m.higherIsBetter(), s.threshold(), s.allowInconclusive());
            out.add(new MetricComparison(x.step(), x.op(), m, x.base(), x.news(), ratio, x.ci()[0], x.ci()[1], x.p(), adjusted[i],
                    x.baseUnits(), x.newUnits(), x.secondsPerUnit(), verdict,
                    verdict == Verdict.INCONCLUSIVE && host == null ? sig.moreUnits() * x.secondsPerUnit() : 0, regression, host,
                    note));
        }
        return out;
    }

    /** "1 ms or 10 %": a metric's noise floor as printed. */
    static String floor(RunMetric m) {
        String abs = m.unit().equals("share") ? String.format(Locale.ROOT, "%.1f points", m.absoluteFloor() * 100)
                : trim(m.absoluteFloor()) + " " + m.unit();
        return m.relativeFloor() > 0 ? abs + " or " + trim(m.relativeFloor() * 100) + " %" : abs;
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
