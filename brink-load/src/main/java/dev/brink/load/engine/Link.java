package dev.brink.load.engine;

/**
 * One slot that carries at most one request at a time, as the {@link LoadLoop} sees it: for HTTP/1.1 a
 * keep-alive connection, for gRPC a call slot on a channel (shared, per user, or opened per call), for raw
 * TCP a session's connection. The loop owns the fields below (event-loop confined, reset per request, never
 * reallocated); the protocol subclass owns the bytes.
 *
 * <p>Contract for subclasses, all on the loop's event loop: after {@link #send} exactly one of
 * {@link LoadLoop#complete} (the subclass has counted ok or its error on {@code op.live}) or
 * {@link LoadLoop#fail} follows; {@link LoadLoop#closed} when the transport goes away on its own.
 */
public abstract class Link {
    protected final LoadLoop loop;
    protected boolean busy;
    protected boolean gone; // closed or closing: never reused, counted out once
    protected OpState op;
    public long intended;
    long sent;
    public int user;
    /** Set by the protocol before {@link LoadLoop#complete} when the answer counted as an error (ends a user's flow). */
    public boolean failed;

    protected Link(LoadLoop loop) {
        this.loop = loop;
    }

    /** Encodes and writes the request of {@code op}; {@code ctx.next()} has been called for it. */
    protected abstract void send(OpState op, RequestContext ctx);

    /** Releases the transport (idempotent); a request in flight is abandoned, the loop has counted it. */
    protected abstract void close();

    /**
     * The transport this link shares takes no more requests (an HTTP/2 connection's GOAWAY or lowered stream limit): an
     * idle link goes now, a busy one when its answer comes. For links that ride a shared connection.
     */
    public void retireIfIdle() {
        if (!busy && !gone) loop.closed(this);
    }

    /** The transport this link shares closed: the link goes (a request in flight was failed already). */
    public void connectionClosed() {
        if (!gone) loop.closed(this);
    }

    /**
     * What a request still unanswered after the request timeout counts as: {@code request-timeout} unless
     * the protocol knows better (raw TCP: bytes came but never made a frame).
     */
    protected ErrorKind timeoutKind() {
        return ErrorKind.REQUEST_TIMEOUT;
    }

    /** The request in flight passed its checks. */
    protected final void countOk() {
        op.live.ok++;
    }

    /** The request in flight is answered but wrong: counted as {@code kind}, the link stays usable. */
    protected final void countError(ErrorKind kind) {
        op.live.kinds[kind.ordinal()]++;
    }
}
