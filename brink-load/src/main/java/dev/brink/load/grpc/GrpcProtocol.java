package dev.brink.load.grpc;

import dev.brink.load.engine.ErrorKind;
import dev.brink.load.engine.LoadLoop;
import dev.brink.load.engine.Protocol;
import dev.brink.load.http.H2Connection;
import dev.brink.load.http.HttpConnector;
import io.netty.buffer.ByteBuf;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * gRPC over Brink's own HTTP/2 client ({@link H2Connection}, the one {@code brink http --http2} drives), on the load
 * loop's event loop: a call is an HTTP/2 stream whose header block is built once per operation ({@link GrpcHead})
 * and whose answer is counted, not decoded ({@link GrpcLink}). No gRPC library is on the per-call path, so a call
 * costs the generator what an HTTP/2 request does.
 *
 * <p>A link is a call slot: it carries one call at a time, so the loop's connection limit is the limit of calls in
 * flight. Under policy {@code shared} every slot rides one of {@code channels} HTTP/2 connections (round-robin,
 * multiplexed; a slot waits while its connection is being opened or has no stream free); {@code per-user} gives
 * each slot its own connection; {@code per-call} opens a connection for each call and closes it after, as the JMeter
 * plugins of field report 004 did, which leaves a TIME_WAIT socket per call and so exhausts ephemeral ports. A
 * connection that cannot be opened fails the call it was opened for with its connect error
 * ({@code connect-no-local-port} for a generator out of ports), as an HTTP connection's does.
 *
 * <p>Deadlines: every call of a run has the same one, so calls reach theirs in the order they were sent. The calls in
 * flight are kept in that order in a list through the links themselves (no allocation per call), and one timer,
 * set for the oldest call's deadline, cancels the calls whose deadline has passed.
 */
final class GrpcProtocol implements Protocol {
    private final HttpConnector connector;
    final String policy;
    private final long deadlineNanos; // 0: no deadline
    private final ByteBuf[] heads; // by operation index
    private final GrpcMessage[] messages;
    final GrpcStreams streams;
    private final Pool[] shared;
    private int next;
    private int live; // connections ready and not closed yet
    private LoadLoop loop;
    // the calls in flight with a deadline, oldest first (see GrpcLink's fields)
    private GrpcLink firstCall;
    private GrpcLink lastCall;
    private boolean timerArmed;
    private final Runnable expire = this::expire;
    /** Where a call's DATA payload is put together before the connection frames it (event loop only; never released). */
    final ByteBuf scratch = io.netty.buffer.Unpooled.buffer(256);

    GrpcProtocol(HttpConnector connector, String policy, int channels, Duration deadline, ByteBuf[] heads,
                 GrpcMessage[] messages, GrpcStreams streams) {
        this.connector = connector;
        this.policy = policy;
        this.deadlineNanos = deadline == null ? 0 : Math.max(1, deadline.toNanos());
        this.heads = heads;
        this.messages = messages;
        this.streams = streams;
        this.shared = new Pool[policy.equals("shared") ? channels : 0];
        for (int i = 0; i < shared.length; i++) shared[i] = new Pool();
    }

    GrpcMessage message(int op) {
        return messages[op];
    }

    /** The operation's header block: read, never moved or released. */
    ByteBuf head(int op) {
        return heads[op];
    }

    @Override
    public void open(LoadLoop l) {
        loop = l;
        if (shared.length > 0) {
            Pool p = shared[next];
            next = (next + 1) % shared.length;
            p.waiting++;
            p.serve();
        } else {
            openOwn(policy.equals("per-call"));
        }
    }

    /** A connection for one slot alone (per-user), or for one call (per-call). */
    private void openOwn(boolean perCall) {
        HttpConnector.Opening o = connector.open();
        H2Connection c = new H2Connection(o.channel(), new H2Connection.Owner() {
            private boolean linked;

            @Override
            public void connectionReady(H2Connection conn) {
                linked = true;
                live++;
                GrpcLink link = new GrpcLink(loop, GrpcProtocol.this, conn, !perCall);
                conn.attach(link);
                loop.opened(link);
            }

            @Override
            public void slotsChanged() {
            }

            @Override
            public void connectionClosed(H2Connection conn) {
                if (linked) live--;
                else loop.openFailed(ErrorKind.RESET); // closed before the server's SETTINGS: no HTTP/2 server there
            }
        }, perCall, connector.tls());
        o.ready().addListener(done -> {
            if (done.isSuccess()) c.start();
            else loop.openFailed(HttpConnector.kind(done.cause()));
        });
    }

    /** One of the {@code channels} connections of policy shared, and the slots waiting for it. */
    private final class Pool implements H2Connection.Owner {
        private H2Connection conn; // the one new slots go to; null when none is open or being opened
        int waiting;

        /** Gives the waiting slots streams, opening the connection first when there is none to take them. */
        void serve() {
            if (conn == null || conn.isReady() && conn.draining()) {
                if (waiting > 0) connect();
                return;
            }
            while (waiting > 0 && conn.freeSlots() > 0) {
                waiting--;
                GrpcLink link = new GrpcLink(loop, GrpcProtocol.this, conn, false);
                conn.attach(link);
                loop.opened(link);
            }
        }

        private void connect() {
            HttpConnector.Opening o = connector.open();
            H2Connection c = new H2Connection(o.channel(), this, false, connector.tls());
            conn = c;
            o.ready().addListener(done -> {
                if (done.isSuccess()) c.start();
                else failed(c, HttpConnector.kind(done.cause()));
            });
        }

        /** The connection could not be opened: each slot waiting for it fails the call it was for, with why. */
        private void failed(H2Connection c, ErrorKind kind) {
            if (conn != c) return;
            conn = null;
            for (int n = waiting; n > 0; n--) {
                waiting--;
                loop.openFailed(kind);
            }
        }

        @Override
        public void connectionReady(H2Connection c) {
            live++;
            serve();
        }

        @Override
        public void slotsChanged() {
            serve();
        }

        @Override
        public void connectionClosed(H2Connection c) {
            if (!c.isReady()) {
                failed(c, ErrorKind.RESET); // closed before the server's SETTINGS: no HTTP/2 server there
                return;
            }
            live--;
            if (conn == c) conn = null;
            serve();
        }
    }

    /** Starts the deadline of {@code link}'s call, just sent. */
    void watch(GrpcLink link) {
        if (deadlineNanos == 0) return;
        link.deadlineAt = System.nanoTime() + deadlineNanos;
        link.prevCall = lastCall;
        link.nextCall = null;
        if (lastCall != null) lastCall.nextCall = link;
        else firstCall = link;
        lastCall = link;
        if (!timerArmed) arm(link.deadlineAt);
    }

    /** {@code link}'s call ended (or was given up) before its deadline. */
    void unwatch(GrpcLink link) {
        if (link.deadlineAt == 0) return;
        link.deadlineAt = 0;
        if (link.prevCall != null) link.prevCall.nextCall = link.nextCall;
        else firstCall = link.nextCall;
        if (link.nextCall != null) link.nextCall.prevCall = link.prevCall;
        else lastCall = link.prevCall;
        link.prevCall = null;
        link.nextCall = null;
    }

    private void arm(long at) {
        timerArmed = true;
        loop.eventLoop().schedule(expire, Math.max(0, at - System.nanoTime()), TimeUnit.NANOSECONDS);
    }

    /** The timer: every call whose deadline has passed is cancelled; the timer is set again for the oldest left. */
    private void expire() {
        timerArmed = false;
        long now = System.nanoTime();
        while (firstCall != null && firstCall.deadlineAt - now <= 0) {
            GrpcLink l = firstCall;
            unwatch(l);
            l.deadlineExceeded();
        }
        if (firstCall != null) arm(firstCall.deadlineAt);
    }

    /** The HTTP/2 connections open: shared, at most {@code channels} (and any still draining); else one per slot. */
    @Override
    public int connections(int links) {
        return live;
    }

    @Override
    public java.util.List<dev.brink.core.evidence.StreamTimingLine> takeStreamTimings(String step) {
        return streams.take(step);
    }

    @Override
    public void close() {
        for (Pool p : shared) if (p.conn != null) p.conn.channel().close();
    }
}
