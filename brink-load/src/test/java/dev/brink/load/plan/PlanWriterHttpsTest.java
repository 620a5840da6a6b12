package dev.brink.load.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.load.plan.bind.PlanReader;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** plan.yaml of an HTTPS run over HTTP/2 reads back with the same HTTP and TLS settings; the key file's content is never in it. */
class PlanWriterHttpsTest {
    @TempDir
    Path dir;

    @Test
    void anHttpsPlanRoundTripsItsHttpAndTlsSettings() throws Exception {
        Path ca = Files.writeString(dir.resolve("ca.pem"), "-----BEGIN CERTIFICATE-----\n");
        Path cert = Files.writeString(dir.resolve("client.pem"), "-----BEGIN CERTIFICATE-----\n");
        Path key = Files.writeString(dir.resolve("client.key"), "-----BEGIN PRIVATE KEY-----\nK3YB1T5\n");
        Plan.Http http = new Plan.Http(true, true, new Plan.Tls(ca, false, cert, key), "per-call", 3);
        Plan plan = new Plan("https-plan", new Plan.Target(URI.create("https://shop.example:8443/api"), null, null, null, http),
                List.of(new Plan.Operation("get", 10, new Plan.Request("GET", "/items", List.of(), null), Plan.Check.DEFAULT)),
                null, null, null);
        Path file = dir.resolve("plan.yaml");
        Files.writeString(file, PlanWriter.yaml(plan));
        assertThat(Files.readString(file)).doesNotContain("K3YB1T5").contains("http2: true").contains("client_key:");
        Plan back = PlanReader.load(file);
        assertThat(back.target()).isEqualTo(plan.target());

        Plan plain = new Plan("plain", new Plan.Target(URI.create("http://127.0.0.1:8080"), null), plan.profile(), null, null, null);
        Files.writeString(file, PlanWriter.yaml(plain));
        assertThat(Files.readString(file)).doesNotContain("http2").doesNotContain("connection_policy");
        assertThat(PlanReader.load(file).target()).isEqualTo(plain.target());
    }
}
