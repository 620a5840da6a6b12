package dev.brink.load.grpc;

import dev.brink.load.engine.ErrorKind;
import dev.brink.load.engine.Link;
import dev.brink.load.engine.LoadLoop;
import dev.brink.load.engine.OpState;
import dev.brink.load.engine.RequestContext;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;

/**
 * One gRPC call slot (see {@link GrpcProtocol}). A unary or server-streaming call: the request message is
 * sent and half-closed at once; a streaming call's messages are each timed ({@link GrpcStreams}); the call's
 * status decides ok or
 * {@code grpc-CODE}. A call that never got a connection (UNAVAILABLE with a connect error as its cause)
 * counts as that connect error, so a generator out of local ports reads as {@code connect-no-local-port}.
 */
final class GrpcLink extends Link {
    private final GrpcProtocol protocol;
    private final boolean ownsChannel;
    private ManagedChannel channel;
    private ClientCall<byte[], Object> call;
    private long lastMessage; // when the call in flight got its latest message (nanoTime), 0 before its first

    GrpcLink(LoadLoop loop, GrpcProtocol protocol, ManagedChannel channel, boolean ownsChannel) {
        super(loop);
        this.protocol = protocol;
        this.channel = channel;
        this.ownsChannel = ownsChannel;
    }

    @Override
    protected void send(OpState op, RequestContext ctx) {
        byte[] body = protocol.message(op.index).encode(ctx);
        if (body == null) {
            loop.eventLoop().execute(() -> {
                if (busy && this.op == op) loop.fail(this, ErrorKind.OTHER);
            });
            return;
        }
        boolean perCall = protocol.policy.equals("per-call");
        if (perCall) {
            channel = protocol.newChannel();
            protocol.perCallOpen++;
        }
        ClientCall<byte[], Object> c = channel.newCall(protocol.method(op.index), protocol.callOptions());
        call = c;
        lastMessage = 0;
        c.start(new Listener(c, perCall ? channel : null), protocol.metadata(op.index));
        c.request(Integer.MAX_VALUE);
        c.sendMessage(body);
        c.halfClose();
    }

    private void closed(ClientCall<byte[], Object> c, ManagedChannel perCall, Status status) {
        if (perCall != null) {
            perCall.shutdown(); // graceful: GOAWAY, then FIN (shutdownNow may reset the connection)
            protocol.perCallOpen--;
        }
        if (c != call || !busy) return; // a call the loop gave up on (timeout) or cancelled
        call = null;
        if (protocol.streams.streams(op.index)) protocol.streams.ended(op.index, intended, System.nanoTime(), status.isOk());
        if (status.isOk()) {
            op.live.ok++;
        } else {
            ErrorKind connect = status.getCode() == Status.Code.UNAVAILABLE && status.getCause() != null
                    ? ErrorKind.ofConnect(status.getCause()) : ErrorKind.OTHER;
            if (connect != ErrorKind.OTHER) op.live.kinds[connect.ordinal()]++;
            else op.live.grpcError(status.getCode().value());
        }
        loop.complete(this, true);
    }

    @Override
    protected void close() {
        ClientCall<byte[], Object> c = call;
        call = null;
        if (c != null) c.cancel("abandoned by the load loop", null);
        if (ownsChannel && channel != null) channel.shutdownNow();
    }

    private final class Listener extends ClientCall.Listener<Object> {
        private final ClientCall<byte[], Object> c;
        private final ManagedChannel perCall;

        Listener(ClientCall<byte[], Object> c, ManagedChannel perCall) {
            this.c = c;
            this.perCall = perCall;
        }

        @Override
        public void onMessage(Object message) {
            // on the event loop (direct executor on the loop's own group), so the loop's fields are safe here
            if (c != call || !protocol.streams.streams(op.index)) return;
            long now = System.nanoTime();
            protocol.streams.message(op.index, intended, lastMessage, now);
            lastMessage = now;
        }

        @Override
        public void onClose(Status status, Metadata trailers) {
            if (loop.eventLoop().inEventLoop()) closed(c, perCall, status);
            else loop.eventLoop().execute(() -> closed(c, perCall, status));
        }
    }
}
