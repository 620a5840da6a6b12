package dev.brink.load.http;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.util.AsciiString;

/**
 * An HTTP/1.1 request as {@link RequestEncoder} wrote it, read back as HTTP/2 headers (RFC 9113 8.3): the request
 * line gives :method and :path, Host gives :authority, names are lower-cased, and the connection-specific headers
 * HTTP/2 forbids are left out. One encoder for both wires keeps every template, cookie, form and multipart body the
 * same on either. The header texts are {@link AsciiString}s, which HPACK may keep in its dynamic table, so they never
 * change once made; a text equal to the one in the same place of the last request is taken again instead of made
 * anew (method, authority, constant headers: most of a request), so only the parts that vary cost an allocation.
 * One per link: not thread-safe.
 */
final class H2Request {
    private static final AsciiString HOST = AsciiString.cached("host");
    private AsciiString[] last = new AsciiString[8]; // by place in the request: method, path, then name and value pairs

    /**
     * Fills {@code out} (cleared first) from the request head in {@code buf} and moves {@code buf}'s reader index to
     * the body. Returns false when the head is not a request line and header lines (never for the encoder's output).
     */
    boolean headers(ByteBuf buf, AsciiString scheme, Http2Headers out) {
        out.clear();
        int start = buf.readerIndex();
        int end = buf.writerIndex();
        int sp1 = buf.indexOf(start, end, (byte) ' ');
        int lf = buf.indexOf(start, end, (byte) '\n');
        if (sp1 < 0 || lf < 0) return false;
        int sp2 = buf.indexOf(sp1 + 1, lf, (byte) ' ');
        if (sp2 < 0) return false;
        int place = 0;
        out.method(text(place++, buf, start, sp1, false));
        out.path(text(place++, buf, sp1 + 1, sp2, false));
        out.scheme(scheme);
        int at = lf + 1;
        while (at < end) {
            int eol = buf.indexOf(at, end, (byte) '\n');
            if (eol < 0) return false;
            int lineEnd = eol > at && buf.getByte(eol - 1) == '\r' ? eol - 1 : eol;
            if (lineEnd == at) { // the empty line: the body follows
                buf.readerIndex(eol + 1);
                return true;
            }
            int colon = buf.indexOf(at, lineEnd, (byte) ':');
            if (colon <= at) return false;
            AsciiString name = text(place++, buf, at, colon, true);
            int v = colon + 1;
            while (v < lineEnd && (buf.getByte(v) == ' ' || buf.getByte(v) == '\t')) v++;
            int ve = lineEnd;
            while (ve > v && (buf.getByte(ve - 1) == ' ' || buf.getByte(ve - 1) == '\t')) ve--;
            AsciiString value = text(place++, buf, v, ve, false);
            if (HOST.contentEquals(name)) {
                out.authority(value);
            } else if (!connectionSpecific(name)) {
                out.add(name, value);
            }
            at = eol + 1;
        }
        return false;
    }

    /** RFC 9113 8.2.2: these name a hop of an HTTP/1.1 connection and are malformed in HTTP/2. */
    private static boolean connectionSpecific(AsciiString name) {
        return name.contentEquals("connection") || name.contentEquals("keep-alive") || name.contentEquals("proxy-connection")
                || name.contentEquals("transfer-encoding") || name.contentEquals("upgrade");
    }

    /** The text of {@code buf[from, to)} (lower-cased for a name): the last request's text at {@code place} when equal. */
    private AsciiString text(int place, ByteBuf buf, int from, int to, boolean lower) {
        if (place == last.length) last = java.util.Arrays.copyOf(last, place * 2);
        AsciiString old = last[place];
        if (old != null && same(old, buf, from, to, lower)) return old;
        byte[] b = new byte[to - from];
        buf.getBytes(from, b);
        if (lower) for (int i = 0; i < b.length; i++) b[i] = lower(b[i]);
        return last[place] = new AsciiString(b, false);
    }

    private static boolean same(AsciiString s, ByteBuf buf, int from, int to, boolean lower) {
        if (s.length() != to - from) return false;
        byte[] a = s.array();
        int off = s.arrayOffset();
        for (int i = from; i < to; i++) {
            byte c = buf.getByte(i);
            if ((lower ? lower(c) : c) != a[off + i - from]) return false;
        }
        return true;
    }

    private static byte lower(byte c) {
        return c >= 'A' && c <= 'Z' ? (byte) (c + 32) : c;
    }
}
