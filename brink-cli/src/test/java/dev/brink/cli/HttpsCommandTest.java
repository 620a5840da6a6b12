package dev.brink.cli;

import static dev.brink.cli.HttpCommandTest.brink;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.Json;
import dev.brink.load.testing.WebTestServer;
import dev.brink.load.testing.WebTestServer.Wire;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code brink http} against a real TLS server that speaks h2 and http/1.1 by ALPN (Netty's own server, the checked-in
 * test certificates): what the headline, the live line, the tls row and {@code --json} say, and each TLS option
 * mistake as one line and exit 2, no key ever printed. (A flow plan over h2 is HttpsLoadTest's; {@code brink run}
 * against Spring Boot with TLS and HTTP/2 is bench/tls-h2-spring.sh.)
 */
class HttpsCommandTest {
    @TempDir
    static Path dir;
    static Path ca;
    static Path key;
    static WebTestServer web;

    @BeforeAll
    static void start() throws Exception {
        ca = WebTestServer.file(dir, "ca.pem");
        key = WebTestServer.file(dir, "client.key");
        web = new WebTestServer(Wire.TLS_H2_OR_HTTP1);
    }

    @AfterAll
    static void stop() {
        if (web != null) web.close();
    }

    @Test
    void http2OverTlsPrintsWhatWasAgreedAndTheHandshakes() {
        HttpCommandTest.Run r = brink("http", web.url() + "/", "--http2", "--cacert", ca.toString(), "--rate", "100",
                "--duration", "1s", "--no-warm-up");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("HTTP/2 (h2, TLS), 1 connection, up to 1000 streams in flight")
                .contains("100 sent, 100 ok").contains("errors       none").containsPattern("streams \\d+  conns 1")
                .containsPattern("tls          TLSv1\\.3 TLS_\\w+, ALPN h2, (OpenSSL|JDK) engine; 1 handshake \\([01] resumed\\)");
        // the probe before the run made the session the run's connection may resume
        assertThat(web.protocols).contains("HTTP/2");
    }

    @Test
    void jsonHasTheTlsRecordAndPerCallResumes() throws Exception {
        HttpCommandTest.Run r = brink("http", web.url() + "/", "--cacert", ca.toString(), "--connection-policy", "per-call",
                "--users", "2", "--duration", "1s", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode doc = Json.MAPPER.readTree(r.out());
        long ok = doc.path("result").path("ok").asLong();
        JsonNode tls = doc.path("tls");
        assertThat(ok).isPositive();
        assertThat(tls.path("alpn").asText()).isEqualTo("http/1.1");
        assertThat(tls.path("handshakes").asLong()).isBetween(ok, ok + 2);
        assertThat(tls.path("resumed").asLong()).isGreaterThan(ok / 2);
        assertThat(tls.path("handshake_ms").path("p50_ms").asDouble()).isPositive();
    }

    @Test
    void tlsOptionMistakesAreOneLineAndExitTwo() throws Exception {
        List<String> rate = List.of("--rate", "5", "--duration", "1s", "--no-warm-up");
        assertOneLine(brink(args(List.of("http", web.url() + "/"), rate)), "its certificate is not trusted by the system trust store");
        assertOneLine(brink(args(List.of("http", "http://127.0.0.1:" + web.port() + "/", "--cacert", ca.toString()), rate)),
                "--cacert is for TLS: expected an https:// URL");
        assertOneLine(brink(args(List.of("http", web.url() + "/", "--cert", ca.toString()), rate)), "--cert and --key: expected both");
        assertOneLine(brink(args(List.of("http", web.url() + "/", "--cacert", ca.toString(), "--insecure"), rate)),
                "--cacert and --insecure: expected one of them");
        HttpCommandTest.Run badKey = brink(args(List.of("http", web.url() + "/", "--cacert", ca.toString(), "--cert", key.toString(),
                "--key", key.toString()), rate));
        assertOneLine(badKey, "expected a PEM certificate chain and its unencrypted PKCS#8 private key");
        String keyText = Files.readString(key);
        String secret = keyText.lines().filter(l -> !l.startsWith("-----")).findFirst().orElseThrow();
        assertThat(badKey.out() + badKey.err()).doesNotContain(secret);
        assertOneLine(brink(args(List.of("http", web.url() + "/", "--allow-http1"), rate)), "--allow-http1: expected --http2");
    }

    private static String[] args(List<String> a, List<String> b) {
        return Stream.concat(a.stream(), b.stream()).toArray(String[]::new);
    }

    private static void assertOneLine(HttpCommandTest.Run r, String message) {
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(2);
        assertThat(r.err().strip()).as(r.err()).doesNotContain("\n").doesNotContain("Exception").contains(message);
    }
}
