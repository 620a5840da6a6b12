package dev.brink.load.http;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/**
 * An HTTP/1.1 request as {@link RequestEncoder} wrote it, turned into an HPACK header block (RFC 7541) for HTTP/2
 * (RFC 9113 8.3): the request line gives :method and :path, Host gives :authority, names are lower-cased, and the
 * connection-specific headers HTTP/2 forbids are left out. One encoder for both wires keeps every template, cookie,
 * form and multipart body the same on either.
 *
 * <p>The block is written straight from the request's bytes, with no header objects: fields the static table holds
 * whole (GET, POST, /, the scheme) as their index, the others as literals without indexing (a static name index when
 * the table has the name) and without Huffman coding. Nothing enters the server's dynamic table, so the block needs
 * no state shared with any other, and Netty's HPACK encoder, whose table stays empty, can still encode a header
 * block of its own on the same connection. A few bytes more per request than a dynamic-table hit; what it saves is
 * the header map, the texts and the encoder's lookups per request.
 */
final class H2Request {
    private static final int METHOD_GET = 2;
    private static final int METHOD_POST = 3;
    private static final int PATH_ROOT = 4;
    private static final int SCHEME_HTTP = 6;
    private static final int SCHEME_HTTPS = 7;
    private static final int AUTHORITY = 1;
    private static final int METHOD = 2;
    private static final int PATH = 4;
    /** RFC 7541 Appendix A: the static table's names from index 15 on (1-14 are the pseudo-headers and :status). */
    private static final byte[][] NAMES = names("accept-charset", "accept-encoding", "accept-language", "accept-ranges",
            "accept", "access-control-allow-origin", "age", "allow", "authorization", "cache-control", "content-disposition",
            "content-encoding", "content-language", "content-length", "content-location", "content-range", "content-type",
            "cookie", "date", "etag", "expect", "expires", "from", "host", "if-match", "if-modified-since", "if-none-match",
            "if-range", "if-unmodified-since", "last-modified", "link", "location", "max-forwards", "proxy-authenticate",
            "proxy-authorization", "range", "referer", "refresh", "retry-after", "server", "set-cookie",
            "strict-transport-security", "transfer-encoding", "user-agent", "vary", "via", "www-authenticate");
    private static final int FIRST_NAME = 15;
    /** RFC 9113 8.2.2: these name a hop of an HTTP/1.1 connection and are malformed in HTTP/2. */
    private static final byte[][] CONNECTION_SPECIFIC = names("connection", "keep-alive", "proxy-connection",
            "transfer-encoding", "upgrade");
    private static final byte[] HOST = "host".getBytes(StandardCharsets.US_ASCII);

    private H2Request() {
    }

    private static byte[][] names(String... n) {
        byte[][] b = new byte[n.length][];
        for (int i = 0; i < n.length; i++) b[i] = n[i].getBytes(StandardCharsets.US_ASCII);
        return b;
    }

    /**
     * Appends to {@code block} the header block of the request head in {@code buf} and moves {@code buf}'s reader
     * index to the body. Returns false when the head is not a request line and header lines (never for the encoder's
     * output); {@code block} is then partly written.
     */
    static boolean block(ByteBuf buf, boolean https, ByteBuf block) {
        int start = buf.readerIndex();
        int end = buf.writerIndex();
        int sp1 = buf.indexOf(start, end, (byte) ' ');
        int lf = buf.indexOf(start, end, (byte) '\n');
        if (sp1 < 0 || lf < 0) return false;
        int sp2 = buf.indexOf(sp1 + 1, lf, (byte) ' ');
        if (sp2 < 0) return false;
        if (equals(buf, start, sp1, "GET")) {
            block.writeByte(0x80 | METHOD_GET);
        } else if (equals(buf, start, sp1, "POST")) {
            block.writeByte(0x80 | METHOD_POST);
        } else {
            literal(block, METHOD, buf, start, sp1);
        }
        block.writeByte(0x80 | (https ? SCHEME_HTTPS : SCHEME_HTTP));
        if (sp2 - sp1 == 2 && buf.getByte(sp1 + 1) == '/') block.writeByte(0x80 | PATH_ROOT);
        else literal(block, PATH, buf, sp1 + 1, sp2);
        // pseudo-header fields come before the others (RFC 9113 8.3): Host first, wherever the head has it (the
        // encoder writes it right after the request line, so this pass stops at the first header line)
        int body = -1;
        for (int pass = 0; pass < 2; pass++) {
            int at = lf + 1;
            while (true) {
                if (at >= end) return false;
                int eol = buf.indexOf(at, end, (byte) '\n');
                if (eol < 0) return false;
                int lineEnd = eol > at && buf.getByte(eol - 1) == '\r' ? eol - 1 : eol;
                if (lineEnd == at) { // the empty line: the body follows
                    body = eol + 1;
                    break;
                }
                int colon = buf.indexOf(at, lineEnd, (byte) ':');
                if (colon <= at) return false;
                int v = colon + 1;
                while (v < lineEnd && (buf.getByte(v) == ' ' || buf.getByte(v) == '\t')) v++;
                int ve = lineEnd;
                while (ve > v && (buf.getByte(ve - 1) == ' ' || buf.getByte(ve - 1) == '\t')) ve--;
                boolean host = nameIs(buf, at, colon, HOST);
                if (pass == 0 && host) {
                    literal(block, AUTHORITY, buf, v, ve);
                    break;
                }
                if (pass == 1 && !host && !connectionSpecific(buf, at, colon)) {
                    int index = staticName(buf, at, colon);
                    if (index > 0) {
                        literal(block, index, buf, v, ve);
                    } else {
                        block.writeByte(0); // literal without indexing, new name
                        string(block, buf, at, colon, true);
                        string(block, buf, v, ve, false);
                    }
                }
                at = eol + 1;
            }
        }
        buf.readerIndex(body);
        return true;
    }

    /** A literal header field without indexing whose name is static-table entry {@code index}. */
    private static void literal(ByteBuf block, int index, ByteBuf buf, int from, int to) {
        Hpack.integer(block, 0, 4, index);
        string(block, buf, from, to, false);
    }

    /** A string literal, not Huffman-coded: its length (7-bit prefix), then its bytes (lower-cased for a name). */
    private static void string(ByteBuf block, ByteBuf buf, int from, int to, boolean lower) {
        Hpack.integer(block, 0, 7, to - from);
        if (!lower) {
            block.writeBytes(buf, from, to - from);
            return;
        }
        for (int i = from; i < to; i++) block.writeByte(lower(buf.getByte(i)));
    }

    /** The static table's index of the name in {@code buf[from, to)} (any case), or 0. */
    private static int staticName(ByteBuf buf, int from, int to) {
        for (int i = 0; i < NAMES.length; i++) {
            if (nameIs(buf, from, to, NAMES[i])) return FIRST_NAME + i;
        }
        return 0;
    }

    private static boolean connectionSpecific(ByteBuf buf, int from, int to) {
        for (byte[] n : CONNECTION_SPECIFIC) if (nameIs(buf, from, to, n)) return true;
        return false;
    }

    /** True when {@code buf[from, to)}, lower-cased, is {@code name} (lower-case). */
    private static boolean nameIs(ByteBuf buf, int from, int to, byte[] name) {
        if (to - from != name.length) return false;
        for (int i = 0; i < name.length; i++) if (lower(buf.getByte(from + i)) != name[i]) return false;
        return true;
    }

    private static boolean equals(ByteBuf buf, int from, int to, String s) {
        if (to - from != s.length()) return false;
        for (int i = 0; i < s.length(); i++) if (buf.getByte(from + i) != s.charAt(i)) return false;
        return true;
    }

    private static byte lower(byte c) {
        return c >= 'A' && c <= 'Z' ? (byte) (c + 32) : c;
    }
}
