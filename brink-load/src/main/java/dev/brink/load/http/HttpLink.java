package dev.brink.load.http;

import dev.brink.load.engine.Ascii;
import dev.brink.load.engine.ErrorKind;
import dev.brink.load.engine.Link;
import dev.brink.load.engine.LoadLoop;
import dev.brink.load.engine.OpState;
import dev.brink.load.engine.Session;
import dev.brink.load.flow.CapturedResponse;
import dev.brink.load.flow.ContentCheck;
import io.netty.buffer.ByteBuf;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * What an HTTP request's answer means, whatever carried it (an HTTP/1.1 connection, an HTTP/2 stream): the status
 * check, content checks, extraction into the user's session, and redirects followed as one request. The response's
 * bytes are copied only for operations that capture (see {@link OpState#captures}), in HTTP/1.1 form (an HTTP/2
 * link writes its headers as lines), so the checks and extractors read one form. Event-loop confined; the fields
 * are reset per request, never reallocated.
 */
abstract class HttpLink extends Link {
    /** A response longer than this is read for the session only up to here (an id sits near the top of a page). */
    static final int MAX_CAPTURE = 1 << 20;
    private static final byte[] GET = Ascii.bytes("GET");
    private static final byte[] HEAD = Ascii.bytes("HEAD");
    private static final byte[] POST = Ascii.bytes("POST");

    private final RequestEncoder[] encoders;
    private final URI base;
    protected int status;
    // the response's bytes, copied only for operations that capture; grown, never shrunk
    private byte[] capture = new byte[0];
    private int captured;
    // the redirect chain of the request in flight (operations that follow redirects only)
    private int hops;
    private byte[] method;
    private boolean hasBody;
    private byte[] path = new byte[64]; // the path and query that was asked, grown, never shrunk
    private int pathLength;

    HttpLink(LoadLoop loop, RequestEncoder[] encoders, URI base) {
        super(loop);
        this.encoders = encoders;
        this.base = base;
    }

    /** A pooled buffer for a request of about {@code size} bytes. */
    protected abstract ByteBuf buffer(int size);

    /** Sends a redirect hop (a whole HTTP/1.1 request in {@code hop}, released by the callee) for the request in flight. */
    protected abstract void sendHop(ByteBuf hop);

    /** True when the link can carry another request after this answer. */
    protected abstract boolean reusable();

    /** Encodes the request of {@code op} into a new buffer and readies the answer's state; the caller writes it. */
    protected final ByteBuf encode(OpState op, dev.brink.load.engine.RequestContext ctx) {
        ByteBuf buf = buffer(op.sizeHint);
        RequestEncoder encoder = encoders[op.index];
        encoder.encode(buf, ctx);
        if (buf.readableBytes() > op.sizeHint) op.sizeHint = buf.readableBytes();
        status = 0;
        captured = 0;
        if (op.followRedirects > 0) {
            hops = 0;
            method = encoder.method;
            hasBody = encoder.sendsBody();
            rememberPath(buf);
        }
        return buf;
    }

    /** Copies the request target (between the request line's two spaces) so a relative Location resolves against it. */
    private void rememberPath(ByteBuf buf) {
        int from = buf.indexOf(buf.readerIndex(), buf.writerIndex(), (byte) ' ') + 1;
        int to = buf.indexOf(from, buf.writerIndex(), (byte) ' ');
        pathLength = Math.max(0, to - from);
        if (pathLength > path.length) path = new byte[pathLength];
        buf.getBytes(from, path, 0, pathLength);
    }

    /** The whole answer is in: judged, counted, and the link handed back (or a redirect hop sent instead). */
    protected final void done() {
        OpState o = op;
        if (o.followRedirects > 0 && status >= 300 && status < 400 && status != 304 && followed(o)) return;
        failed = true;
        if (!o.passes(status)) {
            if (status >= 400 || o.checkStatus == 0) o.live.httpError(status);
            else o.live.kinds[ErrorKind.CHECK_FAILED.ordinal()]++;
        } else if (o.contentChecks.length > 0 && !contentPasses(o)) {
            o.live.kinds[ErrorKind.CHECK_FAILED.ordinal()]++;
        } else if (o.captures && !absorb(o)) {
            o.live.kinds[ErrorKind.EXTRACT_FAILED.ordinal()]++;
        } else {
            o.live.ok++;
            failed = false;
        }
        loop.complete(this, reusable());
    }

    /** The request in flight got no usable answer but an error of {@code kind} (an HTTP/2 reset): the link stays. */
    protected final void answeredWith(ErrorKind kind) {
        failed = true;
        countError(kind);
        loop.complete(this, reusable());
    }

    /**
     * A redirect of an operation that follows them: true when it is taken care of, either a hop sent (by
     * {@link #sendHop}) or the request ended as {@code too-many-redirects} or {@code redirect-off-target}; false when
     * the 3xx is the answer (no Location, or a 307/308 that would need the request's body sent again, which Brink
     * does not keep). The hop is part of the request: one request counted, timed from its intended start to the last
     * hop's answer, and the request timeout covers the whole chain. Checks and extraction apply to the last answer.
     */
    private boolean followed(OpState o) {
        CapturedResponse r = CapturedResponse.parse(capture, captured);
        String location = r.header("location");
        byte[] next = hopMethod();
        if (location == null || next == null) return false;
        if (hops >= o.followRedirects) return endChain(ErrorKind.TOO_MANY_REDIRECTS);
        String target = Redirect.target(base, new String(path, 0, pathLength, StandardCharsets.ISO_8859_1), location);
        if (target == null) return endChain(ErrorKind.REDIRECT_OFF_TARGET);
        Session s = loop.session(user);
        if (s != null) s.absorbCookies(r); // a login's redirect sets the session cookie the next page needs
        hops++;
        method = next;
        hasBody = false;
        byte[] t = Ascii.bytes(target);
        if (t.length > path.length) path = new byte[t.length];
        System.arraycopy(t, 0, path, 0, t.length);
        pathLength = t.length;
        ByteBuf buf = buffer(op.sizeHint);
        encoders[o.index].encodeHop(buf, next, t, s);
        status = 0;
        captured = 0;
        sendHop(buf);
        return true;
    }

    /** RFC 9110 15.4 as browsers do it: 303, and 301/302 after a POST, become GET; else the same method, if it had no body. */
    private byte[] hopMethod() {
        if (status == 303 || (status == 301 || status == 302) && Arrays.equals(method, POST)) {
            return Arrays.equals(method, HEAD) ? HEAD : GET;
        }
        return hasBody ? null : method;
    }

    private boolean endChain(ErrorKind kind) {
        answeredWith(kind);
        return true;
    }

    private boolean contentPasses(OpState o) {
        CapturedResponse r = CapturedResponse.parse(capture, captured);
        for (ContentCheck c : o.contentChecks) if (!c.passes(r)) return false;
        return true;
    }

    private boolean absorb(OpState o) {
        Session s = loop.session(user);
        return s == null ? o.extractors.length == 0 : s.absorb(o, capture, captured);
    }

    /** Copies {@code buf[from, to)} into the capture, up to {@link #MAX_CAPTURE}. */
    protected final void capture(ByteBuf buf, int from, int to) {
        int n = Math.min(to - from, MAX_CAPTURE - captured);
        if (n <= 0) return;
        ensure(n);
        buf.getBytes(from, capture, captured, n);
        captured += n;
    }

    /** Appends {@code s} (ASCII or Latin-1 text: a status line, a header) to the capture, up to {@link #MAX_CAPTURE}. */
    protected final void capture(CharSequence s) {
        int n = Math.min(s.length(), MAX_CAPTURE - captured);
        if (n <= 0) return;
        ensure(n);
        for (int i = 0; i < n; i++) capture[captured++] = (byte) s.charAt(i);
    }

    private void ensure(int n) {
        if (captured + n > capture.length) {
            capture = Arrays.copyOf(capture, Math.min(MAX_CAPTURE, Math.max(captured + n, capture.length * 2)));
        }
    }
}
