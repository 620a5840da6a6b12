package dev.brink.load.http;

import dev.brink.load.engine.Counters;
import dev.brink.load.engine.RequestContext;
import dev.brink.load.plan.Plan;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpResponseDecoder;
import io.netty.util.ReferenceCountUtil;
import java.net.URI;
import java.nio.charset.StandardCharsets;
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
 * The engine's per-request path, piece by piece: fill and encode a templated request into a pooled direct
 * buffer, decode a keep-alive response with the same decoder the engine uses, record two latencies.
 * Run with {@code -prof gc}: {@code gc.alloc.rate.norm} is the heap allocated per request.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RequestPathBenchmark {
    private static final byte[] RESPONSE = ("HTTP/1.1 200 OK\r\nServer: nginx\r\nContent-Type: text/plain\r\n"
            + "Content-Length: 3\r\nConnection: keep-alive\r\n\r\nok\n").getBytes(StandardCharsets.US_ASCII);

    private RequestEncoder getBook;
    private RequestEncoder addBook;
    private RequestEncoder addPetJson;
    private RequestContext ctx;
    private Counters counters;
    private EmbeddedChannel decoder;
    private ResponseParser parser;
    private ByteBuf response;
    private long t;

    @Setup
    public void setup() throws Exception {
        URI base = URI.create("http://127.0.0.1:8080");
        getBook = new RequestEncoder(base, new Plan.Request("GET", "/books/${random.int(1,1000)}", List.of(), null), List.of(), n -> null);
        addBook = new RequestEncoder(base, new Plan.Request("POST", "/books",
                List.of(new Plan.Header("Content-Type", "application/json", false)),
                "{\"title\":\"${random.string(12)}\",\"price\":${random.decimal(1,100)}}"), List.of(), n -> null);
        // a json: body as the plan binder builds it: literal text escaped once, generated values written in place
        java.util.Map<String, Object> pet = new java.util.LinkedHashMap<>();
        pet.put("name", "rex \"${random.string(8)}\"");
        pet.put("age", "${random.int(1,20)}");
        pet.put("tags", List.of("dog", "${seq}"));
        addPetJson = new RequestEncoder(base, new Plan.Request("POST", "/pets", List.of(new Plan.Header("Content-Type", "application/json", false)),
                null, null, pet, null, 0), List.of(), n -> null);
        ctx = new RequestContext(42, null);
        counters = new Counters();
        parser = new ResponseParser();
        response = Unpooled.directBuffer(RESPONSE.length).writeBytes(RESPONSE);
        decoder = new EmbeddedChannel(new HttpResponseDecoder(), new io.netty.channel.ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(io.netty.channel.ChannelHandlerContext c, Object msg) {
                ReferenceCountUtil.release(msg);
            }
        });
    }

    @TearDown
    public void tearDown() {
        decoder.finishAndReleaseAll();
    }

    @Benchmark
    public int encodeGet() {
        ctx.next();
        ByteBuf buf = PooledByteBufAllocator.DEFAULT.directBuffer(256);
        getBook.encode(buf, ctx);
        int n = buf.readableBytes();
        buf.release();
        return n;
    }

    @Benchmark
    public int encodePostWithBody() {
        ctx.next();
        ByteBuf buf = PooledByteBufAllocator.DEFAULT.directBuffer(256);
        addBook.encode(buf, ctx);
        int n = buf.readableBytes();
        buf.release();
        return n;
    }

    /** A {@code json:} body with generated values: the JSON text was made when the plan was read, nothing per request. */
    @Benchmark
    public int encodeJsonBody() {
        ctx.next();
        ByteBuf buf = PooledByteBufAllocator.DEFAULT.directBuffer(256);
        addPetJson.encode(buf, ctx);
        int n = buf.readableBytes();
        buf.release();
        return n;
    }

    /** What the engine runs per response: Brink's in-place parser. */
    @Benchmark
    public int parseResponse() {
        response.readerIndex(0);
        ResponseParser.Result r = parser.parse(response);
        parser.reset();
        return r.ordinal() + parser.status();
    }

    /**
     * nginx's own answer to {@code bench/nginx-loopback.sh}'s {@code return 200 "ok\n"}, byte for byte: what the open-model
     * benches parse per request. Most of its bytes are lines the parser ignores (Server, Date, Content-Type).
     */
    private static final byte[] NGINX = ("HTTP/1.1 200 OK\r\nServer: nginx/1.22.1\r\nDate: Tue, 24 Nov 2026 07:58:00 GMT\r\n"
            + "Content-Type: application/octet-stream\r\nContent-Length: 3\r\nConnection: keep-alive\r\n\r\nok\n")
            .getBytes(StandardCharsets.US_ASCII);
    private final ByteBuf nginx = Unpooled.directBuffer(NGINX.length).writeBytes(NGINX);
    private final ResponseParser jumping = new ResponseParser();
    private final ResponseParser bytewise = new ResponseParser(false);

    /** The engine's parser on nginx's answer: ignored lines are jumped with one LF search each. */
    @Benchmark
    public int parseNginxResponse() {
        nginx.readerIndex(0);
        ResponseParser.Result r = jumping.parse(nginx);
        jumping.reset();
        return r.ordinal() + jumping.status();
    }

    /** The same bytes through the byte-by-byte path alone: the parser before the line jump. */
    @Benchmark
    public int parseNginxResponseBytewise() {
        nginx.readerIndex(0);
        ResponseParser.Result r = bytewise.parse(nginx);
        bytewise.reset();
        return r.ordinal() + bytewise.status();
    }

    /** For comparison: Netty's HttpResponseDecoder, which the engine used before ResponseParser. */
    @Benchmark
    public void nettyDecodeResponse() {
        decoder.writeInbound(Unpooled.wrappedBuffer(RESPONSE));
    }

    @Benchmark
    public long recordLatency() {
        t += 977;
        counters.recordLatency(250_000 + (t & 0xFFFFF), 200_000 + (t & 0xFFFF));
        return counters.corrected.getTotalCount();
    }
}
