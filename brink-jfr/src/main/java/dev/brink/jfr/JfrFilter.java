package dev.brink.jfr;

import java.time.Duration;
import java.time.Instant;

/**
 * Which events a {@link JfrAnalyzer} pass reads: a time window and a thread. The window's ends are either
 * instants or offsets from the recording's start (resolved once the first chunk header is read), so
 * {@code --from 30s --to 2m} and {@code --from 2026-11-23T22:25:06Z} both work. Events are kept when they
 * <em>start</em> inside the window, so a lock wait belongs to the step in which the thread began waiting.
 *
 * @param from       window start; null for the recording's start
 * @param fromOffset window start as an offset from the recording's start; used when {@code from} is null
 * @param to         window end (exclusive); null for the recording's end
 * @param toOffset   window end as an offset; used when {@code to} is null
 * @param thread     keep only events of threads whose name contains this (JVM-wide events without a thread, such
 *                   as GC, CPU load and class counts, are kept); null for every thread
 */
public record JfrFilter(Instant from, Duration fromOffset, Instant to, Duration toOffset, String thread) {
    public static final JfrFilter ALL = new JfrFilter(null, null, null, null, null);

    /** A window between two instants, every thread. */
    public static JfrFilter between(Instant from, Instant to) {
        return new JfrFilter(from, null, to, null, null);
    }

    /** This filter with the offsets turned into instants against the recording's start. */
    JfrFilter resolve(Instant recordingStart) {
        Instant f = from != null ? from : fromOffset != null ? recordingStart.plus(fromOffset) : null;
        Instant t = to != null ? to : toOffset != null ? recordingStart.plus(toOffset) : null;
        return new JfrFilter(f, null, t, null, thread);
    }

    boolean inWindow(Instant start) {
        return (from == null || !start.isBefore(from)) && (to == null || start.isBefore(to));
    }

    boolean threadAccepted(String name) {
        return thread == null || name != null && name.contains(thread);
    }
}
