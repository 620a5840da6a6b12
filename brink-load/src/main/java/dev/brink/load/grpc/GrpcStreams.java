package dev.brink.load.grpc;

import dev.brink.core.evidence.StreamTimingLine;
import dev.brink.load.engine.Counters;
import dev.brink.core.line.Percentiles;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Per-message timing of the server-streaming operations of one gRPC run (see {@link StreamTimingLine}): for
 * each such operation, histograms of the time to its first message, to each message, between messages, and to
 * the call's end, all in microseconds. Written on the load loop's event loop by {@link GrpcLink}; taken (and
 * reset) at each step's end on the same loop, so the per-message path touches plain fields only.
 */
final class GrpcStreams {
    private final String[] names; // by operation index; null for a unary operation
    private final Op[] ops;

    GrpcStreams(String[] names, boolean[] streaming) {
        this.names = names;
        this.ops = new Op[names.length];
        for (int i = 0; i < names.length; i++) if (streaming[i]) ops[i] = new Op();
    }

    /** True when operation {@code op} streams (its messages are timed). */
    boolean streams(int op) {
        return ops[op] != null;
    }

    /**
     * A message of a call of {@code op} arrived at {@code now}.
     * @param previous the call's previous message time, or 0 for its first message
     */
    void message(int op, long intended, long previous, long now) {
        Op o = ops[op];
        o.messages++;
        o.message.recordValue(micros(now - intended));
        if (previous == 0) o.first.recordValue(micros(now - intended));
        else o.gap.recordValue(micros(now - previous));
    }

    /** A call of {@code op} ended at {@code now}, with status OK when {@code ok}. */
    void ended(int op, long intended, long now, boolean ok) {
        Op o = ops[op];
        o.calls++;
        if (ok) o.ok++;
        o.total.recordValue(micros(now - intended));
    }

    /** The step's lines, one per streaming operation that had a call or a message in it; resets the counts. */
    List<StreamTimingLine> take(String step) {
        List<StreamTimingLine> lines = new ArrayList<>();
        for (int i = 0; i < ops.length; i++) {
            Op o = ops[i];
            if (o == null || o.calls == 0 && o.messages == 0) continue;
            lines.add(new StreamTimingLine(step, names[i], o.calls, o.ok, o.messages, spread(o.first), spread(o.message),
                    spread(o.gap), spread(o.total)));
            ops[i] = new Op();
        }
        return lines;
    }

    private static long micros(long nanos) {
        long us = nanos / 1000;
        return us < 1 ? 1 : Math.min(us, Counters.MAX_MICROS);
    }

    private static StreamTimingLine.Spread spread(Histogram h) {
        Percentiles p = Percentiles.of(h);
        return p.count() == 0 ? StreamTimingLine.Spread.EMPTY
                : new StreamTimingLine.Spread(p.count(), p.p50Ms(), p.p90Ms(), p.p99Ms(), p.p999Ms(), p.maxMs());
    }

    private static final class Op {
        long calls;
        long ok;
        long messages;
        final Histogram first = Counters.newHistogram();
        final Histogram message = Counters.newHistogram();
        final Histogram gap = Counters.newHistogram();
        final Histogram total = Counters.newHistogram();
    }
}
