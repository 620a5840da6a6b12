package dev.brink.load.grpc;

import dev.brink.load.engine.ErrorKind;
import dev.brink.load.engine.Link;
import dev.brink.load.engine.LoadLoop;
import dev.brink.load.engine.OpState;
import dev.brink.load.engine.RequestContext;
import dev.brink.load.http.H2Connection;
import dev.brink.load.http.H2Slot;
import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http2.Http2Headers;

/**
 * One gRPC call slot (see {@link GrpcProtocol}) on an HTTP/2 connection of Brink's own client: a unary or
 * server-streaming call is a stream, its request the operation's prebuilt header block ({@link GrpcHead}) and one
 * DATA frame of the length-prefixed message with END_STREAM. The answer is read as grpc-java reads it
 * ({@link GrpcCodes}): grpc-status from the trailers (or a trailers-only answer), a code from the HTTP status of an
 * answer that is not gRPC, from the error code of a reset stream; a streaming call's messages are counted across
 * DATA frames ({@link GrpcFrames}) and each timed ({@link GrpcStreams}). The call's code decides ok or
 * {@code grpc-CODE}; a call past its deadline is cancelled (RST_STREAM CANCEL) and counts as DEADLINE_EXCEEDED, as
 * grpc-java counts it. Event-loop confined.
 */
final class GrpcLink extends Link implements H2Slot {
    /** grpc-java reports a non-gRPC answer once it has this much of its body (for its message), or at its end. */
    private static final int ERROR_BODY = 1000;

    private final GrpcProtocol protocol;
    private final H2Connection conn;
    private final boolean ownsConnection; // per-user: the connection is this slot's alone, closed with it
    private final GrpcFrames frames = new GrpcFrames();
    private int stream;
    // the call in flight
    private boolean headersReceived;
    private int transportError; // a code decided before the trailers (an answer that is not gRPC), or NONE
    private int errorBytes;
    private int trailers; // the trailers' code, or NONE before them
    private long lastMessage; // when the call got its latest message (nanoTime), 0 before its first
    // the protocol's list of calls in flight with a deadline, in the order they were sent (see GrpcProtocol)
    long deadlineAt;
    GrpcLink prevCall;
    GrpcLink nextCall;

    GrpcLink(LoadLoop loop, GrpcProtocol protocol, H2Connection conn, boolean ownsConnection) {
        super(loop);
        this.protocol = protocol;
        this.conn = conn;
        this.ownsConnection = ownsConnection;
    }

    @Override
    public int stream() {
        return stream;
    }

    @Override
    protected void send(OpState op, RequestContext ctx) {
        byte[] body = protocol.message(op.index).encode(ctx);
        if (body == null) {
            // a value that does not fit its field: not sent, counted once the loop is out of its bookkeeping
            loop.eventLoop().execute(() -> {
                if (busy && this.op == op) loop.fail(this, ErrorKind.OTHER);
            });
            return;
        }
        int id = conn.newStream(this);
        if (id == 0) { // the server's stream limit shrank under the call, or the ids ran out: this slot goes
            stream = 0;
            op.live.grpcError(GrpcCodes.UNAVAILABLE);
            loop.complete(this, false);
            return;
        }
        headersReceived = false;
        transportError = GrpcCodes.NONE;
        errorBytes = 0;
        trailers = GrpcCodes.NONE;
        lastMessage = 0;
        frames.reset();
        // the length-prefixed message (not compressed), copied by the connection into the frames it writes
        ByteBuf data = protocol.scratch.clear();
        data.writeByte(0).writeInt(body.length).writeBytes(body);
        if (!conn.send(id, protocol.head(op.index), data)) {
            loop.fail(this, ErrorKind.OTHER);
            return;
        }
        stream = id;
        protocol.watch(this);
    }

    @Override
    public boolean headers(Http2Headers h, boolean endOfStream) {
        if (!busy) return true;
        if (!headersReceived) {
            int status = GrpcCodes.httpStatus(h);
            if (status >= 100 && status < 200) return false; // informational: the answer's headers follow
            if (endOfStream) { // trailers-only: one HEADERS with the status
                int invalid = GrpcCodes.ofHeaders(h);
                trailers = invalid != GrpcCodes.NONE ? invalid : GrpcCodes.ofTrailers(h, false);
                return true;
            }
            headersReceived = true;
            transportError = GrpcCodes.ofHeaders(h);
            return true;
        }
        if (endOfStream) {
            if (transportError == GrpcCodes.NONE) trailers = GrpcCodes.ofTrailers(h, true);
            return true;
        }
        abort(GrpcCodes.INTERNAL); // headers twice, neither ending the stream
        return true;
    }

    @Override
    public void data(ByteBuf data) {
        if (!busy || stream == 0) return;
        if (transportError != GrpcCodes.NONE) {
            errorBytes += data.readableBytes();
            if (errorBytes > ERROR_BODY) abort(transportError);
            return;
        }
        if (!headersReceived) {
            abort(GrpcCodes.INTERNAL); // a payload before any headers
            return;
        }
        int ended = frames.feed(data); // a unary call's too: an answer cut mid-message is an error either way
        if (ended == 0 || !protocol.streams.streams(op.index)) return;
        long now = System.nanoTime();
        for (int i = 0; i < ended; i++) {
            protocol.streams.message(op.index, intended, lastMessage, now);
            lastMessage = now;
        }
    }

    @Override
    public void ended() {
        stream = 0;
        if (!busy) return;
        int code = transportError != GrpcCodes.NONE ? transportError
                // an answer whose last frame was DATA has no status: grpc-java's "unexpected EOS on DATA frame"
                : trailers == GrpcCodes.NONE ? GrpcCodes.INTERNAL
                // grpc-java's "end-of-stream mid-frame": the status says OK, the last message was cut off
                : trailers == GrpcCodes.OK && !frames.atBoundary() ? GrpcCodes.INTERNAL : trailers;
        finish(code, conn.keeps(this));
    }

    @Override
    public void reset(long errorCode) {
        stream = 0;
        if (busy) finish(GrpcCodes.ofH2Error(errorCode), conn.keeps(this));
    }

    @Override
    public void malformed() {
        stream = 0;
        if (busy) finish(GrpcCodes.INTERNAL, conn.keeps(this));
    }

    /** The connection closed under the call, or a GOAWAY left it unprocessed: UNAVAILABLE, as grpc-java says. */
    @Override
    public void lost(ErrorKind kind) {
        stream = 0;
        if (busy) finish(GrpcCodes.UNAVAILABLE, false);
    }

    /** The call's deadline passed: the server is told to stop (RST_STREAM CANCEL), the call is DEADLINE_EXCEEDED. */
    void deadlineExceeded() {
        abort(GrpcCodes.DEADLINE_EXCEEDED);
    }

    /** Ends the call in flight with {@code code} before its stream ended: RST_STREAM CANCEL tells the server. */
    private void abort(int code) {
        if (stream != 0) {
            conn.cancel(stream);
            stream = 0;
        }
        finish(code, conn.keeps(this));
    }

    private void finish(int code, boolean reusable) {
        protocol.unwatch(this);
        if (protocol.streams.streams(op.index)) protocol.streams.ended(op.index, intended, System.nanoTime(), code == GrpcCodes.OK);
        if (code == GrpcCodes.OK) {
            op.live.ok++;
        } else {
            op.live.grpcError(code);
        }
        loop.complete(this, reusable);
    }

    @Override
    protected void close() {
        protocol.unwatch(this);
        if (stream != 0) { // a call given up (the loop's request timeout, the end of the run): the server may stop
            conn.cancel(stream);
            stream = 0;
        }
        conn.detach(this);
        if (ownsConnection) conn.channel().close();
    }
}
