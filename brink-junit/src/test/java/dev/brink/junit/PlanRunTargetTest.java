package dev.brink.junit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.load.plan.Plan;
import java.net.URI;
import org.junit.jupiter.api.Test;

/**
 * The service a test started replaces the plan's target and nothing else: an https plan over HTTP/2 keeps its HTTP
 * and TLS settings, its users and its flows (a flow plan run from a test once lost its flows here).
 */
class PlanRunTargetTest {
    private static final String PLAN = """
            name: shop
            target: {base_url: "https://shop.example", http2: true, insecure: true, connection_policy: per-call}
            users: {count: 3}
            flows:
              - name: buy
                steps:
                  - name: list
                    request: {path: /items}
                  - name: pay
                    request: {method: POST, path: /pay, body: "{}"}
            """;

    @Test
    void theTestsServiceReplacesTheUrlAndKeepsTheRest() throws Exception {
        Plan p = PlanRun.ofText(PLAN, "shop.yaml").withTarget(BrinkTarget.https(8443).baseUrl(), 42L).plan();
        assertThat(p.target().baseUrl()).isEqualTo(URI.create("https://127.0.0.1:8443"));
        assertThat(p.target().jvm().pid()).isEqualTo(42L);
        assertThat(p.target().http()).isEqualTo(new Plan.Http(true, false, new Plan.Tls(null, true), "per-call", 1));
        assertThat(p.users().count()).isEqualTo(3);
        assertThat(p.flows()).hasSize(1);

        // a plaintext service for an https plan: the TLS trust has nothing to apply to, HTTP/2 stays (h2c)
        Plan plain = PlanRun.ofText(PLAN, "shop.yaml").withTarget(URI.create("http://127.0.0.1:8080"), null).plan();
        assertThat(plain.target().http()).isEqualTo(new Plan.Http(true, false, null, "per-call", 1));
    }
}
