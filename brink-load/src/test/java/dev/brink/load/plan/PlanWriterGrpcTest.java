package dev.brink.load.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.load.plan.bind.PlanReader;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** plan.yaml of a gRPC run (with the JVM to launch) reads back as the same plan, metadata secrets redacted. */
class PlanWriterGrpcTest {
    @TempDir
    Path dir;

    @Test
    void aGrpcPlanRoundTripsWithSecretMetadataRedacted() throws Exception {
        Path proto = Files.writeString(dir.resolve("svc.proto"), "syntax = \"proto3\";\n");
        Plan plan = new Plan("grpc-plan", new Plan.Target(URI.create("grpc://127.0.0.1:50051"),
                new Plan.Jvm(null, null, List.of("java", "-Xmn250m", "-jar", "orders.jar")),
                new Plan.Grpc(proto, List.of(), null, 3, "per-user", Duration.ofSeconds(2), new Plan.Tls(proto, false), "orders.internal")),
                List.of(new Plan.Operation("post", 40, new Plan.Request("POST", "pay.v2.Ledger/Post",
                        List.of(new Plan.Header("authorization", "Bearer s3cr3t", false), new Plan.Header("x-sig-bin", "c2VjcmV0LXNpZw", true)),
                        "{\"cents\": ${seq}}"),
                        Plan.Check.DEFAULT)), null, null, null);
        Path file = dir.resolve("plan.yaml");
        Files.writeString(file, PlanWriter.yaml(plan));
        String yaml = Files.readString(file);
        assertThat(yaml).doesNotContain("s3cr3t").doesNotContain("c2VjcmV0LXNpZw").contains("grpc: \"127.0.0.1:50051\"").contains("call: pay.v2.Ledger/Post");
        Plan back = PlanReader.load(file);
        assertThat(back.target().grpc()).isEqualTo(plan.target().grpc());
        assertThat(back.target().jvm()).as("a gRPC target Brink launches and watches").isEqualTo(plan.target().jvm());
        assertThat(back.target().baseUrl()).isEqualTo(plan.target().baseUrl());
        assertThat(back.profile().get(0).request().path()).isEqualTo("pay.v2.Ledger/Post");
        assertThat(back.profile().get(0).request().body()).isEqualTo("{\"cents\": ${seq}}");
        assertThat(back.profile().get(0).request().headers().get(0).value()).isEqualTo("***");
        assertThat(back.profile().get(0).request().headers().get(1)).isEqualTo(new Plan.Header("x-sig-bin", "***", true));
    }
}
