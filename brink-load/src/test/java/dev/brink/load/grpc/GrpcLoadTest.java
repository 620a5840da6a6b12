package dev.brink.load.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.brink.core.BrinkUserException;
import dev.brink.load.LoadEngine;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.StepResult;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.bind.PlanReader;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Drives a real grpc-java server (GrpcTestServer) through the load engine, as `brink grpc` does. */
public class GrpcLoadTest {
    public static Plan plan(int port, Plan.Grpc grpc, double rps, String call, String message) {
        return new Plan("grpc", new Plan.Target(URI.create("grpc://127.0.0.1:" + port), null, grpc),
                List.of(new Plan.Operation("call", rps, new Plan.Request("POST", call,
                        List.of(new Plan.Header("x-tenant", "acme", false)), message), Plan.Check.DEFAULT)),
                null, null, null);
    }

    public static Plan.Grpc byProto(String policy) {
        // a deadline every call carries, far above what a loaded 2-core CI box takes for one
        return new Plan.Grpc(GrpcTestServer.PROTO, List.of(), null, 2, policy, Duration.ofSeconds(30));
    }

    static Plan.Grpc byReflection() {
        return new Plan.Grpc(null, List.of(), null, 2, "shared", null);
    }

    @Test
    void holdsTheRateByProtoAndByReflectionAndCountsStatusCodes() throws Exception {
        try (GrpcTestServer server = new GrpcTestServer()) {
            String msg = "{\"sku\": \"sku-${seq}\", \"quantity\": ${random.int(1,5)}, \"labels\": {\"a\": \"b\"}}";
            for (Plan.Grpc g : List.of(byProto("shared"), byReflection())) {
                long before = server.calls.get();
                try (LoadEngine engine = LoadEngine.open(plan(server.port(), g, 500, GrpcTestServer.RESERVE, msg),
                        LoadOptions.defaults().withMaxConnections(64), null)) {
                    StepResult r = engine.run(LoadStep.open("x1", 1, Duration.ofSeconds(2)));
                    assertThat(r.errors()).isEmpty();
                    assertThat(r.ok()).isEqualTo(1000);
                    assertThat(server.calls.get() - before).isEqualTo(1000);
                    assertThat(r.corrected().p99Ms()).isGreaterThanOrEqualTo(r.uncorrected().p99Ms());
                }
            }
            try (LoadEngine engine = LoadEngine.open(plan(server.port(), byProto("shared"), 200, GrpcTestServer.RESERVE,
                    "{\"sku\": \"x\", \"quantity\": -1}"), LoadOptions.defaults(), null)) {
                StepResult r = engine.run(LoadStep.open("bad", 1, Duration.ofSeconds(1)));
                assertThat(r.ok()).isZero();
                assertThat(r.errors()).containsOnlyKeys("grpc-INVALID_ARGUMENT");
                assertThat(r.errors().get("grpc-INVALID_ARGUMENT")).isEqualTo(200);
                assertThat(r.answeredErrorCount()).isEqualTo(200);
            }
        }
    }

    @Test
    void serverStreamingAndPerCallConnections() throws Exception {
        try (GrpcTestServer server = new GrpcTestServer();
             LoadEngine engine = LoadEngine.open(plan(server.port(), byProto("per-call"), 100, GrpcTestServer.WATCH,
                     "{\"sku\": \"s\", \"count\": 5}"), LoadOptions.defaults().withMaxConnections(16), null)) {
            StepResult r = engine.run(LoadStep.open("x1", 1, Duration.ofSeconds(2)));
            assertThat(r.errors()).isEmpty();
            assertThat(r.ok()).isEqualTo(200);
        }
    }

    @Test
    void aOneSecondStallShowsInCorrectedLatencyOnly() throws Exception {
        try (GrpcTestServer server = new GrpcTestServer();
             LoadEngine engine = LoadEngine.open(plan(server.port(), byProto("per-user"), 500, GrpcTestServer.RESERVE,
                     "{\"sku\": \"a\"}"), LoadOptions.defaults().withMaxConnections(1), null)) {
            server.stallMs = 1000;
            server.stallAfter = 600;
            StepResult r = engine.run(LoadStep.open("stall", 1, Duration.ofSeconds(4)));
            assertThat(r.errors()).isEmpty();
            // every scheduled call accounted for: sent, or still waiting for the one connection when the drain ended
            // (a busy machine slows the catch-up after the stall; those are the target's, never lost); of those sent,
            // all answered but any still on the wire as the drain ended (one at most: the connection carries one)
            assertThat(r.sent() + r.dropped()).isEqualTo(2000);
            assertThat(r.sent() - r.ok()).isBetween(0L, 1L);
            assertThat(r.ok()).isPositive();
            // one caller: every call scheduled during the stall waited for it (~25 % of the step)
            assertThat(r.corrected().p99Ms()).isGreaterThan(500);
            // only one call was on the wire during the stall: far under 1 %
            assertThat(r.uncorrected().p99Ms()).isLessThan(r.corrected().p99Ms() / 3);
            // the answered rate is the schedule's when the one connection caught up before the drain ended (a quiet
            // machine); on a busy one the calls it could not send are the dropped ones counted above
            if (r.dropped() == 0) assertThat(r.achievedRps()).isCloseTo(500, within(25.0));
        }
    }

    @Test
    void badInputIsOneLineNamingWhatIsWrong() throws Exception {
        try (GrpcTestServer server = new GrpcTestServer()) {
            assertThatThrownBy(() -> LoadEngine.open(plan(server.port(), byReflection(), 1, "shop.inventory.v1.Inventory/Nope", "{}"),
                    LoadOptions.defaults(), null).close())
                    .isInstanceOf(BrinkUserException.class)
                    .hasMessageContaining("unknown method shop.inventory.v1.Inventory/Nope").hasMessageContaining("Reserve, Watch");
            assertThatThrownBy(() -> LoadEngine.open(plan(server.port(), byProto("shared"), 1, GrpcTestServer.RESERVE,
                    "{\"skew\": \"a\"}"), LoadOptions.defaults(), null).close())
                    .isInstanceOf(BrinkUserException.class)
                    .hasMessageContaining("skew").hasMessageContaining("shop.inventory.v1.ReserveRequest");
        }
        int dead;
        try (ServerSocket s = new ServerSocket(0)) {
            dead = s.getLocalPort();
        }
        assertThatThrownBy(() -> LoadEngine.open(plan(dead, byReflection(), 1, GrpcTestServer.RESERVE, "{}"),
                LoadOptions.defaults(), null).close())
                .isInstanceOf(BrinkUserException.class).hasMessageStartingWith("cannot connect to 127.0.0.1:" + dead);
        assertThatThrownBy(() -> GrpcSchema.fromProto(Path.of("src/test/resources/grpc/broken.proto"), List.of()))
                .isInstanceOf(BrinkUserException.class)
                .hasMessage("src/test/resources/grpc/broken.proto:6:13: expected '=', found '1'");
    }

    @Test
    void aPlanFileDrivesAGrpcService() throws Exception {
        try (GrpcTestServer server = new GrpcTestServer()) {
            String yaml = """
                    name: inventory
                    target:
                      grpc: "127.0.0.1:%d"
                      proto: inventory.proto
                      connections: 2
                      deadline: 30s
                    profile:
                      - name: reserve
                        rps: 100
                        call: shop.inventory.v1.Inventory/Reserve
                        message: '{"sku": "s-${seq}", "quantity": 2}'
                        metadata: {authorization: "Bearer t0ps3cret"}
                    """.formatted(server.port());
            Plan plan = PlanReader.parse(yaml, "inventory.yaml", Path.of("src/test/resources/grpc").toAbsolutePath(), k -> null);
            assertThat(plan.redacted().profile().get(0).request().headers().get(0).value()).isEqualTo("***");
            try (LoadEngine engine = LoadEngine.open(plan, LoadOptions.defaults(), null)) {
                StepResult r = engine.run(LoadStep.open("x1", 1, Duration.ofSeconds(1)));
                assertThat(r.errors()).isEmpty();
                assertThat(r.ok()).isEqualTo(100);
            }
            assertThatThrownBy(() -> PlanReader.parse(yaml.replace("Inventory/Reserve", "Inventory"), "inventory.yaml",
                    Path.of("src/test/resources/grpc"), k -> null))
                    .isInstanceOf(BrinkUserException.class).hasMessageStartingWith("inventory.yaml:10:")
                    .hasMessageContaining("pkg.Service/Method");
        }
    }
}
