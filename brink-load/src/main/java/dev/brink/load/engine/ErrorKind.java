package dev.brink.load.engine;

import io.netty.channel.ConnectTimeoutException;
import java.io.IOException;
import java.net.ConnectException;
import java.nio.channels.ClosedChannelException;
import java.util.Locale;

/**
 * Why a request failed. HTTP errors are counted by status code ({@code http-503}) apart from these;
 * the labels are the keys of {@code errors} in load.jsonl and {@link StepResult}.
 */
public enum ErrorKind {
    CONNECT_REFUSED("connect-refused"),
    CONNECT_TIMEOUT("connect-timeout"),
    /** EADDRNOTAVAIL: no free local port (or address) to connect from: the generator ran out of ports. */
    CONNECT_NO_LOCAL_PORT("connect-no-local-port"),
    REQUEST_TIMEOUT("request-timeout"),
    RESET("reset"),
    CHECK_FAILED("check-failed"),
    /** A CSV value could not go into the request (CR, LF or NUL in a header, a space in a path): nothing was sent. */
    INVALID_VALUE("invalid-value"),
    /** Raw TCP: response bytes that never made a frame (longer than the frame limit, or cut off at the timeout). */
    UNFRAMED("unframed"),
    /** Raw TCP: a response that did not echo the sequence number of the request it answered. */
    ECHO_MISMATCH("echo-mismatch"),
    /**
     * A value a step extracts (JSON path, regex, header, cookie, form field) was not in its response: the user's
     * flow ends there, its later steps are not sent with a hole where the value should be.
     */
    EXTRACT_FAILED("extract-failed"),
    /**
     * A request that follows redirects ({@code follow_redirects}) was sent on more hops than it allows: a redirect
     * loop ends here too, at its limit.
     */
    TOO_MANY_REDIRECTS("too-many-redirects"),
    /** A followed redirect pointed off the plan's target (another scheme, host or port): Brink loads only the target. */
    REDIRECT_OFF_TARGET("redirect-off-target"),
    /**
     * A TLS handshake failed on a connection opened during the run (the certificate, the protocol version, or a
     * server that stopped speaking TLS): a mistake already there at the start is one line before any load instead.
     */
    TLS_HANDSHAKE("tls-handshake"),
    /**
     * HTTP/2 RST_STREAM REFUSED_STREAM (0x7): the server refused the stream before doing any of its work (RFC 9113
     * 8.7), typically beyond its SETTINGS_MAX_CONCURRENT_STREAMS or while shedding load.
     */
    H2_REFUSED_STREAM("h2-refused-stream"),
    /** HTTP/2 RST_STREAM CANCEL (0x8): the server gave the stream up (a proxy whose upstream went away). */
    H2_CANCEL("h2-cancel"),
    /** HTTP/2 RST_STREAM INTERNAL_ERROR (0x2). */
    H2_INTERNAL_ERROR("h2-internal-error"),
    /** HTTP/2 RST_STREAM ENHANCE_YOUR_CALM (0xb): the server's rate limit, or its guard against abuse. */
    H2_ENHANCE_YOUR_CALM("h2-enhance-your-calm"),
    /** HTTP/2 RST_STREAM with any other code (protocol, flow-control, frame-size, compression … errors). */
    H2_STREAM_RESET("h2-stream-reset"),
    /**
     * A request on an HTTP/2 connection the server ended with GOAWAY: a stream above its last-stream-id (never
     * processed), or one still open when a GOAWAY with an error code closed the connection.
     */
    H2_GOAWAY("h2-goaway"),
    OTHER("other");

    static final ErrorKind[] ALL = values();
    public final String label;

    ErrorKind(String label) {
        this.label = label;
    }

    /** Classifies a failed connect attempt. */
    public static ErrorKind ofConnect(Throwable t) {
        if (t instanceof ConnectTimeoutException) return CONNECT_TIMEOUT;
        // Linux says EADDRNOTAVAIL as "Cannot assign requested address" (JDK and Netty's native epoll alike)
        if (String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT).contains("assign requested address")) {
            return CONNECT_NO_LOCAL_PORT;
        }
        if (t instanceof ConnectException) {
            String m = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
            return m.contains("timed out") ? CONNECT_TIMEOUT : CONNECT_REFUSED;
        }
        return OTHER;
    }

    /** The kind of an HTTP/2 RST_STREAM with {@code code} (RFC 9113 7). */
    public static ErrorKind ofH2Reset(long code) {
        return code == 0x7 ? H2_REFUSED_STREAM : code == 0x8 ? H2_CANCEL : code == 0x2 ? H2_INTERNAL_ERROR
                : code == 0xb ? H2_ENHANCE_YOUR_CALM : H2_STREAM_RESET;
    }

    /** Classifies an exception on an established connection with a request in flight. */
    public static ErrorKind ofIo(Throwable t) {
        if (t instanceof ClosedChannelException) return RESET;
        if (t instanceof IOException) {
            String m = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
            if (m.contains("reset") || m.contains("broken pipe") || m.contains("closed")) return RESET;
        }
        return OTHER;
    }
}
