package dev.brink.load.http;

import dev.brink.load.engine.ErrorKind;
import dev.brink.load.engine.LoadLoop;
import dev.brink.load.engine.OpState;
import dev.brink.load.engine.RequestContext;
import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http2.Http2Headers;
import java.util.Map;

/**
 * One stream slot on an {@link H2Connection}: it carries one request at a time, as a new stream each time, so the
 * {@link LoadLoop}'s schedule, backlog and timings are those of HTTP/1.1 while many slots share a connection. The
 * request is encoded as for HTTP/1.1 and turned into an HPACK header block ({@link H2Request}); the answer's status,
 * checks, extraction and redirects are {@link HttpLink}'s. Event-loop confined.
 */
final class H2Link extends HttpLink implements H2Slot {
    private final H2Connection conn;
    private int stream;
    private boolean answered; // a final (non-1xx) HEADERS frame came for the stream in flight

    H2Link(LoadLoop loop, H2Connection conn, RequestEncoder[] encoders, java.net.URI base) {
        super(loop, encoders, base);
        this.conn = conn;
    }

    @Override
    public int stream() {
        return stream;
    }

    @Override
    protected void send(OpState op, RequestContext ctx) {
        write(encode(op, ctx));
    }

    /** Sends the HTTP/1.1 request in {@code buf} (released here) as a new stream. */
    private void write(ByteBuf buf) {
        answered = false;
        int id = conn.newStream(this);
        if (id == 0) { // the server's stream limit shrank under a request, or the ids ran out: this slot goes
            buf.release();
            stream = 0;
            loop.fail(this, ErrorKind.H2_REFUSED_STREAM);
            return;
        }
        stream = id;
        if (!conn.send(id, buf)) {
            stream = 0;
            loop.fail(this, ErrorKind.OTHER);
        }
    }

    @Override
    protected ByteBuf buffer(int size) {
        return conn.requestBuffer();
    }

    @Override
    protected void sendHop(ByteBuf hop) {
        write(hop);
    }

    @Override
    protected boolean reusable() {
        return conn.keeps(this);
    }

    /**
     * A HEADERS frame for the stream in flight: false for an informational (1xx) answer, which a final one follows,
     * or trailers after the final one (ignored); true for the final answer's headers.
     */
    @Override
    public boolean headers(Http2Headers h, boolean endOfStream) {
        if (answered) return true; // trailers
        CharSequence s = h.status();
        int st = s == null ? 0 : parseStatus(s);
        if (st >= 100 && st < 200) return false;
        status = st;
        answered = true;
        if (op.captures) {
            capture("HTTP/1.1 ");
            capture(s == null ? "000" : s);
            capture(" \r\n");
            for (Map.Entry<CharSequence, CharSequence> e : h) {
                if (e.getKey().length() > 0 && e.getKey().charAt(0) == ':') continue;
                capture(e.getKey());
                capture(": ");
                capture(e.getValue());
                capture("\r\n");
            }
            capture("\r\n");
        }
        return true;
    }

    private static int parseStatus(CharSequence s) {
        if (s.length() != 3) return 0;
        int v = 0;
        for (int i = 0; i < 3; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') return 0;
            v = v * 10 + (c - '0');
        }
        return v;
    }

    @Override
    public void data(ByteBuf data) {
        if (op != null && op.captures) capture(data, data.readerIndex(), data.writerIndex());
    }

    /** The stream ended with its answer. */
    @Override
    public void ended() {
        stream = 0;
        if (!busy) return;
        if (!answered) { // a stream that ended without a final status: the server broke the protocol
            reset(ErrorKind.H2_STREAM_RESET);
            return;
        }
        done();
    }

    @Override
    public void reset(long errorCode) {
        reset(ErrorKind.ofH2Reset(errorCode));
    }

    @Override
    public void malformed() {
        reset(ErrorKind.H2_STREAM_RESET);
    }

    /** The server reset the stream in flight (RST_STREAM, or a refusal here): an answer of that kind, the slot stays. */
    private void reset(ErrorKind kind) {
        stream = 0;
        if (busy) answeredWith(kind);
    }

    /** The stream in flight is lost with its connection (closed, or a GOAWAY that left it unprocessed). */
    @Override
    public void lost(ErrorKind kind) {
        stream = 0;
        if (busy) loop.fail(this, kind);
    }

    @Override
    protected void close() {
        if (stream != 0) { // a request given up (its timeout): the server may stop working on it
            conn.cancel(stream);
            stream = 0;
        }
        conn.detach(this);
    }
}
