package dev.brink.method;

import dev.brink.core.verdict.GeneratorIssue;
import dev.brink.core.line.GeneratorHealth;
import dev.brink.load.engine.IntervalListener;
import dev.brink.core.line.IntervalStats;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Collects the corrected p99 of each second of one load step, so the step can be judged on its trend: the
 * median p99 of the first third against that of the last third. Medians, so one slow second (a GC pause)
 * does not read as a trend. Also counts the seconds the generator flagged itself bound in, so one jittery
 * second does not condemn a whole step (see {@link #generatorBoundShare()}). Called on the engine's thread only.
 */
final class StepThirds implements IntervalListener {
    private final List<Double> p99s = new ArrayList<>();
    private volatile String step;
    private final int maxConnections;
    private final double sloP99Ms;
    private int seconds;
    private int boundSeconds;
    private int starvedSeconds;
    private int leakingSeconds;
    private int mostWaiting;
    private int silentSeconds;

    /**
     * @param maxConnections the generator's connection cap
     * @param sloP99Ms       the SLO's p99: a service answering within it is not what made requests wait
     */
    StepThirds(int maxConnections, double sloP99Ms) {
        this.maxConnections = maxConnections;
        this.sloP99Ms = sloP99Ms;
    }

    void begin(String stepName) {
        p99s.clear();
        seconds = 0;
        boundSeconds = 0;
        starvedSeconds = 0;
        leakingSeconds = 0;
        mostWaiting = 0;
        silentSeconds = 0;
        step = stepName;
    }

    @Override
    public void onInterval(IntervalStats interval, GeneratorHealth generator) {
        if (interval.step() == null || !interval.step().equals(step)) {
            return;
        }
        seconds++;
        if (interval.generatorBound()) {
            boundSeconds++;
        }
        if (generator != null && generator.issues().contains(GeneratorIssue.LEAKING)) {
            leakingSeconds++;
        }
        // Connection-starved: every connection the generator may open is busy, requests wait in the generator
        // for one, and yet the service answers the requests it gets within the SLO. The queue is the generator's.
        if (interval.waiting() > 0 && interval.connections() >= maxConnections && interval.uncorrected().count() > 0
                && interval.uncorrected().p99Ms() <= sloP99Ms) {
            starvedSeconds++;
            mostWaiting = Math.max(mostWaiting, interval.waiting());
        }
        if (interval.corrected().count() > 0) {
            p99s.add(interval.corrected().p99Ms());
        }
        silentSeconds = silence(interval, silentSeconds);
    }

    /**
     * The seconds, up to this one, in a row in which the target's port was closed: requests failed and every failure was
     * a refused connect or a reset ({@link StepJudge#CLOSED_PORT}). A second with no request at all does not break the
     * row. Timeouts do not count here: an overloaded service also answers nothing for a while, and is degraded, not gone.
     */
    static int silence(IntervalStats i, int before) {
        long errors = i.errorCount();
        if (i.ok() > 0) return 0;
        if (errors == 0) return before;
        long none = i.errors().entrySet().stream().filter(e -> StepJudge.CLOSED_PORT.contains(e.getKey())).mapToLong(Map.Entry::getValue).sum();
        return none == errors ? before + 1 : 0;
    }

    /** The seconds at the end of the step in which the target's port was closed (see {@link #silence}). */
    int silentSeconds() {
        return silentSeconds;
    }

    /** Share of the step's seconds in which the generator could not keep its schedule, 0..1. */
    double generatorBoundShare() {
        return seconds == 0 ? 0 : (double) boundSeconds / seconds;
    }

    /** Share of the step's seconds in which the generator's connection cap, not the service, held requests back. */
    double connectionStarvedShare() {
        return seconds == 0 ? 0 : (double) starvedSeconds / seconds;
    }

    /** Share of the step's seconds in which the generator's self-watch said Brink's own JVM was leaking, 0..1. */
    double generatorLeakingShare() {
        return seconds == 0 ? 0 : (double) leakingSeconds / seconds;
    }

    int starvedSeconds() {
        return starvedSeconds;
    }

    int mostWaiting() {
        return mostWaiting;
    }

    int maxConnections() {
        return maxConnections;
    }

    int seconds() {
        return seconds;
    }

    int boundSeconds() {
        return boundSeconds;
    }

    double firstThirdMs() {
        return median(0, p99s.size() / 3);
    }

    double lastThirdMs() {
        return median(p99s.size() - p99s.size() / 3, p99s.size());
    }

    /** The Mann-Kendall Z of the step's per-second p99s (see {@link MannKendall}). */
    double trendZ() {
        double[] v = p99s.stream().mapToDouble(Double::doubleValue).toArray();
        return MannKendall.z(v, v.length);
    }

    private double median(int from, int to) {
        if (to <= from) {
            return 0;
        }
        double[] v = p99s.subList(from, to).stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(v);
        return v[v.length / 2];
    }
}
