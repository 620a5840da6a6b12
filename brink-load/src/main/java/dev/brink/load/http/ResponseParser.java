package dev.brink.load.http;

import io.netty.buffer.ByteBuf;
import io.netty.util.concurrent.FastThreadLocal;

/**
 * An incremental HTTP/1.1 response parser that keeps only what the engine needs (status, keep-alive,
 * where the body ends) and allocates nothing: bytes are consumed as they arrive, in any split, and state
 * lives in a few int fields. Bodies are skipped (Content-Length, chunked, or until close). Lines
 * longer than 8 KiB or a malformed status line are an error. One per connection; event-loop confined.
 */
final class ResponseParser {
    enum Result { NEED_MORE, DONE, ERROR }

    private static final int MAX_LINE = 8192;
    private static final byte[] HTTP1 = {'H', 'T', 'T', 'P', '/', '1', '.'};
    private static final int STATUS = 0;
    private static final int HEADERS = 1;
    private static final int BODY = 2;
    private static final int CHUNK_SIZE = 3;
    private static final int CHUNK_DATA = 4;
    private static final int CHUNK_END = 5;
    private static final int TRAILERS = 6;
    private static final int UNTIL_CLOSE = 7;

    private int state = STATUS;
    private int lineLength;
    private int status;
    private int minor;
    private boolean keepAlive;
    private boolean chunked;
    private long contentLength;
    private long remaining;
    // the header being read: its name matched against three we care about, byte by byte
    private int nameMatch; // bit set: 1 content-length, 2 transfer-encoding, 4 connection
    private boolean inValue;
    private int valueMatchClose;
    private int valueMatchKeepAlive;
    private int valueMatchChunked;
    private long valueNumber;
    private boolean valueNumberOk;

    private static final byte[] CONTENT_LENGTH = "content-length".getBytes();
    private static final byte[] TRANSFER_ENCODING = "transfer-encoding".getBytes();
    private static final byte[] CONNECTION = "connection".getBytes();
    private static final byte[] CLOSE = "close".getBytes();
    private static final byte[] KEEP_ALIVE = "keep-alive".getBytes();
    private static final byte[] CHUNKED = "chunked".getBytes();

    int status() {
        return status;
    }

    boolean keepAlive() {
        return keepAlive;
    }

    /** True while the body runs until the connection closes: a close then completes the response. */
    boolean readingUntilClose() {
        return state == UNTIL_CLOSE;
    }

    void reset() {
        state = STATUS;
        lineLength = 0;
        status = 0;
        minor = 0;
        chunked = false;
        contentLength = -1;
        startHeader();
    }

    /** False only for tests: the byte-by-byte path alone, the reference the line jump must agree with. */
    private final boolean jumpIgnoredLines;

    ResponseParser() {
        this(true);
    }

    ResponseParser(boolean jumpIgnoredLines) {
        this.jumpIgnoredLines = jumpIgnoredLines;
        reset();
    }

    /** Consumes bytes from {@code buf} up to the end of one response (DONE) or of the buffer (NEED_MORE). */
    Result parse(ByteBuf buf) {
        while (buf.isReadable()) {
            switch (state) {
                case BODY, CHUNK_DATA -> {
                    int n = (int) Math.min(remaining, buf.readableBytes());
                    buf.skipBytes(n);
                    remaining -= n;
                    if (remaining == 0) {
                        if (state == BODY) return done();
                        state = CHUNK_END;
                        lineLength = 0;
                    }
                }
                case UNTIL_CLOSE -> buf.skipBytes(buf.readableBytes());
                default -> {
                    if (jumpIgnoredLines && lineLength == 0 && (state == HEADERS || state == STATUS)) {
                        Result r = wholeLines(buf);
                        if (r == Result.NEED_MORE) continue;
                        if (r != null) return r;
                    }
                    if (jumpIgnoredLines && restOfLineIgnored() && skipToLineEnd(buf)) continue;
                    byte b = buf.readByte();
                    if (++lineLength > MAX_LINE) return Result.ERROR;
                    Result r = lineByte(b);
                    if (r != Result.NEED_MORE) return r;
                }
            }
        }
        return Result.NEED_MORE;
    }

    /**
     * True when no byte before the line's end can change anything: a header whose name is none of the three
     * (Server, Date, Content-Type …) or the status line's reason phrase. Most of a typical response's bytes are such
     * lines, and {@link #lineByte} cost a call, a switch and three name compares per byte of them.
     */
    private boolean restOfLineIgnored() {
        return state == HEADERS && nameMatch == 0 || state == STATUS && lineLength >= HTTP1.length + 5;
    }

    /**
     * Jumps to the line's LF (or the buffer's end) with one vectorised search instead of byte by byte, counting the
     * jumped bytes in the line length as {@link #lineByte} would (a CR takes no position). False, nothing consumed,
     * when already at the LF, or when the per-byte path must decide: a bare CR inside the line, or a line that reaches
     * the length limit here (the limit's error stays exactly where the per-byte path puts it).
     */
    private boolean skipToLineEnd(ByteBuf buf) {
        int from = buf.readerIndex();
        int end = buf.writerIndex();
        int lf = buf.indexOf(from, end, (byte) '\n');
        int stop = lf < 0 ? end : lf;
        int n = stop - from;
        if (n == 0 || lineLength + n > MAX_LINE) return false;
        int cr = buf.getByte(stop - 1) == '\r' ? 1 : 0;
        if (stop - cr > from && buf.indexOf(from, stop - cr, (byte) '\r') >= 0) return false;
        lineLength += n - cr;
        buf.readerIndex(stop);
        return true;
    }

    /**
     * Copies the start of the readable bytes (at most {@link #SCRATCH} of them) into this thread's scratch array once and
     * reads every whole line found there with {@link #wholeLine}, until the header block ends, a line is cut, or one
     * needs the per-byte path. Why a copy: the search for each line's LF, CR and ':' and the compare of each name went
     * through ByteBuf calls that check bounds and the buffer's reference count per call, about 25 calls for nginx's
     * 6-line answer, and {@code wholeLine} was the event loop's costliest Java method in a closed loop against nginx
     * (7.9 % of the whole process's samples in perf, 15 s, 32 connections); one bulk copy of ~160 bytes and plain array
     * loops do the same work without them. A header block longer than the scratch array is read a scratch at a time
     * (the next copy starts at the first line not read), a single line longer than it by the per-byte path.
     * Null, nothing consumed, when the line at the reader index must take the per-byte path (cut by the buffer's end,
     * longer than the scratch, or holding a bare CR); NEED_MORE when lines were consumed and parsing goes on; DONE or
     * ERROR where the per-byte path would return them, with the reader index where it leaves it.
     */
    private Result wholeLines(ByteBuf buf) {
        byte[] a = SCRATCH_BYTES.get();
        int base = buf.readerIndex();
        int n = Math.min(buf.readableBytes(), a.length);
        buf.getBytes(base, a, 0, n);
        int at = 0;
        while (state == STATUS || state == HEADERS) {
            // the line's LF and its first CR in one pass: both are below every printable byte, so the loop's one
            // compare per byte is almost never true
            int lf = -1;
            int cr = -1;
            for (int i = at; i < n; i++) {
                byte c = a[i];
                if (c <= '\r') {
                    if (c == '\n') {
                        lf = i;
                        break;
                    }
                    if (c == '\r' && cr < 0) cr = i;
                }
            }
            if (lf < 0 || cr >= 0 && cr < lf - 1) break; // cut, or a bare CR inside: the per-byte path's
            Result r = wholeLine(a, at, lf);
            if (r == Result.ERROR) {
                buf.readerIndex(base + errorAt);
                return r;
            }
            at = lf + 1;
            if (r == Result.DONE) {
                buf.readerIndex(base + at);
                return r;
            }
        }
        if (at == 0) return null;
        buf.readerIndex(base + at);
        return Result.NEED_MORE;
    }

    /** Bytes copied per {@link #wholeLines} call: a typical response's whole header block (nginx's 161 bytes, Spring Boot's about 170). */
    private static final int SCRATCH = 1024;
    // one array per event-loop thread, not per connection (10 000 connections would hold 10 MiB of them); a
    // FastThreadLocal is an indexed load on Netty's threads
    private static final FastThreadLocal<byte[]> SCRATCH_BYTES = new FastThreadLocal<>() {
        @Override
        protected byte[] initialValue() {
            return new byte[SCRATCH];
        }
    };
    /** Where an ERROR of {@link #wholeLine} leaves the reader, as an index into the scratch array. */
    private int errorAt;

    /**
     * The status line or a header line, {@code a[from..lf]} with its LF at {@code lf}, read at once: the few bytes that
     * matter (the status digits, a name of the right length, its value) are compared in place, the rest is never looked
     * at. The byte-by-byte path cost a call, a switch and a bounds check per byte of the status line and of every name
     * up to its first mismatch, and all of Content-Length's and Connection's lines: nginx's 6-line answer, read whole
     * from one buffer, parsed in 0.4-0.6x the time (a loop of 2 M answers in one JVM, both parsers interleaved, 8
     * rounds, loaded host); its state afterwards, and where it stops on an error ({@link #errorAt}), are what that path
     * leaves. The caller has checked that no bare CR is inside (the per-byte path's case); the 8 KiB line limit cannot be
     * reached here, a line being at most {@link #SCRATCH} bytes.
     */
    private Result wholeLine(byte[] a, int from, int lf) {
        int end = lf > from && a[lf - 1] == '\r' ? lf - 1 : lf; // the line without its CRLF or LF
        if (state == STATUS) {
            for (int at = 0; at < end - from && at <= HTTP1.length + 4; at++) {
                byte b = a[from + at];
                boolean ok;
                if (at < HTTP1.length) {
                    ok = b == HTTP1[at];
                } else if (at == HTTP1.length + 1) {
                    ok = b == ' ';
                } else {
                    ok = b >= '0' && b <= '9';
                    if (ok && at == HTTP1.length) minor = b - '0';
                    else if (ok) status = status * 10 + (b - '0');
                }
                if (!ok) {
                    errorAt = from + at + 1; // where the per-byte path stops: the bad byte read
                    return Result.ERROR;
                }
            }
            if (status < 100) {
                errorAt = lf + 1;
                return Result.ERROR;
            }
            state = HEADERS;
            keepAlive = minor >= 1;
            startHeader();
            return Result.NEED_MORE;
        }
        if (end == from) return endOfHeaders();
        // a name matters only when its first ':' follows one of the three names, in any case; those hold no ':', so a
        // ':' right after a matching name is the line's first, and no search for it is needed
        int length = end - from;
        int colon = length > CONNECTION.length && a[from + CONNECTION.length] == ':' && named(a, from, CONNECTION)
                ? from + CONNECTION.length : -1;
        nameMatch = colon >= 0 ? 4 : 0;
        if (colon < 0 && length > CONTENT_LENGTH.length && a[from + CONTENT_LENGTH.length] == ':' && named(a, from, CONTENT_LENGTH)) {
            colon = from + CONTENT_LENGTH.length;
            nameMatch = 1;
        } else if (colon < 0 && length > TRANSFER_ENCODING.length && a[from + TRANSFER_ENCODING.length] == ':'
                && named(a, from, TRANSFER_ENCODING)) {
            colon = from + TRANSFER_ENCODING.length;
            nameMatch = 2;
        }
        if (nameMatch != 0) {
            inValue = true;
            for (int i = colon + 1; i < end; i++) valueByte(a[i]);
            endHeader();
        }
        startHeader();
        return Result.NEED_MORE;
    }

    /** True when the {@code word.length} bytes at {@code from} are {@code word} in any case. */
    private static boolean named(byte[] a, int from, byte[] word) {
        for (int i = 0; i < word.length; i++) if (lower(a[from + i]) != word[i]) return false;
        return true;
    }

    private Result lineByte(byte b) {
        if (b == '\r') { // lines end with CRLF; a bare LF is accepted as well. CR takes no position.
            lineLength--;
            return Result.NEED_MORE;
        }
        boolean eol = b == '\n';
        int at = lineLength - 1;
        switch (state) {
            case STATUS -> {
                if (eol) {
                    if (status < 100) return Result.ERROR;
                    lineLength = 0;
                    state = HEADERS;
                    keepAlive = minor >= 1;
                    startHeader();
                    return Result.NEED_MORE;
                }
                if (at < HTTP1.length) {
                    return b == HTTP1[at] ? Result.NEED_MORE : Result.ERROR;
                }
                if (at == HTTP1.length) {
                    if (b < '0' || b > '9') return Result.ERROR;
                    minor = b - '0';
                } else if (at == HTTP1.length + 1) {
                    if (b != ' ') return Result.ERROR;
                } else if (at <= HTTP1.length + 4) {
                    if (b < '0' || b > '9') return Result.ERROR;
                    status = status * 10 + (b - '0');
                }
                return Result.NEED_MORE;
            }
            case HEADERS -> {
                if (eol) {
                    if (lineLength == 1) return endOfHeaders();
                    endHeader();
                    lineLength = 0;
                    return Result.NEED_MORE;
                }
                headerByte(b);
                return Result.NEED_MORE;
            }
            case CHUNK_SIZE -> {
                if (eol) {
                    if (!valueNumberOk) return Result.ERROR;
                    lineLength = 0;
                    if (valueNumber == 0) {
                        state = TRAILERS;
                        return Result.NEED_MORE;
                    }
                    remaining = valueNumber;
                    state = CHUNK_DATA;
                    return Result.NEED_MORE;
                }
                if (inValue) return Result.NEED_MORE; // chunk extension after ';'
                int d = Character.digit(b, 16);
                if (d >= 0 && valueNumber < (1L << 40)) {
                    valueNumber = valueNumber * 16 + d;
                    valueNumberOk = true;
                } else if (b == ';' || b == ' ' || b == '\t') {
                    inValue = true;
                } else {
                    return Result.ERROR;
                }
                return Result.NEED_MORE;
            }
            case CHUNK_END -> {
                if (!eol) return Result.ERROR;
                startChunk();
                return Result.NEED_MORE;
            }
            case TRAILERS -> {
                if (eol) {
                    if (lineLength == 1) return done();
                    lineLength = 0;
                }
                return Result.NEED_MORE;
            }
            default -> {
                return Result.ERROR;
            }
        }
    }

    private Result endOfHeaders() {
        lineLength = 0;
        if (status < 200) { // 1xx: an interim response; the real one follows
            reset();
            return Result.NEED_MORE;
        }
        if (status == 204 || status == 304) return done(); // never a body (HEAD is not sent by Brink)
        if (chunked) {
            startChunk();
            return Result.NEED_MORE;
        }
        if (contentLength >= 0) {
            remaining = contentLength;
            state = BODY;
            return contentLength == 0 ? done() : Result.NEED_MORE;
        }
        keepAlive = false; // no length: the body ends when the server closes
        state = UNTIL_CLOSE;
        return Result.NEED_MORE;
    }

    private void startChunk() {
        state = CHUNK_SIZE;
        lineLength = 0;
        valueNumber = 0;
        valueNumberOk = false;
        inValue = false;
    }

    private Result done() {
        state = STATUS;
        lineLength = 0;
        return Result.DONE;
    }

    private void startHeader() {
        nameMatch = 7;
        inValue = false;
        valueMatchClose = valueMatchKeepAlive = valueMatchChunked = 0;
        valueNumber = 0;
        valueNumberOk = true;
    }

    private void headerByte(byte b) {
        int at = lineLength - 1;
        if (!inValue) {
            if (b == ':') {
                // a name matches only if all its bytes matched and its length is exact
                if (at != CONTENT_LENGTH.length) nameMatch &= ~1;
                if (at != TRANSFER_ENCODING.length) nameMatch &= ~2;
                if (at != CONNECTION.length) nameMatch &= ~4;
                inValue = true;
                return;
            }
            byte l = lower(b);
            if (at >= CONTENT_LENGTH.length || CONTENT_LENGTH[at] != l) nameMatch &= ~1;
            if (at >= TRANSFER_ENCODING.length || TRANSFER_ENCODING[at] != l) nameMatch &= ~2;
            if (at >= CONNECTION.length || CONNECTION[at] != l) nameMatch &= ~4;
            return;
        }
        valueByte(b);
    }

    /** A byte of a header's value (after its ':'), matched against what its name calls for; blanks are skipped. */
    private void valueByte(byte b) {
        if (nameMatch == 0 || b == ' ' || b == '\t') return;
        byte l = lower(b);
        if ((nameMatch & 1) != 0) {
            if (b >= '0' && b <= '9' && valueNumber < (1L << 50)) valueNumber = valueNumber * 10 + (b - '0');
            else valueNumberOk = false;
        }
        // match "close", "keep-alive", "chunked" as the whole value, skipping whitespace
        valueMatchClose = step(valueMatchClose, CLOSE, l);
        valueMatchKeepAlive = step(valueMatchKeepAlive, KEEP_ALIVE, l);
        valueMatchChunked = step(valueMatchChunked, CHUNKED, l);
    }

    private static int step(int matched, byte[] word, byte l) {
        if (matched < 0) return -1;
        return matched < word.length && word[matched] == l ? matched + 1 : -1;
    }

    private void endHeader() {
        if ((nameMatch & 1) != 0 && inValue && valueNumberOk) contentLength = valueNumber;
        if ((nameMatch & 2) != 0 && valueMatchChunked == CHUNKED.length) chunked = true;
        if ((nameMatch & 4) != 0) {
            if (valueMatchClose == CLOSE.length) keepAlive = false;
            if (valueMatchKeepAlive == KEEP_ALIVE.length) keepAlive = true;
        }
        startHeader();
    }

    private static byte lower(byte b) {
        return b >= 'A' && b <= 'Z' ? (byte) (b + 32) : b;
    }
}
