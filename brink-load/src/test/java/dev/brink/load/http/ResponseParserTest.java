package dev.brink.load.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ResponseParserTest {
    /** Feeds {@code text} split at {@code cut}; returns "status keepAlive leftover" or "ERROR"/"MORE". */
    private static String parse(String text, int cut) {
        ResponseParser p = new ResponseParser();
        byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
        ByteBuf a = Unpooled.wrappedBuffer(bytes, 0, cut);
        ByteBuf b = Unpooled.wrappedBuffer(bytes, cut, bytes.length - cut);
        ResponseParser.Result r = p.parse(a);
        if (r == ResponseParser.Result.NEED_MORE) r = p.parse(b);
        else if (r == ResponseParser.Result.DONE) return p.status() + " " + p.keepAlive() + " " + (a.readableBytes() + b.readableBytes());
        if (r == ResponseParser.Result.DONE) return p.status() + " " + p.keepAlive() + " " + b.readableBytes();
        return r == ResponseParser.Result.ERROR ? "ERROR" : p.readingUntilClose() ? p.status() + " until-close" : "MORE";
    }

    private static void everySplit(String text, String expected) {
        for (int cut = 0; cut <= text.length(); cut++) {
            assertThat(parse(text, cut)).as("split at %d of %s", cut, text).isEqualTo(expected);
        }
    }

    @Test
    void contentLengthChunkedAndCloseDelimitedBodies() {
        everySplit("HTTP/1.1 200 OK\r\nContent-Length: 3\r\nServer: x\r\n\r\nok\n", "200 true 0");
        everySplit("HTTP/1.1 503 Busy\r\ncontent-length:0\r\n\r\n", "503 true 0");
        everySplit("HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n3;x=y\r\nabc\r\n10\r\n0123456789abcdef\r\n0\r\nTrailer: t\r\n\r\n", "201 true 0");
        everySplit("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nhi", "200 false 0");
        everySplit("HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nhi", "200 false 0");
        everySplit("HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 2\r\n\r\nhi", "200 true 0");
        everySplit("HTTP/1.1 204 No Content\r\nX-Empty:\r\n\r\n", "204 true 0");
        everySplit("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nx", "200 true 0");
        everySplit("HTTP/1.1 200 OK\nContent-Length: 1\n\nx", "200 true 0");
        assertThat(parse("HTTP/1.1 200 OK\r\nServer: x\r\n\r\nbody until close", 10)).isEqualTo("200 until-close");
    }

    @Test
    void namesThatOnlyStartLikeInterestingHeadersAreIgnored() {
        everySplit("HTTP/1.1 200 OK\r\nContent-Length-X: 99\r\nConnectionx: close\r\nContent-Length: 1\r\n\r\nx", "200 true 0");
    }

    @Test
    void garbageIsAnError() {
        assertThat(parse("NOT-HTTP AT ALL\r\n\r\n", 5)).isEqualTo("ERROR");
        assertThat(parse("HTTP/1.1 2x0 OK\r\n\r\n", 5)).isEqualTo("ERROR");
        assertThat(parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 5)).isEqualTo("ERROR");
        assertThat(parse("HTTP/1.1 200 OK\r\nX: " + "a".repeat(9000) + "\r\n\r\n", 5)).isEqualTo("ERROR");
    }

    @Test
    void fuzzedBytesNeverThrow() {
        Random rnd = new Random(7);
        byte[] base = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n5\r\nhello\r\n0\r\n\r\n"
                .getBytes(StandardCharsets.ISO_8859_1);
        for (int i = 0; i < 20_000; i++) {
            byte[] b = base.clone();
            for (int k = 0; k < 3; k++) b[rnd.nextInt(b.length)] = (byte) rnd.nextInt(256);
            ResponseParser p = new ResponseParser();
            ByteBuf buf = Unpooled.wrappedBuffer(b);
            for (int guard = 0; guard < 5 && buf.isReadable(); guard++) {
                if (p.parse(buf) != ResponseParser.Result.DONE) break;
                p.reset();
            }
        }
    }

    /** What {@code p} makes of {@code bytes} fed in pieces cut at {@code cuts}: each result with the bytes left over. */
    private static String outcome(ResponseParser p, byte[] bytes, int[] cuts) {
        StringBuilder sb = new StringBuilder();
        int from = 0;
        for (int k = 0; k <= cuts.length; k++) {
            int to = k < cuts.length ? cuts[k] : bytes.length;
            ByteBuf buf = Unpooled.wrappedBuffer(bytes, from, to - from);
            while (buf.isReadable()) {
                ResponseParser.Result r = p.parse(buf);
                if (r == ResponseParser.Result.NEED_MORE) break;
                sb.append(r).append(' ').append(p.status()).append(' ').append(p.keepAlive()).append(" @").append(from + buf.readerIndex()).append(';');
                if (r == ResponseParser.Result.ERROR) return sb.toString();
                p.reset();
            }
            from = to;
        }
        return sb.append(p.readingUntilClose() ? "until-close" : "more").toString();
    }

    @Test
    void jumpingIgnoredLinesAgreesWithTheByteByBytePath() {
        Random rnd = new Random(11);
        String[] lines = {"Server: nginx/1.22.1", "Date: Tue, 24 Nov 2026 07:58:00 GMT", "Content-Type: text/plain",
                "X-Odd: a\rb", "Content-Length: 3", "Connection: close", "Connection: keep-alive",
                "Transfer-Encoding: chunked", "X:", ":",
                // what a whole line read at once must read as the per-byte path does: any case, blanks anywhere in
                // a value, a second ':', no ':' at all, a bare CR in a header that matters, a CR before the name
                "CONTENT-LENGTH: 1 2", "Content-Length:", "Content-Length: 4x", "Content-Length", "connection: Keep - Alive",
                "Connection:close", "Connection: close, keep-alive", "Transfer-Encoding: Chunked", "Transfer-Encoding: gzip, chunked",
                "Content-Type: a:b", "Content-Length: 1\r2", "Conn\rection: close", "\rConnection: close", "Content-Lengthy: 9",
                // lines and header blocks about as long as the 1 KiB scratch copy, which ends inside some of them
                "X-Pad: " + "p".repeat(1010), "X-Pad: " + "p".repeat(1030), "Set-Cookie: id=" + "c".repeat(290),
                "Connection:" + " ".repeat(1015) + "close", "Content-Length:" + " ".repeat(1004) + "3"};
        String[] statuses = {"HTTP/1.1 200 OK fine", "HTTP/1.0 404 Not Found", "HTTP/1.1 200", "HTTP/1.1 20", "HTTP/1.1 2x0 OK",
                "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK", "HTTP/1.1 204 No Content", "HTTP/2.0 200 OK", "HTTP/1.1 200 O\rK", ""};
        for (int i = 0; i < 6000; i++) {
            StringBuilder sb = new StringBuilder(i % 2 == 0 ? statuses[rnd.nextInt(2)] : statuses[rnd.nextInt(statuses.length)]);
            String eol = rnd.nextInt(4) == 0 ? "\n" : "\r\n";
            sb.append(eol);
            for (int h = rnd.nextInt(5); h > 0; h--) sb.append(lines[rnd.nextInt(lines.length)]).append(eol);
            sb.append("Content-Length: 3").append(eol).append(eol).append("ok\n").append("HTTP/1.1 200 OK\r\nServer: x\r\nContent-Length: 0\r\n\r\n");
            byte[] bytes = sb.toString().getBytes(StandardCharsets.ISO_8859_1);
            if (rnd.nextInt(3) == 0) bytes[rnd.nextInt(bytes.length)] = (byte) rnd.nextInt(256);
            int[] cuts = rnd.ints(rnd.nextInt(4), 0, bytes.length + 1).sorted().toArray();
            assertThat(outcome(new ResponseParser(), bytes, cuts)).as("response %d, cut at %s", i, java.util.Arrays.toString(cuts))
                    .isEqualTo(outcome(new ResponseParser(false), bytes, cuts));
        }
    }

    @Test
    void theLineLimitFallsWhereTheByteByBytePathPutsIt() {
        // an ignored header line of 8191 and 8192 bytes, at the 8 KiB limit, CRLF or LF, with or without a bare CR
        // inside (a CR takes no position), cut around its end
        for (int pad = 8184; pad <= 8185; pad++) {
            for (String eol : new String[] {"\r\n", "\n", "\r\n "}) {
                String value = eol.length() == 3 ? "p".repeat(100) + "\r" + "p".repeat(pad - 100) : "p".repeat(pad);
                byte[] bytes = ("HTTP/1.1 200 OK\r\nX-Pad: " + value + eol.substring(0, Math.min(2, eol.length()))
                        + "Content-Length: 0\r\n\r\n")
                        .getBytes(StandardCharsets.ISO_8859_1);
                int lineEnd = 17 + 7 + value.length();
                for (int cut = lineEnd - 1; cut <= lineEnd + 1; cut++) {
                    int[] cuts = {cut};
                    assertThat(outcome(new ResponseParser(), bytes, cuts)).as("pad %d, cut at %d", pad, cut)
                            .isEqualTo(outcome(new ResponseParser(false), bytes, cuts));
                }
            }
        }
    }
}
