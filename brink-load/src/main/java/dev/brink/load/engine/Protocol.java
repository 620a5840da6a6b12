package dev.brink.load.engine;

/**
 * What the {@link LoadLoop} needs from a wire protocol: new {@link Link}s, and a last word when the engine
 * closes. The loop keeps everything else, identical for every protocol: the open and closed schedules,
 * intended send times, the backlog and its drops, the latency histograms and the generator's health.
 *
 * <p>Threads: every method is called on the loop's event loop, and a protocol calls the loop back there
 * (a protocol whose library calls back on other threads hops onto the event loop first).
 */
public interface Protocol {
    /**
     * Starts opening one link for {@code loop}. Exactly one callback follows, on the event loop:
     * {@link LoadLoop#opened} with the ready link, or {@link LoadLoop#openFailed} with why it failed.
     */
    void open(LoadLoop loop);

    /**
     * True when the request of {@code op} cannot be written with {@code ctx}'s CSV row (a value that would
     * break the protocol's framing, such as CR/LF in an HTTP header): the loop counts it as
     * {@code invalid-value} and sends nothing. Called before {@link Link#send}, on the event loop.
     */
    default boolean refuses(OpState op, RequestContext ctx) {
        return false;
    }

    /**
     * The per-message timing of its streaming operations since the last call, for the step just ended (only
     * gRPC server streaming has any); resets it. Called on the event loop once the step's calls are done.
     */
    default java.util.List<dev.brink.core.evidence.StreamTimingLine> takeStreamTimings(String step) {
        return java.util.List.of();
    }

    /**
     * TCP connections open now, when a link is not one (HTTP/2: links are streams multiplexed on a few connections),
     * or -1 when every link is its own connection. Called on the event loop at each interval's end.
     */
    default int connections() {
        return -1;
    }

    /** The TLS handshakes since the last call (resets them), or null for a target without TLS. Called on the event loop. */
    default TlsSummary takeTls() {
        return null;
    }

    /** Releases what the protocol shares between links (channels, descriptors); the links are closed already. */
    default void close() {
    }
}
