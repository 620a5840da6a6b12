package dev.brink.load.engine;

import dev.brink.load.flow.CapturedResponse;
import dev.brink.load.flow.Extractor;
import dev.brink.load.http.RequestEncoder;
import dev.brink.load.plan.Plan;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What sessions cost per request: a request that uses a session value and the user's cookies (should allocate
 * nothing), a response with nothing to take (nothing either), and each kind of extraction (these allocate: a
 * parsed body, a match, the value's bytes). Run with {@code -prof gc}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class SessionBenchmark {
    private static final byte[] JSON_RESPONSE = ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 112\r\n\r\n"
            + "{\"owners\":[{\"id\":1042,\"firstName\":\"George\",\"lastName\":\"Franklin\",\"city\":\"Madison\"},{\"id\":7,\"lastName\":\"Davis\"}]}")
            .getBytes(StandardCharsets.US_ASCII);
    private static final byte[] HTML_RESPONSE = ("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nSet-Cookie: JSESSIONID=ABC123; Path=/\r\n\r\n"
            + "<html><body><h1>Owner</h1>" + "<p>text</p>".repeat(40)
            + "<form><input type=\"hidden\" name=\"_csrf\" value=\"3f1c-77aa-90b2\"/><a href=\"/owners/1042/pets/new\">x</a></form></body></html>")
            .getBytes(StandardCharsets.US_ASCII);
    private static final byte[] PLAIN_RESPONSE = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok".getBytes(StandardCharsets.US_ASCII);

    private RequestEncoder openOwner;
    private RequestContext ctx;
    private Session session;
    private OpState plain;
    private OpState json;
    private OpState regex;
    private OpState formField;

    @Setup
    public void setup() throws Exception {
        openOwner = new RequestEncoder(URI.create("http://127.0.0.1:8080"),
                new Plan.Request("GET", "/owners/${session.ownerId}", List.of(), null), List.of(), n -> null, Set.of("ownerId"));
        ctx = new RequestContext(42, null);
        session = new Session();
        session.put("ownerId", "1042".getBytes(StandardCharsets.US_ASCII));
        session.absorb(op("cookie", List.of()), HTML_RESPONSE, HTML_RESPONSE.length); // the user holds a cookie
        ctx.session = session;
        plain = op("plain", List.of());
        json = op("json", List.of(new Plan.Extract("ownerId", Plan.Extract.Source.JSON, "$.owners[0].id")));
        regex = op("regex", List.of(new Plan.Extract("petsOf", Plan.Extract.Source.REGEX, "/owners/([0-9]+)/pets")));
        formField = op("form", List.of(new Plan.Extract("csrf", Plan.Extract.Source.FORM_FIELD, "_csrf")));
    }

    private static OpState op(String name, List<Plan.Extract> extract) {
        return new OpState(0, new Plan.Operation(name, 1, new Plan.Request("GET", "/", List.of(), null), Plan.Check.DEFAULT, extract));
    }

    @Benchmark
    public int encodeWithSessionValueAndCookie() {
        ctx.next();
        ctx.session = session;
        ByteBuf buf = PooledByteBufAllocator.DEFAULT.directBuffer(256);
        openOwner.encode(buf, ctx);
        int n = buf.readableBytes();
        buf.release();
        return n;
    }

    @Benchmark
    public boolean absorbNothingToTake() {
        return session.absorb(plain, PLAIN_RESPONSE, PLAIN_RESPONSE.length);
    }

    @Benchmark
    public boolean extractJsonPath() {
        return session.absorb(json, JSON_RESPONSE, JSON_RESPONSE.length);
    }

    @Benchmark
    public boolean extractRegex() {
        return session.absorb(regex, HTML_RESPONSE, HTML_RESPONSE.length);
    }

    @Benchmark
    public boolean extractFormFieldAndCookie() {
        return session.absorb(formField, HTML_RESPONSE, HTML_RESPONSE.length);
    }

    @Benchmark
    public Object parseCapturedResponse() {
        return CapturedResponse.parse(HTML_RESPONSE, HTML_RESPONSE.length);
    }
}
