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
     * The TCP connections the protocol holds while the loop has {@code links} open links. One per link for HTTP/1.1 and
     * raw TCP; gRPC's links are call slots that share HTTP/2 connections (or open one per call), so its count differs:
     * the live line shows connections and calls in flight apart. Called on the event loop.
     */
    default int connections(int links) {
        return links;
    }

    /** The TLS handshakes since the last call (resets them), or null for a target without TLS. Called on the event loop. */
    default TlsSummary takeTls() {
        return null;
    }

    /** Releases what the protocol shares between links (channels, descriptors); the links are closed already. */
    default void close() {
    }
}
