package dev.brink.load.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brink.core.BrinkUserException;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.bind.PlanReader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A gRPC plan's TLS settings and metadata (binary, secret): read, redacted, and refused in one line. */
class GrpcPlanSettingsTest {
    static final Path DIR = Path.of("src/test/resources/grpc").toAbsolutePath();

    static String yaml(String target, String metadata) {
        return """
                name: tls
                target:
                  grpc: "127.0.0.1:50051"
                  proto: inventory.proto
                %s
                profile:
                  - name: watch
                    rps: 10
                    call: shop.inventory.v1.Inventory/Watch
                    metadata:
                %s
                """.formatted(target.indent(2).stripTrailing(), metadata.indent(6).stripTrailing());
    }

    @Test
    void readsTlsAndBinaryAndSecretMetadata() throws Exception {
        Plan p = PlanReader.parse(yaml("ca_cert: common.proto\nauthority: inventory.internal", """
                x-trace-bin: AAEC/w==
                x-token: {value: "t0k3n-value", secret: true}
                x-tenant: acme"""), "tls.yaml", DIR, k -> null);
        Plan.Grpc g = p.target().grpc();
        assertThat(g.tls()).isEqualTo(new Plan.Tls(DIR.resolve("common.proto"), false));
        assertThat(g.authority()).isEqualTo("inventory.internal");
        assertThat(p.profile().get(0).request().headers()).extracting(Plan.Header::secret).containsExactly(false, true, false);
        assertThat(p.redacted().profile().get(0).request().headers()).extracting(Plan.Header::value)
                .containsExactly("AAEC/w==", "***", "acme");
        assertThat(PlanReader.parse(yaml("tls: true", "x-a: b"), "tls.yaml", DIR, k -> null).target().grpc().tls())
                .isEqualTo(new Plan.Tls(null, false));
        assertThat(PlanReader.parse(yaml("insecure: true", "x-a: b"), "tls.yaml", DIR, k -> null).target().grpc().tls())
                .isEqualTo(new Plan.Tls(null, true));
        assertThat(PlanReader.parse(yaml("connections: 1", "x-a: b"), "tls.yaml", DIR, k -> null).target().grpc().tls()).isNull();
    }

    @Test
    void mistakesAreOneLineWithoutTheValue() {
        assertThatThrownBy(() -> PlanReader.parse(yaml("connections: 1", "x-trace-bin: \"not base64!\""), "tls.yaml", DIR, k -> null))
                .isInstanceOf(BrinkUserException.class)
                .hasMessageStartingWith("tls.yaml:11:").hasMessageContaining("profile[0].metadata.x-trace-bin: expected a base64 value")
                .hasMessageNotContaining("not base64!");
        assertThatThrownBy(() -> PlanReader.parse(yaml("ca_cert: common.proto\ninsecure: true", "x-a: b"), "tls.yaml", DIR, k -> null))
                .isInstanceOf(BrinkUserException.class).hasMessageContaining("ca_cert or insecure, not both");
        assertThatThrownBy(() -> PlanReader.parse(yaml("ca_cert: nope.pem", "x-a: b"), "tls.yaml", DIR, k -> null))
                .isInstanceOf(BrinkUserException.class).hasMessageContaining("target.ca_cert: expected an existing file");
        assertThatThrownBy(() -> PlanReader.parse(yaml("tls: true", "grpc-timeout: 1S"), "tls.yaml", DIR, k -> null))
                .isInstanceOf(BrinkUserException.class).hasMessageContaining("not starting with grpc-");
    }
}
