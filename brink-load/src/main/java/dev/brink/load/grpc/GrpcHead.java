package dev.brink.load.grpc;

import dev.brink.load.http.Hpack;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

/**
 * The HPACK header block (RFC 7541) of one gRPC operation's calls, built once per run: every call of the operation
 * sends the same fields (its metadata is filled once per run), so the block is the same bytes each time and a call
 * costs no header encoding at all. Fields as the gRPC over HTTP/2 protocol lists them (PROTOCOL-HTTP2.md): :method
 * POST, :scheme, :path /pkg.Service/Method, :authority, te: trailers, content-type: application/grpc, grpc-timeout
 * when a deadline is set, then the metadata. Static-table entries as their index, the rest as literals without
 * indexing and without Huffman coding, so the block needs no dynamic table shared with any other block.
 */
final class GrpcHead {
    private static final int METHOD_POST = 3;
    private static final int SCHEME_HTTP = 6;
    private static final int SCHEME_HTTPS = 7;
    private static final int AUTHORITY = 1;
    private static final int PATH = 4;
    private static final int CONTENT_TYPE = 31;
    /** grpc-java's TimeoutMarshaller: at most 8 digits, in the finest unit that fits. */
    private static final long TIMEOUT_DIGITS = 100_000_000L;

    /** One metadata entry as it goes on the wire: a lower-case name and its value (a "-bin" one in base64). */
    record Field(String name, String value) {
    }

    private GrpcHead() {
    }

    /** The block, in an unreleasable heap buffer that callers read without moving its indexes. */
    static ByteBuf block(boolean https, String path, String authority, Duration deadline, List<Field> metadata) {
        ByteBuf b = Unpooled.buffer(128);
        b.writeByte(0x80 | METHOD_POST);
        b.writeByte(0x80 | (https ? SCHEME_HTTPS : SCHEME_HTTP));
        indexedName(b, PATH, path);
        indexedName(b, AUTHORITY, authority);
        newName(b, "te", "trailers");
        indexedName(b, CONTENT_TYPE, "application/grpc");
        if (deadline != null) newName(b, "grpc-timeout", timeout(deadline.toNanos()));
        for (Field f : metadata) newName(b, f.name(), f.value());
        return Unpooled.unreleasableBuffer(b);
    }

    /** grpc-timeout's value for {@code nanos}, as grpc-java writes it: 30 s is "30000000u", 200 s "200000m". */
    static String timeout(long nanos) {
        long n = Math.max(0, nanos);
        if (n < TIMEOUT_DIGITS) return n + "n";
        if (n < TIMEOUT_DIGITS * 1_000L) return n / 1_000L + "u";
        if (n < TIMEOUT_DIGITS * 1_000_000L) return n / 1_000_000L + "m";
        if (n < TIMEOUT_DIGITS * 1_000_000_000L) return n / 1_000_000_000L + "S";
        if (n < TIMEOUT_DIGITS * 60_000_000_000L) return n / 60_000_000_000L + "M";
        return n / 3_600_000_000_000L + "H";
    }

    /** A literal without indexing whose name is static-table entry {@code index}. */
    private static void indexedName(ByteBuf b, int index, String value) {
        Hpack.integer(b, 0, 4, index);
        string(b, value);
    }

    /** A literal without indexing with a new name. */
    private static void newName(ByteBuf b, String name, String value) {
        b.writeByte(0);
        string(b, name);
        string(b, value);
    }

    /** As grpc-java writes a header: US-ASCII (a character outside it becomes '?'). */
    private static void string(ByteBuf b, String s) {
        byte[] v = s.getBytes(StandardCharsets.US_ASCII);
        Hpack.integer(b, 0, 7, v.length);
        b.writeBytes(v);
    }
}
