package dev.brink.load.http;

import dev.brink.load.engine.RequestContext;
import dev.brink.load.plan.Plan;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http2.DefaultHttp2Connection;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2ConnectionHandler;
import io.netty.handler.codec.http2.Http2ConnectionHandlerBuilder;
import io.netty.handler.codec.http2.Http2FrameAdapter;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.util.AsciiString;
import java.net.URI;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The HTTP/2 request path, as H2Link runs it: the request encoded as for HTTP/1.1 and read back as HTTP/2 headers
 * ({@link H2Request}), then a whole exchange through Netty's client {@link Http2ConnectionHandler} on an embedded
 * channel: a new stream, HEADERS out (HPACK), and the server's HEADERS (":status 200", one static-table byte) and
 * DATA ("ok\n", END_STREAM) in. Run with {@code -prof gc}: {@code gc.alloc.rate.norm} is what a request allocates on
 * the h2 path. Unlike HTTP/1.1's path (about 0 B), it is not zero: Netty creates a stream object, its flow-control
 * states and promise per stream, the headers object's entries, and a header text that differs from the last request's
 * (HPACK may keep texts, so they are never reused once changed).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class H2RequestPathBenchmark {
    private static final AsciiString HTTPS = AsciiString.cached("https");
    private RequestEncoder getBook;
    private RequestContext ctx;
    private final Http2Headers headers = new DefaultHttp2Headers(false);
    private final H2Request request = new H2Request();
    private EmbeddedChannel channel;
    private Http2ConnectionHandler handler;
    private ChannelHandlerContext handlerCtx;
    private ByteBuf answer; // HEADERS + DATA for one stream; its stream ids are patched per request
    private long ok;

    @Setup
    public void setup() throws Exception {
        getBook = new RequestEncoder(URI.create("https://127.0.0.1:8443"),
                new Plan.Request("GET", "/books/${random.int(1,1000)}", List.of(new Plan.Header("Accept", "application/json", false)), null),
                List.of(), n -> null);
        ctx = new RequestContext(42, null);
        handler = new Http2ConnectionHandlerBuilder().connection(new DefaultHttp2Connection(false))
                .initialSettings(Http2Settings.defaultSettings().pushEnabled(false).maxConcurrentStreams(0))
                .validateHeaders(false)
                .frameListener(new Http2FrameAdapter() {
                    @Override
                    public void onHeadersRead(ChannelHandlerContext c, int streamId, Http2Headers h, int padding, boolean end) {
                        ok += h.status().length();
                    }

                    @Override
                    public int onDataRead(ChannelHandlerContext c, int streamId, ByteBuf data, int padding, boolean end) {
                        return data.readableBytes() + padding;
                    }
                }).build();
        channel = new EmbeddedChannel(handler);
        handlerCtx = channel.pipeline().context(handler);
        channel.releaseOutbound(); // the client preface and SETTINGS
        // the server's SETTINGS (empty), then its ack of ours
        channel.writeInbound(Unpooled.wrappedBuffer(new byte[] {0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 4, 1, 0, 0, 0, 0}));
        channel.releaseOutbound();
        answer = Unpooled.directBuffer(9 + 1 + 9 + 3)
                .writeBytes(new byte[] {0, 0, 1, 1, 4, 0, 0, 0, 0, (byte) 0x88})        // HEADERS, END_HEADERS, :status 200
                .writeBytes(new byte[] {0, 0, 3, 0, 1, 0, 0, 0, 0, 'o', 'k', '\n'});    // DATA, END_STREAM
    }

    @TearDown
    public void tearDown() {
        channel.finishAndReleaseAll();
        answer.release();
    }

    /** The request's headers: encoded as HTTP/1.1 into a pooled buffer, read back as HTTP/2 headers. */
    @Benchmark
    public int translateHeaders() {
        ctx.next();
        ByteBuf buf = PooledByteBufAllocator.DEFAULT.directBuffer(256);
        getBook.encode(buf, ctx);
        request.headers(buf, HTTPS, headers);
        buf.release();
        return headers.size();
    }

    /** One whole request: the headers as above, a new stream, HEADERS out, the answer's HEADERS and DATA in. */
    @Benchmark
    public long exchange() {
        translateHeaders();
        int id = handler.connection().local().incrementAndGetNextStreamId();
        handler.encoder().writeHeaders(handlerCtx, id, headers, 0, true, handlerCtx.voidPromise());
        channel.flush();
        channel.releaseOutbound();
        answer.setInt(5, id);
        answer.setInt(10 + 5, id);
        channel.writeInbound(answer.retainedDuplicate());
        return ok;
    }
}
