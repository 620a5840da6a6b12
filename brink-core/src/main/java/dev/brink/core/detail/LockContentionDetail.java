package dev.brink.core.detail;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;

/**
 * {@code lock-contention}: from thread dumps (brink-threads: a lock, its holder and its waiters, {@link #fromDumps}), from
 * a JFR recording (brink-jfr: a monitor's waits at one site, {@link #fromRecording}), or from the comparison of a broken
 * step's recording with the last good one's ({@link #fromComparison}: the wait that grew faster than the load).
 *
 * @param step                the capacity step whose recording showed it
 * @param waitKind            ({@code wait}) the kind of wait the dumps show, or the recording's events: {@code enter} from
 *                            jdk.JavaMonitorEnter, {@code park} from jdk.ThreadPark on a java.util.concurrent lock
 * @param holderFrames        the holder's stack, top first
 * @param waiterCount         most threads waiting at once in one dump
 * @param waiterGroup         the waiters in words ("7 of 8 BookThread-*")
 * @param waitersXDumps       waiters summed over the dumps
 * @param waits               JFR: monitor-enter waits at the site
 * @param waitMs              JFR: their total, ms
 * @param threadsBlockedAvg   JFR: the waits over the window: threads blocked there on average
 * @param rateGrowth          comparison: the wait per second of the broken step over the good one's
 * @param loadGrowth          comparison: the broken step's load over the good one's
 * @param cause               JFR: {@link LockCause#CLASS_LOADING} when the monitor is a class loader's lock
 * @param classesLoadedPerSec JFR, class loading: classes loaded per second over the window
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record LockContentionDetail(String step, String lock, String lockClass, @JsonProperty("wait") LockWait waitKind, String holderThread, String holderState,
                                   String holderFrame, List<String> holderFrames, List<String> holdersSeen, Integer waiterCount,
                                   List<String> waiters, String waiterGroup, @JsonProperty("waiters_x_dumps") Integer waitersXDumps,
                                   Integer dumpsSeen, Integer dumpsTotal,
                                   String monitorClass, String site, String appFrame, Long waits, Long waitMs, Long maxWaitMs,
                                   Double threadsBlockedAvg, Double rateGrowth, Double loadGrowth, String owner, LockCause cause,
                                   Long classesLoadedPerSec) implements Detail, Stepped {
    public LockContentionDetail {
        holderFrames = holderFrames == null ? null : List.copyOf(holderFrames);
        holdersSeen = holdersSeen == null ? null : List.copyOf(holdersSeen);
        waiters = waiters == null ? null : List.copyOf(waiters);
        Ranges.atLeastZero("waiter_count", waiterCount);
        Ranges.atLeastZero("waiters_x_dumps", waitersXDumps);
        if (dumpsSeen != null && dumpsTotal != null && (dumpsSeen < 1 || dumpsSeen > dumpsTotal)) {
            throw new IllegalArgumentException("dumps_seen: expected 1.." + dumpsTotal + " (dumps_total), got " + dumpsSeen);
        }
        Ranges.atLeastZero("waits", waits);
        Ranges.atLeastZero("wait_ms", waitMs);
        Ranges.atLeastZero("max_wait_ms", maxWaitMs);
        Ranges.atLeastZero("threads_blocked_avg", threadsBlockedAvg);
        Ranges.atLeastZero("classes_loaded_per_sec", classesLoadedPerSec);
    }

    /** The holder a dump shows: its thread, state, top frame (null when the dump has none) and stack. */
    public record Holder(String thread, String state, String frame, List<String> frames) {
        public static final Holder NOT_SHOWN = new Holder(null, null, null, null);
    }

    /** A lock in thread dumps: its identity and class, who holds it, who waits and in how many dumps. */
    public static LockContentionDetail fromDumps(String lock, String lockClass, LockWait wait, Holder holder, List<String> holdersSeen,
                                                 int waiterCount, List<String> waiters, String waiterGroup, int waitersXDumps,
                                                 int dumpsSeen, int dumpsTotal) {
        return new LockContentionDetail(null, lock, lockClass, wait, holder.thread(), holder.state(), holder.frame(), holder.frames(),
                holdersSeen, waiterCount, waiters, waiterGroup, waitersXDumps, dumpsSeen, dumpsTotal, null, null, null, null, null, null,
                null, null, null, null, null, null);
    }

    /**
     * A lock's waits at one site in a recording, monitor enters or parks ({@code wait}); {@code classesLoadedPerSec} only
     * for a class loader's lock (its cause is then {@link LockCause#CLASS_LOADING}), null otherwise.
     */
    public static LockContentionDetail fromRecording(String monitorClass, LockWait wait, String site, String appFrame, long waits,
                                                     long waitMs, long maxWaitMs, double threadsBlockedAvg, String owner,
                                                     Long classesLoadedPerSec) {
        return new LockContentionDetail(null, null, null, wait, null, null, null, null, null, null, null, null, null, null, null,
                monitorClass, site, appFrame, waits, waitMs, maxWaitMs, threadsBlockedAvg, null, null, owner,
                classesLoadedPerSec != null ? LockCause.CLASS_LOADING : null, classesLoadedPerSec);
    }

    /** A lock whose wait per second grew faster than the load from the last good step to {@code step}. */
    public static LockContentionDetail fromComparison(String step, String monitorClass, LockWait wait, String site, String appFrame,
                                                      long waitMs, double rateGrowth, double loadGrowth, String owner,
                                                      boolean classLoading) {
        return new LockContentionDetail(step, null, null, wait, null, null, null, null, null, null, null, null, null, null, null,
                monitorClass, site, appFrame, null, waitMs, null, null, rateGrowth, loadGrowth, owner, classLoading ? LockCause.CLASS_LOADING : null,
                null);
    }

    /** The lock's class, whichever evidence named it: a dump's lock class, else a recording's monitor class. */
    public String anyLockClass() {
        return lockClass != null ? lockClass : monitorClass;
    }

    @Override
    public LockContentionDetail inStep(String at) {
        return new LockContentionDetail(at, lock, lockClass, waitKind, holderThread, holderState, holderFrame, holderFrames, holdersSeen,
                waiterCount, waiters, waiterGroup, waitersXDumps, dumpsSeen, dumpsTotal, monitorClass, site, appFrame, waits, waitMs,
                maxWaitMs, threadsBlockedAvg, rateGrowth, loadGrowth, owner, cause, classesLoadedPerSec);
    }
}
