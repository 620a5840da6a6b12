package dev.brink.cli;

import static dev.brink.cli.BrinkRun.brink;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.RandomAccessFile;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input on the command line, whatever its size or bytes: exit 2 and one line on stderr that says what was
 * expected, nothing sent, no secret echoed, no stack trace. Large files are sparse (no disk, no time).
 */
class HardeningTest {
    @TempDir
    Path dir;

    private Path sparse(String name, long size) throws Exception {
        Path f = dir.resolve(name);
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.setLength(size);
        }
        return f;
    }

    private static BrinkRun usageError(String... args) {
        BrinkRun r = brink(args);
        assertThat(r.code).as(String.join(" ", args) + " → " + r.err).isEqualTo(2);
        assertThat(r.err).startsWith("brink: ").doesNotContain("\tat ").doesNotContain("Exception");
        // one line: the message, then nothing (picocli's usage errors too)
        assertThat(r.err.strip()).doesNotContain("\n");
        assertThat(r.err.lines().findFirst().orElse("")).hasSizeLessThan(600);
        return r;
    }

    private static void oneLine(BrinkRun r) {
        assertThat(r.err.strip()).doesNotContain("\n").doesNotContain("\r");
    }

    @Test
    void aHeaderWithCrLfIsRefusedBeforeAnythingIsSentAndItsValueNeverShown() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            String url = "http://127.0.0.1:" + server.getLocalPort() + "/";
            for (String h : new String[] {"Authorization: Bearer SECRET123\r\nX-Injected: 1", "X-Key: SECRET123\nX: 1",
                "X-Key: SECRET123\0"}) {
                BrinkRun r = usageError("http", url, "--rate", "5", "--duration", "1s", "-H", h);
                oneLine(r);
                assertThat(r.err).contains("expected a value on one line, without CR, LF or NUL")
                        .doesNotContain("SECRET123").doesNotContain("X-Injected");
            }
            oneLine(usageError("http", url, "--rate", "5", "--duration", "1s", "-H", "Bearer SECRET123"));
            assertThat(brink("http", url, "--rate", "5", "--duration", "1s", "-H", "Bearer SECRET123").err)
                    .doesNotContain("SECRET123");
            server.setSoTimeout(200);
            try {
                server.accept().close();
                throw new AssertionError("brink connected although every command line was refused");
            } catch (SocketTimeoutException expected) {
                // nothing was sent
            }
        }
    }

    @Test
    void everyAddressIsValidatedTheSameWay() {
        BrinkRun http = usageError("http", "http://127.0.0.1:99999/", "--rate", "1", "--duration", "1s");
        oneLine(http);
        assertThat(http.err).isEqualTo("brink: bad URL 'http://127.0.0.1:99999/': expected an http:// or https://host:port/path "
                + "URL with a port from 1 to 65535\n");
        assertThat(usageError("watch", "127.0.0.1:99999").err).contains("port from 1 to 65535");
        assertThat(usageError("capture", "127.0.0.1:0", "threads").err).contains("port from 1 to 65535");
        BrinkRun grpc = usageError("grpc", "127.0.0.1:99999", "--call", "a.B/C", "--rate", "1", "--duration", "1s");
        oneLine(grpc);
        assertThat(grpc.err).contains("port from 1 to 65535");
    }

    @Test
    void durationsAndBodiesHaveLimits() throws Exception {
        String url = "http://127.0.0.1:9/";
        oneLine(usageError("http", url, "--rate", "1", "--duration", "99999999999999h"));
        assertThat(brink("http", url, "--rate", "1", "--duration", "99999999999999h").err).contains("expected at most 365d");
        assertThat(usageError("http", url, "--rate", "1", "--duration", "1s", "--body", "@/dev/zero").err)
                .contains("/dev/zero: not a regular file (a device, pipe or socket), expected a request body");
        Path big = sparse("big.bin", 3L << 30);
        assertThat(usageError("http", url, "--rate", "1", "--duration", "1s", "--body", "@" + big).err)
                .contains("3.0 GiB, expected a request body of at most 16.0 MiB");
        Path binary = dir.resolve("bin");
        Files.write(binary, new byte[] {0x7F, 'E', 'L', 'F', 2, 1, 1, 0, 0, 0, (byte) 0xFF, 0, 0, 0});
        assertThat(usageError("http", url, "--rate", "1", "--duration", "1s", "--body", "@" + binary).err)
                .contains("expected a request body as UTF-8 text, found a binary file").doesNotContain("Input length");
        // found by a long fuzz campaign: a NUL in the file name was an InvalidPathException, exit 1 with a crash log
        BrinkRun nul = usageError("http", url, "--rate", "1", "--duration", "1s", "--body", "@/dev/zero{}\0");
        oneLine(nul);
        assertThat(nul.err.strip()).isEqualTo("brink: bad --body file name '/dev/zero{}\\0': expected a file name (Nul character not allowed)");
    }

    @Test
    void threadsHeapAndTopRefuseDevicesHugeAndDeepFilesInOneLine() throws Exception {
        assertThat(usageError("threads", "/dev/zero").err).contains("/dev/zero: not a regular file");
        assertThat(usageError("heap", "/dev/zero").err)
                .contains("cannot read heap dump /dev/zero: not a regular file (a device, pipe or socket), expected a heap dump");
        Path big = sparse("big.txt", (2L << 30) + 1);
        BrinkRun threads = usageError("threads", big.toString());
        oneLine(threads);
        assertThat(threads.err).contains("2.0 GiB, expected a thread dump of at most 512.0 MiB");

        Path deep = dir.resolve("deep.json");
        Files.writeString(deep, "{\"a\":".repeat(50_000));
        BrinkRun nested = usageError("threads", deep.toString());
        oneLine(nested);
        assertThat(nested.err).contains("deep.json:1: JSON nested deeper than 100 levels");

        Path dump = dir.resolve("dump.txt");
        Files.writeString(dump, """
                Full thread dump OpenJDK 64-Bit Server VM (17.0.1+12 mixed mode):

                "main" #1 prio=5 os_prio=0 cpu=10.00ms elapsed=1.00s tid=0x1 nid=0x10 runnable  [0x1]
                   java.lang.Thread.State: RUNNABLE
                \tat Main.main(Main.java:1)
                """);
        Path top = sparse("top.txt", 3L << 30);
        assertThat(usageError("threads", dump.toString(), "--top", top.toString()).err)
                .contains("3.0 GiB, expected top -H output of at most 64.0 MiB");
    }

    @Test
    void aLongPacketIsParsedInOnePassAndAnOverlongOneRefused() {
        // 5 000 bytes overflowed the stack of a regular expression with a repeated group; now a linear parser reads it
        // and the load starts (here: nothing listens, so the connection is what fails)
        BrinkRun r = usageError("tcp", "127.0.0.1:9", "--packet", "7e".repeat(5_000), "--rate", "1", "--duration", "1s");
        assertThat(r.err).contains("cannot connect to 127.0.0.1:9");
        assertThat(usageError("tcp", "127.0.0.1:9", "--packet", "7e ".repeat(70_000), "--rate", "1", "--duration", "1s").err)
                .contains("bad --packet: 70000 bytes, expected at most 65536");
        assertThat(usageError("tcp", "127.0.0.1:9", "--packet", "7e".repeat(5_000) + "g", "--rate", "1", "--duration", "1s").err)
                .contains("bad --packet: expected bytes in hex");
    }

    @Test
    void aStartFarAheadIsRefusedNotWaitedFor() throws Exception {
        Path plan = Files.writeString(dir.resolve("plan.yaml"), "name: p\ntarget: {base_url: \"http://127.0.0.1:9\"}\n"
                + "profile:\n  - name: a\n    rps: 2\n    request: {path: \"/\"}\n");
        // the campaign's hang: --start-at 2999-01-01T00:00:00Z slept until the year 2999
        assertThat(usageError("http", "http://127.0.0.1:9/", "--rate", "1", "--duration", "1s", "--start-at",
                "2999-01-01T00:00:00Z").err).contains("bad --start-at 2999-01-01T00:00:00Z: more than 24 h ahead");
        assertThat(usageError("k8s", plan.toString(), "--shards", "2", "--start-delay", "2d", "--out",
                dir.resolve("k8s").toString()).err)
                .contains("bad --start-delay 2d: expected more than 0 and at most 24h");
    }

    @Test
    void aJfrWindowThatEndsBeforeItStartsIsRefused() {
        // refused before the file is read: the file need not exist
        assertThat(usageError("jfr", "--from", "10s", "--to", "1s", dir.resolve("x.jfr").toString()).err)
                .isEqualTo("brink: --from 10s is not before --to 1s: expected a window that starts before it ends\n");
        assertThat(usageError("jfr", "--from", "2026-11-23T22:25:06Z", "--to", "2026-11-23T22:25:06Z", "x.jfr").err)
                .contains("is not before --to");
    }

    @Test
    void aMessageQuotingALineBreakStaysOneLine() {
        BrinkRun r = usageError("threads", dir.resolve("two\nlines.txt").toString());
        oneLine(r);
        assertThat(r.err).contains("no such file");
    }
}
