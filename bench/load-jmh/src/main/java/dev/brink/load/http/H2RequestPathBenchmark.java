package dev.brink.load.http;

import dev.brink.load.engine.RequestContext;
import dev.brink.load.plan.Plan;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
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
 * The HTTP/2 request path, as H2Link runs it: the request encoded as for HTTP/1.1 and turned into an HPACK header
 * block ({@link H2Request}), then a whole exchange through {@link H2Connection} (Netty's client
 * {@link io.netty.handler.codec.http2.Http2ConnectionHandler} under it) on an embedded channel: a new stream, its
 * HEADERS frame out, a flush, and the server's HEADERS (":status 200", one static-table byte) and DATA ("ok\n",
 * END_STREAM) in. Run with {@code -prof gc}: {@code gc.alloc.rate.norm} is what a request allocates on the h2 path.
 * Unlike HTTP/1.1's path (about 0 B), it is not zero: Netty creates a stream object and its flow-control states per
 * stream, and decodes the answer's headers into a headers object.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class H2RequestPathBenchmark {
    private RequestEncoder getBook;
    private RequestContext ctx;
    private final ByteBuf block = Unpooled.buffer(256);
    private EmbeddedChannel channel;
    private H2Connection conn;
    private ByteBuf answer; // HEADERS + DATA for one stream; its stream ids are patched per request

    @Setup
    public void setup() throws Exception {
        getBook = new RequestEncoder(URI.create("https://127.0.0.1:8443"),
                new Plan.Request("GET", "/books/${random.int(1,1000)}", List.of(new Plan.Header("Accept", "application/json", false)), null),
                List.of(), n -> null);
        ctx = new RequestContext(42, null);
        channel = new EmbeddedChannel();
        conn = new H2Connection(channel, new H2Connection.Owner() {
            @Override
            public void connectionReady(H2Connection c) {
            }

            @Override
            public void slotsChanged() {
            }

            @Override
            public void connectionClosed(H2Connection c) {
            }
        }, false, true);
        conn.start();
        channel.releaseOutbound(); // the client preface and SETTINGS
        // the server's SETTINGS (empty), then its ack of ours
        channel.writeInbound(Unpooled.wrappedBuffer(new byte[] {0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 4, 1, 0, 0, 0, 0}));
        channel.releaseOutbound();
        answer = Unpooled.directBuffer(9 + 1 + 9 + 3)
                .writeBytes(new byte[] {0, 0, 1, 1, 4, 0, 0, 0, 0, (byte) 0x88})        // HEADERS, END_HEADERS, :status 200
                .writeBytes(new byte[] {0, 0, 3, 0, 1, 0, 0, 0, 0, 'o', 'k', '\n'});    // DATA, END_STREAM
        // the first answer's block starts with the table size update that Brink's SETTINGS (a table of 0 bytes) ask for
        ByteBuf first = Unpooled.buffer().writeBytes(new byte[] {0, 0, 2, 1, 4, 0, 0, 0, 0, 0x20, (byte) 0x88})
                .writeBytes(new byte[] {0, 0, 3, 0, 1, 0, 0, 0, 0, 'o', 'k', '\n'});
        exchange(first);
        first.release();
    }

    @TearDown
    public void tearDown() {
        channel.finishAndReleaseAll();
        answer.release();
    }

    /** The request's headers: encoded as HTTP/1.1 into a pooled buffer, then as an HPACK header block. */
    @Benchmark
    public int translateHeaders() {
        ctx.next();
        ByteBuf buf = PooledByteBufAllocator.DEFAULT.directBuffer(256);
        getBook.encode(buf, ctx);
        block.clear();
        H2Request.block(buf, true, block);
        buf.release();
        return block.readableBytes();
    }

    /** One whole request: a new stream, HEADERS out and flushed, the answer's HEADERS and DATA in. */
    @Benchmark
    public int exchange() {
        return exchange(answer);
    }

    private int exchange(ByteBuf answer) {
        ctx.next();
        ByteBuf buf = conn.requestBuffer(); // as H2Link encodes
        getBook.encode(buf, ctx);
        int id = conn.newStream(null);
        conn.send(id, buf);
        channel.runPendingTasks(); // the flush
        channel.releaseOutbound();
        answer.setInt(5, id);
        answer.setInt(answer.readableBytes() - 12 + 5, id);
        channel.writeInbound(answer.retainedDuplicate());
        conn.cancel(id); // no link here to finish the stream (Netty closed it at END_STREAM): its id is forgotten
        return id;
    }
}
