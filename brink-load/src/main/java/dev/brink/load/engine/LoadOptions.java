package dev.brink.load.engine;

import dev.brink.core.Durations;
import dev.brink.core.Shard;
import dev.brink.core.line.GeneratorHealth;
import java.time.Duration;
import java.util.Objects;

/**
 * How the engine drives the target.
 *
 * @param maxConnections keep-alive connections at most (1..60000)
 * @param connectTimeout a connect attempt slower than this is a {@code connect-timeout}
 * @param requestTimeout a response slower than this (from the actual send) is a {@code request-timeout};
 *                       its connection is closed
 * @param backlogLimit   requests waiting for a free connection at most; beyond it they are {@code dropped}
 *                       and the interval is generator-bound
 * @param transport      {@code auto} (epoll on Linux when the native library loads, else NIO), {@code epoll}, {@code nio}
 * @param tick           how often the schedule is checked for due sends (bounds the schedule lag)
 * @param shard          the part of the load this process runs ({@link Shard#WHOLE}: all of it)
 */
public record LoadOptions(int maxConnections, Duration connectTimeout, Duration requestTimeout, int backlogLimit,
                          String transport, Duration tick, double lagLimitMs, Shard shard) {
    public LoadOptions {
        Objects.requireNonNull(shard, "shard");
        if (maxConnections < 1 || maxConnections > 60_000) throw new IllegalArgumentException("maxConnections 1..60000");
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        Objects.requireNonNull(requestTimeout, "requestTimeout");
        if (connectTimeout.toMillis() < 1 || requestTimeout.toMillis() < 1) throw new IllegalArgumentException("timeouts >= 1ms");
        if (connectTimeout.compareTo(Durations.MAX) > 0 || requestTimeout.compareTo(Durations.MAX) > 0) {
            throw new IllegalArgumentException("timeouts <= " + Durations.MAX_TEXT);
        }
        // the backlog is three preallocated arrays of this length
        if (backlogLimit < 1 || backlogLimit > MAX_BACKLOG) throw new IllegalArgumentException("backlogLimit 1.." + MAX_BACKLOG);
        if (!transport.equals("auto") && !transport.equals("epoll") && !transport.equals("nio")) {
            throw new IllegalArgumentException("transport auto|epoll|nio");
        }
        if (tick.toNanos() < 50_000 || tick.toMillis() > 100) throw new IllegalArgumentException("tick 50us..100ms");
        if (!(lagLimitMs > 0 && lagLimitMs <= 3_600_000)) throw new IllegalArgumentException("lagLimitMs in (0, 3600000]");
    }

    /** The whole load, not a shard. */
    public LoadOptions(int maxConnections, Duration connectTimeout, Duration requestTimeout, int backlogLimit, String transport,
                       Duration tick, double lagLimitMs) {
        this(maxConnections, connectTimeout, requestTimeout, backlogLimit, transport, tick, lagLimitMs, Shard.WHOLE);
    }

    /** Shard {@code s} of the load: its share of the arrivals, users, CSV rows and TCP devices. */
    public LoadOptions withShard(Shard s) {
        return new LoadOptions(maxConnections, connectTimeout, requestTimeout, backlogLimit, transport, tick, lagLimitMs, s);
    }

    /** Requests that may wait for a connection at most (see {@code backlogLimit}). */
    public static final int MAX_BACKLOG = 10_000_000;

    public static LoadOptions defaults() {
        return new LoadOptions(64, Duration.ofSeconds(5), Duration.ofSeconds(10), 100_000, "auto", Duration.ofMillis(1),
                GeneratorHealth.LAG_LIMIT_MS);
    }

    public LoadOptions withMaxConnections(int n) {
        return new LoadOptions(n, connectTimeout, requestTimeout, backlogLimit, transport, tick, lagLimitMs, shard);
    }

    public LoadOptions withTimeouts(Duration connect, Duration request) {
        return new LoadOptions(maxConnections, connect, request, backlogLimit, transport, tick, lagLimitMs, shard);
    }

    public LoadOptions withBacklogLimit(int n) {
        return new LoadOptions(maxConnections, connectTimeout, requestTimeout, n, transport, tick, lagLimitMs, shard);
    }

    public LoadOptions withTransport(String t) {
        return new LoadOptions(maxConnections, connectTimeout, requestTimeout, backlogLimit, t, tick, lagLimitMs, shard);
    }

    /**
     * The schedule lag (p99 per second) above which a second counts as generator-bound. Latency is measured from
     * the intended send time, so a lag far below the latencies that matter does not falsify them; the method
     * raises this for a loose SLO (on 2 shared cores a few ms of lag is the norm, not a broken generator).
     */
    public LoadOptions withLagLimitMs(double ms) {
        return new LoadOptions(maxConnections, connectTimeout, requestTimeout, backlogLimit, transport, tick, ms, shard);
    }
}
