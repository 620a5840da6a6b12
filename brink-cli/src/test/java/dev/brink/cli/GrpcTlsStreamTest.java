package dev.brink.cli;

import static dev.brink.cli.HttpCommandTest.brink;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.Json;
import io.grpc.Metadata;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code brink grpc} against a real TLS gRPC server whose key pair keytool made for this test: server streams
 * timed message by message, binary and secret metadata, and each TLS mistake as one line with exit 2.
 */
class GrpcTlsStreamTest {
    @TempDir
    static Path dir;
    static Path ca;
    static Path otherCa;
    static TickerServer server;
    static String addr;

    @BeforeAll
    static void start() throws Exception {
        Path ks = dir.resolve("server.p12");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-J-XX:TieredStopAtLevel=1", "-genkeypair", "-alias", "ticker", "-keyalg", "EC", "-groupname", "secp256r1",
                "-keystore", ks.toString(), "-storetype", "PKCS12", "-storepass", "changeit", "-dname", "CN=localhost",
                "-ext", "SAN=dns:localhost,ip:127.0.0.1", "-validity", "2").redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(log).isZero();
        ca = pem(dir.resolve("ca.pem"), KeyStore.getInstance(ks.toFile(), "changeit".toCharArray()), "ticker");
        // a real CA from the JDK's own trust store: one that did not sign the server's certificate
        KeyStore jdk = KeyStore.getInstance(new File(System.getProperty("java.home"), "lib/security/cacerts"), "changeit".toCharArray());
        otherCa = pem(dir.resolve("other-ca.pem"), jdk, Collections.list(jdk.aliases()).get(0));
        server = new TickerServer(ks);
        addr = "127.0.0.1:" + server.port();
    }

    private static Path pem(Path file, KeyStore ks, String alias) throws Exception {
        Certificate c = ks.getCertificate(alias);
        return Files.writeString(file, "-----BEGIN CERTIFICATE-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(c.getEncoded())
                + "\n-----END CERTIFICATE-----\n");
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) server.close();
    }

    @Test
    void streamsOverTlsTimedPerMessageWithBinaryAndSecretMetadata() throws Exception {
        Path run = dir.resolve("run");
        HttpCommandTest.Run r = brink("grpc", addr, "--call", TickerServer.FOLLOW, "--cacert", ca.toString(),
                "-d", "{\"symbol\": \"ACME\", \"ticks\": 4, \"every_ms\": 50}",
                "-m", "x-trace-bin: AAEC/w", "--secret-metadata", "x-api-token: s3cr3t-t0k3n", "-m", "authorization: Bearer hunter2",
                "--rate", "20", "--duration", "500ms", "--out", run.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains(", TLS,").contains("errors       none")
                .contains("stream       call: 10 calls ended, 40 messages (4 per call)")
                .contains("first msg").contains("each msg").contains("msg gap").contains("call total");
        Metadata got = server.lastMetadata.get();
        assertThat(got.get(Metadata.Key.of("x-trace-bin", Metadata.BINARY_BYTE_MARSHALLER))).containsExactly(0, 1, 2, -1);
        assertThat(got.get(Metadata.Key.of("x-api-token", Metadata.ASCII_STRING_MARSHALLER))).isEqualTo("s3cr3t-t0k3n");
        assertThat(r.out() + r.err()).doesNotContain("s3cr3t").doesNotContain("hunter2");
        try (Stream<Path> files = Files.walk(run)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                assertThat(Files.readString(f)).as(f.toString()).doesNotContain("s3cr3t").doesNotContain("hunter2");
            }
        }
        assertThat(run.resolve("streams.jsonl")).isNotEmptyFile();
    }

    @Test
    void jsonFromAProtoFileWithoutVerificationWarns() throws Exception {
        Path proto = Files.writeString(dir.resolve("ticker.proto"), TickerServer.PROTO);
        HttpCommandTest.Run r = brink("grpc", addr, "--call", TickerServer.FOLLOW, "--proto", proto.toString(), "--insecure",
                "--authority", "localhost", "-d", "{\"symbol\": \"X\", \"ticks\": 3, \"every_ms\": 20}",
                "--rate", "20", "--duration", "500ms", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).contains("warning: --insecure");
        JsonNode doc = Json.MAPPER.readTree(r.out());
        assertThat(doc.path("result").path("ok").asLong()).isEqualTo(10);
        JsonNode s = doc.path("streams").get(0);
        assertThat(s.path("messages").asLong()).isEqualTo(30);
        assertThat(s.path("gap_ms").path("count").asLong()).isEqualTo(20);
        assertThat(s.path("total_ms").path("p50").asDouble()).isGreaterThanOrEqualTo(39.0);
    }

    @Test
    void tlsMistakesAreOneLineAndExitTwo() throws Exception {
        Path proto = Files.writeString(dir.resolve("t.proto"), TickerServer.PROTO);
        List<String> base = List.of("grpc", addr, "--call", TickerServer.FOLLOW, "--rate", "5", "--duration", "1s");
        // the wrong CA, by reflection and from a .proto (found by a probe before any load)
        assertOneLine(brink(args(base, "--cacert", otherCa.toString())), "certificate is not trusted by --cacert " + otherCa);
        assertOneLine(brink(args(base, "--cacert", otherCa.toString(), "--proto", proto.toString())),
                "certificate is not trusted by --cacert " + otherCa);
        assertOneLine(brink(args(base, "--tls")), "not trusted by the system trust store");
        assertOneLine(brink(args(base, "--cacert", ca.toString(), "--authority", "wrong.example")),
                "does not name wrong.example");
        assertOneLine(brink(args(base)), "a TLS server needs --tls");
        assertOneLine(brink(args(base, "--cacert", proto.toString())), proto + ": expected PEM certificates");
        HttpCommandTest.Run bad = brink(args(base, "--cacert", ca.toString(), "-m", "x-trace-bin: %%secret%%"));
        assertOneLine(bad, "metadata 'x-trace-bin': expected a base64 value");
        assertThat(bad.err()).doesNotContain("%%secret%%");
    }

    private static String[] args(List<String> base, String... more) {
        return Stream.concat(base.stream(), Stream.of(more)).toArray(String[]::new);
    }

    private static void assertOneLine(HttpCommandTest.Run r, String message) {
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err().strip()).as(r.err()).doesNotContain("\n").doesNotContain("Exception").contains(message);
    }
}
