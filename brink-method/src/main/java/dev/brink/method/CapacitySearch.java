package dev.brink.method;

import dev.brink.core.verdict.LimitedBy;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * The capacity search's walk over multipliers of the profile: N = start, start+step, … up to max, until a
 * step degrades; then, when refining, bisection between the last good and the first bad N until they
 * are adjacent. A generator-bound step ends the search: the generator, not the target, is the limit.
 *
 * <p>Usage: {@code while ((n = search.next()).isPresent()) search.record(n, judge(run(n)));} then
 * {@link #outcome()}. Not thread-safe; one search per run.
 */
public final class CapacitySearch {
    private final int step;
    private final int max;
    private final boolean refine;

    private int lastGood;          // 0: none yet
    private int firstBad = -1;     // -1: none yet
    private StepVerdict firstBadVerdict;
    private String generatorReason;
    private String hostReason;
    private int pending;           // the multiplier handed out and not yet recorded, 0 if none
    private int nextScan;
    private final List<Integer> tried = new ArrayList<>();

    public CapacitySearch(int start, int step, int max, boolean refine) {
        if (start < 1 || step < 1 || max < start) {
            throw new IllegalArgumentException("need 1 <= start <= max and step >= 1, was start=" + start
                    + " step=" + step + " max=" + max);
        }
        this.step = step;
        this.max = max;
        this.refine = refine;
        this.nextScan = start;
    }

    /** The next multiplier to run, or empty when the search is over. */
    public OptionalInt next() {
        if (pending != 0) {
            throw new IllegalStateException("record the result of multiplier " + pending + " first");
        }
        if (generatorReason != null || hostReason != null) {
            return OptionalInt.empty();
        }
        int n;
        if (firstBad < 0) {
            n = nextScan <= max ? nextScan : 0;
        } else if (refine && firstBad - lastGood > 1 && !(lastGood == 0 && tried.contains(1))) {
            n = lastGood + (firstBad - lastGood) / 2;
            if (n == 0) {
                n = 1;
            }
            if (tried.contains(n)) {
                n = 0;
            }
        } else {
            n = 0;
        }
        if (n == 0) {
            return OptionalInt.empty();
        }
        pending = n;
        return OptionalInt.of(n);
    }

    /** Records how multiplier n (the one {@link #next()} gave) was judged. */
    public void record(int n, StepVerdict verdict) {
        if (n != pending) {
            throw new IllegalStateException("expected the result of multiplier " + pending + ", got " + n);
        }
        pending = 0;
        tried.add(n);
        switch (verdict.kind()) {
            case OK -> {
                lastGood = Math.max(lastGood, n);
                if (firstBad < 0) {
                    nextScan = n + step;
                }
            }
            case DEGRADED -> {
                if (firstBad < 0 || n < firstBad) {
                    firstBad = n;
                    firstBadVerdict = verdict;
                }
            }
            case GENERATOR_BOUND -> generatorReason = verdict.generatorReason() == null ? "the generator was the limit" : verdict.generatorReason();
            case TARGET_DIED -> throw new IllegalArgumentException("a step during which the target died is no verdict: do not record it");
            // the machine stayed saturated by others (after a re-measure): what it measures is the machine, so stop
            case HOST_SATURATED -> hostReason = verdict.generatorReason() == null ? "other processes saturated the host" : verdict.generatorReason();
        }
    }

    public Outcome outcome() {
        if (hostReason != null) {
            return new Outcome(lastGood, firstBad, LimitedBy.HOST_SATURATED, hostReason);
        }
        if (generatorReason != null) {
            return new Outcome(lastGood, firstBad, LimitedBy.GENERATOR, generatorReason);
        }
        if (firstBad < 0) {
            return new Outcome(lastGood, -1, LimitedBy.NONE, "reached the search's max multiplier " + max + " without degrading");
        }
        Degradation first = firstBadVerdict.degradations().get(0);
        return new Outcome(lastGood, firstBad, first.rule().limitedBy(), first.tripped().operationText(),
                first.worst() == null ? null : first.worst().name());
    }

    /**
     * @param maxMultiplier the highest multiplier that held (0 when none did)
     * @param firstBad      the lowest degraded multiplier, -1 when none degraded
     * @param limitedBy     errors, latency, throughput, generator, host-saturated or none
     * @param why           the numbers behind limitedBy, for a person
     * @param operation     the operation that degraded first (worst on the first bad step's first rule), or null
     */
    public record Outcome(int maxMultiplier, int firstBad, LimitedBy limitedBy, String why, String operation) {
        public Outcome(int maxMultiplier, int firstBad, LimitedBy limitedBy, String why) {
            this(maxMultiplier, firstBad, limitedBy, why, null);
        }
    }
}
