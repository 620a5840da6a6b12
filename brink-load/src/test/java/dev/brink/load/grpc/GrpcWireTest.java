package dev.brink.load.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.evidence.StreamTimingLine;
import dev.brink.load.LoadEngine;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.StepResult;
import dev.brink.load.plan.Plan;
import io.grpc.Metadata;
import io.netty.handler.codec.http2.Http2Headers;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * gRPC calls on Brink's own HTTP/2 client, against answers framed at the HTTP/2 level ({@link H2GrpcStub}) the way
 * servers and proxies may frame them, and a grpc-java server for the metadata: what each answer counts as, and what
 * goes on the wire.
 */
class GrpcWireTest {
    private static final String WATCH_MESSAGE = "{\"sku\": \"s\", \"count\": 3}";

    private static Plan.Grpc grpc(String policy, Duration deadline) {
        return new Plan.Grpc(GrpcTestServer.PROTO, List.of(), null, 2, policy, deadline);
    }

    @Test
    void countsMessagesSplitAcrossAndPackedIntoDataFramesAndSendsTheCallAsGrpcDoes() throws Exception {
        try (H2GrpcStub stub = new H2GrpcStub();
             LoadEngine engine = LoadEngine.open(GrpcLoadTest.plan(stub.port(), grpc("shared", Duration.ofSeconds(30)), 20,
                     GrpcTestServer.WATCH, WATCH_MESSAGE), LoadOptions.defaults().withMaxConnections(8), null)) {
            StepResult r = engine.run(LoadStep.open("x1", 1, Duration.ofSeconds(1)));
            assertThat(r.errors()).isEmpty();
            assertThat(r.ok()).isEqualTo(20);
            List<StreamTimingLine> lines = engine.lastStreamTimings();
            assertThat(lines).hasSize(1);
            assertThat(lines.get(0).calls()).isEqualTo(20);
            // three messages per call: one split across two DATA frames, two packed into one
            assertThat(lines.get(0).messages()).isEqualTo(60);
            assertThat(lines.get(0).gap().count()).isEqualTo(40);

            Http2Headers h = stub.lastHeaders.get();
            assertThat(h.method()).hasToString("POST");
            assertThat(h.scheme()).hasToString("http");
            assertThat(h.path()).hasToString("/shop.inventory.v1.Inventory/Watch");
            assertThat(h.authority()).hasToString("127.0.0.1:" + stub.port());
            assertThat(h.get("content-type")).hasToString("application/grpc");
            assertThat(h.get("te")).hasToString("trailers");
            // grpc-java's encoding: up to 8 digits in the finest unit that holds them
            assertThat(h.get("grpc-timeout")).hasToString("30000000u");
            assertThat(h.get("x-tenant")).hasToString("acme");
            // not compressed, its length, then WatchRequest {sku: "s", count: 3} as protobuf
            assertThat(stub.lastBody.get()).containsExactly(0, 0, 0, 0, 5, 0x0a, 1, 's', 0x10, 3);
        }
    }

    @Test
    void aTrailersOnlyErrorIsItsStatusAndAProxys503IsUnavailable() throws Exception {
        try (H2GrpcStub stub = new H2GrpcStub()) {
            stub.answer = H2GrpcStub.Answer.TRAILERS_ONLY;
            try (LoadEngine engine = LoadEngine.open(GrpcLoadTest.plan(stub.port(), grpc("shared", null), 20, GrpcTestServer.RESERVE,
                    "{\"sku\": \"a\"}"), LoadOptions.defaults(), null)) {
                StepResult r = engine.run(LoadStep.open("x1", 1, Duration.ofSeconds(1)));
                assertThat(r.ok()).isZero();
                assertThat(r.errors()).containsOnlyKeys("grpc-PERMISSION_DENIED");
                assertThat(r.errors().get("grpc-PERMISSION_DENIED")).isEqualTo(20);
                assertThat(r.answeredErrorCount()).isEqualTo(20);
            }
            assertThat(stub.lastHeaders.get().get("grpc-timeout")).as("no deadline, no grpc-timeout").isNull();
            stub.answer = H2GrpcStub.Answer.HTTP_503;
            try (LoadEngine engine = LoadEngine.open(GrpcLoadTest.plan(stub.port(), grpc("per-user", null), 20, GrpcTestServer.RESERVE,
                    "{\"sku\": \"a\"}"), LoadOptions.defaults(), null)) {
                StepResult r = engine.run(LoadStep.open("x1", 1, Duration.ofSeconds(1)));
                assertThat(r.ok()).isZero();
                assertThat(r.errors()).containsOnlyKeys("grpc-UNAVAILABLE");
                assertThat(r.errors().get("grpc-UNAVAILABLE")).isEqualTo(20);
            }
        }
    }

    @Test
    void aResetStreamCountsAsGrpcJavaMapsItsErrorCode() throws Exception {
        try (H2GrpcStub stub = new H2GrpcStub()) {
            stub.answer = H2GrpcStub.Answer.RESET_CALM;
            try (LoadEngine engine = LoadEngine.open(GrpcLoadTest.plan(stub.port(), grpc("shared", null), 20, GrpcTestServer.RESERVE,
                    "{\"sku\": \"a\"}"), LoadOptions.defaults(), null)) {
                StepResult r = engine.run(LoadStep.open("x1", 1, Duration.ofSeconds(1)));
                assertThat(r.ok()).isZero();
                assertThat(r.errors()).containsOnlyKeys("grpc-RESOURCE_EXHAUSTED");
                assertThat(r.errors().get("grpc-RESOURCE_EXHAUSTED")).isEqualTo(20);
            }
        }
    }

    @Test
    void aCallPastItsDeadlineIsCancelledAndCountsAsDeadlineExceeded() throws Exception {
        try (H2GrpcStub stub = new H2GrpcStub()) {
            stub.answer = H2GrpcStub.Answer.NONE;
            try (LoadEngine engine = LoadEngine.open(GrpcLoadTest.plan(stub.port(), grpc("shared", Duration.ofMillis(300)), 10,
                    GrpcTestServer.RESERVE, "{\"sku\": \"a\"}"), LoadOptions.defaults().withMaxConnections(16), null)) {
                StepResult r = engine.run(LoadStep.open("x1", 1, Duration.ofSeconds(1)));
                assertThat(r.ok()).isZero();
                assertThat(r.errors()).containsOnlyKeys("grpc-DEADLINE_EXCEEDED");
                assertThat(r.errors().get("grpc-DEADLINE_EXCEEDED")).isEqualTo(10);
                // each call was given up at its deadline, not before
                assertThat(r.uncorrected().p50Ms()).isGreaterThanOrEqualTo(299.0);
            }
            assertThat(stub.lastHeaders.get().get("grpc-timeout")).hasToString("300000u");
            // the server was told: one RST_STREAM CANCEL per call (it reads them on its own thread)
            long until = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (stub.resets.get() < 10 && System.nanoTime() < until) Thread.onSpinWait();
            assertThat(stub.resets.get()).isEqualTo(10);
            assertThat(stub.lastResetCode).isEqualTo(0x8);
        }
    }

    @Test
    void aPerCallConnectionThatCannotConnectCountsAsItsConnectError() throws Exception {
        int dead;
        try (ServerSocket s = new ServerSocket(0)) {
            dead = s.getLocalPort();
        }
        try (LoadEngine engine = LoadEngine.open(GrpcLoadTest.plan(dead, grpc("per-call", null), 20, GrpcTestServer.RESERVE,
                "{\"sku\": \"a\"}"), LoadOptions.defaults(), null)) {
            StepResult r = engine.run(LoadStep.open("x1", 1, Duration.ofSeconds(1)));
            assertThat(r.ok()).isZero();
            assertThat(r.errors()).containsOnlyKeys("connect-refused");
            assertThat(r.errors().get("connect-refused")).isEqualTo(20);
        }
    }

    @Test
    void textAndBinaryMetadataArriveAtAGrpcJavaServerAsSent() throws Exception {
        try (GrpcTestServer server = new GrpcTestServer()) {
            Plan plan = new Plan("meta", new Plan.Target(URI.create("grpc://127.0.0.1:" + server.port()), null,
                    grpc("per-call", Duration.ofSeconds(30))),
                    List.of(new Plan.Operation("call", 10, new Plan.Request("POST", GrpcTestServer.RESERVE,
                            List.of(new Plan.Header("x-tenant", "acme", false), new Plan.Header("X-Trace-Bin", "AAEC/w==", false),
                                    new Plan.Header("x-token", "t0k3n", true)), "{\"sku\": \"m\"}"), Plan.Check.DEFAULT)),
                    null, null, null);
            try (LoadEngine engine = LoadEngine.open(plan, LoadOptions.defaults(), null)) {
                StepResult r = engine.run(LoadStep.open("x1", 1, Duration.ofSeconds(1)));
                assertThat(r.errors()).isEmpty();
                assertThat(r.ok()).isEqualTo(10);
            }
            Metadata got = server.lastMetadata.get();
            assertThat(got.get(Metadata.Key.of("x-tenant", Metadata.ASCII_STRING_MARSHALLER))).isEqualTo("acme");
            assertThat(got.get(Metadata.Key.of("x-token", Metadata.ASCII_STRING_MARSHALLER))).isEqualTo("t0k3n");
            assertThat(got.get(Metadata.Key.of("x-trace-bin", Metadata.BINARY_BYTE_MARSHALLER))).containsExactly(0, 1, 2, -1);
        }
    }
}
