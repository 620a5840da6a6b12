package dev.brink.load.plan.har;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.load.LoadEngine;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.StepResult;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.bind.PlanReader;
import dev.brink.load.testing.WebTestServer;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A HAR as a browser saves it from an HTTPS site it spoke HTTP/2 to (Chromium's shape: {@code httpVersion: "h2"},
 * pseudo-headers among the request headers, a session cookie set by the login) becomes an https plan over h2, and
 * that plan runs against a local TLS server: the login's cookie reaches the next page, which answers 401 without it.
 */
class HttpsHarImportTest {
    @TempDir
    Path dir;

    @Test
    void anHttpsRecordingOverH2RunsAgainstATlsServer() throws Exception {
        try (WebTestServer web = new WebTestServer(WebTestServer.Wire.TLS_H2)) {
            String site = web.url();
            String har = """
                    {"log": {"version": "1.2", "creator": {"name": "WebInspector", "version": "537.36"}, "entries": [
                      {"startedDateTime": "2026-11-27T10:00:00.000Z", "time": 40,
                       "request": {"method": "POST", "url": "%1$s/login", "httpVersion": "h2",
                         "headers": [{"name": ":authority", "value": "127.0.0.1"}, {"name": ":method", "value": "POST"},
                                     {"name": "content-type", "value": "application/json"}, {"name": "user-agent", "value": "Chrome"}],
                         "postData": {"mimeType": "application/json", "text": "{\\"user\\":\\"ada\\"}"}},
                       "response": {"status": 200, "httpVersion": "h2",
                         "headers": [{"name": "set-cookie", "value": "sid=s3ss10n; Path=/; HttpOnly"}],
                         "content": {"mimeType": "application/json", "text": "{\\"token\\":\\"t-42\\"}"}}},
                      {"startedDateTime": "2026-11-27T10:00:00.100Z", "time": 30,
                       "request": {"method": "GET", "url": "%1$s/me", "httpVersion": "h2",
                         "headers": [{"name": ":path", "value": "/me"}, {"name": "cookie", "value": "sid=s3ss10n"}]},
                       "response": {"status": 200, "httpVersion": "h2", "headers": [],
                         "content": {"mimeType": "application/json", "text": "{\\"user\\":\\"ada\\"}"}}}
                    ]}}
                    """.formatted(site);
            HarImport.Result r = HarImport.convert(har, "site.har", null, false);
            assertThat(r.steps()).isEqualTo(2);
            assertThat(r.plan()).contains("base_url: \"" + site + "\"", "http2: true");
            // the one edit a user makes for a server whose CA the JVM does not know
            Path ca = WebTestServer.file(dir, "ca.pem");
            String text = r.plan().replace("http2: true}", "http2: true, ca_cert: ca.pem}");
            Plan plan = PlanReader.parse(text, "site.yaml", dir, n -> null);
            assertThat(plan.target().tls()).isTrue();
            assertThat(plan.target().http().tls().caCert()).isEqualTo(ca);
            try (LoadEngine engine = LoadEngine.open(plan, LoadOptions.defaults().withMaxConnections(4), null)) {
                StepResult s = engine.run(LoadStep.closed("har", 2, Duration.ZERO, Duration.ofMillis(800)));
                assertThat(s.errors()).isEmpty();
                assertThat(s.ok()).isGreaterThan(4);
                assertThat(engine.lastTls().alpn()).isEqualTo("h2");
            }
            assertThat(web.protocols).containsExactly("HTTP/2");
        }
    }
}
