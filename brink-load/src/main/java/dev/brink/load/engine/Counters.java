package dev.brink.load.engine;

import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Counts and latency histograms of one operation for one interval. The live instance is written only by
 * the event loop; {@link #moveTo} copies it into a reader-owned instance and resets it (on the event loop),
 * so the per-request path touches plain fields and arrays, never a lock.
 */
public final class Counters {
    /** Latencies above 10 minutes are clamped there: a request timeout caps what matters. */
    public static final long MAX_MICROS = 600_000_000L;
    private static final int STATUS_CODES = 600;
    /** gRPC status names by code (0 OK … 16 UNAUTHENTICATED), fixed by the gRPC protocol. */
    private static final io.grpc.Status.Code[] GRPC_CODES = io.grpc.Status.Code.values();

    public long sent;
    public long ok;
    public long dropped;
    public final long[] kinds = new long[ErrorKind.ALL.length];
    final long[] http = new long[STATUS_CODES];
    final long[] grpc = new long[GRPC_CODES.length];
    public final Histogram corrected = newHistogram();
    public final Histogram uncorrected = newHistogram();

    public static Histogram newHistogram() {
        return new Histogram(1, MAX_MICROS, 3);
    }

    public void recordLatency(long correctedNanos, long serviceNanos) {
        corrected.recordValue(clamp(correctedNanos));
        uncorrected.recordValue(clamp(serviceNanos));
    }

    private static long clamp(long nanos) {
        long us = nanos / 1000;
        return us < 1 ? 1 : Math.min(us, MAX_MICROS);
    }

    public void httpError(int status) {
        http[status >= 0 && status < STATUS_CODES ? status : 0]++;
    }

    /** A call that ended with a gRPC status other than OK. */
    public void grpcError(int code) {
        grpc[code > 0 && code < GRPC_CODES.length ? code : io.grpc.Status.Code.UNKNOWN.value()]++;
    }

    public long errorCount() {
        long n = 0;
        for (long k : kinds) n += k;
        for (long h : http) n += h;
        for (long g : grpc) n += g;
        return n;
    }

    /** Copies into {@code dst} (overwriting it) and resets this. */
    void moveTo(Counters dst) {
        dst.sent = sent;
        dst.ok = ok;
        dst.dropped = dropped;
        System.arraycopy(kinds, 0, dst.kinds, 0, kinds.length);
        System.arraycopy(http, 0, dst.http, 0, http.length);
        System.arraycopy(grpc, 0, dst.grpc, 0, grpc.length);
        dst.corrected.reset();
        dst.uncorrected.reset();
        dst.corrected.add(corrected);
        dst.uncorrected.add(uncorrected);
        clear();
    }

    /** Adds {@code other} into this (reader side: totals and step sums). */
    public void add(Counters other) {
        sent += other.sent;
        ok += other.ok;
        dropped += other.dropped;
        for (int i = 0; i < kinds.length; i++) kinds[i] += other.kinds[i];
        for (int i = 0; i < http.length; i++) http[i] += other.http[i];
        for (int i = 0; i < grpc.length; i++) grpc[i] += other.grpc[i];
        corrected.add(other.corrected);
        uncorrected.add(other.uncorrected);
    }

    public void clear() {
        sent = ok = dropped = 0;
        java.util.Arrays.fill(kinds, 0);
        java.util.Arrays.fill(http, 0);
        java.util.Arrays.fill(grpc, 0);
        corrected.reset();
        uncorrected.reset();
    }

    /** Errors by label, only kinds that occurred, in a stable order. */
    public Map<String, Long> errorMap() {
        Map<String, Long> m = new java.util.TreeMap<>();
        for (ErrorKind k : ErrorKind.ALL) if (kinds[k.ordinal()] > 0) m.put(k.label, kinds[k.ordinal()]);
        for (int s = 0; s < http.length; s++) if (http[s] > 0) m.put("http-" + s, http[s]);
        for (int c = 0; c < grpc.length; c++) if (grpc[c] > 0) m.put("grpc-" + GRPC_CODES[c].name(), grpc[c]);
        return m;
    }

    /**
     * Adds one worker's operation interval (the coordinator's side of {@link ShardInterval}).
     * @throws IllegalArgumentException a count below 0, an error word Brink does not write, a histogram not Brink's
     */
    public void add(ShardInterval.Op op) {
        if (op.sent() < 0 || op.ok() < 0 || op.dropped() < 0) throw new IllegalArgumentException("negative count");
        for (Map.Entry<String, Long> e : op.errors().entrySet()) addError(e.getKey(), e.getValue());
        corrected.add(HistogramCodec.decode(op.corrected()));
        uncorrected.add(HistogramCodec.decode(op.uncorrected()));
        sent += op.sent();
        ok += op.ok();
        dropped += op.dropped();
    }

    private void addError(String label, Long n) {
        if (n == null || n < 0) throw new IllegalArgumentException("error count of " + label + " is " + n);
        if (label.startsWith("http-") && label.length() <= 8 && label.substring(5).chars().allMatch(Character::isDigit) && label.length() > 5) {
            int status = Integer.parseInt(label.substring(5));
            if (status < STATUS_CODES) {
                http[status] += n;
                return;
            }
        } else if (label.startsWith("grpc-")) {
            for (io.grpc.Status.Code c : GRPC_CODES) {
                if (c.value() > 0 && label.equals("grpc-" + c.name())) {
                    grpc[c.value()] += n;
                    return;
                }
            }
        } else {
            for (ErrorKind k : ErrorKind.ALL) {
                if (k.label.equals(label)) {
                    kinds[k.ordinal()] += n;
                    return;
                }
            }
        }
        throw new IllegalArgumentException("unknown error kind '" + dev.brink.core.UserText.quote(label) + "'");
    }
}
