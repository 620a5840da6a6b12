package dev.brink.load.http;

import dev.brink.load.engine.ErrorKind;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http2.DefaultHttp2Connection;
import io.netty.handler.codec.http2.DefaultHttp2ConnectionDecoder;
import io.netty.handler.codec.http2.DefaultHttp2ConnectionEncoder;
import io.netty.handler.codec.http2.DefaultHttp2FrameReader;
import io.netty.handler.codec.http2.DefaultHttp2FrameWriter;
import io.netty.handler.codec.http2.DefaultHttp2RemoteFlowController;
import io.netty.handler.codec.http2.Http2Connection;
import io.netty.handler.codec.http2.Http2ConnectionAdapter;
import io.netty.handler.codec.http2.Http2ConnectionDecoder;
import io.netty.handler.codec.http2.Http2ConnectionEncoder;
import io.netty.handler.codec.http2.Http2ConnectionHandler;
import io.netty.handler.codec.http2.Http2ConnectionHandlerBuilder;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2FrameAdapter;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2PromisedRequestVerifier;
import io.netty.handler.codec.http2.Http2RemoteFlowController;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.Http2Stream;
import io.netty.handler.codec.http2.UniformStreamByteDistributor;
import io.netty.util.collection.IntObjectHashMap;
import java.util.Arrays;

/**
 * One HTTP/2 connection (h2 over TLS, or h2c by prior knowledge) and the stream slots ({@link H2Slot}s: HTTP requests'
 * {@link H2Link}s, or gRPC calls') bound to it.
 * Netty's {@link Http2ConnectionHandler} keeps the protocol: preface, SETTINGS, HPACK, flow control (our receive
 * windows are returned as each DATA frame is read, so a slow reader never stalls the server), PING and GOAWAY. This
 * class maps stream ids to the links waiting on them and turns frames into answers; the requests' HEADERS it frames
 * itself ({@link H2Request}, {@link H2Writer}; a gRPC call's header block is built once per operation).
 *
 * <p>Slots: at most the server's SETTINGS_MAX_CONCURRENT_STREAMS, learnt from its first SETTINGS (the connection is
 * ready then); a later, lower value retires slots as their requests end. After a GOAWAY the connection takes no new
 * stream: its streams above the server's last-stream-id fail as {@code h2-goaway}, the others finish, and the links
 * go (the protocol opens slots elsewhere). Event-loop confined.
 */
public final class H2Connection {
    /** Our receive window per stream and for the connection: large, so a response never waits for a WINDOW_UPDATE. */
    private static final int WINDOW = 1 << 24;

    /** Who hears of the connection's state: the protocol, or a probe. */
    public interface Owner {
        /** The server's first SETTINGS came. */
        void connectionReady(H2Connection c);

        /** A later SETTINGS or a GOAWAY changed how many streams the connection takes. */
        void slotsChanged();

        void connectionClosed(H2Connection c);
    }

    final Channel channel;
    final Http2ConnectionHandler handler;
    final Http2Connection connection;
    ChannelHandlerContext ctx;
    private final Owner protocol;
    private final IntObjectHashMap<H2Slot> streams = new IntObjectHashMap<>();
    private H2Slot[] links = new H2Slot[4];
    private int linkCount;
    boolean ready;
    boolean draining;
    private boolean closed;
    /** What closed the connection, when an exception did (a TLS alert after the handshake, a protocol error). */
    Throwable cause;
    private final boolean perCall;
    private final boolean tls;
    private final H2Writer writer;
    /**
     * A connection on {@code channel} (connected, its TLS handshake done); {@code perCall}: one stream in all, the
     * connection closed after it. {@link #start} starts the protocol.
     */
    public H2Connection(Channel channel, Owner protocol, boolean perCall, boolean tls) {
        this.channel = channel;
        this.tls = tls;
        this.protocol = protocol;
        this.perCall = perCall;
        this.writer = new H2Writer(channel);
        this.connection = new DefaultHttp2Connection(false);
        // DATA is a request body at most, one per stream: shared out evenly, without the priority tree's upkeep per stream
        connection.remote().flowController(new DefaultHttp2RemoteFlowController(connection, new UniformStreamByteDistributor(connection)));
        Http2ConnectionEncoder encoder = new DefaultHttp2ConnectionEncoder(connection, new DefaultHttp2FrameWriter());
        // the answers' header blocks: validated as Netty's builder would with validateHeaders(false), repeats not decoded
        Http2ConnectionDecoder decoder = new DefaultHttp2ConnectionDecoder(connection, encoder,
                new DefaultHttp2FrameReader(new H2AnswerHeaders(false)), Http2PromisedRequestVerifier.ALWAYS_VERIFY, true, true, false);
        this.handler = new Http2ConnectionHandlerBuilder().codec(decoder, encoder).frameListener(new Frames())
                // a header table of 0 bytes: the server adds nothing to our HPACK table, so a repeated answer head is
                // the same bytes each time (H2AnswerHeaders); Brink's requests never index (H2Request)
                .initialSettings(Http2Settings.defaultSettings().pushEnabled(false).maxConcurrentStreams(0).initialWindowSize(WINDOW)
                        .headerTableSize(0))
                .build();
        connection.addListener(new Streams());
    }

    /** Adds the HTTP/2 handler (its preface goes out now) once the channel is connected and, with TLS, ALPN chose h2. */
    public void start() {
        channel.pipeline().addLast(writer).addLast(handler).addLast(new Lifecycle());
        ctx = channel.pipeline().context(handler);
        writer.start(ctx);
        try {
            connection.local().flowController().incrementWindowSize(connection.connectionStream(), WINDOW - 65_535);
        } catch (Http2Exception e) {
            channel.close();
        }
        channel.flush();
    }

    /** Streams this connection may still open at once: the server's limit less the slots bound here. */
    public int freeSlots() {
        if (!ready || draining || closed) return 0;
        if (perCall) return linkCount == 0 ? 1 : 0;
        return connection.local().maxActiveStreams() - linkCount;
    }

    public int slots() {
        return linkCount;
    }

    /** True while a link may take its next request here. */
    public boolean keeps(H2Slot link) {
        return !draining && !closed && !perCall && linkCount <= connection.local().maxActiveStreams();
    }

    public void attach(H2Slot link) {
        if (linkCount == links.length) links = Arrays.copyOf(links, linkCount * 2);
        links[linkCount++] = link;
    }

    /** The link is gone: its slot frees, and a connection without slots that takes no more is closed. */
    public void detach(H2Slot link) {
        for (int i = 0; i < linkCount; i++) {
            if (links[i] == link) {
                links[i] = links[--linkCount];
                links[linkCount] = null;
                break;
            }
        }
        if (linkCount == 0 && (draining || perCall || closed)) channel.close();
    }

    /** A new stream for {@code link}, or 0 when the server's limit or the stream ids are used up. */
    public int newStream(H2Slot link) {
        if (!connection.local().canOpenStream()) return 0;
        int id = connection.local().incrementAndGetNextStreamId();
        if (id <= 0) { // 2^31 streams on one connection: it must go, the next request takes another
            draining = true;
            return 0;
        }
        streams.put(id, link);
        return id;
    }

    /** The buffer the next request is to be encoded into, empty (see {@link H2Writer#requestBuffer}). */
    ByteBuf requestBuffer() {
        return writer.requestBuffer();
    }

    /**
     * Opens stream {@code id} (from {@link #newStream}) with the request whose HTTP/1.1 head is in {@code head}
     * (from {@link #requestBuffer}, or a buffer of the caller's, released here): a HEADERS frame now, its body (what
     * follows the head) as DATA through Netty's flow control. False when the head is malformed (never for the
     * encoder's output) or Netty refuses the stream; nothing is sent then.
     */
    boolean send(int id, ByteBuf head) {
        try {
            Http2Stream s = null;
            if (H2Request.block(head, tls, writer.block())) {
                try {
                    s = connection.local().createStream(id, !head.isReadable());
                } catch (Http2Exception e) {
                    s = null;
                }
            }
            if (s == null) {
                streams.remove(id);
                return false;
            }
            s.headersSent(false); // so a cancel sends RST_STREAM (Netty sends none for a stream that never sent HEADERS)
            boolean body = head.isReadable();
            writer.headers(id, !body);
            if (body) {
                // DATA goes through Netty's flow controller, which writes it at a flush: the HEADERS go to the channel first
                writer.drain();
                ByteBuf data = ctx.alloc().directBuffer(head.readableBytes()).writeBytes(head);
                handler.encoder().writeData(ctx, id, data, 0, true, ctx.voidPromise());
            }
            writer.flushSoon();
            return true;
        } finally {
            head.release();
        }
    }

    /**
     * Opens stream {@code id} (from {@link #newStream}) with a header block built by the caller (a gRPC operation's,
     * the same bytes for every call: not indexed, so it needs no table shared with another block) and one DATA frame
     * of {@code data} with END_STREAM; both buffers are read and left as they are. A body within one frame and the
     * server's windows is framed with the HEADERS into the same batch ({@link H2Writer}), its bytes taken from Netty's
     * flow-control windows; a larger one goes through Netty's flow controller. False when Netty refuses the stream;
     * nothing is sent then.
     */
    public boolean send(int id, ByteBuf block, ByteBuf data) {
        Http2Stream s;
        try {
            s = connection.local().createStream(id, false);
        } catch (Http2Exception e) {
            streams.remove(id);
            return false;
        }
        s.headersSent(false); // so a cancel sends RST_STREAM (Netty sends none for a stream that never sent HEADERS)
        writer.block().writeBytes(block, block.readerIndex(), block.readableBytes());
        writer.headers(id, false);
        int n = data.readableBytes();
        Http2RemoteFlowController flow = handler.encoder().flowController();
        Http2Stream whole = connection.connectionStream();
        if (n <= H2Writer.MAX_FRAME && flow.windowSize(s) >= n && flow.windowSize(whole) >= n) {
            try {
                // what Netty's encoder would take from the windows for this frame (a negative increment is a send)
                flow.incrementWindowSize(s, -n);
                flow.incrementWindowSize(whole, -n);
            } catch (Http2Exception e) {
                throw new IllegalStateException(e); // a decrease cannot overflow
            }
            writer.data(id, data);
            s.closeLocalSide(); // END_STREAM sent, as the encoder marks it
        } else {
            writer.drain(); // DATA through the flow controller is written at a flush: the HEADERS go to the channel first
            ByteBuf copy = ctx.alloc().directBuffer(n).writeBytes(data, data.readerIndex(), n);
            handler.encoder().writeData(ctx, id, copy, 0, true, ctx.voidPromise());
        }
        writer.flushSoon();
        return true;
    }

    public Channel channel() {
        return channel;
    }

    /** True once the server's first SETTINGS came. */
    public boolean isReady() {
        return ready;
    }

    /** True once the connection takes no new stream (a GOAWAY, its stream ids used up, or closed). */
    public boolean draining() {
        return draining || closed;
    }

    /** What closed the connection when an exception did, else null. */
    public Throwable cause() {
        return cause;
    }

    /** Forgets stream {@code id} of a link that gave its request up (a timeout): RST_STREAM CANCEL tells the server. */
    public void cancel(int id) {
        if (streams.remove(id) != null && !closed && connection.stream(id) != null) {
            writer.drain(); // its HEADERS first
            handler.encoder().writeRstStream(ctx, id, 0x8, ctx.voidPromise());
            channel.flush();
        }
    }

    private final class Frames extends Http2FrameAdapter {
        @Override
        public void onSettingsRead(ChannelHandlerContext c, Http2Settings settings) {
            if (!ready) {
                ready = true;
                protocol.connectionReady(H2Connection.this);
            } else {
                protocol.slotsChanged();
            }
        }

        @Override
        public void onHeadersRead(ChannelHandlerContext c, int streamId, Http2Headers headers, int padding, boolean endOfStream) {
            H2Slot link = streams.get(streamId);
            if (link == null) return;
            if (link.headers(headers, endOfStream)) {
                if (endOfStream) finish(streamId, link);
            } else if (endOfStream) { // an informational answer cannot end the stream: the server broke the protocol
                streams.remove(streamId);
                closeNow(streamId);
                link.malformed();
            }
        }

        @Override
        public void onHeadersRead(ChannelHandlerContext c, int streamId, Http2Headers headers, int streamDependency, short weight,
                                  boolean exclusive, int padding, boolean endOfStream) {
            onHeadersRead(c, streamId, headers, padding, endOfStream);
        }

        @Override
        public int onDataRead(ChannelHandlerContext c, int streamId, ByteBuf data, int padding, boolean endOfStream) {
            int n = data.readableBytes() + padding; // read now, so the window is returned now
            H2Slot link = streams.get(streamId);
            if (link == null) return n;
            link.data(data);
            if (endOfStream) finish(streamId, link);
            return n;
        }

        @Override
        public void onRstStreamRead(ChannelHandlerContext c, int streamId, long errorCode) {
            H2Slot link = streams.remove(streamId);
            if (link == null) return;
            closeNow(streamId);
            link.reset(errorCode);
        }

        @Override
        public void onGoAwayRead(ChannelHandlerContext c, int lastStreamId, long errorCode, ByteBuf debugData) {
            draining = true;
            // streams above the last one the server processed were never processed: they fail here (Netty closes them
            // after this), the others may still answer
            for (H2Slot l : streams.values().toArray(new H2Slot[0])) {
                if (l.stream() > lastStreamId) {
                    streams.remove(l.stream());
                    l.lost(ErrorKind.H2_GOAWAY);
                }
            }
            retireIdle();
        }

        private void finish(int streamId, H2Slot link) {
            boolean open = streams.remove(streamId) != null; // not when the slot gave the stream up while reading it
            closeNow(streamId);
            if (open) link.ended();
        }
    }

    /**
     * Closes a stream whose last frame is being read now. Netty would close it once the frame listener returns, but
     * the link hands its slot back inside the listener and may open its next stream at once: with every slot busy,
     * that stream would exceed the server's limit while the finished one still counted as active.
     */
    private void closeNow(int streamId) {
        Http2Stream s = connection.stream(streamId);
        if (s != null) s.close();
    }

    /** Idle links of a connection that takes no more requests go now; busy ones go when their answer comes. */
    private void retireIdle() {
        for (H2Slot l : Arrays.copyOf(links, linkCount)) l.retireIfIdle();
        protocol.slotsChanged();
    }

    /** A stream that ended without its answer (the connection closed under it): the request fails. */
    private final class Streams extends Http2ConnectionAdapter {
        @Override
        public void onStreamClosed(Http2Stream stream) {
            H2Slot link = streams.remove(stream.id());
            if (link != null) link.lost(draining ? ErrorKind.H2_GOAWAY : ErrorKind.RESET);
        }
    }

    private final class Lifecycle extends ChannelInboundHandlerAdapter {
        @Override
        public void channelInactive(ChannelHandlerContext c) {
            closed = true;
            for (H2Slot l : streams.values().toArray(new H2Slot[0])) l.lost(draining ? ErrorKind.H2_GOAWAY : ErrorKind.RESET);
            streams.clear();
            for (H2Slot l : Arrays.copyOf(links, linkCount)) l.connectionClosed();
            protocol.connectionClosed(H2Connection.this);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext c, Throwable t) {
            if (cause == null) cause = t;
            c.close(); // Netty's handler has sent GOAWAY for a connection error already; a stream error resets its stream
        }
    }
}
