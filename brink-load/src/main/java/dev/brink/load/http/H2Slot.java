package dev.brink.load.http;

import dev.brink.load.engine.ErrorKind;
import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http2.Http2Headers;

/**
 * What waits on the streams of an {@link H2Connection}: a slot that carries one stream at a time, an HTTP request
 * ({@link H2Link}) or a gRPC call. The connection hands it the frames of its stream in flight and tells it when the
 * stream or the connection ends. Event-loop confined, as the connection.
 */
public interface H2Slot {
    /** The stream in flight, 0 when none. */
    int stream();

    /**
     * A HEADERS frame for the stream in flight, {@code endOfStream} when it ends the stream. False for an answer
     * that cannot end the stream (an informational one): with {@code endOfStream} the connection resets the stream and
     * calls {@link #malformed}.
     */
    boolean headers(Http2Headers headers, boolean endOfStream);

    /** A DATA frame's payload for the stream in flight (its window is returned already). */
    void data(ByteBuf data);

    /** The stream in flight ended (END_STREAM read, after {@link #headers} or {@link #data}). */
    void ended();

    /** The server reset the stream in flight with RST_STREAM {@code errorCode}. */
    void reset(long errorCode);

    /** The stream in flight ended in a way HTTP/2 forbids (an informational answer with END_STREAM). */
    void malformed();

    /** The stream in flight is lost with its connection (closed, or a GOAWAY that left it unprocessed). */
    void lost(ErrorKind kind);

    /** The connection takes no more streams: an idle slot goes now. */
    void retireIfIdle();

    /** The connection closed. */
    void connectionClosed();
}
