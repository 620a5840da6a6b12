package dev.brink.load.host;

import dev.brink.load.LoadEngine;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.StepResult;
import dev.brink.load.grpc.GrpcLoadTest;
import dev.brink.load.grpc.GrpcTestServer;
import java.time.Duration;

/**
 * Child JVM of {@link PortExhaustionTest}, run inside a network namespace whose ephemeral port range is
 * narrowed: a gRPC server and Brink calling it with a new connection per call (report 004's JMeter setup).
 * Prints the step's errors, the generator's reasons and the port-exhaustion findings, one per line, for the parent to check.
 */
public final class PortExhaustionMain {
    public static void main(String[] args) throws Exception {
        double rate = Double.parseDouble(args[0]);
        int seconds = Integer.parseInt(args[1]);
        try (GrpcTestServer server = new GrpcTestServer()) {
            server.delayMs = Long.parseLong(args[2]);
            run(server, rate, seconds);
        }
        System.exit(0);
    }

    private static void run(GrpcTestServer server, double rate, int seconds) throws Exception {
        try (
             LoadEngine engine = LoadEngine.open(GrpcLoadTest.plan(server.port(), GrpcLoadTest.byProto("per-call"), rate,
                     GrpcTestServer.RESERVE, "{\"sku\": \"p\"}"), LoadOptions.defaults().withMaxConnections(1000), null)) {
            PortExhaustion watch = new PortExhaustion(true, "per-call");
            engine.addListener(watch);
            StepResult r = engine.run(LoadStep.open("ports", 1, Duration.ofSeconds(seconds)));
            for (var f : watch.findings()) {
                System.out.println("finding " + f.kind().jsonName() + " " + f.severity().jsonName() + " " + f.title());
                f.detail().forEach((k, v) -> System.out.println("detail " + k + " " + v));
            }
            System.out.println("ok " + r.ok());
            r.errors().forEach((k, v) -> System.out.println("error " + k + " " + v));
            r.generatorBoundReasons().forEach(s -> System.out.println("reason " + s));
            System.out.println("ports " + r.generator().ephemeralPortsInUse() + " of " + r.generator().ephemeralPortRange()
                    + ", TIME_WAIT " + r.generator().timeWait());
        }
    }
}
