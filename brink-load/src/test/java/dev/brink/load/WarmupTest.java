package dev.brink.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.StepResult;
import dev.brink.load.grpc.GrpcTestServer;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.bind.PlanReader;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class WarmupTest {
    @Test
    void warmsAgainstItsOwnResponderAndNeverTouchesTheTarget() throws Exception {
        try (TestServer target = new TestServer()) {
            // a POST with a templated path and body: the responder must read each request whole, body included
            Plan plan = new Plan("warm", new Plan.Target(URI.create(target.url()), null),
                    List.of(new Plan.Operation("post", 1000, new Plan.Request("POST", "/items/${seq}", List.of(),
                            "{\"n\":${random.int(1,9)}}"), Plan.Check.DEFAULT)), null, null, null);

            Warmup.Report r = Warmup.http(plan, LoadOptions.defaults().withMaxConnections(8), Duration.ofMillis(600));

            assertThat(r.requests()).as("requests answered by the in-process responder").isPositive();
            // no bound on the time here: the limit counts load only, and starting the responder and the engine, each
            // round's drain and the closing come on top, which a loaded machine stretches (17 s seen at load 40)
            assertThat(r.seconds()).isPositive();
            assertThat(target.requests.get()).as("requests that reached the target").isZero();
            assertThat(r.line()).startsWith("warm-up: ").contains(r.requests() + " requests").contains("nothing recorded");

            // the recorded run that follows starts from zero on its own engine
            try (LoadEngine engine = LoadEngine.open(plan, LoadOptions.defaults().withMaxConnections(8), null)) {
                StepResult s = engine.run(LoadStep.open("run", 0.1, Duration.ofSeconds(1)));
                assertThat(s.sent()).isEqualTo(100);
                assertThat(target.requests.get()).isEqualTo(100);
            }
        }
    }

    @Test
    void warmsGrpcOnAResponderThatAnswersThePlansMethodsAndAsksTheTargetOnlyForItsDescriptorsOnce() throws Exception {
        try (GrpcTestServer target = new GrpcTestServer()) {
            Plan plan = new Plan("warm", new Plan.Target(URI.create("grpc://127.0.0.1:" + target.port()), null,
                    new Plan.Grpc(null, List.of(), null, 1, "per-call", null)),
                    List.of(new Plan.Operation("reserve", 90, new Plan.Request("POST", GrpcTestServer.RESERVE, List.of(),
                                    "{\"sku\": \"s-${seq}\", \"quantity\": 1}"), Plan.Check.DEFAULT),
                            new Plan.Operation("watch", 10, new Plan.Request("POST", GrpcTestServer.WATCH, List.of(),
                                    "{\"sku\": \"s\", \"count\": 3}"), Plan.Check.DEFAULT)),
                    null, null, null);

            Warmup.Report r = Warmup.of(plan, LoadOptions.defaults(), Duration.ofMillis(2000));

            assertThat(r.line()).contains("gRPC responder");
            // unary and streaming calls answered with messages of their output types: the ok path, not the error path
            assertThat(r.ok()).as(r.line()).isPositive().isGreaterThanOrEqualTo(r.requests() * 9 / 10);
            assertThat(target.calls.get()).as("calls that reached the target").isZero();
            assertThat(target.reflections.get()).as("the target's reflection, asked for the descriptors").isEqualTo(1);

            try (LoadEngine engine = LoadEngine.open(plan, LoadOptions.defaults(), null)) {
                StepResult s = engine.run(LoadStep.open("run", 1, Duration.ofSeconds(1)));
                // every call of the second is accounted for, and each that succeeded was answered by the target (the
                // responder closed with the warm-up). Not "all 100 ok": on a machine loaded far past its cores (a
                // fresh-clone verify beside two other JVM workloads, load 20) 16 of 100 calls, each on a connection of
                // its own, did not succeed: the machine's limit, not the warm-up's
                long errors = s.errors().values().stream().mapToLong(Long::longValue).sum();
                assertThat(s.ok() + errors + s.dropped()).as("%s", s).isEqualTo(100);
                assertThat(s.ok()).as("%s", s).isPositive();
                assertThat((long) target.calls.get()).as("%s", s).isBetween(s.ok(), 100L);
            }
            // the run took the warm-up's answer instead of asking again
            assertThat(target.reflections.get()).isEqualTo(1);
        }
    }

    @Test
    void underC1AloneAGrpcWarmUpIsAFewHundredOkCallsThenTheCompilersDrainNoneAtTheTarget() throws Exception {
        try (GrpcTestServer target = new GrpcTestServer()) {
            Plan plan = new Plan("warm-c1", new Plan.Target(URI.create("grpc://127.0.0.1:" + target.port()), null,
                    new Plan.Grpc(null, List.of(), null, 1, "shared", null)),
                    List.of(new Plan.Operation("reserve", 100, new Plan.Request("POST", GrpcTestServer.RESERVE, List.of(),
                            "{\"sku\": \"s-${seq}\", \"quantity\": 1}"), Plan.Check.DEFAULT)),
                    null, null, null);

            Warmup.Report r = Warmup.grpc(plan, LoadOptions.defaults(), Duration.ofSeconds(10), true);

            // enough calls for C1 to queue the call path (it queues a method after about 200 runs), all answered ok
            assertThat(r.requests()).as(r.line()).isGreaterThanOrEqualTo(300);
            assertThat(r.ok()).as(r.line()).isEqualTo(r.requests());
            assertThat(target.calls.get()).as("calls that reached the target").isZero();
        }
    }

    @Test
    void warmsGrpcOnTlsWhenTheTargetIsTlsFromTheProtoAloneWithNothingAtTheTarget() throws Exception {
        // descriptors from the .proto: the warm-up needs nothing from the target, not even a listening port
        Plan plan = new Plan("warm-tls", new Plan.Target(URI.create("grpc://127.0.0.1:1"), null,
                new Plan.Grpc(java.nio.file.Path.of("src/test/resources/grpc/inventory.proto").toAbsolutePath(), List.of(),
                        null, 1, "shared", null, new Plan.Tls(null, false), null)),
                List.of(new Plan.Operation("reserve", 90, new Plan.Request("POST", GrpcTestServer.RESERVE, List.of(),
                                "{\"sku\": \"s-${seq}\"}"), Plan.Check.DEFAULT),
                        new Plan.Operation("watch", 10, new Plan.Request("POST", GrpcTestServer.WATCH, List.of(),
                                "{\"sku\": \"s\"}"), Plan.Check.DEFAULT)),
                null, null, null);

        Warmup.Report r = Warmup.of(plan, LoadOptions.defaults(), Duration.ofMillis(2000));

        assertThat(r.line()).contains("gRPC responder (TLS)");
        assertThat(r.ok()).as(r.line()).isPositive().isGreaterThanOrEqualTo(r.requests() * 9 / 10);
    }

    @Test
    void warmsRawTcpOnAResponderThatFramesItsAnswersAsThePlanExpects() throws Exception {
        try (dev.brink.load.tcp.TelemetryTestServerAccess target = new dev.brink.load.tcp.TelemetryTestServerAccess()) {
            // the plan's echo check needs the session's own sequence number, which no stand-in knows: without it,
            // every answer must pass the framing, the unescaping and the constant checks
            Plan plan = PlanReader.parse(target.plan().replace("    - {offset: 13, u16: seq}\n", ""), "telematics.yaml",
                    java.nio.file.Path.of("."), k -> null);

            Warmup.Report r = Warmup.of(plan, LoadOptions.defaults(), Duration.ofMillis(600));

            assertThat(r.line()).contains("raw-TCP responder");
            assertThat(r.ok()).as(r.line()).isPositive().isGreaterThanOrEqualTo(r.requests() * 9 / 10);
            assertThat(target.packets()).as("packets that reached the target").isZero();
        }
    }

    @Test
    void aWarmUpShorterThanOneRoundIsNone() throws Exception {
        Plan grpc = new Plan("g", new Plan.Target(URI.create("grpc://127.0.0.1:1"), null,
                new Plan.Grpc(null, List.of(), null, 1, "shared", null)),
                List.of(new Plan.Operation("call", 10, new Plan.Request("GET", "a.B/C", List.of(), "{}"), Plan.Check.DEFAULT)),
                null, null, null);
        assertThat(Warmup.of(grpc, LoadOptions.defaults(), Duration.ofMillis(100))).isNull();
    }
}
