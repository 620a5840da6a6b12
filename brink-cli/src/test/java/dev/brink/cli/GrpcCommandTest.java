package dev.brink.cli;

import static dev.brink.cli.HttpCommandTest.brink;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code brink grpc} on bad input: one line on stderr, exit 2, before any load. A plain TCP listener stands
 * in for the server where the mistake is found from the .proto alone (the engine never gets to call it).
 */
class GrpcCommandTest {
    @TempDir
    Path dir;

    private static final String PROTO = """
            syntax = "proto3";
            package pay.v2;
            service Ledger {
              rpc Post (Entry) returns (Receipt);
            }
            message Entry { string account = 1; int64 cents = 2; }
            message Receipt { string id = 1; }
            """;

    @Test
    void badInputIsOneLineAndExitTwo() throws Exception {
        Path proto = dir.resolve("ledger.proto");
        Files.writeString(proto, PROTO);
        Path broken = dir.resolve("broken.proto");
        Files.writeString(broken, PROTO.replace("int64 cents = 2;", "int64 cents 2;"));
        // 10 s runs: long enough for the warm-up before the clock, which must find the same mistakes first
        try (ServerSocket listener = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            String addr = "127.0.0.1:" + listener.getLocalPort();
            assertOneLine(brink("grpc", addr, "--call", "pay.v2.Ledger/Post", "--proto", broken.toString(), "--rate", "10",
                    "--duration", "10s"), broken + ":6:49: expected '=', found '2'");
            assertOneLine(brink("grpc", addr, "--call", "pay.v2.Ledger/Refund", "--proto", proto.toString(), "--rate", "10",
                    "--duration", "10s"), "unknown method pay.v2.Ledger/Refund in " + proto + " (the service has Post)");
            HttpCommandTest.Run r = brink("grpc", addr, "--call", "pay.v2.Ledger/Post", "--proto", proto.toString(), "-d",
                    "{\"acount\": \"a\"}", "--rate", "10", "--duration", "10s");
            assertOneLine(r, null);
            assertThat(r.err()).contains("acount").contains("pay.v2.Entry");
            // JSON cut short: Gson's exception text ("java.io.EOFException: …") is not the user's to read
            assertOneLine(brink("grpc", addr, "--call", "pay.v2.Ledger/Post", "--proto", proto.toString(), "-d",
                    "{\"account\": \"a\"", "--rate", "10", "--duration", "10s"),
                    "message: expected pay.v2.Entry as JSON, got: End of input at line 1 column 16 path $.account");
            HttpCommandTest.Run cut = brink("grpc", addr, "--call", "pay.v2.Ledger/Post", "--proto", proto.toString(), "-d",
                    "{\"account\": \"a", "--rate", "10", "--duration", "10s");
            assertOneLine(cut, "message: expected pay.v2.Entry as JSON, got: Unterminated string at line 1 column 15");
            assertThat(cut.err()).doesNotContain("https://");
        }
        int dead;
        try (ServerSocket s = new ServerSocket(0)) {
            dead = s.getLocalPort();
        }
        HttpCommandTest.Run r = brink("grpc", "127.0.0.1:" + dead, "--call", "pay.v2.Ledger/Post", "--rate", "10", "--duration", "1s");
        assertOneLine(r, null);
        assertThat(r.err()).contains("cannot connect to 127.0.0.1:" + dead);
    }

    private static void assertOneLine(HttpCommandTest.Run r, String message) {
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err().strip()).as(r.err()).doesNotContain("\n").doesNotContain("Exception");
        if (message != null) assertThat(r.err()).contains(message);
    }
}
