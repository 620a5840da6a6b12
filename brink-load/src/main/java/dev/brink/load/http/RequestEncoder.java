package dev.brink.load.http;

import dev.brink.core.BrinkUserException;
import dev.brink.load.engine.Ascii;
import dev.brink.load.engine.RequestContext;
import dev.brink.load.engine.Session;
import dev.brink.load.engine.Template;
import dev.brink.load.plan.Plan;
import io.netty.buffer.ByteBuf;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * One operation's request, pre-encoded: constant bytes (request line pieces, Host, constant headers) are
 * byte arrays built once, templates write their parts straight into the output buffer. A body's
 * Content-Length is unknown until the body is written, so a fixed-width field of spaces is reserved and the
 * digits are patched in afterwards, right-aligned (leading whitespace is optional whitespace in HTTP/1.1).
 * Single-threaded per {@link RequestContext}; the encoder itself is immutable.
 */
public final class RequestEncoder {
    private static final byte[] HTTP11 = Ascii.bytes(" HTTP/1.1\r\nHost: ");
    private static final byte[] CRLF = Ascii.bytes("\r\n");
    private static final byte[] COLON = Ascii.bytes(": ");
    private static final byte[] CONTENT_LENGTH = Ascii.bytes("Content-Length:");
    private static final int LENGTH_WIDTH = 11; // a space and up to 10 digits
    private static final byte[] LENGTH_PAD = Ascii.bytes(" ".repeat(LENGTH_WIDTH) + "\r\n\r\n");
    private static final byte[] COOKIE = Ascii.bytes("Cookie: ");
    private static final byte[] ZERO_LENGTH = Ascii.bytes("Content-Length: 0\r\n\r\n");

    private final byte[] methodAndPrefix;
    final byte[] method;
    private final Template path;
    private final byte[] hostAndConstHeaders;
    private final byte[][] headerNames;
    private final Template[] headerValues;
    private final Template body;
    private final boolean sendsBody;
    private final long pathColumns;
    private final long headerColumns;
    /** The headers a redirect hop repeats: those whose value is the same every time, but for the body's own. */
    private final byte[] hopHeaders;

    public RequestEncoder(URI base, Plan.Request request, List<String> csvColumns, UnaryOperator<String> env) throws Template.Invalid {
        this(base, request, csvColumns, env, java.util.Set.of());
    }

    /** {@code session}: the {@code ${session.NAME}} values the request may use (the plan binder checked which). */
    public RequestEncoder(URI base, Plan.Request request, List<String> csvColumns, UnaryOperator<String> env,
                   java.util.Set<String> session) throws Template.Invalid {
        String prefix = base.getRawPath() == null ? "" : base.getRawPath().replaceAll("/+$", "");
        this.methodAndPrefix = Ascii.bytes(request.method() + " " + prefix);
        this.method = Ascii.bytes(request.method());
        this.path = Template.compile(request.path(), csvColumns, env, Template.Field.PATH, session);
        // Host names the port only when it is not the scheme's own (RFC 9110 7.2)
        int port = dev.brink.core.Addresses.portOf(base);
        boolean own = port == ("https".equalsIgnoreCase(base.getScheme()) ? 443 : 80);
        StringBuilder constant = new StringBuilder(base.getHost()).append(own ? "" : ":" + port).append("\r\n");
        List<byte[]> names = new ArrayList<>();
        List<Template> values = new ArrayList<>();
        ByteBuf hop = io.netty.buffer.Unpooled.buffer();
        long columns = 0;
        for (Plan.Header h : request.headers()) {
            Template t = Template.compile(h.value(), csvColumns, env, Template.Field.HEADER, session);
            names.add(Ascii.bytes(h.name()));
            values.add(t);
            columns |= t.csvColumns();
            // a hop is sent when the request's own values are gone (the context has moved on): only constant headers
            // are repeated, and never the body's (a hop has none)
            if (t.constant() && !h.name().equalsIgnoreCase("content-type") && !h.name().equalsIgnoreCase("content-length")) {
                hop.writeBytes(Ascii.bytes(h.name())).writeBytes(COLON);
                t.write(hop, null); // literal parts only: no context needed
                hop.writeBytes(CRLF);
            }
        }
        this.hopHeaders = io.netty.buffer.ByteBufUtil.getBytes(hop);
        this.pathColumns = path.csvColumns();
        this.headerColumns = columns;
        this.hostAndConstHeaders = Ascii.bytes(constant.toString());
        this.headerNames = names.toArray(new byte[0][]);
        this.headerValues = values.toArray(new Template[0]);
        if (request.multipart() != null) {
            this.body = MultipartBody.template(MultipartBody.boundaryOf(request.headers()), request.multipart(), csvColumns, env, session);
        } else {
            this.body = request.body() == null ? null : Template.compile(request.body(), csvColumns, env,
                    request.form() != null ? Template.Field.FORM : request.json() != null ? Template.Field.JSON : Template.Field.BODY, session);
        }
        this.sendsBody = body != null || !request.method().equals("GET") && !request.method().equals("DELETE")
                && !request.method().equals("OPTIONS");
    }

    /**
     * True when this request cannot be written with {@code ctx}'s CSV row: a value it puts into the path or a
     * header holds a byte that would split the request line or start a header of its own. The caller counts
     * it as {@code invalid-value} and sends nothing. Two ANDs: free when no CSV column is used there.
     */
    public boolean refuses(RequestContext ctx) {
        return (ctx.unsafeInPath & pathColumns) != 0 || (ctx.unsafeInHeader & headerColumns) != 0;
    }

    /** One encoder per operation of {@code plan}, by operation index. */
    public static RequestEncoder[] forPlan(Plan plan, List<String> csvColumns, UnaryOperator<String> env) throws BrinkUserException {
        RequestEncoder[] encoders = new RequestEncoder[plan.profile().size()];
        java.util.Set<String> session = new java.util.HashSet<>();
        for (Plan.Operation op : plan.profile()) op.extract().forEach(e -> session.add(e.name()));
        for (int i = 0; i < encoders.length; i++) {
            Plan.Operation op = plan.profile().get(i);
            try {
                encoders[i] = new RequestEncoder(plan.target().baseUrl(), op.request(), csvColumns, env, session);
            } catch (Template.Invalid e) {
                throw new BrinkUserException("operation " + op.name() + ": expected " + e.getMessage());
            }
        }
        return encoders;
    }

    /** True when the request carries a body (a 307 or 308 would have it sent again: Brink does not, see Http1Link). */
    boolean sendsBody() {
        return sendsBody;
    }

    /**
     * Writes a redirect hop: {@code method} (GET, or the request's own for a 307/308 of a request without a body)
     * on {@code target} (an absolute path and query on the target), with Host, the request's constant headers and
     * the user's cookies ({@code session} null: none). No body.
     */
    void encodeHop(ByteBuf buf, byte[] method, byte[] target, Session session) {
        buf.writeBytes(method);
        buf.writeByte(' ');
        buf.writeBytes(target);
        buf.writeBytes(HTTP11);
        buf.writeBytes(hostAndConstHeaders);
        buf.writeBytes(hopHeaders);
        if (session != null && session.cookieHeader != null) {
            buf.writeBytes(COOKIE);
            buf.writeBytes(session.cookieHeader);
            buf.writeBytes(CRLF);
        }
        buf.writeBytes(CRLF);
    }

    /** Writes one complete request; {@code ctx.next()} has been called for it and {@link #refuses} said no. */
    public void encode(ByteBuf buf, RequestContext ctx) {
        buf.writeBytes(methodAndPrefix);
        path.write(buf, ctx);
        buf.writeBytes(HTTP11);
        buf.writeBytes(hostAndConstHeaders);
        for (int i = 0; i < headerNames.length; i++) {
            buf.writeBytes(headerNames[i]);
            buf.writeBytes(COLON);
            headerValues[i].write(buf, ctx);
            buf.writeBytes(CRLF);
        }
        if (ctx.session != null && ctx.session.cookieHeader != null) { // the user's cookies, kept from its responses
            buf.writeBytes(COOKIE);
            buf.writeBytes(ctx.session.cookieHeader);
            buf.writeBytes(CRLF);
        }
        if (body == null) {
            buf.writeBytes(sendsBody ? ZERO_LENGTH : CRLF);
            return;
        }
        buf.writeBytes(CONTENT_LENGTH);
        int lengthAt = buf.writerIndex();
        buf.writeBytes(LENGTH_PAD);
        int bodyAt = buf.writerIndex();
        body.write(buf, ctx);
        long len = buf.writerIndex() - bodyAt;
        int i = lengthAt + LENGTH_WIDTH - 1;
        do {
            buf.setByte(i--, (int) ('0' + len % 10));
            len /= 10;
        } while (len > 0);
    }
}
