package dev.brink.load.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.load.engine.RequestContext;
import dev.brink.load.plan.Plan;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http2.Http2DataFrame;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2Settings;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What a server reads from Brink's HTTP/2 requests: {@link H2Connection} writes HEADERS frames from its own HPACK
 * block ({@link H2Request}) into one buffer per flush, and Netty's HTTP/2 server codec (not Brink's) decodes them on
 * the other end of an in-memory pipe between two channels.
 */
class H2RequestTest {
    private final EmbeddedChannel client = new EmbeddedChannel();
    private final EmbeddedChannel server = new EmbeddedChannel();
    private final List<Http2Headers> heard = new ArrayList<>();
    private final List<String> bodies = new ArrayList<>();
    private final List<ByteBuf> sent = new ArrayList<>();
    private H2Connection conn;

    @BeforeEach
    void connect() {
        server.pipeline().addLast(Http2FrameCodecBuilder.forServer()
                .initialSettings(Http2Settings.defaultSettings().maxHeaderListSize(1 << 20)).build(), new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                if (msg instanceof Http2HeadersFrame h) heard.add(h.headers());
                if (msg instanceof Http2DataFrame d) {
                    bodies.add(d.content().toString(StandardCharsets.UTF_8));
                    d.release();
                }
            }
        });
        boolean[] ready = new boolean[1];
        conn = new H2Connection(client, new H2Connection.Owner() {
            @Override
            public void connectionReady(H2Connection c) {
                ready[0] = true;
            }

            @Override
            public void slotsChanged() {
            }

            @Override
            public void connectionClosed(H2Connection c) {
            }
        }, false, true);
        conn.start();
        pump();
        assertThat(ready[0]).as("the server's SETTINGS came").isTrue();
    }

    @AfterEach
    void close() {
        client.finishAndReleaseAll();
        server.finishAndReleaseAll();
    }

    /** Moves bytes both ways until neither side has more to say (the client's flush task runs first). */
    private void pump() {
        for (int round = 0; round < 20; round++) {
            client.runPendingTasks();
            boolean moved = false;
            for (Object o; (o = client.readOutbound()) != null; moved = true) server.writeInbound(o);
            for (Object o; (o = server.readOutbound()) != null; moved = true) client.writeInbound(o);
            if (!moved) return;
        }
    }

    private void send(Plan.Request request) throws Exception {
        RequestEncoder encoder = new RequestEncoder(URI.create("https://api.example.com:8443"), request, List.of(), n -> null);
        RequestContext ctx = new RequestContext(42, null);
        ctx.next();
        ByteBuf buf = Unpooled.buffer();
        encoder.encode(buf, ctx);
        int id = conn.newStream(null);
        assertThat(conn.send(id, buf)).isTrue();
        sent.add(buf);
    }

    /** Once written, every request's buffer was released by the connection (a body's once its DATA went out). */
    private void assertReleased() {
        assertThat(sent).allSatisfy(b -> assertThat(b.refCnt()).isZero());
    }

    private static Plan.Request get(String path, List<Plan.Header> headers) {
        return new Plan.Request("GET", path, headers, null);
    }

    @Test
    void theServerReadsTheRequestLineHostAndHeadersAsHttp2Fields() throws Exception {
        send(get("/books/7?x=1", List.of(new Plan.Header("Accept", "application/json", false),
                new Plan.Header("X-Trace-Id", "t 1", false), new Plan.Header("Connection", "keep-alive", false),
                new Plan.Header("User-Agent", "brink", false))));
        pump();
        assertReleased();
        assertThat(heard).hasSize(1);
        Http2Headers h = heard.get(0);
        assertThat(h.method().toString()).isEqualTo("GET");
        assertThat(h.scheme().toString()).isEqualTo("https");
        assertThat(h.path().toString()).isEqualTo("/books/7?x=1");
        assertThat(h.authority().toString()).isEqualTo("api.example.com:8443");
        List<String> regular = new ArrayList<>();
        for (Map.Entry<CharSequence, CharSequence> e : h) {
            if (e.getKey().charAt(0) != ':') regular.add(e.getKey() + "=" + e.getValue());
        }
        // names lower-cased, the connection-specific header left out, the values as the plan wrote them
        assertThat(regular).containsExactly("accept=application/json", "x-trace-id=t 1", "user-agent=brink");
    }

    @Test
    void aPostCarriesItsBodyAfterItsHeaders() throws Exception {
        send(new Plan.Request("POST", "/", List.of(new Plan.Header("Content-Type", "application/json", false)), "{\"n\":1}"));
        send(get("/", List.of()));
        pump();
        assertReleased();
        assertThat(heard).hasSize(2);
        assertThat(heard.get(0).method().toString()).isEqualTo("POST");
        assertThat(heard.get(0).get("content-type").toString()).isEqualTo("application/json");
        assertThat(heard.get(1).path().toString()).isEqualTo("/");
        assertThat(bodies).containsExactly("{\"n\":1}");
    }

    @Test
    void aHeaderBlockLongerThanAFrameContinues() throws Exception {
        String big = "v".repeat(40_000); // three frames: HEADERS and two CONTINUATIONs
        send(get("/big", List.of(new Plan.Header("X-Big", big, false))));
        send(get("/after", List.of()));
        pump();
        assertReleased();
        assertThat(heard).hasSize(2);
        assertThat(heard.get(0).get("x-big").toString()).isEqualTo(big);
        assertThat(heard.get(1).path().toString()).isEqualTo("/after");
    }
}
