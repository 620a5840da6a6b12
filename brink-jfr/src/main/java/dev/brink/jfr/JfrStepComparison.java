package dev.brink.jfr;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.Severity;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.HotMethodDetail;
import dev.brink.core.detail.LockContentionDetail;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Compares two load steps' windows of one recording: the step that broke against the last good one. A method or
 * lock whose cost per second grows faster than the load is what turns more load into less service: its cost
 * per request rises (a lock queue lengthens, a cache is outgrown), so it is named in the step's findings:
 * "at 4 × profile, 38 % of CPU samples in regex (Pattern$Curly.match) called from LogMasker.mask; 5.0 × the
 * samples per second of 3 × profile, for 1.3 × the load".
 *
 * <p>Rule: the broken step's path is hot ({@link HotPaths#hot}: ≥ 10 % of its CPU samples, or of its thread pool's)
 * or its lock site (a monitor's, or a java.util.concurrent lock's: {@link LockParks}) holds ≥ 10 % of its window in waits, and its rate grew at least {@value #FASTER} × the load ratio. The margin keeps sampling noise (a few
 * percent at hundreds of samples) from naming methods that merely scaled with the load.
 */
public final class JfrStepComparison {
    static final double FASTER = 1.25;

    private JfrStepComparison() {
    }

    /**
     * @param good     the last good step's window
     * @param goodLoad its load (multiplier or req/s; only the ratio counts)
     * @param bad      the broken step's window
     * @param badLoad  its load
     * @param evidence the recording's path as findings should cite it
     */
    public static List<Finding> compare(JfrReport good, double goodLoad, JfrReport bad, double badLoad, String evidence,
                                        String badStepName) {
        List<Finding> out = new ArrayList<>();
        double loadRatio = badLoad / goodLoad;
        double gSec = Math.max(good.durationSec(), 1e-3);
        double bSec = Math.max(bad.durationSec(), 1e-3);
        for (JfrReport.HotPath p : bad.hotPaths()) {
            if (!HotPaths.hot(p)) {
                continue;
            }
            long before = good.hotPaths().stream().filter(g -> g.appFrame().equals(p.appFrame()) && g.category() == p.category())
                    .mapToLong(JfrReport.HotPath::samples).sum();
            double growth = (p.samples() / bSec) / (Math.max(before, 1) / gSec);
            if (growth < FASTER * loadRatio) {
                continue;
            }
            Map<String, Object> d = Detail.map(HotMethodDetail.fromComparison(badStepName, Math.round(p.share() * 1000) / 1000.0,
                    p.category(), p.topMethod(), p.appFrame(), p.threads(), Math.round(p.threadsShare() * 1000) / 1000.0,
                    Math.round(growth * 100) / 100.0, Math.round(loadRatio * 100) / 100.0));
            out.add(new Finding(FindingKind.HOT_METHOD, Severity.WARNING, String.format(Locale.ROOT,
                    "at %s, %s in %s; %s the samples per second of the last good step, for %.1f × the load",
                    badStepName, HotPaths.share(p), HotPaths.what(p), before == 0 ? "new: not among" : String.format(Locale.ROOT, "%.1f ×", growth),
                    loadRatio), HotPaths.subject(p), List.of(evidence), d));
        }
        for (JfrReport.ContentionSite c : bad.contention()) {
            if (c.count() < JfrFindings.MIN_WAITS || c.totalMs() < JfrFindings.WAIT_SHARE * bSec * 1000) {
                continue;
            }
            double before = good.contention().stream().filter(g -> g.monitorClass().equals(c.monitorClass()) && g.site().equals(c.site()))
                    .mapToDouble(JfrReport.ContentionSite::totalMs).sum();
            double growth = (c.totalMs() / bSec) / (Math.max(before, 1) / gSec);
            if (growth < FASTER * loadRatio) {
                continue;
            }
            Map<String, Object> d = Detail.map(LockContentionDetail.fromComparison(badStepName, c.monitorClass(), c.waitKind(), c.site(), c.appFrame(),
                    Math.round(c.totalMs()), Math.round(growth * 100) / 100.0, Math.round(loadRatio * 100) / 100.0, c.owner(),
                    c.classLoading()));
            out.add(new Finding(FindingKind.LOCK_CONTENTION, Severity.WARNING, String.format(Locale.ROOT,
                    "at %s, threads waited %.1f s to %s %s at %s%s; %.1f × the wait per second of the last good step, for %.1f × the load",
                    badStepName, c.totalMs() / 1000, JfrFindings.take(c), c.monitorClass(), c.site(), c.classLoading() ? " (a class loader's lock)" : "",
                    growth, loadRatio), JfrFindings.contentionSubject(c), List.of(evidence), d));
        }
        return out;
    }
}
